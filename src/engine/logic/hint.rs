//! Hints for the player: first a wrong entry or a wrongly removed pencil mark, if any, then the
//! next logical step. The app shows a step in three stages: where to look and the technique
//! ([`Step::summary`]), the pattern highlighted, then the step applied.

use serde::Serialize;

use super::step::Step;
use super::technique::Technique;
use super::{next_step, Board};
use crate::engine::grid::{cell_name, Cell, Digit, Position, CELLS};
use crate::engine::solver::{self, Solutions};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
// One hint exists at a time and is matched everywhere by value; boxing the step buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum Hint {
    /// The player's digit in this cell is not the solution's.
    WrongEntry { cell: Cell, entered: Digit },
    /// The player removed the solution digit from this cell's pencil marks.
    MissingCandidate { cell: Cell, digit: Digit },
    /// The next logical step.
    Step(Step),
    /// No technique applies: the cell's solution digit, as a last resort.
    Reveal { cell: Cell, digit: Digit },
    /// The grid is already full and right.
    Solved,
    /// The givens have no unique solution, so no hint can be trusted.
    NoUniqueSolution,
}

impl Hint {
    /// One sentence for the player.
    pub fn message(&self) -> String {
        match self {
            Hint::WrongEntry { cell, entered } => {
                format!("{} is wrong: it is not {}.", cell_name(*cell), entered)
            }
            Hint::MissingCandidate { cell, digit } => {
                format!(
                    "{} has lost a candidate it needs: {} was removed but is the answer.",
                    cell_name(*cell),
                    digit
                )
            }
            Hint::Step(step) => step.summary(),
            Hint::Reveal { cell, digit } => {
                format!(
                    "No technique Nonet knows applies here; {} is {}.",
                    cell_name(*cell),
                    digit
                )
            }
            Hint::Solved => "The puzzle is solved.".into(),
            Hint::NoUniqueSolution => "This puzzle does not have exactly one solution.".into(),
        }
    }
}

/// The hint for a position: a wrong entry first, then a removed solution candidate, then the
/// next step.
pub fn hint(position: &Position) -> Hint {
    let Solutions::Unique(solution) = solver::solve(&position.givens()) else {
        return Hint::NoUniqueSolution;
    };
    hint_with_solution(position, &solution)
}

pub fn hint_with_solution(position: &Position, solution: &[Digit; CELLS]) -> Hint {
    for cell in 0..CELLS {
        let entered = position.value(cell);
        if entered != 0 && entered != solution[cell] {
            return Hint::WrongEntry { cell, entered };
        }
    }
    for cell in 0..CELLS {
        if position.value(cell) == 0 && !position.candidates(cell).contains(solution[cell]) {
            return Hint::MissingCandidate {
                cell,
                digit: solution[cell],
            };
        }
    }
    if let Some(step) = next_step(position, Technique::ALL) {
        return Hint::Step(step);
    }
    let board = Board::from_position(position);
    match board.empty_cells().first() {
        Some(cell) => Hint::Reveal {
            cell,
            digit: solution[cell],
        },
        None => Hint::Solved,
    }
}
