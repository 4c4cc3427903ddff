//! Intersections of a box with a row or column: locked candidates (pointing and claiming) and
//! locked pairs and triples (a naked subset inside the intersection, which clears both houses).

use super::board::Board;
use super::explanation::{phrase, Explanation};
use super::step::{HouseRole, Role, Step};
use super::subsets::gather;
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, HOUSES};

/// The row or column holding all the cells, if there is one.
fn common_line(cells: CellSet) -> Option<usize> {
    (0..18).find(|&line| (cells - CellSet::house(line)).is_empty())
}

/// The box holding all the cells, if there is one.
fn common_box(cells: CellSet) -> Option<usize> {
    (18..27).find(|&b| (cells - CellSet::house(b)).is_empty())
}

pub fn pointing(board: &Board, found: &mut Found) {
    locked_candidates(board, found, Technique::LockedCandidatesPointing, 18..27, common_line);
}

pub fn claiming(board: &Board, found: &mut Found) {
    locked_candidates(board, found, Technique::LockedCandidatesClaiming, 0..18, common_box);
}

/// A digit whose candidates in a base house all lie in one other house (the cover: a line for a
/// box, a box for a line) must be in the intersection, so the rest of the cover loses it.
fn locked_candidates(
    board: &Board,
    found: &mut Found,
    technique: Technique,
    bases: std::ops::Range<usize>,
    cover_of: fn(CellSet) -> Option<usize>,
) {
    for base in bases {
        for digit in 1..=9 {
            let cells = board.cells_in(base, digit);
            if cells.len() < 2 {
                continue;
            }
            let Some(cover) = cover_of(cells) else { continue };
            let targets = board.cells_in(cover, digit) - cells;
            if targets.is_empty() {
                continue;
            }
            let mut step = Step::new(technique);
            step.mark_house(base, HouseRole::Base)
                .mark_house(cover, HouseRole::Cover);
            for cell in cells.iter() {
                step.mark_candidate(cell, digit, Role::Pattern);
            }
            for cell in targets.iter() {
                step.eliminate(cell, digit);
            }
            step.explain_with(found.explains(), || {
                Explanation::new(phrase(
                    "In {base}, {digit} lies only in {cover} ({cells}), so it can be removed from the rest of {cover}.",
                ))
                .house("base", base)
                .digit("digit", digit)
                .house("cover", cover)
                .cells("cells", cells.iter())
            });
            if !found.add(step) {
                return;
            }
        }
    }
}

/// A naked pair (size 2) or triple (size 3) whose cells share a box and a line: its digits leave
/// both houses (HoDoKu reports it whichever of the two has candidates to lose).
pub fn locked_subset(board: &Board, size: u32, found: &mut Found) {
    let technique = if size == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    for box_house in 18..27 {
        let (band, stack) = ((box_house - 18) / 3, (box_house - 18) % 3);
        let lines = (band * 3..band * 3 + 3).chain(9 + stack * 3..9 + stack * 3 + 3);
        for line in lines {
            let intersection = CellSet::house(box_house) & CellSet::house(line);
            let (open, count) = gather(
                (intersection & board.empty_cells())
                    .iter()
                    .filter(|&c| (2..=size).contains(&board.candidates(c).len())),
            );
            let open = &open[..count];
            for mask in 1u32..(1 << open.len()) {
                if mask.count_ones() != size {
                    continue;
                }
                let cells: CellSet = (0..open.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| open[i])
                    .collect();
                let digits: Candidates = cells.iter().flat_map(|c| board.candidates(c).iter()).collect();
                if digits.len() != size {
                    continue;
                }
                let both = CellSet::house(box_house) | CellSet::house(line);
                let others = (both & board.empty_cells()) - cells;
                if !others.iter().any(|c| board.candidates(c).mask() & digits.mask() != 0) {
                    continue;
                }
                let mut step = Step::new(technique);
                step.mark_house(line, HouseRole::Base)
                    .mark_house(box_house, HouseRole::Base);
                for cell in cells.iter() {
                    for digit in board.candidates(cell).iter() {
                        step.mark_candidate(cell, digit, Role::Pattern);
                    }
                }
                for house in [box_house, line] {
                    for cell in HOUSES[house].iter().copied().filter(|&c| !cells.contains(c)) {
                        for digit in digits.iter().filter(|&d| board.has(cell, d)) {
                            step.eliminate(cell, digit);
                        }
                    }
                }
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "{cells}, which share {line} and {box}, hold only {digits}: these digits can be removed from the other cells of both.",
                    ))
                    .cells_and("cells", cells.iter())
                    .digits_and("digits", digits.iter())
                    .house("line", line)
                    .house("box", box_house)
                });
                if !found.add(step) {
                    return;
                }
            }
        }
    }
}
