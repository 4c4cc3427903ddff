//! Whether any chain of almost locked sets, however long, could remove anything (ALS-XZ,
//! ALS-XY-Wing or ALS-XY-Chain). ALS-XY-Wing and ALS-XY-Chain ask before they search (ALS-XZ,
//! which looks only at pairs of sets with a changed cell, costs less than asking); over the
//! boards of magictour where the ladder asks ALS-XZ it says none can at two in five, and at
//! three in four of those where the ladder ends in forcing chains or nets.
//!
//! Read a set A and one of its digits x as "x is in A" (some cell of A holds it). If x is not in
//! A, A is locked on its other digits, so each of them is in A; if x is in A and is a restricted
//! common digit of A and B, x is not in B. Every step of the three searches is such a chain, from
//! a digit z not in a set A to z in a set B (A itself, possibly), with a target holding z
//! outside both and seeing all their z cells (so z in A or in B, whichever, takes it out):
//! - ALS-XZ: z not in A, so x in A (x the restricted common, not z), so x not in B, so z in B.
//!   Doubly linked (commons x1 and x2): for a digit d of A that is neither, d not in A gives x1
//!   in A, x1 not in B, x2 in B, x2 not in A, d in A; for x1 itself, x1 not in A gives x2 in A,
//!   x2 not in B, x1 in B.
//! - ALS-XY-Wing: z not in A, x in A, x not in C, y in C (y ≠ x), y not in B, z in B (z is
//!   neither x nor y).
//! - ALS-XY-Chain: the same, link by link, consecutive links different and neither end link z.
//!
//! The searches want more (sets apart, at most so many and so large), which only means fewer.
//! So a chain is over states (a set, and a digit of its not in it, the one it was entered by):
//! from (A, x), a link of A by a digit y other than x leads to (B, y). z not in A comes to z in B
//! when it reaches a state (B, x) with x other than z; reachability is worked out for every
//! state at once ([`PartReach`]), as bits over the (digit z, set B) pairs where B holds z and
//! cells outside it holding z see all its z cells (the sets that can end a chain for z).

use super::super::reach::{PartReach, StateGraph};
use super::{ends_of, AlsIndex};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{Digit, CELLS};
use crate::engine::logic::Board;

/// Whether no ALS-XZ, ALS-XY-Wing or ALS-XY-Chain of the board's sets, of any length, removes
/// anything (see the module's comment).
pub(super) fn chains_find_nothing(board: &Board, index: &AlsIndex) -> bool {
    let sets = &index.sets;
    // The ends: for each digit z, the sets that may end a chain for it (numbered digit by
    // digit: `first[z]..first[z + 1]`), and each such set's end cells.
    let mut found: Vec<(Digit, u32, CellSet)> = Vec::with_capacity(sets.len() * 4);
    let mut first = [0usize; 11];
    for (i, set) in sets.iter().enumerate() {
        let set_ends = ends_of(board, set);
        for z in set.digits.iter() {
            let cells = set_ends[z as usize];
            if !cells.is_empty() {
                found.push((z, i as u32, cells));
                first[z as usize + 1] += 1;
            }
        }
    }
    if found.is_empty() {
        return true;
    }
    for z in 1..=10 {
        first[z] += first[z - 1];
    }
    // Each set's ends (`own[own_start[i]..own_start[i + 1]]`: digit, end), in the order found.
    let mut ends = vec![(0usize, CellSet::EMPTY); found.len()];
    let mut own: Vec<(Digit, u32)> = Vec::with_capacity(found.len());
    let mut own_start = vec![0u32; sets.len() + 1];
    let mut next = first;
    for &(z, i, cells) in &found {
        let e = next[z as usize];
        next[z as usize] += 1;
        ends[e] = (i as usize, cells);
        own.push((z, e as u32));
        own_start[i as usize + 1] = own.len() as u32;
    }
    for i in 1..own_start.len() {
        own_start[i] = own_start[i].max(own_start[i - 1]);
    }
    let states = SetStates::new(index);
    let words = ends.len().div_ceil(64);
    // A state (B, x) reaches B's ends for every z but x.
    let reach = PartReach::of(&states, words, 0..states.states() as u32, |s, bits| {
        let (set, x) = (states.set[s as usize] as usize, states.digit[s as usize]);
        for &(z, e) in &own[own_start[set] as usize..own_start[set + 1] as usize] {
            if z != x {
                bits[e as usize / 64] |= 1 << (e % 64);
            }
        }
    });
    let mut seen_by: Vec<u64> = Vec::new();
    let (mut reached, mut partners) = (Vec::new(), Vec::new());
    for z in 1..=9 {
        let (from, to) = (first[z], first[z + 1]);
        if from == to {
            continue;
        }
        // The words of z's ends, and for each cell, which of z's ends it is an end cell of.
        let (w0, w1) = (from / 64, (to - 1) / 64 + 1);
        let span = w1 - w0;
        seen_by.clear();
        seen_by.resize(CELLS * span, 0);
        for (e, &(_, cells)) in ends.iter().enumerate().take(to).skip(from) {
            for cell in cells.iter() {
                seen_by[cell * span + e / 64 - w0] |= 1 << (e % 64);
            }
        }
        for &(a, cells) in &ends[from..to] {
            // What z not in A reaches: what its links by digits other than z lead to. Where one
            // of them is z, that is what the state (A, z) reaches (its own ends are for other
            // digits, and its part's other states it reaches).
            reached.clear();
            if states.digits[a] >> z & 1 == 1 {
                reached.extend_from_slice(&reach.of_state(states.id(a, z as Digit))[w0..w1]);
            } else {
                reached.resize(span, 0);
                for &(b, rcc) in index.links_of(a) {
                    let mut ys = rcc.mask();
                    while ys != 0 {
                        let y = ys.trailing_zeros() as Digit;
                        ys &= ys - 1;
                        let bits = reach.of_state(states.id(b, y));
                        for (r, &w) in reached.iter_mut().zip(&bits[w0..w1]) {
                            *r |= w;
                        }
                    }
                }
            }
            // The ends sharing an end cell with A (A among them).
            partners.clear();
            partners.resize(span, 0);
            for cell in cells.iter() {
                for (p, &s) in partners.iter_mut().zip(&seen_by[cell * span..(cell + 1) * span]) {
                    *p |= s;
                }
            }
            if reached.iter().zip(&partners).any(|(r, p)| r & p != 0) {
                return false;
            }
        }
    }
    true
}

/// The states of [`chains_find_nothing`]: (set, digit) for each digit of a set's links, set by
/// set in ascending digit order, and the states each leads to.
struct SetStates {
    /// Set `i`'s states are `start[i]..start[i + 1]`; `digits[i]` its links' digits, as bits.
    start: Vec<u32>,
    digits: Vec<u16>,
    set: Vec<u32>,
    digit: Vec<Digit>,
    /// State `s` leads to `next[next_start[s]..next_start[s + 1]]`.
    next_start: Vec<u32>,
    next: Vec<u32>,
}

impl SetStates {
    fn new(index: &AlsIndex) -> SetStates {
        let count = index.sets.len();
        let mut start = Vec::with_capacity(count + 1);
        let mut digits = Vec::with_capacity(count);
        let (mut total, mut links) = (0u32, 0usize);
        for i in 0..count {
            start.push(total);
            let (mask, items) = index
                .links_of(i)
                .iter()
                .fold((0u16, 0), |(m, n), &(_, rcc)| (m | rcc.mask(), n + rcc.len() as usize));
            digits.push(mask);
            let here = mask.count_ones();
            total += here;
            // Each state of the set leads by every link digit but its own.
            links += items * here as usize - items;
        }
        start.push(total);
        let mut states = SetStates {
            start,
            digits,
            set: Vec::with_capacity(total as usize),
            digit: Vec::with_capacity(total as usize),
            next_start: Vec::with_capacity(total as usize + 1),
            next: Vec::with_capacity(links),
        };
        states.next_start.push(0);
        for i in 0..count {
            let mut mask = states.digits[i];
            while mask != 0 {
                let x = mask.trailing_zeros() as Digit;
                mask &= mask - 1;
                states.set.push(i as u32);
                states.digit.push(x);
                for &(j, rcc) in index.links_of(i) {
                    let mut ys = rcc.mask() & !(1 << x);
                    while ys != 0 {
                        let y = ys.trailing_zeros() as Digit;
                        ys &= ys - 1;
                        let to = states.id(j, y);
                        states.next.push(to);
                    }
                }
                states.next_start.push(states.next.len() as u32);
            }
        }
        states
    }

    /// The states `state` leads to.
    fn next_of(&self, state: u32) -> &[u32] {
        &self.next[self.next_start[state as usize] as usize..self.next_start[state as usize + 1] as usize]
    }

    /// The state of set `i` entered by `x` (a digit of one of its links).
    fn id(&self, i: usize, x: Digit) -> u32 {
        self.start[i] + (self.digits[i] & ((1 << x) - 1)).count_ones()
    }
}

impl StateGraph for SetStates {
    fn states(&self) -> usize {
        self.set.len()
    }

    fn next(&self, state: u32, i: u32) -> Option<u32> {
        self.next_of(state).get(i as usize).copied()
    }

    fn each_next(&self, state: u32, mut visit: impl FnMut(u32)) {
        for &w in self.next_of(state) {
            visit(w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::chain::shortest_chain;
    use super::super::{index, xy_wing_among, xz_among};
    use super::*;
    use crate::engine::logic::{magictour_positions, Found};

    /// The closure's answer worked out plainly: "z in set A" as a node, true or false; from z
    /// not in A every other digit of A is in it, from z in A z is in no set A shares z with as
    /// a restricted common; a search from every node assumed false, and for each candidate the
    /// sets whose z cells it sees all of (outside them).
    fn nothing_by_search(board: &Board, index: &AlsIndex) -> bool {
        let sets = &index.sets;
        let node = |i: usize, z: Digit| (i, z as usize);
        let mut reached_true = std::collections::HashMap::new();
        let mut reach = |start: (usize, usize)| -> Vec<(usize, usize)> {
            reached_true
                .entry(start)
                .or_insert_with(|| {
                    let mut seen = std::collections::HashSet::new();
                    let (mut todo, mut out) = (vec![(start, false)], Vec::new());
                    while let Some(((i, x), truth)) = todo.pop() {
                        if !seen.insert(((i, x), truth)) {
                            continue;
                        }
                        if truth {
                            out.push((i, x));
                            for &(j, rcc) in index.links_of(i) {
                                if rcc.contains(x as Digit) {
                                    todo.push((node(j, x as Digit), false));
                                }
                            }
                        } else {
                            for z in sets[i].digits.iter().filter(|&z| z as usize != x) {
                                todo.push((node(i, z), true));
                            }
                        }
                    }
                    out
                })
                .clone()
        };
        for t in board.empty_cells().iter() {
            for z in board.candidates(t).iter() {
                let seeing: Vec<usize> = (0..sets.len())
                    .filter(|&i| {
                        let set = &sets[i];
                        set.digits.contains(z) && !set.cells.contains(t) && set.seeing[z as usize].contains(t)
                    })
                    .collect();
                for &a in &seeing {
                    let reached = reach(node(a, z));
                    if seeing.iter().any(|&b| reached.contains(&node(b, z))) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Wherever the closure says no chain of sets removes anything, ALS-XZ, ALS-XY-Wing and
    /// ALS-XY-Chain (every step of the first two; the third's sweep, which misses no chain) find
    /// nothing; it says so at
    /// many positions, and the searches find steps at many others; and its answer is that of a
    /// plain search. Positions along magictour paths.
    #[test]
    fn chains_of_sets_find_nothing_where_the_closure_says_so() {
        let (mut ruled_out, mut finding) = (0, 0);
        for (line, step, board) in magictour_positions(40, 3) {
            let index = index(&board);
            let nothing = chains_find_nothing(&board, &index);
            assert_eq!(nothing, nothing_by_search(&board, &index), "{line} step {step}");
            let mut found = Found::new(true);
            xz_among(&board, CellSet::ALL, &mut found);
            xy_wing_among(&board, CellSet::ALL, &mut found);
            let chain = shortest_chain(&board, &index);
            if nothing {
                assert!(
                    found.steps.is_empty() && chain.is_none(),
                    "{line} step {step}: a chain of sets where none was said to be"
                );
                ruled_out += 1;
            } else if !found.steps.is_empty() || chain.is_some() {
                finding += 1;
            }
        }
        assert!(
            ruled_out > 100 && finding > 100,
            "{ruled_out} ruled out, {finding} finding"
        );
    }
}
