//! A puzzle being entered by hand (the app's Enter Your Own Puzzle): the givens typed so far and
//! the cell the cursor is on, with the rules a typed puzzle must meet before it is checked. The
//! app edits it on the board and the store keeps it so that it outlives the app.

use super::cellset::CellSet;
use super::grid::{Cell, Digit, CELLS, PEERS};

/// The fewest givens a puzzle with one solution can have.
pub const FEWEST_GIVENS: usize = 17;

/// The puzzle being entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleEntry {
    /// The givens typed so far, 0 for a blank.
    pub values: [Digit; CELLS],
    /// The cell the cursor is on.
    pub selected: Cell,
}

impl PuzzleEntry {
    pub fn new(values: [Digit; CELLS]) -> PuzzleEntry {
        PuzzleEntry { values, selected: 0 }
    }

    /// Cells whose digit repeats in a row, column or box.
    pub fn conflicts(&self) -> CellSet {
        (0..CELLS)
            .filter(|&c| self.values[c] != 0 && PEERS[c].iter().any(|&p| self.values[p] == self.values[c]))
            .collect()
    }

    /// Types a digit into the selected cell (0, or the same digit again, clears it) and moves
    /// on, as in a form: rows fill left to right.
    pub fn type_digit(&mut self, digit: Digit) {
        let cell = self.selected;
        self.values[cell] = if self.values[cell] == digit { 0 } else { digit };
        self.selected = (cell + 1) % CELLS;
    }

    /// How many givens have been typed.
    pub fn givens(&self) -> usize {
        self.values.iter().filter(|&&d| d != 0).count()
    }

    /// Whether the puzzle can be checked (at least 17 givens, no repeats).
    pub fn can_start(&self) -> bool {
        self.givens() >= FEWEST_GIVENS && self.conflicts().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_are_found_in_rows_columns_and_boxes() {
        let mut entry = PuzzleEntry::new([0; CELLS]);
        assert!(entry.conflicts().is_empty());
        entry.values[0] = 5;
        entry.values[8] = 5; // same row
        entry.values[40] = 3;
        assert_eq!(entry.conflicts().iter().collect::<Vec<_>>(), vec![0, 8]);
        entry.values[8] = 0;
        entry.values[20] = 5; // same box as r1c1
        assert_eq!(entry.conflicts().iter().collect::<Vec<_>>(), vec![0, 20]);
        assert!(!entry.can_start());
    }

    #[test]
    fn typing_fills_rows_left_to_right_and_the_same_digit_clears() {
        let mut entry = PuzzleEntry::new([0; CELLS]);
        entry.selected = 79;
        entry.type_digit(4);
        entry.type_digit(7);
        assert_eq!((entry.values[79], entry.values[80], entry.selected), (4, 7, 0));
        entry.selected = 80;
        entry.type_digit(7);
        assert_eq!((entry.values[80], entry.givens()), (0, 1));
    }
}
