//! A game's journal: each move as it is stored (its kind, the player's intent and every cell it
//! changed, before and after), and rebuilding a game from its journal.

use super::{CellState, Edit, Game, Paint, Rules, Status};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Cell, Digit, CELLS};
use crate::engine::logic::Technique;

/// What a journal entry records; its id (`mark-on`, `hint`) is how the store keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum MoveKind {
    Digit,
    Clear,
    MarkOn,
    MarkOff,
    FillCandidates,
    /// Every pencil mark taken off the board.
    ClearMarks,
    /// A solving step applied (a hint's last stage, or a script's step).
    Step,
    Reset,
    /// A hint was asked for (it counts against the allowance).
    #[strum(serialize = "hint")]
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
    /// A cell or a pencil mark coloured, or its colour taken away.
    Colour,
    /// Every colour taken off the board.
    ClearColours,
    /// A checkpoint set at the board as it was (nothing on the board changes).
    #[strum(serialize = "checkpoint")]
    CheckpointSet,
    /// The board brought back to the checkpoint.
    BackToCheckpoint,
}

impl MoveKind {
    pub const ALL: &'static [MoveKind] = <MoveKind as strum::VariantArray>::VARIANTS;

    pub fn id(self) -> &'static str {
        self.into()
    }

    pub fn from_id(id: &str) -> Option<MoveKind> {
        crate::engine::ids::parse(id, "move").ok()
    }
}

/// One cell's digit, pencil marks and colours before and after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellChange {
    pub cell: Cell,
    pub before: Digit,
    pub before_marks: Candidates,
    pub before_paint: Paint,
    pub after: Digit,
    pub after_marks: Candidates,
    pub after_paint: Paint,
}

impl CellChange {
    /// What the cell held before the move.
    pub(super) fn before_state(&self) -> CellState {
        CellState {
            value: self.before,
            marks: self.before_marks,
            paint: self.before_paint,
        }
    }

    /// What the cell holds after the move.
    pub(super) fn after_state(&self) -> CellState {
        CellState {
            value: self.after,
            marks: self.after_marks,
            paint: self.after_paint,
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
    /// The technique of a solving step applied (a hint's or a step list's), or of the step a
    /// hint asked for pointed at ([`Game::name_last_hint`]), for the replay; `None` for every
    /// other move, and for the moves of games kept before techniques were.
    pub technique: Option<Technique>,
}

impl Move {
    /// A move that names no cell or digit and is no mistake (undo, a hint asked for…), with the
    /// cells it changed.
    pub(super) fn plain(kind: MoveKind, changes: Vec<CellChange>) -> Move {
        Move {
            kind,
            cell: None,
            digit: None,
            mistake: false,
            changes,
            technique: None,
        }
    }
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

pub(super) fn journal_changes(changes: &[(Cell, CellState, CellState)]) -> Vec<CellChange> {
    changes
        .iter()
        .map(|&(cell, before, after)| CellChange {
            cell,
            before: before.value,
            before_marks: before.marks,
            before_paint: before.paint,
            after: after.value,
            after_marks: after.marks,
            after_paint: after.paint,
        })
        .collect()
}

impl Game {
    /// The cells whose digit the computer's Solve put there: those it filled, and those whose
    /// wrong digit it replaced (the board tells them apart from the player's digits). None
    /// unless the computer finished the game.
    pub fn cells_solved_by_computer(&self) -> CellSet {
        if self.status != Status::SolvedByComputer {
            return CellSet::EMPTY;
        }
        self.journal
            .iter()
            .rev()
            .find(|m| m.kind == MoveKind::ComputerSolve)
            .map(|m| {
                m.changes
                    .iter()
                    .filter(|c| c.after != 0 && c.after != c.before)
                    .map(|c| c.cell)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether the game's first move took up the position its puzzle came with (a forum's
    /// pencil-mark grid, a JSON position): Reset goes back to that position, not past it.
    pub fn began_with_position(&self) -> bool {
        self.position_taken().is_some()
    }

    /// The first move, when it took up the position the puzzle came with.
    pub(super) fn position_taken(&self) -> Option<&Move> {
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
                        cell: crate::engine::grid::cell_name(change.cell),
                    });
                }
            }
            let edit = || Edit {
                changes: entry
                    .changes
                    .iter()
                    .map(|c| (c.cell, c.before_state(), c.after_state()))
                    .collect(),
                taken_position: index == 0 && entry.kind == MoveKind::PositionTaken,
            };
            match entry.kind {
                MoveKind::HintTaken => game.hints_used += 1,
                MoveKind::Strike => game.count_strike(),
                MoveKind::SolutionShown => {}
                MoveKind::CheckpointSet => {
                    game.checkpoint = Some(Box::new(game.board()));
                }
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
                        game.set_state(c.cell, c.after_state());
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
