//! ALS-XY-Chain: the shortest chain of almost locked sets (a sweep over all of them at once)
//! for hints and rating, and every chain (a depth-first walk) for listing them all.

use crate::engine::cellset::CellSet;
use crate::engine::grid::{Candidates, Digit, CELLS};
use crate::engine::logic::board::Board;
use crate::engine::logic::explanation::{phrase, Explanation};
use crate::engine::logic::step::Step;
use crate::engine::logic::technique::Technique;
use crate::engine::logic::Found;

use super::index::Lists;
use super::{ends_of, index, mark_set, set_chains_find_nothing, set_colour, Als, AlsIndex};

/// ALS-XY-Chain: sets A1 - A2 - … - An joined by restricted common digits, consecutive links
/// different; a digit Z in A1 and An (not the first or last link) is in one of them, so cells
/// outside A1 and An seeing all their Z cells lose it (a set between may hold such a cell).
/// Chains of three to six different sets of up to eight cells each (the index's largest).
///
/// Sets next to each other share no cell (the index links only such sets), but others may, the
/// two ends as well, as in HoDoKu: each link reasons about its own two sets alone (if A1 lacks
/// Z it is locked and holds the first link's digit, which A2 then lacks, so A2 is locked…), so
/// a cell shared by sets further apart takes no part in it.
///
/// A hint or a rating solve wants one chain: the shortest ([`shortest_chain`]), found without
/// walking every chain. Listing them all walks them, depth first ([`walk_chains`]).
pub fn xy_chain(board: &Board, found: &mut Found) {
    if found.is_collecting_all() {
        if set_chains_find_nothing(board) {
            return;
        }
        let index = index(board);
        walk_chains(board, &index, 5_000_000, |path| {
            report_chain(board, &index.sets, path, found)
        });
    } else {
        found.on_changed(Technique::AlsXyChain, board, |_, found| {
            if set_chains_find_nothing(board) {
                return;
            }
            let index = index(board);
            if let Some(path) = shortest_chain(board, &index) {
                report_chain(board, &index.sets, &path, found);
            }
        });
    }
}

/// The most sets in a chain, and the most cells in one of its sets.
const MAX_SETS: usize = 6;
const MAX_CELLS: u32 = 8;

/// A link of an ALS chain: the set it leads to, and by which restricted commons.
struct ChainLink {
    set: usize,
    rcc: Candidates,
}

/// The links a chain may take: between sets of up to [`MAX_CELLS`] cells.
fn chain_links(index: &AlsIndex) -> Lists<ChainLink> {
    let sets = &index.sets;
    let mut links = Lists::with_capacity(sets.len(), index.links.items.len());
    for (i, set) in sets.iter().enumerate() {
        if set.cells.len() <= MAX_CELLS {
            for &(j, rcc) in index.links_of(i) {
                if sets[j].cells.len() <= MAX_CELLS {
                    links.push(ChainLink { set: j, rcc });
                }
            }
        }
        links.end_list();
    }
    links
}

/// The digits Z a chain from `a` to `b` (first link `first`, last `last`) removes: digits of
/// both ends but the end links, with cells outside both ends that see all their Z cells in both
/// (`ends`: [`ends_of`] the first set). Such a cell may lie in a set between them: Z is in one
/// end, whatever the sets between hold.
fn chain_removes(ends: &[CellSet; 10], b: &Als, first: Digit, last: Digit) -> Candidates {
    let zs = b.digits.mask() & !(1 << first) & !(1 << last);
    Candidates::from_mask(zs)
        .iter()
        .filter(|&z| !chain_targets(ends, b, z).is_empty())
        .collect()
}

/// The cells a chain ending in `b` takes Z from ([`chain_removes`]).
fn chain_targets(ends: &[CellSet; 10], b: &Als, z: Digit) -> CellSet {
    (ends[z as usize] & b.seeing[z as usize]) - b.cells
}

/// An ALS chain: its sets with the digit of the link into each (the first's 0).
type Chain = Vec<(usize, Digit)>;

/// A chain's sets with the digit of the link into each (the first's 0).
type ChainPath = [(usize, Digit)];

/// Where a chain comes in the order chains are chosen in: fewer sets first, then a lower first
/// set, then a lower last set, then the lower sets and digits from the first on.
fn chain_order(path: &ChainPath) -> ((usize, usize, usize), &ChainPath) {
    ((path.len(), path[0].0, path[path.len() - 1].0), path)
}

/// Whether chain `a` comes before chain `b` ([`chain_order`]).
fn comes_first(a: &ChainPath, b: &ChainPath) -> bool {
    chain_order(a) < chain_order(b)
}

/// The ALS-XY-Chain that [`comes_first`], if any.
///
/// Chains are not walked one by one (a hard position has hundreds of thousands). A breadth-
/// first sweep over states (a set, and the digit of the link it was entered by) works out, for
/// k = 1 to 5 links, which first sets reach each state by k links, consecutive links different:
/// a bit set over (Z, first set) pairs, where the first link is not Z and the first set holds
/// Z with cells outside it that see all its Z cells ([`Sweep`]). Where a first set A reaches
/// such a set B for the same Z, by a last link other than Z, and some cell outside both sees
/// all their Z cells, a chain of k links may exist. The sweep does not know whether a set comes
/// twice, so the chain is sought back from B through the sweep's layers, each set taken only
/// where A reaches it by the links left, with sets all different and something to remove
/// outside the end sets (of those for the first pair of end sets that has any, the one that comes
/// first). So no chain the depth-first walk finds is missed, and the one chosen is the first
/// of them all.
pub(super) fn shortest_chain(board: &Board, index: &AlsIndex) -> Option<Chain> {
    let sets = &index.sets;
    let links = chain_links(index);
    let mut sweep = Sweep::new(board, sets, &links)?;
    let mut candidates: Vec<(usize, usize, usize)> = Vec::new();
    for k in 1..MAX_SETS {
        sweep.advance(k + 1 == MAX_SETS);
        if k < 2 {
            continue;
        }
        candidates.clear();
        sweep.ends_reached(|a, b, part| candidates.push((sweep.parts[part].members[a], b, part)));
        // (A last set reached by two link digits gives its pair twice.)
        candidates.sort_unstable();
        candidates.dedup();
        // The first pair of end sets with a chain, and its first chain.
        let mut best: Option<Chain> = None;
        for (n, &(a, b, part)) in candidates.iter().enumerate() {
            sweep.chain_back(board, sets, &links, part, a, b, &mut best);
            let last_of_pair = candidates.get(n + 1).is_none_or(|&(a2, b2, _)| (a2, b2) != (a, b));
            if last_of_pair && best.is_some() {
                return best;
            }
        }
        if !sweep.alive() {
            break;
        }
    }
    None
}

/// The states of the sweep: a set with the digit of a link into it (the same as the digits of
/// links out of it, links going both ways). Set `j`'s states are `start[j]..start[j + 1]`, in
/// ascending digit order; `next.of(s)`, for a state (i, x), the states (j, x) of the links
/// leaving `i` by `x`.
struct States {
    start: Vec<u32>,
    digit: Vec<Digit>,
    next: Lists<u32>,
}

impl States {
    fn new(links: &Lists<ChainLink>) -> States {
        let n = links.len();
        let mut start = Vec::with_capacity(n + 1);
        let mut digit = Vec::new();
        let mut id = vec![u32::MAX; n * 10];
        for i in 0..n {
            start.push(digit.len() as u32);
            let digits = links.of(i).iter().fold(0, |m, l| m | l.rcc.mask());
            for x in Candidates::from_mask(digits).iter() {
                id[i * 10 + x as usize] = digit.len() as u32;
                digit.push(x);
            }
        }
        start.push(digit.len() as u32);
        let mut next = Lists::with_capacity(digit.len(), links.items.len() * 2);
        for i in 0..n {
            for s in start[i]..start[i + 1] {
                let x = digit[s as usize];
                for link in links.of(i) {
                    if link.rcc.contains(x) {
                        next.push(id[link.set * 10 + x as usize]);
                    }
                }
                next.end_list();
            }
        }
        States { start, digit, next }
    }

    fn of(&self, set: usize) -> std::ops::Range<usize> {
        self.start[set] as usize..self.start[set + 1] as usize
    }

    fn count(&self) -> usize {
        self.digit.len()
    }
}

/// One digit Z's part of the sweep's bits: the sets that may end a chain for it (`members`, in
/// set order, bit `m` of the part for the `m`-th), from word `word` of a state's bits on,
/// `words` words; for each member, the members before it with which it shares a cell outside
/// both that sees all their Z cells (`partners`, `words` words each).
struct Part {
    z: Digit,
    members: Vec<usize>,
    word: usize,
    words: usize,
    partners: Vec<u64>,
}

impl Part {
    /// The partners of member `m`, as bits.
    fn partners_of(&self, m: usize) -> &[u64] {
        &self.partners[m * self.words..(m + 1) * self.words]
    }
}

/// The breadth-first sweep of [`shortest_chain`]: `layers[k - 1]` holds, for each state,
/// `words` words of bits (each [`Part`]'s in turn) for the first sets that reach it by k links.
struct Sweep {
    states: States,
    parts: Vec<Part>,
    words: usize,
    layers: Vec<Vec<u64>>,
    /// The states of sets that end a chain for some Z (the last layer wants no other).
    ending: Vec<bool>,
    /// The states the last layer reaches.
    reached: Vec<bool>,
}

impl Sweep {
    /// The sweep of a board, or none when no two sets could end a chain.
    fn new(board: &Board, sets: &[Als], links: &Lists<ChainLink>) -> Option<Sweep> {
        let mut parts = Vec::new();
        let mut word = 0;
        // For each Z, the sets holding it with cells outside them that see all their Z cells.
        let mut holding: [Vec<(usize, CellSet)>; 10] = Default::default();
        for (i, set) in sets.iter().enumerate() {
            if links.of(i).is_empty() {
                continue;
            }
            let ends = ends_of(board, set);
            for z in set.digits.iter().filter(|&z| !ends[z as usize].is_empty()) {
                holding[z as usize].push((i, ends[z as usize]));
            }
        }
        let mut seen_by = Vec::new();
        for z in 1..=9 {
            let members: Vec<usize> = holding[z as usize].iter().map(|&(i, _)| i).collect();
            let ends = &holding[z as usize];
            let words = members.len().div_ceil(64);
            // For each cell, the members it is an end cell of; then each member's partners.
            seen_by.clear();
            seen_by.resize(CELLS * words, 0u64);
            for (m, &(_, e)) in ends.iter().enumerate() {
                for c in e.iter() {
                    seen_by[c * words + m / 64] |= 1 << (m % 64);
                }
            }
            let mut partners = vec![0u64; members.len() * words];
            let mut any = false;
            for (m, &(_, e)) in ends.iter().enumerate() {
                let row = &mut partners[m * words..(m + 1) * words];
                for c in e.iter() {
                    for (r, s) in row.iter_mut().zip(&seen_by[c * words..(c + 1) * words]) {
                        *r |= s;
                    }
                }
                // Only members before it (a chain is met from both ends).
                row[m / 64] &= (1u64 << (m % 64)) - 1;
                row[m / 64 + 1..].fill(0);
                any |= row.iter().any(|&r| r != 0);
            }
            if any {
                parts.push(Part {
                    z,
                    members,
                    word,
                    words,
                    partners,
                });
                word += words;
            }
        }
        if parts.is_empty() {
            return None;
        }
        let states = States::new(links);
        let mut ending = vec![false; states.count()];
        for part in &parts {
            for (m, &b) in part.members.iter().enumerate() {
                if part.partners_of(m).iter().any(|&p| p != 0) {
                    ending[states.of(b)].fill(true);
                }
            }
        }
        Some(Sweep {
            states,
            parts,
            words: word,
            layers: Vec::with_capacity(MAX_SETS - 1),
            ending,
            reached: Vec::new(),
        })
    }

    /// Works out the next layer: the states reached by one link more (`last`: only those of
    /// sets that end chains).
    fn advance(&mut self, last: bool) {
        let (words, states) = (self.words, &self.states);
        let mut layer = vec![0u64; states.count() * words];
        let mut reached = vec![false; states.count()];
        match self.layers.last() {
            None => {
                // One link, not by Z, from a member that is some member's partner.
                for part in &self.parts {
                    let mut first = vec![0u64; part.words];
                    for m in 0..part.members.len() {
                        for (f, p) in first.iter_mut().zip(part.partners_of(m)) {
                            *f |= p;
                        }
                    }
                    for (m, &a) in part.members.iter().enumerate() {
                        if first[m / 64] >> (m % 64) & 1 == 0 {
                            continue;
                        }
                        let bit = (part.word + m / 64, 1u64 << (m % 64));
                        for s in states.of(a).filter(|&s| states.digit[s] != part.z) {
                            for &t in states.next.of(s) {
                                layer[t as usize * words + bit.0] |= bit.1;
                                reached[t as usize] = true;
                            }
                        }
                    }
                }
            }
            Some(before) => {
                let mut from = vec![0u64; words];
                let mut others = Vec::with_capacity(9);
                for i in 0..states.start.len() - 1 {
                    // A set entered by one digit only cannot be left by another.
                    let range = states.of(i);
                    if range.len() < 2 || !range.clone().any(|s| self.reached[s]) {
                        continue;
                    }
                    for s in range.clone() {
                        // Reached by any other digit, it leaves by this one.
                        others.clear();
                        others.extend(range.clone().filter(|&o| o != s && self.reached[o]));
                        let row = match others[..] {
                            [] => continue,
                            [o] => &before[o * words..(o + 1) * words],
                            _ => {
                                from.fill(0);
                                for &o in &others {
                                    for (f, b) in from.iter_mut().zip(&before[o * words..(o + 1) * words]) {
                                        *f |= b;
                                    }
                                }
                                &from[..]
                            }
                        };
                        for &t in states.next.of(s) {
                            let t = t as usize;
                            if last && !self.ending[t] {
                                continue;
                            }
                            for (l, f) in layer[t * words..(t + 1) * words].iter_mut().zip(row) {
                                *l |= f;
                            }
                            reached[t] = true;
                        }
                    }
                }
            }
        }
        self.layers.push(layer);
        self.reached = reached;
    }

    /// Whether the last layer reaches anything.
    fn alive(&self) -> bool {
        self.reached.iter().any(|&r| r)
    }

    /// Each (first member, last set, part) of the last layer that may be a chain: the last set
    /// a member entered by a digit other than the part's Z, reached from one of its partners.
    fn ends_reached(&self, mut each: impl FnMut(usize, usize, usize)) {
        let layer = self.layers.last().expect("a layer");
        for (p, part) in self.parts.iter().enumerate() {
            for (m, &b) in part.members.iter().enumerate() {
                let partners = part.partners_of(m);
                if partners.iter().all(|&w| w == 0) {
                    continue;
                }
                for s in self
                    .states
                    .of(b)
                    .filter(|&s| self.reached[s] && self.states.digit[s] != part.z)
                {
                    let bits = &layer[s * self.words + part.word..s * self.words + part.word + part.words];
                    for (w, (&l, &q)) in bits.iter().zip(partners).enumerate() {
                        let mut both = l & q;
                        while both != 0 {
                            each(w * 64 + both.trailing_zeros() as usize, b, p);
                            both &= both - 1;
                        }
                    }
                }
            }
        }
    }

    /// Whether member `m` of part `p` reaches state `s` by `k` links.
    fn reaches(&self, k: usize, s: usize, p: usize, m: usize) -> bool {
        let word = s * self.words + self.parts[p].word + m / 64;
        self.layers[k - 1][word] >> (m % 64) & 1 == 1
    }

    /// The chains from set `a` to set `b` for part `p`, of as many links as there are layers,
    /// sought back from `b`, with sets all different and something to remove: keeps in
    /// `best` the one that [`comes_first`].
    #[allow(clippy::too_many_arguments)]
    fn chain_back(
        &self,
        board: &Board,
        sets: &[Als],
        links: &Lists<ChainLink>,
        p: usize,
        a: usize,
        b: usize,
        best: &mut Option<Chain>,
    ) {
        let Ok(m) = self.parts[p].members.binary_search(&a) else {
            return;
        };
        let back = Back {
            sweep: self,
            sets,
            links,
            ends: ends_of(board, &sets[a]),
            p,
            m,
            a,
        };
        let k = self.layers.len();
        let mut path = Vec::with_capacity(k + 1);
        for s in self.states.of(b) {
            let d = self.states.digit[s];
            if d == self.parts[p].z || !self.reaches(k, s, p, m) {
                continue;
            }
            path.clear();
            path.push((b, d));
            back.extend(k, &mut path, best);
        }
    }
}

/// Seeking a chain back from its last set to first set `a` (member `m` of part `p`), through
/// the sweep's layers.
struct Back<'a> {
    sweep: &'a Sweep,
    sets: &'a [Als],
    links: &'a Lists<ChainLink>,
    /// [`ends_of`] the first set.
    ends: [CellSet; 10],
    p: usize,
    m: usize,
    a: usize,
}

impl Back<'_> {
    /// Extends the chain back from its earliest set so far (`path`'s last, with the digit it is
    /// entered by, reached at layer `k`). Each chain found that [`comes_first`] is kept in
    /// `best`.
    fn extend(&self, k: usize, path: &mut Vec<(usize, Digit)>, best: &mut Option<Chain>) {
        let (cur, enter) = path[path.len() - 1];
        if k == 1 {
            // Entered from the first set: a chain, if something goes.
            let (b, last) = path[0];
            if chain_removes(&self.ends, &self.sets[b], enter, last).is_empty() {
                return;
            }
            let chain: Vec<(usize, Digit)> = std::iter::once((self.a, 0)).chain(path.iter().rev().copied()).collect();
            if best.as_ref().is_none_or(|b| comes_first(&chain, b)) {
                *best = Some(chain);
            }
            return;
        }
        let states = &self.sweep.states;
        for link in self.links.of(cur) {
            let i = link.set;
            if i == self.a || !link.rcc.contains(enter) || path.iter().any(|&(set, _)| set == i) {
                continue;
            }
            for s in states.of(i) {
                let d = states.digit[s];
                if d == enter || !self.sweep.reaches(k - 1, s, self.p, self.m) {
                    continue;
                }
                path.push((i, d));
                self.extend(k - 1, path, best);
                path.pop();
            }
        }
    }
}

/// Walks every ALS-XY-Chain, shorter chains first (depth first from every set to each length
/// in turn), each once (from its lower end), and offers each (its sets with the digit of the
/// link into each) until `offer` says to stop or the walk has taken `budget` steps. Returns
/// whether it walked them all (or `offer` stopped it).
fn walk_chains(
    board: &Board,
    index: &AlsIndex,
    budget: usize,
    mut offer: impl FnMut(&[(usize, Digit)]) -> bool,
) -> bool {
    let sets = &index.sets;
    let links = chain_links(index);
    let outgoing = outgoing(&links);
    let mut path: Vec<(usize, Digit)> = Vec::new();
    let mut search = Search {
        keep_looking: true,
        budget,
        ends: [CellSet::EMPTY; 10],
        end_digits: Candidates::NONE,
        end_masks: vec![0; sets.len()],
        end_start: vec![0; sets.len()],
        start: 0,
        length: 0,
    };
    for length in 3..=MAX_SETS {
        search.length = length;
        for start in 0..sets.len() {
            if !walk_from(board, sets, &outgoing, start, &mut path, &mut offer, &mut search) {
                return search.budget > 0;
            }
        }
    }
    true
}

/// Walks the chains of `search.length` sets from set `start`: returns whether to go on.
fn walk_from(
    board: &Board,
    sets: &[Als],
    outgoing: &Outgoing,
    start: usize,
    path: &mut Vec<(usize, Digit)>,
    offer: &mut impl FnMut(&[(usize, Digit)]) -> bool,
    search: &mut Search,
) -> bool {
    search.start = start;
    // An end set must have a digit that some cell outside it sees in all its cells.
    let a = &sets[start];
    search.ends = ends_of(board, a);
    search.end_digits = a
        .digits
        .iter()
        .filter(|&z| !search.ends[z as usize].is_empty())
        .collect();
    if outgoing.of(start).is_empty() || search.end_digits.is_empty() {
        return true;
    }
    path.clear();
    path.push((start, 0));
    extend(sets, outgoing, path, offer, search);
    search.keep_looking && search.budget > 0
}

/// The links of every set as the chain search takes them, one digit at a time: set `i`'s in the
/// order of its links, each link's digits in ascending order.
type Outgoing = Lists<Hop>;

/// Taking a link to set `to` by digit `x`.
#[derive(Clone, Copy)]
struct Hop {
    to: u32,
    x: Digit,
}

/// The hops of the chain search's links (the links, a set's list after another's).
fn outgoing(links: &Lists<ChainLink>) -> Outgoing {
    let mut hops = Lists::with_capacity(links.len(), links.items.len() * 2);
    for set in 0..links.len() {
        for link in links.of(set) {
            for x in link.rcc.iter() {
                hops.push(Hop { to: link.set as u32, x });
            }
        }
        hops.end_list();
    }
    hops
}

/// The state of the depth-first walk: whether to go on, how many extensions are left, and for
/// the first set of the chain, the cells outside it that see all its cells holding each digit
/// (`ends`; `end_digits` where any do).
struct Search {
    keep_looking: bool,
    budget: usize,
    ends: [CellSet; 10],
    end_digits: Candidates,
    /// For each set as the other end of a chain from the current first set: the digits Z some
    /// cell outside both sees in all their Z cells (valid where `end_start` is the first set + 1).
    end_masks: Vec<u16>,
    end_start: Vec<usize>,
    start: usize,
    /// How many sets the chains walked now have.
    length: usize,
}

impl Search {
    /// The digits that set `last` could eliminate as the far end of a chain from the first set
    /// (before the end links are taken out: [`chain_removes`]), worked out once per first set.
    fn end_mask(&mut self, sets: &[Als], last: usize) -> u16 {
        if self.end_start[last] != self.start + 1 {
            let b = &sets[last];
            let mut mask = 0;
            for z in Candidates::from_mask(self.end_digits.mask() & b.digits.mask()).iter() {
                if !chain_targets(&self.ends, b, z).is_empty() {
                    mask |= 1 << z;
                }
            }
            self.end_masks[last] = mask;
            self.end_start[last] = self.start + 1;
        }
        self.end_masks[last]
    }
}

/// Depth-first extension of an ALS chain, its sets all different; offers the chains of
/// `search.length` sets that remove something.
fn extend(
    sets: &[Als],
    outgoing: &Outgoing,
    path: &mut Vec<(usize, Digit)>,
    offer: &mut impl FnMut(&[(usize, Digit)]) -> bool,
    search: &mut Search,
) {
    if search.budget == 0 {
        return;
    }
    search.budget -= 1;
    let (last, last_link) = path[path.len() - 1];
    if path.len() == search.length && path[0].0 < last {
        let first_link = path[1].1;
        if search.end_mask(sets, last) & !(1 << first_link) & !(1 << last_link) != 0 {
            search.keep_looking = offer(path);
        }
    }
    if !search.keep_looking || path.len() >= search.length {
        return;
    }
    for hop in outgoing.of(last) {
        if hop.x == last_link || path.iter().any(|&(set, _)| set == hop.to as usize) {
            continue;
        }
        path.push((hop.to as usize, hop.x));
        extend(sets, outgoing, path, offer, search);
        path.pop();
        if !search.keep_looking || search.budget == 0 {
            return;
        }
    }
}

/// Builds the step of an ALS chain (its sets with the digit of the link into each) and offers
/// it: returns whether to keep looking.
fn report_chain(board: &Board, sets: &[Als], path: &[(usize, Digit)], found: &mut Found) -> bool {
    let b = &sets[path[path.len() - 1].0];
    let ends = ends_of(board, &sets[path[0].0]);
    let zs = chain_removes(&ends, b, path[1].1, path[path.len() - 1].1);
    let mut step = Step::new(Technique::AlsXyChain);
    for z in zs.iter() {
        for cell in chain_targets(&ends, b, z).iter() {
            step.eliminate(cell, z);
        }
    }
    for (k, &(i, _)) in path.iter().enumerate() {
        let mut link = Candidates::NONE;
        if k > 0 {
            link.insert(path[k].1);
        }
        if let Some(&(_, next)) = path.get(k + 1) {
            link.insert(next);
        }
        mark_set(&mut step, board, &sets[i], link, set_colour(k));
    }
    step.explain_result_with(found.explains(), || {
        let chain: Vec<Explanation> = path
            .iter()
            .enumerate()
            .map(|(k, &(i, d))| {
                if k == 0 {
                    sets[i].name()
                } else {
                    Explanation::new(phrase(" -{digit}- {set}"))
                        .digit("digit", d)
                        .clause("set", sets[i].name())
                }
            })
            .collect();
        let template = if zs.len() == 1 {
            phrase("ALS-XY-Chain: {chain}. Each link is a digit the two sets share only where they see each other, so one end set is locked and holds {z}; a cell seeing every cell of both ends that holds {z} cannot be {z}.")
        } else {
            phrase("ALS-XY-Chain: {chain}. Each link is a digit the two sets share only where they see each other, so one end set is locked and holds {z}; a cell seeing every cell of both ends that holds one of these digits cannot be that digit.")
        };
        Explanation::new(template)
        .joined("chain", chain, "")
        .digits("z", zs.iter())
    });
    found.add(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::magictour_positions;

    /// The sweep finds a chain exactly when the depth-first walk does, and the same chain: the
    /// one that comes first (fewest sets, then by its sets) of all the walk finds. At positions
    /// along magictour paths (those where the walk gets through every chain of the fewest sets
    /// any has: it walks shorter chains first).
    #[test]
    fn the_sweep_finds_the_first_of_the_chains_walked() {
        let (mut boards, mut with_chains, mut longer) = (0, 0, 0);
        for (line, step, board) in magictour_positions(30, 3) {
            let index = AlsIndex::build(&board);
            let mut walked: Vec<Chain> = Vec::new();
            if !walk_chains(&board, &index, 2_000_000, |path| {
                if walked.first().is_some_and(|first| first.len() < path.len()) {
                    return false;
                }
                walked.push(path.to_vec());
                true
            }) {
                continue;
            }
            boards += 1;
            let first = walked.iter().min_by_key(|path| chain_order(path)).cloned();
            assert_eq!(shortest_chain(&board, &index), first, "{line}, step {step}");
            with_chains += usize::from(first.is_some());
            longer += usize::from(first.as_ref().is_some_and(|path| path.len() > 3));
        }
        assert!(
            boards > 1000 && with_chains > 500 && longer > 20,
            "{boards} positions, {with_chains} with chains, {longer} of them longer than three sets: too few to tell"
        );
    }
}
