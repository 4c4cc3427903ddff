//! Almost locked sets (ALS): n cells of one house holding n + 1 digits between them. Take one
//! digit away and the rest are locked. ALS-XZ (two sets joined by a restricted common digit X:
//! one of them is locked without X, so a digit Z common to both is in one of them), ALS-XY-Wing
//! (three sets, two links), ALS-XY-Chain (a chain of sets) and Death Blossom (a stem cell whose
//! every digit locks a set).
//!
//! ALS-XZ and ALS-XY-Wing are here; the sets and their links are found in `index`, ALS-XY-Chain
//! in `chain`, Death Blossom in `death_blossom`, and `closure` tells when no chain of sets can
//! remove anything.

mod chain;
mod closure;
mod death_blossom;
mod index;

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Cell, Digit};

pub use chain::xy_chain;
pub use death_blossom::death_blossom;
pub(crate) use index::{index, Als, AlsIndex};

/// Whether no ALS-XZ, ALS-XY-Wing or ALS-XY-Chain of the board, of any length, removes anything
/// ([`closure`]), kept for the last board (per thread): ALS-XY-Wing and ALS-XY-Chain ask in turn.
fn set_chains_find_nothing(board: &Board) -> bool {
    thread_local! {
        static LAST: LastBoard<bool> = const { LastBoard::new() };
    }
    *LAST.with(|last| last.get_or(board, |board| closure::chains_find_nothing(board, &index(board))))
}

/// Cells outside both sets that see every cell of both holding `z`, and hold it.
fn common_targets(board: &Board, a: &Als, b: &Als, z: Digit) -> CellSet {
    (board.cells_with(z) & a.seeing[z as usize] & b.seeing[z as usize]) - a.cells - b.cells
}

/// The colours the sets of a step take in turn ([`set_colour`]): four, so that the three sets of
/// an ALS-XY-Wing, and the sets of a chain up to four apart, each have one of their own.
const SET_COLOURS: [Role; 4] = [
    Role::Pattern,
    Role::SecondPattern,
    Role::Alternate,
    Role::SecondAlternate,
];

/// The colour of a step's `k`th set.
fn set_colour(k: usize) -> Role {
    SET_COLOURS[k % SET_COLOURS.len()]
}

/// Marks a set's candidates on a step: those of its link's digits as fins, the others in the
/// set's colour (the sets of a step take turns, [`set_colour`], so the board tells them apart).
fn mark_set(step: &mut Step, board: &Board, set: &Als, link: Candidates, colour: Role) {
    for cell in set.cells.iter() {
        for d in board.candidates(cell).iter() {
            let role = if link.contains(d) { Role::Fin } else { colour };
            step.mark_candidate(cell, d, role);
        }
    }
}

/// The cells outside a set that hold Z and see all its cells holding Z, for each digit Z.
fn ends_of(board: &Board, set: &Als) -> [CellSet; 10] {
    let mut ends = [CellSet::EMPTY; 10];
    for z in set.digits.iter() {
        ends[z as usize] = (board.cells_with(z) & set.seeing[z as usize]) - set.cells;
    }
    ends
}

/// ALS-XZ: sets A and B with a restricted common X; any other common digit Z is in A or in B,
/// so cells seeing all of them lose Z. With two restricted commons (doubly linked), both sets
/// are locked: each loses nothing, but every digit of each set goes from cells seeing all its
/// cells in that set.
pub fn xz(board: &Board, found: &mut Found) {
    found.on_changed(Technique::AlsXz, board, |changed, found| {
        xz_among(board, changed, found)
    });
}

/// ALS-XZ with at least one set holding a changed cell (a step reads only its sets' cells and
/// its targets).
fn xz_among(board: &Board, changed: CellSet, found: &mut Found) {
    let index = index(board);
    let sets = &index.sets;
    for (i, a) in sets.iter().enumerate() {
        let a_changed = !(a.cells & changed).is_empty();
        for &(j, rcc) in index.links_of(i).iter().filter(|&&(j, _)| j > i) {
            let b = &sets[j];
            if !a_changed && (b.cells & changed).is_empty() {
                continue;
            }
            let doubly = rcc.len() >= 2;
            // Visits what goes: doubly linked, each set's digits (the first set's first) where
            // cells see all of them; else the other common digits where cells see both sets'.
            let each_target = |visit: &mut dyn FnMut(Cell, Digit)| {
                if doubly {
                    for set in [a, b] {
                        let other = if std::ptr::eq(set, a) { b } else { a };
                        for d in set.digits.iter() {
                            let mut targets = board.cells_with(d) & set.seeing[d as usize];
                            if rcc.contains(d) {
                                targets &= other.seeing[d as usize];
                            }
                            for cell in (targets - a.cells - b.cells).iter() {
                                visit(cell, d);
                            }
                        }
                    }
                } else {
                    for z in Candidates::from_mask(a.digits.mask() & b.digits.mask() & !rcc.mask()).iter() {
                        for cell in common_targets(board, a, b, z).iter() {
                            visit(cell, z);
                        }
                    }
                }
            };
            let mut any = false;
            each_target(&mut |_, _| any = true);
            if !any {
                continue;
            }
            let mut step = Step::new(Technique::AlsXz);
            each_target(&mut |cell, d| {
                step.eliminate(cell, d);
            });
            mark_set(&mut step, board, a, rcc, set_colour(0));
            mark_set(&mut step, board, b, rcc, set_colour(1));
            if doubly {
                let eliminations = step.eliminations.clone();
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "ALS-XZ (doubly linked): A = {a} and B = {b} share the restricted digits {digits}; both sets are locked, so {eliminations}.",
                    ))
                    .clause("a", a.name())
                    .clause("b", b.name())
                    .digits("digits", rcc.iter())
                    .notation("eliminations", super::step::eliminations_notation(&eliminations))
                });
            } else {
                // The digits removed, named in the explanation (worked out only for one).
                let mut z: Vec<Digit> = Vec::new();
                if found.explains() {
                    z = step.eliminations.iter().map(|e| e.digit).collect();
                    z.sort_unstable();
                    z.dedup();
                }
                step.explain_result_with(found.explains(), || {
                    Explanation::new(if z.len() == 1 {
                        phrase("ALS-XZ: A = {a} and B = {b} share {x} only where they see each other, so one of them is locked without {x} and holds {z}; a cell seeing every cell of both that holds {z} cannot be {z}.")
                    } else {
                        phrase("ALS-XZ: A = {a} and B = {b} share {x} only where they see each other, so one of them is locked without {x} and holds {z}; a cell seeing every cell of both that holds one of these digits cannot be that digit.")
                    })
                    .clause("a", a.name())
                    .clause("b", b.name())
                    .digits("x", rcc.iter())
                    .digits_and("z", z)
                });
            }
            if !found.add(step) {
                return;
            }
        }
    }
}

/// ALS-XY-Wing: a pivot set C linked to A by X and to B by Y (X ≠ Y): if A lacks X, C is
/// locked with X… either way A or B holds a digit Z common to both, so cells seeing all their
/// Z cells lose Z, in C as well (whatever C holds, Z is in A or B).
pub fn xy_wing(board: &Board, found: &mut Found) {
    found.on_changed(Technique::AlsXyWing, board, |changed, found| {
        if !set_chains_find_nothing(board) {
            xy_wing_among(board, changed, found)
        }
    });
}

/// ALS-XY-Wings with at least one set holding a changed cell (a step reads only its sets' cells
/// and its targets).
fn xy_wing_among(board: &Board, changed: CellSet, found: &mut Found) {
    let index = index(board);
    let sets = &index.sets;
    // Each set's cells, and whether one has changed, at hand (the pairs are many).
    let cells: Vec<CellSet> = sets.iter().map(|set| set.cells).collect();
    let touched: Vec<bool> = cells.iter().map(|&cells| !(cells & changed).is_empty()).collect();
    for (ci, c) in sets.iter().enumerate() {
        let linked = index.links_of(ci);
        let c_changed = touched[ci];
        for (ia, (a_index, a_rcc)) in linked.iter().enumerate() {
            let (a_cells, a_changed) = (cells[*a_index], touched[*a_index]);
            for (b_index, b_rcc) in &linked[ia + 1..] {
                if !c_changed && !a_changed && !touched[*b_index] {
                    continue;
                }
                if !(a_cells & cells[*b_index]).is_empty() {
                    continue;
                }
                let (a, b) = (&sets[*a_index], &sets[*b_index]);
                for x in a_rcc.iter() {
                    for y in b_rcc.iter().filter(|&y| y != x) {
                        let mut step = Step::new(Technique::AlsXyWing);
                        let zs = Candidates::from_mask(a.digits.mask() & b.digits.mask() & !(1 << x) & !(1 << y));
                        for z in zs.iter() {
                            for cell in common_targets(board, a, b, z).iter() {
                                step.eliminate(cell, z);
                            }
                        }
                        if !step.makes_progress() {
                            continue;
                        }
                        // A and B take the first colours, the pivot (mostly its links) the third.
                        mark_set(&mut step, board, c, [x, y].into_iter().collect(), set_colour(2));
                        mark_set(&mut step, board, a, Candidates::single(x), set_colour(0));
                        mark_set(&mut step, board, b, Candidates::single(y), set_colour(1));
                        step.explain_result_with(found.explains(), || {
                            let template = if zs.len() == 1 {
                                phrase("ALS-XY-Wing: the pivot {pivot} is linked to A = {a} by {x} and to B = {b} by {y}. The pivot cannot lack both, so A or B is locked and holds {z}; a cell seeing every cell of A and B that holds {z} cannot be {z}.")
                            } else {
                                phrase("ALS-XY-Wing: the pivot {pivot} is linked to A = {a} by {x} and to B = {b} by {y}. The pivot cannot lack both, so A or B is locked and holds {z}; a cell seeing every cell of A and B that holds one of these digits cannot be that digit.")
                            };
                            Explanation::new(template)
                            .clause("pivot", c.name())
                            .clause("a", a.name())
                            .digit("x", x)
                            .clause("b", b.name())
                            .digit("y", y)
                            .digits("z", zs.iter())
                        });
                        if !found.add(step) {
                            return;
                        }
                    }
                }
            }
        }
    }
}
