//! The puzzle generator: a random full grid, then clues removed (in symmetric groups when asked)
//! while the puzzle keeps exactly one solution. Seeded with ChaCha8, so a seed gives the same
//! puzzle on every run and machine.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use thiserror::Error;

use super::grid::{col_of, row_of, Candidates, Cell, Digit, CELLS, PEERS};
use super::logic::rating::{rate_up_to, Rating};
use super::logic::Level;
use super::solver;

/// Which clue pattern symmetry a generated puzzle keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    #[default]
    None,
    /// 180° rotation about the centre: a clue at r1c2 has a partner at r9c8.
    Rotational,
    /// Left–right mirror: a clue at r1c2 has a partner at r1c8.
    Mirror,
}

impl Symmetry {
    /// The cell that must match `cell` under this symmetry.
    pub fn partner(self, cell: Cell) -> Cell {
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => CELLS - 1 - cell,
            Symmetry::Mirror => row_of(cell) * 9 + 8 - col_of(cell),
        }
    }

    /// Whether a clue pattern has this symmetry.
    pub fn holds_for(self, puzzle: &[Digit; CELLS]) -> bool {
        (0..CELLS).all(|c| (puzzle[c] == 0) == (puzzle[self.partner(c)] == 0))
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Symmetry, String> {
        match s {
            "none" => Ok(Symmetry::None),
            "rotational" => Ok(Symmetry::Rotational),
            "mirror" => Ok(Symmetry::Mirror),
            _ => Err(format!("unknown symmetry '{s}' (expected none, rotational or mirror)")),
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
        })
    }
}

/// How to generate a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub seed: u64,
    pub symmetry: Symmetry,
    /// No single clue can be removed without losing uniqueness. Without symmetry every puzzle is
    /// minimal; with symmetry, puzzles are drawn until one is.
    pub minimal: bool,
    /// Only puzzles that rate at this level.
    pub difficulty: Option<Level>,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    #[error("generation was cancelled")]
    Cancelled,
}

/// A generated puzzle with its solution and the seed that reproduces it.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: [Digit; CELLS],
    pub solution: [Digit; CELLS],
    pub seed: u64,
    /// The rating, when a difficulty was asked for.
    pub rating: Option<Rating>,
}

impl Generated {
    pub fn clue_count(&self) -> usize {
        self.puzzle.iter().filter(|&&d| d != 0).count()
    }
}

/// Generates a puzzle with exactly one solution (and the asked difficulty, if any).
pub fn generate(options: Options) -> Result<Generated, GenerateError> {
    generate_cancellable(options, &AtomicBool::new(false), &mut |_| {})
}

/// Like [`generate`], for a caller that may give up (a slow Master search when the player starts
/// another game): `cancel` is checked after every candidate puzzle, and `progress` is told how
/// many candidates have been tried.
pub fn generate_cancellable(
    options: Options,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(u64),
) -> Result<Generated, GenerateError> {
    let mut tried = 0u64;
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    loop {
        let (puzzle, solution) = draw(&mut rng, options.symmetry);
        // Without symmetry one removal pass already leaves every clue necessary; a symmetric
        // pass can leave a single removable clue, so draw again (a few tries on average).
        if options.minimal && options.symmetry != Symmetry::None && !is_minimal(&puzzle) {
            continue;
        }
        if cancel.load(Ordering::Relaxed) {
            return Err(GenerateError::Cancelled);
        }
        tried += 1;
        if tried.is_multiple_of(64) {
            progress(tried);
        }
        let rating = match options.difficulty {
            None => None,
            Some(level) => {
                // Rating stops as soon as a step would need a harder level, so misses are cheap.
                let rating = rate_up_to(&puzzle, level, Some(&solution));
                // Master also takes a puzzle the techniques cannot finish (none is known).
                let fits = rating.level == level && (rating.solved || level == Level::Master);
                if !fits {
                    continue;
                }
                Some(rating)
            }
        };
        return Ok(Generated {
            puzzle,
            solution,
            seed: options.seed,
            rating,
        });
    }
}

/// One random puzzle, minimal but for symmetry, with its solution: a random full grid, then its
/// clues removed in random order while the solution stays unique.
pub(crate) fn draw(rng: &mut ChaCha8Rng, symmetry: Symmetry) -> ([Digit; CELLS], [Digit; CELLS]) {
    let solution = random_full_grid(rng);
    (remove_clues(&solution, symmetry, rng), solution)
}

/// Whether removing any one clue would leave more than one solution.
pub fn is_minimal(puzzle: &[Digit; CELLS]) -> bool {
    let mut trial = *puzzle;
    (0..CELLS).filter(|&c| puzzle[c] != 0).all(|cell| {
        trial[cell] = 0;
        let unique = solver::has_unique_solution(&trial);
        trial[cell] = puzzle[cell];
        !unique
    })
}

/// A uniformly shuffled search for a complete valid grid: fill the cell with the fewest options,
/// trying its digits in random order.
fn random_full_grid(rng: &mut ChaCha8Rng) -> [Digit; CELLS] {
    let mut grid = [0; CELLS];
    let filled = fill(&mut grid, rng);
    debug_assert!(filled, "an empty grid always has a completion");
    grid
}

fn options_for(grid: &[Digit; CELLS], cell: Cell) -> Candidates {
    let mut set = Candidates::ALL;
    for &peer in &PEERS[cell] {
        set.remove(grid[peer]);
    }
    set
}

fn fill(grid: &mut [Digit; CELLS], rng: &mut ChaCha8Rng) -> bool {
    let mut best: Option<(Cell, Candidates)> = None;
    for cell in (0..CELLS).filter(|&c| grid[c] == 0) {
        let options = options_for(grid, cell);
        if best.is_none_or(|(_, b)| options.len() < b.len()) {
            best = Some((cell, options));
            if options.len() <= 1 {
                break;
            }
        }
    }
    let Some((cell, options)) = best else {
        return true;
    };
    let mut digits: Vec<Digit> = options.iter().collect();
    digits.shuffle(rng);
    for digit in digits {
        grid[cell] = digit;
        if fill(grid, rng) {
            return true;
        }
    }
    grid[cell] = 0;
    false
}

/// Removes clues group by group (a cell and its symmetric partner) in random order, keeping each
/// removal that leaves a unique solution.
fn remove_clues(solution: &[Digit; CELLS], symmetry: Symmetry, rng: &mut ChaCha8Rng) -> [Digit; CELLS] {
    let mut groups: Vec<Cell> = (0..CELLS).filter(|&c| symmetry.partner(c) >= c).collect();
    groups.shuffle(rng);
    let mut puzzle = *solution;
    for cell in groups {
        let partner = symmetry.partner(cell);
        puzzle[cell] = 0;
        puzzle[partner] = 0;
        if !solver::has_unique_solution(&puzzle) {
            puzzle[cell] = solution[cell];
            puzzle[partner] = solution[partner];
        }
    }
    puzzle
}

/// A fresh seed from the operating system, for when the player gives none.
pub fn random_seed() -> u64 {
    rand::rng().random()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_are_involutions() {
        for symmetry in [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror] {
            for cell in 0..CELLS {
                assert_eq!(symmetry.partner(symmetry.partner(cell)), cell);
            }
        }
        assert_eq!(Symmetry::Rotational.partner(1), 79);
        assert_eq!(Symmetry::Mirror.partner(1), 7);
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let options = Options {
            seed: 42,
            ..Options::default()
        };
        assert_eq!(generate(options), generate(options));
        assert_ne!(
            generate(options).unwrap().puzzle,
            generate(Options { seed: 43, ..options }).unwrap().puzzle
        );
    }
}
