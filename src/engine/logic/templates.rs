//! Templates: each digit fills nine cells, one in every row, column and box, and there are
//! 46,656 such patterns. The patterns a digit can still take are those that cover its placed
//! cells and otherwise use only its candidates. A cell in every such pattern holds the digit
//! (Template Set); a candidate in none of them cannot (Template Delete).

use std::cell::RefCell;
use std::rc::Rc;

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{cell_at, Digit, CELLS};

/// All 46,656 templates, by their definition (what the tests filter to check
/// [`templates_fitting`] against): every way to take one column per row, in order, that takes
/// one cell per box.
#[cfg(test)]
fn templates() -> &'static [CellSet] {
    static ALL: std::sync::OnceLock<Vec<CellSet>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        fn place(row: usize, used: u16, cols: &mut [usize; 9], out: &mut Vec<CellSet>) {
            if row == 9 {
                let cells: CellSet = (0..9).map(|r| cell_at(r, cols[r])).collect();
                if (18..27).all(|b| (cells & CellSet::house(b)).len() == 1) {
                    out.push(cells);
                }
                return;
            }
            for col in (0..9).filter(|&col| used >> col & 1 == 0) {
                cols[row] = col;
                place(row + 1, used | 1 << col, cols, out);
            }
        }
        let mut out = Vec::new();
        place(0, 0, &mut [0; 9], &mut out);
        out
    })
}

/// The templates that cover `placed` (at most a cell a row) and use only `allowed`, in the
/// order of `templates` (by the column taken in each row, row by row): placed row by row,
/// taking only what fits, rather than picked out of all of them.
fn templates_fitting(placed: CellSet, allowed: CellSet) -> Vec<CellSet> {
    fn place(row: usize, used: u16, cols: &mut [usize; 9], rows: &[u16; 9], out: &mut Vec<CellSet>) {
        if row == 9 {
            out.push((0..9).map(|r| cell_at(r, cols[r])).collect());
            return;
        }
        let mut free = rows[row] & !used;
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            // One cell per box: rows of the same band must use different stacks.
            let band_start = row / 3 * 3;
            if (band_start..row).any(|r| cols[r] / 3 == col / 3) {
                continue;
            }
            cols[row] = col;
            place(row + 1, used | 1 << col, cols, rows, out);
        }
    }
    // The columns each row may take: its placed cell's, or its allowed cells'.
    let rows: [u16; 9] = std::array::from_fn(|row| {
        let in_row = |cells: CellSet| {
            (0..9)
                .filter(|&col| cells.contains(cell_at(row, col)))
                .fold(0, |m, col| m | 1 << col)
        };
        match in_row(placed) {
            0 => in_row(allowed),
            taken => taken & in_row(allowed),
        }
    });
    let mut out = Vec::new();
    place(0, 0, &mut [0; 9], &rows, &mut out);
    out
}

/// The templates each digit can still take: covering its placed cells, otherwise on its
/// candidates, and (refined, as HoDoKu does) leaving room for some template of every other digit.
/// Template Set and Template Delete ask in turn on the same board (and the franken fish just
/// before them, for [`single_digit_removable`]), so the last board's answer is kept (per thread).
fn possible(board: &Board) -> Rc<Possible> {
    thread_local! {
        static LAST: LastBoard<Possible> = const { LastBoard::new() };
    }
    LAST.with(|last| last.get_or(board, compute_possible))
}

/// Templates for each digit (index 0 unused).
type PerDigit = [Vec<CellSet>; 10];

/// What the templates of a board allow.
struct Possible {
    /// The templates each digit can take, refined.
    refined: PerDigit,
    /// For each digit, the cells some template fitting its placed and allowed cells uses
    /// (before the refinement).
    fitting_span: [CellSet; 10],
}

/// For each digit, its candidates that no template fitting its placed cells and candidates uses:
/// all that any reasoning about that digit alone (a fish of any kind, finned, franken or mutant)
/// can remove, since such reasoning holds for every way of placing the digit that its own
/// candidates allow. A search for such patterns has nothing to find on a digit with none.
pub(crate) fn single_digit_removable(board: &Board) -> [CellSet; 10] {
    let possible = possible(board);
    std::array::from_fn(|digit| match digit {
        0 => CellSet::EMPTY,
        _ => board.cells_with(digit as Digit) - possible.fitting_span[digit],
    })
}

/// For each digit, the templates that fit its placed and allowed cells, before the refinement,
/// with those cells and the refined templates: kept (per thread) from the last board, since a
/// later board of the same solve only narrows them.
#[derive(Default)]
struct Fitting {
    placed: CellSet,
    allowed: CellSet,
    templates: Vec<CellSet>,
    /// The cells the templates use.
    span: CellSet,
    refined: Vec<CellSet>,
}

fn compute_possible(board: &Board) -> Possible {
    thread_local! {
        static LAST: RefCell<[Fitting; 10]> = RefCell::new(Default::default());
    }
    let mut fitting_span = [CellSet::EMPTY; 10];
    let mut refined_then: [Vec<CellSet>; 10] = Default::default();
    let mut narrowed = true;
    let out = LAST.with(|last| {
        let mut last = last.borrow_mut();
        for digit in 1..=9u8 {
            let placed: CellSet = (0..CELLS).filter(|&c| board.value(c) == digit).collect();
            let allowed = placed | board.cells_with(digit);
            let fits = |t: &CellSet| (*t - allowed).is_empty() && (placed - *t).is_empty();
            let then = &mut last[digit as usize];
            if (placed, allowed) == (then.placed, then.allowed) {
                // As on the last board.
                refined_then[digit as usize] = then.refined.clone();
            } else if (allowed - then.allowed).is_empty() && (then.placed - placed).is_empty() {
                // A template that fits now fitted then, when fewer cells were placed and more
                // allowed.
                refined_then[digit as usize] = then.refined.iter().copied().filter(fits).collect();
                then.templates.retain(fits);
            } else {
                narrowed = false;
                then.templates = templates_fitting(placed, allowed);
            }
            if (placed, allowed) != (then.placed, then.allowed) {
                then.span = then.templates.iter().fold(CellSet::EMPTY, |span, &t| span | t);
                (then.placed, then.allowed) = (placed, allowed);
            }
            fitting_span[digit as usize] = then.span;
        }
        // The refinement keeps the largest families (one per digit, within those fitting) in
        // which every template leaves room for one of each other digit's. When every digit's
        // fitting templates are among those of the last board, so are these families, and they
        // are then within the last board's refined ones (the largest such families there): the
        // refinement may start from what of those still fits, and ends with the same (in the
        // same order).
        if narrowed {
            refined_then
        } else {
            std::array::from_fn(|digit| last[digit].templates.clone())
        }
    });
    let refined = refine(out);
    LAST.with(|last| {
        for (then, refined) in last.borrow_mut().iter_mut().zip(&refined).skip(1) {
            then.refined = refined.clone();
        }
    });
    Possible { refined, fitting_span }
}

/// Refines templates (as HoDoKu does): drops a digit's template that leaves no room for any
/// template of some other digit, until none does.
fn refine(mut out: PerDigit) -> PerDigit {
    loop {
        let mut changed = false;
        for d in 1..=9 {
            let before = out[d].len();
            let others: Vec<&Vec<CellSet>> = (1..=9).filter(|&e| e != d).map(|e| &out[e]).collect();
            let kept: Vec<CellSet> = out[d]
                .iter()
                .copied()
                .filter(|&t| others.iter().all(|ts| ts.iter().any(|&u| (t & u).is_empty())))
                .collect();
            changed |= kept.len() != before;
            out[d] = kept;
        }
        if !changed {
            return out;
        }
    }
}

/// The union and intersection (less the placed cells) of a digit's possible templates.
fn span(board: &Board, templates: &[CellSet], digit: Digit) -> Option<(CellSet, CellSet)> {
    let placed: CellSet = (0..CELLS).filter(|&c| board.value(c) == digit).collect();
    if placed.len() == 9 || templates.is_empty() {
        return None;
    }
    let union = templates.iter().fold(CellSet::EMPTY, |acc, &t| acc | t);
    let common = templates.iter().fold(CellSet::ALL, |acc, &t| acc & t);
    Some((union, common - placed))
}

pub fn template_set(board: &Board, found: &mut Found) {
    let possible = possible(board);
    for digit in 1..=9 {
        let Some((union, common)) = span(board, &possible.refined[digit as usize], digit) else {
            continue;
        };
        if union.is_empty() || common.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::TemplateSet);
        for cell in common.iter() {
            step.place(cell, digit);
            step.mark_cell(cell, Role::Target);
        }
        step.explain_with(found.explains(), || {
            let template = if common.len() == 1 {
                phrase("Template Set on {digit}: of the 46,656 ways to place nine {digit}s, every one the grid still allows uses {cells}, so {cells} holds {digit}.")
            } else {
                phrase("Template Set on {digit}: of the 46,656 ways to place nine {digit}s, every one the grid still allows uses {cells}, so they hold {digit}.")
            };
            Explanation::new(template)
            .digit("digit", digit)
            .cells("cells", common.iter())
        });
        if !found.add(step) {
            return;
        }
    }
}

pub fn template_delete(board: &Board, found: &mut Found) {
    let possible = possible(board);
    for digit in 1..=9 {
        let Some((union, _)) = span(board, &possible.refined[digit as usize], digit) else {
            continue;
        };
        if union.is_empty() {
            continue;
        }
        let targets = board.cells_with(digit) - union;
        if targets.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::TemplateDelete);
        for cell in targets.iter() {
            step.eliminate(cell, digit);
        }
        step.explain_with(found.explains(), || {
            let template = if targets.len() == 1 {
                phrase("Template Delete on {digit}: no way to place nine {digit}s that the grid still allows uses {cells}, so {cells} cannot be {digit}.")
            } else {
                phrase("Template Delete on {digit}: no way to place nine {digit}s that the grid still allows uses any of {cells}, so none of them can be {digit}.")
            };
            Explanation::new(template)
            .digit("digit", digit)
            .cells("cells", targets.iter())
        });
        if !found.add(step) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::magictour_positions;

    /// The templates worked out from the last board's (refined from what of its refined ones
    /// still fit, when every digit's only narrowed) are those worked out afresh, in the same
    /// order, at positions along magictour paths taken in order.
    #[test]
    fn templates_from_the_last_board_are_those_worked_out_afresh() {
        let (mut narrowed, mut last): (usize, Option<Board>) = (0, None);
        for (line, index, board) in magictour_positions(25, 1) {
            let fresh: PerDigit = std::array::from_fn(|digit| {
                if digit == 0 {
                    return Vec::new();
                }
                let placed: CellSet = (0..CELLS).filter(|&c| board.value(c) == digit as Digit).collect();
                let allowed = placed | board.cells_with(digit as Digit);
                templates()
                    .iter()
                    .copied()
                    .filter(|t| (*t - allowed).is_empty() && (placed - *t).is_empty())
                    .collect()
            });
            if let Some(last) = &last {
                narrowed += (1..=9u8).all(|d| {
                    let placed = |b: &Board| (0..CELLS).filter(|&c| b.value(c) == d).collect::<CellSet>();
                    (board.cells_with(d) - last.cells_with(d) - placed(last)).is_empty()
                        && (placed(last) - placed(&board)).is_empty()
                }) as usize;
            }
            assert_eq!(compute_possible(&board).refined, refine(fresh), "{line}, step {index}");
            last = Some(board);
        }
        assert!(
            narrowed > 1000,
            "too few boards worked out from the last to tell: {narrowed}"
        );
    }

    /// Placing a digit row by row within what fits gives what filtering every template gives, in
    /// the same order, for every digit at positions along magictour paths.
    #[test]
    fn templates_placed_within_what_fits_are_those_that_fit() {
        let mut compared = 0;
        for (line, index, board) in magictour_positions(40, 4) {
            for digit in 1..=9u8 {
                let placed: CellSet = (0..CELLS).filter(|&c| board.value(c) == digit).collect();
                let allowed = placed | board.cells_with(digit);
                let filtered: Vec<CellSet> = templates()
                    .iter()
                    .copied()
                    .filter(|t| (*t - allowed).is_empty() && (placed - *t).is_empty())
                    .collect();
                compared += filtered.len();
                assert_eq!(
                    templates_fitting(placed, allowed),
                    filtered,
                    "{line}, step {index}, digit {digit}"
                );
            }
        }
        assert!(compared > 100_000, "too few templates to tell: {compared}");
    }

    #[test]
    fn there_are_46656_templates_each_a_valid_placement() {
        let all = templates();
        assert_eq!(all.len(), 46_656);
        assert_eq!(
            templates_fitting(CellSet::EMPTY, CellSet::ALL),
            all,
            "placed row by row"
        );
        for t in all {
            assert_eq!(t.len(), 9);
            for house in 0..27 {
                assert_eq!((*t & CellSet::house(house)).len(), 1);
            }
        }
    }
}
