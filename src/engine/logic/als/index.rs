//! The almost locked sets of a board and the restricted common digits that join them: found
//! house by house, kept for the last board (per thread) and worked out from it for the next.

use std::rc::Rc;

use crate::engine::cellset::CellSet;
use crate::engine::grid::{col_of, row_of, Candidates, Cell, Digit, House, CELLS};
use crate::engine::logic::board::{Board, LastBoard};
use crate::engine::logic::explanation::{phrase, Explanation};

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
    pub(super) fn name(&self) -> Explanation {
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
    pub(super) links: Lists<(usize, Candidates)>,
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
pub(super) struct Lists<T> {
    pub(super) start: Vec<u32>,
    pub(super) items: Vec<T>,
}

impl<T> Lists<T> {
    /// Empty, to be filled set by set: each set's items with [`Lists::push`], then
    /// [`Lists::end_list`].
    pub(super) fn with_capacity(sets: usize, items: usize) -> Lists<T> {
        let mut start = Vec::with_capacity(sets + 1);
        start.push(0);
        Lists {
            start,
            items: Vec::with_capacity(items),
        }
    }

    /// An item of the set being listed.
    pub(super) fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// Ends the set being listed (its items are those pushed since the last one ended).
    pub(super) fn end_list(&mut self) {
        self.start.push(self.items.len() as u32);
    }

    /// How many sets are listed.
    pub(super) fn len(&self) -> usize {
        self.start.len() - 1
    }

    pub(super) fn of(&self, set: usize) -> &[T] {
        &self.items[self.start[set] as usize..self.start[set + 1] as usize]
    }
}

impl AlsIndex {
    /// The sets that share restricted commons with set `i`, and by which digits, in order.
    pub fn links_of(&self, i: usize) -> &[(usize, Candidates)] {
        self.links.of(i)
    }

    pub(super) fn build(board: &Board) -> AlsIndex {
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
