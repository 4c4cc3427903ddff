//! Almost locked sets (ALS): n cells of one house holding n + 1 digits between them. Take one
//! digit away and the rest are locked. ALS-XZ (two sets joined by a restricted common digit X:
//! one of them is locked without X, so a digit Z common to both is in one of them), ALS-XY-Wing
//! (three sets, two links), ALS-XY-Chain (a chain of sets) and Death Blossom (a stem cell whose
//! every digit locks a set).

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

    fn of_mut(&mut self, set: usize) -> &mut [T] {
        &mut self.items[self.start[set] as usize..self.start[set + 1] as usize]
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
        xy_wing_among(board, changed, found)
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
/// different; a digit Z in A1 and An (not the first or last link) is in one of them.
///
/// A rating solve asks again after every step, and hard positions come in runs a candidate or
/// two apart. When the last complete search on this thread found nothing on a board whose
/// candidates included these, a chain that removes something now must use what has changed
/// since ([`Novelty`]): the search passes over the rest, in the same order.
pub fn xy_chain(board: &Board, found: &mut Found) {
    found.on_changed_since(Technique::AlsXyChain, board, |changed, then, found| {
        xy_chain_since(board, then.map(|then| (changed, then)), found)
    });
}

/// The ALS-XY-Chain search, over every chain or (`since` the changed cells and the candidates
/// they had when the last search found nothing) the chains that may be new. Returns whether it
/// was complete (not cut short by its budget).
fn xy_chain_since(board: &Board, since: Option<(CellSet, &[Candidates; CELLS])>, found: &mut Found) -> bool {
    const MAX_SETS: usize = 6;
    const MAX_CELLS: u32 = 6;
    let index = index(board);
    let sets = &index.sets;
    let n = sets.len();
    // Links between sets of up to six cells, each with the cells of the set it leads to (kept
    // together so the search does not wander through the sets).
    let mut links = Lists::with_capacity(n, index.links.items.len());
    for i in 0..n {
        if sets[i].cells.len() <= MAX_CELLS {
            for &(j, rcc) in index.links_of(i) {
                if sets[j].cells.len() <= MAX_CELLS {
                    links.push(ChainLink {
                        set: j,
                        rcc,
                        cells: sets[j].cells,
                        new: 0,
                    });
                }
            }
        }
        links.end_list();
    }
    let novelty = since.map(|(changed, then)| Novelty::new(board, sets, &mut links, changed, then));
    let outgoing = outgoing(&links);
    let mut path: Vec<(usize, Digit)> = Vec::new();
    let mut search = Search {
        keep_looking: true,
        budget: 200_000,
        ends: [CellSet::EMPTY; 10],
        end_digits: Candidates::NONE,
        end_masks: vec![0; n],
        end_start: vec![0; n],
        start: 0,
        novelty,
    };
    for start in 0..n {
        search.start = start;
        // An end set must have a digit that some cell outside it sees in all its cells.
        let a = &sets[start];
        search.end_digits = Candidates::NONE;
        for z in a.digits.iter() {
            search.ends[z as usize] = (board.cells_with(z) & a.seeing[z as usize]) - a.cells;
            if !search.ends[z as usize].is_empty() {
                search.end_digits.insert(z);
            }
        }
        if links.of(start).is_empty() || search.end_digits.is_empty() {
            continue;
        }
        let new = search.novelty.as_ref().is_none_or(|novelty| novelty.ends_anew[start]);
        path.clear();
        path.push((start, 0));
        extend(
            board,
            sets,
            &outgoing,
            &mut path,
            a.cells,
            new,
            MAX_SETS,
            found,
            &mut search,
        );
        if !search.keep_looking {
            return true;
        }
        if search.budget == 0 {
            return false;
        }
    }
    true
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

/// What has changed for ALS chains since a board on which none removed anything, whose
/// candidates included the present ones. A set none of whose cells changed is as it was. A set
/// with a changed cell either has other digits than its cells had then (it is new) or the same,
/// having lost some of its cells holding the digits in `lost` (all ones for a new set). A link
/// is new if a set of it is, or its digit joins the sets only now that they have lost some
/// cells holding it (`ChainLink::new`); an end set is as it was but for cells outside it that
/// now see all its Z cells and did not then (`ends_anew`). A chain of sets, links and ends as
/// they were removes at most what it removed then: nothing. So a chain worth finding takes a
/// new link, or starts or ends anew. `hops[i]`: the fewest links a chain at set `i` must still
/// take for one of those (`u8::MAX`: none will).
struct Novelty {
    ends_anew: Vec<bool>,
    hops: Vec<u8>,
}

impl Novelty {
    /// Works out what is new, marking the new links' digits in `links`.
    fn new(
        board: &Board,
        sets: &[Als],
        links: &mut Lists<ChainLink>,
        changed: CellSet,
        then: &[Candidates; CELLS],
    ) -> Novelty {
        let now = board.all_candidates();
        let lost = lost_digits(board, sets, changed, then);
        // The cells of a set that held Z then and do not now.
        let gone = |set: &Als, z: Digit| {
            (set.cells & changed)
                .iter()
                .filter(|&c| then[c].contains(z) && !now[c].contains(z))
                .collect::<CellSet>()
        };
        let ends_anew: Vec<bool> = sets
            .iter()
            .zip(&lost)
            .map(|(set, &lost)| match lost {
                0 => false,
                u16::MAX => true,
                _ => Candidates::from_mask(lost & set.digits.mask()).iter().any(|z| {
                    // Cells that see the set's Z cells now, but not all it held Z in then.
                    let then_seen = gone(set, z)
                        .iter()
                        .fold(CellSet::ALL, |seen, c| seen & CellSet::peers(c));
                    !((set.seeing[z as usize] & board.cells_with(z)) - set.cells - then_seen).is_empty()
                }),
            })
            .collect();
        for i in 0..sets.len() {
            for link in links.of_mut(i) {
                let j = link.set;
                if lost[i] == u16::MAX || lost[j] == u16::MAX {
                    link.new = link.rcc.mask();
                    continue;
                }
                for x in Candidates::from_mask(link.rcc.mask() & (lost[i] | lost[j])).iter() {
                    // Restricted common then too: all the X cells each held then saw each other.
                    let (a, b) = (&sets[i], &sets[j]);
                    let a_then = a.holding[x as usize] | gone(a, x);
                    let b_then = b.holding[x as usize] | gone(b, x);
                    if !(b_then - a_then.common_peers()).is_empty() {
                        link.new |= 1 << x;
                    }
                }
            }
        }
        // Sets one link from something new, then breadth first back through the links.
        let mut hops = vec![u8::MAX; sets.len()];
        let mut queue = Vec::new();
        for i in 0..sets.len() {
            if links.of(i).iter().any(|link| link.new != 0 || ends_anew[link.set]) {
                hops[i] = 1;
                queue.push(i);
            }
        }
        let mut k = 0;
        while k < queue.len() {
            let i = queue[k];
            k += 1;
            for link in links.of(i) {
                if hops[link.set] == u8::MAX {
                    hops[link.set] = hops[i] + 1;
                    queue.push(link.set);
                }
            }
        }
        Novelty { ends_anew, hops }
    }
}

/// A link of an ALS chain: the set it leads to, by which restricted commons, and that set's cells.
struct ChainLink {
    set: usize,
    rcc: Candidates,
    cells: CellSet,
    /// The digits by which the link is new ([`Novelty`]).
    new: u16,
}

/// The links of every set as the chain search takes them, one digit at a time: set `i`'s in the
/// order of its links, each link's digits in ascending order.
type Outgoing = Lists<Hop>;

/// Taking a link to set `to` by digit `x`; `new`: whether the link is new by that digit.
#[derive(Clone, Copy)]
struct Hop {
    cells: CellSet,
    to: u32,
    x: Digit,
    new: bool,
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
                    new: link.new & 1 << x != 0,
                });
            }
        }
        hops.end_list();
    }
    hops
}

/// The state of a depth-first chain search: whether to go on, how many extensions are left
/// (chains are bounded so the search stays fast), and for the first set of the chain, the cells
/// outside it that see all its cells holding each digit (`ends`; `end_digits` where any do).
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
    /// What has changed since the last search found nothing, when the search may keep to chains
    /// that use it.
    novelty: Option<Novelty>,
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

/// Depth-first extension of an ALS chain (whose sets cover `used`; `new`: whether it may remove
/// something a chain did not before, see [`Novelty`]); reports chains of at least three sets.
#[allow(clippy::too_many_arguments)]
fn extend(
    board: &Board,
    sets: &[Als],
    outgoing: &Outgoing,
    path: &mut Vec<(usize, Digit)>,
    used: CellSet,
    new: bool,
    max: usize,
    found: &mut Found,
    search: &mut Search,
) {
    if search.budget == 0 {
        return;
    }
    search.budget -= 1;
    let (last, last_link) = path[path.len() - 1];
    end_chain(board, sets, path, used, found, search);
    if !search.keep_looking || path.len() >= max {
        return;
    }
    // A chain that is not new yet must become so within the links left.
    if !new
        && search
            .novelty
            .as_ref()
            .is_some_and(|n| n.hops[last] as usize > max - path.len())
    {
        return;
    }
    // The sets a link away end the chain: their part of the search (the budget, the end) is
    // done here rather than in a call of their own.
    let last_sets = path.len() + 1 == max;
    for hop in outgoing.of(last) {
        let cells = hop.cells;
        if hop.x == last_link || !(used & cells).is_empty() {
            continue;
        }
        path.push((hop.to as usize, hop.x));
        if last_sets {
            if search.budget == 0 {
                path.pop();
                return;
            }
            search.budget -= 1;
            end_chain(board, sets, path, used | cells, found, search);
        } else {
            extend(
                board,
                sets,
                outgoing,
                path,
                used | cells,
                new || hop.new,
                max,
                found,
                search,
            );
        }
        path.pop();
        if !search.keep_looking || search.budget == 0 {
            return;
        }
    }
}

/// Reports the chain (whose sets cover `used`) if it has at least three sets, its last comes
/// after its first (the chain is met from both ends), and some cell outside it sees all the
/// cells of both end sets holding a digit Z they share (not the first or last link).
#[inline(always)]
fn end_chain(
    board: &Board,
    sets: &[Als],
    path: &[(usize, Digit)],
    used: CellSet,
    found: &mut Found,
    search: &mut Search,
) {
    let (last, last_link) = path[path.len() - 1];
    if path.len() >= 3 && path[0].0 < last {
        let first_link = path[1].1;
        // The digits Z the end sets share (not the first or last link) that some cell outside
        // the chain sees in all their cells.
        let zs = search.end_mask(sets, last) & !(1 << first_link) & !(1 << last_link);
        let b = &sets[last];
        if zs != 0
            && Candidates::from_mask(zs)
                .iter()
                .any(|z| !((search.ends[z as usize] & b.seeing[z as usize]) - used).is_empty())
        {
            let a = &sets[path[0].0];
            let all = Candidates::from_mask(a.digits.mask() & b.digits.mask() & !(1 << first_link) & !(1 << last_link));
            report_chain(board, sets, path, used, all, found, search);
        }
    }
}

/// Builds the step of an ALS chain whose end sets share the digits `zs` (besides the end
/// links), and offers it.
fn report_chain(
    board: &Board,
    sets: &[Als],
    path: &[(usize, Digit)],
    used: CellSet,
    zs: Candidates,
    found: &mut Found,
    search: &mut Search,
) {
    let b = &sets[path[path.len() - 1].0];
    let mut step = Step::new(Technique::AlsXyChain);
    for z in zs.iter() {
        for cell in ((search.ends[z as usize] & b.seeing[z as usize]) - used).iter() {
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
    search.keep_looking = found.add(step);
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
    let seen_by = SeenBy::new(sets, stems);
    // Lists kept from stem to stem: each stem digit's sets, and of those, the ones holding z.
    let mut holders: [Vec<SeeingSet>; 4] = Default::default();
    let mut petals: [Vec<Petal>; 4] = Default::default();
    let mut chosen: Vec<Petal> = Vec::new();
    for stem in stems.iter() {
        let stem_changed = since.is_none_or(|(changed, _)| changed.contains(stem));
        let candidates = board.candidates(stem);
        let count = candidates.len() as usize;
        if !(2..=4).contains(&count) {
            continue;
        }
        let mut digits: [Digit; 4] = [0; 4];
        for (slot, d) in digits.iter_mut().zip(candidates.iter()) {
            *slot = d;
        }
        let digits = &digits[..count];
        // For each stem digit, the sets holding it in cells that all see the stem, and the
        // digits those sets hold between them: a z none of them holds (for a stem digit other
        // than z) makes no blossom.
        let mut held = [0u16; 4];
        for (k, &d) in digits.iter().enumerate() {
            holders[k].clear();
            holders[k].extend_from_slice(seen_by.sets(stem, d));
            held[k] = holders[k].iter().fold(0, |m, h| m | h.digits);
        }
        for z in 1..=9u8 {
            if digits.iter().zip(&held).any(|(&d, &held)| d != z && held >> z & 1 == 0) {
                continue;
            }
            // … of those, the sets that also hold z (a stem digit equal to z needs no petal:
            // the stem itself holds z then).
            let (mut needs, mut needed) = ([0usize; 4], 0);
            for (k, &d) in digits.iter().enumerate() {
                petals[k].clear();
                if d != z {
                    petals[k].extend(holders[k].iter().filter(|h| h.digits >> z & 1 == 1).map(|h| Petal {
                        cells: sets[h.set].cells,
                        seeing: sets[h.set].seeing[z as usize],
                        set: h.set,
                    }));
                    needs[needed] = k;
                    needed += 1;
                }
            }
            let needs = &needs[..needed];
            if needs.iter().any(|&k| petals[k].is_empty()) {
                continue;
            }
            if let Some(lost) = lost.as_ref().filter(|_| !stem_changed) {
                let new = |k: usize| petals[k].iter().any(|p| lost[p.set] & (1 << digits[k] | 1 << z) != 0);
                if !needs.iter().any(|&k| new(k)) {
                    continue;
                }
            }
            let mut start_targets = board.cells_with(z) - CellSet::single(stem);
            if board.has(stem, z) {
                start_targets &= CellSet::peers(stem);
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

/// A set in a [`SeenBy`] list, with its digits (as bits), which is what the search reads of
/// most of them.
#[derive(Clone, Copy)]
struct SeeingSet {
    set: usize,
    digits: u16,
}

impl SeenBy {
    /// The lists for the cells `of` (empty ones; the others' are empty), each without the sets
    /// holding the cell itself.
    fn new(sets: &[Als], of: CellSet) -> SeenBy {
        let mut start = vec![0u32; CELLS * 10 + 1];
        for set in sets {
            for d in set.digits.iter() {
                for cell in (set.seeing[d as usize] & (of - set.cells)).iter() {
                    start[cell * 10 + d as usize + 1] += 1;
                }
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut out = vec![SeeingSet { set: 0, digits: 0 }; start[CELLS * 10] as usize];
        for (i, set) in sets.iter().enumerate() {
            for d in set.digits.iter() {
                for cell in (set.seeing[d as usize] & (of - set.cells)).iter() {
                    let slot = &mut next[cell * 10 + d as usize];
                    out[*slot as usize] = SeeingSet {
                        set: i,
                        digits: set.digits.mask(),
                    };
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

    /// A chain search that looks only at what changed since a board on which no chain removed
    /// anything finds every chain the full search finds: for consecutive positions along
    /// magictour paths, the first without ALS-XY-Chains, every chain of the second both ways.
    #[test]
    fn a_search_since_a_board_without_chains_finds_every_chain() {
        let search = |board: &Board, since: Option<(CellSet, &[Candidates; CELLS])>, all: bool| {
            let mut found = Found::new(all);
            let complete = xy_chain_since(board, since, &mut found);
            complete.then_some(found.steps)
        };
        let (mut pairs, mut chains) = (0, 0);
        let positions = magictour_positions(12, 1);
        for pair in positions.windows(2) {
            let [(line, _, then), (next_line, index, now)] = pair else {
                unreachable!()
            };
            if line != next_line || search(then, None, false) != Some(Vec::new()) {
                continue;
            }
            let changed: CellSet = (0..CELLS)
                .filter(|&c| then.candidates(c) != now.candidates(c))
                .collect();
            let Some(full) = search(now, None, true) else {
                continue;
            };
            let since = search(now, Some((changed, then.all_candidates())), true);
            assert!(
                since.as_ref() == Some(&full),
                "{line}, step {index}: the chains since differ"
            );
            pairs += 1;
            chains += full.len();
        }
        assert!(
            pairs > 1000 && chains > 5000,
            "{pairs} pairs, {chains} chains: too few to tell"
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
