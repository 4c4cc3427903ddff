//! The Sudoku board's vocabulary: cells, digits, houses, peers, candidate sets and the position
//! (givens, entered values and pencil marks) that every other part of the engine works on.

use std::fmt;

/// A cell index, 0–80, row-major: `r1c1` is 0, `r1c9` is 8, `r9c9` is 80.
pub type Cell = usize;
/// A digit 1–9; 0 stands for "empty" where a value is stored.
pub type Digit = u8;
/// A house index: rows 0–8, columns 9–17, boxes 18–26.
pub type House = usize;

pub const CELLS: usize = 81;

/// The row (0–8) of a cell.
pub const fn row_of(cell: Cell) -> usize {
    cell / 9
}

/// The column (0–8) of a cell.
pub const fn col_of(cell: Cell) -> usize {
    cell % 9
}

/// The box (0–8, row-major) of a cell.
pub const fn box_of(cell: Cell) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// The cell at a 0-based row and column.
pub const fn cell_at(row: usize, col: usize) -> Cell {
    row * 9 + col
}

/// The three houses a cell belongs to: its row, column and box, as house indices.
pub const fn houses_of(cell: Cell) -> [House; 3] {
    [row_of(cell), 9 + col_of(cell), 18 + box_of(cell)]
}

/// The digits placed in a cell's row, column and box: the digits it cannot take.
pub fn placed_around(values: &[Digit; CELLS], cell: Cell) -> Candidates {
    PEERS[cell].iter().map(|&peer| values[peer]).collect()
}

/// The user-facing name of a cell, `r1c1`…`r9c9`.
pub fn cell_name(cell: Cell) -> String {
    format!("r{}c{}", row_of(cell) + 1, col_of(cell) + 1)
}

/// The user-facing name of a house: `row 1`, `column 1`, `box 1`.
pub fn house_name(house: House) -> String {
    match house {
        0..=8 => format!("row {}", house + 1),
        9..=17 => format!("column {}", house - 8),
        _ => format!("box {}", house - 17),
    }
}

const fn build_houses() -> [[Cell; 9]; 27] {
    let mut houses = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            houses[i][j] = cell_at(i, j);
            houses[9 + i][j] = cell_at(j, i);
            houses[18 + i][j] = cell_at((i / 3) * 3 + j / 3, (i % 3) * 3 + j % 3);
            j += 1;
        }
        i += 1;
    }
    houses
}

const fn build_peers() -> [[Cell; 20]; 81] {
    let mut peers = [[0; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut n = 0;
        let mut other = 0;
        while other < 81 {
            if other != cell
                && (row_of(other) == row_of(cell) || col_of(other) == col_of(cell) || box_of(other) == box_of(cell))
            {
                peers[cell][n] = other;
                n += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

/// The nine cells of each house, in reading order.
pub static HOUSES: [[Cell; 9]; 27] = build_houses();
/// The twenty cells that share a row, column or box with each cell, in reading order.
pub static PEERS: [[Cell; 20]; 81] = build_peers();

/// Whether two distinct cells share a house.
pub const fn sees(a: Cell, b: Cell) -> bool {
    a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b))
}

/// A set of digits as a bitmask with bit `d` set for digit `d` (bits 1–9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    pub const NONE: Candidates = Candidates(0);
    pub const ALL: Candidates = Candidates(0b11_1111_1110);

    /// Builds a set from a raw mask; bits outside 1–9 are dropped.
    pub const fn from_mask(mask: u16) -> Candidates {
        Candidates(mask & Self::ALL.0)
    }

    pub const fn single(digit: Digit) -> Candidates {
        Candidates(1 << digit)
    }

    pub const fn mask(self) -> u16 {
        self.0
    }

    pub const fn contains(self, digit: Digit) -> bool {
        digit >= 1 && digit <= 9 && self.0 & (1 << digit) != 0
    }

    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit;
    }

    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit);
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit in the set, if any.
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as Digit)
        }
    }

    /// The digits in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let digit = rest.trailing_zeros() as Digit;
                rest &= rest - 1;
                digit
            })
        })
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut set = Candidates::NONE;
        for d in iter {
            if (1..=9).contains(&d) {
                set.insert(d);
            }
        }
        set
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        write!(f, "}}")
    }
}

impl fmt::Display for Candidates {
    /// The digits in ascending order, e.g. `127`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A position on the board: the puzzle's givens, the digits entered since, and the pencil marks
/// (candidates) of every empty cell.
///
/// Candidates of filled cells are kept empty. A position made from values alone has its
/// candidates computed from the Sudoku rules; one read with explicit pencil marks keeps them as
/// they were written, even where they miss the true candidates.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    values: [Digit; CELLS],
    given: [bool; CELLS],
    candidates: [Candidates; CELLS],
}

impl Position {
    /// A position where every non-zero value is a given, with computed candidates.
    /// Values above 9 are treated as empty.
    pub fn from_givens(values: &[Digit; CELLS]) -> Position {
        let mut given = [false; CELLS];
        let mut clean = [0; CELLS];
        for cell in 0..CELLS {
            if (1..=9).contains(&values[cell]) {
                clean[cell] = values[cell];
                given[cell] = true;
            }
        }
        let mut position = Position {
            values: clean,
            given,
            candidates: [Candidates::NONE; CELLS],
        };
        position.recompute_candidates();
        position
    }

    /// A position with separate givens and values, with computed candidates.
    /// `values` must agree with `givens` wherever a given is set (checked by the parsers).
    pub fn from_givens_and_values(givens: &[Digit; CELLS], values: &[Digit; CELLS]) -> Position {
        let mut position = Position::from_givens(givens);
        for cell in 0..CELLS {
            if !position.given[cell] && (1..=9).contains(&values[cell]) {
                position.values[cell] = values[cell];
            }
        }
        position.recompute_candidates();
        position
    }

    /// Replaces the candidates of the empty cells with the given pencil marks.
    pub fn with_candidates(mut self, candidates: &[Candidates; CELLS]) -> Position {
        for cell in 0..CELLS {
            self.candidates[cell] = if self.values[cell] == 0 {
                candidates[cell]
            } else {
                Candidates::NONE
            };
        }
        self
    }

    /// Sets every empty cell's candidates to the digits no peer holds.
    pub fn recompute_candidates(&mut self) {
        for cell in 0..CELLS {
            self.candidates[cell] = if self.values[cell] == 0 {
                Candidates::from_mask(!placed_around(&self.values, cell).mask())
            } else {
                Candidates::NONE
            };
        }
    }

    pub fn value(&self, cell: Cell) -> Digit {
        self.values[cell]
    }

    pub fn values(&self) -> &[Digit; CELLS] {
        &self.values
    }

    pub fn is_given(&self, cell: Cell) -> bool {
        self.given[cell]
    }

    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell]
    }

    pub fn all_candidates(&self) -> &[Candidates; CELLS] {
        &self.candidates
    }

    /// The givens alone, 0 elsewhere.
    pub fn givens(&self) -> [Digit; CELLS] {
        let mut givens = [0; CELLS];
        for cell in 0..CELLS {
            if self.given[cell] {
                givens[cell] = self.values[cell];
            }
        }
        givens
    }

    pub fn given_count(&self) -> usize {
        self.given.iter().filter(|&&g| g).count()
    }

    /// Whether any filled cell is not a given.
    pub fn has_entries(&self) -> bool {
        (0..CELLS).any(|c| self.values[c] != 0 && !self.given[c])
    }

    /// Whether the empty cells' candidates differ from those the rules give.
    pub fn has_custom_candidates(&self) -> bool {
        let mut computed = self.clone();
        computed.recompute_candidates();
        computed.candidates != self.candidates
    }

    /// The position as the 81-character line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        digits_to_line(&self.values)
    }
}

/// 81 digits as a line with `.` for 0.
pub fn digits_to_line(values: &[Digit; CELLS]) -> String {
    values
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_matches_the_board() {
        assert_eq!(box_of(cell_at(4, 4)), 4);
        assert_eq!(box_of(cell_at(8, 0)), 6);
        assert_eq!(houses_of(80), [8, 17, 26]);
        assert_eq!(HOUSES[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(HOUSES[9 + 2][8], 74);
        assert_eq!(cell_name(0), "r1c1");
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(house_name(0), "row 1");
        assert_eq!(house_name(17), "column 9");
        assert_eq!(house_name(22), "box 5");
    }

    #[test]
    fn every_cell_has_twenty_distinct_peers_that_see_it() {
        for cell in 0..CELLS {
            let peers = PEERS[cell];
            let mut sorted = peers.to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), 20);
            assert!(peers.iter().all(|&p| sees(cell, p)));
            assert!(!peers.contains(&cell));
        }
    }

    #[test]
    fn candidate_sets_behave_like_sets() {
        let mut set: Candidates = [1, 5, 9].into_iter().collect();
        assert_eq!(set.len(), 3);
        assert!(set.contains(5) && !set.contains(4) && !set.contains(0) && !set.contains(10));
        set.remove(5);
        assert_eq!(set.to_string(), "19");
        assert_eq!(set.first(), Some(1));
        assert_eq!(Candidates::ALL.len(), 9);
        assert_eq!(Candidates::from_mask(0xffff), Candidates::ALL);
    }

    #[test]
    fn computed_candidates_exclude_peer_values() {
        let mut values = [0; CELLS];
        values[0] = 5;
        values[80] = 3;
        let position = Position::from_givens(&values);
        assert!(!position.candidates(1).contains(5));
        assert!(position.candidates(1).contains(3));
        assert!(!position.candidates(8).contains(5) && !position.candidates(8).contains(3));
        assert!(position.candidates(0).is_empty());
        assert!(!position.has_custom_candidates());
    }
}
