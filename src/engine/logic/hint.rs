//! Hints for the player: first a wrong entry or a wrongly removed pencil mark, if any, then the
//! next logical step. The app shows a step in three stages: where to look and the technique
//! ([`Step::summary`]), the pattern highlighted, then the step applied.

use serde::Serialize;

use super::step::Step;
use super::technique::Technique;
use super::{next_step, Board};
use crate::engine::grid::{cell_name, house_name, houses_of, Cell, Digit, House, Position, CELLS, HOUSES};
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
    /// The cell keeps the pencil mark of a digit placed in its row, column or box (`by` holds
    /// it; `house` is the house they share, row before column before box).
    RuledOutMark {
        cell: Cell,
        digit: Digit,
        by: Cell,
        house: House,
    },
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
            Hint::RuledOutMark { cell, digit, by, house } => {
                format!(
                    "{} still has the pencil mark {}, but {} is already in {}, at {}.",
                    cell_name(*cell),
                    digit,
                    digit,
                    house_name(*house),
                    cell_name(*by)
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

/// The hint for a position: a wrong entry first, then a removed solution candidate, then a mark
/// a placed digit rules out, then the next step.
pub fn hint(position: &Position) -> Hint {
    let Solutions::Unique(solution) = solver::solve(&position.givens()) else {
        return Hint::NoUniqueSolution;
    };
    hint_with_solution(position, &solution)
}

/// Whether a hint may teach the techniques that rest on the puzzle having a single solution
/// ([`Technique::rests_on_uniqueness`]): a player may leave them out, and is then taught another
/// way (harder, maybe), as Sudoku Explainer and HoDoKu allow. Ratings always use them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Uniqueness {
    #[default]
    Used,
    Avoided,
}

impl Uniqueness {
    /// Whether a hint may teach this technique.
    pub fn allows(self, technique: Technique) -> bool {
        self == Uniqueness::Used || !technique.rests_on_uniqueness()
    }
}

pub fn hint_with_solution(position: &Position, solution: &[Digit; CELLS]) -> Hint {
    hint_using(position, solution, Uniqueness::Used)
}

/// The hint for a position whose solution is known, as [`hint`] finds it, with or without the
/// techniques that rest on uniqueness.
pub fn hint_using(position: &Position, solution: &[Digit; CELLS], uniqueness: Uniqueness) -> Hint {
    if let Some(hint) = slip(position, solution) {
        return hint;
    }
    let allowed: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|&t| uniqueness.allows(t))
        .collect();
    if let Some(step) = next_step(position, &allowed) {
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

/// The player's first slip, which a hint points at before any step: a wrong entry, a solution
/// digit taken out of a cell's pencil marks, or a mark a placed digit rules out. Steps found on
/// a position with one of the first two could be wrong.
pub fn slip(position: &Position, solution: &[Digit; CELLS]) -> Option<Hint> {
    mistake(position, solution).or_else(|| ruled_out_mark(position))
}

/// The player's first mistake, the slips a step could rest on: a wrong entry, or a solution digit
/// taken out of a cell's pencil marks (a stale mark is not one: the techniques pass it over).
pub fn mistake(position: &Position, solution: &[Digit; CELLS]) -> Option<Hint> {
    for cell in 0..CELLS {
        let entered = position.value(cell);
        if entered != 0 && entered != solution[cell] {
            return Some(Hint::WrongEntry { cell, entered });
        }
    }
    for cell in 0..CELLS {
        if position.value(cell) == 0 && !position.candidates(cell).contains(solution[cell]) {
            return Some(Hint::MissingCandidate {
                cell,
                digit: solution[cell],
            });
        }
    }
    None
}

/// The first pencil mark of an empty cell that a digit placed in its row, column or box rules
/// out (the techniques pass such marks over, but the player should know they are stale).
fn ruled_out_mark(position: &Position) -> Option<Hint> {
    (0..CELLS).filter(|&cell| position.value(cell) == 0).find_map(|cell| {
        houses_of(cell).into_iter().find_map(|house| {
            HOUSES[house].iter().find_map(|&by| {
                let digit = position.value(by);
                (digit != 0 && position.candidates(cell).contains(digit)).then_some(Hint::RuledOutMark {
                    cell,
                    digit,
                    by,
                    house,
                })
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::parse_line;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The puzzle with every candidate the rules allow, then `digit` entered in `cell` without
    /// taking it from the peers' marks (automatic removal off).
    fn entered_keeping_marks(cell: Cell, digit: Digit) -> Position {
        let puzzle = parse_line(PUZZLE).unwrap();
        let marks = *puzzle.all_candidates();
        let mut values = *puzzle.values();
        values[cell] = digit;
        Position::from_givens_and_values(&puzzle.givens(), &values).with_candidates(&marks)
    }

    #[test]
    fn a_mark_a_placed_digit_rules_out_is_pointed_at_before_any_step() {
        // r1c3 is 4 in the solution; r1c6 keeps the mark 4 (r1c4 has none: column 4 holds a 4),
        // and so do r1c7 to r1c9 and r2c2 and r3c1 in box 1 (r1c3's marks go with its digit).
        let position = entered_keeping_marks(2, 4);
        assert!(!position.candidates(3).contains(4) && position.candidates(5).contains(4));
        let hint = hint(&position);
        assert_eq!(
            hint,
            Hint::RuledOutMark {
                cell: 5,
                digit: 4,
                by: 2,
                house: 0
            }
        );
        assert_eq!(
            hint.message(),
            "r1c6 still has the pencil mark 4, but 4 is already in row 1, at r1c3."
        );
        // With the marks as the rules give them, the next step again.
        let mut clean = position.clone();
        clean.recompute_candidates();
        assert!(matches!(super::hint(&clean), Hint::Step(_)));
    }

    #[test]
    fn a_stale_mark_is_a_slip_but_no_mistake_and_a_wrong_digit_is_both() {
        let Solutions::Unique(solution) = solver::solve(&parse_line(PUZZLE).unwrap().givens()) else {
            panic!("the puzzle has one solution")
        };
        // r1c3 is 4: right, but r1c6 keeps the mark 4 it rules out.
        let stale = entered_keeping_marks(2, 4);
        assert!(matches!(slip(&stale, &solution), Some(Hint::RuledOutMark { .. })));
        assert_eq!(mistake(&stale, &solution), None);
        // r1c3 as 1 is wrong.
        let wrong = entered_keeping_marks(2, 1);
        let expected = Some(Hint::WrongEntry { cell: 2, entered: 1 });
        assert_eq!(
            (slip(&wrong, &solution), mistake(&wrong, &solution)),
            (expected.clone(), expected)
        );
        // The solution's 4 taken out of r1c3's marks, the cell empty.
        let puzzle = parse_line(PUZZLE).unwrap();
        let mut marks = *puzzle.all_candidates();
        marks[2].remove(4);
        let missing = Position::from_givens_and_values(&puzzle.givens(), puzzle.values()).with_candidates(&marks);
        assert_eq!(
            mistake(&missing, &solution),
            Some(Hint::MissingCandidate { cell: 2, digit: 4 })
        );
    }

    #[test]
    fn the_techniques_pass_over_marks_a_placed_digit_rules_out() {
        // Row 1 has 4 at r1c3, and the player took the mark 4 from r1c7 to r1c9 but not from
        // r1c6: as a candidate, it would be the only place for 4 in row 1, a hidden single that
        // puts a second 4 in the row. Read as the board, it is no candidate at all.
        let stale = entered_keeping_marks(2, 4);
        let mut marks = *stale.all_candidates();
        for cell in [6, 7, 8] {
            marks[cell].remove(4);
        }
        let position = stale.with_candidates(&marks);
        assert_eq!(
            (0..9)
                .filter(|&c| position.candidates(c).contains(4))
                .collect::<Vec<_>>(),
            [5]
        );
        let board = Board::from_position(&position);
        for cell in [3, 5, 6, 7, 8] {
            assert!(!board.has(cell, 4), "r1c{} keeps 4 as a candidate", cell + 1);
        }
        for step in super::super::find_all(&position, Technique::HiddenSingle) {
            for placement in &step.placements {
                assert!(
                    !(placement.digit == 4
                        && (placement.cell < 9 || [0, 1, 2, 9, 10, 11, 18, 19, 20].contains(&placement.cell))),
                    "a second 4 in row 1 or box 1: {}",
                    step.compact()
                );
            }
        }
    }
}
