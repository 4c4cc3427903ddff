//! Singles: full house (the last empty cell of a house), naked single (a cell with one
//! candidate) and hidden single (a digit with one place left in a house). When explaining, a
//! single also names its proof: the placed digits that rule out the other candidates or cells
//! (marked as the pattern, for the hint's second stage).

use super::board::Board;
use super::explanation::{phrase, Arg, Explanation};
use super::step::{HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Cell, Digit, CELLS, HOUSES};

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
                Explanation::new(phrase(
                    "{cell} is the last empty cell in {house}, so it takes the missing digit {digit}.",
                ))
                .cell("cell", cell)
                .house("house", house)
                .digit("digit", digit)
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
        step.place(cell, digit).mark_cell(cell, Role::Target);
        if found.explains() {
            let (seen, earlier) = naked_single_proof(board, cell, digit);
            let digits = |ds: Vec<Digit>| Arg::And(ds.into_iter().map(Arg::Digit).collect());
            let seen_digits: Vec<Digit> = seen.iter().map(|&(_, d)| d).collect();
            let text = match (seen.is_empty(), earlier.is_empty()) {
                (true, true) => Explanation::new(phrase("{cell} has only one candidate left: {digit}.")),
                (false, true) => Explanation::new(phrase(
                    "{cell} has only one candidate left: {digit} (its row, column and box hold {seen}).",
                )),
                (false, false) => Explanation::new(phrase(
                    "{cell} has only one candidate left: {digit} (its row, column and box hold {seen}; earlier steps ruled out {earlier}).",
                )),
                (true, false) => Explanation::new(phrase(
                    "{cell} has only one candidate left: {digit} (earlier steps ruled out the others).",
                )),
            };
            step.explain_with(true, || {
                text.cell("cell", cell)
                    .digit("digit", digit)
                    .with("seen", digits(seen_digits))
                    .with("earlier", digits(earlier))
            });
            for (peer, _) in seen {
                step.mark_cell(peer, Role::Pattern);
            }
        }
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
    let candidates = board.all_candidates();
    for house in SCAN_ORDER {
        // The digits with one place in the house, as bits: those in one cell's candidates, not
        // two.
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in &HOUSES[house] {
            let digits = candidates[cell].mask();
            twice |= once & digits;
            once |= digits;
        }
        let mut alone = once & !twice;
        while alone != 0 {
            let digit = alone.trailing_zeros() as Digit;
            alone &= alone - 1;
            let cells = board.cells_in(house, digit);
            let Some(cell) = cells.first() else { continue };
            if cells.len() != 1 || (found.is_collecting_all() && seen.contains(cell)) {
                continue;
            }
            seen.insert(cell);
            let mut step = Step::new(Technique::HiddenSingle);
            step.place(cell, digit)
                .mark_house(house, HouseRole::Base)
                .mark_cell(cell, Role::Target);
            if found.explains() {
                let others = (CellSet::house(house) & board.empty_cells()) - CellSet::single(cell);
                let (blockers, earlier) = hidden_single_proof(board, others, digit);
                let one = blockers.len() == 1;
                let template = match (blockers.is_empty(), earlier.is_empty(), one) {
                    (true, true, _) => phrase("In {house}, {digit} fits only in {cell}."),
                    (false, true, true) => {
                        phrase("In {house}, {digit} fits only in {cell}: the {digit} in {blockers} rules out the other cells.")
                    }
                    (false, true, false) => {
                        phrase("In {house}, {digit} fits only in {cell}: the {digit}s in {blockers} rule out the other cells.")
                    }
                    (true, false, _) => {
                        phrase("In {house}, {digit} fits only in {cell}: earlier steps ruled it out of the other cells.")
                    }
                    (false, false, true) => phrase(
                        "In {house}, {digit} fits only in {cell}: the {digit} in {blockers} rules out the other cells but {earlier}, which earlier steps ruled out.",
                    ),
                    (false, false, false) => phrase(
                        "In {house}, {digit} fits only in {cell}: the {digit}s in {blockers} rule out the other cells but {earlier}, which earlier steps ruled out.",
                    ),
                };
                let cells = |cs: Vec<Cell>| Arg::And(cs.into_iter().map(Arg::Cell).collect());
                let blocking = cells(blockers.clone());
                step.explain_with(true, || {
                    Explanation::new(template)
                        .house("house", house)
                        .digit("digit", digit)
                        .cell("cell", cell)
                        .with("blockers", blocking)
                        .with("earlier", cells(earlier.iter().collect()))
                });
                for blocker in blockers {
                    step.mark_cell(blocker, Role::Pattern);
                }
            }
            if !found.add(step) {
                return;
            }
        }
    }
}

/// Why a cell has one candidate: for each other digit, a peer that holds it (in digit order), and
/// the digits no peer holds (removed by earlier steps).
fn naked_single_proof(board: &Board, cell: Cell, digit: Digit) -> (Vec<(Cell, Digit)>, Vec<Digit>) {
    let peers = CellSet::peers(cell);
    let mut seen = Vec::new();
    let mut earlier = Vec::new();
    for other in (1..=9).filter(|&d| d != digit) {
        match peers.iter().find(|&p| board.value(p) == other) {
            Some(peer) => seen.push((peer, other)),
            None => earlier.push(other),
        }
    }
    (seen, earlier)
}

/// Why a digit fits in no other cell of a house: placed copies of it that see those cells (few,
/// greedily the ones that rule out most), and the cells none of them sees (removed by earlier
/// steps).
fn hidden_single_proof(board: &Board, others: CellSet, digit: Digit) -> (Vec<Cell>, CellSet) {
    let placed: Vec<Cell> = (0..CELLS).filter(|&c| board.value(c) == digit).collect();
    let mut open = others;
    let mut blockers = Vec::new();
    while !open.is_empty() {
        let best = placed.iter().copied().max_by_key(|&p| (CellSet::peers(p) & open).len());
        match best.filter(|&p| !(CellSet::peers(p) & open).is_empty()) {
            Some(p) => {
                blockers.push(p);
                open = open - CellSet::peers(p);
            }
            None => break,
        }
    }
    blockers.sort_unstable();
    (blockers, open)
}
