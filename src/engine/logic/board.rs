//! The board the techniques read: values and candidates as in the position, plus for each digit
//! the set of cells where it is still a candidate. Steps are applied to it as a player would:
//! a placement also removes the digit from the cell's peers.

use std::cell::RefCell;
use std::rc::Rc;

use super::step::Step;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{placed_around, Candidates, Cell, Digit, House, Position, CELLS, PEERS};

#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    values: [Digit; CELLS],
    candidates: [Candidates; CELLS],
    /// `digit_cells[d]`: empty cells where `d` is a candidate (index 0 unused).
    digit_cells: [CellSet; 10],
    empty: CellSet,
    /// The puzzle's givens (the other filled cells were solved; avoidable rectangles tell them apart).
    givens: CellSet,
}

impl Board {
    /// The board of a position. A digit placed in a cell's row, column or box is no candidate
    /// of the cell, whatever its marks say (a player's marks keep it with automatic removal
    /// off): the techniques read a house's candidates of a digit as the places left for it, and
    /// a hidden single would otherwise put a second 7 in a row that has one.
    pub fn from_position(position: &Position) -> Board {
        let values = position.values();
        let candidates = std::array::from_fn(|cell| {
            Candidates::from_mask(position.candidates(cell).mask() & !placed_around(values, cell).mask())
        });
        let mut board = Board {
            values: *values,
            candidates,
            digit_cells: [CellSet::EMPTY; 10],
            empty: (0..CELLS).filter(|&c| position.value(c) == 0).collect(),
            givens: (0..CELLS).filter(|&c| position.is_given(c)).collect(),
        };
        for cell in 0..CELLS {
            for digit in board.candidates[cell].iter() {
                board.digit_cells[digit as usize].insert(cell);
            }
        }
        board
    }

    pub fn value(&self, cell: Cell) -> Digit {
        self.values[cell]
    }

    pub fn values(&self) -> &[Digit; CELLS] {
        &self.values
    }

    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell]
    }

    /// Every cell's candidates (none for a filled cell).
    pub fn all_candidates(&self) -> &[Candidates; CELLS] {
        &self.candidates
    }

    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.candidates[cell].contains(digit)
    }

    /// Empty cells where the digit is a candidate.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit as usize]
    }

    /// Cells of a house where the digit is a candidate.
    pub fn cells_in(&self, house: House, digit: Digit) -> CellSet {
        self.digit_cells[digit as usize] & CellSet::house(house)
    }

    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.contains(cell)
    }

    /// The puzzle's givens.
    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// Empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        self.empty.iter().filter(|&c| self.candidates[c].len() == 2).collect()
    }

    /// Whether the digit is placed somewhere in the house.
    pub fn house_has_value(&self, house: House, digit: Digit) -> bool {
        CellSet::house(house).iter().any(|c| self.values[c] == digit)
    }

    pub fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }

    pub fn place(&mut self, cell: Cell, digit: Digit) {
        for d in self.candidates[cell].iter() {
            self.digit_cells[d as usize].remove(cell);
        }
        self.values[cell] = digit;
        self.candidates[cell] = Candidates::NONE;
        self.empty.remove(cell);
        for &peer in &PEERS[cell] {
            self.eliminate(peer, digit);
        }
    }

    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        self.candidates[cell].remove(digit);
        self.digit_cells[digit as usize].remove(cell);
    }

    pub fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            self.place(p.cell, p.digit);
        }
        for e in &step.eliminations {
            self.eliminate(e.cell, e.digit);
        }
    }
}

/// Something worked out from a board, kept for the last board asked about: searches that ask in
/// turn on the same board (the four ALS searches, the two template searches) share it, or one
/// search keeps what it found on the way for the next (`keep`, `kept`). Meant for a
/// `thread_local!`. (Keyed by something else, such as a puzzle's givens, it is a [`Last`].)
pub(crate) type LastBoard<T> = Last<Board, T>;

/// Something worked out from a key (a board, by default), kept for the last key asked about.
pub(crate) struct Last<K, T>(RefCell<Option<(K, Rc<T>)>>);

impl<K: PartialEq + Clone, T> Last<K, T> {
    pub const fn new() -> Last<K, T> {
        Last(RefCell::new(None))
    }

    /// The value for this board: the kept one if it is the same board, else computed (from the
    /// last board and its value, if any) and kept.
    pub fn get_or_from(&self, board: &K, compute: impl FnOnce(&K, Option<(&K, &T)>) -> T) -> Rc<T> {
        let mut last = self.0.borrow_mut();
        match &*last {
            Some((b, value)) if b == board => value.clone(),
            _ => {
                let value = Rc::new(compute(board, last.as_ref().map(|(b, value)| (b, &**value))));
                *last = Some((board.clone(), value.clone()));
                value
            }
        }
    }

    /// Keeps `value` for this board.
    pub fn keep(&self, board: &K, value: T) {
        *self.0.borrow_mut() = Some((board.clone(), Rc::new(value)));
    }

    /// Takes the kept value out (whatever its board), if nothing else holds it: for a search
    /// that keeps a large table to use the last one's room again.
    pub fn take(&self) -> Option<T> {
        let (_, value) = self.0.borrow_mut().take()?;
        Rc::try_unwrap(value).ok()
    }

    /// The value kept for this board, if the last board kept is this one.
    pub fn kept(&self, board: &K) -> Option<Rc<T>> {
        match &*self.0.borrow() {
            Some((b, value)) if b == board => Some(value.clone()),
            _ => None,
        }
    }

    /// The value for this board: the kept one if it is the same board, else computed and kept.
    pub fn get_or(&self, board: &K, compute: impl FnOnce(&K) -> T) -> Rc<T> {
        let mut last = self.0.borrow_mut();
        match &*last {
            Some((b, value)) if b == board => value.clone(),
            _ => {
                let value = Rc::new(compute(board));
                *last = Some((board.clone(), value.clone()));
                value
            }
        }
    }
}
