//! The band solver: exact search over 27 "digit bands".
//!
//! For each digit and each band (three rows) a 27-bit mask of the cells where the digit can still
//! go (bit `row_in_band * 9 + column`). A digit occupies exactly one cell per row and per box of a
//! band, so the rows × boxes pattern of its possible mini-rows must contain a permutation; lookup
//! tables built from that fact at compile time prune each band in a few instructions (locked
//! candidates of both kinds), hand columns that a band has claimed to the other two bands, and
//! find rows where the digit has one cell left (hidden singles). Cells with one digit left (naked
//! singles) are found for a whole band at once by counting in bit slices. When propagation stalls
//! the search guesses, preferring a cell with two candidates. This is the structure of the forum's
//! JCZSolve family of solvers, written afresh.

use super::{Digit, Search, CELLS};

const ALL: u32 = (1 << 27) - 1;
const ROW: u32 = 0o777;

/// Proof that the current branch of the search has no solution (or that the search is over).
struct DeadEnd;

/// Searches a puzzle, recording into `search`.
pub(super) fn search(puzzle: &[Digit; CELLS], search: &mut Search) {
    let Some(mut board) = Bands::from_puzzle(puzzle) else {
        return;
    };
    if board.place_naked_singles().is_ok() && board.propagate(search).is_ok() {
        board.search(search);
    }
}

#[derive(Clone, Copy)]
struct Bands {
    /// `cells[digit * 3 + band]`: where digit (0-based) may go in the band.
    cells: [u32; 27],
    /// Each digit band as it was when last pruned; a difference means work to do.
    pruned: [u32; 27],
    /// Cells of each band whose digit is not yet fixed.
    unsolved: [u32; 3],
    /// Cells of each band with exactly two candidates, as of the last naked-single pass.
    pairs: [u32; 3],
}

impl Bands {
    fn from_puzzle(puzzle: &[Digit; CELLS]) -> Option<Bands> {
        let mut board = Bands {
            cells: [ALL; 27],
            pruned: [0; 27],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        };
        for (cell, &digit) in puzzle.iter().enumerate() {
            if (1..=9).contains(&digit) {
                board.place_given(cell, digit as usize - 1)?;
            }
        }
        Some(board)
    }

    /// Places a given: the digit leaves the cell's peers and the cell keeps only this digit.
    fn place_given(&mut self, cell: usize, digit: usize) -> Option<()> {
        let band = cell / 27;
        let bit = 1 << (cell % 27);
        let index = digit * 3 + band;
        if self.cells[index] & bit == 0 {
            return None;
        }
        self.unsolved[band] &= !bit;
        self.cells[index] &= BAND_PEERS_EXCLUDED[cell % 27];
        let column = !(COLUMN << (cell % 9));
        self.cells[digit * 3 + (band + 1) % 3] &= column;
        self.cells[digit * 3 + (band + 2) % 3] &= column;
        for other in 0..9 {
            if other != digit {
                self.cells[other * 3 + band] &= !bit;
            }
        }
        Some(())
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Prunes every changed digit band until nothing changes, placing naked singles between rounds.
    fn propagate(&mut self, search: &Search) -> Result<(), DeadEnd> {
        if search.done() {
            return Err(DeadEnd);
        }
        loop {
            self.prune_all()?;
            if self.is_solved() {
                return Ok(());
            }
            if !self.place_naked_singles()? && !self.claim_lone_columns() {
                return Ok(());
            }
        }
    }

    /// A column where only one band still allows a digit must hold the digit in that band, so
    /// the band's box in that stack loses the digit in its other columns. Returns whether any
    /// band changed.
    fn claim_lone_columns(&mut self) -> bool {
        let mut changed = false;
        for digit in (0..27).step_by(3) {
            let columns = |cells: u32| (cells | cells >> 9 | cells >> 18) & ROW;
            let (a, b, c) = (
                columns(self.cells[digit]),
                columns(self.cells[digit + 1]),
                columns(self.cells[digit + 2]),
            );
            for (band, lone) in [(0, a & !(b | c)), (1, b & !(a | c)), (2, c & !(a | b))] {
                let kept = self.cells[digit + band] & LONE_COLUMNS_KEPT[lone as usize];
                changed |= kept != self.cells[digit + band];
                self.cells[digit + band] = kept;
            }
        }
        changed
    }

    fn prune_all(&mut self) -> Result<(), DeadEnd> {
        /// Prunes each listed digit band that changed; evaluates to whether any did. Unrolled
        /// with constant indices so each call compiles to straight-line code.
        macro_rules! prune_changed {
            ($board:ident, $($index:literal)*) => {{
                let mut changed = false;
                $(
                    if $board.cells[$index] != $board.pruned[$index] {
                        changed = true;
                        $board.prune::<$index>()?;
                    }
                )*
                changed
            }};
        }
        while prune_changed!(self, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26) {}
        Ok(())
    }

    /// Prunes one digit band: keeps only mini-rows that fit some row/box permutation, hands
    /// columns the band has claimed to the other bands, and fixes rows with one cell left.
    #[inline(always)]
    fn prune<const INDEX: usize>(&mut self) -> Result<(), DeadEnd> {
        let band = INDEX % 3;
        let digit_base = INDEX - band;
        let before = self.cells[INDEX];
        let minirows = MINIROWS_OF_ROW[(before & ROW) as usize] as usize
            | (MINIROWS_OF_ROW[(before >> 9 & ROW) as usize] as usize) << 3
            | (MINIROWS_OF_ROW[(before >> 18) as usize] as usize) << 6;
        let cells = before & PERMUTATION_CELLS[minirows];
        if cells == 0 {
            return Err(DeadEnd);
        }
        self.cells[INDEX] = cells;
        self.pruned[INDEX] = cells;

        let columns = (cells | cells >> 9 | cells >> 18) & ROW;
        let free = UNCLAIMED_COLUMNS[columns as usize];
        self.cells[digit_base + (band + 1) % 3] &= free;
        self.cells[digit_base + (band + 2) % 3] &= free;

        let fixed = single_bit(cells & ROW) | single_bit(cells >> 9 & ROW) << 9 | single_bit(cells >> 18) << 18;
        self.unsolved[band] &= !fixed;
        for digit in 0..9 {
            if digit * 3 + band != INDEX {
                self.cells[digit * 3 + band] &= !fixed;
            }
        }
        Ok(())
    }

    /// Places every cell with a single candidate; records cells with two. Returns whether any
    /// single was placed.
    fn place_naked_singles(&mut self) -> Result<bool, DeadEnd> {
        let mut placed = false;
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in 0..9 {
                let cells = self.cells[digit * 3 + band];
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            if one != ALL {
                return Err(DeadEnd);
            }
            self.pairs[band] = two & !three;
            let mut singles = one & !two & self.unsolved[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let digit = (0..9).find(|d| self.cells[d * 3 + band] & bit != 0).ok_or(DeadEnd)?;
                self.cells[digit * 3 + band] &= BAND_PEERS_EXCLUDED[bit.trailing_zeros() as usize];
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Explores the search tree below this board, recording solutions.
    fn search(&mut self, search: &mut Search) {
        if self.is_solved() {
            search.record(&self.digit_grid());
            return;
        }
        let (band, bit) = self.guess_cell();
        let keep = BAND_PEERS_EXCLUDED[bit.trailing_zeros() as usize];
        let mut digits: u32 = 0;
        for digit in 0..9 {
            if self.cells[digit * 3 + band] & bit != 0 {
                digits |= 1 << digit;
            }
        }
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let index = digit * 3 + band;
            if digits == 0 {
                // The last option needs no copy of the board.
                self.cells[index] &= keep;
                if self.propagate(search).is_ok() {
                    self.search(search);
                }
                return;
            }
            let mut branch = *self;
            branch.cells[index] &= keep;
            if branch.propagate(search).is_ok() {
                branch.search(search);
            }
            if search.done() {
                return;
            }
            self.cells[index] &= !bit;
        }
    }

    /// The cell to guess on: the first cell with two candidates; failing that, the unsolved cell
    /// with the fewest candidates among the first unsolved cell of each band.
    fn guess_cell(&self) -> (usize, u32) {
        for band in 0..3 {
            if self.pairs[band] != 0 {
                return (band, self.pairs[band] & self.pairs[band].wrapping_neg());
            }
        }
        let mut best = (usize::MAX, 0, 0);
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved != 0 {
                let bit = unsolved & unsolved.wrapping_neg();
                let count = (0..9).filter(|d| self.cells[d * 3 + band] & bit != 0).count();
                if count < best.0 {
                    best = (count, band, bit);
                }
            }
        }
        (best.1, best.2)
    }

    fn digit_grid(&self) -> [Digit; CELLS] {
        let mut digits = [0; CELLS];
        for (index, &cells) in self.cells.iter().enumerate() {
            let mut rest = cells;
            while rest != 0 {
                let position = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                digits[(index % 3) * 27 + position] = (index / 3) as Digit + 1;
            }
        }
        digits
    }
}

/// A position's candidates as digit bands, for quick trials: whether assuming one candidate true
/// or false leads, by this solver's propagation, to a contradiction. That propagation finds
/// naked and hidden singles and locked candidates of both kinds (and more: a band's digit must
/// fit a row/box permutation), so where it finds no contradiction, a forcing net built from
/// singles and locked candidates finds none either; the forcing searches use it to pass over the
/// many assumptions that lead nowhere.
#[derive(Clone, Copy)]
pub(crate) struct Trial(Bands);

/// Assumptions known to lead to no contradiction in a [`Trial`], as digit bands: `.0[0]` for
/// candidates assumed false, `.0[1]` for candidates assumed true.
#[derive(Default)]
pub(crate) struct Harmless([[u32; 27]; 2]);

impl Trial {
    /// From each cell's value (0 when empty) and possible digits (bit `d` for digit `d`; a
    /// filled cell has its digit). `None` when the position itself propagates to a contradiction.
    pub fn new(values: &[Digit; CELLS], digits: &[u16; CELLS]) -> Option<Trial> {
        let mut bands = Bands {
            cells: [0; 27],
            pruned: [0; 27],
            unsolved: [0; 3],
            pairs: [0; 3],
        };
        for (cell, &mask) in digits.iter().enumerate() {
            let (band, bit) = (cell / 27, 1 << (cell % 27));
            for digit in 0..9 {
                if mask >> (digit + 1) & 1 == 1 {
                    bands.cells[digit * 3 + band] |= bit;
                }
            }
            if values[cell] == 0 {
                bands.unsolved[band] |= bit;
            }
        }
        let mut trial = Trial(bands);
        trial.settle().ok()?;
        Some(trial)
    }

    /// Whether `digit` in `cell` being true (or false) leads to a contradiction.
    #[cfg(test)]
    pub fn contradicts(&self, cell: usize, digit: Digit, truth: bool) -> bool {
        self.assume(cell, digit, truth).is_none()
    }

    /// Like `Trial::contradicts`, passing over assumptions that `harmless` knows lead to none,
    /// and adding to it what this one leads to when it leads to none. The propagation only
    /// removes digits, by rules that still apply when more are gone, and stops where none
    /// applies: so what an assumption leads to without a contradiction is closed, and any
    /// literal in it (a digit gone, a cell left with one digit), assumed on its own, leads to
    /// part of it, and so to no contradiction either.
    pub fn contradicts_remembering(&self, cell: usize, digit: Digit, truth: bool, harmless: &mut Harmless) -> bool {
        let (index, bit) = ((digit as usize - 1) * 3 + cell / 27, 1 << (cell % 27));
        if harmless.0[truth as usize][index] & bit != 0 {
            return false;
        }
        let Some(settled) = self.assume(cell, digit, truth) else {
            return true;
        };
        let cells = &settled.0.cells;
        for band in 0..3 {
            // Cells with one digit left: bit slices of how many digits each has (one, more).
            let (mut one, mut more) = (0u32, 0u32);
            for digit in 0..9 {
                let here = cells[digit * 3 + band];
                more |= one & here;
                one |= here;
            }
            let single = one & !more;
            for digit in 0..9 {
                let index = digit * 3 + band;
                harmless.0[0][index] |= !cells[index] & ALL;
                harmless.0[1][index] |= cells[index] & single;
            }
        }
        false
    }

    /// The trial after assuming `digit` in `cell` true (or false) and propagating; `None` for
    /// a contradiction.
    fn assume(&self, cell: usize, digit: Digit, truth: bool) -> Option<Trial> {
        let mut trial = *self;
        if truth {
            trial.0.place_given(cell, digit as usize - 1)?;
        } else {
            trial.0.cells[(digit as usize - 1) * 3 + cell / 27] &= !(1 << (cell % 27));
        }
        trial.settle().ok()?;
        Some(trial)
    }

    /// Propagates until nothing changes; then every digit must still have a place in every
    /// column (the bands check rows, boxes and cells as they go).
    fn settle(&mut self) -> Result<(), DeadEnd> {
        let board = &mut self.0;
        loop {
            board.prune_all()?;
            if !board.place_naked_singles()? && !board.claim_lone_columns() {
                break;
            }
        }
        for digit in (0..27).step_by(3) {
            let all = board.cells[digit] | board.cells[digit + 1] | board.cells[digit + 2];
            if (all | all >> 9 | all >> 18) & ROW != ROW {
                return Err(DeadEnd);
            }
        }
        // A cell with no digit left shows only to the naked-single pass, which has run last.
        Ok(())
    }
}

/// `x` if it has exactly one bit set, else 0.
#[inline(always)]
fn single_bit(x: u32) -> u32 {
    if x & x.wrapping_sub(1) == 0 {
        x
    } else {
        0
    }
}

/// The three cells of column 0 in a band; shift left by the column.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For each cell of a band: every cell except the cell's row and box neighbours (the cell
/// itself stays).
static BAND_PEERS_EXCLUDED: [u32; 27] = {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let mut mask = ALL & !(ROW << (row * 9));
        let mut r = 0;
        while r < 3 {
            mask &= !(0b111 << (r * 9 + col / 3 * 3));
            r += 1;
        }
        table[cell] = mask | 1 << cell;
        cell += 1;
    }
    table
};

/// For the 9 cells of a row: which of its three mini-rows (boxes) hold any cell, as 3 bits.
static MINIROWS_OF_ROW: [u8; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut boxes = 0;
        let mut b = 0;
        while b < 3 {
            if row >> (b * 3) & 0b111 != 0 {
                boxes |= 1 << b;
            }
            b += 1;
        }
        table[row] = boxes;
        row += 1;
    }
    table
};

/// For a band's possible mini-rows (bit `row * 3 + box`): the cells of those mini-rows that lie on
/// some permutation (one mini-row per row and per box) using only possible mini-rows. Zero when
/// no permutation exists, which proves the band has no place for the digit.
static PERMUTATION_CELLS: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut cells = 0;
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if minirows >> (row * 3 + boxes[row]) & 1 == 0 {
                    fits = false;
                }
                row += 1;
            }
            if fits {
                let mut row = 0;
                while row < 3 {
                    cells |= 0b111 << (row * 9 + boxes[row] * 3);
                    row += 1;
                }
            }
            p += 1;
        }
        table[minirows] = cells;
        minirows += 1;
    }
    table
};

/// For columns a band alone can give a digit (9 bits): the cells the band keeps, which in each
/// stack holding such a column are that stack's lone columns only.
static LONE_COLUMNS_KEPT: [u32; 512] = {
    let mut table = [0; 512];
    let mut lone: usize = 0;
    while lone < 512 {
        let mut mask = ALL;
        let mut stack = 0;
        while stack < 3 {
            let in_stack = ((lone >> (stack * 3)) & 0b111) as u32;
            if in_stack != 0 {
                let mut col = 0;
                while col < 3 {
                    if in_stack >> col & 1 == 0 {
                        mask &= !(COLUMN << (stack * 3 + col));
                    }
                    col += 1;
                }
            }
            stack += 1;
        }
        table[lone] = mask;
        lone += 1;
    }
    table
};

/// For the columns a digit may use in a band (9 bits): the cells left to the other two bands.
/// A stack where the band has a single possible column claims that column.
static UNCLAIMED_COLUMNS: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns: usize = 0;
    while columns < 512 {
        let mut mask = ALL;
        let mut stack = 0;
        while stack < 3 {
            let in_stack = ((columns >> (stack * 3)) & 0b111) as u32;
            if in_stack != 0 && in_stack & (in_stack - 1) == 0 {
                mask &= !(COLUMN << (stack * 3 + in_stack.trailing_zeros() as usize));
            }
            stack += 1;
        }
        table[columns] = mask;
        columns += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_table_keeps_only_mini_rows_on_a_permutation() {
        // Full pattern: every mini-row is possible.
        assert_eq!(PERMUTATION_CELLS[511], ALL);
        // Row 0 only in box 0: the other rows cannot use box 0.
        let minirows = 0b110_110_001;
        let cells = PERMUTATION_CELLS[minirows];
        assert_eq!(cells & (0b111 << 9), 0, "row 1 box 0 must be excluded");
        assert_eq!(cells & 0b111, 0b111);
        // Two rows restricted to the same single box: impossible.
        assert_eq!(PERMUTATION_CELLS[0b111_001_001], 0);
    }
}
