//! Uniqueness techniques, which assume the puzzle has one solution: a "deadly pattern" of four
//! cells (two rows, two columns, two boxes) holding the same two digits would have two, so it
//! must be avoided. Unique Rectangle types 1, 2 and 4, and BUG+1.

use super::board::Board;
use super::step::{list_cells, HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{box_of, cell_at, cell_name, col_of, house_name, row_of, Candidates, Cell, Digit};

/// Rectangles of empty cells in two rows, two columns and two boxes whose cells all hold both
/// digits of a pair; yields (the four cells in reading order, the pair). With `partial`, one
/// corner may hold just one of the two (a candidate removed by earlier logic can be in no
/// solution, so the swap argument still holds).
///
/// Every rectangle the techniques use has a side of two cells holding exactly the pair, so the
/// search starts from such sides rather than from all 1,296 rectangles.
fn rectangles(board: &Board, partial: bool) -> Vec<([Cell; 4], [Digit; 2])> {
    let mut found: Vec<([Cell; 4], [Digit; 2])> = Vec::new();
    let bivalue: Vec<Cell> = board.bivalue_cells().iter().collect();
    for (i, &p) in bivalue.iter().enumerate() {
        for &q in &bivalue[i + 1..] {
            if board.candidates(p) != board.candidates(q) {
                continue;
            }
            let mut digits = board.candidates(p).iter();
            let (Some(a), Some(b)) = (digits.next(), digits.next()) else {
                continue;
            };
            // The side p–q lies in a row or a column; the rectangle's other side is parallel.
            let (same_row, same_col) = (row_of(p) == row_of(q), col_of(p) == col_of(q));
            if !same_row && !same_col {
                continue;
            }
            for other in 0..9 {
                let (r, s) = if same_row {
                    if other == row_of(p) {
                        continue;
                    }
                    (cell_at(other, col_of(p)), cell_at(other, col_of(q)))
                } else {
                    if other == col_of(p) {
                        continue;
                    }
                    (cell_at(row_of(p), other), cell_at(row_of(q), other))
                };
                let mut cells = [p, q, r, s];
                cells.sort_unstable();
                let (r1, r2, c1, c2) = (row_of(cells[0]), row_of(cells[3]), col_of(cells[0]), col_of(cells[3]));
                // Two boxes: the rows share a band or the columns share a stack, not both.
                let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                if !two_boxes || cells.iter().any(|&c| board.value(c) != 0) {
                    continue;
                }
                let full = cells.iter().filter(|&&c| board.has(c, a) && board.has(c, b)).count();
                let touched = cells.iter().filter(|&&c| board.has(c, a) || board.has(c, b)).count();
                let fits = full == 4 || (partial && full == 3 && touched == 4);
                if fits && !found.contains(&(cells, [a, b])) {
                    found.push((cells, [a, b]));
                }
            }
        }
    }
    found
}

fn pair_set(pair: [Digit; 2]) -> Candidates {
    pair.into_iter().collect()
}

fn start(technique: Technique, board: &Board, cells: [Cell; 4], pair: [Digit; 2]) -> Step {
    let mut step = Step::new(technique);
    for cell in cells {
        for digit in pair {
            if board.has(cell, digit) {
                step.mark_candidate(cell, digit, Role::Pattern);
            }
        }
    }
    step
}

/// Type 1: three corners hold only the pair, so the fourth must not be either pair digit.
pub fn type_1(board: &Board, found: &mut Found) {
    for (cells, pair) in rectangles(board, true) {
        let extra: Vec<Cell> = cells
            .into_iter()
            .filter(|&c| board.candidates(c) != pair_set(pair))
            .collect();
        let [corner] = extra[..] else { continue };
        let mut step = start(Technique::UniqueRectangle1, board, cells, pair);
        step.mark_cell(corner, Role::Target);
        for digit in pair.into_iter().filter(|&d| board.has(corner, d)) {
            step.eliminate(corner, digit);
        }
        step.explain_with(found.explains(), || {
            format!(
                "Unique rectangle on {} and {} in {}: three corners hold only {} and {}. If {} were {} or {}, \
             the two digits could swap and the puzzle would have two solutions, so it is neither.",
                pair[0],
                pair[1],
                list_cells(cells),
                pair[0],
                pair[1],
                cell_name(corner),
                pair[0],
                pair[1]
            )
        });
        if !found.add(step) {
            return;
        }
    }
}

/// The two corners (of a side) that hold extra candidates, when the other two hold only the pair
/// and the two share a row or column.
fn roof(board: &Board, cells: [Cell; 4], pair: [Digit; 2]) -> Option<[Cell; 2]> {
    let (floor, roof): (Vec<Cell>, Vec<Cell>) = cells.into_iter().partition(|&c| board.candidates(c) == pair_set(pair));
    match (&floor[..], &roof[..]) {
        ([_, _], [a, b]) if row_of(*a) == row_of(*b) || col_of(*a) == col_of(*b) => Some([*a, *b]),
        _ => None,
    }
}

/// Type 2: the two roof cells hold the pair plus the same one extra digit, which must be in one
/// of them: cells seeing both lose it.
pub fn type_2(board: &Board, found: &mut Found) {
    for (cells, pair) in rectangles(board, false) {
        let Some([a, b]) = roof(board, cells, pair) else {
            continue;
        };
        let extra = Candidates::from_mask(board.candidates(a).mask() & !pair_set(pair).mask());
        if board.candidates(a) != board.candidates(b) || extra.len() != 1 {
            continue;
        }
        let Some(z) = extra.first() else { continue };
        let roof_cells: CellSet = [a, b].into_iter().collect();
        let targets = roof_cells.common_peers() & board.cells_with(z);
        if targets.is_empty() {
            continue;
        }
        let mut step = start(Technique::UniqueRectangle2, board, cells, pair);
        step.mark_candidate(a, z, Role::Fin).mark_candidate(b, z, Role::Fin);
        for cell in targets.iter() {
            step.eliminate(cell, z);
        }
        step.explain_with(found.explains(), || {
            format!(
                "Unique rectangle on {} and {} in {}: to avoid two solutions, {} or {} must be {}, \
             so {} cannot be {}.",
                pair[0],
                pair[1],
                list_cells(cells),
                cell_name(a),
                cell_name(b),
                z,
                list_cells(targets.iter()),
                z
            )
        });
        if !found.add(step) {
            return;
        }
    }
}

/// Type 4: in a house of the two roof cells, one pair digit lives only in them; the roof cannot
/// hold both pair digits, so the other pair digit leaves both roof cells.
pub fn type_4(board: &Board, found: &mut Found) {
    for (cells, pair) in rectangles(board, false) {
        let Some([a, b]) = roof(board, cells, pair) else {
            continue;
        };
        let roof_cells: CellSet = [a, b].into_iter().collect();
        let houses = (0..27).filter(|&h| (roof_cells - CellSet::house(h)).is_empty());
        for house in houses {
            for (locked, other) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                if board.cells_in(house, locked) != roof_cells {
                    continue;
                }
                let mut step = start(Technique::UniqueRectangle4, board, cells, pair);
                step.mark_house(house, HouseRole::Base);
                step.eliminate(a, other).eliminate(b, other);
                step.explain_with(found.explains(), || {
                    format!(
                        "Unique rectangle on {} and {} in {}: in {}, {} must be in {} or {}; if either were {}, \
                     the rectangle could swap its digits, so neither is {}.",
                        pair[0],
                        pair[1],
                        list_cells(cells),
                        house_name(house),
                        locked,
                        cell_name(a),
                        cell_name(b),
                        other,
                        other
                    )
                });
                if !found.add(step) {
                    return;
                }
            }
        }
    }
}

/// BUG+1: every empty cell holds two candidates except one with three. Were that cell one of the
/// digits appearing twice in its houses, every digit would be in a house twice and the puzzle
/// would have two solutions; so it is the digit that appears three times.
pub fn bug_plus_one(board: &Board, found: &mut Found) {
    let empty = board.empty_cells();
    let mut three = None;
    for cell in empty.iter() {
        match board.candidates(cell).len() {
            2 => {}
            3 if three.is_none() => three = Some(cell),
            _ => return,
        }
    }
    let Some(cell) = three else { return };
    let houses = [row_of(cell), 9 + col_of(cell), 18 + box_of(cell)];
    let odd: Vec<Digit> = board
        .candidates(cell)
        .iter()
        .filter(|&d| houses.iter().all(|&h| board.cells_in(h, d).len() == 3))
        .collect();
    let [digit] = odd[..] else { return };
    let mut step = Step::new(Technique::BugPlusOne);
    step.mark_cell(cell, Role::Target)
        .mark_candidate(cell, digit, Role::Pattern);
    for other in board.candidates(cell).iter().filter(|&d| d != digit) {
        step.eliminate(cell, other);
    }
    step.explain_with(found.explains(), || {
        format!(
            "BUG+1: every empty cell but {} holds two candidates. Only {} appears three times in its row, \
         column and box; any other choice leaves a pattern with two solutions, so {} is {}.",
            cell_name(cell),
            digit,
            cell_name(cell),
            digit
        )
    });
    found.add(step);
}
