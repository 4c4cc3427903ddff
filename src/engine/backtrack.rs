//! A backtracking search that advances one event at a time, for the app's animated Solve: each
//! call tries a digit in the most constrained empty cell or takes a wrong try back. Slow on
//! purpose compared with [`super::solver`], but every move can be shown.

use super::grid::{Candidates, Cell, Digit, CELLS, PEERS};

/// What one step of the search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// The digit was placed in the cell.
    Try { cell: Cell, digit: Digit },
    /// The cell was emptied again: none of its digits led anywhere.
    Backtrack { cell: Cell },
    /// The grid is full.
    Solved,
    /// No solution exists.
    Exhausted,
}

pub struct Backtracker {
    grid: [Digit; CELLS],
    /// Cells filled by the search, each with the digits still to try there.
    stack: Vec<(Cell, Candidates)>,
    /// A cell ran out of digits: keep taking back earlier tries before choosing a new cell.
    retreating: bool,
    finished: bool,
}

impl Backtracker {
    pub fn new(grid: [Digit; CELLS]) -> Backtracker {
        Backtracker {
            grid,
            stack: Vec::new(),
            retreating: false,
            finished: false,
        }
    }

    pub fn grid(&self) -> &[Digit; CELLS] {
        &self.grid
    }

    fn options(&self, cell: Cell) -> Candidates {
        let mut set = Candidates::ALL;
        for &peer in &PEERS[cell] {
            set.remove(self.grid[peer]);
        }
        set
    }

    /// The empty cell with the fewest options, and those options.
    fn most_constrained(&self) -> Option<(Cell, Candidates)> {
        (0..CELLS)
            .filter(|&c| self.grid[c] == 0)
            .map(|c| (c, self.options(c)))
            .min_by_key(|(_, o)| o.len())
    }

    pub fn step(&mut self) -> SearchEvent {
        if self.finished {
            return if self.grid.contains(&0) {
                SearchEvent::Exhausted
            } else {
                SearchEvent::Solved
            };
        }
        if self.retreating {
            return self.retreat();
        }
        match self.most_constrained() {
            None => {
                self.finished = true;
                SearchEvent::Solved
            }
            Some((cell, options)) if !options.is_empty() => self.place(cell, options),
            Some(_) => self.retreat(),
        }
    }

    fn place(&mut self, cell: Cell, mut options: Candidates) -> SearchEvent {
        let Some(digit) = options.first() else {
            return self.retreat();
        };
        options.remove(digit);
        self.grid[cell] = digit;
        self.stack.push((cell, options));
        SearchEvent::Try { cell, digit }
    }

    /// Takes back the latest try: its next digit if it has one, else empties it.
    fn retreat(&mut self) -> SearchEvent {
        let Some((cell, options)) = self.stack.pop() else {
            self.finished = true;
            return SearchEvent::Exhausted;
        };
        self.grid[cell] = 0;
        self.retreating = options.is_empty();
        if self.retreating {
            SearchEvent::Backtrack { cell }
        } else {
            self.place(cell, options)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::parse_line;
    use crate::engine::solver::{solve, Solutions};

    #[test]
    fn the_search_reaches_the_solution_through_tries_and_backtracks() {
        let puzzle = *parse_line("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .unwrap()
            .values();
        let Solutions::Unique(solution) = solve(&puzzle) else {
            panic!("unique")
        };
        let mut search = Backtracker::new(puzzle);
        let (mut tries, mut backtracks) = (0, 0);
        loop {
            match search.step() {
                SearchEvent::Try { cell, .. } => {
                    assert_eq!(puzzle[cell], 0, "givens are never touched");
                    tries += 1;
                }
                SearchEvent::Backtrack { .. } => backtracks += 1,
                SearchEvent::Solved => break,
                SearchEvent::Exhausted => panic!("the puzzle has a solution"),
            }
        }
        assert_eq!(search.grid(), &solution);
        assert!(tries > 60 && backtracks > 0, "{tries} tries, {backtracks} backtracks");
        assert_eq!(search.step(), SearchEvent::Solved);
    }

    #[test]
    fn an_impossible_grid_is_exhausted() {
        let mut grid = [0; CELLS];
        grid[0] = 1;
        grid[10] = 2;
        grid[20] = 3;
        for (i, d) in [4, 5, 6, 7, 8, 9].into_iter().enumerate() {
            grid[3 + i] = d; // r1c4..r1c9 hold 4..9, so r1c2 and r1c3 need 2 and 3 …
        }
        // … but 2 and 3 are already in box 1.
        let mut search = Backtracker::new(grid);
        let mut steps = 0;
        while search.step() != SearchEvent::Exhausted {
            steps += 1;
            assert!(steps < 10_000);
        }
    }
}
