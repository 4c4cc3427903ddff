//! Forcing chains and nets, the last resort: assume a candidate true (or each candidate of a
//! cell, each place of a digit in a house) and follow what must follow. A chain follows single
//! links only (a candidate true removes its peers; a candidate false makes the other end of a
//! strong link true); a net also counts what several removals together force (the last
//! candidate of a cell, the last place of a digit in a house).
//!
//! Contradiction: the assumption leads to a candidate both true and false (a net also to a cell
//! with no candidate or a house with no place for a digit), so the assumption is false.
//! Verity: every candidate of a cell (or every place of a digit in a house) leads to the same
//! conclusion, so it holds. This is logic, not guessing: every step is forced, and the whole
//! argument is written out, shortest first.

mod explain;

use explain::{chain_to, conflict_text, implications, literal, nested_text};

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{length_bonus, ChainNode, LinkKind, Role, Step};
use super::technique::Technique;
use super::{Found, Shortest};
use crate::engine::cellset::CellSet;
use crate::engine::grid::{cell_name, houses_of, Cell, Digit, House, CELLS};
use crate::engine::solver::bands::{Harmless, Trial};

/// A candidate as an index: `cell * 9 + digit - 1`.
type Cand = u16;

fn cand(cell: Cell, digit: Digit) -> Cand {
    (cell * 9 + digit as usize - 1) as Cand
}

fn cell_of(c: Cand) -> Cell {
    c as usize / 9
}

fn digit_of(c: Cand) -> Digit {
    (c % 9) as Digit + 1
}

/// A house in a [`Reason`], kept small: a branch records a reason for every literal it sets
/// and queues one for every literal it reaches.
type HouseIndex = u8;

/// Why a candidate became true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// The assumption itself.
    Assumed,
    /// True: it sees this true candidate (same digit) or shares its cell; so this is false.
    SeenBy(Cand),
    /// True: the other end of a strong link (in the position) is false.
    StrongLink(Cand),
    /// True: every other candidate of its cell is false.
    LastInCell,
    /// True: every other place of its digit in this house is false.
    LastInHouse(HouseIndex),
    /// False: its digit's places left in the first house all lie in the second (locked
    /// candidates), and it is in the second house only.
    Locked(HouseIndex, HouseIndex),
    /// False: assuming it true inside this branch leads to a contradiction (a nested net).
    Nested,
}

/// How a branch ended in a contradiction.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// A candidate both true and false (the true one's reason is recorded, the false one here).
    Both(Cand, Reason),
    /// A cell with no candidate left.
    EmptyCell(Cell),
    /// A house with no place left for a digit.
    NoPlace(House, Digit),
}

const UNKNOWN: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;

/// One branch: what an assumption forces.
#[derive(Clone)]
struct Branch {
    state: [u8; CELLS * 9],
    /// Candidates still possible, by digit.
    open: [CellSet; 10],
    /// The same by cell: the digits each cell still allows, as bits. (A net updates both; a
    /// chain leaves both as the position has them.)
    allows: [u16; CELLS],
    /// Digits placed in each house (given or forced).
    placed: [u16; 27],
    conflict: Option<Conflict>,
    /// The literals set, in order, and (in `why`) the reason and depth of each. Kept per literal
    /// rather than in tables over all 729 candidates, so a branch is cheap to copy.
    order: Vec<Cand>,
    why: Vec<(Reason, u16)>,
    /// Each set literal's place in `order` (meaningless for the others).
    index: [u16; CELLS * 9],
    /// Whether a nested net was used.
    nested: bool,
    /// Cells filled (in the position or by a true literal of the branch).
    solved: CellSet,
}

impl Branch {
    fn new(board: &Board) -> Branch {
        let mut placed = [0u16; 27];
        for cell in 0..CELLS {
            let value = board.value(cell);
            if value != 0 {
                for house in houses_of(cell) {
                    placed[house] |= 1 << value;
                }
            }
        }
        let mut open = [CellSet::EMPTY; 10];
        for d in 1..=9u8 {
            open[d as usize] = board.cells_with(d);
        }
        Branch {
            state: [UNKNOWN; CELLS * 9],
            open,
            allows: std::array::from_fn(|cell| board.candidates(cell).mask()),
            placed,
            conflict: None,
            order: Vec::new(),
            why: Vec::new(),
            index: [0; CELLS * 9],
            nested: false,
            solved: !board.empty_cells(),
        }
    }

    fn is_true(&self, c: Cand) -> bool {
        self.state[c as usize] == TRUE
    }

    /// Why a set literal was set.
    fn reason(&self, c: Cand) -> Reason {
        self.why[self.index[c as usize] as usize].0
    }

    /// How many links from the assumption a set literal is.
    fn depth(&self, c: Cand) -> u16 {
        self.why[self.index[c as usize] as usize].1
    }

    /// Records a literal as set (true or false) for this reason at this depth.
    fn set(&mut self, c: Cand, truth: bool, reason: Reason, depth: u16) {
        self.state[c as usize] = if truth { TRUE } else { FALSE };
        self.index[c as usize] = self.order.len() as u16;
        self.order.push(c);
        self.why.push((reason, depth));
    }
}

/// Follows assumptions over a position: as chains (single links) or as nets.
struct Propagator<'a> {
    board: &'a Board,
    net: bool,
    /// Whether a stalled branch may try nested nets (one level deep).
    nested: bool,
    /// Whether nets use locked candidates (nested nets inside a branch use singles only).
    locked: bool,
    template: Branch,
    /// A chain's links: the strong links of the position (none for a net).
    links: Option<StrongLinks<'a>>,
}

impl<'a> Propagator<'a> {
    fn new(board: &'a Board, net: bool) -> Propagator<'a> {
        Propagator {
            board,
            net,
            nested: false,
            locked: true,
            template: Branch::new(board),
            links: (!net).then(|| StrongLinks::new(board)),
        }
    }

    /// What assuming `c` true (or false) forces, up to the first contradiction.
    fn run(&self, c: Cand, truth: bool) -> Branch {
        self.run_on(self.template.clone(), c, truth)
    }

    /// Like [`Propagator::run`], inside a branch (for nested nets).
    fn run_on(&self, mut branch: Branch, c: Cand, truth: bool) -> Branch {
        let mut queue: Vec<(Cand, bool, Reason, u16)> = Vec::with_capacity(256);
        queue.push((c, truth, Reason::Assumed, 0));
        branch.order.reserve(128);
        branch.why.reserve(128);
        let mut next = 0;
        while branch.conflict.is_none() {
            if next == queue.len() {
                // Singles have run out: nets go on with locked candidates, then nested nets.
                if !self.net
                    || !((self.locked && self.locked_candidates(&branch, &mut queue))
                        || self.nested_contradiction(&mut branch, &mut queue))
                {
                    break;
                }
            }
            let (c, truth, reason, depth) = queue[next];
            next += 1;
            let state = branch.state[c as usize];
            if state != UNKNOWN {
                if (state == TRUE) != truth {
                    branch.conflict = Some(Conflict::Both(c, if truth { branch.reason(c) } else { reason }));
                    // Keep the true side's reason in the table and the false side's in the conflict.
                    if truth {
                        let i = branch.index[c as usize] as usize;
                        branch.why[i] = (reason, depth);
                        branch.state[c as usize] = TRUE;
                    }
                }
                continue;
            }
            branch.set(c, truth, reason, depth);
            let (cell, digit) = (cell_of(c), digit_of(c));
            if truth {
                // Its cell's other candidates and its digit's peers go, but for those a net has
                // already seen go (taken again, they would change nothing).
                let mut others = branch.allows[cell] & !(1 << digit);
                while others != 0 {
                    let other = others.trailing_zeros() as Digit;
                    others &= others - 1;
                    queue.push((cand(cell, other), false, Reason::SeenBy(c), depth + 1));
                }
                for peer in (CellSet::peers(cell) & branch.open[digit as usize]).iter() {
                    queue.push((cand(peer, digit), false, Reason::SeenBy(c), depth + 1));
                }
                if self.net {
                    for house in houses_of(cell) {
                        branch.placed[house] |= 1 << digit;
                    }
                    branch.solved.insert(cell);
                }
            } else if self.net {
                branch.open[digit as usize].remove(cell);
                branch.allows[cell] &= !(1 << digit);
                // (A net marks a cell solved when one of its candidates is true.)
                if !branch.solved.contains(cell) {
                    let left = branch.allows[cell];
                    match left.count_ones() {
                        0 => branch.conflict = Some(Conflict::EmptyCell(cell)),
                        1 => queue.push((
                            cand(cell, left.trailing_zeros() as Digit),
                            true,
                            Reason::LastInCell,
                            depth + 1,
                        )),
                        _ => {}
                    }
                }
                for house in houses_of(cell) {
                    if branch.placed[house] >> digit & 1 == 1 {
                        continue;
                    }
                    let places = branch.open[digit as usize] & CellSet::house(house);
                    match places.len() {
                        0 => branch.conflict = Some(Conflict::NoPlace(house, digit)),
                        1 => {
                            if let Some(p) = places.first() {
                                queue.push((
                                    cand(p, digit),
                                    true,
                                    Reason::LastInHouse(house as HouseIndex),
                                    depth + 1,
                                ));
                            }
                        }
                        _ => {}
                    }
                }
            } else if let Some(links) = &self.links {
                // Chains: strong links of the position.
                for p in links.partners(c) {
                    queue.push((p, true, Reason::StrongLink(c), depth + 1));
                }
            }
        }
        branch
    }
}

impl Propagator<'_> {
    /// A stalled branch tries each open candidate as a nested assumption; the first that leads
    /// to a contradiction is queued false. Returns whether one was found.
    fn nested_contradiction(&self, branch: &mut Branch, queue: &mut Vec<(Cand, bool, Reason, u16)>) -> bool {
        if !self.nested {
            return false;
        }
        let depth = branch.order.last().map_or(0, |&c| branch.depth(c)) + 1;
        let before = queue.len();
        for cell in self.board.empty_cells().iter() {
            if branch.solved.contains(cell) {
                continue;
            }
            for digit in 1..=9u8 {
                let y = cand(cell, digit);
                if !branch.open[digit as usize].contains(cell) || branch.state[y as usize] != UNKNOWN {
                    continue;
                }
                // Every contradiction of one sweep holds on its own: queue them all. (The quick
                // test follows the same singles as the inner propagator, without the reasons.)
                if singles_contradict(branch.open, branch.placed, branch.solved, cell, digit) {
                    branch.nested = true;
                    queue.push((y, false, Reason::Nested, depth));
                }
            }
        }
        queue.len() > before
    }

    /// The propagator of nested nets: singles only, no further nesting. (Its quick twin is
    /// [`singles_contradict`].)
    fn inner(&self) -> Propagator<'_> {
        Propagator {
            nested: false,
            locked: false,
            ..Propagator::new(self.board, true)
        }
    }

    /// The branch as it stood before literal `c` was set (for explaining a nested net).
    fn prefix(&self, branch: &Branch, c: Cand) -> Branch {
        let mut out = self.template.clone();
        for &l in &branch.order[..branch.index[c as usize] as usize] {
            out.set(l, branch.state[l as usize] == TRUE, branch.reason(l), branch.depth(l));
            let (cell, digit) = (cell_of(l), digit_of(l));
            if branch.state[l as usize] == TRUE {
                for house in houses_of(cell) {
                    out.placed[house] |= 1 << digit;
                }
                out.solved.insert(cell);
            } else {
                out.open[digit as usize].remove(cell);
                out.allows[cell] &= !(1 << digit);
            }
        }
        out
    }

    /// The inner branch that proves a nested elimination.
    fn nested_branch(&self, branch: &Branch, c: Cand) -> Branch {
        self.inner().run_on(self.prefix(branch, c), c, true)
    }

    /// Queues what locked candidates remove in a branch; returns whether anything was queued.
    fn locked_candidates(&self, branch: &Branch, queue: &mut Vec<(Cand, bool, Reason, u16)>) -> bool {
        let before = queue.len();
        let depth = branch.order.last().map_or(0, |&c| branch.depth(c)) + 1;
        for b in 0..9 {
            let box_house = 18 + b;
            let lines = (b / 3 * 3..b / 3 * 3 + 3).chain(9 + b % 3 * 3..9 + b % 3 * 3 + 3);
            for line in lines {
                for digit in 1..=9u8 {
                    if branch.placed[line] >> digit & 1 == 1 {
                        continue;
                    }
                    let open = branch.open[digit as usize];
                    let (in_box, in_line) = (open & CellSet::house(box_house), open & CellSet::house(line));
                    let both = CellSet::house(box_house) & CellSet::house(line);
                    for (source, target, places) in [(box_house, line, in_box), (line, box_house, in_line)] {
                        if places.is_empty() || !(places - both).is_empty() {
                            continue;
                        }
                        let gone = (open & CellSet::house(target)) - both;
                        for cell in gone.iter() {
                            if !branch.solved.contains(cell) {
                                queue.push((
                                    cand(cell, digit),
                                    false,
                                    Reason::Locked(source as HouseIndex, target as HouseIndex),
                                    depth,
                                ));
                            }
                        }
                    }
                }
            }
        }
        queue.len() > before
    }
}

impl Branch {
    /// The candidates a literal's reason rests on.
    fn premises(&self, prop: &Propagator, c: Cand, reason: Reason) -> Vec<Cand> {
        let mut out = Vec::new();
        self.premises_into(prop, c, reason, &mut out);
        out
    }

    /// Like [`Branch::premises`], into `out` (cleared first).
    fn premises_into(&self, prop: &Propagator, c: Cand, reason: Reason, out: &mut Vec<Cand>) {
        let board = prop.board;
        let (cell, digit) = (cell_of(c), digit_of(c));
        out.clear();
        match reason {
            Reason::Nested => {
                // The literals of this branch that the inner contradiction used directly; what
                // they rest on in turn is this branch's to follow.
                let inner = prop.nested_branch(self, c);
                let limit = self.index[c as usize];
                let plain = prop.inner();
                out.extend(
                    inner
                        .support_within(&plain, &inner.conflict_roots(board), limit)
                        .into_iter()
                        .filter(|&l| inner.index[l as usize] < limit),
                );
            }
            Reason::Assumed => {}
            Reason::SeenBy(p) | Reason::StrongLink(p) => out.push(p),
            Reason::LastInCell => out.extend(
                board
                    .candidates(cell)
                    .iter()
                    .filter(|&d| d != digit)
                    .map(|d| cand(cell, d)),
            ),
            Reason::LastInHouse(house) => out.extend(
                board
                    .cells_in(house as House, digit)
                    .iter()
                    .filter(|&p| p != cell)
                    .map(|p| cand(p, digit)),
            ),
            Reason::Locked(source, target) => out.extend(
                (board.cells_in(source as House, digit) - CellSet::house(target as House))
                    .iter()
                    .map(|p| cand(p, digit)),
            ),
        }
    }

    /// The candidates whose values the conclusion rests on, each once, in the order derived.
    fn support(&self, prop: &Propagator, roots: &[(Cand, Reason)]) -> Vec<Cand> {
        self.support_within(prop, roots, 0)
    }

    /// Like [`Branch::support`], taking the first `given` literals of the branch as given: they
    /// are listed when used but not followed further. Inside a nested branch those are the
    /// outer branch's literals, whose own support the outer branch follows once; following
    /// them here too would redo every earlier nested elimination at every level (exponential).
    fn support_within(&self, prop: &Propagator, roots: &[(Cand, Reason)], given: u16) -> Vec<Cand> {
        self.bounded_support(prop, roots, given, usize::MAX)
            .expect("an unbounded support")
    }

    /// Like [`Branch::support_within`], giving up (`None`) once it needs more than `most`
    /// literals: a search for the shortest net has no use for a longer one.
    fn bounded_support(
        &self,
        prop: &Propagator,
        roots: &[(Cand, Reason)],
        given: u16,
        most: usize,
    ) -> Option<Vec<Cand>> {
        let mut needed = [0u64; (CELLS * 9).div_ceil(64)];
        let mut stack: Vec<(Cand, Reason)> = roots.to_vec();
        let mut out = Vec::new();
        let mut premises = Vec::new();
        while let Some((c, reason)) = stack.pop() {
            self.premises_into(prop, c, reason, &mut premises);
            for &p in &premises {
                let (word, bit) = (p as usize / 64, 1 << (p % 64));
                if needed[word] & bit == 0 && self.state[p as usize] != UNKNOWN {
                    needed[word] |= bit;
                    out.push(p);
                    if out.len() > most {
                        return None;
                    }
                    if self.index[p as usize] >= given {
                        stack.push((p, self.reason(p)));
                    }
                }
            }
        }
        out.sort_by_key(|&c| (self.depth(c), c));
        Some(out)
    }

    /// The literals a conflict rests on.
    fn conflict_roots(&self, board: &Board) -> Vec<(Cand, Reason)> {
        match self.conflict {
            Some(Conflict::Both(c, false_reason)) => vec![(c, self.reason(c)), (c, false_reason)],
            Some(Conflict::EmptyCell(cell)) => board
                .candidates(cell)
                .iter()
                .map(|d| cand(cell, d))
                .map(|c| (c, self.reason(c)))
                .collect(),
            Some(Conflict::NoPlace(house, digit)) => board
                .cells_in(house, digit)
                .iter()
                .map(|p| cand(p, digit))
                .map(|c| (c, self.reason(c)))
                .collect(),
            None => Vec::new(),
        }
    }
}

/// What a branch concluded, in short.
#[derive(Clone)]
struct Outcome {
    conflict: bool,
    trues: [CellSet; 10],
    falses: [CellSet; 10],
}

impl Outcome {
    fn of(branch: &Branch) -> Outcome {
        let mut out = Outcome {
            conflict: branch.conflict.is_some(),
            trues: [CellSet::EMPTY; 10],
            falses: [CellSet::EMPTY; 10],
        };
        for &c in &branch.order {
            let set = if branch.state[c as usize] == TRUE {
                &mut out.trues
            } else {
                &mut out.falses
            };
            set[digit_of(c) as usize].insert(cell_of(c));
        }
        out
    }
}

/// What a chain follows, without reasons: each candidate's strong links in the position (the
/// other digit of a bivalue cell, the other place of a digit in a house with two).
struct StrongLinks<'a> {
    board: &'a Board,
    /// Up to four partners of each candidate; `u16::MAX` for none.
    partners: Vec<[Cand; 4]>,
}

impl<'a> StrongLinks<'a> {
    fn new(board: &'a Board) -> StrongLinks<'a> {
        let mut partners = vec![[Cand::MAX; 4]; CELLS * 9];
        for cell in board.empty_cells().iter() {
            let cands = board.candidates(cell);
            for digit in cands.iter() {
                let mut found = partners[cand(cell, digit) as usize];
                let mut k = 0;
                if cands.len() == 2 {
                    if let Some(other) = cands.iter().find(|&d| d != digit) {
                        found[k] = cand(cell, other);
                        k += 1;
                    }
                }
                for house in houses_of(cell) {
                    let places = board.cells_in(house, digit);
                    if places.len() == 2 {
                        if let Some(p) = places.iter().find(|&p| p != cell) {
                            found[k] = cand(p, digit);
                            k += 1;
                        }
                    }
                }
                partners[cand(cell, digit) as usize] = found;
            }
        }
        StrongLinks { board, partners }
    }

    /// The other ends of a candidate's strong links: the cell's other digit (a bivalue cell),
    /// then the digit's other place in each of its houses with two.
    fn partners(&self, c: Cand) -> impl Iterator<Item = Cand> + '_ {
        self.partners[c as usize]
            .iter()
            .copied()
            .take_while(|&p| p != Cand::MAX)
    }

    /// Whether a chain branch from `c` assumed false leads to a contradiction, from what the
    /// other ends of its strong links force assumed true (worked out into `outcomes` where they
    /// are not yet). A chain's implications each rest on one literal, so what `c` false forces
    /// is `c` false and all those ends force: a contradiction if one of them leads to one, or
    /// one forces true what another (or `c` itself) forces false.
    fn false_leads_to_conflict(&self, c: Cand, outcomes: &mut [Option<Outcome>]) -> bool {
        let (mut trues, mut falses) = ([CellSet::EMPTY; 10], [CellSet::EMPTY; 10]);
        falses[digit_of(c) as usize].insert(cell_of(c));
        for p in self.partners(c) {
            let outcome = self.true_outcome(p, outcomes);
            if outcome.conflict {
                return true;
            }
            for d in 1..=9 {
                trues[d] |= outcome.trues[d];
                falses[d] |= outcome.falses[d];
            }
        }
        (1..=9).any(|d| !(trues[d] & falses[d]).is_empty())
    }

    /// What `c` assumed true forces ([`StrongLinks::outcome`]), kept in `outcomes`: worked out
    /// there if it is not yet, from the others kept.
    fn true_outcome<'o>(&self, c: Cand, outcomes: &'o mut [Option<Outcome>]) -> &'o Outcome {
        if outcomes[c as usize].is_none() {
            outcomes[c as usize] = Some(self.outcome_using(c, true, outcomes));
        }
        outcomes[c as usize].as_ref().expect("just worked out")
    }

    /// What a chain branch from `c` (true or false) reaches, as [`Outcome::of`] its branch
    /// would give: the whole closure, or (with a contradiction) that there is one. The closure
    /// is the same whatever order its links are followed in, and so is whether it holds a
    /// contradiction.
    #[cfg(test)]
    fn outcome(&self, c: Cand, truth: bool) -> Outcome {
        self.outcome_using(c, truth, &[])
    }

    /// [`StrongLinks::outcome`], taking in whole what a candidate it makes true forces where
    /// `known` has it (by [`Cand`], assumed true): that closure is part of this one, so its
    /// literals need not be followed one by one.
    fn outcome_using(&self, c: Cand, truth: bool, known: &[Option<Outcome>]) -> Outcome {
        let mut out = Outcome {
            conflict: false,
            trues: [CellSet::EMPTY; 10],
            falses: [CellSet::EMPTY; 10],
        };
        let mut pending: Vec<(Cand, bool)> = Vec::with_capacity(64);
        let (cell, digit) = (cell_of(c), digit_of(c));
        if truth {
            out.trues[digit as usize].insert(cell);
        } else {
            out.falses[digit as usize].insert(cell);
        }
        pending.push((c, truth));
        while let Some((c, truth)) = pending.pop() {
            let (cell, digit) = (cell_of(c), digit_of(c));
            if truth {
                // Its peers on the digit and its cell's other digits are false.
                let gone = (CellSet::peers(cell) & self.board.cells_with(digit)) - out.falses[digit as usize];
                if !(gone & out.trues[digit as usize]).is_empty() {
                    out.conflict = true;
                    return out;
                }
                out.falses[digit as usize] |= gone;
                pending.extend(gone.iter().map(|p| (cand(p, digit), false)));
                for other in self.board.candidates(cell).iter() {
                    if other == digit || out.falses[other as usize].contains(cell) {
                        continue;
                    }
                    if out.trues[other as usize].contains(cell) {
                        out.conflict = true;
                        return out;
                    }
                    out.falses[other as usize].insert(cell);
                    pending.push((cand(cell, other), false));
                }
            } else {
                for p in self.partners(c) {
                    let (pc, pd) = (cell_of(p), digit_of(p));
                    if out.trues[pd as usize].contains(pc) {
                        continue;
                    }
                    if out.falses[pd as usize].contains(pc) {
                        out.conflict = true;
                        return out;
                    }
                    if let Some(Some(forced)) = known.get(p as usize) {
                        if forced.conflict {
                            out.conflict = true;
                            return out;
                        }
                        for d in 1..=9 {
                            out.trues[d] |= forced.trues[d];
                            out.falses[d] |= forced.falses[d];
                            if !(out.trues[d] & out.falses[d]).is_empty() {
                                out.conflict = true;
                                return out;
                            }
                        }
                        continue;
                    }
                    out.trues[pd as usize].insert(pc);
                    pending.push((p, true));
                }
            }
        }
        // (A closure taken in whole is checked against the rest as it is taken, and later
        // literals against it as they come; this makes sure of both.)
        out.conflict = (1..=9).any(|d| !(out.trues[d] & out.falses[d]).is_empty());
        out
    }
}

/// Contradiction: a candidate assumed true forces a contradiction, so it is false (or assumed
/// false, so it is true). Nets that find none try once more with nested nets inside each branch,
/// taking the first contradiction found.
fn contradiction(board: &Board, net: bool, found: &mut Found) {
    // A chain's contradiction is a chain of the plain graph from the assumption back to itself,
    // which its closure rules out at once (as it does wherever the ladder asks, AIC having found
    // nothing on the board).
    if !net && super::chains::plain_chains_find_nothing(board) {
        return;
    }
    contradiction_search(board, net, found);
}

/// The search of [`contradiction`], every assumption tried.
fn contradiction_search(board: &Board, net: bool, found: &mut Found) {
    let technique = if net {
        Technique::ForcingNetContradiction
    } else {
        Technique::ForcingChainContradiction
    };
    let mut best = Shortest::new(found);
    // For a net, the assumptions the quick trial finds a contradiction for.
    let trial = if net {
        quick_trial(board).map(|t| trial_contradictions(board, &t))
    } else {
        None
    };
    // What each candidate forces as a chain, which the chain's verity wants next.
    let mut chain_outcomes: Vec<Option<Outcome>> = if net { Vec::new() } else { outcome_room() };
    let passes: &[bool] = if net { &[false, true] } else { &[false] };
    for &nested in passes {
        if nested && !best.is_empty() {
            break;
        }
        let propagator = Propagator {
            nested,
            ..Propagator::new(board, net)
        };
        // Bivalue cells first: their assumptions are the likeliest to fail quickly (the nested
        // pass takes the first contradiction it finds).
        let mut cells: Vec<Cell> = board.empty_cells().iter().collect();
        cells.sort_by_key(|&c| board.candidates(c).len());
        let order = cells
            .into_iter()
            .flat_map(|cell| board.candidates(cell).iter().map(move |d| cand(cell, d)))
            .flat_map(|c| [(c, true), (c, false)]);
        for (c, assumed) in order {
            let (cell, digit) = (cell_of(c), digit_of(c));
            {
                // Most assumptions lead nowhere; the quick trial (a chain's own links, or for a
                // net, the band solver's propagation) rules them out.
                let leads_nowhere = match &propagator.links {
                    Some(links) => {
                        let true_conflicts = links.true_outcome(c, &mut chain_outcomes).conflict;
                        if assumed {
                            !true_conflicts
                        } else {
                            !links.false_leads_to_conflict(c, &mut chain_outcomes)
                        }
                    }
                    None => !nested && trial.as_ref().is_some_and(|t| !t[assumed as usize][c as usize]),
                };
                if leads_nowhere {
                    continue;
                }
                let branch = propagator.run(c, assumed);
                if branch.conflict.is_none() {
                    continue;
                }
                let roots = branch.conflict_roots(board);
                let Some(support) = branch.bounded_support(&propagator, &roots, 0, best.limit(usize::MAX)) else {
                    continue;
                };
                if !net && !single_premised(&propagator, &branch, &support) {
                    continue;
                }
                let size = support.len();
                best.offer(size, (!assumed, c), || {
                    let mut step = Step::new(technique);
                    if assumed {
                        step.eliminate(cell, digit);
                    } else {
                        step.place(cell, digit);
                    }
                    step.mark_cell(cell, Role::Pattern);
                    let chain = match branch.conflict {
                        Some(Conflict::Both(x, false_reason)) => chain_to(&propagator, &branch, x, false_reason),
                        _ => Vec::new(),
                    };
                    step.set_chain(chain);
                    // A nested net is a level harder than any net without one.
                    let nesting = if branch.nested { 1.0 } else { 0.0 };
                    step.score = technique.score() + nesting + length_bonus(size);
                    step.explain_with(found.explains(), || {
                        let template = match (branch.nested, assumed) {
                            (false, true) => phrase("{technique}: if {cell} is {digit}, then {steps}, and {conflict}. So {cell} cannot be {digit}.{inner}"),
                            (false, false) => phrase("{technique}: if {cell} is not {digit}, then {steps}, and {conflict}. So {cell} must be {digit}.{inner}"),
                            (true, true) => phrase("{technique} (nested): if {cell} is {digit}, then {steps}, and {conflict}. So {cell} cannot be {digit}.{inner}"),
                            (true, false) => phrase("{technique} (nested): if {cell} is not {digit}, then {steps}, and {conflict}. So {cell} must be {digit}.{inner}"),
                        };
                        let inner = support
                            .iter()
                            .filter(|&&s| branch.reason(s) == Reason::Nested)
                            .map(|&s| nested_text(&propagator, &branch, s))
                            .collect();
                        Explanation::new(template)
                            .technique("technique", technique)
                            .cell("cell", cell)
                            .digit("digit", digit)
                            .with("steps", implications(&branch, support.iter().copied().filter(|&s| s != c)))
                            .clause("conflict", conflict_text(&branch))
                            .joined("inner", inner, "")
                    });
                    step
                });
                if nested && !best.is_collecting_all() {
                    break;
                }
            }
        }
    }
    if !net {
        let outcomes = ChainOutcomes {
            table: chain_outcomes,
            complete: true,
        };
        CHAIN_OUTCOMES.with(|last| last.keep(board, outcomes));
    }
    best.finish(found);
}

/// What candidates assumed true force as chains (their [`Outcome`]s, by [`Cand`]): every one
/// (`complete`), as the contradiction search works them out, or those a verity search wanted.
struct ChainOutcomes {
    table: Vec<Option<Outcome>>,
    complete: bool,
}

thread_local! {
    /// The chain outcomes of the last board, kept by the contradiction search for the verity
    /// search the ladder asks next on the same board (and by either, for the room).
    static CHAIN_OUTCOMES: LastBoard<ChainOutcomes> = const { LastBoard::new() };
}

/// An empty table of chain outcomes, in the last table's room where it can: a fresh one, a
/// quarter of a megabyte, costs more to map than to fill.
fn outcome_room() -> Vec<Option<Outcome>> {
    let mut table = CHAIN_OUTCOMES
        .with(|last| last.take())
        .map(|kept| kept.table)
        .unwrap_or_default();
    table.clear();
    table.resize(CELLS * 9, None);
    table
}

/// The position as a [`Trial`]: a quick, reasonless propagation (singles, locked candidates and
/// more) that reaches at least what a net without nesting reaches, and so what a chain reaches
/// (its single links are among the net's). An assumption it finds no contradiction for needs no
/// branch.
fn quick_trial(board: &Board) -> Option<Trial> {
    let digits: [u16; CELLS] = std::array::from_fn(|cell| match board.value(cell) {
        0 => board.candidates(cell).mask(),
        value => 1 << value,
    });
    Trial::new(board.values(), &digits)
}

/// Which candidates (by [`Cand`]) assumed false (`[0]`) or true (`[1]`) the quick trial finds a
/// contradiction for. The true assumptions go first: what each that leads nowhere leads to
/// spares most false ones their trial.
fn trial_contradictions(board: &Board, trial: &Trial) -> [[bool; CELLS * 9]; 2] {
    let mut harmless = Harmless::default();
    let mut contradicting = [[false; CELLS * 9]; 2];
    for assumed in [true, false] {
        for cell in board.empty_cells().iter() {
            for digit in board.candidates(cell).iter() {
                contradicting[assumed as usize][cand(cell, digit) as usize] =
                    trial.contradicts_remembering(cell, digit, assumed, &mut harmless);
            }
        }
    }
    contradicting
}

/// Whether every implication of the support follows from one premise (a chain, not a net).
fn single_premised(prop: &Propagator, branch: &Branch, support: &[Cand]) -> bool {
    support
        .iter()
        .all(|&c| branch.premises(prop, c, branch.reason(c)).len() <= 1)
}

/// Verity: every candidate of a cell, or every place of a digit in a house, forces the same
/// candidate true (it is placed) or false (it goes).
fn verity(board: &Board, net: bool, found: &mut Found) {
    // A chain's source of two cases forces nothing where the plain graph's closure says so
    // (nearly always, where the ladder asks).
    let fewest = if !net && super::chains::plain_chains_find_nothing(board) {
        3
    } else {
        2
    };
    verity_from(board, net, fewest, found);
}

/// The search of [`verity`], from sources of `fewest` to three cases.
fn verity_from(board: &Board, net: bool, fewest: u32, found: &mut Found) {
    let technique = if net {
        Technique::ForcingNetVerity
    } else {
        Technique::ForcingChainVerity
    };
    let propagator = Propagator::new(board, net);
    let mut best = Shortest::new(found);
    // The sources: cells with two or three candidates, houses with two or three places.
    let mut sources: Vec<(Source, Vec<Cand>)> = Vec::new();
    for cell in board.empty_cells().iter() {
        let cands = board.candidates(cell);
        if (fewest..=3).contains(&cands.len()) {
            sources.push((Source::Cell(cell), cands.iter().map(|d| cand(cell, d)).collect()));
        }
    }
    for house in 0..27 {
        for digit in 1..=9u8 {
            let places = board.cells_in(house, digit);
            if (fewest..=3).contains(&places.len()) {
                sources.push((
                    Source::Places(digit, house),
                    places.iter().map(|p| cand(p, digit)).collect(),
                ));
            }
        }
    }
    // What each candidate forces, in short (its true and false candidates, or a contradiction):
    // every source shares these, and only a source with a common conclusion runs its branches
    // again in full to write them out.
    // A chain's outcomes come as well from its links without reasons (and, right after the
    // contradiction search on this board, from what it kept). Else they are worked out as the
    // sources want them.
    let kept = if net {
        None
    } else {
        CHAIN_OUTCOMES
            .with(|last| last.kept(board))
            .filter(|kept| kept.complete)
    };
    let mut own: Vec<Option<Outcome>> = match (&kept, net) {
        (Some(_), _) => Vec::new(),
        (None, true) => vec![None; CELLS * 9],
        (None, false) => outcome_room(),
    };
    for (source, options) in sources {
        let outcome: &[Option<Outcome>] = match &kept {
            Some(kept) => &kept.table,
            None => {
                for &c in &options {
                    match &propagator.links {
                        Some(links) => {
                            links.true_outcome(c, &mut own);
                        }
                        None if own[c as usize].is_none() => {
                            own[c as usize] = Some(Outcome::of(&propagator.run(c, true)))
                        }
                        None => {}
                    }
                }
                &own
            }
        };
        let summaries: Vec<&Outcome> = options.iter().filter_map(|&c| outcome[c as usize].as_ref()).collect();
        // A branch ending in a contradiction is a contradiction step, found on its own.
        if summaries.len() != options.len() || summaries.iter().any(|o| o.conflict) {
            continue;
        }
        let mut common = summaries[0].clone();
        for o in &summaries[1..] {
            for d in 1..=9 {
                common.trues[d] &= o.trues[d];
                common.falses[d] &= o.falses[d];
            }
        }
        if (1..=9).all(|d| common.trues[d].is_empty() && common.falses[d].is_empty()) {
            continue;
        }
        let branches: Vec<Branch> = options.iter().map(|&c| propagator.run(c, true)).collect();
        for target in 0..(CELLS * 9) as Cand {
            let (cell, digit) = (cell_of(target), digit_of(target));
            let in_common = common.trues[digit as usize].contains(cell) || common.falses[digit as usize].contains(cell);
            if !in_common || options.contains(&target) {
                continue;
            }
            let first = branches[0].state[target as usize];
            let truth = first == TRUE;
            let (cell, digit) = (cell_of(target), digit_of(target));
            if !board.has(cell, digit) || (truth && board.candidates(cell).len() == 1) {
                continue;
            }
            let supports: Vec<Vec<Cand>> = branches
                .iter()
                .map(|b| b.support(&propagator, &[(target, b.reason(target))]))
                .collect();
            if !net
                && !branches
                    .iter()
                    .zip(&supports)
                    .all(|(b, s)| single_premised(&propagator, b, s) && single_premised(&propagator, b, &[target]))
            {
                continue;
            }
            let size: usize = supports.iter().map(|s| s.len() + 1).sum();
            best.offer(size, (truth, target), || {
                let mut step = Step::new(technique);
                if truth {
                    step.place(cell, digit);
                } else {
                    step.eliminate(cell, digit);
                }
                for &o in &options {
                    step.mark_candidate(cell_of(o), digit_of(o), Role::Pattern);
                }
                let longest = branches
                    .iter()
                    .enumerate()
                    .max_by_key(|(i, _)| supports[*i].len())
                    .map(|(_, b)| chain_to(&propagator, b, target, b.reason(target)))
                    .unwrap_or_default();
                step.set_chain(longest);
                step.score = technique.score() + length_bonus(size);
                step.explain_with(found.explains(), || {
                    let cases: Vec<Explanation> = branches
                        .iter()
                        .zip(&options)
                        .zip(&supports)
                        .map(|((b, &o), s)| {
                            let steps = s.iter().copied().filter(|&x| x != o).chain([target]);
                            Explanation::new(phrase("if {literal}: {steps}"))
                                .notation("literal", literal(o, true))
                                .with("steps", implications(b, steps))
                        })
                        .collect();
                    Explanation::new(phrase(
                        "{technique}: {source} has to be one of {n} places. {cases}. Every case gives {result}.",
                    ))
                    .technique("technique", technique)
                    .clause("source", source.name())
                    .number("n", options.len())
                    .joined("cases", cases, "; ")
                    .notation("result", literal(target, truth))
                });
                step
            });
        }
    }
    if !net && kept.is_none() {
        let outcomes = ChainOutcomes {
            table: own,
            complete: false,
        };
        CHAIN_OUTCOMES.with(|last| last.keep(board, outcomes));
    }
    best.finish(found);
}

/// Where a verity's cases come from.
#[derive(Clone, Copy)]
enum Source {
    /// The candidates of a cell.
    Cell(Cell),
    /// The places of a digit in a house.
    Places(Digit, House),
}

impl Source {
    fn name(self) -> Explanation {
        match self {
            Source::Cell(cell) => Explanation::verbatim(cell_name(cell)),
            Source::Places(digit, house) => Explanation::new(phrase("{digit} in {house}"))
                .digit("digit", digit)
                .house("house", house),
        }
    }
}

pub fn forcing_chain_contradiction(board: &Board, found: &mut Found) {
    contradiction(board, false, found);
}

pub fn forcing_chain_verity(board: &Board, found: &mut Found) {
    verity(board, false, found);
}

pub fn forcing_net_contradiction(board: &Board, found: &mut Found) {
    contradiction(board, true, found);
}

pub fn forcing_net_verity(board: &Board, found: &mut Found) {
    verity(board, true, found);
}

/// Whether placing `digit` in `cell` leads, by naked and hidden singles alone, to a cell without
/// a candidate, a house without a place for a digit, or two digits for one cell. Bit-parallel,
/// for the many trials of nested nets; it reaches the same closure as the inner propagator.
fn singles_contradict(
    mut open: [CellSet; 10],
    mut placed: [u16; 27],
    mut solved: CellSet,
    cell: Cell,
    digit: Digit,
) -> bool {
    let mut pending: Vec<(Cell, Digit)> = vec![(cell, digit)];
    loop {
        for (cell, digit) in pending.drain(..) {
            if solved.contains(cell) || !open[digit as usize].contains(cell) {
                return true;
            }
            solved.insert(cell);
            for d in 1..=9 {
                open[d].remove(cell);
            }
            open[digit as usize] = open[digit as usize] - CellSet::peers(cell);
            for house in houses_of(cell) {
                placed[house] |= 1 << digit;
            }
        }
        let unsolved = !solved;
        let (mut ones, mut twos) = (CellSet::EMPTY, CellSet::EMPTY);
        for d in 1..=9 {
            twos |= ones & open[d];
            ones |= open[d];
        }
        if !(unsolved - ones).is_empty() {
            return true;
        }
        for c in ((ones - twos) & unsolved).iter() {
            if let Some(d) = (1..=9u8).find(|&d| open[d as usize].contains(c)) {
                pending.push((c, d));
            }
        }
        for d in 1..=9u8 {
            for house in 0..27 {
                if placed[house] >> d & 1 == 1 {
                    continue;
                }
                let places = open[d as usize] & CellSet::house(house);
                match places.len() {
                    0 => return true,
                    1 => {
                        if let Some(c) = places.first() {
                            if !pending.contains(&(c, d)) {
                                pending.push((c, d));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if pending.is_empty() {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::magictour_positions;

    /// Every candidate of the board, assumed true and assumed false.
    fn literals(board: &Board) -> impl Iterator<Item = (Cell, Digit, bool)> + '_ {
        board.empty_cells().iter().flat_map(move |cell| {
            board
                .candidates(cell)
                .iter()
                .flat_map(move |digit| [(cell, digit, true), (cell, digit, false)])
        })
    }

    /// Asserts that an outcome is the expected one: the same contradiction, or (without one) the
    /// same candidates true and false. Returns whether they hold a contradiction.
    fn same_outcome(expected: &Outcome, got: &Outcome, what: &str) -> bool {
        assert_eq!(
            expected.conflict, got.conflict,
            "{what}: one outcome holds a contradiction"
        );
        if !expected.conflict {
            assert!(
                expected.trues == got.trues && expected.falses == got.falses,
                "{what}: the outcomes differ"
            );
        }
        expected.conflict
    }

    /// Wherever the plain graph's closure finds nothing, the forcing chains' searches, every
    /// assumption tried and every source of two cases, find nothing (and they do find steps at
    /// many positions where it finds something); it finds nothing at many positions. Positions
    /// along magictour paths.
    #[test]
    fn forcing_chains_find_nothing_where_the_chain_closure_says_so() {
        let (mut ruled_out, mut finding) = (0, 0);
        for (line, index, board) in magictour_positions(20, 2) {
            let mut found = Found::new(true);
            contradiction_search(&board, false, &mut found);
            let contradictions = found.steps.len();
            verity_from(&board, false, 2, &mut found);
            let two_cases = found
                .steps
                .iter()
                .skip(contradictions)
                .filter(|step| {
                    step.highlights
                        .candidates
                        .iter()
                        .filter(|c| c.role == Role::Pattern)
                        .count()
                        == 2
                })
                .count();
            if crate::engine::logic::chains::plain_chains_find_nothing(&board) {
                assert_eq!(
                    (contradictions, two_cases),
                    (0, 0),
                    "{line} step {index}: forcing chains found what the closure ruled out"
                );
                ruled_out += 1;
            } else if contradictions + two_cases > 0 {
                finding += 1;
            }
        }
        assert!(
            ruled_out > 100 && finding > 100,
            "{ruled_out} ruled out, {finding} finding"
        );
    }

    /// A chain's outcome worked out from those of the candidates it makes true, as the
    /// contradiction search works them out (in its order, each from those before), is the one
    /// followed link by link: the same contradiction, or the same candidates true and false.
    /// Checked for every candidate at positions along magictour paths.
    #[test]
    fn outcomes_taken_in_whole_are_those_followed_link_by_link() {
        let (mut taken, mut conflicts) = (0, 0);
        for (line, index, board) in magictour_positions(60, 3) {
            let links = StrongLinks::new(&board);
            let mut kept: Vec<Option<Outcome>> = vec![None; CELLS * 9];
            let mut cells: Vec<Cell> = board.empty_cells().iter().collect();
            cells.sort_by_key(|&c| board.candidates(c).len());
            for cell in cells {
                for digit in board.candidates(cell).iter() {
                    let c = cand(cell, digit);
                    taken += links.partners(c).filter(|&p| kept[p as usize].is_some()).count();
                    let (whole, plain) = (links.true_outcome(c, &mut kept).clone(), links.outcome(c, true));
                    if same_outcome(&plain, &whole, &format!("{line}, step {index}: {c}")) {
                        conflicts += 1;
                    }
                }
            }
        }
        assert!(
            taken > 10_000 && conflicts > 1000,
            "too few to tell: {taken} taken, {conflicts} conflicts"
        );
    }

    /// A chain's outcome from its links without reasons is its branch's: the same contradiction,
    /// or the same candidates true and false. Checked for every candidate, true and false, at
    /// positions along magictour paths.
    #[test]
    fn chain_outcomes_without_reasons_are_the_branches() {
        let mut conflicts = 0;
        for (line, index, board) in magictour_positions(60, 3) {
            let propagator = Propagator::new(&board, false);
            let links = propagator.links.as_ref().expect("a chain's links");
            for (cell, digit, truth) in literals(&board) {
                let c = cand(cell, digit);
                let (branch, quick) = (Outcome::of(&propagator.run(c, truth)), links.outcome(c, truth));
                if same_outcome(&branch, &quick, &format!("{line}, step {index}: {c} {truth}")) {
                    conflicts += 1;
                }
            }
        }
        assert!(conflicts > 1000, "only {conflicts} contradictions: too few to tell");
    }

    /// Whether a chain from a candidate assumed false leads to a contradiction, told from what
    /// its strong links' other ends force assumed true, is what following it finds: for every
    /// candidate at positions along magictour paths.
    #[test]
    fn false_chains_are_told_from_their_partners() {
        let mut conflicts = [0; 2];
        for (line, index, board) in magictour_positions(60, 3) {
            let propagator = Propagator::new(&board, false);
            let links = propagator.links.as_ref().expect("a chain's links");
            let mut outcomes = vec![None; CELLS * 9];
            for (cell, digit, truth) in literals(&board).filter(|&(_, _, truth)| !truth) {
                let c = cand(cell, digit);
                let told = links.false_leads_to_conflict(c, &mut outcomes);
                assert_eq!(told, links.outcome(c, truth).conflict, "{line}, step {index}: {c}");
                conflicts[told as usize] += 1;
            }
        }
        assert!(
            conflicts[0] > 1000 && conflicts[1] > 1000,
            "too few of each to tell: {conflicts:?}"
        );
    }

    /// The quick trial passes over an assumption only where neither a chain nor a net (without
    /// nesting) finds a contradiction: every contradiction their branches find, it finds too.
    /// Checked for every candidate, true and false, at positions along magictour paths.
    #[test]
    fn the_quick_trial_finds_every_contradiction_the_branches_find() {
        let mut found = [0usize; 2];
        for (line, index, board) in magictour_positions(40, 3) {
            let trial = quick_trial(&board).expect("a position of a valid puzzle propagates");
            for net in [false, true] {
                let propagator = Propagator::new(&board, net);
                for (cell, digit, truth) in literals(&board) {
                    if propagator.run(cand(cell, digit), truth).conflict.is_some() {
                        found[net as usize] += 1;
                        assert!(
                            trial.contradicts(cell, digit, truth),
                            "{line}, step {index}: {} {} {digit} leads a {} to a contradiction, the trial to none",
                            cell_name(cell),
                            if truth { "=" } else { "<>" },
                            if net { "net" } else { "chain" }
                        );
                    }
                }
            }
        }
        assert!(
            found[0] > 1000 && found[1] > 10_000,
            "too few contradictions to tell: {found:?}"
        );
    }

    /// The trials passed over because an earlier assumption led to theirs would each have found
    /// no contradiction: for every candidate, true and false, at positions along magictour
    /// paths, the remembering trials agree with a trial of each on its own.
    #[test]
    fn remembered_trials_agree_with_trials_on_their_own() {
        let mut told = [0usize; 2];
        for (line, index, board) in magictour_positions(40, 3) {
            let trial = quick_trial(&board).expect("a position of a valid puzzle propagates");
            let remembered = trial_contradictions(&board, &trial);
            for (cell, digit, truth) in literals(&board) {
                let alone = trial.contradicts(cell, digit, truth);
                told[alone as usize] += 1;
                assert_eq!(
                    remembered[truth as usize][cand(cell, digit) as usize],
                    alone,
                    "{line}, step {index}: {} {} {digit}",
                    cell_name(cell),
                    if truth { "=" } else { "<>" },
                );
            }
        }
        assert!(told[0] > 10_000 && told[1] > 1000, "too few of each to tell: {told:?}");
    }

    /// The contradiction search, which runs only the branches its trial keeps and gives up on a
    /// support once it is longer than the best so far, finds the net a plain search finds:
    /// every assumption run in the same order, each contradiction's whole support worked out,
    /// the first of the fewest literals kept.
    #[test]
    fn the_net_search_finds_the_first_shortest_net() {
        let mut compared = 0;
        for (line, index, board) in magictour_positions(40, 3) {
            let propagator = Propagator::new(&board, true);
            let mut cells: Vec<Cell> = board.empty_cells().iter().collect();
            cells.sort_by_key(|&c| board.candidates(c).len());
            let mut best: Option<(usize, Cell, Digit, bool)> = None;
            for &cell in &cells {
                for digit in board.candidates(cell).iter() {
                    for assumed in [true, false] {
                        let branch = propagator.run(cand(cell, digit), assumed);
                        if branch.conflict.is_some() {
                            let size = branch.support(&propagator, &branch.conflict_roots(&board)).len();
                            if best.is_none_or(|(shortest, ..)| size < shortest) {
                                best = Some((size, cell, digit, assumed));
                            }
                        }
                    }
                }
            }
            let Some((_, cell, digit, assumed)) = best else {
                continue;
            };
            let step = crate::engine::logic::find_unexplained_step_on(&board, Technique::ForcingNetContradiction)
                .expect("a contradiction the plain search found");
            let taken = if assumed { &step.eliminations } else { &step.placements };
            assert_eq!(
                (taken.len(), taken[0].cell, taken[0].digit),
                (1, cell, digit),
                "{line}, step {index}"
            );
            compared += 1;
        }
        assert!(compared > 200, "too few nets to tell: {compared}");
    }
}
