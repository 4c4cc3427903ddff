//! Almost locked sets (ALS): n cells of one house holding n + 1 digits between them. Take one
//! digit away and the rest are locked. ALS-XZ (two sets joined by a restricted common digit X:
//! one of them is locked without X, so a digit Z common to both is in one of them), ALS-XY-Wing
//! (three sets, two links), ALS-XY-Chain (a chain of sets) and Death Blossom (a stem cell whose
//! every digit locks a set).

mod closure;

use std::rc::Rc;

use super::board::{Board, LastBoard};
use super::explanation::{phrase, Explanation};
use super::step::{Role, Step};
use super::technique::Technique;
use super::Found;
use crate::engine::cellset::CellSet;
use crate::engine::grid::{col_of, row_of, Candidates, Cell, Digit, House, CELLS};

/// An almost locked set.
#[derive(Clone, Debug)]
pub(crate) struct Als {
    pub cells: CellSet,
    pub digits: Candidates,
    pub house: House,
    /// The cells of the set holding each digit.
    pub holding: [CellSet; 10],
    /// The cells (anywhere) that see every cell of the set holding each digit.
    pub seeing: [CellSet; 10],
}

impl Als {
    /// The set written out: `{r1c1, r1c2} (2, 5, 7 in row 1)`.
    fn name(&self) -> Explanation {
        Explanation::new(phrase("{{cells}} ({digits} in {house})"))
            .cells("cells", self.cells.iter())
            .digits("digits", self.digits.iter())
            .house("house", self.house)
    }
}

/// The almost locked sets of a board (up to eight cells, each once whichever house it is found
/// in) and, for each, the sets it is joined to by restricted common digits.
pub(crate) struct AlsIndex {
    pub sets: Vec<Als>,
    /// For each set, `(j, digits)` for every set `j` sharing restricted commons with it, in the
    /// order of the sets ([`AlsIndex::links_of`]).
    links: Lists<(usize, Candidates)>,
    /// The sets found in house `h` are `sets[house_start[h]..house_start[h + 1]]`.
    house_start: [usize; 28],
}

/// The index of the board. The four ALS techniques ask in turn on the same board, so the index
/// of the last board is kept (per thread); a board a step or two on from it is indexed from it
/// ([`AlsIndex::update`]).
pub(crate) fn index(board: &Board) -> Rc<AlsIndex> {
    thread_local! {
        static LAST: LastBoard<AlsIndex> = const { LastBoard::new() };
    }
    LAST.with(|last| {
        last.get_or_from(board, |board, last| match last {
            Some((last_board, last)) => last.update(last_board, board),
            None => AlsIndex::build(board),
        })
    })
}

/// Whether no ALS-XZ, ALS-XY-Wing or ALS-XY-Chain of the board, of any length, removes anything
/// ([`closure`]), kept for the last board (per thread): ALS-XY-Wing and ALS-XY-Chain ask in turn.
fn set_chains_find_nothing(board: &Board) -> bool {
    thread_local! {
        static LAST: LastBoard<bool> = const { LastBoard::new() };
    }
    *LAST.with(|last| last.get_or(board, |board| closure::chains_find_nothing(board, &index(board))))
}

/// A list per set, all kept in one (which the searches walk faster than a list per set, and
/// which is made without an allocation per set): set `i`'s is `items[start[i]..start[i + 1]]`.
#[derive(PartialEq, Debug)]
struct Lists<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T> Lists<T> {
    /// Empty, to be filled set by set: each set's items with [`Lists::push`], then
    /// [`Lists::end_list`].
    fn with_capacity(sets: usize, items: usize) -> Lists<T> {
        let mut start = Vec::with_capacity(sets + 1);
        start.push(0);
        Lists {
            start,
            items: Vec::with_capacity(items),
        }
    }

    /// An item of the set being listed.
    fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// Ends the set being listed (its items are those pushed since the last one ended).
    fn end_list(&mut self) {
        self.start.push(self.items.len() as u32);
    }

    /// How many sets are listed.
    fn len(&self) -> usize {
        self.start.len() - 1
    }

    fn of(&self, set: usize) -> &[T] {
        &self.items[self.start[set] as usize..self.start[set + 1] as usize]
    }
}

impl AlsIndex {
    /// The sets that share restricted commons with set `i`, and by which digits, in order.
    pub fn links_of(&self, i: usize) -> &[(usize, Candidates)] {
        self.links.of(i)
    }

    fn build(board: &Board) -> AlsIndex {
        let mut sets = Vec::with_capacity(512);
        let mut house_start = [0; 28];
        for house in 0..27 {
            house_start[house] = sets.len();
            enumerate_sets_in(board, house, &mut sets);
        }
        house_start[27] = sets.len();
        let links = link_sets(board, &sets);
        AlsIndex {
            sets,
            links,
            house_start,
        }
    }

    /// The index of `board`, whose candidates are some of those of `last_board` (this index's
    /// board): sets with no changed cell are as they were, and so are the links between them;
    /// houses with a changed cell are enumerated again and their sets with a changed cell linked
    /// afresh. The sets and links come in the order [`AlsIndex::build`] gives them.
    fn update(&self, last_board: &Board, board: &Board) -> AlsIndex {
        let mut changed = CellSet::EMPTY;
        for cell in 0..CELLS {
            let (was, is) = (last_board.candidates(cell).mask(), board.candidates(cell).mask());
            if is & !was != 0 || last_board.value(cell) != board.value(cell) && last_board.value(cell) != 0 {
                return AlsIndex::build(board);
            }
            if is != was {
                changed.insert(cell);
            }
        }
        let mut sets = Vec::with_capacity(self.sets.len());
        let mut house_start = [0; 28];
        // Where each kept set now is (`usize::MAX`: gone), and which sets are new.
        let mut moved = vec![usize::MAX; self.sets.len()];
        let mut new = vec![];
        for house in 0..27 {
            house_start[house] = sets.len();
            let (from, to) = (self.house_start[house], self.house_start[house + 1]);
            if (CellSet::house(house) & changed).is_empty() {
                for (old, set) in self.sets[from..to].iter().enumerate() {
                    moved[from + old] = sets.len();
                    sets.push(set.clone());
                }
            } else {
                // The house's sets again; those without a changed cell are as they were (and
                // come in the same order), so only the others are new.
                let before = sets.len();
                enumerate_sets_in(board, house, &mut sets);
                let mut old = from;
                for k in before..sets.len() {
                    if (sets[k].cells & changed).is_empty() {
                        while old < to && self.sets[old].cells != sets[k].cells {
                            old += 1;
                        }
                        if old < to {
                            moved[old] = k;
                            old += 1;
                            continue;
                        }
                    }
                    new.push(k);
                }
            }
        }
        house_start[27] = sets.len();
        // The new sets' links, and the links they add to kept sets (by kept set, then new set).
        let mut is_new = vec![false; sets.len()];
        for &i in &new {
            is_new[i] = true;
        }
        let mut buckets = FirstCells::new(&sets);
        let mut partners = Vec::new();
        let mut new_links: Vec<(usize, usize, Candidates)> = Vec::new();
        let mut added: Vec<(usize, usize, Candidates)> = Vec::new();
        for &i in &new {
            buckets.partners(board, &sets, i, |_| true, &mut partners);
            for &(j, rcc) in &partners {
                new_links.push((i, j, rcc));
                if !is_new[j] {
                    added.push((j, i, rcc));
                }
            }
        }
        added.sort_unstable_by_key(|&(j, i, _)| (j, i));
        // Where each new set's own links are in the lists above, and the old set each kept set was.
        let mut old_of = vec![usize::MAX; sets.len()];
        for (old, &now) in moved.iter().enumerate() {
            if now != usize::MAX {
                old_of[now] = old;
            }
        }
        let mut links = Lists::with_capacity(sets.len(), self.links.items.len() + 2 * new_links.len());
        let (mut next_new, mut next_added) = (0, 0);
        for set in 0..sets.len() {
            if is_new[set] {
                while next_new < new_links.len() && new_links[next_new].0 == set {
                    let (_, j, rcc) = new_links[next_new];
                    links.push((j, rcc));
                    next_new += 1;
                }
                links.end_list();
                continue;
            }
            // A kept set: its old links to kept sets (in order, as the sets keep theirs)
            // merged with those new sets add.
            let mut kept = self
                .links
                .of(old_of[set])
                .iter()
                .filter(|&&(j, _)| moved[j] != usize::MAX)
                .map(|&(j, rcc)| (moved[j], rcc))
                .peekable();
            loop {
                let from_new = (next_added < added.len() && added[next_added].0 == set).then(|| added[next_added]);
                match (kept.peek(), from_new) {
                    (Some(&(j, _)), Some((_, i, _))) if j < i => links.items.extend(kept.next()),
                    (_, Some((_, i, rcc))) => {
                        links.push((i, rcc));
                        next_added += 1;
                    }
                    (Some(_), None) => links.items.extend(kept.next()),
                    (None, None) => break,
                }
            }
            links.end_list();
        }
        AlsIndex {
            sets,
            links,
            house_start,
        }
    }
}

/// The sets whose first cell holding x is `cell`, in order, at `start[key]..start[key + 1]` of
/// `by_first` (key `x * 81 + cell`): how the sets a set may link to are found.
struct FirstCells {
    start: Vec<u32>,
    by_first: Vec<Holder>,
    /// The list [`FirstCells::partners`] gathers links in, kept from call to call.
    found: Vec<(usize, u16)>,
}

/// A set as [`FirstCells`] lists it under a digit x: with its cells and those holding x, which
/// is all a search for its links reads (so the search walks one list instead of the sets).
struct Holder {
    holding: CellSet,
    cells: CellSet,
    set: usize,
}

impl FirstCells {
    fn key(x: Digit, cell: Cell) -> usize {
        x as usize * CELLS + cell
    }

    fn new(sets: &[Als]) -> FirstCells {
        let mut start = vec![0u32; 10 * CELLS + 1];
        for set in sets {
            for x in set.digits.iter() {
                if let Some(first) = set.holding[x as usize].first() {
                    start[Self::key(x, first) + 1] += 1;
                }
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut by_first: Vec<Holder> = (0..start[10 * CELLS])
            .map(|_| Holder {
                holding: CellSet::EMPTY,
                cells: CellSet::EMPTY,
                set: 0,
            })
            .collect();
        for (j, set) in sets.iter().enumerate() {
            for x in set.digits.iter() {
                if let Some(first) = set.holding[x as usize].first() {
                    by_first[next[Self::key(x, first)] as usize] = Holder {
                        holding: set.holding[x as usize],
                        cells: set.cells,
                        set: j,
                    };
                    next[Self::key(x, first)] += 1;
                }
            }
        }
        FirstCells {
            start,
            by_first,
            found: Vec::new(),
        }
    }

    /// The sets `j` (those `wanted` says) that set `i` shares restricted commons with, and
    /// which, in the order of the sets. X is restricted common to A and B when B's X cells all
    /// lie where every X cell of A is seen: so the sets to try for A are found by the first X
    /// cell of B, among the few cells that see all of A's.
    fn partners(
        &mut self,
        board: &Board,
        sets: &[Als],
        i: usize,
        wanted: impl Fn(usize) -> bool,
        out: &mut Vec<(usize, Candidates)>,
    ) {
        let a = &sets[i];
        let found = &mut self.found;
        found.clear();
        for x in a.digits.iter() {
            let region = a.seeing[x as usize];
            for cell in (region & board.cells_with(x)).iter() {
                let k = Self::key(x, cell);
                for b in &self.by_first[self.start[k] as usize..self.start[k + 1] as usize] {
                    if wanted(b.set) && (b.holding - region).is_empty() && (a.cells & b.cells).is_empty() {
                        found.push((b.set, 1 << x));
                    }
                }
            }
        }
        found.sort_unstable();
        out.clear();
        let mut k = 0;
        while k < found.len() {
            let j = found[k].0;
            let mut rcc = 0;
            while k < found.len() && found[k].0 == j {
                rcc |= found[k].1;
                k += 1;
            }
            out.push((j, Candidates::from_mask(rcc)));
        }
    }
}

/// Every pair of sets with restricted commons, both ways (each list in the order of the sets:
/// a set's links from the sets before it come first, as they are found first).
fn link_sets(board: &Board, sets: &[Als]) -> Lists<(usize, Candidates)> {
    let mut buckets = FirstCells::new(sets);
    let mut pairs: Vec<(usize, usize, Candidates)> = Vec::new();
    let mut partners = Vec::new();
    let mut count = vec![0u32; sets.len() + 1];
    for i in 0..sets.len() {
        buckets.partners(board, sets, i, |j| j > i, &mut partners);
        for &(j, rcc) in &partners {
            pairs.push((i, j, rcc));
            count[i + 1] += 1;
            count[j + 1] += 1;
        }
    }
    for k in 1..count.len() {
        count[k] += count[k - 1];
    }
    let mut next = count.clone();
    let mut list = vec![(0, Candidates::NONE); pairs.len() * 2];
    for &(i, j, rcc) in &pairs {
        list[next[i] as usize] = (j, rcc);
        next[i] += 1;
        list[next[j] as usize] = (i, rcc);
        next[j] += 1;
    }
    Lists {
        start: count,
        items: list,
    }
}

/// Whether a set of cells of this house lies in a house enumerated before it (rows, then
/// columns, then boxes): a column's set inside a row is one cell, a box's set inside a line.
fn found_before(house: usize, cells: CellSet) -> bool {
    let Some(first) = cells.first() else {
        return false;
    };
    let inside = |h: usize| (cells - CellSet::house(h)).is_empty();
    match house {
        0..=8 => false,
        9..=17 => inside(row_of(first)),
        _ => inside(row_of(first)) || inside(9 + col_of(first)),
    }
}

/// The almost locked sets of up to eight cells of one house (but those found in an earlier
/// house), appended to `out`.
fn enumerate_sets_in(board: &Board, house: usize, out: &mut Vec<Als>) {
    let max_cells = 8;
    let empty: Vec<Cell> = (CellSet::house(house) & board.empty_cells()).iter().collect();
    let n = empty.len();
    // The digits of each subset (bit i: the house's i-th empty cell), from the subset without
    // its lowest cell.
    let mut digits_of = [0u16; 1 << 9];
    for mask in 1usize..(1 << n) {
        let lowest = mask.trailing_zeros() as usize;
        let digits = digits_of[mask & (mask - 1)] | board.candidates(empty[lowest]).mask();
        digits_of[mask] = digits;
        let size = mask.count_ones() as usize;
        if size > max_cells || size >= n || digits.count_ones() as usize != size + 1 {
            continue;
        }
        let cells: CellSet = (0..n).filter(|&i| mask >> i & 1 == 1).map(|i| empty[i]).collect();
        if found_before(house, cells) {
            continue;
        }
        let digits = Candidates::from_mask(digits);
        let mut holding = [CellSet::EMPTY; 10];
        let mut seeing = [CellSet::EMPTY; 10];
        for d in digits.iter() {
            holding[d as usize] = cells & board.cells_with(d);
            seeing[d as usize] = holding[d as usize].common_peers();
        }
        out.push(Als {
            cells,
            digits,
            house,
            holding,
            seeing,
        });
    }
}

/// Cells outside both sets that see every cell of both holding `z`, and hold it.
fn common_targets(board: &Board, a: &Als, b: &Als, z: Digit) -> CellSet {
    (board.cells_with(z) & a.seeing[z as usize] & b.seeing[z as usize]) - a.cells - b.cells
}

fn mark_set(step: &mut Step, board: &Board, set: &Als, link: Candidates) {
    for cell in set.cells.iter() {
        for d in board.candidates(cell).iter() {
            let role = if link.contains(d) { Role::Fin } else { Role::Pattern };
            step.mark_candidate(cell, d, role);
        }
    }
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
            mark_set(&mut step, board, a, rcc);
            mark_set(&mut step, board, b, rcc);
            let eliminations = step.eliminations.clone();
            step.explain_with(found.explains(), || {
                if doubly {
                    Explanation::new(phrase(
                        "ALS-XZ (doubly linked): A = {a} and B = {b} share the restricted digits {digits}; both sets are locked, so {eliminations}.",
                    ))
                    .clause("a", a.name())
                    .clause("b", b.name())
                    .digits("digits", rcc.iter())
                    .notation("eliminations", super::step::eliminations_notation(&eliminations))
                } else {
                    Explanation::new(phrase(
                        "ALS-XZ: A = {a} and B = {b} share {digits} only where they see each other, so one of them is locked without it and holds their other common digits.",
                    ))
                    .clause("a", a.name())
                    .clause("b", b.name())
                    .digits("digits", rcc.iter())
                }
            });
            if !found.add(step) {
                return;
            }
        }
    }
}

/// ALS-XY-Wing: a pivot set C linked to A by X and to B by Y (X ≠ Y): if A lacks X, C is
/// locked with X… either way A or B holds a digit Z common to both, so cells seeing all their
/// Z cells lose Z.
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
                            for cell in (common_targets(board, a, b, z) - c.cells).iter() {
                                step.eliminate(cell, z);
                            }
                        }
                        if !step.makes_progress() {
                            continue;
                        }
                        mark_set(&mut step, board, c, [x, y].into_iter().collect());
                        mark_set(&mut step, board, a, Candidates::single(x));
                        mark_set(&mut step, board, b, Candidates::single(y));
                        step.explain_with(found.explains(), || {
                            Explanation::new(phrase(
                                "ALS-XY-Wing: the pivot {pivot} is linked to A = {a} by {x} and to B = {b} by {y}. The pivot cannot lack both, so A or B is locked and holds {z}; cells seeing all of them in A and B lose it.",
                            ))
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

/// ALS-XY-Chain: sets A1 - A2 - … - An joined by restricted common digits, consecutive links
/// different, no two sets sharing a cell; a digit Z in A1 and An (not the first or last link)
/// is in one of them, so cells outside the chain seeing all their Z cells lose it. Chains of
/// three to six sets of up to six cells each.
///
/// A hint or a rating solve wants one chain: the shortest ([`shortest_chain`]), found without
/// walking every chain. Listing them all walks them, depth first ([`walk_chains`]).
pub fn xy_chain(board: &Board, found: &mut Found) {
    if found.is_collecting_all() {
        if set_chains_find_nothing(board) {
            return;
        }
        let index = index(board);
        walk_chains(board, &index, 200_000, |path, used| {
            report_chain(board, &index.sets, path, used, found)
        });
    } else {
        found.on_changed(Technique::AlsXyChain, board, |_, found| {
            if set_chains_find_nothing(board) {
                return;
            }
            let index = index(board);
            if let Some((path, used)) = shortest_chain(board, &index) {
                report_chain(board, &index.sets, &path, used, found);
            }
        });
    }
}

/// The most sets in a chain, and the most cells in one of its sets.
const MAX_SETS: usize = 6;
const MAX_CELLS: u32 = 6;

/// A link of an ALS chain: the set it leads to, by which restricted commons, and that set's cells.
struct ChainLink {
    set: usize,
    rcc: Candidates,
    cells: CellSet,
}

/// The links a chain may take: between sets of up to six cells, each with the cells of the set
/// it leads to (kept together so the search does not wander through the sets).
fn chain_links(index: &AlsIndex) -> Lists<ChainLink> {
    let sets = &index.sets;
    let mut links = Lists::with_capacity(sets.len(), index.links.items.len());
    for (i, set) in sets.iter().enumerate() {
        if set.cells.len() <= MAX_CELLS {
            for &(j, rcc) in index.links_of(i) {
                if sets[j].cells.len() <= MAX_CELLS {
                    links.push(ChainLink {
                        set: j,
                        rcc,
                        cells: sets[j].cells,
                    });
                }
            }
        }
        links.end_list();
    }
    links
}

/// The cells outside a set that hold Z and see all its cells holding Z, for each digit Z.
fn ends_of(board: &Board, set: &Als) -> [CellSet; 10] {
    let mut ends = [CellSet::EMPTY; 10];
    for z in set.digits.iter() {
        ends[z as usize] = (board.cells_with(z) & set.seeing[z as usize]) - set.cells;
    }
    ends
}

/// The digits Z a chain from `a` to `b` (first link `first`, last `last`, its sets covering
/// `used`) removes: digits of both ends but the end links, with cells outside the chain that
/// see all their Z cells in both (`ends`: [`ends_of`] the first set).
fn chain_removes(ends: &[CellSet; 10], b: &Als, first: Digit, last: Digit, used: CellSet) -> Candidates {
    let zs = b.digits.mask() & !(1 << first) & !(1 << last);
    Candidates::from_mask(zs)
        .iter()
        .filter(|&z| !((ends[z as usize] & b.seeing[z as usize]) - used).is_empty())
        .collect()
}

/// An ALS chain: its sets with the digit of the link into each (the first's 0), and the cells
/// they cover.
type Chain = (Vec<(usize, Digit)>, CellSet);

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
/// all their Z cells, a chain of k links may exist. The sweep does not know whether the sets
/// overlap, so the chain is sought back from B through the sweep's layers, each set taken only
/// where A reaches it by the links left, with sets that share no cell and something to remove
/// outside them (of those for the first pair of end sets that has any, the one that comes
/// first). So no chain the depth-first walk finds is missed, and the one chosen is the first
/// of them all.
fn shortest_chain(board: &Board, index: &AlsIndex) -> Option<Chain> {
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
    /// sought back from `b`, with sets that share no cell and something to remove: keeps in
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
            back.extend(k, sets[b].cells, &mut path, best);
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
    /// entered by, reached at layer `k`); its sets cover `used`. Each chain found that
    /// [`comes_first`] is kept in `best`.
    fn extend(&self, k: usize, used: CellSet, path: &mut Vec<(usize, Digit)>, best: &mut Option<Chain>) {
        let (cur, enter) = path[path.len() - 1];
        let first = &self.sets[self.a];
        if k == 1 {
            // Entered from the first set: a chain, if the first set is apart and something goes.
            if !(first.cells & used).is_empty() {
                return;
            }
            let used = used | first.cells;
            let (b, last) = path[0];
            if chain_removes(&self.ends, &self.sets[b], enter, last, used).is_empty() {
                return;
            }
            let chain: Vec<(usize, Digit)> = std::iter::once((self.a, 0)).chain(path.iter().rev().copied()).collect();
            if best.as_ref().is_none_or(|(b, _)| comes_first(&chain, b)) {
                *best = Some((chain, used));
            }
            return;
        }
        let states = &self.sweep.states;
        for link in self.links.of(cur) {
            let i = link.set;
            if i == self.a || !link.rcc.contains(enter) || !(link.cells & used).is_empty() {
                continue;
            }
            for s in states.of(i) {
                let d = states.digit[s];
                if d == enter || !self.sweep.reaches(k - 1, s, self.p, self.m) {
                    continue;
                }
                path.push((i, d));
                self.extend(k - 1, used | link.cells, path, best);
                path.pop();
            }
        }
    }
}

/// Walks every ALS-XY-Chain, depth first from every set, each once (from its lower end), and
/// offers each (its sets with the digit of the link into each, the cells they cover) until
/// `offer` says to stop or `budget` chains have been walked. Returns whether it walked them all.
fn walk_chains(
    board: &Board,
    index: &AlsIndex,
    budget: usize,
    mut offer: impl FnMut(&[(usize, Digit)], CellSet) -> bool,
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
    };
    for start in 0..sets.len() {
        search.start = start;
        // An end set must have a digit that some cell outside it sees in all its cells.
        let a = &sets[start];
        search.ends = ends_of(board, a);
        search.end_digits = a
            .digits
            .iter()
            .filter(|&z| !search.ends[z as usize].is_empty())
            .collect();
        if links.of(start).is_empty() || search.end_digits.is_empty() {
            continue;
        }
        path.clear();
        path.push((start, 0));
        extend(sets, &outgoing, &mut path, a.cells, &mut offer, &mut search);
        if !search.keep_looking {
            return true;
        }
        if search.budget == 0 {
            return false;
        }
    }
    true
}

/// The links of every set as the chain search takes them, one digit at a time: set `i`'s in the
/// order of its links, each link's digits in ascending order.
type Outgoing = Lists<Hop>;

/// Taking a link to set `to` by digit `x`.
#[derive(Clone, Copy)]
struct Hop {
    cells: CellSet,
    to: u32,
    x: Digit,
}

/// The hops of the chain search's links (the links, a set's list after another's).
fn outgoing(links: &Lists<ChainLink>) -> Outgoing {
    let mut hops = Lists::with_capacity(links.len(), links.items.len() * 2);
    for set in 0..links.len() {
        for link in links.of(set) {
            for x in link.rcc.iter() {
                hops.push(Hop {
                    cells: link.cells,
                    to: link.set as u32,
                    x,
                });
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
}

impl Search {
    /// The digits that set `last` could eliminate as the far end of a chain from the first set
    /// (the chain's inner sets may still cover the targets), worked out once per first set.
    fn end_mask(&mut self, sets: &[Als], last: usize) -> u16 {
        if self.end_start[last] != self.start + 1 {
            let b = &sets[last];
            let mut mask = 0;
            for z in Candidates::from_mask(self.end_digits.mask() & b.digits.mask()).iter() {
                if !((self.ends[z as usize] & b.seeing[z as usize]) - b.cells).is_empty() {
                    mask |= 1 << z;
                }
            }
            self.end_masks[last] = mask;
            self.end_start[last] = self.start + 1;
        }
        self.end_masks[last]
    }
}

/// Depth-first extension of an ALS chain whose sets cover `used`; offers chains of at least
/// three sets that remove something.
fn extend(
    sets: &[Als],
    outgoing: &Outgoing,
    path: &mut Vec<(usize, Digit)>,
    used: CellSet,
    offer: &mut impl FnMut(&[(usize, Digit)], CellSet) -> bool,
    search: &mut Search,
) {
    if search.budget == 0 {
        return;
    }
    search.budget -= 1;
    let (last, last_link) = path[path.len() - 1];
    if path.len() >= 3 && path[0].0 < last {
        let first_link = path[1].1;
        let b = &sets[last];
        if search.end_mask(sets, last) & !(1 << first_link) & !(1 << last_link) != 0
            && !chain_removes(&search.ends, b, first_link, last_link, used).is_empty()
        {
            search.keep_looking = offer(path, used);
        }
    }
    if !search.keep_looking || path.len() >= MAX_SETS {
        return;
    }
    for hop in outgoing.of(last) {
        if hop.x == last_link || !(used & hop.cells).is_empty() {
            continue;
        }
        path.push((hop.to as usize, hop.x));
        extend(sets, outgoing, path, used | hop.cells, offer, search);
        path.pop();
        if !search.keep_looking || search.budget == 0 {
            return;
        }
    }
}

/// Builds the step of an ALS chain (its sets with the digit of the link into each, covering
/// `used`) and offers it: returns whether to keep looking.
fn report_chain(board: &Board, sets: &[Als], path: &[(usize, Digit)], used: CellSet, found: &mut Found) -> bool {
    let b = &sets[path[path.len() - 1].0];
    let ends = ends_of(board, &sets[path[0].0]);
    let zs = chain_removes(&ends, b, path[1].1, path[path.len() - 1].1, used);
    let mut step = Step::new(Technique::AlsXyChain);
    for z in zs.iter() {
        for cell in ((ends[z as usize] & b.seeing[z as usize]) - used).iter() {
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
        mark_set(&mut step, board, &sets[i], link);
    }
    step.explain_with(found.explains(), || {
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
        Explanation::new(phrase(
            "ALS-XY-Chain: {chain}. Each link is a digit the two sets share only where they see each other, so one end set is locked and holds {z}; cells seeing all of them in both ends lose it.",
        ))
        .joined("chain", chain, "")
        .digits("z", zs.iter())
    });
    found.add(step)
}

/// For each set, the digits of which it has lost cells since the candidates `then` (which
/// included the present ones; `changed`: the cells whose candidates differ): none for a set
/// none of whose cells changed, all ones for a set whose cells held other digits then (it was
/// no almost locked set).
fn lost_digits(board: &Board, sets: &[Als], changed: CellSet, then: &[Candidates; CELLS]) -> Vec<u16> {
    let now = board.all_candidates();
    sets.iter()
        .map(|set| {
            let touched = set.cells & changed;
            if touched.is_empty() {
                return 0;
            }
            let digits_then = set.cells.iter().fold(0, |m, c| m | then[c].mask());
            if digits_then != set.digits.mask() {
                return u16::MAX;
            }
            touched.iter().fold(0, |m, c| m | (then[c].mask() & !now[c].mask()))
        })
        .collect()
}

/// Death Blossom: a stem cell whose every candidate d has a set A_d whose d cells all see the
/// stem. Whatever the stem holds, its set loses that digit and is locked; a digit Z in every
/// set is then in one of them (or in the stem, when it is a stem digit), so cells seeing all
/// those Z cells lose it.
///
/// After a search that found nothing, a blossom removes something only if its stem has changed
/// since, or a petal is a new set or has lost cells holding its stem digit (they may all see
/// the stem only now) or Z (more cells may see them all): the search passes over the rest.
pub fn death_blossom(board: &Board, found: &mut Found) {
    found.on_changed_since(Technique::DeathBlossom, board, |changed, then, found| {
        blossoms_since(board, then.map(|then| (changed, then)), found);
        true
    });
}

/// The Death Blossom search, over every blossom or (`since` the changed cells and the
/// candidates they had when the last search found nothing) the blossoms that may be new.
fn blossoms_since(board: &Board, since: Option<(CellSet, &[Candidates; CELLS])>, found: &mut Found) {
    let index = index(board);
    let sets = &index.sets;
    let lost = since.map(|(changed, then)| lost_digits(board, sets, changed, then));
    // The stems worth trying: changed ones, and those a set that lost a digit may be a petal of.
    let stems = match (&lost, since) {
        (Some(lost), Some((changed, _))) => {
            let mut stems = changed;
            for (set, _) in sets.iter().zip(lost).filter(|(_, &lost)| lost != 0) {
                for d in set.digits.iter() {
                    stems |= set.seeing[d as usize] & board.cells_with(d);
                }
            }
            stems & board.empty_cells()
        }
        _ => board.empty_cells(),
    };
    // A stem holds two to four digits; each digit's list is wanted only at the stems holding it.
    let stems: CellSet = stems
        .iter()
        .filter(|&cell| (2..=4).contains(&board.candidates(cell).len()))
        .collect();
    let at: [CellSet; 10] = std::array::from_fn(|d| match d {
        0 => CellSet::EMPTY,
        d => stems & board.cells_with(d as Digit),
    });
    let seen_by = SeenBy::new(board, sets, &at);
    // The petals of each stem digit, kept from stem to stem.
    let mut petals: [Vec<Petal>; 4] = Default::default();
    let mut chosen: Vec<Petal> = Vec::new();
    for stem in stems.iter() {
        let stem_changed = since.is_none_or(|(changed, _)| changed.contains(stem));
        let candidates = board.candidates(stem);
        let count = candidates.len() as usize;
        let mut digits: [Digit; 4] = [0; 4];
        for (slot, d) in digits.iter_mut().zip(candidates.iter()) {
            *slot = d;
        }
        let digits = &digits[..count];
        // For each stem digit, the sets holding it in cells that all see the stem, and the
        // digits they may give as Z between them: a z none of them gives (for a stem digit
        // other than z) makes no blossom.
        let mut held = [0u16; 4];
        let mut holders: [&[SeeingSet]; 4] = [&[]; 4];
        for (k, &d) in digits.iter().enumerate() {
            holders[k] = seen_by.sets(stem, d);
            held[k] = holders[k].iter().fold(0, |m, h| m | h.digits);
        }
        for z in 1..=9u8 {
            if digits.iter().zip(&held).any(|(&d, &held)| d != z && held >> z & 1 == 0) {
                continue;
            }
            let mut start_targets = board.cells_with(z) - CellSet::single(stem);
            if board.has(stem, z) {
                start_targets &= CellSet::peers(stem);
            }
            // The petals: of those sets, the ones that hold z and leave it a target (a stem digit
            // equal to z needs no petal: the stem itself holds z then). A target of a blossom
            // sees all its petals' z cells, so some petal of each stem digit leaves it.
            let (mut needs, mut needed) = ([0usize; 4], 0);
            let mut reachable = start_targets;
            for (k, &d) in digits.iter().enumerate() {
                petals[k].clear();
                if d != z {
                    let mut left = CellSet::EMPTY;
                    for h in holders[k].iter().filter(|h| h.digits >> z & 1 == 1) {
                        let set = &sets[h.set];
                        let targets = (start_targets & set.seeing[z as usize]) - set.cells;
                        if !targets.is_empty() {
                            left |= targets;
                            petals[k].push(Petal {
                                cells: set.cells,
                                seeing: set.seeing[z as usize],
                                set: h.set,
                            });
                        }
                    }
                    reachable &= left;
                    needs[needed] = k;
                    needed += 1;
                }
            }
            let needs = &needs[..needed];
            if reachable.is_empty() {
                continue;
            }
            if let Some(lost) = lost.as_ref().filter(|_| !stem_changed) {
                let new = |k: usize| petals[k].iter().any(|p| lost[p.set] & (1 << digits[k] | 1 << z) != 0);
                if !needs.iter().any(|&k| new(k)) {
                    continue;
                }
            }
            chosen.clear();
            if !blossom(
                board,
                sets,
                digits,
                &petals[..count],
                needs,
                stem,
                z,
                start_targets,
                &mut chosen,
                found,
            ) {
                return;
            }
        }
    }
}

/// For each empty cell and digit, the sets (in index order) whose cells holding the digit all
/// see the cell: counted, then laid out in one list.
struct SeenBy {
    /// `start[cell * 10 + digit]`..`start[cell * 10 + digit + 1]`: the range of `sets`.
    start: Vec<u32>,
    sets: Vec<SeeingSet>,
}

/// A set in a [`SeenBy`] list, with the digits it may give a blossom as Z (as bits): those a
/// cell outside it holds where that cell sees all the set's cells holding them. That is what
/// the search reads of most of them.
#[derive(Clone, Copy)]
struct SeeingSet {
    set: usize,
    digits: u16,
}

impl SeenBy {
    /// The lists for the cells `at[digit]` (empty ones; the others' are empty), each without
    /// the sets holding the cell itself or giving no Z but the digit.
    fn new(board: &Board, sets: &[Als], at: &[CellSet; 10]) -> SeenBy {
        // Each set's Z digits, worked out for the sets that see one of the cells.
        let mut zs = vec![0u16; sets.len()];
        let mut start = vec![0u32; CELLS * 10 + 1];
        for (set, zs) in sets.iter().zip(&mut zs) {
            if set
                .digits
                .iter()
                .all(|d| (set.seeing[d as usize] & at[d as usize]).is_empty())
            {
                continue;
            }
            let ends = ends_of(board, set);
            *zs = set
                .digits
                .iter()
                .filter(|&z| !ends[z as usize].is_empty())
                .fold(0, |m, z| m | 1 << z);
            for d in set.digits.iter().filter(|&d| *zs & !(1 << d) != 0) {
                for cell in (set.seeing[d as usize] & (at[d as usize] - set.cells)).iter() {
                    start[cell * 10 + d as usize + 1] += 1;
                }
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut out = vec![SeeingSet { set: 0, digits: 0 }; start[CELLS * 10] as usize];
        for (i, (set, &zs)) in sets.iter().zip(&zs).enumerate() {
            for d in set.digits.iter().filter(|&d| zs & !(1 << d) != 0) {
                for cell in (set.seeing[d as usize] & (at[d as usize] - set.cells)).iter() {
                    let slot = &mut next[cell * 10 + d as usize];
                    out[*slot as usize] = SeeingSet { set: i, digits: zs };
                    *slot += 1;
                }
            }
        }
        SeenBy { start, sets: out }
    }

    fn sets(&self, cell: Cell, digit: Digit) -> &[SeeingSet] {
        let k = cell * 10 + digit as usize;
        &self.sets[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// A set that may be a petal of a blossom for a digit Z: its cells and the cells seeing all its
/// Z cells (all a blossom reads of it until one is found).
#[derive(Clone, Copy)]
struct Petal {
    cells: CellSet,
    seeing: CellSet,
    set: usize,
}

/// Picks a petal for each stem digit in turn, keeping only choices that leave targets; reports
/// each complete blossom. Returns whether to keep looking.
#[allow(clippy::too_many_arguments)]
fn blossom(
    board: &Board,
    sets: &[Als],
    digits: &[Digit],
    petals: &[Vec<Petal>],
    needs: &[usize],
    stem: Cell,
    z: Digit,
    targets: CellSet,
    chosen: &mut Vec<Petal>,
    found: &mut Found,
) -> bool {
    if chosen.len() == needs.len() {
        let used = chosen.iter().fold(CellSet::single(stem), |acc, p| acc | p.cells);
        let targets = targets - used;
        if targets.is_empty() {
            return true;
        }
        let mut step = Step::new(Technique::DeathBlossom);
        for cell in targets.iter() {
            step.eliminate(cell, z);
        }
        step.mark_cell(stem, Role::Pattern);
        for (p, &k) in chosen.iter().zip(needs) {
            mark_set(&mut step, board, &sets[p.set], Candidates::single(digits[k]));
        }
        step.explain_with(found.explains(), || {
            let parts: Vec<Explanation> = chosen
                .iter()
                .zip(needs)
                .map(|(p, &k)| {
                    Explanation::new(phrase("{digit} -> {set}"))
                        .digit("digit", digits[k])
                        .clause("set", sets[p.set].name())
                })
                .collect();
            let template = if board.has(stem, z) {
                phrase("Death Blossom: the stem {stem} holds one of {digits}; for each, a set loses that digit and is locked ({parts}). Every case puts {z} in a set or the stem, so {targets} cannot be {z}.")
            } else {
                phrase("Death Blossom: the stem {stem} holds one of {digits}; for each, a set loses that digit and is locked ({parts}). Every case puts {z} in a set, so {targets} cannot be {z}.")
            };
            Explanation::new(template)
                .cell("stem", stem)
                .digits("digits", digits.iter().copied())
                .joined("parts", parts, "; ")
                .digit("z", z)
                .cells("targets", targets.iter())
        });
        return found.add(step);
    }
    let k = needs[chosen.len()];
    for &petal in &petals[k] {
        if chosen.iter().any(|p| !(p.cells & petal.cells).is_empty()) {
            continue;
        }
        let narrowed = targets & petal.seeing;
        if (narrowed - petal.cells).is_empty() {
            continue;
        }
        chosen.push(petal);
        let go_on = blossom(board, sets, digits, petals, needs, stem, z, narrowed, chosen, found);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::magictour_positions;

    /// The restricted common candidates of two sets that do not overlap: digits in both whose
    /// cells in one set all see their cells in the other.
    fn restricted_commons(a: &Als, b: &Als) -> Candidates {
        if a.digits.mask() & b.digits.mask() == 0 || !(a.cells & b.cells).is_empty() {
            return Candidates::NONE;
        }
        Candidates::from_mask(a.digits.mask() & b.digits.mask())
            .iter()
            .filter(|&x| (b.holding[x as usize] - a.seeing[x as usize]).is_empty())
            .collect()
    }

    /// The sweep finds a chain exactly when the depth-first walk does, and the same chain: the
    /// one that comes first (fewest sets, then by its sets) of all the walk finds. At positions
    /// along magictour paths (those where the walk gets through every chain).
    #[test]
    fn the_sweep_finds_the_first_of_the_chains_walked() {
        let (mut boards, mut with_chains, mut longer) = (0, 0, 0);
        for (line, step, board) in magictour_positions(30, 3) {
            let index = AlsIndex::build(&board);
            let mut walked: Vec<Chain> = Vec::new();
            if !walk_chains(&board, &index, 2_000_000, |path, used| {
                walked.push((path.to_vec(), used));
                true
            }) {
                continue;
            }
            boards += 1;
            let first = walked.iter().min_by_key(|(path, _)| chain_order(path)).cloned();
            assert_eq!(shortest_chain(&board, &index), first, "{line}, step {step}");
            with_chains += usize::from(first.is_some());
            longer += usize::from(first.as_ref().is_some_and(|(path, _)| path.len() > 3));
        }
        assert!(
            boards > 1000 && with_chains > 500 && longer > 20,
            "{boards} positions, {with_chains} with chains, {longer} of them longer than three sets: too few to tell"
        );
    }

    /// The index of a board worked out from the last board's is the one built from scratch:
    /// the same sets, in the same order, with the same links, at every position along magictour
    /// paths (each from the one before).
    #[test]
    fn an_index_updated_from_the_last_board_is_the_one_built_afresh() {
        let same = |a: &AlsIndex, b: &AlsIndex| {
            a.house_start == b.house_start
                && a.links == b.links
                && a.sets.len() == b.sets.len()
                && a.sets.iter().zip(&b.sets).all(|(x, y)| {
                    (x.cells, x.digits, x.house, x.holding, x.seeing)
                        == (y.cells, y.digits, y.house, y.holding, y.seeing)
                })
        };
        let mut updated = 0;
        let positions = magictour_positions(30, 1);
        for pair in positions.windows(2) {
            let [(line, _, then), (next_line, index, now)] = pair else {
                unreachable!()
            };
            if line != next_line {
                continue;
            }
            let fresh = AlsIndex::build(now);
            assert!(
                same(&AlsIndex::build(then).update(then, now), &fresh),
                "{line}, step {index}: the updated index differs"
            );
            updated += 1;
        }
        assert!(updated > 2000, "only {updated} positions: too few to tell");
    }

    /// The sets are those of trying every subset of every house, and the links found by first
    /// cells those of testing every pair, in the same order, on boards along magictour paths.
    #[test]
    fn sets_and_links_are_those_of_every_subset_and_pair() {
        let mut linked = 0;
        for (line, _, board) in magictour_positions(50, 2) {
            let sets = AlsIndex::build(&board).sets;
            // The sets are those of trying every subset of every house, each once.
            let mut seen = std::collections::HashSet::new();
            let mut naive = Vec::new();
            for house in 0..27 {
                let empty: Vec<Cell> = (CellSet::house(house) & board.empty_cells()).iter().collect();
                for mask in 1u32..(1 << empty.len()) {
                    let cells: CellSet = (0..empty.len())
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| empty[i])
                        .collect();
                    let digits = cells.iter().fold(0u16, |m, c| m | board.candidates(c).mask());
                    if cells.len() <= 8
                        && (cells.len() as usize) < empty.len()
                        && digits.count_ones() == cells.len() + 1
                        && seen.insert(cells)
                    {
                        naive.push(cells);
                    }
                }
            }
            assert!(sets.iter().map(|s| s.cells).eq(naive), "{line}: the sets differ");
            let mut expected = vec![Vec::new(); sets.len()];
            for i in 0..sets.len() {
                for j in i + 1..sets.len() {
                    let rcc = restricted_commons(&sets[i], &sets[j]);
                    if !rcc.is_empty() {
                        expected[i].push((j, rcc));
                        expected[j].push((i, rcc));
                    }
                }
            }
            let links = link_sets(&board, &sets);
            assert!(
                (0..sets.len()).all(|i| links.of(i) == expected[i].as_slice()) && links.start.len() == sets.len() + 1,
                "{line}: the links differ"
            );
            linked += links.items.len();
        }
        assert!(linked > 10_000, "only {linked} links: too few to tell");
    }
}
