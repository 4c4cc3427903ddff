//! Checks that a puzzle is fit to play: no digit repeated among the givens, and exactly one
//! solution. The problems found name the cells and houses involved.

use std::fmt;

use thiserror::Error;

use super::grid::{cell_name, house_name, Cell, Digit, House, Position, CELLS, HOUSES};
use super::solver::{self, Solutions};

/// A digit that appears more than once in a house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    pub digit: Digit,
    pub house: House,
    pub cells: Vec<Cell>,
}

impl fmt::Display for Duplicate {
    /// `digit 5 appears twice in row 1: r1c1, r1c7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let times = match self.cells.len() {
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        let cells: Vec<String> = self.cells.iter().map(|&c| cell_name(c)).collect();
        write!(
            f,
            "digit {} appears {} in {}: {}",
            self.digit,
            times,
            house_name(self.house),
            cells.join(", ")
        )
    }
}

/// `digit 5 appears twice in row 1: r1c1, r1c7; …`, the first repeats and a count of the rest.
fn repeats_text(repeats: &[Duplicate]) -> String {
    let (named, more) = repeats_named(repeats);
    let mut text = named.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; ");
    if more > 0 {
        text += &format!("; and {more} more {}", if more == 1 { "repeat" } else { "repeats" });
    }
    text
}

/// Every digit repeated within a row, column or box, house by house.
pub fn duplicates(values: &[Digit; CELLS]) -> Vec<Duplicate> {
    let mut found = Vec::new();
    for (house, cells) in HOUSES.iter().enumerate() {
        for digit in 1..=9 {
            let holding: Vec<Cell> = cells.iter().copied().filter(|&c| values[c] == digit).collect();
            if holding.len() > 1 {
                found.push(Duplicate {
                    digit,
                    house,
                    cells: holding,
                });
            }
        }
    }
    found
}

/// How many repeats a message names; the rest are counted. A grid of repeated digits can hold a
/// hundred of them (every house, four digits each), which no one reads and no dialog holds.
pub const REPEATS_NAMED: usize = 3;

/// The repeats a message names, and how many more there are ([`REPEATS_NAMED`]).
pub fn repeats_named(repeats: &[Duplicate]) -> (&[Duplicate], usize) {
    let named = repeats.len().min(REPEATS_NAMED);
    (&repeats[..named], repeats.len() - named)
}

/// Why a puzzle cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleProblem {
    /// Givens repeated (every repeat; the message names the first few).
    #[error("no solution: {}", repeats_text(.0))]
    RepeatedGivens(Vec<Duplicate>),
    #[error("no solution")]
    NoSolution,
    #[error("multiple solutions")]
    MultipleSolutions,
}

/// The solution of a puzzle fit to play, or what is wrong with it.
/// Repeated givens are looked for only when the solver finds no solution (repeats leave none),
/// so a good puzzle costs one solve.
pub fn check_puzzle(givens: &[Digit; CELLS]) -> Result<[Digit; CELLS], PuzzleProblem> {
    match solver::solve(givens) {
        Solutions::Unique(solution) => Ok(solution),
        Solutions::None => {
            let repeated = duplicates(givens);
            Err(if repeated.is_empty() {
                PuzzleProblem::NoSolution
            } else {
                PuzzleProblem::RepeatedGivens(repeated)
            })
        }
        Solutions::Multiple(_) => Err(PuzzleProblem::MultipleSolutions),
    }
}

/// Why a text could not become a game: nothing in it, a parse error, or a puzzle without exactly
/// one solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportError {
    #[error("no puzzle found in the text")]
    Empty,
    #[error("puzzle {number}: {error}")]
    Parse {
        number: usize,
        error: super::format::ParseError,
    },
    #[error("this puzzle has {0}")]
    Problem(PuzzleProblem),
    /// A puzzle asked for by its number (from 1) past the text's last.
    #[error("there is no puzzle {number}: the text holds {count}")]
    Beyond { number: usize, count: usize },
}

/// A puzzle read from text that can be played: its givens and their unique solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playable {
    pub givens: [Digit; CELLS],
    pub solution: [Digit; CELLS],
    /// How many puzzles the text held (the first, or the one asked for of [`playable_at`], is
    /// the one taken).
    pub puzzles_in_text: usize,
    /// The puzzle as the text has it: with the digits its format marks as a player's (not
    /// givens) and its pencil marks, where it has them (a forum's pencil-mark grid, a saved
    /// position), for play to take up ([`crate::engine::game::Action::take_position`]).
    pub position: Position,
}

/// Reads the first puzzle of a text in any format the engine knows and checks that it has exactly
/// one solution. Digits the format marks as the player's are not givens: the puzzle is its givens,
/// and the position read is kept beside it.
pub fn playable_from_text(text: &str) -> Result<Playable, ImportError> {
    playable_at(text, 0).0
}

/// Reads puzzle `index` (from 0) of a text as [`playable_from_text`] reads the first, and says
/// how many puzzles the text holds, whether that one can be played or not: the app plays a
/// file's puzzles one after another.
pub fn playable_at(text: &str, index: usize) -> (Result<Playable, ImportError>, usize) {
    // (Only the one asked for is read: a large file's positions are not all held at once.)
    let mut count = 0;
    let mut taken = None;
    for puzzle in super::format::puzzle_texts(text) {
        if count == index {
            taken = Some(puzzle);
        }
        count += 1;
    }
    let playable = match taken {
        None if count == 0 => Err(ImportError::Empty),
        None => Err(ImportError::Beyond {
            number: index + 1,
            count,
        }),
        Some(puzzle) => read_checked(&puzzle).map(|(position, solution)| Playable {
            givens: position.givens(),
            solution,
            puzzles_in_text: count,
            position,
        }),
    };
    (playable, count)
}

/// Reads one puzzle of a text ([`format::puzzle_texts`](super::format::puzzle_texts)) and
/// checks it as [`playable_at`] does: the position as the text has it, and its solution.
pub fn read_checked(puzzle: &super::format::PuzzleText) -> Result<(Position, [Digit; CELLS]), ImportError> {
    let position = puzzle.read().map_err(|error| ImportError::Parse {
        number: puzzle.line,
        error,
    })?;
    let solution = check_puzzle(&position.givens()).map_err(ImportError::Problem)?;
    Ok((position, solution))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_becomes_a_playable_puzzle_or_says_why_not() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let playable = playable_from_text(&format!("{line}\n{line}\n")).unwrap();
        assert_eq!(playable.puzzles_in_text, 2);
        assert_eq!(playable.solution[2], 4);
        assert_eq!(playable_from_text("  \n"), Err(ImportError::Empty));
        let bad =
            playable_from_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x");
        assert!(matches!(bad, Err(ImportError::Parse { number: 1, .. })), "{bad:?}");
        let two = playable_from_text(&format!("{}{}", &line[..20], ".".repeat(61))).unwrap_err();
        assert_eq!(two, ImportError::Problem(PuzzleProblem::MultipleSolutions));
        assert_eq!(two.to_string(), "this puzzle has multiple solutions");
        let repeated = playable_from_text(&format!("55{}", &line[2..])).unwrap_err();
        assert!(
            repeated.to_string().contains("digit 5 appears twice in row 1"),
            "{repeated}"
        );
    }

    #[test]
    fn any_puzzle_of_a_text_can_be_taken_and_the_text_counted() {
        let first = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let third = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let several = format!("# a collection\n{first}\n{}\n\n{third}\n", ".".repeat(81));
        let (taken, count) = playable_at(&several, 2);
        assert_eq!(count, 3, "the comment and the blank line are not puzzles");
        let taken = taken.unwrap();
        assert_eq!(taken.givens[0], 4);
        assert_eq!(taken.puzzles_in_text, 3);
        // The solution is the rules': every row, column and box holds 1 to 9, the givens kept.
        for house in 0..27 {
            let mut digits: Vec<_> = crate::engine::grid::HOUSES[house]
                .iter()
                .map(|&c| taken.solution[c])
                .collect();
            digits.sort();
            assert_eq!(digits, (1..=9).collect::<Vec<_>>());
        }
        assert!((0..CELLS).all(|c| taken.givens[c] == 0 || taken.givens[c] == taken.solution[c]));
        // The second has every solution: refused, and the count still told.
        assert_eq!(
            playable_at(&several, 1),
            (Err(ImportError::Problem(PuzzleProblem::MultipleSolutions)), 3)
        );
        assert_eq!(playable_at(&several, 0).0.unwrap().givens[0], 5);
        let (beyond, count) = playable_at(&several, 3);
        assert_eq!(beyond, Err(ImportError::Beyond { number: 4, count: 3 }));
        assert_eq!(count, 3);
        assert_eq!(
            beyond.unwrap_err().to_string(),
            "there is no puzzle 4: the text holds 3"
        );
        assert_eq!(playable_at("", 5), (Err(ImportError::Empty), 0));
    }

    #[test]
    fn duplicates_name_digit_house_and_cells() {
        let mut values = [0; CELLS];
        values[0] = 5;
        values[6] = 5;
        let found = duplicates(&values);
        assert_eq!(
            found,
            vec![Duplicate {
                digit: 5,
                house: 0,
                cells: vec![0, 6]
            }]
        );
        assert_eq!(found[0].to_string(), "digit 5 appears twice in row 1: r1c1, r1c7");
        assert!(matches!(check_puzzle(&values), Err(PuzzleProblem::RepeatedGivens(_))));
    }

    #[test]
    fn a_message_names_the_first_repeats_and_counts_the_rest() {
        // Every cell a 1: each of the 27 houses repeats it.
        let ones = [1; CELLS];
        let Err(PuzzleProblem::RepeatedGivens(all)) = check_puzzle(&ones) else {
            panic!("repeats expected");
        };
        assert_eq!(all.len(), 27, "every repeat is kept for programs");
        let text = PuzzleProblem::RepeatedGivens(all.clone()).to_string();
        assert!(
            text.starts_with("no solution: digit 1 appears 9 times in row 1: r1c1, r1c2, r1c3,"),
            "{text}"
        );
        assert!(text.contains("; digit 1 appears 9 times in row 3: r3c1,"), "{text}");
        assert!(!text.contains("row 4"), "{text}");
        assert!(text.ends_with("r3c9; and 24 more repeats"), "{text}");
        assert_eq!(text.matches("appears").count(), REPEATS_NAMED);
        let four = PuzzleProblem::RepeatedGivens(all[..4].to_vec()).to_string();
        assert!(four.ends_with("; and 1 more repeat"), "{four}");
        let three = PuzzleProblem::RepeatedGivens(all[..3].to_vec()).to_string();
        assert!(three.ends_with("r3c9"), "{three}");
    }

    #[test]
    fn an_empty_grid_has_multiple_solutions() {
        assert_eq!(check_puzzle(&[0; CELLS]), Err(PuzzleProblem::MultipleSolutions));
    }
}
