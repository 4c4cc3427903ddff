//! Naked subsets (n cells of a house holding only n digits) and hidden subsets (n digits of a
//! house confined to n cells), for pairs, triples and quads.

use super::board::Board;
use super::explanation::{phrase, Explanation};
use super::step::{HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Digit};

/// Calls `visit` with every way to choose `size` (at most 4) of `items`, in lexicographic order,
/// without allocating; stops early when `visit` returns false.
pub fn each_combination<T: Copy + Default>(items: &[T], size: usize, mut visit: impl FnMut(&[T]) -> bool) {
    debug_assert!(size <= 4);
    let n = items.len();
    if size == 0 || size > n {
        return;
    }
    let mut index = [0usize; 4];
    for (i, slot) in index.iter_mut().enumerate().take(size) {
        *slot = i;
    }
    let mut chosen = [T::default(); 4];
    loop {
        for i in 0..size {
            chosen[i] = items[index[i]];
        }
        if !visit(&chosen[..size]) {
            return;
        }
        // Advance the rightmost index that can still move.
        let Some(i) = (0..size).rev().find(|&i| index[i] < n - size + i) else {
            return;
        };
        index[i] += 1;
        for j in i + 1..size {
            index[j] = index[j - 1] + 1;
        }
    }
}

/// Up to nine items on the stack, with their count (the hot loops avoid allocating).
pub fn gather<T: Copy + Default>(items: impl Iterator<Item = T>) -> ([T; 9], usize) {
    let mut out = [T::default(); 9];
    let mut count = 0;
    for item in items.take(9) {
        out[count] = item;
        count += 1;
    }
    (out, count)
}

fn naked_technique(size: usize) -> Technique {
    match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(size: usize) -> Technique {
    match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

const SIZE_WORDS: [&str; 5] = ["", "", phrase("pair"), phrase("triple"), phrase("quad")];

/// The houses holding one of these cells.
fn houses_touching(cells: CellSet) -> impl Iterator<Item = usize> {
    (0..27).filter(move |&house| !(CellSet::house(house) & cells).is_empty())
}

pub fn naked(board: &Board, size: usize, found: &mut Found) {
    // A subset in a house depends on the house's candidates alone: houses as they were when
    // the search last found nothing are passed over.
    found.on_changed(naked_technique(size), board, |changed, found| {
        for house in houses_touching(changed) {
            let (open, count) = gather(
                (CellSet::house(house) & board.empty_cells())
                    .iter()
                    .filter(|&c| (2..=size as u32).contains(&board.candidates(c).len())),
            );
            let open = &open[..count];
            let mut keep_looking = true;
            each_combination(open, size, |cells| {
                let digits = cells.iter().fold(Candidates::NONE, |acc, &c| {
                    Candidates::from_mask(acc.mask() | board.candidates(c).mask())
                });
                if digits.len() as usize != size {
                    return true;
                }
                let subset: CellSet = cells.iter().copied().collect();
                let others = (CellSet::house(house) & board.empty_cells()) - subset;
                if !others.iter().any(|c| board.candidates(c).mask() & digits.mask() != 0) {
                    return true;
                }
                let mut step = Step::new(naked_technique(size));
                step.mark_house(house, HouseRole::Base);
                for &cell in cells {
                    for digit in board.candidates(cell).iter() {
                        step.mark_candidate(cell, digit, Role::Pattern);
                    }
                }
                for cell in others.iter() {
                    for digit in digits.iter().filter(|&d| board.has(cell, d)) {
                        step.eliminate(cell, digit);
                    }
                }
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "In {house}, {cells} hold only {digits}: a naked {size}, so these digits can be removed from the other cells of {house}.",
                    ))
                    .house("house", house)
                    .cells("cells", cells.iter().copied())
                    .digits("digits", digits.iter())
                    .word("size", SIZE_WORDS[size])
                });
                keep_looking = found.add(step);
                keep_looking
            });
            if !keep_looking {
                return;
            }
        }
    });
}

pub fn hidden(board: &Board, size: usize, found: &mut Found) {
    // A subset in a house depends on the house's candidates alone: houses as they were when
    // the search last found nothing are passed over.
    found.on_changed(hidden_technique(size), board, |changed, found| {
        for house in houses_touching(changed) {
            let (open, count) = gather((1..=9).filter(|&d| (2..=size as u32).contains(&board.cells_in(house, d).len())));
            let open: &[Digit] = &open[..count];
            let mut keep_looking = true;
            each_combination(open, size, |digits| {
                let cells = digits
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &d| acc | board.cells_in(house, d));
                if cells.len() as usize != size {
                    return true;
                }
                let subset: Candidates = digits.iter().copied().collect();
                if cells.iter().all(|c| board.candidates(c).mask() & !subset.mask() == 0) {
                    return true;
                }
                let mut step = Step::new(hidden_technique(size));
                step.mark_house(house, HouseRole::Base);
                for cell in cells.iter() {
                    for digit in board.candidates(cell).iter() {
                        if subset.contains(digit) {
                            step.mark_candidate(cell, digit, Role::Pattern);
                        } else {
                            step.eliminate(cell, digit);
                        }
                    }
                }
                step.explain_with(found.explains(), || {
                    Explanation::new(phrase(
                        "In {house}, {digits} fit only in {cells}: a hidden {size}, so those cells can hold nothing else.",
                    ))
                    .house("house", house)
                    .digits("digits", digits.iter().copied())
                    .cells("cells", cells.iter())
                    .word("size", SIZE_WORDS[size])
                });
                keep_looking = found.add(step);
                keep_looking
            });
            if !keep_looking {
                return;
            }
        }
    });
}
