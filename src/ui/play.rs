//! What the window shows of a game beyond the game itself: the selected cell, pencil mode, view
//! preferences, the staged hint and the solver animation. Input handlers change this state and
//! the board redraws from it; it touches no widget, so it is tested without a display.

use super::colouring::colour_name;
use crate::engine::backtrack::{Backtracker, SearchEvent};
use crate::engine::game::{Action, Game, Outcome, Refusal};
use crate::engine::grid::{cell_name, Candidates, Cell, Digit, CELLS, HOUSES};
use crate::engine::logic::explanation::{houses_text, Language};
use crate::engine::logic::{Hint, Level, Role, Step, Technique};
use crate::i18n::{fill, gettext};

/// How the board is shown (from Preferences).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    pub show_conflicts: bool,
    pub mark_wrong: bool,
    pub highlight_region: bool,
    pub highlight_same: bool,
    /// Row and column numbers along the board.
    pub coordinates: bool,
    /// The time played, beside the level (the clock runs either way).
    pub show_clock: bool,
    /// Solver animation speed, in search steps per second.
    pub steps_per_second: u32,
    /// Digit first: the highlighted digit is in hand, and a click on a cell places it (see
    /// [`Play::digit_in_hand`]).
    pub digit_first: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            show_conflicts: true,
            mark_wrong: true,
            highlight_region: true,
            highlight_same: true,
            coordinates: true,
            show_clock: true,
            steps_per_second: 60,
            digit_first: false,
        }
    }
}

/// What pressing Hint did: said something, or asked for a hint to be found (for this position,
/// with this solution), which the window does off its main thread.
pub enum HintProgress {
    Said(String),
    /// Said something of a step of this technique (its name links to the help).
    Told(String, crate::engine::logic::Technique),
    Find(Box<HintRequest>),
}

/// The position to find a hint for, its solution, and whether the hint may rest on uniqueness.
pub type HintRequest = (
    crate::engine::grid::Position,
    [crate::engine::grid::Digit; crate::engine::grid::CELLS],
    crate::engine::logic::hint::Uniqueness,
);

/// A hint being shown: stage 1 names the technique and area, stage 2 highlights the pattern,
/// and the next request applies it.
pub struct HintView {
    pub step: Step,
    pub stage: u8,
    /// Cells tinted at stage 1: the houses the step is based on, or its cells (without the proof).
    pub area: Vec<Cell>,
}

impl HintView {
    fn new(step: Step) -> HintView {
        let mut area: Vec<Cell> = step.base_houses().into_iter().flat_map(|h| HOUSES[h]).collect();
        if area.is_empty() {
            area = step.highlights.candidates.iter().map(|c| c.cell).collect();
            // The cells that prove it (a single's ruling digits) wait for stage 2.
            area.extend(
                step.highlights
                    .cells
                    .iter()
                    .filter(|c| c.role != Role::Pattern)
                    .map(|c| c.cell),
            );
        }
        area.sort_unstable();
        area.dedup();
        HintView { step, stage: 1, area }
    }

    /// A step shown whole, as a hint's second stage shows it (a step list's board).
    pub fn whole(step: Step) -> HintView {
        HintView {
            stage: 2,
            ..HintView::new(step)
        }
    }

    /// The role of a pencil mark in the hinted pattern, once the pattern is shown.
    pub fn role_of(&self, cell: Cell, digit: Digit) -> Option<Role> {
        if self.stage < 2 {
            return None;
        }
        let marks = &self.step.highlights.candidates;
        let find = |role: Role| {
            marks
                .iter()
                .any(|m| m.cell == cell && m.digit == digit && m.role == role)
        };
        [
            Role::Target,
            Role::Pattern,
            Role::Fin,
            Role::Alternate,
            Role::SecondPattern,
            Role::SecondAlternate,
        ]
        .into_iter()
        .find(|&r| find(r))
    }
}

/// A hint that points at the player's own slip (a wrong digit, a solution mark taken out, a
/// mark a placed digit rules out) puts it right when asked again, as a step's hint applies the
/// step at its last stage, and costs no further hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SlipFix {
    /// Take the wrong digit out of the cell.
    ClearDigit(Cell, Digit),
    /// Put the solution's pencil mark back.
    AddMark(Cell, Digit),
    /// Take out the mark of a digit placed in the cell's row, column or box.
    RemoveMark(Cell, Digit),
}

impl SlipFix {
    /// The fix a hint calls for, if it points at a slip.
    fn of(hint: &Hint) -> Option<SlipFix> {
        match *hint {
            Hint::WrongEntry { cell, entered } => Some(SlipFix::ClearDigit(cell, entered)),
            Hint::MissingCandidate { cell, digit } => Some(SlipFix::AddMark(cell, digit)),
            Hint::RuledOutMark { cell, digit, .. } => Some(SlipFix::RemoveMark(cell, digit)),
            _ => None,
        }
    }

    /// Whether the slip is still on the board as the hint found it.
    fn still_there(self, game: &Game) -> bool {
        match self {
            SlipFix::ClearDigit(cell, digit) => game.value(cell) == digit,
            SlipFix::AddMark(cell, digit) => game.value(cell) == 0 && !game.marks(cell).contains(digit),
            SlipFix::RemoveMark(cell, digit) => game.value(cell) == 0 && game.marks(cell).contains(digit),
        }
    }

    fn action(self) -> Action {
        match self {
            SlipFix::ClearDigit(cell, _) => Action::Clear { cell },
            SlipFix::AddMark(cell, digit) | SlipFix::RemoveMark(cell, digit) => Action::ToggleMark { cell, digit },
        }
    }

    /// What is said once it is put right.
    fn done(self) -> String {
        let (template, cell, digit) = match self {
            SlipFix::ClearDigit(cell, digit) => (gettext("Took the wrong {digit} out of {cell}."), cell, digit),
            SlipFix::AddMark(cell, digit) => (gettext("Put the pencil mark {digit} back in {cell}."), cell, digit),
            SlipFix::RemoveMark(cell, digit) => (gettext("Took the pencil mark {digit} out of {cell}."), cell, digit),
        };
        fill(&template, &[("cell", &cell_name(cell)), ("digit", &digit)])
    }
}

/// The animated backtracking search shown by Solve.
pub struct Animation {
    pub search: Backtracker,
    /// The cell being considered, and whether the search is backing out of it.
    pub focus: Option<(Cell, bool)>,
}

pub struct Play {
    pub game: Game,
    pub level: Level,
    pub selected: Option<Cell>,
    pub pencil: bool,
    pub prefs: Prefs,
    pub hint: Option<HintView>,
    /// What the last hint, pointing at a slip, puts right when asked again; dropped with the
    /// hint ([`Play::drop_hint`]).
    slip: Option<SlipFix>,
    pub animation: Option<Animation>,
    pub paused: bool,
    /// Cells whose digit a hint placed (marked on the board while the digit stays).
    pub hinted: [bool; CELLS],
    /// Digits a hint said are wrong, by cell (0: none): marked on the board while they stay,
    /// whether or not wrong digits are marked in general.
    pub told_wrong: [Digit; CELLS],
    /// The mark a hint called ruled out (cell, digit) and the cell holding that digit; read it
    /// through [`Play::told_ruled_out`], which drops it once either has gone.
    told_ruled_out: Option<(Cell, Digit, Cell)>,
    /// A script's step shown before it is applied.
    pub script_step: Option<ScriptView>,
    /// Strict mode: the wrong digit just refused, flashed red in its cell for a moment.
    pub strike_flash: Option<(Cell, Digit)>,
    /// The digit the player asked to see everywhere (Alt+digit, or the digit pad):
    /// its cells and the cells whose pencil marks hold it stand out, wherever the selection is,
    /// as HoDoKu's filter shows a digit; or [`BIVALUE`] (Alt+0), the cells with two pencil
    /// marks, as HoDoKu's bivalue filter shows them. A view only: nothing of the game changes.
    pub highlighted_digit: Option<Digit>,
    /// The colour in hand (1 to [`COLOURS`](crate::engine::game::COLOURS)) while the player colours cells and pencil marks
    /// (C, or Board → Colour): clicks and digits colour rather than enter; 0 when not colouring.
    pub colouring: u8,
    /// The practice this game began with (Practise a Technique…), until a step of its technique
    /// is done on the board.
    pub practice: Option<crate::engine::practice::Goal>,
    /// The practice once its step is done: Reset, back at the position, asks for it again.
    pub practice_done: Option<crate::engine::practice::Goal>,
}

/// What [`Play::highlighted_digit`] holds for the cells with exactly two pencil marks, where
/// XY-Wings and XY-Chains are found by eye.
pub const BIVALUE: Digit = 10;

/// A script's step on the board: its highlighted cells tinted, what it places in green and what
/// it eliminates in red.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScriptView {
    pub name: String,
    pub cells: Vec<Cell>,
    pub placements: Vec<(Cell, Digit)>,
    pub eliminations: Vec<(Cell, Digit)>,
}

/// What a solver animation tick did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    Running,
    Solved,
    Failed,
}

impl Play {
    pub fn new(game: Game, level: Level, prefs: Prefs) -> Play {
        Play {
            game,
            level,
            selected: Some(40),
            pencil: false,
            prefs,
            hint: None,
            slip: None,
            animation: None,
            paused: false,
            hinted: [false; CELLS],
            told_wrong: [0; CELLS],
            told_ruled_out: None,
            script_step: None,
            strike_flash: None,
            highlighted_digit: None,
            colouring: 0,
            practice: None,
            practice_done: None,
        }
    }

    pub fn solution_shown(&self) -> bool {
        self.game.solution_shown()
    }

    /// The digit that stands out on the board: the one the player highlighted, else the selected
    /// cell's (with Highlight Equal Digits on; while the bivalue cells are highlighted too).
    pub fn emphasised_digit(&self) -> Option<Digit> {
        let shown = self.shown_values();
        self.highlighted_digit.filter(|&d| d != BIVALUE).or_else(|| {
            // Strict mode's refused digit counts as its cell's while it flashes, so the digits
            // it clashes with stand out with it.
            self.selected
                .map(|cell| match self.strike_flash {
                    Some((flashed, digit)) if flashed == cell => digit,
                    _ => shown[cell],
                })
                .filter(|&d| d != 0 && self.prefs.highlight_same)
        })
    }

    /// The digits on screen: the animation's, the solution when shown, else the game's.
    pub fn shown_values(&self) -> [Digit; CELLS] {
        if let Some(animation) = &self.animation {
            *animation.search.grid()
        } else if self.solution_shown() {
            *self.game.solution()
        } else {
            *self.game.values()
        }
    }

    /// What a screen reader says of the selected cell: "Row 5, column 5: empty, candidates 2,
    /// 4, 7", "Row 1, column 2: 4, given", "Row 3, column 1: 6, a mistake" (wrong digits are
    /// told only where the board shows them in red).
    pub fn describe_selected(&self) -> String {
        let Some(cell) = self.selected else {
            return String::new();
        };
        let (row, column) = (cell / 9 + 1, cell % 9 + 1);
        let digit = self.shown_values()[cell];
        let game = &self.game;
        let what = if digit == 0 {
            let listed = |digits: Candidates| digits.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
            let (marks, ruled_out) = (game.marks(cell), self.ruled_out_marks(cell));
            if marks.is_empty() {
                gettext("empty")
            } else if ruled_out.is_empty() {
                fill(&gettext("empty, candidates {marks}"), &[("marks", &listed(marks))])
            } else {
                fill(
                    &gettext("empty, candidates {marks}; ruled out by a digit in its row, column or box: {ruled_out}"),
                    &[("marks", &listed(marks)), ("ruled_out", &listed(ruled_out))],
                )
            }
        } else if game.is_given(cell) {
            fill(&gettext("{digit}, given"), &[("digit", &digit)])
        } else if (self.prefs.mark_wrong || self.is_told_wrong(cell))
            && !self.solution_shown()
            && game.solution()[cell] != digit
        {
            fill(&gettext("{digit}, a mistake"), &[("digit", &digit)])
        } else {
            digit.to_string()
        };
        let described = fill(
            &gettext("Row {row}, column {column}: {what}"),
            &[("row", &row), ("column", &column), ("what", &what)],
        );
        format!("{described}{}", self.describe_colours(cell))
    }

    /// The colours the player gave a cell, as `describe_selected` ends: "; coloured green; mark 2
    /// yellow, mark 7 blue" (nothing for a cell without).
    fn describe_colours(&self, cell: Cell) -> String {
        let paint = self.game.paint(cell);
        let empty = self.shown_values()[cell] == 0;
        let mut told = String::new();
        if paint.cell() != 0 {
            told += &fill(
                &gettext("; coloured {colour}"),
                &[("colour", &colour_name(paint.cell()))],
            );
        }
        let marks: Vec<String> = self
            .game
            .marks(cell)
            .iter()
            .filter(|&d| empty && paint.candidate(d) != 0)
            .map(|d| {
                fill(
                    &gettext("mark {digit} {colour}"),
                    &[("digit", &d), ("colour", &colour_name(paint.candidate(d)))],
                )
            })
            .collect();
        if !marks.is_empty() {
            told += &format!("; {}", marks.join(", "));
        }
        told
    }

    /// Moves the selection by rows and columns, wrapping at the edges.
    pub fn move_selection(&mut self, rows: i32, cols: i32) {
        let cell = self.selected.unwrap_or(40) as i32;
        let (row, col) = ((cell / 9 + rows).rem_euclid(9), (cell % 9 + cols).rem_euclid(9));
        self.selected = Some((row * 9 + col) as Cell);
    }

    /// Moves to the next (or previous) empty cell in reading order, wrapping around; to the
    /// next cell when none is empty.
    pub fn step_selection(&mut self, forward: bool) {
        let cell = self.selected.unwrap_or(0) as i32;
        let at = |i: i32| (cell + if forward { i } else { -i }).rem_euclid(CELLS as i32) as Cell;
        let empty = (1..CELLS as i32).map(at).find(|&c| self.game.value(c) == 0);
        self.selected = Some(empty.unwrap_or(at(1)));
    }

    /// Moves to the nearest empty cell that way along the row or column (one of `rows` and
    /// `cols` is ±1), wrapping at the edge; stays when the line has no other.
    pub fn jump_selection(&mut self, rows: i32, cols: i32) {
        let cell = self.selected.unwrap_or(40) as i32;
        let (row, col) = (cell / 9, cell % 9);
        let at = |i: i32| ((row + i * rows).rem_euclid(9) * 9 + (col + i * cols).rem_euclid(9)) as Cell;
        if let Some(empty) = (1..9).map(at).find(|&c| self.game.value(c) == 0) {
            self.selected = Some(empty);
        }
    }

    /// Applies an action, dropping any hint in progress (the position it explained has changed).
    pub fn act(&mut self, action: Action) -> Result<Outcome, Refusal> {
        self.not_solving()?;
        // Colours leave the position as it was, so a hint on show stays.
        let colours = matches!(action, Action::Colour { .. } | Action::ClearColours);
        let outcome = self.game.apply(action)?;
        if outcome.changed && !colours {
            self.drop_hint();
        }
        Ok(outcome)
    }

    /// Sets the checkpoint at the board as it is (refused as an action is).
    pub fn set_checkpoint(&mut self) -> Result<(), Refusal> {
        self.not_solving()?;
        self.game.set_checkpoint()
    }

    /// Undoes moves back to the last board whose digits all agree with the solution (see
    /// [`Game::undo_to_last_correct`]); the hint in progress goes, as with any undo.
    pub fn undo_to_last_correct(&mut self) -> Result<Option<usize>, Refusal> {
        self.not_solving()?;
        self.drop_hint();
        self.game.undo_to_last_correct()
    }

    /// While Solve runs the board shows its search, not the game: the game takes nothing.
    fn not_solving(&self) -> Result<(), Refusal> {
        match self.animation {
            Some(_) => Err(Refusal::SolutionShown),
            None => Ok(()),
        }
    }

    /// Drops the hint in progress, and what a slip's hint would put right: the position they
    /// were found for is changing.
    pub fn drop_hint(&mut self) {
        self.hint = None;
        self.slip = None;
    }

    /// Whether pressing Hint goes on with a hint already given (its next stage, or putting a
    /// slip right), which needs none of the allowance.
    pub fn hint_goes_on(&self) -> bool {
        self.hint.is_some() || self.slip.is_some_and(|slip| slip.still_there(&self.game))
    }

    /// Whether something was done in the game and it is not over: starting another game would
    /// set it aside (paused in the history) rather than lose nothing.
    pub fn is_under_way(&self) -> bool {
        self.game.status() == crate::engine::game::Status::Playing && !self.game.journal().is_empty()
    }

    /// Whether a hint's or a script step's explanation is on show (a highlight or a colour
    /// leaves it there).
    pub fn is_explaining(&self) -> bool {
        self.hint.is_some() || self.script_step.is_some()
    }

    /// A digit key: enters it, or toggles the pencil mark in pencil mode (or when `mark` is set),
    /// or colours that pencil mark of the selected cell while colouring.
    pub fn press_digit(&mut self, digit: Digit, mark: bool) -> Result<Outcome, Refusal> {
        let Some(cell) = self.selected else {
            return Ok(Outcome::default());
        };
        if self.colouring != 0 && !mark {
            self.colour_selected(digit)
        } else if mark || self.pencil {
            self.act(Action::ToggleMark { cell, digit })
        } else {
            self.act(Action::Enter { cell, digit })
        }
    }

    /// The digit in hand while playing digit first: the highlighted digit (not the two-mark
    /// cells), which a click on a cell places ([`Play::place_in_hand`]).
    pub fn digit_in_hand(&self) -> Option<Digit> {
        self.highlighted_digit
            .filter(|d| self.prefs.digit_first && (1..=9).contains(d))
    }

    /// A click on the selected cell with the digit in hand: the digit placed (replacing the
    /// player's own), its pencil mark toggled in pencil mode, or taken out where the cell holds it
    /// already. None where the click only selects: no digit in hand, a given, or a filled cell
    /// in pencil mode.
    pub fn place_in_hand(&mut self) -> Option<Result<Outcome, Refusal>> {
        let digit = self.digit_in_hand()?;
        let cell = self.selected?;
        if self.game.is_given(cell) {
            return None;
        }
        let value = self.game.value(cell);
        Some(match (self.pencil, value) {
            (true, 0) => self.act(Action::ToggleMark { cell, digit }),
            (true, _) => return None,
            (false, v) if v == digit => self.act(Action::Clear { cell }),
            (false, _) => self.act(Action::Enter { cell, digit }),
        })
    }

    /// Colours the selected cell's pencil mark `digit` (the cell itself for 0) with the colour
    /// in hand, or takes that colour away again.
    pub fn colour_selected(&mut self, digit: Digit) -> Result<Outcome, Refusal> {
        match self.selected {
            Some(cell) if self.colouring != 0 => self.act(Action::Colour {
                cell,
                digit,
                colour: self.colouring,
            }),
            _ => Ok(Outcome::default()),
        }
    }

    pub fn clear_selected(&mut self) -> Result<Outcome, Refusal> {
        let Some(cell) = self.selected else {
            return Ok(Outcome::default());
        };
        self.act(Action::Clear { cell })
    }

    /// Whether this game's hints may rest on uniqueness: as the player chose, except in a practice
    /// of such a technique (a unique rectangle, say), whose hints must be free to show it.
    fn hint_uniqueness(&self) -> crate::engine::logic::hint::Uniqueness {
        let practised = self.practice.as_ref().or(self.practice_done.as_ref());
        match practised.is_some_and(|goal| goal.technique.rests_on_uniqueness()) {
            true => crate::engine::logic::hint::Uniqueness::Used,
            false => self.game.rules.hint_uniqueness,
        }
    }

    /// Advances the hint: a new hint (counted against the allowance), then the pattern, then the
    /// step applied; a hint pointing at a slip puts it right when asked again. Returns the message
    /// to show.
    pub fn advance_hint(&mut self) -> HintProgress {
        // (Putting the slip right changes the position, which drops it.)
        if let Some(slip) = self.slip.filter(|slip| slip.still_there(&self.game)) {
            return HintProgress::Said(match self.act(slip.action()) {
                Ok(_) => slip.done(),
                Err(_) => gettext("The hint can't be applied now."),
            });
        }
        if let Some(hint) = &mut self.hint {
            if hint.stage == 1 {
                hint.stage = 2;
                return HintProgress::Told(titled_explanation(&hint.step), hint.step.technique);
            }
            let step = hint.step.clone();
            self.hint = None;
            return match self.act(Action::ApplyStep(step.clone())) {
                Ok(_) => {
                    for placement in &step.placements {
                        self.hinted[placement.cell] = true;
                    }
                    let said = fill(
                        &gettext("Applied: {technique}"),
                        &[("technique", &super::names::technique_name(step.technique))],
                    );
                    HintProgress::Told(said, step.technique)
                }
                Err(_) => HintProgress::Said(gettext("The hint can't be applied now.")),
            };
        }
        if self.animation.is_some() || self.game.solution_shown() || self.paused {
            return HintProgress::Said(gettext("Hints are not available right now."));
        }
        match self.game.hint_request() {
            None => HintProgress::Said(gettext("No hints left in this game.")),
            Some((position, solution)) => HintProgress::Find(Box::new((position, solution, self.hint_uniqueness()))),
        }
    }

    /// Shows a hint found for the current position (stage 1); returns what to say.
    pub fn receive_hint(&mut self, hint: Hint) -> String {
        self.slip = SlipFix::of(&hint);
        match hint {
            Hint::Step(step) => {
                let message = hint_summary(&step);
                self.hint = Some(HintView::new(step));
                message
            }
            Hint::WrongEntry { cell, entered } => {
                self.selected = Some(cell);
                self.told_wrong[cell] = entered;
                fill(
                    &gettext("{cell} is wrong: it is not {digit}."),
                    &[("cell", &cell_name(cell)), ("digit", &entered)],
                )
            }
            Hint::MissingCandidate { cell, digit } => {
                self.selected = Some(cell);
                fill(
                    &gettext("{cell} needs the pencil mark {digit} back."),
                    &[("cell", &cell_name(cell)), ("digit", &digit)],
                )
            }
            Hint::RuledOutMark { cell, digit, by, house } => {
                self.selected = Some(cell);
                self.told_ruled_out = Some((cell, digit, by));
                fill(
                    &gettext("{cell} still has the pencil mark {digit}, but {digit} is already in {house}, at {by}."),
                    &[
                        ("cell", &cell_name(cell)),
                        ("digit", &digit),
                        ("house", &house_label(house)),
                        ("by", &cell_name(by)),
                    ],
                )
            }
            Hint::Reveal { cell, digit } => fill(
                &gettext("No technique Nonet knows applies here; {cell} is {digit}."),
                &[("cell", &cell_name(cell)), ("digit", &digit)],
            ),
            Hint::Solved => gettext("The puzzle is solved."),
            Hint::NoUniqueSolution => gettext("This puzzle does not have exactly one solution."),
        }
    }

    /// A cell's pencil marks shown as ruled out, in red: those a digit in its row, column or
    /// box rules out, while conflicts are shown, and the one a hint called ruled out in any case
    /// (not over the solution, nor while a hint shows its pattern in its own red and green).
    pub fn ruled_out_marks(&self, cell: Cell) -> Candidates {
        let hint_pattern = self.hint.as_ref().is_some_and(|h| h.stage >= 2);
        if self.solution_shown() || hint_pattern {
            return Candidates::NONE;
        }
        if self.prefs.show_conflicts {
            return self.game.ruled_out_marks(cell);
        }
        match self.told_ruled_out() {
            Some((told, digit, _)) if told == cell => Candidates::single(digit),
            _ => Candidates::NONE,
        }
    }

    /// The mark a hint called ruled out and the cell holding its digit, while both are still
    /// there (shown on the board until then).
    pub fn told_ruled_out(&self) -> Option<(Cell, Digit, Cell)> {
        self.told_ruled_out
            .filter(|&(cell, digit, by)| self.game.marks(cell).contains(digit) && self.game.value(by) == digit)
    }

    /// Whether a hint said the digit in this cell is wrong (and it is still there).
    pub fn is_told_wrong(&self, cell: Cell) -> bool {
        self.told_wrong[cell] != 0 && self.game.value(cell) == self.told_wrong[cell]
    }

    /// Starts the animated Solve from the current grid with wrong entries removed.
    pub fn start_animation(&mut self) {
        self.drop_hint();
        self.game.set_solution_shown(false);
        let mut start = *self.game.values();
        for (cell, value) in start.iter_mut().enumerate() {
            if *value != self.game.solution()[cell] {
                *value = 0;
            }
        }
        self.animation = Some(Animation {
            search: Backtracker::new(start),
            focus: None,
        });
    }

    pub fn stop_animation(&mut self) {
        self.animation = None;
    }

    /// Runs `steps` search steps of the animation.
    pub fn tick(&mut self, steps: u32, now_ms: u64) -> Tick {
        let Some(animation) = &mut self.animation else {
            return Tick::Failed;
        };
        for _ in 0..steps {
            match animation.search.step() {
                SearchEvent::Try { cell, .. } => animation.focus = Some((cell, false)),
                SearchEvent::Backtrack { cell } => animation.focus = Some((cell, true)),
                SearchEvent::Solved => {
                    self.animation = None;
                    self.game.finish_by_computer(now_ms);
                    return Tick::Solved;
                }
                SearchEvent::Exhausted => {
                    self.animation = None;
                    return Tick::Failed;
                }
            }
        }
        Tick::Running
    }
}

/// A row, column or box by its number, in the user's language: "row 3", "box 5".
pub fn house_label(house: usize) -> String {
    match house {
        0..=8 => fill(&gettext("row {n}"), &[("n", &(house + 1))]),
        9..=17 => fill(&gettext("column {n}"), &[("n", &(house - 8))]),
        _ => fill(&gettext("box {n}"), &[("n", &(house - 17))]),
    }
}

/// Where a step's pattern lies, in the user's language: its base houses, "row 3", "rows 2 and 7"
/// (houses of one kind) or "row 2 and box 5"; `None` for a step without any (chains, sets, nets).
pub fn step_area(step: &Step) -> Option<String> {
    houses_text(&step.base_houses(), &UserLanguage)
}

/// A step's title in a list of steps: its technique, and where its pattern lies when it lies in
/// houses ("Hidden Pair in row 3", "X-Wing in columns 2 and 7"), so that two steps of one technique
/// with the same outcome (a hidden pair of a row and of a box) read apart.
pub fn step_title(step: &Step) -> String {
    let name = super::names::technique_name(step.technique);
    match step_area(step) {
        Some(area) => fill(
            &gettext("{technique} in {area}"),
            &[("technique", &name), ("area", &area)],
        ),
        None => name,
    }
}

/// Where to look, for the first stage of a hint: "Look at box 5: a naked pair", "Look at rows
/// 2, 7: an x-wing" (the engine's `Step::summary` in English, here through gettext).
pub fn hint_summary(step: &Step) -> String {
    let name = super::names::technique_name(step.technique);
    // English names go lower case after an article; a translation keeps its own case, also for
    // the names it shares with English (X-Wing, Sue de Coq).
    let english = gettext("Look for a {technique}") == "Look for a {technique}";
    let (name, an) = if english {
        (
            name.to_lowercase(),
            matches!(name.chars().next(), Some('A' | 'E' | 'I' | 'O' | 'U' | 'X')),
        )
    } else {
        (name, false)
    };
    let area = step_area(step)
        .or_else(|| step.highlights.cells.first().map(|c| cell_name(c.cell)))
        .or_else(|| step.placements.first().map(|p| cell_name(p.cell)));
    let template = match (area.is_some(), an) {
        (true, false) => gettext("Look at {area}: a {technique}"),
        (true, true) => gettext("Look at {area}: an {technique}"),
        (false, false) => gettext("Look for a {technique}"),
        (false, true) => gettext("Look for an {technique}"),
    };
    fill(&template, &[("area", &area.unwrap_or_default()), ("technique", &name)])
}

/// Explanations in the user's language: the engine's templates through gettext, houses and
/// techniques named as the rest of the UI names them.
pub struct UserLanguage;

impl Language for UserLanguage {
    fn phrase(&self, english: &'static str) -> String {
        gettext(english)
    }

    fn house(&self, house: usize) -> String {
        house_label(house)
    }

    fn technique(&self, technique: Technique) -> String {
        super::names::technique_name(technique)
    }
}

/// The second stage of a hint: the technique's name and the step's explanation, in the user's
/// language (a step the engine explained only in English keeps its English text).
pub fn titled_explanation(step: &Step) -> String {
    let name = super::names::technique_name(step.technique);
    let titled = step.explanation.starts_with(step.name);
    match &step.text {
        Some(text) if titled => text.render(&UserLanguage),
        Some(text) => fill(
            &gettext("{technique}: {explanation}"),
            &[("technique", &name), ("explanation", &text.render(&UserLanguage))],
        ),
        None => match step.explanation.strip_prefix(step.name) {
            Some(rest) => format!("{name}{rest}"),
            None => format!("{name}: {}", step.explanation),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::{Rules, Status};
    use crate::engine::solver::{solve, Solutions};

    fn play() -> Play {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let givens = *crate::engine::format::parse_line(line).unwrap().values();
        let Solutions::Unique(solution) = solve(&givens) else {
            panic!("unique")
        };
        Play::new(
            Game::new(givens, solution, Rules::default()),
            Level::Easy,
            Prefs::default(),
        )
    }

    #[test]
    fn the_selected_cell_is_described_for_screen_readers() {
        let mut play = play();
        play.selected = Some(1);
        assert_eq!(play.describe_selected(), "Row 1, column 2: 3, given");
        play.selected = Some(2);
        assert_eq!(play.describe_selected(), "Row 1, column 3: empty");
        play.press_digit(2, true).unwrap();
        play.press_digit(7, true).unwrap();
        // 7 is given in r1c5: the mark is told as ruled out, while conflicts are shown.
        assert_eq!(
            play.describe_selected(),
            "Row 1, column 3: empty, candidates 2, 7; ruled out by a digit in its row, column or box: 7"
        );
        play.prefs.show_conflicts = false;
        assert_eq!(play.describe_selected(), "Row 1, column 3: empty, candidates 2, 7");
        play.press_digit(4, false).unwrap();
        assert_eq!(play.describe_selected(), "Row 1, column 3: 4");
        play.selected = Some(3);
        play.press_digit(2, false).unwrap();
        // The puzzle's solution has 6 there.
        assert_eq!(play.describe_selected(), "Row 1, column 4: 2, a mistake");
        // Colours are told after the rest.
        play.selected = Some(5);
        play.press_digit(2, true).unwrap();
        play.press_digit(4, true).unwrap();
        play.colouring = 3;
        play.colour_selected(4).unwrap();
        play.colour_selected(0).unwrap();
        play.colouring = 1;
        play.colour_selected(2).unwrap();
        assert_eq!(
            play.describe_selected(),
            "Row 1, column 6: empty, candidates 2, 4; coloured blue; mark 2 yellow, mark 4 blue"
        );
    }

    #[test]
    fn the_digit_in_hand_goes_where_clicked() {
        let mut play = play();
        play.selected = Some(2); // r1c3, empty; 4 in the solution
        play.highlighted_digit = Some(4);
        // Not playing digit first, a highlighted digit is only seen.
        assert_eq!(play.digit_in_hand(), None);
        assert!(play.place_in_hand().is_none());
        play.prefs.digit_first = true;
        play.highlighted_digit = Some(BIVALUE);
        assert_eq!(play.digit_in_hand(), None);
        play.highlighted_digit = Some(4);
        assert_eq!(play.digit_in_hand(), Some(4));
        play.place_in_hand().unwrap().unwrap();
        assert_eq!(play.game.value(2), 4);
        // On its own digit, the click takes it out.
        play.place_in_hand().unwrap().unwrap();
        assert_eq!(play.game.value(2), 0);
        // Another digit of the player's is replaced (r1c4 is 6 in the solution: 4 a mistake).
        play.selected = Some(3);
        play.place_in_hand().unwrap().unwrap();
        assert_eq!((play.game.value(3), play.game.mistakes()), (4, 1));
        play.highlighted_digit = Some(6);
        play.place_in_hand().unwrap().unwrap();
        assert_eq!(play.game.value(3), 6);
        // A given only takes the selection.
        play.selected = Some(0);
        assert!(play.place_in_hand().is_none());
        assert_eq!(play.game.value(0), 5);
        // In pencil mode the mark is toggled in an empty cell, and a filled cell is left be.
        play.pencil = true;
        play.selected = Some(2);
        play.place_in_hand().unwrap().unwrap();
        assert!(play.game.marks(2).contains(6));
        play.place_in_hand().unwrap().unwrap();
        assert!(!play.game.marks(2).contains(6));
        play.selected = Some(3);
        assert!(play.place_in_hand().is_none());
        assert_eq!(play.game.value(3), 6);
    }

    #[test]
    fn a_refused_digit_flashing_emphasises_its_equals() {
        let mut play = play();
        play.selected = Some(2);
        assert_eq!(play.emphasised_digit(), None);
        // 5 is given in r1c1: refused in r1c3, it flashes there, and the 5s stand out with it.
        play.strike_flash = Some((2, 5));
        assert_eq!(play.emphasised_digit(), Some(5));
        play.selected = Some(3);
        assert_eq!(play.emphasised_digit(), None, "only in the flashing cell");
        play.selected = Some(1);
        assert_eq!(play.emphasised_digit(), Some(3), "a given's own digit");
    }

    /// The UI renders hints through gettext; untranslated, it says what the engine says, for
    /// every step of hard puzzles' paths (all kinds of techniques and areas). Every step carries
    /// its explanation as data, and every template it uses is in the catalogue template, so
    /// translators see it.
    #[test]
    fn untranslated_hint_texts_are_the_engines() {
        let read = |name: &str| {
            std::fs::read_to_string(format!("{}/../shared/datasets/{name}", env!("CARGO_MANIFEST_DIR")))
                .expect("the shared puzzle sets")
        };
        let (top95, hardest) = (read("top95.txt"), read("forum-hardest-1106.txt"));
        let puzzles = |text: &str, n| -> Vec<String> {
            text.lines()
                .filter(|l| l.len() >= 81 && !l.starts_with('#'))
                .take(n)
                .map(str::to_string)
                .collect()
        };
        // The .pot with its wrapped lines joined, to look msgids up whole.
        let pot = include_str!("../../po/nonet.pot").replace("\"\n\"", "");
        let mut seen = std::collections::BTreeSet::new();
        for line in puzzles(&top95, 30).into_iter().chain(puzzles(&hardest, 4)) {
            let position = crate::engine::format::parse_line(&line).unwrap();
            for step in crate::engine::logic::logical_solve(&position).steps {
                assert_eq!(hint_summary(&step), step.summary());
                assert_eq!(titled_explanation(&step), step.titled_explanation());
                let text = step.text.as_ref().expect("the explanation as data");
                for phrase in text.phrases() {
                    let escaped = phrase.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
                    let id = format!("msgid \"{escaped}\"\n");
                    assert!(pot.contains(&id), "{phrase:?} ({}) is not in po/nonet.pot", step.name);
                }
                seen.insert(step.technique);
            }
        }
        assert!(seen.len() > 25, "only {} techniques met", seen.len());
    }

    /// A step list's titles (and a hint's first stage) name where a pattern lies, checked on published examples (HoDoKu's,
    /// as the technique tests read them) against the houses worked out here from the position:
    /// the X-Wing's two columns holding its digit only in the rows it clears, the one house a
    /// hidden pair's cells share; a chain has no houses to name.
    #[test]
    fn listed_steps_are_titled_with_their_houses() {
        use crate::engine::logic::{find_all, Board};
        let example = |name: &str| {
            let path = format!("{}/tests/techniques/{name}.json", env!("CARGO_MANIFEST_DIR"));
            let all: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            crate::engine::format::parse(&all[0]["position"].to_string()).unwrap()
        };
        // HoDoKu's X-Wing on 1 clearing rows 2 and 5.
        let position = example("x-wing");
        let board = Board::from_position(&position);
        let columns: Vec<String> = (0..9)
            .filter(|&c| {
                let rows: Vec<usize> = (0..9).filter(|&r| board.has(r * 9 + c, 1)).collect();
                rows == [1, 4]
            })
            .map(|c| (c + 1).to_string())
            .collect();
        assert_eq!(columns.len(), 2, "{columns:?}");
        let steps = find_all(&position, Technique::XWing);
        let step = steps
            .iter()
            .find(|s| s.eliminations.iter().any(|e| e.cell == 9 + 3 && e.digit == 1))
            .expect("HoDoKu's X-Wing");
        assert_eq!(step_title(step), format!("X-Wing in columns {}", columns.join(" and ")));
        // A hint's first stage points at both columns too, as the board shades them.
        assert_eq!(
            hint_summary(step),
            format!("Look at columns {}: an x-wing", columns.join(" and "))
        );
        assert_eq!(step.summary(), hint_summary(step));
        // HoDoKu's hidden pair clearing r1c1 and r1c5: row 1 is the one house of both cells.
        let steps = find_all(&example("hidden-pair"), Technique::HiddenPair);
        let step = steps
            .iter()
            .find(|s| s.eliminations.iter().any(|e| e.cell == 4 && e.digit == 5))
            .expect("HoDoKu's hidden pair");
        assert_eq!(step_title(step), "Hidden Pair in row 1");
        let steps = find_all(&example("aic"), Technique::Aic);
        assert!(!steps.is_empty());
        assert!(steps.iter().all(|s| step_title(s) == "AIC"));
    }

    #[test]
    fn the_selection_moves_and_wraps() {
        let mut play = play();
        play.selected = Some(0);
        play.move_selection(0, -1);
        assert_eq!(play.selected, Some(8));
        play.move_selection(-1, 0);
        assert_eq!(play.selected, Some(80));
        // Tab: the next empty cell (r1c1 and r1c2 are given), around the end.
        play.step_selection(true);
        assert_eq!(play.selected, Some(2));
        play.step_selection(false);
        assert_eq!(play.selected, Some(78), "r9c7, past the givens r9c8 and r9c9");
        // Ctrl+arrows: the nearest empty cell that way, around the edge of the line.
        play.selected = Some(2);
        play.jump_selection(0, 1);
        assert_eq!(play.selected, Some(3), "r1c4");
        play.jump_selection(0, 1);
        assert_eq!(play.selected, Some(5), "r1c6, past the given r1c5");
        play.selected = Some(2);
        play.jump_selection(0, -1);
        assert_eq!(
            play.selected,
            Some(8),
            "r1c9, around the edge past the givens r1c1, r1c2"
        );
        play.selected = Some(2);
        play.jump_selection(1, 0);
        assert_eq!(play.selected, Some(11), "r2c3");
        play.jump_selection(1, 0);
        assert_eq!(play.selected, Some(29), "r4c3, past the given r3c3");
        // A full line: the selection stays.
        let full = Game::new(*play.game.solution(), *play.game.solution(), Rules::default());
        play.game = full;
        play.jump_selection(0, 1);
        assert_eq!(play.selected, Some(29));
        play.step_selection(true);
        assert_eq!(play.selected, Some(30), "no empty cell: the next cell");
    }

    #[test]
    fn digits_enter_or_mark_depending_on_pencil_mode() {
        let mut play = play();
        play.selected = Some(2);
        play.press_digit(4, false).unwrap();
        assert_eq!(play.game.value(2), 4);
        play.selected = Some(3);
        play.pencil = true;
        play.press_digit(6, false).unwrap();
        assert!(play.game.marks(3).contains(6) && play.game.value(3) == 0);
        play.pencil = false;
        play.press_digit(2, true).unwrap();
        assert_eq!(play.game.marks(3).to_string(), "26");
    }

    /// Presses Hint, finding a hint on the spot when one is asked for (the window does that off
    /// its main thread).
    fn press_hint(play: &mut Play) -> String {
        match play.advance_hint() {
            HintProgress::Said(message) | HintProgress::Told(message, _) => message,
            HintProgress::Find(request) => {
                let (position, solution, uniqueness) = *request;
                play.receive_hint(crate::engine::logic::hint::hint_using(&position, &solution, uniqueness))
            }
        }
    }

    /// With Uniqueness in Hints off, a hint where a unique rectangle is the easiest step teaches
    /// another technique, and one that does not rest on uniqueness; in a practice of that
    /// rectangle it still teaches the rectangle.
    #[test]
    fn hints_leave_uniqueness_out_as_asked_but_not_in_its_practice() {
        use crate::engine::logic::hint::Uniqueness;
        use crate::engine::practice;
        let found = practice::practise(
            Technique::UniqueRectangle1,
            315,
            &std::sync::atomic::AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(found.step.technique, Technique::UniqueRectangle1);
        let taught = |uniqueness: Uniqueness, practised: bool| {
            let rules = Rules {
                hint_uniqueness: uniqueness,
                ..Rules::default()
            };
            let mut play = Play::new(
                Game::new(found.puzzle, found.solution, rules),
                Level::Hard,
                Prefs::default(),
            );
            play.act(found.take().unwrap()).unwrap();
            if practised {
                play.practice = Some(found.goal());
            }
            press_hint(&mut play);
            play.hint.as_ref().expect("a hint").step.technique
        };
        assert_eq!(taught(Uniqueness::Used, false), Technique::UniqueRectangle1);
        let instead = taught(Uniqueness::Avoided, false);
        assert!(!instead.rests_on_uniqueness(), "{instead:?}");
        assert_eq!(taught(Uniqueness::Avoided, true), Technique::UniqueRectangle1);
    }

    #[test]
    fn a_hint_goes_through_three_stages_and_counts_once() {
        let mut play = play();
        let first = press_hint(&mut play);
        assert!(first.starts_with("Look at"), "{first}");
        assert_eq!(play.hint.as_ref().unwrap().stage, 1);
        assert!(!play.hint.as_ref().unwrap().area.is_empty());
        let second = press_hint(&mut play);
        assert!(second.contains(':'));
        let cell = play.hint.as_ref().unwrap().step.placements[0].cell;
        let third = press_hint(&mut play);
        assert!(third.starts_with("Applied"), "{third}");
        assert_ne!(play.game.value(cell), 0);
        assert!(play.hinted[cell], "the hinted cell is marked");
        assert_eq!(play.game.hints_used(), 1);
    }

    /// A hint pointing at a slip puts it right when asked again, without another hint: a wrong
    /// digit goes, a solution mark taken out comes back, a mark a placed digit rules out goes.
    #[test]
    fn a_slips_hint_puts_it_right_when_asked_again() {
        let mut play = play();
        let rules = Rules {
            hint_allowance: 3,
            ..Rules::default()
        };
        play.game = Game::new(*play.game.givens(), *play.game.solution(), rules);
        // r1c3 is 4 in the solution; 9 there is wrong.
        play.selected = Some(2);
        play.press_digit(9, false).unwrap();
        assert_eq!(press_hint(&mut play), "r1c3 is wrong: it is not 9.");
        assert!(play.hint_goes_on());
        assert_eq!(press_hint(&mut play), "Took the wrong 9 out of r1c3.");
        assert_eq!(play.game.value(2), 0);
        // r1c4 is 6: marks 1 and 2 leave it out.
        play.selected = Some(3);
        play.press_digit(1, true).unwrap();
        play.press_digit(2, true).unwrap();
        assert_eq!(press_hint(&mut play), "r1c4 needs the pencil mark 6 back.");
        assert_eq!(press_hint(&mut play), "Put the pencil mark 6 back in r1c4.");
        assert_eq!(play.game.marks(3).to_string(), "126");
        // r1c3 marked 4 and 7, and 7 is given in r1c5.
        play.selected = Some(2);
        play.press_digit(4, true).unwrap();
        play.press_digit(7, true).unwrap();
        assert!(press_hint(&mut play).starts_with("r1c3 still has the pencil mark 7"));
        assert_eq!(press_hint(&mut play), "Took the pencil mark 7 out of r1c3.");
        assert_eq!(play.game.marks(2).to_string(), "4");
        assert_eq!(play.game.hints_used(), 3, "one hint each, the fixes free");
        assert!(!play.hint_goes_on(), "nothing left to put right, no hints left");
        // A slip put right by the player meanwhile is not put right again: the next press asks
        // for a new hint.
        play.game = Game::new(*play.game.givens(), *play.game.solution(), rules);
        play.selected = Some(2);
        play.press_digit(9, false).unwrap();
        assert_eq!(press_hint(&mut play), "r1c3 is wrong: it is not 9.");
        play.game.undo();
        assert!(!play.hint_goes_on());
        assert!(press_hint(&mut play).starts_with("Look at"), "a new hint");
        assert_eq!(play.game.value(2), 0);
    }

    #[test]
    fn showing_the_solution_shows_its_digits_and_blocks_entry() {
        let mut play = play();
        play.game.set_solution_shown(true);
        assert_eq!(play.shown_values(), *play.game.solution());
        play.selected = Some(2);
        assert_eq!(play.press_digit(4, false), Err(Refusal::SolutionShown));
    }

    #[test]
    fn the_animation_solves_and_records_it() {
        let mut play = play();
        play.selected = Some(2);
        play.press_digit(9, false).unwrap(); // a wrong entry is dropped before solving
        play.start_animation();
        assert_eq!(play.press_digit(1, false), Err(Refusal::SolutionShown));
        let mut ticks = 0;
        while play.tick(5, 1_000) == Tick::Running {
            ticks += 1;
            assert!(ticks < 10_000);
        }
        assert_eq!(play.game.status(), Status::SolvedByComputer);
        assert_eq!(play.game.values(), play.game.solution());
    }
}
