//! Singles: full house (the last empty cell of a house), naked single (a cell with one
//! candidate) and hidden single (a digit with one place left in a house).

use super::board::Board;
use super::step::{HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{cell_name, house_name, Candidates, CELLS};

pub fn full_house(board: &Board, found: &mut Found) {
    for house in 0..27 {
        let empty = CellSet::house(house) & board.empty_cells();
        let Some(cell) = empty.first() else { continue };
        if empty.len() != 1 {
            continue;
        }
        let present: Candidates = CellSet::house(house).iter().map(|c| board.value(c)).collect();
        let Some(digit) = Candidates::from_mask(!present.mask()).first() else {
            continue;
        };
        if !board.has(cell, digit) {
            continue;
        }
        let mut step = Step::new(Technique::FullHouse);
        step.place(cell, digit)
            .mark_house(house, HouseRole::Base)
            .mark_cell(cell, Role::Target)
            .explain_with(found.explains(), || {
                format!(
                    "{} is the last empty cell in {}, so it takes the missing digit {}.",
                    cell_name(cell),
                    house_name(house),
                    digit
                )
            });
        if !found.add(step) {
            return;
        }
    }
}

pub fn naked_single(board: &Board, found: &mut Found) {
    for cell in 0..CELLS {
        let candidates = board.candidates(cell);
        if board.value(cell) != 0 || candidates.len() != 1 {
            continue;
        }
        let Some(digit) = candidates.first() else {
            continue;
        };
        let mut step = Step::new(Technique::NakedSingle);
        step.place(cell, digit)
            .mark_cell(cell, Role::Target)
            .explain_with(found.explains(), || {
                format!("{} has only one candidate left: {}.", cell_name(cell), digit)
            });
        if !found.add(step) {
            return;
        }
    }
}

/// Boxes first, then rows and columns, as people scan.
const SCAN_ORDER: [usize; 27] = [
    18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
];

pub fn hidden_single(board: &Board, found: &mut Found) {
    let mut seen = CellSet::EMPTY;
    for house in SCAN_ORDER {
        for digit in 1..=9 {
            let cells = board.cells_in(house, digit);
            let Some(cell) = cells.first() else { continue };
            if cells.len() != 1 || (found.is_collecting_all() && seen.contains(cell)) {
                continue;
            }
            seen.insert(cell);
            let mut step = Step::new(Technique::HiddenSingle);
            step.place(cell, digit)
                .mark_house(house, HouseRole::Base)
                .mark_cell(cell, Role::Target)
                .explain_with(found.explains(), || {
                    format!("In {}, {} fits only in {}.", house_name(house), digit, cell_name(cell))
                });
            if !found.add(step) {
                return;
            }
        }
    }
}
