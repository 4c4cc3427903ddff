//! The game being played: the puzzle and its solution, the player's digits and pencil marks, the
//! rules of play (givens are fixed, a wrong digit is a mistake, the game ends when the grid is
//! full and right), undo and redo of each action, the hint allowance and the clock. Free of any
//! GUI so every rule is tested headless; the app only turns input into [`Action`]s.

use crate::engine::cellset::CellSet;
use crate::engine::grid::{placed_around, Candidates, Cell, Digit, Position, CELLS, PEERS};
use crate::engine::logic::hint::Uniqueness;
use crate::engine::logic::{self, Hint, Step, Technique};

mod clock;
mod journal;
mod paint;
mod review;
#[cfg(test)]
mod tests;

pub use clock::{format_duration, Clock};
use journal::journal_changes;
pub use journal::{CellChange, Move, MoveKind, ReplayError};
pub use paint::{Paint, COLOURS, COLOUR_RGB};
pub use review::step_behind_last_move;

/// How the game ended, or that it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    /// The player filled the grid correctly.
    Solved,
    /// The computer filled it (Solve, or the solution applied).
    SolvedByComputer,
    /// Strict mode: the player ran out of strikes.
    Lost,
}

/// The player's choices that change the rules of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Entering a digit removes it from the pencil marks of the cell's peers.
    pub auto_remove_marks: bool,
    /// Hints allowed per game; 0 means unlimited.
    pub hint_allowance: u32,
    /// Strict mode: a wrong digit is refused and counts as a strike.
    pub strict: bool,
    /// Strikes that end a game in strict mode; 0 means no limit.
    pub strike_limit: u32,
    /// Whether hints may teach the techniques that rest on the puzzle having one solution.
    pub hint_uniqueness: Uniqueness,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            auto_remove_marks: true,
            hint_allowance: 5,
            strict: false,
            strike_limit: 3,
            hint_uniqueness: Uniqueness::Used,
        }
    }
}

/// One user action. Each is one step of undo.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Put a digit in a cell (replacing what was there).
    Enter { cell: Cell, digit: Digit },
    /// Empty a cell's digit, or its pencil marks if it has no digit.
    Clear { cell: Cell },
    /// Toggle one pencil mark of an empty cell.
    ToggleMark { cell: Cell, digit: Digit },
    /// Fill every empty cell's pencil marks with its candidates by the rules.
    FillCandidates,
    /// Take every pencil mark off the board (their colours go with them; a cell's own colour
    /// stays), as one undoable step.
    ClearMarks,
    /// Apply a solving step (a hint's third stage, or a script's step).
    ApplyStep(Step),
    /// Go back to where the game began (one undoable step): the givens, and the position the
    /// puzzle came with when the game took one up as its first move ([`Game::began_with_position`]).
    Reset,
    /// A step from a player's script, already checked: digits placed and candidates removed,
    /// and the technique its name names, if it names one ([`Technique::named`]), which the
    /// journal keeps as a solving step's.
    ApplyScriptStep {
        placements: Vec<(Cell, Digit)>,
        eliminations: Vec<(Cell, Digit)>,
        technique: Option<Technique>,
    },
    /// Take up a position read with the puzzle (see [`Action::take_position`]): its digits
    /// beyond the givens, and each empty cell's pencil marks. Not the player's doing, so no
    /// digit of it counts as a mistake.
    TakePosition {
        values: Vec<(Cell, Digit)>,
        marks: Vec<(Cell, Candidates)>,
    },
    /// Colour a cell (`digit` 0) or one of its pencil marks with `colour` (1 to [`COLOURS`]),
    /// or take the colour away when it already has that one (or `colour` is 0). A mark's colour
    /// goes with the mark: a cell without that mark, or with a digit, takes none.
    Colour { cell: Cell, digit: Digit, colour: u8 },
    /// Take every colour off the board.
    ClearColours,
    /// Bring the board back to the checkpoint ([`Game::set_checkpoint`]): its digits, pencil
    /// marks and colours as they were then, as one undoable step (a guess tried and given up).
    BackToCheckpoint,
}

impl Action {
    /// What a position read with its puzzle (a file's) holds beyond the puzzle, to start play
    /// from: its digits that are not givens, and its pencil marks where some cell's differ from
    /// the candidates its digits leave (then every empty cell's, as a pencil-mark grid shows
    /// them). `None` when it holds nothing more than its givens and the rules' candidates.
    pub fn take_position(position: &Position) -> Option<Action> {
        let by_rules = Position::from_givens_and_values(&position.givens(), position.values());
        let marked = (0..CELLS).any(|c| position.value(c) == 0 && position.candidates(c) != by_rules.candidates(c));
        Action::taking(position, marked)
    }

    /// Like [`Action::take_position`], with every empty cell's candidates as its pencil marks
    /// even where they are the rules' (a practice position, whose pattern wants them seen).
    pub fn take_position_marked(position: &Position) -> Option<Action> {
        Action::taking(position, true)
    }

    fn taking(position: &Position, marked: bool) -> Option<Action> {
        let values: Vec<(Cell, Digit)> = (0..CELLS)
            .filter(|&cell| !position.is_given(cell) && position.value(cell) != 0)
            .map(|cell| (cell, position.value(cell)))
            .collect();
        let marks: Vec<(Cell, Candidates)> = match marked {
            true => (0..CELLS)
                .filter(|&cell| position.value(cell) == 0)
                .map(|cell| (cell, position.candidates(cell)))
                .collect(),
            false => Vec::new(),
        };
        (!values.is_empty() || !marks.is_empty()).then_some(Action::TakePosition { values, marks })
    }
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    GivenCell,
    SolutionShown,
    Paused,
    Finished,
    OutOfRange,
    /// Back to Checkpoint with no checkpoint set.
    NoCheckpoint,
}

/// What an action did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Whether the board changed (an action that changes nothing is not recorded).
    pub changed: bool,
    /// Whether the digit entered disagrees with the solution.
    pub mistake: bool,
    /// Whether this action finished the puzzle.
    pub solved: bool,
    /// Strict mode: the digit was wrong, so it was refused and counted as a strike.
    pub struck: bool,
    /// Strict mode: that strike was the last one allowed; the game is lost.
    pub lost: bool,
}

/// A cell's player-visible state: its digit (0 when empty), pencil marks and colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CellState {
    value: Digit,
    marks: Candidates,
    paint: Paint,
}

impl CellState {
    /// The state with only the colours it can show: a mark's colour goes with the mark (and
    /// every mark's with a digit placed), the cell's own stays.
    fn with_paint_kept(self) -> CellState {
        let shown = if self.value == 0 { self.marks } else { Candidates::NONE };
        CellState {
            paint: self.paint.kept_on(shown),
            ..self
        }
    }
}

/// The cells one action changed, before and after, so it can be undone and redone.
#[derive(Clone, Debug, PartialEq)]
struct Edit {
    changes: Vec<(Cell, CellState, CellState)>,
    /// The position the puzzle came with, taken up as the game's first move: where undo stops,
    /// as Reset does (the player began there).
    taken_position: bool,
}

#[derive(Clone, Debug)]
pub struct Game {
    givens: [Digit; CELLS],
    solution: [Digit; CELLS],
    values: [Digit; CELLS],
    marks: [Candidates; CELLS],
    paints: [Paint; CELLS],
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    journal: Vec<Move>,
    mistakes: u32,
    strikes: u32,
    hints_used: u32,
    status: Status,
    paused: bool,
    solution_shown: bool,
    /// The board as it was when the player last set a checkpoint, to come back to.
    checkpoint: Option<Box<[CellState; CELLS]>>,
    pub rules: Rules,
    pub clock: Clock,
}

impl Game {
    /// A new game on a puzzle whose unique solution is known.
    pub fn new(givens: [Digit; CELLS], solution: [Digit; CELLS], rules: Rules) -> Game {
        Game {
            givens,
            solution,
            values: givens,
            marks: [Candidates::NONE; CELLS],
            paints: [Paint::NONE; CELLS],
            undo: Vec::new(),
            redo: Vec::new(),
            journal: Vec::new(),
            mistakes: 0,
            strikes: 0,
            hints_used: 0,
            status: Status::Playing,
            paused: false,
            solution_shown: false,
            checkpoint: None,
            rules,
            clock: Clock::default(),
        }
    }

    pub fn givens(&self) -> &[Digit; CELLS] {
        &self.givens
    }

    pub fn solution(&self) -> &[Digit; CELLS] {
        &self.solution
    }

    pub fn value(&self, cell: Cell) -> Digit {
        self.values[cell]
    }

    pub fn values(&self) -> &[Digit; CELLS] {
        &self.values
    }

    pub fn marks(&self, cell: Cell) -> Candidates {
        self.marks[cell]
    }

    /// The colours the player gave the cell and its pencil marks.
    pub fn paint(&self, cell: Cell) -> Paint {
        self.paints[cell]
    }

    /// Whether any cell or pencil mark is coloured.
    pub fn has_colours(&self) -> bool {
        self.paints.iter().any(|p| !p.is_empty())
    }

    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens[cell] != 0
    }

    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Wrong digits refused in strict mode (each is also a mistake).
    pub fn strikes(&self) -> u32 {
        self.strikes
    }

    /// Strikes left before the game is lost, in strict mode with a limit.
    pub fn strikes_left(&self) -> Option<u32> {
        (self.rules.strict && self.rules.strike_limit > 0).then(|| self.rules.strike_limit.saturating_sub(self.strikes))
    }

    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    pub fn solution_shown(&self) -> bool {
        self.solution_shown
    }

    pub fn can_undo(&self) -> bool {
        self.undo.last().is_some_and(|edit| !edit.taken_position)
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether the cell holds a digit that disagrees with the solution.
    pub fn is_wrong(&self, cell: Cell) -> bool {
        self.values[cell] != 0 && self.values[cell] != self.solution[cell]
    }

    /// Cells whose digit repeats in one of their houses (the conflicts shown in red).
    pub fn conflicts(&self) -> CellSet {
        (0..CELLS)
            .filter(|&c| self.values[c] != 0 && PEERS[c].iter().any(|&p| self.values[p] == self.values[c]))
            .collect()
    }

    /// A cell's pencil marks that a digit in its row, column or box rules out (kept where
    /// automatic removal is off, or marked by hand), shown in red with the conflicts.
    pub fn ruled_out_marks(&self, cell: Cell) -> Candidates {
        Candidates::from_mask(self.marks[cell].mask() & placed_around(&self.values, cell).mask())
    }

    /// The position as the engine sees it: givens, entries, and the pencil marks as candidates
    /// (cells without marks count as having every candidate the rules allow).
    pub fn position(&self) -> Position {
        let position = Position::from_givens_and_values(&self.givens, &self.values);
        let computed = *position.all_candidates();
        let marks: Vec<Candidates> = (0..CELLS)
            .map(|c| {
                if self.marks[c].is_empty() {
                    computed[c]
                } else {
                    self.marks[c]
                }
            })
            .collect();
        position.with_candidates(&marks.try_into().expect("81 cells"))
    }

    /// The board as it stands, to start another game on the same puzzle from (a replay's Play
    /// From Here): its digits beyond the givens, and its pencil marks as they are (a cell the
    /// player did not mark stays unmarked). `None` when it holds nothing but the givens.
    pub fn board_to_take(&self) -> Option<Action> {
        let values: Vec<(Cell, Digit)> = (0..CELLS)
            .filter(|&cell| !self.is_given(cell) && self.values[cell] != 0)
            .map(|cell| (cell, self.values[cell]))
            .collect();
        let marks: Vec<(Cell, Candidates)> = (0..CELLS)
            .filter(|&cell| self.values[cell] == 0 && !self.marks[cell].is_empty())
            .map(|cell| (cell, self.marks[cell]))
            .collect();
        (!values.is_empty() || !marks.is_empty()).then_some(Action::TakePosition { values, marks })
    }

    fn state(&self, cell: Cell) -> CellState {
        CellState {
            value: self.values[cell],
            marks: self.marks[cell],
            paint: self.paints[cell],
        }
    }

    /// Every cell's state: the board as the player sees it.
    fn board(&self) -> [CellState; CELLS] {
        std::array::from_fn(|cell| self.state(cell))
    }

    fn set_state(&mut self, cell: Cell, state: CellState) {
        self.values[cell] = state.value;
        self.marks[cell] = state.marks;
        self.paints[cell] = state.paint;
    }

    fn refusal(&self) -> Option<Refusal> {
        if self.status != Status::Playing {
            Some(Refusal::Finished)
        } else if self.paused {
            Some(Refusal::Paused)
        } else if self.solution_shown {
            Some(Refusal::SolutionShown)
        } else {
            None
        }
    }

    /// Applies a player's action under the rules of play.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, Refusal> {
        if let Some(refusal) = self.refusal() {
            return Err(refusal);
        }
        let mut after = self.board();
        let mut mistake = false;
        match &action {
            Action::Enter { cell, digit } => {
                let (cell, digit) = (*cell, *digit);
                self.writable(cell, digit)?;
                if self.rules.strict && digit != self.solution[cell] && self.values[cell] != digit {
                    return Ok(self.strike(cell, digit));
                }
                if self.values[cell] != digit {
                    self.restore_marks_into(&mut after, cell);
                }
                self.place_into(&mut after, cell, digit);
                mistake = digit != self.solution[cell] && self.values[cell] != digit;
            }
            Action::Clear { cell } => {
                let cell = *cell;
                if cell >= CELLS {
                    return Err(Refusal::OutOfRange);
                }
                if self.is_given(cell) {
                    return Err(Refusal::GivenCell);
                }
                after[cell] = if self.values[cell] != 0 {
                    let marks = self.restore_marks_into(&mut after, cell).unwrap_or(self.marks[cell]);
                    CellState {
                        value: 0,
                        marks,
                        ..after[cell]
                    }
                } else {
                    CellState {
                        value: 0,
                        marks: Candidates::NONE,
                        ..after[cell]
                    }
                };
            }
            Action::ToggleMark { cell, digit } => {
                let (cell, digit) = (*cell, *digit);
                self.writable(cell, digit)?;
                if self.values[cell] != 0 {
                    return Ok(Outcome::default());
                }
                if after[cell].marks.contains(digit) {
                    after[cell].marks.remove(digit);
                } else {
                    after[cell].marks.insert(digit);
                }
            }
            Action::FillCandidates => {
                let computed = Position::from_givens_and_values(&self.givens, &self.values);
                for (cell, state) in after.iter_mut().enumerate() {
                    if self.values[cell] == 0 {
                        state.marks = computed.candidates(cell);
                    }
                }
            }
            Action::ClearMarks => {
                for state in after.iter_mut() {
                    state.marks = Candidates::NONE;
                }
            }
            Action::ApplyStep(step) => {
                let placements: Vec<(Cell, Digit)> = step.placements.iter().map(|p| (p.cell, p.digit)).collect();
                let eliminations: Vec<(Cell, Digit)> = step.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
                self.write_step(&mut after, &placements, &eliminations)?;
            }
            Action::ApplyScriptStep {
                placements,
                eliminations,
                ..
            } => self.write_step(&mut after, placements, eliminations)?,
            Action::TakePosition { values, marks } => {
                for &(cell, digit) in values {
                    self.writable(cell, digit)?;
                    after[cell] = CellState {
                        value: digit,
                        marks: Candidates::NONE,
                        ..after[cell]
                    };
                }
                for &(cell, digits) in marks {
                    if cell >= CELLS {
                        return Err(Refusal::OutOfRange);
                    }
                    if after[cell].value == 0 {
                        after[cell].marks = digits;
                    }
                }
            }
            Action::Colour { cell, digit, colour } => {
                let (cell, digit, colour) = (*cell, *digit, *colour);
                if cell >= CELLS || digit > 9 || colour > COLOURS {
                    return Err(Refusal::OutOfRange);
                }
                let paint = after[cell].paint;
                let now = if digit == 0 {
                    paint.cell()
                } else {
                    paint.candidate(digit)
                };
                let colour = if now == colour { 0 } else { colour };
                after[cell].paint = if digit == 0 {
                    paint.with_cell(colour)
                } else {
                    paint.with_candidate(digit, colour)
                };
            }
            Action::BackToCheckpoint => {
                let Some(checkpoint) = self.checkpoint.as_deref() else {
                    return Err(Refusal::NoCheckpoint);
                };
                after = *checkpoint;
            }
            Action::ClearColours => {
                for state in after.iter_mut() {
                    state.paint = Paint::NONE;
                }
            }
            Action::Reset => {
                for (cell, state) in after.iter_mut().enumerate() {
                    *state = CellState {
                        value: self.givens[cell],
                        marks: Candidates::NONE,
                        paint: Paint::NONE,
                    };
                }
                if let Some(taken) = self.position_taken() {
                    for change in &taken.changes {
                        after[change.cell] = change.after_state();
                    }
                }
            }
        }
        for state in after.iter_mut() {
            *state = state.with_paint_kept();
        }
        let changes: Vec<(Cell, CellState, CellState)> = (0..CELLS)
            .filter(|&c| after[c] != self.state(c))
            .map(|c| (c, self.state(c), after[c]))
            .collect();
        if changes.is_empty() {
            return Ok(Outcome::default());
        }
        for &(cell, _, state) in &changes {
            self.set_state(cell, state);
        }
        let (kind, cell, digit) = match &action {
            Action::Enter { cell, digit } => (MoveKind::Digit, Some(*cell), Some(*digit)),
            Action::Clear { cell } => (MoveKind::Clear, Some(*cell), None),
            Action::ToggleMark { cell, digit } if self.marks[*cell].contains(*digit) => {
                (MoveKind::MarkOn, Some(*cell), Some(*digit))
            }
            Action::ToggleMark { cell, digit } => (MoveKind::MarkOff, Some(*cell), Some(*digit)),
            Action::FillCandidates => (MoveKind::FillCandidates, None, None),
            Action::ClearMarks => (MoveKind::ClearMarks, None, None),
            Action::ApplyStep(step) => {
                let placed = step.placements.first();
                (MoveKind::Step, placed.map(|p| p.cell), placed.map(|p| p.digit))
            }
            Action::Reset => (MoveKind::Reset, None, None),
            Action::ApplyScriptStep { placements, .. } => {
                let placed = placements.first();
                (MoveKind::ScriptStep, placed.map(|p| p.0), placed.map(|p| p.1))
            }
            Action::TakePosition { .. } => (MoveKind::PositionTaken, None, None),
            Action::Colour { cell, digit, .. } => (MoveKind::Colour, Some(*cell), Some(*digit).filter(|&d| d != 0)),
            Action::ClearColours => (MoveKind::ClearColours, None, None),
            Action::BackToCheckpoint => (MoveKind::BackToCheckpoint, None, None),
        };
        self.journal.push(Move {
            kind,
            cell,
            digit,
            mistake,
            changes: journal_changes(&changes),
            technique: match &action {
                Action::ApplyStep(step) => Some(step.technique),
                Action::ApplyScriptStep { technique, .. } => *technique,
                _ => None,
            },
        });
        let taken_position = kind == MoveKind::PositionTaken && self.journal.len() == 1;
        self.undo.push(Edit {
            changes,
            taken_position,
        });
        self.redo.clear();
        if mistake {
            self.mistakes += 1;
        }
        let solved = self.values == self.solution;
        if solved {
            self.status = Status::Solved;
        }
        Ok(Outcome {
            changed: true,
            mistake,
            solved,
            ..Outcome::default()
        })
    }

    /// Strict mode's refusal of a wrong digit: nothing is placed; the strike is journaled and
    /// counted (as a mistake too), and the last one allowed loses the game.
    fn strike(&mut self, cell: Cell, digit: Digit) -> Outcome {
        self.journal.push(Move {
            kind: MoveKind::Strike,
            cell: Some(cell),
            digit: Some(digit),
            mistake: true,
            changes: Vec::new(),
            technique: None,
        });
        self.count_strike();
        Outcome {
            mistake: true,
            struck: true,
            lost: self.status == Status::Lost,
            ..Outcome::default()
        }
    }

    fn count_strike(&mut self) {
        self.strikes += 1;
        self.mistakes += 1;
        if self.strikes_left() == Some(0) {
            self.status = Status::Lost;
        }
    }

    /// A digit written into the after-state, with the peers' marks cleared under the rules.
    fn place_into(&self, after: &mut [CellState; CELLS], cell: Cell, digit: Digit) {
        after[cell] = CellState {
            value: digit,
            marks: Candidates::NONE,
            ..after[cell]
        };
        if self.rules.auto_remove_marks {
            for &peer in &PEERS[cell] {
                after[peer].marks.remove(digit);
            }
        }
    }

    /// Changing your mind: when the digit in `cell` goes (cleared, or replaced by another),
    /// the pencil marks its placement took from the peers come back, under the rules' automatic
    /// removal, in the same move. A peer keeps its marks as they are when the player changed it
    /// since, when it holds a digit, or when another of its peers (after this move) holds the
    /// digit. Returns the marks `cell` itself had before the digit went in, less the digits its
    /// peers now hold, for a clear to bring back. The placement is found on the undo stack, so
    /// this also works after a resume.
    fn restore_marks_into(&self, after: &mut [CellState; CELLS], cell: Cell) -> Option<Candidates> {
        let digit = self.values[cell];
        if !self.rules.auto_remove_marks || digit == 0 {
            return None;
        }
        let placed_by = self.undo.iter().rposition(|edit| {
            edit.changes
                .iter()
                .any(|&(c, before, after)| c == cell && after.value == digit && before.value != digit)
        })?;
        let touched_since: CellSet = self.undo[placed_by + 1..]
            .iter()
            .flat_map(|edit| edit.changes.iter().map(|&(c, _, _)| c))
            .collect();
        let values: [Digit; CELLS] = std::array::from_fn(|c| after[c].value);
        let seen_from = |at: Cell, digit: Digit| PEERS[at].iter().any(|&other| other != cell && values[other] == digit);
        let mut own = None;
        for &(peer, before, placed) in &self.undo[placed_by].changes {
            if peer == cell {
                let mut marks = before.marks;
                for seen in before.marks.iter().filter(|&d| seen_from(cell, d)) {
                    marks.remove(seen);
                }
                own = Some(marks);
                continue;
            }
            let took_the_mark = before.marks.contains(digit) && !placed.marks.contains(digit);
            let still_there = after[peer].value == 0 && !touched_since.contains(peer);
            if PEERS[cell].contains(&peer) && took_the_mark && still_there && !seen_from(peer, digit) {
                after[peer].marks.insert(digit);
            }
        }
        own
    }

    /// A solving step's placements and eliminations written into the after-state. Unmarked
    /// cells stand for all their candidates, so they are written out before one goes.
    fn write_step(
        &self,
        after: &mut [CellState; CELLS],
        placements: &[(Cell, Digit)],
        eliminations: &[(Cell, Digit)],
    ) -> Result<(), Refusal> {
        let in_range = |&(cell, digit): &(Cell, Digit)| cell < CELLS && (1..=9).contains(&digit);
        if !placements.iter().chain(eliminations).all(in_range) {
            return Err(Refusal::OutOfRange);
        }
        if placements.iter().any(|&(cell, _)| self.is_given(cell)) {
            return Err(Refusal::GivenCell);
        }
        let position = self.position();
        for &(cell, digit) in placements {
            self.place_into(after, cell, digit);
        }
        for &(cell, digit) in eliminations {
            if after[cell].value == 0 && after[cell].marks.is_empty() {
                after[cell].marks = position.candidates(cell);
            }
            after[cell].marks.remove(digit);
        }
        Ok(())
    }

    /// Whether `digit` may be written in `cell` (as a digit or a mark): both in range, and the
    /// cell not a given.
    fn writable(&self, cell: Cell, digit: Digit) -> Result<(), Refusal> {
        if cell >= CELLS || !(1..=9).contains(&digit) {
            return Err(Refusal::OutOfRange);
        }
        if self.is_given(cell) {
            return Err(Refusal::GivenCell);
        }
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        if self.refusal().is_some() || !self.can_undo() {
            return false;
        }
        let Some(edit) = self.undo.pop() else { return false };
        for &(cell, before, _) in &edit.changes {
            self.set_state(cell, before);
        }
        let reversed: Vec<_> = edit
            .changes
            .iter()
            .map(|&(cell, before, after)| (cell, after, before))
            .collect();
        self.journal
            .push(Move::plain(MoveKind::Undo, journal_changes(&reversed)));
        self.redo.push(edit);
        true
    }

    pub fn redo(&mut self) -> bool {
        if self.refusal().is_some() {
            return false;
        }
        let Some(edit) = self.redo.pop() else { return false };
        for &(cell, _, after) in &edit.changes {
            self.set_state(cell, after);
        }
        self.journal
            .push(Move::plain(MoveKind::Redo, journal_changes(&edit.changes)));
        self.undo.push(edit);
        if self.values == self.solution {
            self.status = Status::Solved;
        }
        true
    }

    /// How many undos take the board back to the last position in which every digit agrees with
    /// the solution: 0 where it does now; None where undo cannot reach one (the wrong digit came
    /// with the position the puzzle was taken up at).
    pub fn undos_to_last_correct(&self) -> Option<usize> {
        let mut values = self.values;
        let correct = |values: &[Digit; CELLS]| (0..CELLS).all(|c| values[c] == 0 || values[c] == self.solution[c]);
        if correct(&values) {
            return Some(0);
        }
        for (undone, edit) in self.undo.iter().rev().enumerate() {
            if edit.taken_position {
                return None;
            }
            for &(cell, before, _) in &edit.changes {
                values[cell] = before.value;
            }
            if correct(&values) {
                return Some(undone + 1);
            }
        }
        None
    }

    /// Undoes moves until every digit on the board agrees with the solution (Undo to Last
    /// Correct Board), each an undo of its own, so that Redo brings them back one by one; how
    /// many (see [`Game::undos_to_last_correct`]: none where the board is correct, and where undo
    /// cannot reach such a board). Refused as any input is.
    pub fn undo_to_last_correct(&mut self) -> Result<Option<usize>, Refusal> {
        if let Some(refusal) = self.refusal() {
            return Err(refusal);
        }
        let undos = self.undos_to_last_correct();
        for _ in 0..undos.unwrap_or(0) {
            self.undo();
        }
        Ok(undos)
    }

    /// Sets the checkpoint at the board as it is (replacing any earlier one), for
    /// [`Action::BackToCheckpoint`] to come back to: journaled, so a resumed game keeps it, but
    /// no step of undo (it changes nothing on the board). Refused as any input is.
    pub fn set_checkpoint(&mut self) -> Result<(), Refusal> {
        if let Some(refusal) = self.refusal() {
            return Err(refusal);
        }
        self.checkpoint = Some(Box::new(self.board()));
        self.journal.push(Move::plain(MoveKind::CheckpointSet, Vec::new()));
        Ok(())
    }

    /// Whether a checkpoint is set, for Back to Checkpoint.
    pub fn has_checkpoint(&self) -> bool {
        self.checkpoint.is_some()
    }

    /// Whether the board is as it was at the checkpoint (`false` with none set).
    pub fn at_checkpoint(&self) -> bool {
        self.checkpoint
            .as_deref()
            .is_some_and(|checkpoint| *checkpoint == self.board())
    }

    /// Hints left this game (`None` when unlimited).
    pub fn hints_left(&self) -> Option<u32> {
        (self.rules.hint_allowance > 0).then(|| self.rules.hint_allowance.saturating_sub(self.hints_used))
    }

    /// The hint for the current position, counted against the allowance; `None` when none are
    /// left or the game does not accept input.
    pub fn take_hint(&mut self) -> Option<Hint> {
        let (position, solution) = self.hint_request()?;
        Some(logic::hint::hint_using(
            &position,
            &solution,
            self.rules.hint_uniqueness,
        ))
    }

    /// Counts a hint against the allowance and returns what finding it needs (the position and
    /// the solution), for a caller that finds it elsewhere (the app, off its main thread); `None`
    /// when none are left or the game does not accept input.
    pub fn hint_request(&mut self) -> Option<(Position, [Digit; CELLS])> {
        if self.refusal().is_some() || self.hints_left() == Some(0) {
            return None;
        }
        self.hints_used += 1;
        self.journal.push(Move::plain(MoveKind::HintTaken, Vec::new()));
        Some((self.position(), self.solution))
    }

    /// Names the technique of the last hint asked for ([`Game::hint_request`]), once that hint
    /// is found and is a step: the replay tells it. Returns that move's place in the journal.
    pub fn name_last_hint(&mut self, technique: Technique) -> Option<usize> {
        let index = self.journal.iter().rposition(|m| m.kind == MoveKind::HintTaken)?;
        self.journal[index].technique = Some(technique);
        Some(index)
    }

    /// Shows or hides the solution; input is refused while it is shown. Showing it during play is
    /// journaled: the game is then one solved with help.
    pub fn set_solution_shown(&mut self, shown: bool) {
        if shown && !self.solution_shown {
            self.note_solution_seen();
        }
        self.solution_shown = shown;
    }

    /// Journals that the player saw the solution during play (over the board, or step by step
    /// in its solution path): the game is then one solved with help.
    pub fn note_solution_seen(&mut self) {
        if self.status == Status::Playing {
            self.journal.push(Move::plain(MoveKind::SolutionShown, Vec::new()));
        }
    }

    /// Whether the player had help that gives digits away: the solution was shown, the computer
    /// solved, or a hint's or a script's step placed a digit. (Hints that only point at a
    /// technique, and eliminations, are teaching, not help of that kind.) A game taken up from a
    /// position read with its puzzle began part solved, so it counts as helped too. A game solved
    /// with help stays out of best times and streaks.
    pub fn helped(&self) -> bool {
        self.journal.iter().any(|m| match m.kind {
            MoveKind::SolutionShown | MoveKind::ComputerSolve | MoveKind::PositionTaken => true,
            MoveKind::Step | MoveKind::ScriptStep => m.changes.iter().any(|c| c.after != 0 && c.before == 0),
            _ => false,
        })
    }

    /// Pauses or resumes: the clock stops and input is refused while paused.
    pub fn set_paused(&mut self, paused: bool, now_ms: u64) {
        if self.status != Status::Playing {
            return;
        }
        self.paused = paused;
        if paused {
            self.clock.stop(now_ms);
        } else {
            self.clock.start(now_ms);
        }
    }

    /// Fills the grid with the solution: the game ends as solved by the computer.
    pub fn finish_by_computer(&mut self, now_ms: u64) {
        let after = CellState {
            value: 0,
            marks: Candidates::NONE,
            paint: Paint::NONE,
        };
        let changes: Vec<(Cell, CellState, CellState)> = (0..CELLS)
            .map(|c| {
                (
                    c,
                    self.state(c),
                    CellState {
                        value: self.solution[c],
                        ..after
                    },
                )
            })
            .filter(|(_, before, after)| before != after)
            .collect();
        self.journal
            .push(Move::plain(MoveKind::ComputerSolve, journal_changes(&changes)));
        self.values = self.solution;
        self.marks = [Candidates::NONE; CELLS];
        self.paints = [Paint::NONE; CELLS];
        self.status = Status::SolvedByComputer;
        self.solution_shown = false;
        self.clock.stop(now_ms);
    }
}
