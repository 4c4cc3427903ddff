//! The exact solver: finds solutions, counts them up to a limit and proves uniqueness.
//!
//! Two engines, one chosen by the machine. The triad solver ([`triads`]) reasons with mini-rows
//! and mini-columns as units, in both directions, and so guesses far less than the band solver
//! (`bands`); it runs in SIMD on x86-64 processors (the instructions chosen at run time) and
//! is what every x86-64 machine uses. Its portable form is there to check the vector paths: on
//! plain integers the band solver is twice as fast, so a machine without a vector path uses
//! that. Both are deterministic: the same puzzle always gives the same search.

pub(crate) mod bands;
mod lanes;
pub mod triads;

use super::grid::{Digit, CELLS};

/// What solving a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    None,
    Unique([Digit; CELLS]),
    /// More than one solution; the first one found is kept.
    Multiple([Digit; CELLS]),
}

impl Solutions {
    pub fn count(&self) -> usize {
        match self {
            Solutions::None => 0,
            Solutions::Unique(_) => 1,
            Solutions::Multiple(_) => 2,
        }
    }
}

/// Solves a puzzle (0 for empty cells) and tells whether its solution is unique.
pub fn solve(puzzle: &[Digit; CELLS]) -> Solutions {
    let mut search = Search::new(2, true);
    search.run(puzzle);
    match (search.count, search.first) {
        (0, _) | (_, None) => Solutions::None,
        (1, Some(grid)) => Solutions::Unique(grid),
        (_, Some(grid)) => Solutions::Multiple(grid),
    }
}

/// Counts the solutions of a puzzle, stopping at `limit`.
pub fn count_solutions(puzzle: &[Digit; CELLS], limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    let mut search = Search::new(limit, false);
    search.run(puzzle);
    search.count
}

/// Whether the puzzle has exactly one solution.
pub fn has_unique_solution(puzzle: &[Digit; CELLS]) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// Every solution of the puzzle, up to `limit`, each given to `visit` as it is found (so a
/// caller can stream them); returns how many there were. Each solution is found once: every
/// split of the search has two sides that share no grid.
pub fn each_solution(puzzle: &[Digit; CELLS], limit: usize, visit: &mut Visitor<'_>) -> usize {
    if limit == 0 {
        return 0;
    }
    let mut search = Search::new(limit, false);
    search.visit = Some(visit);
    search.run(puzzle);
    search.count
}

/// Some solution of the puzzle, without checking that it is the only one.
pub fn first_solution(puzzle: &[Digit; CELLS]) -> Option<[Digit; CELLS]> {
    let mut search = Search::new(1, true);
    search.run(puzzle);
    search.first
}

/// One of the engines, named to compare them (tests, benches); the functions above choose for
/// themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Bands,
    Triads(triads::Level),
}

impl Engine {
    /// The engine the functions above use: the triad solver at the best level this machine has,
    /// or the band solver where it has no vector path.
    pub fn best() -> Engine {
        match triads::Level::best() {
            triads::Level::Portable => Engine::Bands,
            level => Engine::Triads(level),
        }
    }

    /// Every engine this machine can run.
    pub fn available() -> Vec<Engine> {
        let mut engines = vec![Engine::Bands];
        engines.extend(triads::Level::available().into_iter().map(Engine::Triads));
        engines
    }
}

/// Up to `limit` solutions of the puzzle with `engine` (one of [`Engine::available`]): how many
/// there were, and the first found.
pub fn search_with(puzzle: &[Digit; CELLS], limit: usize, engine: Engine) -> (usize, Option<[Digit; CELLS]>) {
    let mut search = Search::new(limit, true);
    if limit > 0 {
        search.run_with(puzzle, engine);
    }
    (search.count, search.first)
}

/// What hears each solution an enumeration finds.
type Visitor<'a> = dyn FnMut(&[Digit; CELLS]) + 'a;

/// The state of one search, whichever engine runs it: how many solutions to look for and what
/// was found.
struct Search<'v> {
    limit: usize,
    count: usize,
    keep_first: bool,
    first: Option<[Digit; CELLS]>,
    /// Hears every solution found (enumeration).
    visit: Option<&'v mut Visitor<'v>>,
}

impl<'v> Search<'v> {
    fn new(limit: usize, keep_first: bool) -> Search<'v> {
        Search {
            limit,
            count: 0,
            keep_first,
            first: None,
            visit: None,
        }
    }

    /// Searches with [`Engine::best`].
    fn run(&mut self, puzzle: &[Digit; CELLS]) {
        self.run_with(puzzle, Engine::best());
    }

    fn run_with(&mut self, puzzle: &[Digit; CELLS], engine: Engine) {
        match engine {
            Engine::Bands => bands::search(puzzle, self),
            Engine::Triads(level) => {
                triads::search(puzzle, self, level);
            }
        }
    }

    fn done(&self) -> bool {
        self.count >= self.limit
    }

    fn record(&mut self, grid: &[Digit; CELLS]) {
        if self.count == 0 && self.keep_first {
            self.first = Some(*grid);
        }
        if let Some(visit) = self.visit.as_mut() {
            visit(grid);
        }
        self.count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> [Digit; CELLS] {
        let mut grid = [0; CELLS];
        for (cell, ch) in line.chars().enumerate() {
            grid[cell] = ch.to_digit(10).unwrap_or(0) as Digit;
        }
        grid
    }

    #[test]
    fn solves_a_known_puzzle() {
        let puzzle = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
        let expected = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
        assert_eq!(solve(&puzzle), Solutions::Unique(expected));
    }

    #[test]
    fn an_empty_grid_has_many_solutions_and_a_valid_first_one() {
        assert_eq!(count_solutions(&[0; CELLS], 10), 10);
        let grid = first_solution(&[0; CELLS]).expect("an empty grid is solvable");
        assert!(grid.iter().all(|&d| (1..=9).contains(&d)));
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        let mut puzzle = [0; CELLS];
        puzzle[0] = 5;
        puzzle[1] = 5;
        assert_eq!(solve(&puzzle), Solutions::None);
        assert_eq!(count_solutions(&puzzle, 5), 0);
    }
}
