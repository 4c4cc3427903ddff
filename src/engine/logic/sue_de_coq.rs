//! Sue de Coq: two or three cells where a box meets a line hold n + 2 or more digits. With some
//! cells of the rest of the line and some of the rest of the box, they make as many cells as
//! digits, counting twice a digit that both those parts hold (it can be in each: they share no
//! house): the line's part of those digits stays in the line's cells of the pattern, the box's
//! part in the box's, and both leave the rest of their house. A digit counted twice leaves the
//! core too: it is placed once in each part.

use super::board::Board;
use super::explanation::{phrase, Explanation};
use super::step::{HouseRole, Role, Step};
use super::subsets::each_combination;
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Cell};

fn digits_of(board: &Board, cells: &[Cell]) -> u16 {
    cells.iter().fold(0, |m, &c| m | board.candidates(c).mask())
}

pub fn sue_de_coq(board: &Board, found: &mut Found) {
    found.on_changed(Technique::SueDeCoq, board, |changed, found| {
        search(board, changed, found)
    });
}

/// Sue de Coq in every box and line that meet, passing over those where no cell has changed
/// (a step reads only their cells).
fn search(board: &Board, changed: CellSet, found: &mut Found) {
    for b in 0..9 {
        let box_house = 18 + b;
        for line in (b / 3 * 3..b / 3 * 3 + 3).chain(9 + b % 3 * 3..9 + b % 3 * 3 + 3) {
            if ((CellSet::house(box_house) | CellSet::house(line)) & changed).is_empty() {
                continue;
            }
            let meet: Vec<Cell> = (CellSet::house(box_house) & CellSet::house(line) & board.empty_cells())
                .iter()
                .collect();
            let line_rest: Vec<Cell> = ((CellSet::house(line) - CellSet::house(box_house)) & board.empty_cells())
                .iter()
                .collect();
            let box_rest: Vec<Cell> = ((CellSet::house(box_house) - CellSet::house(line)) & board.empty_cells())
                .iter()
                .collect();
            // The cores: two or three meeting cells with two more digits than cells. Without one,
            // the parts are not worked out.
            let cores: Vec<Part> = parts(board, &meet)
                .into_iter()
                .filter(|core| core.len >= 2 && core.digits.count_ones() as usize >= core.len + 2)
                .collect();
            if cores.is_empty() {
                continue;
            }
            // The line's and the box's other cells, one to MOST_CELLS at a time, with their digits.
            let (line_parts, box_parts) = (parts(board, &line_rest), parts(board, &box_rest));
            for core in &cores {
                let (size, v) = (core.len, core.digits);
                for d in &line_parts {
                    let vd = d.digits;
                    // The line cells must take some of the core's digits to matter.
                    if vd & v == 0 {
                        continue;
                    }
                    // The box cells add their own cells and digits apart from the line
                    // cells': as many more digits than cells so far as they can make up.
                    let surplus = ((v | vd).count_ones() as usize).saturating_sub(size + d.len);
                    if surplus > MOST_CELLS.min(box_rest.len()) {
                        continue;
                    }
                    for e in &box_parts {
                        let ve = e.digits;
                        if ve & v == 0 {
                            continue;
                        }
                        if places(v, vd, ve) != size + d.len + e.len {
                            continue;
                        }
                        let (c, d, e) = (&core.cells[..size], &d.cells[..d.len], &e.cells[..e.len]);
                        if !report(board, box_house, line, c, d, e, [v, vd, ve], found) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// How many of the pattern's cells its digits can fill at most: each digit once, but a digit of
/// both the line's and the box's cells twice (once in each; those cells share no house). The
/// pattern is a Sue de Coq when that is exactly its number of cells: then every digit is placed
/// as often as it can be, a shared one in the line's cells and in the box's, none in the core.
fn places(v: u16, vd: u16, ve: u16) -> usize {
    ((v | vd | ve).count_ones() + (vd & ve).count_ones()) as usize
}

/// The most cells the line's part or the box's part of a pattern has.
const MOST_CELLS: usize = 5;

/// One to [`MOST_CELLS`] cells of a house's part (or two or three of the meeting cells: a core),
/// and their digits.
struct Part {
    cells: [Cell; MOST_CELLS],
    len: usize,
    digits: u16,
}

/// Every choice of one to [`MOST_CELLS`] of the cells, fewer first (each size in combination
/// order).
fn parts(board: &Board, cells: &[Cell]) -> Vec<Part> {
    // Six cells at most: 6 + 15 + 20 + 15 + 6 choices.
    let mut out = Vec::with_capacity(62);
    for len in 1..=MOST_CELLS.min(cells.len()) {
        each_combination(cells, len, |chosen| {
            let mut part = Part {
                cells: [0; MOST_CELLS],
                len,
                digits: digits_of(board, chosen),
            };
            part.cells[..len].copy_from_slice(chosen);
            out.push(part);
            true
        });
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn report(
    board: &Board,
    box_house: usize,
    line: usize,
    core: &[Cell],
    d: &[Cell],
    e: &[Cell],
    [v, vd, ve]: [u16; 3],
    found: &mut Found,
) -> bool {
    let pattern: CellSet = core.iter().chain(d).chain(e).copied().collect();
    let line_digits = vd | (v & !ve);
    let box_digits = ve | (v & !vd);
    let mut step = Step::new(Technique::SueDeCoq);
    for (house, digits) in [(line, line_digits), (box_house, box_digits)] {
        let rest = (CellSet::house(house) & board.empty_cells()) - pattern;
        for digit in Candidates::from_mask(digits).iter() {
            for cell in (rest & board.cells_with(digit)).iter() {
                step.eliminate(cell, digit);
            }
        }
    }
    // A digit placed twice is placed among the line's cells and among the box's: never in the
    // core, which is in both houses.
    let shared_in_core: Vec<Cell> = core
        .iter()
        .copied()
        .filter(|&cell| board.candidates(cell).mask() & vd & ve != 0)
        .collect();
    for &cell in &shared_in_core {
        for digit in Candidates::from_mask(board.candidates(cell).mask() & vd & ve).iter() {
            step.eliminate(cell, digit);
        }
    }
    if !step.makes_progress() {
        return true;
    }
    step.mark_house(box_house, HouseRole::Base)
        .mark_house(line, HouseRole::Base);
    for cell in pattern.iter() {
        for digit in board.candidates(cell).iter() {
            step.mark_candidate(cell, digit, Role::Pattern);
        }
    }
    step.explain_result_with(found.explains(), || {
        let digits = |mask: u16| Candidates::from_mask(mask).iter();
        let template = if vd & ve == 0 {
            phrase("Sue de Coq: {core} hold {core_digits}; with {line_cells} ({line_cell_digits}) in {line} and {box_cells} ({box_cell_digits}) in {box}, {n} cells hold {n} digits. So {line_digits} stay in the pattern's cells of {line}, and {box_digits} in those of {box}.")
        } else if shared_in_core.is_empty() {
            phrase("Sue de Coq: {core} hold {core_digits}; with {line_cells} ({line_cell_digits}) in {line} and {box_cells} ({box_cell_digits}) in {box}, {n} cells hold {m} digits, of which only {shared} can be placed twice: once among {line_cells}, once among {box_cells}. So every digit is placed as often as it can be: {line_digits} stay in the pattern's cells of {line}, and {box_digits} in those of {box}.")
        } else {
            phrase("Sue de Coq: {core} hold {core_digits}; with {line_cells} ({line_cell_digits}) in {line} and {box_cells} ({box_cell_digits}) in {box}, {n} cells hold {m} digits, of which only {shared} can be placed twice: once among {line_cells}, once among {box_cells}, and so not in {shared_cells}. So every digit is placed as often as it can be: {line_digits} stay in the pattern's cells of {line}, and {box_digits} in those of {box}.")
        };
        Explanation::new(template)
        .cells_and("core", core.iter().copied())
        .digits_and("core_digits", digits(v))
        .cells("line_cells", d.iter().copied())
        .digits("line_cell_digits", digits(vd))
        .house("line", line)
        .cells("box_cells", e.iter().copied())
        .digits("box_cell_digits", digits(ve))
        .house("box", box_house)
        .number("n", pattern.len() as usize)
        .number("m", (v | vd | ve).count_ones() as usize)
        .digits("shared", digits(vd & ve))
        .cells("shared_cells", shared_in_core.iter().copied())
        .digits_and("line_digits", digits(line_digits))
        .digits_and("box_digits", digits(box_digits))
    });
    found.add(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::{magictour_positions, CellDigit};

    /// Sue de Coq by its definition, every choice of core, line cells and box cells tried (no
    /// shortcuts): each pattern's eliminations, sorted.
    fn by_definition(board: &Board) -> Vec<Vec<CellDigit>> {
        let mut out = Vec::new();
        for b in 0..9 {
            let box_house = 18 + b;
            for line in (b / 3 * 3..b / 3 * 3 + 3).chain(9 + b % 3 * 3..9 + b % 3 * 3 + 3) {
                let (bx, ln, empty) = (CellSet::house(box_house), CellSet::house(line), board.empty_cells());
                let meet: Vec<Cell> = (bx & ln & empty).iter().collect();
                let line_rest: Vec<Cell> = ((ln - bx) & empty).iter().collect();
                let box_rest: Vec<Cell> = ((bx - ln) & empty).iter().collect();
                for size in 2..=meet.len() {
                    each_combination(&meet, size, |core| {
                        for d_size in 1..=MOST_CELLS.min(line_rest.len()) {
                            each_combination(&line_rest, d_size, |d| {
                                for e_size in 1..=MOST_CELLS.min(box_rest.len()) {
                                    each_combination(&box_rest, e_size, |e| {
                                        let (v, vd, ve) =
                                            (digits_of(board, core), digits_of(board, d), digits_of(board, e));
                                        let n = size + d_size + e_size;
                                        if v.count_ones() as usize >= size + 2
                                            && vd & v != 0
                                            && ve & v != 0
                                            && ((v | vd | ve).count_ones() + (vd & ve).count_ones()) as usize == n
                                        {
                                            let mut found = Found::new(true);
                                            report(board, box_house, line, core, d, e, [v, vd, ve], &mut found);
                                            out.extend(found.steps.into_iter().map(|s| s.eliminations));
                                        }
                                        true
                                    });
                                }
                                true
                            });
                        }
                        true
                    });
                }
            }
        }
        for gone in &mut out {
            gone.sort();
        }
        out.sort();
        out
    }

    /// The search finds every Sue de Coq of the definition, and no other, at positions along
    /// magictour paths.
    #[test]
    fn patterns_are_those_of_the_definition() {
        let mut patterns = 0;
        for (line, index, board) in magictour_positions(20, 3) {
            let mut found = Found::new(true);
            search(&board, CellSet::ALL, &mut found);
            let mut steps: Vec<Vec<CellDigit>> = found.steps.into_iter().map(|s| s.eliminations).collect();
            for gone in &mut steps {
                gone.sort();
            }
            steps.sort();
            assert!(
                steps == by_definition(&board),
                "{line}, step {index}: the patterns differ"
            );
            patterns += steps.len();
        }
        assert!(patterns > 300, "only {patterns} patterns: too few to tell");
    }
}
