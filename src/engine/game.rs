//! The game being played: the puzzle and its solution, the player's digits and pencil marks, the
//! rules of play (givens are fixed, a wrong digit is a mistake, the game ends when the grid is
//! full and right), undo and redo of each action, the hint allowance and the clock. Free of any
//! GUI so every rule is tested headless; the app only turns input into [`Action`]s.

use super::cellset::CellSet;
use super::grid::{placed_around, Candidates, Cell, Digit, Position, CELLS, PEERS};
use super::logic::{self, Hint, Step};

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
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            auto_remove_marks: true,
            hint_allowance: 5,
            strict: false,
            strike_limit: 3,
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
    /// Apply a solving step (a hint's third stage, or a script's step).
    ApplyStep(Step),
    /// Go back to where the game began (one undoable step): the givens, and the position the
    /// puzzle came with when the game took one up as its first move ([`Game::began_with_position`]).
    Reset,
    /// A step from a player's script, already checked: digits placed and candidates removed.
    ApplyScriptStep {
        placements: Vec<(Cell, Digit)>,
        eliminations: Vec<(Cell, Digit)>,
    },
    /// Take up a position read with the puzzle (see [`Action::take_position`]): its digits
    /// beyond the givens, and each empty cell's pencil marks. Not the player's doing, so no
    /// digit of it counts as a mistake.
    TakePosition {
        values: Vec<(Cell, Digit)>,
        marks: Vec<(Cell, Candidates)>,
    },
}

impl Action {
    /// What a position read with its puzzle (a file's) holds beyond the puzzle, to start play
    /// from: its digits that are not givens, and its pencil marks where some cell's differ from
    /// the candidates its digits leave (then every empty cell's, as a pencil-mark grid shows
    /// them). `None` when it holds nothing more than its givens and the rules' candidates.
    pub fn take_position(position: &Position) -> Option<Action> {
        let values: Vec<(Cell, Digit)> = (0..CELLS)
            .filter(|&cell| !position.is_given(cell) && position.value(cell) != 0)
            .map(|cell| (cell, position.value(cell)))
            .collect();
        let by_rules = Position::from_givens_and_values(&position.givens(), position.values());
        let empty = (0..CELLS).filter(|&cell| position.value(cell) == 0);
        let marks: Vec<(Cell, Candidates)> = if empty.clone().any(|c| position.candidates(c) != by_rules.candidates(c))
        {
            empty.map(|cell| (cell, position.candidates(cell))).collect()
        } else {
            Vec::new()
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

/// A cell's player-visible state: its digit (0 when empty) and pencil marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CellState {
    value: Digit,
    marks: Candidates,
}

/// The cells one action changed, before and after, so it can be undone and redone.
#[derive(Clone, Debug, PartialEq)]
struct Edit {
    changes: Vec<(Cell, CellState, CellState)>,
}

/// What a journal entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    Digit,
    Clear,
    MarkOn,
    MarkOff,
    FillCandidates,
    /// A solving step applied (a hint's last stage, or a script's step).
    Step,
    Reset,
    /// A hint was asked for (it counts against the allowance).
    HintTaken,
    /// A step from a player's script.
    ScriptStep,
    Undo,
    Redo,
    /// The computer filled the grid (Solve).
    ComputerSolve,
    /// The player looked at the solution (Show Solution).
    SolutionShown,
    /// Strict mode: a wrong digit, refused (nothing changes on the board).
    Strike,
    /// The position read with the puzzle taken up: its digits beyond the givens and its marks.
    PositionTaken,
}

impl MoveKind {
    pub const ALL: [MoveKind; 15] = [
        MoveKind::Digit,
        MoveKind::Clear,
        MoveKind::MarkOn,
        MoveKind::MarkOff,
        MoveKind::FillCandidates,
        MoveKind::Step,
        MoveKind::Reset,
        MoveKind::HintTaken,
        MoveKind::ScriptStep,
        MoveKind::Undo,
        MoveKind::Redo,
        MoveKind::ComputerSolve,
        MoveKind::SolutionShown,
        MoveKind::Strike,
        MoveKind::PositionTaken,
    ];

    pub fn id(self) -> &'static str {
        match self {
            MoveKind::Digit => "digit",
            MoveKind::Clear => "clear",
            MoveKind::MarkOn => "mark-on",
            MoveKind::MarkOff => "mark-off",
            MoveKind::FillCandidates => "fill-candidates",
            MoveKind::Step => "step",
            MoveKind::Reset => "reset",
            MoveKind::HintTaken => "hint",
            MoveKind::ScriptStep => "script-step",
            MoveKind::Undo => "undo",
            MoveKind::Redo => "redo",
            MoveKind::ComputerSolve => "computer-solve",
            MoveKind::SolutionShown => "solution-shown",
            MoveKind::Strike => "strike",
            MoveKind::PositionTaken => "position-taken",
        }
    }

    pub fn from_id(id: &str) -> Option<MoveKind> {
        MoveKind::ALL.into_iter().find(|kind| kind.id() == id)
    }
}

/// One cell's digit and pencil marks before and after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellChange {
    pub cell: Cell,
    pub before: Digit,
    pub before_marks: Candidates,
    pub after: Digit,
    pub after_marks: Candidates,
}

impl CellChange {
    /// What the cell held before the move.
    fn before_state(&self) -> CellState {
        CellState {
            value: self.before,
            marks: self.before_marks,
        }
    }

    /// What the cell holds after the move.
    fn after_state(&self) -> CellState {
        CellState {
            value: self.after,
            marks: self.after_marks,
        }
    }
}

/// One entry of a game's journal: everything needed to rebuild each position exactly, and the
/// player's intent (the cell and digit) for history and replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub kind: MoveKind,
    pub cell: Option<Cell>,
    pub digit: Option<Digit>,
    /// Whether the digit entered disagreed with the solution (counted as a mistake).
    pub mistake: bool,
    pub changes: Vec<CellChange>,
}

/// Why a journal could not be replayed onto a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("move {index} changes {cell}, which does not hold what the move says it replaced")]
    Mismatch { index: usize, cell: String },
    #[error("move {index} is an undo or redo with nothing to undo or redo")]
    NothingToUndo { index: usize },
    #[error("move {index} names cell {cell}, outside the grid, or a digit outside 1–9")]
    OutOfRange { index: usize, cell: usize },
}

/// Elapsed playing time, kept as arithmetic on timestamps the caller supplies (milliseconds from
/// any monotonic origin), so it can be tested and restored exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    banked_ms: u64,
    running_since: Option<u64>,
}

impl Clock {
    /// A clock that has already counted `elapsed_ms` and is stopped.
    pub fn with_elapsed(elapsed_ms: u64) -> Clock {
        Clock {
            banked_ms: elapsed_ms,
            running_since: None,
        }
    }

    pub fn start(&mut self, now_ms: u64) {
        if self.running_since.is_none() {
            self.running_since = Some(now_ms);
        }
    }

    pub fn stop(&mut self, now_ms: u64) {
        if let Some(since) = self.running_since.take() {
            self.banked_ms += now_ms.saturating_sub(since);
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    pub fn elapsed_ms(&self, now_ms: u64) -> u64 {
        self.banked_ms + self.running_since.map_or(0, |since| now_ms.saturating_sub(since))
    }
}

/// `12:31`, or `1:02:03` past an hour.
pub fn format_duration(ms: u64) -> String {
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    givens: [Digit; CELLS],
    solution: [Digit; CELLS],
    values: [Digit; CELLS],
    marks: [Candidates; CELLS],
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    journal: Vec<Move>,
    mistakes: u32,
    strikes: u32,
    hints_used: u32,
    status: Status,
    paused: bool,
    solution_shown: bool,
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
            undo: Vec::new(),
            redo: Vec::new(),
            journal: Vec::new(),
            mistakes: 0,
            strikes: 0,
            hints_used: 0,
            status: Status::Playing,
            paused: false,
            solution_shown: false,
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
        !self.undo.is_empty()
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

    fn state(&self, cell: Cell) -> CellState {
        CellState {
            value: self.values[cell],
            marks: self.marks[cell],
        }
    }

    fn set_state(&mut self, cell: Cell, state: CellState) {
        self.values[cell] = state.value;
        self.marks[cell] = state.marks;
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
        let mut after: [CellState; CELLS] = std::array::from_fn(|cell| self.state(cell));
        let mut mistake = false;
        match &action {
            Action::Enter { cell, digit } => {
                let (cell, digit) = (*cell, *digit);
                if cell >= CELLS || !(1..=9).contains(&digit) {
                    return Err(Refusal::OutOfRange);
                }
                if self.is_given(cell) {
                    return Err(Refusal::GivenCell);
                }
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
                    CellState { value: 0, marks }
                } else {
                    CellState {
                        value: 0,
                        marks: Candidates::NONE,
                    }
                };
            }
            Action::ToggleMark { cell, digit } => {
                let (cell, digit) = (*cell, *digit);
                if cell >= CELLS || !(1..=9).contains(&digit) {
                    return Err(Refusal::OutOfRange);
                }
                if self.is_given(cell) {
                    return Err(Refusal::GivenCell);
                }
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
            Action::ApplyStep(step) => {
                let placements: Vec<(Cell, Digit)> = step.placements.iter().map(|p| (p.cell, p.digit)).collect();
                let eliminations: Vec<(Cell, Digit)> = step.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
                self.write_step(&mut after, &placements, &eliminations)?;
            }
            Action::ApplyScriptStep {
                placements,
                eliminations,
            } => self.write_step(&mut after, placements, eliminations)?,
            Action::TakePosition { values, marks } => {
                for &(cell, digit) in values {
                    if cell >= CELLS || !(1..=9).contains(&digit) {
                        return Err(Refusal::OutOfRange);
                    }
                    if self.is_given(cell) {
                        return Err(Refusal::GivenCell);
                    }
                    after[cell] = CellState {
                        value: digit,
                        marks: Candidates::NONE,
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
            Action::Reset => {
                for (cell, state) in after.iter_mut().enumerate() {
                    *state = CellState {
                        value: self.givens[cell],
                        marks: Candidates::NONE,
                    };
                }
                if let Some(taken) = self.position_taken() {
                    for change in &taken.changes {
                        after[change.cell] = change.after_state();
                    }
                }
            }
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
        };
        self.journal.push(Move {
            kind,
            cell,
            digit,
            mistake,
            changes: journal_changes(&changes),
        });
        self.undo.push(Edit { changes });
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

    pub fn undo(&mut self) -> bool {
        if self.refusal().is_some() {
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
        self.journal.push(Move {
            kind: MoveKind::Undo,
            cell: None,
            digit: None,
            mistake: false,
            changes: journal_changes(&reversed),
        });
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
        self.journal.push(Move {
            kind: MoveKind::Redo,
            cell: None,
            digit: None,
            mistake: false,
            changes: journal_changes(&edit.changes),
        });
        self.undo.push(edit);
        if self.values == self.solution {
            self.status = Status::Solved;
        }
        true
    }

    /// Hints left this game (`None` when unlimited).
    pub fn hints_left(&self) -> Option<u32> {
        (self.rules.hint_allowance > 0).then(|| self.rules.hint_allowance.saturating_sub(self.hints_used))
    }

    /// The hint for the current position, counted against the allowance; `None` when none are
    /// left or the game does not accept input.
    pub fn take_hint(&mut self) -> Option<Hint> {
        let (position, solution) = self.hint_request()?;
        Some(logic::hint::hint_with_solution(&position, &solution))
    }

    /// Counts a hint against the allowance and returns what finding it needs (the position and
    /// the solution), for a caller that finds it elsewhere (the app, off its main thread); `None`
    /// when none are left or the game does not accept input.
    pub fn hint_request(&mut self) -> Option<(Position, [Digit; CELLS])> {
        if self.refusal().is_some() || self.hints_left() == Some(0) {
            return None;
        }
        self.hints_used += 1;
        self.journal.push(Move {
            kind: MoveKind::HintTaken,
            cell: None,
            digit: None,
            mistake: false,
            changes: Vec::new(),
        });
        Some((self.position(), self.solution))
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
            self.journal.push(Move {
                kind: MoveKind::SolutionShown,
                cell: None,
                digit: None,
                mistake: false,
                changes: Vec::new(),
            });
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
        self.journal.push(Move {
            kind: MoveKind::ComputerSolve,
            cell: None,
            digit: None,
            mistake: false,
            changes: journal_changes(&changes),
        });
        self.values = self.solution;
        self.marks = [Candidates::NONE; CELLS];
        self.status = Status::SolvedByComputer;
        self.solution_shown = false;
        self.clock.stop(now_ms);
    }
}

fn journal_changes(changes: &[(Cell, CellState, CellState)]) -> Vec<CellChange> {
    changes
        .iter()
        .map(|&(cell, before, after)| CellChange {
            cell,
            before: before.value,
            before_marks: before.marks,
            after: after.value,
            after_marks: after.marks,
        })
        .collect()
}

impl Game {
    /// Whether the game's first move took up the position its puzzle came with (a forum's
    /// pencil-mark grid, a JSON position): Reset goes back to that position, not past it.
    pub fn began_with_position(&self) -> bool {
        self.position_taken().is_some()
    }

    /// The first move, when it took up the position the puzzle came with.
    fn position_taken(&self) -> Option<&Move> {
        self.journal.first().filter(|m| m.kind == MoveKind::PositionTaken)
    }

    /// Everything done in this game so far, in order.
    pub fn journal(&self) -> &[Move] {
        &self.journal
    }

    /// Rebuilds a game from its journal: values, pencil marks, the undo and redo stacks, mistakes,
    /// hints used and the end state, exactly as they were. Every move is checked against the
    /// position it claims to change.
    pub fn replay(
        givens: [Digit; CELLS],
        solution: [Digit; CELLS],
        rules: Rules,
        moves: &[Move],
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(givens, solution, rules);
        for (index, entry) in moves.iter().enumerate() {
            for change in &entry.changes {
                if change.cell >= CELLS || change.after > 9 || change.before > 9 {
                    return Err(ReplayError::OutOfRange {
                        index,
                        cell: change.cell,
                    });
                }
                if game.state(change.cell) != change.before_state() {
                    return Err(ReplayError::Mismatch {
                        index,
                        cell: super::grid::cell_name(change.cell),
                    });
                }
            }
            let edit = || Edit {
                changes: entry
                    .changes
                    .iter()
                    .map(|c| (c.cell, c.before_state(), c.after_state()))
                    .collect(),
            };
            match entry.kind {
                MoveKind::HintTaken => game.hints_used += 1,
                MoveKind::Strike => game.count_strike(),
                MoveKind::SolutionShown => {}
                MoveKind::Undo | MoveKind::Redo => {
                    let stack = if entry.kind == MoveKind::Undo {
                        &mut game.undo
                    } else {
                        &mut game.redo
                    };
                    let Some(done) = stack.pop() else {
                        return Err(ReplayError::NothingToUndo { index });
                    };
                    for c in &entry.changes {
                        game.set_state(c.cell, c.after_state());
                    }
                    if entry.kind == MoveKind::Undo {
                        game.redo.push(done);
                    } else {
                        game.undo.push(done);
                    }
                }
                MoveKind::ComputerSolve => {
                    for c in &entry.changes {
                        game.values[c.cell] = c.after;
                        game.marks[c.cell] = c.after_marks;
                    }
                    game.status = Status::SolvedByComputer;
                }
                _ => {
                    let edit = edit();
                    for &(cell, _, after) in &edit.changes {
                        game.set_state(cell, after);
                    }
                    game.undo.push(edit);
                    game.redo.clear();
                    if entry.mistake {
                        game.mistakes += 1;
                    }
                }
            }
            if game.status == Status::Playing && game.values == game.solution {
                game.status = Status::Solved;
            }
            game.journal.push(entry.clone());
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver::{solve, Solutions};

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn game() -> Game {
        let givens = *crate::engine::format::parse_line(PUZZLE).unwrap().values();
        let Solutions::Unique(solution) = solve(&givens) else {
            panic!("unique")
        };
        Game::new(givens, solution, Rules::default())
    }

    #[test]
    fn givens_cannot_change() {
        let mut game = game();
        assert_eq!(game.apply(Action::Enter { cell: 0, digit: 4 }), Err(Refusal::GivenCell));
        assert_eq!(game.apply(Action::Clear { cell: 0 }), Err(Refusal::GivenCell));
        assert_eq!(
            game.apply(Action::ToggleMark { cell: 1, digit: 4 }),
            Err(Refusal::GivenCell)
        );
        assert_eq!(
            game.apply(Action::Enter { cell: 81, digit: 4 }),
            Err(Refusal::OutOfRange)
        );
        assert_eq!(
            game.apply(Action::Enter { cell: 2, digit: 0 }),
            Err(Refusal::OutOfRange)
        );
    }

    #[test]
    fn a_wrong_digit_is_a_mistake_once_and_a_right_one_is_not() {
        let mut game = game();
        // r1c3 is 4 in the solution.
        assert_eq!(game.solution()[2], 4);
        let outcome = game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
        assert!(outcome.changed && outcome.mistake);
        assert!(game.is_wrong(2));
        // Entering the same wrong digit again changes nothing and is not counted twice.
        assert_eq!(game.apply(Action::Enter { cell: 2, digit: 1 }), Ok(Outcome::default()));
        let outcome = game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        assert!(!outcome.mistake);
        assert_eq!(game.mistakes(), 1);
        // Undo does not take a mistake back.
        game.undo();
        game.undo();
        assert_eq!(game.mistakes(), 1);
        assert_eq!(game.value(2), 0);
    }

    #[test]
    fn conflicts_are_the_repeated_digits() {
        let mut game = game();
        game.apply(Action::Enter { cell: 2, digit: 5 }).unwrap(); // 5 is given at r1c1
        let conflicts: Vec<Cell> = game.conflicts().iter().collect();
        assert_eq!(conflicts, vec![0, 2]);
    }

    #[test]
    fn marks_a_placed_digit_rules_out_are_found_in_row_column_and_box() {
        let mut game = game();
        // r1c3's peers hold 5 and 3 (r1c1 and r1c2, in its row and box), 9 (r3c2, its box) and
        // 8 (r3c3, its box and column); 4 is in none of its houses.
        for digit in [3, 4, 5, 8, 9] {
            game.apply(Action::ToggleMark { cell: 2, digit }).unwrap();
        }
        assert_eq!(game.ruled_out_marks(2).to_string(), "3589");
        assert!(game.ruled_out_marks(3).is_empty(), "no marks, nothing ruled out");
        // Entering 4 in r1c4 with automatic removal off keeps the mark 4 in r1c3: now ruled out.
        game.rules.auto_remove_marks = false;
        game.apply(Action::Enter { cell: 3, digit: 4 }).unwrap();
        assert_eq!(game.marks(2).to_string(), "34589");
        assert_eq!(game.ruled_out_marks(2).to_string(), "34589");
        game.undo();
        assert_eq!(game.ruled_out_marks(2).to_string(), "3589");
    }

    #[test]
    fn pencil_marks_toggle_and_entering_a_digit_clears_peers() {
        let mut game = game();
        game.apply(Action::ToggleMark { cell: 2, digit: 4 }).unwrap();
        game.apply(Action::ToggleMark { cell: 2, digit: 2 }).unwrap();
        game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
        assert_eq!(game.marks(2).to_string(), "24");
        game.apply(Action::ToggleMark { cell: 2, digit: 4 }).unwrap();
        assert_eq!(game.marks(2).to_string(), "2");
        game.apply(Action::Enter { cell: 5, digit: 2 }).unwrap(); // r1c6, a peer of r1c3 and r1c4
        assert!(game.marks(2).is_empty() && game.marks(3).is_empty());
        // One undo restores the digit and the marks it cleared.
        game.undo();
        assert_eq!(game.marks(2).to_string(), "2");
        assert_eq!(game.marks(3).to_string(), "2");
        // Without the option, marks stay.
        game.rules.auto_remove_marks = false;
        game.apply(Action::Enter { cell: 5, digit: 2 }).unwrap();
        assert_eq!(game.marks(2).to_string(), "2");
    }

    /// Changing your mind brings back the marks a digit's placement took (one undoable move),
    /// except where the player changed the peer since or another digit now rules the mark out.
    #[test]
    fn clearing_or_changing_a_digit_restores_the_marks_it_removed() {
        let mut game = game();
        game.apply(Action::FillCandidates).unwrap();
        let filled: Vec<Candidates> = (0..CELLS).map(|c| game.marks(c)).collect();
        // r1c3 (cell 2) takes 4: r1c4, r2c3 and r3c1... lose their 4s.
        game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        let lost: Vec<Cell> = PEERS[2].iter().copied().filter(|&p| filled[p].contains(4)).collect();
        assert!(
            lost.len() >= 3 && lost.iter().all(|&p| !game.marks(p).contains(4)),
            "{lost:?}"
        );
        // The player changes one of those peers' marks; a 4 goes in where it sees another.
        let (changed, blocked) = (lost[0], lost[1]);
        let other = game.marks(changed).iter().next().unwrap();
        game.apply(Action::ToggleMark {
            cell: changed,
            digit: other,
        })
        .unwrap();
        let changed_marks = game.marks(changed);
        let blocker = (0..CELLS)
            .find(|&c| game.value(c) == 0 && c != 2 && !PEERS[2].contains(&c) && PEERS[blocked].contains(&c))
            .unwrap();
        game.rules.auto_remove_marks = false;
        game.apply(Action::Enter {
            cell: blocker,
            digit: 4,
        })
        .unwrap();
        game.rules.auto_remove_marks = true;
        let before_clear: Vec<Candidates> = (0..CELLS).map(|c| game.marks(c)).collect();
        game.apply(Action::Clear { cell: 2 }).unwrap();
        assert_eq!(game.value(2), 0);
        assert_eq!(game.marks(2), filled[2], "the cell's own marks come back");
        for &peer in &lost[2..] {
            if !PEERS[peer].contains(&blocker) {
                assert!(
                    game.marks(peer).contains(4),
                    "r{}c{} has its 4 again",
                    peer / 9 + 1,
                    peer % 9 + 1
                );
            }
        }
        assert_eq!(
            game.marks(changed),
            changed_marks,
            "a peer the player changed is left alone"
        );
        assert!(
            !game.marks(blocked).contains(4),
            "a 4 seen from another 4 is not restored"
        );
        // One undo takes the clear and its restored marks back together.
        game.undo();
        assert_eq!(game.value(2), 4);
        assert!((0..CELLS).all(|c| game.marks(c) == before_clear[c]));
        // Changing the digit instead restores the 4s and removes the new digit's marks.
        game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
        assert!(game.marks(lost[2]).contains(4) || PEERS[lost[2]].contains(&blocker));
        assert!(PEERS[2].iter().all(|&p| !game.marks(p).contains(1)));
        // Resumed from its journal, the game restores the same way.
        let mut resumed = Game::replay(*game.givens(), *game.solution(), Rules::default(), game.journal()).unwrap();
        resumed.undo();
        game.undo();
        resumed.apply(Action::Clear { cell: 2 }).unwrap();
        game.apply(Action::Clear { cell: 2 }).unwrap();
        assert!((0..CELLS).all(|c| game.marks(c) == resumed.marks(c)));
        assert_eq!(resumed.marks(2), filled[2]);
    }

    /// Strict mode: a wrong digit is refused and counted as a strike (and a mistake); the last
    /// strike allowed loses the game; the strikes survive a resume from the journal.
    #[test]
    fn strict_mode_refuses_wrong_digits_and_ends_at_the_strike_limit() {
        let mut game = game();
        game.rules = Rules {
            strict: true,
            strike_limit: 3,
            ..Rules::default()
        };
        assert_eq!(game.strikes_left(), Some(3));
        let outcome = game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
        assert!(outcome.struck && outcome.mistake && !outcome.changed && !outcome.lost);
        assert_eq!(game.value(2), 0, "the wrong digit is not placed");
        assert!(!game.can_undo(), "a strike is nothing to undo");
        assert_eq!((game.strikes(), game.mistakes(), game.strikes_left()), (1, 1, Some(2)));
        // A right digit goes in as usual.
        let outcome = game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        assert!(outcome.changed && !outcome.struck);
        game.apply(Action::Enter { cell: 3, digit: 1 }).unwrap();
        let resumed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
        assert_eq!((resumed.strikes(), resumed.status()), (2, Status::Playing));
        let outcome = game.apply(Action::Enter { cell: 3, digit: 2 }).unwrap();
        assert!(outcome.struck && outcome.lost);
        assert_eq!(game.status(), Status::Lost);
        assert_eq!(game.apply(Action::Enter { cell: 3, digit: 6 }), Err(Refusal::Finished));
        let resumed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
        assert_eq!((resumed.strikes(), resumed.status()), (3, Status::Lost));
        // Without a limit, strikes only count.
        let mut endless = super::tests::game();
        endless.rules = Rules {
            strict: true,
            strike_limit: 0,
            ..Rules::default()
        };
        for _ in 0..5 {
            assert!(endless.apply(Action::Enter { cell: 2, digit: 1 }).unwrap().struck);
        }
        assert_eq!(
            (endless.strikes(), endless.status(), endless.strikes_left()),
            (5, Status::Playing, None)
        );
        // Outside strict mode a wrong digit is placed as a mistake.
        let mut relaxed = super::tests::game();
        assert!(!relaxed.apply(Action::Enter { cell: 2, digit: 1 }).unwrap().struck);
        assert_eq!(relaxed.value(2), 1);
    }

    #[test]
    fn clear_empties_the_digit_then_the_marks() {
        let mut game = game();
        game.apply(Action::ToggleMark { cell: 2, digit: 4 }).unwrap();
        game.rules.auto_remove_marks = false;
        game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        game.apply(Action::Clear { cell: 2 }).unwrap();
        assert_eq!(game.value(2), 0);
        game.apply(Action::Clear { cell: 2 }).unwrap();
        assert!(game.marks(2).is_empty());
    }

    #[test]
    fn reset_clears_the_players_work_in_one_undoable_step() {
        let mut game = game();
        game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
        game.apply(Action::ToggleMark { cell: 3, digit: 6 }).unwrap();
        game.apply(Action::Reset).unwrap();
        assert_eq!(game.values(), game.givens());
        assert!((0..CELLS).all(|c| game.marks(c).is_empty()));
        // Mistakes made stay counted.
        assert_eq!(game.mistakes(), 1);
        assert!(game.undo());
        assert_eq!(game.value(2), 1);
        assert_eq!(game.marks(3).to_string(), "6");
        // Resetting a fresh board changes nothing and is not recorded.
        let mut fresh = super::tests::game();
        assert_eq!(fresh.apply(Action::Reset), Ok(Outcome::default()));
        assert!(!fresh.can_undo());
    }

    /// A game rebuilt from its journal is the same game: position, stacks, counters, status.
    #[test]
    fn a_game_replays_exactly_from_its_journal() {
        let mut game = game();
        game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap(); // a mistake
        game.apply(Action::ToggleMark { cell: 3, digit: 6 }).unwrap();
        game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
        game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
        game.apply(Action::FillCandidates).unwrap();
        game.undo();
        game.undo();
        game.redo();
        game.take_hint();
        game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        game.apply(Action::Reset).unwrap();
        game.undo();
        let kinds: Vec<&str> = game.journal().iter().map(|m| m.kind.id()).collect();
        assert_eq!(
            kinds,
            [
                "digit",
                "mark-on",
                "mark-on",
                "mark-off",
                "fill-candidates",
                "undo",
                "undo",
                "redo",
                "hint",
                "digit",
                "reset",
                "undo"
            ]
        );
        let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
        assert_eq!(replayed.values(), game.values());
        assert!((0..CELLS).all(|c| replayed.marks(c) == game.marks(c)));
        assert_eq!(replayed.mistakes(), 1);
        assert_eq!(replayed.hints_used(), 1);
        assert_eq!(replayed.undo, game.undo);
        assert_eq!(replayed.redo, game.redo);
        // Undo and redo keep working the same on both.
        let (mut a, mut b) = (game.clone(), replayed);
        assert_eq!(a.undo(), b.undo());
        assert_eq!(a.values(), b.values());

        // The computer's solve is replayed as the end of the game.
        let mut solved = game.clone();
        solved.finish_by_computer(0);
        let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, solved.journal()).unwrap();
        assert_eq!(replayed.status(), Status::SolvedByComputer);
        assert_eq!(replayed.values(), game.solution());
    }

    #[test]
    fn a_journal_that_does_not_fit_the_puzzle_is_refused() {
        let mut game = game();
        game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        let mut moves = game.journal().to_vec();
        moves[0].changes[0].before = 7;
        assert_eq!(
            Game::replay(*game.givens(), *game.solution(), game.rules, &moves)
                .unwrap_err()
                .to_string(),
            "move 0 changes r1c3, which does not hold what the move says it replaced"
        );
        moves[0].changes[0].cell = 81;
        assert!(matches!(
            Game::replay(*game.givens(), *game.solution(), game.rules, &moves),
            Err(ReplayError::OutOfRange { index: 0, cell: 81 })
        ));
        let undo = Move {
            kind: MoveKind::Undo,
            cell: None,
            digit: None,
            mistake: false,
            changes: vec![],
        };
        assert!(matches!(
            Game::replay(*game.givens(), *game.solution(), game.rules, &[undo]),
            Err(ReplayError::NothingToUndo { index: 0 })
        ));
    }

    /// A position read with its puzzle (here a JSON one, as `nonet-cli` and forum pencil-mark
    /// grids give them) is taken up whole: its digits beyond the givens and every empty cell's
    /// marks, in one move that undo takes back, with no mistake counted; replayed the same.
    #[test]
    fn a_position_read_with_the_puzzle_is_taken_up_as_one_move() {
        let position = crate::engine::format::parse(include_str!("../../tests/data/skyscraper-position.json")).unwrap();
        let givens = position.givens();
        let Solutions::Unique(solution) = solve(&givens) else {
            panic!("unique")
        };
        assert_eq!(Action::take_position(&Position::from_givens(&givens)), None);
        let take = Action::take_position(&position).expect("more than the givens");
        let Action::TakePosition { values, marks } = &take else {
            panic!("{take:?}")
        };
        let given = givens.iter().filter(|&&d| d != 0).count();
        assert!(
            !values.is_empty() && marks.len() + values.len() + given == CELLS,
            "{values:?}"
        );
        let mut game = Game::new(givens, solution, Rules::default());
        let outcome = game.apply(take).unwrap();
        assert!(outcome.changed && !outcome.mistake);
        for cell in 0..CELLS {
            assert_eq!(game.value(cell), position.value(cell));
            if position.value(cell) == 0 {
                assert_eq!(game.marks(cell), position.candidates(cell), "{cell}");
            }
        }
        assert_eq!(game.position(), position, "hints see the position read");
        assert_eq!(game.journal().len(), 1);
        assert_eq!(game.journal()[0].kind, MoveKind::PositionTaken);
        assert_eq!(MoveKind::from_id("position-taken"), Some(MoveKind::PositionTaken));
        assert!(game.helped(), "it began part solved");
        let replayed = Game::replay(givens, solution, game.rules, game.journal()).unwrap();
        assert_eq!(replayed.position(), game.position());
        // Reset goes back to the position taken, not past it.
        assert!(game.began_with_position());
        let open = (0..CELLS).find(|&c| game.value(c) == 0).unwrap();
        game.apply(Action::Enter {
            cell: open,
            digit: solution[open],
        })
        .unwrap();
        game.apply(Action::Reset).unwrap();
        assert_eq!(game.position(), position, "reset to the position taken");
        assert_eq!(
            game.apply(Action::Reset),
            Ok(Outcome::default()),
            "nothing more to reset"
        );
        game.undo();
        assert_eq!(game.value(open), solution[open]);
        game.undo();
        game.undo();
        assert_eq!(game.values(), &givens);
        // A wrong digit read is not the player's mistake; a given is not overwritten.
        let wrong = (0..CELLS).find(|&c| givens[c] == 0).unwrap();
        let digit = solution[wrong] % 9 + 1;
        let mut game = Game::new(givens, solution, Rules::default());
        let taken = game.apply(Action::TakePosition {
            values: vec![(wrong, digit)],
            marks: vec![],
        });
        assert!(taken.is_ok_and(|o| !o.mistake) && game.mistakes() == 0);
        let given = (0..CELLS).find(|&c| givens[c] != 0).unwrap();
        assert_eq!(
            game.apply(Action::TakePosition {
                values: vec![(given, 1)],
                marks: vec![]
            }),
            Err(Refusal::GivenCell)
        );
    }

    #[test]
    fn a_script_step_is_one_undoable_move() {
        let mut game = game();
        let outcome = game
            .apply(Action::ApplyScriptStep {
                placements: vec![(2, 4)],
                eliminations: vec![(3, 2)],
            })
            .unwrap();
        assert!(outcome.changed && !outcome.mistake);
        assert_eq!(game.value(2), 4);
        assert!(
            !game.marks(3).contains(2) && game.marks(3).contains(6),
            "marks written out, 2 gone"
        );
        assert_eq!(game.journal()[0].kind, MoveKind::ScriptStep);
        assert_eq!(MoveKind::from_id("script-step"), Some(MoveKind::ScriptStep));
        let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
        assert_eq!(replayed.values(), game.values());
        game.undo();
        assert_eq!(game.value(2), 0);
        assert_eq!(
            game.apply(Action::ApplyScriptStep {
                placements: vec![(0, 4)],
                eliminations: vec![]
            }),
            Err(Refusal::GivenCell)
        );
    }

    #[test]
    fn undo_and_redo_step_through_actions() {
        let mut game = game();
        game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        game.apply(Action::FillCandidates).unwrap();
        assert!(game.marks(3).contains(6));
        assert!(game.undo());
        assert!(game.marks(3).is_empty());
        assert!(game.redo());
        assert!(game.marks(3).contains(6));
        assert!(game.undo() && game.undo());
        assert!(!game.undo());
        assert_eq!(game.value(2), 0);
        // A new action clears the redo stack.
        game.apply(Action::Enter { cell: 3, digit: 6 }).unwrap();
        assert!(!game.redo());
    }

    #[test]
    fn filling_the_grid_right_solves_the_game_and_then_input_stops() {
        let mut game = game();
        let solution = *game.solution();
        let mut last = Outcome::default();
        let open: Vec<Cell> = (0..CELLS).filter(|&c| !game.is_given(c)).collect();
        for cell in open {
            last = game
                .apply(Action::Enter {
                    cell,
                    digit: solution[cell],
                })
                .unwrap();
        }
        assert!(last.solved);
        assert_eq!(game.status(), Status::Solved);
        assert_eq!(game.apply(Action::Clear { cell: 2 }), Err(Refusal::Finished));
    }

    #[test]
    fn help_that_gives_digits_away_is_remembered_through_a_replay() {
        let replayed =
            |game: &Game| Game::replay(*game.givens(), *game.solution(), Rules::default(), game.journal()).unwrap();
        // Digits typed, marks, an elimination step and hints asked for are not help of that kind.
        let mut plain = game();
        plain.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        plain.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
        plain
            .apply(Action::ApplyScriptStep {
                placements: vec![],
                eliminations: vec![(3, 2)],
            })
            .unwrap();
        assert!(plain.hint_request().is_some());
        assert!(!plain.helped() && !replayed(&plain).helped());
        // Looking at the solution is, even once it is hidden again.
        let mut shown = game();
        shown.set_solution_shown(true);
        shown.set_solution_shown(false);
        assert!(shown.helped() && replayed(&shown).helped());
        assert_eq!(replayed(&shown).journal().len(), 1);
        // So is a step that places a digit.
        let mut placed = game();
        let digit = placed.solution()[2];
        placed
            .apply(Action::ApplyScriptStep {
                placements: vec![(2, digit)],
                eliminations: vec![],
            })
            .unwrap();
        assert!(placed.helped() && replayed(&placed).helped());
    }

    #[test]
    fn showing_the_solution_or_pausing_blocks_input() {
        let mut game = game();
        game.set_solution_shown(true);
        assert_eq!(
            game.apply(Action::Enter { cell: 2, digit: 4 }),
            Err(Refusal::SolutionShown)
        );
        game.set_solution_shown(false);
        game.set_paused(true, 1_000);
        assert_eq!(game.apply(Action::Enter { cell: 2, digit: 4 }), Err(Refusal::Paused));
        assert!(!game.undo());
        game.set_paused(false, 2_000);
        assert!(game.apply(Action::Enter { cell: 2, digit: 4 }).is_ok());
    }

    /// Seeing the solution some other way (its path) during play makes the game helped, and
    /// stays in the journal; once the game is over it changes nothing.
    #[test]
    fn seeing_the_solution_path_counts_as_help() {
        let replayed =
            |game: &Game| Game::replay(*game.givens(), *game.solution(), Rules::default(), game.journal()).unwrap();
        let mut game = game();
        assert!(!game.helped());
        game.note_solution_seen();
        assert!(game.helped() && replayed(&game).helped());
        assert!(!game.solution_shown(), "input goes on");
        assert!(game.apply(Action::Enter { cell: 2, digit: 4 }).is_ok());
        let mut over = self::game();
        over.finish_by_computer(1_000);
        let moves = over.journal().len();
        over.note_solution_seen();
        assert_eq!(over.journal().len(), moves);
    }

    #[test]
    fn the_clock_counts_only_while_running() {
        let mut clock = Clock::default();
        clock.start(1_000);
        assert_eq!(clock.elapsed_ms(4_000), 3_000);
        clock.stop(5_000);
        assert_eq!(clock.elapsed_ms(60_000), 4_000);
        clock.start(70_000);
        clock.start(80_000); // already running: no effect
        assert_eq!(clock.elapsed_ms(71_500), 5_500);
        assert_eq!(Clock::with_elapsed(90_000).elapsed_ms(1), 90_000);
        assert_eq!(format_duration(751_000), "12:31");
        assert_eq!(format_duration(3_723_000), "1:02:03");
    }

    #[test]
    fn pausing_stops_the_clock() {
        let mut game = game();
        game.clock.start(0);
        game.set_paused(true, 10_000);
        assert_eq!(game.clock.elapsed_ms(50_000), 10_000);
        game.set_paused(false, 50_000);
        assert_eq!(game.clock.elapsed_ms(52_000), 12_000);
    }

    #[test]
    fn hints_count_against_the_allowance() {
        let mut game = game();
        game.rules.hint_allowance = 2;
        assert!(game.take_hint().is_some());
        assert!(game.take_hint().is_some());
        assert_eq!(game.hints_left(), Some(0));
        assert!(game.take_hint().is_none());
        assert_eq!(game.hints_used(), 2);
        game.rules.hint_allowance = 0;
        assert_eq!(game.hints_left(), None);
        assert!(game.take_hint().is_some());
    }

    #[test]
    fn a_hint_points_at_a_wrong_digit_and_a_step_applies_as_one_action() {
        let mut game = game();
        game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
        assert_eq!(game.take_hint(), Some(Hint::WrongEntry { cell: 2, entered: 1 }));
        game.apply(Action::Clear { cell: 2 }).unwrap();
        let Some(Hint::Step(step)) = game.take_hint() else {
            panic!("a step")
        };
        let placed = step.placements[0];
        game.apply(Action::ApplyStep(step)).unwrap();
        assert_eq!(game.value(placed.cell), placed.digit);
        game.undo();
        assert_eq!(game.value(placed.cell), 0);
    }

    #[test]
    fn eliminations_in_unmarked_cells_write_out_their_candidates() {
        let mut game = game();
        let mut step = Step::new(crate::engine::logic::Technique::NakedPair);
        step.eliminate(2, 1);
        game.apply(Action::ApplyStep(step)).unwrap();
        assert_eq!(game.marks(2).to_string(), "24");
        assert!(game.position().candidates(2).contains(4));
    }

    #[test]
    fn the_computer_can_finish_the_game() {
        let mut game = game();
        game.clock.start(0);
        game.finish_by_computer(30_000);
        assert_eq!(game.status(), Status::SolvedByComputer);
        assert_eq!(game.values(), game.solution());
        assert!(!game.clock.is_running());
        assert_eq!(game.clock.elapsed_ms(99_000), 30_000);
    }
}
