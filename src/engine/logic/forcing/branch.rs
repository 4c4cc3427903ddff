//! One branch of a forcing chain or net: what an assumption forces, literal by literal, with
//! the reason and depth of each (so the shortest argument can be found and written out), up to
//! the first contradiction; and the quick bit-parallel test nested nets use.

use super::links::StrongLinks;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{houses_of, Cell, Digit, House, CELLS};
use crate::engine::logic::board::Board;

/// A candidate as an index: `cell * 9 + digit - 1`.
pub(super) type Cand = u16;

pub(super) fn cand(cell: Cell, digit: Digit) -> Cand {
    (cell * 9 + digit as usize - 1) as Cand
}

pub(super) fn cell_of(c: Cand) -> Cell {
    c as usize / 9
}

pub(super) fn digit_of(c: Cand) -> Digit {
    (c % 9) as Digit + 1
}

/// A house in a [`Reason`], kept small: a branch records a reason for every literal it sets
/// and queues one for every literal it reaches.
pub(super) type HouseIndex = u8;

/// Why a candidate became true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
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
pub(super) enum Conflict {
    /// A candidate both true and false (the true one's reason is recorded, the false one here).
    Both(Cand, Reason),
    /// A cell with no candidate left.
    EmptyCell(Cell),
    /// A house with no place left for a digit.
    NoPlace(House, Digit),
}

pub(super) const UNKNOWN: u8 = 0;
pub(super) const FALSE: u8 = 1;
pub(super) const TRUE: u8 = 2;

/// One branch: what an assumption forces.
#[derive(Clone)]
pub(super) struct Branch {
    pub(super) state: [u8; CELLS * 9],
    /// Candidates still possible, by digit.
    pub(super) open: [CellSet; 10],
    /// The same by cell: the digits each cell still allows, as bits. (A net updates both; a
    /// chain leaves both as the position has them.)
    pub(super) allows: [u16; CELLS],
    /// Digits placed in each house (given or forced).
    pub(super) placed: [u16; 27],
    pub(super) conflict: Option<Conflict>,
    /// The literals set, in order, and (in `why`) the reason and depth of each. Kept per literal
    /// rather than in tables over all 729 candidates, so a branch is cheap to copy.
    pub(super) order: Vec<Cand>,
    pub(super) why: Vec<(Reason, u16)>,
    /// Each set literal's place in `order` (meaningless for the others).
    pub(super) index: [u16; CELLS * 9],
    /// Whether a nested net was used.
    pub(super) nested: bool,
    /// Cells filled (in the position or by a true literal of the branch).
    pub(super) solved: CellSet,
}

impl Branch {
    pub(super) fn new(board: &Board) -> Branch {
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

    pub(super) fn is_true(&self, c: Cand) -> bool {
        self.state[c as usize] == TRUE
    }

    /// Why a set literal was set.
    pub(super) fn reason(&self, c: Cand) -> Reason {
        self.why[self.index[c as usize] as usize].0
    }

    /// How many links from the assumption a set literal is.
    pub(super) fn depth(&self, c: Cand) -> u16 {
        self.why[self.index[c as usize] as usize].1
    }

    /// Records a literal as set (true or false) for this reason at this depth.
    pub(super) fn set(&mut self, c: Cand, truth: bool, reason: Reason, depth: u16) {
        self.state[c as usize] = if truth { TRUE } else { FALSE };
        self.index[c as usize] = self.order.len() as u16;
        self.order.push(c);
        self.why.push((reason, depth));
    }
}

/// Follows assumptions over a position: as chains (single links) or as nets.
pub(super) struct Propagator<'a> {
    pub(super) board: &'a Board,
    pub(super) net: bool,
    /// Whether a stalled branch may try nested nets (one level deep).
    pub(super) nested: bool,
    /// Whether nets use locked candidates (nested nets inside a branch use singles only).
    pub(super) locked: bool,
    pub(super) template: Branch,
    /// A chain's links: the strong links of the position (none for a net).
    pub(super) links: Option<StrongLinks<'a>>,
}

impl<'a> Propagator<'a> {
    pub(super) fn new(board: &'a Board, net: bool) -> Propagator<'a> {
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
    pub(super) fn run(&self, c: Cand, truth: bool) -> Branch {
        self.run_on(self.template.clone(), c, truth)
    }

    /// Like [`Propagator::run`], inside a branch (for nested nets).
    pub(super) fn run_on(&self, mut branch: Branch, c: Cand, truth: bool) -> Branch {
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
    pub(super) fn nested_contradiction(&self, branch: &mut Branch, queue: &mut Vec<(Cand, bool, Reason, u16)>) -> bool {
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
    pub(super) fn inner(&self) -> Propagator<'_> {
        Propagator {
            nested: false,
            locked: false,
            ..Propagator::new(self.board, true)
        }
    }

    /// The branch as it stood before literal `c` was set (for explaining a nested net).
    pub(super) fn prefix(&self, branch: &Branch, c: Cand) -> Branch {
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
    pub(super) fn nested_branch(&self, branch: &Branch, c: Cand) -> Branch {
        self.inner().run_on(self.prefix(branch, c), c, true)
    }

    /// Queues what locked candidates remove in a branch; returns whether anything was queued.
    pub(super) fn locked_candidates(&self, branch: &Branch, queue: &mut Vec<(Cand, bool, Reason, u16)>) -> bool {
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
    pub(super) fn premises(&self, prop: &Propagator, c: Cand, reason: Reason) -> Vec<Cand> {
        let mut out = Vec::new();
        self.premises_into(prop, c, reason, &mut out);
        out
    }

    /// Like [`Branch::premises`], into `out` (cleared first).
    pub(super) fn premises_into(&self, prop: &Propagator, c: Cand, reason: Reason, out: &mut Vec<Cand>) {
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
    pub(super) fn support(&self, prop: &Propagator, roots: &[(Cand, Reason)]) -> Vec<Cand> {
        self.support_within(prop, roots, 0)
    }

    /// Like [`Branch::support`], taking the first `given` literals of the branch as given: they
    /// are listed when used but not followed further. Inside a nested branch those are the
    /// outer branch's literals, whose own support the outer branch follows once; following
    /// them here too would redo every earlier nested elimination at every level (exponential).
    pub(super) fn support_within(&self, prop: &Propagator, roots: &[(Cand, Reason)], given: u16) -> Vec<Cand> {
        self.bounded_support(prop, roots, given, usize::MAX)
            .expect("an unbounded support")
    }

    /// Like [`Branch::support_within`], giving up (`None`) once it needs more than `most`
    /// literals: a search for the shortest net has no use for a longer one.
    pub(super) fn bounded_support(
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
    pub(super) fn conflict_roots(&self, board: &Board) -> Vec<(Cand, Reason)> {
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

/// Whether placing `digit` in `cell` leads, by naked and hidden singles alone, to a cell without
/// a candidate, a house without a place for a digit, or two digits for one cell. Bit-parallel,
/// for the many trials of nested nets; it reaches the same closure as the inner propagator.
pub(super) fn singles_contradict(
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
