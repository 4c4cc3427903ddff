//! Naked subsets (n cells of a house holding only n digits) and hidden subsets (n digits of a
//! house confined to n cells), for pairs, triples and quads.

use super::board::Board;
use super::explanation::{phrase, Explanation};
use super::step::{HouseRole, Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Digit, HOUSES};

/// Calls `visit` with every way to choose `size` (at most 6) of `items`, in lexicographic order,
/// without allocating; stops early when `visit` returns false.
pub fn each_combination<T: Copy + Default>(items: &[T], size: usize, mut visit: impl FnMut(&[T]) -> bool) {
    assert!(size <= 6, "at most six items chosen");
    let n = items.len();
    if size == 0 || size > n {
        return;
    }
    let mut index = [0usize; 6];
    for (i, slot) in index.iter_mut().enumerate().take(size) {
        *slot = i;
    }
    let mut chosen = [T::default(); 6];
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

/// Like [`each_combination`], for choices whose items' masks together may have at most
/// `max_bits` bits: a choice with more is passed over, and so is every choice it begins (in the
/// same lexicographic order). `visit` gets the choice and its masks' union.
pub fn each_combination_within<T: Copy + Default>(
    items: &[T],
    masks: &[u16],
    size: usize,
    max_bits: u32,
    mut visit: impl FnMut(&[T], u16) -> bool,
) {
    debug_assert!(size <= 4 && masks.len() == items.len());
    if size == 0 || size > items.len() {
        return;
    }
    let mut chosen = [T::default(); 4];
    choose_within(items, masks, size, max_bits, 0, 0, 0, &mut chosen, &mut visit);
}

/// The bits set in a mask of ten bits or fewer, from a table: `count_ones` compiles to a dozen
/// instructions on the baseline x86-64 this is built for.
pub fn bit_count(mask: u16) -> u32 {
    const TABLE: [u8; 1024] = {
        let mut table = [0u8; 1024];
        let mut mask = 1;
        while mask < 1024 {
            table[mask] = table[mask >> 1] + (mask & 1) as u8;
            mask += 1;
        }
        table
    };
    debug_assert!(mask < 1024, "bit_count takes ten bits at most");
    TABLE[mask as usize & 1023] as u32
}

/// The choices of [`each_combination_within`] that begin with `chosen[..depth]` (whose masks'
/// union is `union`) and go on from item `from`; false once `visit` said to stop.
#[allow(clippy::too_many_arguments)]
fn choose_within<T: Copy, F: FnMut(&[T], u16) -> bool>(
    items: &[T],
    masks: &[u16],
    size: usize,
    max_bits: u32,
    from: usize,
    depth: usize,
    union: u16,
    chosen: &mut [T; 4],
    visit: &mut F,
) -> bool {
    for i in from..=items.len() - (size - depth) {
        let joined = union | masks[i];
        if bit_count(joined) > max_bits {
            continue;
        }
        chosen[depth] = items[i];
        let keep_looking = if depth + 1 == size {
            visit(&chosen[..size], joined)
        } else {
            choose_within(items, masks, size, max_bits, i + 1, depth + 1, joined, chosen, visit)
        };
        if !keep_looking {
            return false;
        }
    }
    true
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

/// The fewest open cells a house needs for a naked (or hidden) subset of each size to remove
/// anything that no simpler subset or single removes, when those found nothing
/// ([`Found::after_simpler`]). In a house of k open cells, n cells holding only n digits leave
/// the other k - n digits to the other k - n cells: a naked n-subset is the hidden
/// (k - n)-subset, removing the same candidates, and the other way round (with k - n = 1, a
/// hidden or naked single). By score, naked pair 3.0 < hidden pair 3.4 < naked triple 3.6 <
/// hidden triple 4.0 < naked quad 5.0 < hidden quad 5.4: so a hidden pair needs k - 2 >= 3 (its
/// naked pair counterpart came first), a naked triple k - 3 >= 3, a hidden triple k - 3 >= 4,
/// a naked quad k - 4 >= 4 and a hidden quad k - 4 >= 5.
const FEWEST_OPEN_NAKED: [u32; 5] = [0, 0, 0, 6, 8];
const FEWEST_OPEN_HIDDEN: [u32; 5] = [0, 0, 5, 7, 9];

/// The houses holding one of the changed cells, passing over those with fewer open cells than
/// `fewest` after simpler techniques found nothing. (Only where as many digits as open cells
/// have candidates there, as in any position that can still be solved; the pencil marks of a
/// player's position need not be such.)
fn houses_to_search<'a>(
    board: &'a Board,
    changed: CellSet,
    fewest: u32,
    found: &Found,
) -> impl Iterator<Item = usize> + 'a {
    let after_simpler = found.after_simpler();
    houses_touching(changed).filter(move |&house| {
        let open = (CellSet::house(house) & board.empty_cells()).len();
        let digits = || (1..=9).filter(|&d| !board.cells_in(house, d).is_empty()).count() as u32;
        !after_simpler || open >= fewest || digits() != open
    })
}

/// The houses holding one of these cells.
fn houses_touching(cells: CellSet) -> impl Iterator<Item = usize> {
    (0..27).filter(move |&house| !(CellSet::house(house) & cells).is_empty())
}

pub fn naked(board: &Board, size: usize, found: &mut Found) {
    // A subset in a house depends on the house's candidates alone: houses as they were when
    // the search last found nothing are passed over.
    found.on_changed(naked_technique(size), board, |changed, found| {
        for house in houses_to_search(board, changed, FEWEST_OPEN_NAKED[size], found) {
            let (open, count) = gather(
                (CellSet::house(house) & board.empty_cells())
                    .iter()
                    .filter(|&c| (2..=size as u32).contains(&board.candidates(c).len())),
            );
            let open = &open[..count];
            let mut masks = [0u16; 9];
            for (mask, &cell) in masks.iter_mut().zip(open) {
                *mask = board.candidates(cell).mask();
            }
            let mut keep_looking = true;
            each_combination_within(open, &masks[..count], size, size as u32, |cells, union| {
                let digits = Candidates::from_mask(union);
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
                    .cells_and("cells", cells.iter().copied())
                    .digits_and("digits", digits.iter())
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
        for house in houses_to_search(board, changed, FEWEST_OPEN_HIDDEN[size], found) {
            let (open, count) = gather((1..=9).filter(|&d| (2..=size as u32).contains(&board.cells_in(house, d).len())));
            let open: &[Digit] = &open[..count];
            // Where each digit lies in the house, as bits of the house's nine cells.
            let mut masks = [0u16; 9];
            for (mask, &digit) in masks.iter_mut().zip(open) {
                for (i, &cell) in HOUSES[house].iter().enumerate() {
                    *mask |= (board.has(cell, digit) as u16) << i;
                }
            }
            let mut keep_looking = true;
            each_combination_within(open, &masks[..count], size, size as u32, |digits, union| {
                if union.count_ones() as usize != size {
                    return true;
                }
                let cells = digits
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &d| acc | board.cells_in(house, d));
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
                        "In {house}, the digits {digits} fit only in {cells}: a hidden {size}, so those cells can hold nothing else.",
                    ))
                    .house("house", house)
                    .digits_and("digits", digits.iter().copied())
                    .cells_and("cells", cells.iter())
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The bounded choices are the plain choices whose masks' union is small enough, in the
        /// same order, each with that union.
        #[test]
        fn bounded_choices_are_the_plain_ones_within_the_bound(
            masks in proptest::collection::vec(0u16..1024, 0..=9),
            size in 1usize..=4,
            max_bits in 0u32..=10,
        ) {
            let items: Vec<usize> = (0..masks.len()).collect();
            let mut plain = Vec::new();
            each_combination(&items, size, |chosen| {
                let union = chosen.iter().fold(0u16, |u, &i| u | masks[i]);
                if union.count_ones() <= max_bits {
                    plain.push((chosen.to_vec(), union));
                }
                true
            });
            let mut bounded = Vec::new();
            each_combination_within(&items, &masks, size, max_bits, |chosen, union| {
                bounded.push((chosen.to_vec(), union));
                true
            });
            prop_assert_eq!(bounded, plain);
        }
    }
}
