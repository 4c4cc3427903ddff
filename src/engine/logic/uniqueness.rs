//! Uniqueness techniques, which assume the puzzle has one solution: a "deadly pattern" of four
//! cells (two rows, two columns, two boxes) holding the same two digits would have two, so it
//! must be avoided. Unique Rectangle types 1 to 6, Hidden Rectangle, Avoidable Rectangles 1 and 2,
//! and BUG+1.

use std::rc::Rc;

use super::board::{Board, Last, LastBoard};
use super::explanation::{phrase, Arg, Explanation};
use super::step::{HouseRole, Role, Step};
use super::subsets::gather;
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{box_of, cell_at, col_of, row_of, Candidates, Cell, Digit};

/// Rectangles with their pairs: the four corners in reading order, and the two digits.
type Rectangles = Vec<([Cell; 4], [Digit; 2])>;

/// The rectangles of [`find_rectangles`]: the techniques of this family ask in turn on the same
/// board, so those of the last board are kept (per thread).
fn rectangles(board: &Board) -> Rc<Rectangles> {
    thread_local! {
        static LAST: LastBoard<Rectangles> = const { LastBoard::new() };
    }
    LAST.with(|last| last.get_or(board, find_rectangles))
}

/// The rectangles of [`find_every_rectangle`], kept for the last board likewise.
fn every_rectangle(board: &Board) -> Rc<Rectangles> {
    thread_local! {
        static LAST: LastBoard<Rectangles> = const { LastBoard::new() };
    }
    LAST.with(|last| last.get_or(board, find_every_rectangle))
}

/// Rectangles of empty cells in two rows, two columns and two boxes whose cells all hold both
/// digits of a pair, but for one corner that may hold just one of the two (a candidate removed
/// by earlier logic can be in no solution, so the swap argument still holds); yields (the four
/// cells in reading order, the pair).
///
/// Every rectangle the techniques use has a side of two cells holding exactly the pair, so the
/// search starts from such sides rather than from all 1,296 rectangles.
fn find_rectangles(board: &Board) -> Rectangles {
    let mut found: Rectangles = Vec::new();
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
                if holds_pair(board, cells, [a, b]) && !found.contains(&(cells, [a, b])) {
                    found.push((cells, [a, b]));
                }
            }
        }
    }
    found
}

/// Whether a rectangle's corners all hold both digits of a pair, or all but one, which holds one
/// of them (a candidate removed by earlier logic is in no solution, so the swap argument holds).
fn holds_pair(board: &Board, cells: [Cell; 4], pair: [Digit; 2]) -> bool {
    let pair = pair_set(pair).mask();
    let masks = cells.map(|c| board.candidates(c).mask());
    let full = masks.iter().filter(|&&m| m & pair == pair).count();
    let touched = masks.iter().filter(|&&m| m & pair != 0).count();
    full == 4 || (full == 3 && touched == 4)
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
    for &(cells, pair) in rectangles(board).iter() {
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
            rectangle_explanation(
                Technique::UniqueRectangle1,
                phrase("{technique} on {x} and {y} in {cells}: three corners hold only {x} and {y}. If {corner} were {x} or {y}, the two digits could swap and the puzzle would have two solutions, so it is neither."),
                board,
                pair,
                cells,
            )
            .cell("corner", corner)
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
/// of them: cells seeing both lose it. (One roof cell may lack a pair digit.)
pub fn type_2(board: &Board, found: &mut Found) {
    for &(cells, pair) in rectangles(board).iter() {
        let Some([a, b]) = roof(board, cells, pair) else {
            continue;
        };
        let extra =
            Candidates::from_mask((board.candidates(a).mask() | board.candidates(b).mask()) & !pair_set(pair).mask());
        let Some(z) = extra.first() else { continue };
        if extra.len() != 1 || !board.has(a, z) || !board.has(b, z) {
            continue;
        }
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
            rectangle_explanation(
                Technique::UniqueRectangle2,
                phrase("{technique} on {x} and {y} in {cells}: to avoid two solutions, {a} or {b} must be {z}, so {targets} cannot be {z}."),
                board,
                pair,
                cells,
            )
            .cell("a", a)
            .cell("b", b)
            .digit("z", z)
            .cells_and("targets", targets.iter())
        });
        if !found.add(step) {
            return;
        }
    }
}

/// Type 4: in a house of the two roof cells, one pair digit lives only in them; the roof cannot
/// hold both pair digits, so the other pair digit leaves both roof cells. (One roof cell may
/// lack the other digit.)
pub fn type_4(board: &Board, found: &mut Found) {
    for &(cells, pair) in rectangles(board).iter() {
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
                for cell in [a, b].into_iter().filter(|&c| board.has(c, other)) {
                    step.eliminate(cell, other);
                }
                step.explain_with(found.explains(), || {
                    rectangle_explanation(
                        Technique::UniqueRectangle4,
                        phrase("{technique} on {x} and {y} in {cells}: in {house}, {locked} must be in {a} or {b}; if either were {other}, the rectangle could swap its digits, so neither is {other}."),
                        board,
                        pair,
                        cells,
                    )
                    .house("house", house)
                    .digit("locked", locked)
                    .cell("a", a)
                    .cell("b", b)
                    .digit("other", other)
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
        Explanation::new(phrase(
            "BUG+1: every empty cell but {cell} holds two candidates. Only {digit} appears three times in its row, column and box; any other choice leaves a pattern with two solutions, so {cell} is {digit}.",
        ))
        .cell("cell", cell)
        .digit("digit", digit)
    });
    found.add(step);
}

/// Every rectangle (two rows, two columns, two boxes) of empty cells that all hold both digits
/// of a pair, or all but one corner that holds just one of them (as in [`find_rectangles`]: a
/// candidate removed by earlier logic is in no solution, so the swap argument still holds);
/// [`every_rectangle`] keeps them for the board. Corners in reading order, so `[0]`/`[3]` and
/// `[1]`/`[2]` are diagonal.
fn find_every_rectangle(board: &Board) -> Rectangles {
    let mut out = Vec::new();
    for &cells in without_givens(board).iter() {
        if cells.iter().any(|&c| board.value(c) != 0) {
            continue;
        }
        let [m0, m1, m2, m3] = cells.map(|c| board.candidates(c).mask());
        // The digits at least three corners hold: a pair of them may make a rectangle.
        let in_three = (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1));
        if in_three.count_ones() < 2 {
            continue;
        }
        for a in Candidates::from_mask(in_three).iter() {
            for b in Candidates::from_mask(in_three & !((2u16 << a) - 1)).iter() {
                if holds_pair(board, cells, [a, b]) {
                    out.push((cells, [a, b]));
                }
            }
        }
    }
    out
}

/// The corners of every rectangle in two rows, two columns and two boxes, in reading order
/// (listed once).
fn four_corners() -> impl Iterator<Item = [Cell; 4]> {
    static ALL: std::sync::OnceLock<Vec<[Cell; 4]>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        (0..9)
            .flat_map(|r1| {
                (r1 + 1..9).flat_map(move |r2| {
                    (0..9).flat_map(move |c1| {
                        (c1 + 1..9)
                            .filter(move |&c2| (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3))
                            .map(move |c2| [cell_at(r1, c1), cell_at(r1, c2), cell_at(r2, c1), cell_at(r2, c2)])
                    })
                })
            })
            .collect()
    })
    .iter()
    .copied()
}

/// The rectangles of [`four_corners`] with no given among their corners, for the puzzle of the
/// board (kept for the last puzzle's givens, per thread).
fn without_givens(board: &Board) -> Rc<Vec<[Cell; 4]>> {
    thread_local! {
        static LAST: Last<CellSet, Vec<[Cell; 4]>> = const { Last::new() };
    }
    LAST.with(|last| {
        last.get_or(&board.givens(), |&givens| {
            four_corners()
                .filter(|cells| cells.iter().all(|&c| !givens.contains(c)))
                .collect()
        })
    })
}

/// The corners holding exactly the pair, and the others.
fn floor_and_roof(board: &Board, cells: [Cell; 4], pair: [Digit; 2]) -> (Vec<Cell>, Vec<Cell>) {
    cells.into_iter().partition(|&c| board.candidates(c) == pair_set(pair))
}

/// An explanation about a rectangle: `template` with the pair as `{x}` and `{y}` and the corners
/// as `{cells}`, and a word on corners short of a pair digit ([`with_short_corner`]).
fn rectangle_explanation(
    technique: Technique,
    template: &'static str,
    board: &Board,
    pair: [Digit; 2],
    cells: [Cell; 4],
) -> Explanation {
    let explanation = Explanation::new(template)
        .technique("technique", technique)
        .digit("x", pair[0])
        .digit("y", pair[1])
        .cells("cells", cells);
    with_short_corner(explanation, board, pair, cells)
}

/// A rectangle's explanation, and where corners have lost a pair digit (which the searches allow,
/// [`holds_pair`]), why the swap argument stands without it: a player who sees a corner short of
/// a digit would otherwise doubt the pattern.
fn with_short_corner(explanation: Explanation, board: &Board, pair: [Digit; 2], cells: [Cell; 4]) -> Explanation {
    let losses: Vec<Arg> = cells
        .into_iter()
        .flat_map(|cell| pair.map(|digit| (cell, digit)))
        .filter(|&(cell, digit)| !board.has(cell, digit))
        .map(|(cell, digit)| {
            Arg::Clause(Box::new(
                Explanation::new(phrase("{digit} from {corner}"))
                    .digit("digit", digit)
                    .cell("corner", cell),
            ))
        })
        .collect();
    if losses.is_empty() {
        return explanation;
    }
    Explanation::new(phrase(
        "{rectangle} (Earlier steps removed {losses}, which changes nothing: swapping the digits would still give a second solution.)",
    ))
    .clause("rectangle", explanation)
    .with("losses", Arg::And(losses))
}

/// Type 3: the roof's extra digits act as one more cell; with other cells of a house the roof
/// shares they form a naked subset, whose digits leave the house's other cells. (One roof cell
/// may lack a pair digit.)
pub fn type_3(board: &Board, found: &mut Found) {
    for &(cells, pair) in rectangles(board).iter() {
        let Some([a, b]) = roof(board, cells, pair) else {
            continue;
        };
        let extra = (board.candidates(a).mask() | board.candidates(b).mask()) & !pair_set(pair).mask();
        if extra.count_ones() < 2 {
            continue; // one extra digit is type 2
        }
        let roof_cells: CellSet = [a, b].into_iter().collect();
        for house in (0..27).filter(|&h| (roof_cells - CellSet::house(h)).is_empty()) {
            let others: Vec<Cell> = ((CellSet::house(house) & board.empty_cells()) - roof_cells)
                .iter()
                .collect();
            for size in 1..others.len() {
                let mut keep_looking = true;
                super::subsets::each_combination(&others, size, |subset| {
                    let digits = subset.iter().fold(extra, |m, &c| m | board.candidates(c).mask());
                    if digits.count_ones() as usize != size + 1 {
                        return true;
                    }
                    let subset_cells: CellSet = subset.iter().copied().collect();
                    let mut step = start(Technique::UniqueRectangle3, board, cells, pair);
                    // The subset is naked in every house holding it and the roof.
                    let all = subset_cells | roof_cells;
                    for h in (0..27).filter(|&h| (all - CellSet::house(h)).is_empty()) {
                        let rest = (CellSet::house(h) & board.empty_cells()) - all;
                        for d in Candidates::from_mask(digits).iter() {
                            for cell in (rest & board.cells_with(d)).iter() {
                                step.eliminate(cell, d);
                            }
                        }
                    }
                    if !step.makes_progress() {
                        return true;
                    }
                    step.mark_house(house, HouseRole::Base);
                    for &cell in subset {
                        for d in board.candidates(cell).iter() {
                            step.mark_candidate(cell, d, Role::Fin);
                        }
                    }
                    step.explain_result_with(found.explains(), || {
                        rectangle_explanation(
                            Technique::UniqueRectangle3,
                            phrase("{technique} on {x} and {y} in {cells}: {a} or {b} must hold one of {extra} (else two solutions); with {subset} they form a naked subset on {digits} in {house}, so the house's other cells lose those digits."),
                            board,
                            pair,
                            cells,
                        )
                        .cell("a", a)
                        .cell("b", b)
                        .digits("extra", Candidates::from_mask(extra).iter())
                        .cells("subset", subset.iter().copied())
                        .digits("digits", Candidates::from_mask(digits).iter())
                        .house("house", house)
                    });
                    keep_looking = found.add(step);
                    keep_looking
                });
                if !keep_looking {
                    return;
                }
            }
        }
    }
}

/// Type 5: the corners that hold more than the pair hold one same extra digit z, and they do not
/// lie on one side (that is type 2); one of them is z, so cells seeing them all lose it. (One
/// corner may lack a pair digit.)
pub fn type_5(board: &Board, found: &mut Found) {
    for &(cells, pair) in every_rectangle(board).iter() {
        let (floor, roof) = floor_and_roof(board, cells, pair);
        if floor.is_empty() || roof.len() < 2 {
            continue;
        }
        let roof_set: CellSet = roof.iter().copied().collect();
        if roof.len() == 2 && roof_set.in_one_house() {
            continue;
        }
        let extra = Candidates::from_mask(board.candidates(roof[0]).mask() & !pair_set(pair).mask());
        let Some(z) = extra.first() else { continue };
        // Each roof corner holds z and the pair, or (one of them) z and one pair digit.
        let roof_holds = |c: Cell| {
            let mask = board.candidates(c).mask();
            mask & 1 << z != 0 && mask & !(pair_set(pair).mask() | 1 << z) == 0
        };
        if extra.len() != 1 || !roof.iter().all(|&c| roof_holds(c)) {
            continue;
        }
        let targets = roof_set.common_peers() & board.cells_with(z);
        if targets.is_empty() {
            continue;
        }
        let mut step = start(Technique::UniqueRectangle5, board, cells, pair);
        for &c in &roof {
            step.mark_candidate(c, z, Role::Fin);
        }
        for cell in targets.iter() {
            step.eliminate(cell, z);
        }
        step.explain_with(found.explains(), || {
            rectangle_explanation(
                Technique::UniqueRectangle5,
                phrase("{technique} on {x} and {y} in {cells}: to avoid two solutions one of {roof} is {z}, so {targets} cannot be {z}."),
                board,
                pair,
                cells,
            )
            .cells("roof", roof.iter().copied())
            .digit("z", z)
            .cells_and("targets", targets.iter())
        });
        if !found.add(step) {
            return;
        }
    }
}

/// Type 6: two diagonal corners hold only the pair; a pair digit x lies, in both rows (or both
/// columns) of the rectangle, only in its corners. Were x in a roof corner, it would be in the
/// other too and the floor would hold the other digit: a deadly pattern. So the roof loses x.
pub fn type_6(board: &Board, found: &mut Found) {
    for &(cells, pair) in every_rectangle(board).iter() {
        let (floor, roof) = floor_and_roof(board, cells, pair);
        let (&[f1, f2], &[g1, g2]) = (&floor[..], &roof[..]) else {
            continue;
        };
        if row_of(f1) == row_of(f2) || col_of(f1) == col_of(f2) {
            continue; // floor on one side: not type 6
        }
        let rect: CellSet = cells.into_iter().collect();
        let rows = [row_of(cells[0]), row_of(cells[3])];
        let cols = [9 + col_of(cells[0]), 9 + col_of(cells[3])];
        for x in pair {
            let locked = |lines: [usize; 2]| lines.iter().all(|&l| (board.cells_in(l, x) - rect).is_empty());
            if !(locked(rows) || locked(cols)) {
                continue;
            }
            let mut step = start(Technique::UniqueRectangle6, board, cells, pair);
            step.eliminate(g1, x).eliminate(g2, x);
            step.explain_with(found.explains(), || {
                rectangle_explanation(
                    Technique::UniqueRectangle6,
                    phrase("{technique} on {x} and {y} in {cells}: {digit} lies only in the rectangle in its two rows or columns; were it in {a} or {b}, it would be in both, and the other corners would hold the other digit: two solutions. So neither is {digit}."),
                    board,
                    pair,
                    cells,
                )
                .digit("digit", x)
                .cell("a", g1)
                .cell("b", g2)
            });
            if !found.add(step) {
                return;
            }
        }
    }
}

/// Hidden rectangle: a corner holds only the pair; in the row and the column of the opposite
/// corner, a pair digit x lies only in the rectangle. Were the opposite corner the other digit y,
/// x would fill the other two corners and the first corner would be y: two solutions. So the
/// opposite corner is not y. The opposite corner may hold only the pair too, and the corners
/// other than the first may lack a pair digit: the swap argument is about solutions, and a
/// candidate removed by earlier logic is in none (the corners are all empty, none a given).
pub fn hidden_rectangle(board: &Board, found: &mut Found) {
    for corner in board.bivalue_cells().iter() {
        let mut digits = board.candidates(corner).iter();
        let (Some(a), Some(b)) = (digits.next(), digits.next()) else {
            continue;
        };
        let pair = [a, b];
        let (row, col) = (row_of(corner), col_of(corner));
        for (x, y) in [(a, b), (b, a)] {
            // The corners beside the first hold x: one in its row, one in its column.
            let in_row = board.cells_in(row, x) - CellSet::single(corner);
            let in_col = board.cells_in(9 + col, x) - CellSet::single(corner);
            for beside_row in in_row.iter() {
                let other_col = col_of(beside_row);
                for beside_col in in_col.iter() {
                    let other_row = row_of(beside_col);
                    // Two boxes: the rows share a band or the columns share a stack, not both.
                    if (row / 3 == other_row / 3) == (col / 3 == other_col / 3) {
                        continue;
                    }
                    let opposite = cell_at(other_row, other_col);
                    if board.value(opposite) != 0 || !board.has(opposite, y) {
                        continue;
                    }
                    let (opposite_row, opposite_col) = (other_row, 9 + other_col);
                    let rect = CellSet::single(corner)
                        | CellSet::single(opposite)
                        | CellSet::single(beside_row)
                        | CellSet::single(beside_col);
                    if !(board.cells_in(opposite_row, x) - rect).is_empty()
                        || !(board.cells_in(opposite_col, x) - rect).is_empty()
                    {
                        continue;
                    }
                    let mut cells = [corner, opposite, beside_row, beside_col];
                    cells.sort_unstable();
                    let mut step = start(Technique::HiddenRectangle, board, cells, pair);
                    step.eliminate(opposite, y);
                    step.explain_with(found.explains(), || {
                        let explanation = Explanation::new(phrase(
                            "Hidden Rectangle on {first} and {second} in {cells}: {corner} holds only the pair, and in {row} and {column} the {x}s lie only in the rectangle. Were {opposite} {y}, the {x}s would fill the other corners and two solutions would remain, so it is not {y}.",
                        ))
                        .digit("first", pair[0])
                        .digit("second", pair[1])
                        .cells("cells", cells)
                        .cell("corner", corner)
                        .house("row", opposite_row)
                        .house("column", opposite_col)
                        .digit("x", x)
                        .cell("opposite", opposite)
                        .digit("y", y);
                        with_short_corner(explanation, board, pair, cells)
                    });
                    if !found.add(step) {
                        return;
                    }
                }
            }
        }
    }
}

/// Avoidable rectangles: corners solved by the player (not givens) could swap their digits too.
/// Type 1: three corners are solved as a, b, b around the fourth, which must not be a. Type 2: two
/// corners of a side are solved as a and b; the other two hold the digit that would complete the
/// pattern plus one same extra digit z, which one of them must be.
fn avoidable(board: &Board, type_2: bool, found: &mut Found) {
    let technique = if type_2 {
        Technique::AvoidableRectangle2
    } else {
        Technique::AvoidableRectangle1
    };
    for &cells in without_givens(board).iter() {
        let (solved, solved_len) = gather((0..4).filter(|&i| board.value(cells[i]) != 0));
        let solved = &solved[..solved_len];
        // The digit each corner would hold in the pattern: diagonal corners agree.
        let want = |i: usize| -> Option<Digit> {
            let partner = 3 - i;
            if board.value(cells[partner]) != 0 {
                return Some(board.value(cells[partner]));
            }
            None
        };
        if !type_2 && solved.len() == 3 {
            let Some(empty) = (0..4).find(|i| !solved.contains(i)) else {
                continue;
            };
            let (side1, side2) = ([1, 0, 0, 1][empty], [2, 3, 3, 2][empty]);
            let b = board.value(cells[side1]);
            if b != board.value(cells[side2]) {
                continue;
            }
            let Some(a) = want(empty) else { continue };
            if a == b || !board.has(cells[empty], a) {
                continue;
            }
            let target = cells[empty];
            let mut step = Step::new(technique);
            for &i in solved {
                step.mark_cell(cells[i], Role::Pattern);
            }
            step.eliminate(target, a);
            step.explain_with(found.explains(), || {
                Explanation::new(phrase(
                    "{technique} in {cells}: three corners were solved (none is a given) as {a} and {b}; were {target} {a}, the two digits could swap: two solutions. So it is not {a}.",
                ))
                .technique("technique", technique)
                .cells("cells", cells)
                .digit("a", a)
                .digit("b", b)
                .cell("target", target)
            });
            if !found.add(step) {
                return;
            }
        } else if type_2 && solved.len() == 2 {
            let (s1, s2) = (solved[0], solved[1]);
            if s1 + s2 == 3 {
                continue; // a diagonal: not a side
            }
            let (open, open_len) = gather((0..4).filter(|i| !solved.contains(i)));
            let open = &open[..open_len];
            let (needs, needs_len) = gather(open.iter().filter_map(|&i| want(i)));
            if needs_len != 2 || needs[0] == needs[1] {
                continue;
            }
            let extras = [0, 1].map(|k| board.candidates(cells[open[k]]).mask() & !(1 << needs[k]));
            let fits = open
                .iter()
                .zip(&needs)
                .all(|(&i, &d)| board.has(cells[i], d) && board.candidates(cells[i]).len() == 2);
            if !fits || extras[0] != extras[1] {
                continue;
            }
            let Some(z) = Candidates::from_mask(extras[0]).first() else {
                continue;
            };
            let pair: CellSet = open.iter().map(|&i| cells[i]).collect();
            let targets = pair.common_peers() & board.cells_with(z);
            if targets.is_empty() {
                continue;
            }
            let mut step = Step::new(technique);
            for &i in solved {
                step.mark_cell(cells[i], Role::Pattern);
            }
            for cell in pair.iter() {
                step.mark_candidate(cell, z, Role::Fin);
            }
            for cell in targets.iter() {
                step.eliminate(cell, z);
            }
            step.explain_with(found.explains(), || {
                Explanation::new(phrase(
                    "{technique} in {cells}: two corners were solved (not givens); were the other two {x} and {y}, the digits could swap. So one of {pair} is {z}, and {targets} cannot be {z}.",
                ))
                .technique("technique", technique)
                .cells("cells", cells)
                .digit("x", needs[0])
                .digit("y", needs[1])
                .cells("pair", pair.iter())
                .digit("z", z)
                .cells_and("targets", targets.iter())
            });
            if !found.add(step) {
                return;
            }
        }
    }
}

pub fn avoidable_1(board: &Board, found: &mut Found) {
    avoidable(board, false, found);
}

pub fn avoidable_2(board: &Board, found: &mut Found) {
    avoidable(board, true, found);
}
