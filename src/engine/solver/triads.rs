//! The triad solver: exact search for hard puzzles, where it needs far fewer guesses than the
//! band solver (`super::bands`).
//!
//! Each box is a 4 × 4 matrix of candidate sets in 16-bit lanes (one 256-bit register, or two
//! vectors of eight lanes: matrix rows 0–1 and 2–3): its nine cells, and beside them three negative triads ("digits not in this
//! mini-row", lane `4 * row + 3`) and below them three more ("not in this mini-column", lane
//! `12 + column`). Every row and column of the matrix holds each digit exactly once, a cell
//! holds at least one digit and a negative triad exactly six. Each band and each stack keeps,
//! per digit, which of the six ways through its three boxes (one mini-row, or mini-column, in
//! each, all different) are still open: way `k` uses element [`element`]`(k, peer)` of box
//! `peer`. A box tells its band and its stack which elements a digit cannot use; a band tells
//! its boxes which digits each element may hold, and a mini-row with room for only three digits
//! takes them. Propagation runs to a fixed point; the search then splits one digit's ways
//! through the most constrained band in two. This is the design of Tom Dillon's tdoku, written
//! afresh for Nonet's lanes.

use super::lanes::{self, Lanes, MatrixLanes, Shuffle, Spread, Z};
use super::Search;
use crate::engine::grid::{Digit, CELLS};

const ALL: u16 = 0x1ff;

/// The element (mini-row or mini-column) that way `way` of a band uses in its box `peer`.
pub const fn element(way: usize, peer: usize) -> usize {
    if way < 3 {
        (way + peer) % 3
    } else {
        (way - peer) % 3
    }
}

/// A band (0–2) or stack (3–5): the digits each way is open to (lanes 0–5), and eliminations
/// its boxes have sent that are not yet applied.
#[derive(Clone, Copy)]
struct Band<L> {
    ways: L,
    pending: L,
}

/// A partial assignment.
#[derive(Clone, Copy)]
pub struct State<L: Lanes> {
    boxes: [L::Matrix; 9],
    bands: [Band<L>; 6],
}

/// Proof that a branch has no solution.
pub struct DeadEnd;

const A: u16 = ALL;
/// Smallest number of candidates of each matrix lane.
const MIN: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];
/// Matrix lanes holding cells, negative triads of mini-rows and of mini-columns.
const CELL_LANES: [u16; 16] = [A, A, A, 0, A, A, A, 0, A, A, A, 0, 0, 0, 0, 0];
const ROW_TRIADS: [u16; 16] = [0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, 0];
const COLUMN_TRIADS: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, A, A, A, 0];

/// Within each group of four lanes, lane `c` takes lane `c + 1` (mod 4).
static ROTATE_1: Shuffle = Shuffle::new([1, 2, 3, 0, 5, 6, 7, 4]);
/// Within each group of four lanes, lane `c` takes lane `c + 2` (mod 4).
static ROTATE_2: Shuffle = Shuffle::new([2, 3, 0, 1, 6, 7, 4, 5]);
/// The two groups of four lanes exchanged.
static SWAP: Shuffle = Shuffle::new([4, 5, 6, 7, 0, 1, 2, 3]);

/// For a box at `peer` of its band: lane `k` takes the lane of `lo` holding the negative triad of
/// the mini-row way `k` uses (rows 0 and 1), and of `hi` (row 2).
static ROW_NEGATIVES_LO: [Shuffle; 3] = [row_negatives(0, 0), row_negatives(1, 0), row_negatives(2, 0)];
static ROW_NEGATIVES_HI: [Shuffle; 3] = [row_negatives(0, 1), row_negatives(1, 1), row_negatives(2, 1)];
const fn row_negatives(peer: usize, half: usize) -> Shuffle {
    let mut lanes = [Z; 8];
    let mut way = 0;
    while way < 6 {
        let row = element(way, peer);
        if row / 2 == half {
            lanes[way] = (row % 2 * 4 + 3) as u8;
        }
        way += 1;
    }
    Shuffle::new(lanes)
}
/// For a box at `peer` of its stack: lane `k` takes the lane of `hi` holding the negative triad of
/// the mini-column way `k` uses.
static COLUMN_NEGATIVES: [Shuffle; 3] = [column_negatives(0), column_negatives(1), column_negatives(2)];
const fn column_negatives(peer: usize) -> Shuffle {
    let mut lanes = [Z; 8];
    let mut way = 0;
    while way < 6 {
        lanes[way] = (4 + element(way, peer)) as u8;
        way += 1;
    }
    Shuffle::new(lanes)
}

/// Positive triads (the digits an element may hold) from the ways: for peers 0 and 1 in lanes
/// 0–2 and 4–6 of one vector, for peer 2 in lanes 0–2 of another; each is the union of the two
/// ways through the element, one taken by each shuffle of a pair.
static TRIADS_01: [Shuffle; 2] = [triad_ways(0, 1, 0), triad_ways(0, 1, 1)];
static TRIADS_2: [Shuffle; 2] = [triad_ways(2, 9, 0), triad_ways(2, 9, 1)];
const fn triad_ways(first: usize, second: usize, which: usize) -> Shuffle {
    let mut lanes = [Z; 8];
    let mut lane = 0;
    while lane < 8 {
        let peer = if lane < 4 { first } else { second };
        if lane % 4 < 3 && peer < 3 {
            // The `which`-th way (in order) using element `lane % 4` in `peer`.
            let mut found = 0;
            let mut way = 0;
            while way < 6 {
                if element(way, peer) == lane % 4 {
                    if found == which {
                        lanes[lane] = way as u8;
                    }
                    found += 1;
                }
                way += 1;
            }
        }
        lane += 1;
    }
    Shuffle::new(lanes)
}

/// Ways closed by locked triads: lane `k` takes, for one peer, the locked triad of the element
/// `offset` (1 or 2) after the one way `k` uses there, so the digits locked elsewhere leave it.
static LOCKED_01: [Shuffle; 4] = [locked(0, 0, 1), locked(0, 0, 2), locked(1, 4, 1), locked(1, 4, 2)];
static LOCKED_2: [Shuffle; 2] = [locked(2, 0, 1), locked(2, 0, 2)];
const fn locked(peer: usize, base: usize, offset: usize) -> Shuffle {
    let mut lanes = [Z; 8];
    let mut way = 0;
    while way < 6 {
        lanes[way] = (base + (element(way, peer) + offset) % 3) as u8;
        way += 1;
    }
    Shuffle::new(lanes)
}

/// What a band lets one of its boxes keep, from the positive triads `t` of that box (lanes
/// `base..base + 3` of their vector): each cell the digits of its element, each negative triad of
/// the band's direction the digits of the other two elements, the other direction's negative
/// triads everything. Two spreads of the triads, or'ed, then or'ed with a constant.
struct Keep {
    spreads: [Spread; 2],
    all: [u16; 16],
}

const fn keep(vertical: bool, base: u8) -> Keep {
    let (o0, o1, o2) = (base, base + 1, base + 2);
    if vertical {
        Keep {
            spreads: [
                Spread::new([o0, o1, o2, Z, o0, o1, o2, Z], [o0, o1, o2, Z, o1, o2, o0, Z]),
                Spread::new([Z; 8], [Z, Z, Z, Z, o2, o0, o1, Z]),
            ],
            all: [0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, 0],
        }
    } else {
        Keep {
            spreads: [
                Spread::new([o0, o0, o0, o1, o1, o1, o1, o2], [o2, o2, o2, o0, Z, Z, Z, Z]),
                Spread::new([Z, Z, Z, o2, Z, Z, Z, o0], [Z, Z, Z, o1, Z, Z, Z, Z]),
            ],
            all: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, A, A, A, 0],
        }
    }
}
/// `KEEP[vertical][peer]`.
static KEEP: [[Keep; 3]; 2] = [
    [keep(false, 0), keep(false, 4), keep(false, 0)],
    [keep(true, 0), keep(true, 4), keep(true, 0)],
];

impl<L: Lanes> State<L> {
    #[inline(always)]
    fn empty() -> State<L> {
        let full = L::Matrix::from_array([A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, 0]);
        let band = Band {
            ways: L::from_array([A, A, A, A, A, A, 0, 0]),
            pending: L::splat(0),
        };
        State {
            boxes: [full; 9],
            bands: [band; 6],
        }
    }

    /// The state of a puzzle (0 for an empty cell), propagated; None when that finds it has no
    /// solution.
    #[inline(always)]
    pub fn from_puzzle(puzzle: &[Digit; CELLS]) -> Option<State<L>> {
        let mut state = State::empty();
        let mut keep = [[A; 16]; 9];
        let mut given = 0u16;
        // A digit given twice in a house is refused here: propagation would place both and find
        // the clash only in the search, which on a nearly empty grid can take very long.
        let mut seen = [0u16; 27];
        for (cell, &digit) in puzzle.iter().enumerate() {
            if (1..=9).contains(&digit) {
                let (row, column) = (cell / 9, cell % 9);
                let b = row / 3 * 3 + column / 3;
                let bit = 1 << (digit - 1);
                for house in [row, 9 + column, 18 + b] {
                    if seen[house] & bit != 0 {
                        return None;
                    }
                    seen[house] |= bit;
                }
                keep[b][row % 3 * 4 + column % 3] = bit;
                given |= 1 << b;
            }
        }
        let mut dirty = 0;
        for (b, keep) in keep.iter().enumerate() {
            if given & 1 << b != 0 {
                state
                    .restrict_box(b / 3, b % 3, L::Matrix::from_array(*keep), &mut dirty)
                    .ok()?;
            }
        }
        state.propagate(dirty).ok()?;
        Some(state)
    }

    /// Restricts the box in band `row` and stack `column` to `keep`, to a fixed point within the
    /// box, and sends what it learnt to that band and stack (marking them in `dirty` when that
    /// closes a way).
    #[inline(always)]
    fn restrict_box(&mut self, row: usize, column: usize, keep: L::Matrix, dirty: &mut u8) -> Result<(), DeadEnd> {
        let b = row * 3 + column;
        let mut cells = self.boxes[b];
        let mut remove = cells.andnot(keep);
        if remove.is_zero() {
            return Ok(());
        }
        let (min, cell_lanes) = (L::Matrix::from_array(MIN), L::Matrix::from_array(CELL_LANES));
        let mut asserted;
        loop {
            cells = cells.andnot(remove);
            let count = cells.popcount();
            if !count.lt(min).is_zero() {
                return Err(DeadEnd);
            }
            // Cells with one digit left, negative triads with six; then digits that one lane of a
            // matrix row or column alone still allows.
            asserted = cells.and(count.eq(min)).or(once_in_rows::<L>(cells));
            let swapped = cells.swap_halves();
            let (a, b) = (cells.or(swapped), cells.and(swapped));
            let twice_in_columns = b.or(b.shuffle_halves(&SWAP)).or(a.and(a.shuffle_halves(&SWAP)));
            asserted = asserted.or(cells.andnot(twice_in_columns));

            // A placed digit leaves the rest of the box, and the negative triads of its row and
            // column; its cell keeps nothing else.
            let placed = asserted.and(cell_lanes);
            let by_column = placed.or(placed.swap_halves());
            let by_column = by_column.or(by_column.shuffle_halves(&SWAP));
            let in_box = or_across_rows::<L>(by_column);
            let next = in_box
                .and(cell_lanes)
                .or(or_across_rows::<L>(placed).and(L::Matrix::from_array(ROW_TRIADS)))
                .or(by_column.and(L::Matrix::from_array(COLUMN_TRIADS)));
            let zero = L::Matrix::from_array([0; 16]);
            let others = placed.eq(zero).xor(L::Matrix::from_array([0xffff; 16]));
            remove = next.or(others.and(cell_lanes)).andnot(placed).and(cells);
            if remove.is_zero() {
                break;
            }
        }
        self.boxes[b] = cells;

        // The negative triads asserted close the ways through their elements.
        let (asserted_lo, asserted_hi) = (asserted.lo(), asserted.hi());
        let row_message = asserted_lo
            .shuffle(&ROW_NEGATIVES_LO[column])
            .or(asserted_hi.shuffle(&ROW_NEGATIVES_HI[column]));
        self.send(row, row_message, dirty);
        self.send(3 + column, asserted_hi.shuffle(&COLUMN_NEGATIVES[row]), dirty);
        Ok(())
    }

    /// Adds eliminations of ways to a band's pending ones, marking it dirty when they close any.
    #[inline(always)]
    fn send(&mut self, band: usize, ways: L, dirty: &mut u8) {
        let target = &mut self.bands[band];
        if ways.intersects(target.ways) {
            target.pending = target.pending.or(ways);
            *dirty |= 1 << band;
        }
    }

    /// Applies a band's pending eliminations, locks mini-rows (or mini-columns) with room for
    /// three digits only, and restricts the band's three boxes to what is left.
    #[inline(always)]
    fn settle<const VERTICAL: bool>(&mut self, band: usize, dirty: &mut u8) -> Result<(), DeadEnd> {
        let mut ways = self.bands[band].ways.andnot(self.bands[band].pending);
        self.bands[band].pending = L::splat(0);
        let triads = |ways: L| {
            (
                ways.shuffle(&TRIADS_01[0]).or(ways.shuffle(&TRIADS_01[1])),
                ways.shuffle(&TRIADS_2[0]).or(ways.shuffle(&TRIADS_2[1])),
            )
        };
        let (mut t01, mut t2) = triads(ways);
        let (count01, count2) = (t01.popcount(), t2.popcount());
        let three = L::splat(3);
        let (locked01, locked2) = (t01.and(count01.eq(three)), t2.and(count2.eq(three)));
        if !(locked01.is_zero() && locked2.is_zero()) {
            let closed = locked01
                .shuffle(&LOCKED_01[0])
                .or(locked01.shuffle(&LOCKED_01[1]))
                .or(locked01.shuffle(&LOCKED_01[2]))
                .or(locked01.shuffle(&LOCKED_01[3]))
                .or(locked2.shuffle(&LOCKED_2[0]))
                .or(locked2.shuffle(&LOCKED_2[1]));
            ways = ways.andnot(closed);
            (t01, t2) = triads(ways);
        }
        // Every digit needs a way.
        let union = t01.or(t01.shuffle(&ROTATE_1)).or(t01.shuffle(&ROTATE_2));
        if !L::from_array([A, 0, 0, 0, 0, 0, 0, 0]).andnot(union).is_zero() {
            return Err(DeadEnd);
        }
        self.bands[band].ways = ways;
        let index = band % 3;
        self.restrict_peer::<VERTICAL, 0>(index, t01, dirty)?;
        self.restrict_peer::<VERTICAL, 1>(index, t01, dirty)?;
        self.restrict_peer::<VERTICAL, 2>(index, t2, dirty)
    }

    /// Restricts the box at `PEER` of band (or stack) `index` to what the band's positive triads
    /// `triads` let it keep.
    #[inline(always)]
    fn restrict_peer<const VERTICAL: bool, const PEER: usize>(
        &mut self,
        index: usize,
        triads: L,
        dirty: &mut u8,
    ) -> Result<(), DeadEnd> {
        let shapes = &KEEP[VERTICAL as usize][PEER];
        let keep = L::Matrix::spread(triads, &shapes.spreads[0])
            .or(L::Matrix::spread(triads, &shapes.spreads[1]))
            .or(L::Matrix::from_array(shapes.all));
        if VERTICAL {
            self.restrict_box(PEER, index, keep, dirty)
        } else {
            self.restrict_box(index, PEER, keep, dirty)
        }
    }

    /// Settles dirty bands until none is left.
    #[inline(always)]
    fn propagate(&mut self, mut dirty: u8) -> Result<(), DeadEnd> {
        let mut prefer = 0b111_000u8;
        while dirty != 0 {
            let choice = if dirty & prefer != 0 { dirty & prefer } else { dirty };
            let band = choice.trailing_zeros() as usize;
            dirty &= !(1 << band);
            if band < 3 {
                prefer = 0b111_000;
                self.settle::<false>(band, &mut dirty)?;
            } else {
                prefer = 0b000_111;
                self.settle::<true>(band, &mut dirty)?;
            }
        }
        Ok(())
    }

    /// The band and digit to split on (a digit with the fewest open ways in the band with the
    /// fewest open ways overall); None when every digit has one way left in every band, which at
    /// a fixed point means the boxes hold a solution (a band that loses a digit's last way is a
    /// dead end as it settles).
    #[inline(always)]
    fn choose(&self) -> Option<(usize, u16)> {
        let mut best = (u32::MAX, 0);
        for (band, state) in self.bands.iter().enumerate() {
            let open = state.ways.popcount().sum();
            if open > 9 && open < best.0 {
                best = (open, band);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let ways = self.bands[best.1].ways.to_array();
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for &way in &ways[..6] {
            four |= three & way;
            three |= two & way;
            two |= one & way;
            one |= way;
        }
        let pick = if two & !three != 0 {
            two & !three
        } else if three & !four != 0 {
            three & !four
        } else {
            four
        };
        Some((best.1, pick & pick.wrapping_neg()))
    }

    fn grid(&self) -> [Digit; CELLS] {
        let mut grid = [0; CELLS];
        for (b, matrix) in self.boxes.iter().enumerate() {
            let (lo, hi) = (matrix.lo().to_array(), matrix.hi().to_array());
            for row in 0..3 {
                for column in 0..3 {
                    let lane = row * 4 + column;
                    let set = if lane < 8 { lo[lane] } else { hi[lane - 8] };
                    grid[(b / 3 * 3 + row) * 9 + b % 3 * 3 + column] = set.trailing_zeros() as Digit + 1;
                }
            }
        }
        grid
    }
}

/// For each lane, the digits no other lane of its group of four has.
#[inline(always)]
fn once_in_rows<L: Lanes>(x: L::Matrix) -> L::Matrix {
    let x2 = x.shuffle_halves(&ROTATE_2);
    let (a, b) = (x.or(x2), x.and(x2));
    let twice = b.or(b.shuffle_halves(&ROTATE_1)).or(a.and(a.shuffle_halves(&ROTATE_1)));
    x.andnot(twice)
}

/// Each group of four lanes replaced by the union of its lanes.
#[inline(always)]
fn or_across_rows<L: Lanes>(x: L::Matrix) -> L::Matrix {
    let x = x.or(x.shuffle_halves(&ROTATE_2));
    x.or(x.shuffle_halves(&ROTATE_1))
}

/// A triad search: the shared record of what was found, and how many guesses it took.
pub struct Counter<'s, 'v, L> {
    lanes: std::marker::PhantomData<L>,
    search: &'s mut Search<'v>,
    guesses: usize,
}

impl<L: Lanes> Counter<'_, '_, L> {
    #[inline(always)]
    pub fn run_body(&mut self, puzzle: &[Digit; CELLS]) {
        if let Some(mut state) = State::<L>::from_puzzle(puzzle) {
            self.search_again(&mut state);
        }
    }

    #[inline(always)]
    pub fn search_body(&mut self, state: &mut State<L>) {
        let Some((band, digit)) = state.choose() else {
            self.search.record(&state.grid());
            return;
        };
        self.guesses += 1;
        let ways = state.bands[band].ways.to_array();
        let first = ways.iter().position(|&w| w & digit != 0).unwrap_or(0);
        let mut only_first = [0; 8];
        only_first[first] = digit;
        let others = L::splat(digit).andnot(L::from_array(only_first));
        let mut copy = *state;
        copy.bands[band].pending = copy.bands[band].pending.or(others);
        if copy.propagate(1 << band).is_ok() {
            self.search_again(&mut copy);
            if self.search.done() {
                return;
            }
        }
        state.bands[band].pending = state.bands[band].pending.or(L::from_array(only_first));
        if state.propagate(1 << band).is_ok() {
            self.search_again(state);
        }
    }

    /// The recursive step, through the lanes' compiled search.
    #[inline(always)]
    fn search_again(&mut self, state: &mut State<L>) {
        // SAFETY: reached only from `run_with`, whose caller promised the instructions.
        unsafe { L::search(self, state) }
    }
}

/// Searches a puzzle with `L`'s instructions, recording into `search`; returns the guesses.
///
/// # Safety
/// The machine must have the instructions `L` needs.
unsafe fn run_with<L: Lanes>(puzzle: &[Digit; CELLS], search: &mut Search) -> usize {
    let mut counter = Counter::<L> {
        lanes: std::marker::PhantomData,
        search,
        guesses: 0,
    };
    // SAFETY: as the caller promised.
    unsafe { L::run(&mut counter, puzzle) };
    counter.guesses
}

/// The vector instructions the triad search runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Ssse3,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Level {
    /// Every level this machine can run, the portable one first and the fastest last.
    pub fn available() -> Vec<Level> {
        #[allow(unused_mut)]
        let mut levels = vec![Level::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("ssse3")
                && is_x86_feature_detected!("sse4.1")
                && is_x86_feature_detected!("popcnt")
            {
                levels.push(Level::Ssse3);
                if is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("bmi1")
                    && is_x86_feature_detected!("bmi2")
                    && is_x86_feature_detected!("lzcnt")
                {
                    levels.push(Level::Avx2);
                    if is_x86_feature_detected!("avx512f")
                        && is_x86_feature_detected!("avx512vl")
                        && is_x86_feature_detected!("avx512bw")
                        && is_x86_feature_detected!("avx512bitalg")
                    {
                        levels.push(Level::Avx512);
                    }
                }
            }
        }
        levels
    }

    /// The fastest level this machine can run, found once.
    pub fn best() -> Level {
        static BEST: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| *Level::available().last().expect("portable is always there"))
    }
}

/// Searches a puzzle at `level`, which must be one of [`Level::available`], recording into
/// `search`; returns the guesses it made.
pub(super) fn search(puzzle: &[Digit; CELLS], search: &mut Search, level: Level) -> usize {
    // SAFETY (each arm): `level` is available, so the machine has the instructions of its lanes.
    match level {
        Level::Portable => unsafe { run_with::<lanes::Portable>(puzzle, search) },
        #[cfg(target_arch = "x86_64")]
        Level::Ssse3 => unsafe { run_with::<lanes::Ssse3>(puzzle, search) },
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { run_with::<lanes::Avx2>(puzzle, search) },
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => unsafe { run_with::<lanes::Avx512>(puzzle, search) },
    }
}

/// What a triad search found.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub count: usize,
    pub first: Option<[Digit; CELLS]>,
    pub guesses: usize,
}

/// Counts solutions up to `limit` (keeping the first) with the triad solver alone at `level`,
/// which must be one of [`Level::available`]: for comparing levels and engines.
pub fn count(puzzle: &[Digit; CELLS], limit: usize, level: Level) -> Found {
    let mut record = Search::new(limit, true);
    let guesses = search(puzzle, &mut record, level);
    Found {
        count: record.count,
        first: record.first,
        guesses,
    }
}
