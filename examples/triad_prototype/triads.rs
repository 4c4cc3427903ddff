//! The triad solver's state and search: boxes as 4 × 4 matrices of candidate sets (nine cells,
//! three "not in this mini-row" and three "not in this mini-column" triads), bands and stacks as
//! the six ways each digit can pass through their three boxes, propagated to a fixed point, and a
//! search that splits on one digit's ways through the most constrained band.

use nonet::engine::{Digit, CELLS};

const ALL: u16 = 0x1ff;

/// For each configuration of a band (how a digit passes through its three boxes): the element
/// (mini-row or mini-column) it uses in each of the band's boxes.
const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [1, 0, 2], [2, 1, 0]];

/// Minimum number of candidates for each element of a box matrix.
const MIN16: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];
const fn lanes_where(f: [bool; 16]) -> [u16; 16] {
    let mut out = [0; 16];
    let mut e = 0;
    while e < 16 {
        if f[e] {
            out[e] = ALL;
        }
        e += 1;
    }
    out
}
const fn pattern(rows: [bool; 4], cols: [bool; 4]) -> [bool; 16] {
    let mut out = [false; 16];
    let mut e = 0;
    while e < 16 {
        out[e] = rows[e / 4] && cols[e % 4];
        e += 1;
    }
    out
}
const Y: bool = true;
const N: bool = false;
const CELL: [u16; 16] = lanes_where(pattern([Y, Y, Y, N], [Y, Y, Y, N]));
const NEGH: [u16; 16] = lanes_where(pattern([Y, Y, Y, N], [N, N, N, Y]));
const NEGV: [u16; 16] = lanes_where(pattern([N, N, N, Y], [Y, Y, Y, N]));
const ROW3: [u16; 16] = lanes_where(pattern([N, N, N, Y], [Y, Y, Y, Y]));
const COL3: [u16; 16] = lanes_where(pattern([Y, Y, Y, Y], [N, N, N, Y]));

use super::lanes::Lanes;

/// A partial assignment: box matrices, and for each band (0–2) and stack (3–5) the digits each
/// of its six ways is still open to (lanes 0–5), with eliminations not yet applied.
#[derive(Clone, Copy)]
pub struct State<L: Lanes> {
    boxes: [L; 9],
    configs: [[u16; 8]; 6],
    pending: [[u16; 8]; 6],
}

/// Proof that a branch has no solution.
pub struct DeadEnd;

impl<L: Lanes> State<L> {
    fn new() -> State<L> {
        let mut full = [ALL; 16];
        full[15] = 0;
        let boxes = [L::from_array(full); 9];
        State {
            boxes,
            configs: [[ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]; 6],
            pending: [[0; 8]; 6],
        }
    }

    #[inline(always)]
    pub fn from_puzzle(puzzle: &[Digit; CELLS]) -> Option<State<L>> {
        let mut state = State::new();
        let mut keep = [[ALL; 16]; 9];
        let mut any = [false; 9];
        for (cell, &d) in puzzle.iter().enumerate() {
            if (1..=9).contains(&d) {
                let (r, c) = (cell / 9, cell % 9);
                let b = r / 3 * 3 + c / 3;
                keep[b][(r % 3) * 4 + c % 3] = 1 << (d - 1);
                any[b] = true;
            }
        }
        for b in 0..9 {
            if any[b] {
                state.restrict_box(b, &keep[b]).ok()?;
            }
        }
        state.propagate().ok()?;
        Some(state)
    }

    #[inline(always)]
    fn restrict_box(&mut self, b: usize, keep: &[u16; 16]) -> Result<(), DeadEnd> {
        let mut cells = self.boxes[b];
        let mut elim = cells.andnot(L::from_array(*keep));
        if elim.is_zero() {
            return Ok(());
        }
        let all = L::splat(ALL);
        let (mut assert, mut cell_a, mut ra, mut ca);
        loop {
            cells = cells.andnot(elim);
            let counts = cells.popcount();
            if counts.any_lt(L::from_array(MIN16)) {
                return Err(DeadEnd);
            }
            assert = cells.and(counts.eq(L::from_array(MIN16)));
            let (r1, r2, r3) = (cells.rot_rows1(), cells.rot_rows2(), cells.rot_rows3());
            let one = cells.or(r1).or(r2).or(r3);
            if one.or(L::from_array(ROW3)).any_ne(all) {
                return Err(DeadEnd);
            }
            let two = cells.and(r1).or(cells.or(r1).and(r2)).or(cells.or(r1).or(r2).and(r3));
            assert = assert.or(cells.andnot(two).andnot(L::from_array(ROW3)));
            let c1 = cells.rot_cols1();
            let (c2, c3) = (cells.rot_cols2(), c1.rot_cols2());
            let one = cells.or(c1).or(c2).or(c3);
            if one.or(L::from_array(COL3)).any_ne(all) {
                return Err(DeadEnd);
            }
            let two = cells.and(c1).or(cells.or(c1).and(c2)).or(cells.or(c1).or(c2).and(c3));
            assert = assert.or(cells.andnot(two).andnot(L::from_array(COL3)));
            cell_a = assert.and(L::from_array(CELL));
            if !cell_a.and(cell_a.minus_one()).is_zero() {
                return Err(DeadEnd);
            }
            ra = cell_a
                .or(cell_a.rot_rows1())
                .or(cell_a.rot_rows2())
                .or(cell_a.rot_rows3());
            let ra1 = ra.rot_cols1();
            let box_a = ra.or(ra1).or(ra.rot_cols2()).or(ra1.rot_cols2());
            let ca1 = cell_a.rot_cols1();
            ca = cell_a.or(ca1).or(cell_a.rot_cols2()).or(ca1.rot_cols2());
            let nh = assert.and(L::from_array(NEGH));
            let nhb = nh.or(nh.rot_rows1()).or(nh.rot_rows2()).or(nh.rot_rows3());
            let nv = assert.and(L::from_array(NEGV));
            let nv1 = nv.rot_cols1();
            let nvb = nv.or(nv1).or(nv.rot_cols2()).or(nv1.rot_cols2());
            let own = cell_a.nonzero().andnot(cell_a);
            let elim_cells = box_a.andnot(cell_a).or(own).or(nhb).or(nvb).and(L::from_array(CELL));
            elim = elim_cells
                .or(ra.and(L::from_array(NEGH)))
                .or(ca.and(L::from_array(NEGV)))
                .and(cells);
            if elim.is_zero() {
                break;
            }
        }
        self.boxes[b] = cells;
        let (hb, hp) = (b / 3, b % 3);
        let (vb, vp) = (3 + b % 3, b / 3);
        let a = assert.to_array();
        let r = ra.to_array();
        let c = ca.to_array();
        let mut wh = [0u16; 3];
        let mut wv = [0u16; 3];
        for e in 0..3 {
            wh[e] = a[4 * e + 3] | r[4 * ((e + 1) % 3) + 3] | r[4 * ((e + 2) % 3) + 3];
            wv[e] = a[12 + e] | c[12 + (e + 1) % 3] | c[12 + (e + 2) % 3];
        }
        for k in 0..6 {
            self.pending[hb][k] |= wh[PERMS[k][hp]];
            self.pending[vb][k] |= wv[PERMS[k][vp]];
        }
        Ok(())
    }

    #[inline(always)]
    fn settle_band(&mut self, band: usize) -> Result<(), DeadEnd> {
        let mut conf = self.configs[band];
        for k in 0..6 {
            conf[k] &= !self.pending[band][k];
        }
        self.pending[band] = [0; 8];
        let mut triads;
        loop {
            let mut all = 0;
            for k in 0..6 {
                all |= conf[k];
            }
            if all != ALL {
                return Err(DeadEnd);
            }
            triads = [[0u16; 3]; 3];
            for k in 0..6 {
                for p in 0..3 {
                    triads[p][PERMS[k][p]] |= conf[k];
                }
            }
            let mut elims = [0u16; 6];
            for p in 0..3 {
                for e in 0..3 {
                    let c = triads[p][e].count_ones();
                    if c < 3 {
                        return Err(DeadEnd);
                    }
                    if c == 3 {
                        for k in 0..6 {
                            if PERMS[k][p] != e {
                                elims[k] |= triads[p][e];
                            }
                        }
                    }
                }
            }
            let mut any = 0;
            for k in 0..6 {
                any |= conf[k] & elims[k];
                conf[k] &= !elims[k];
            }
            if any == 0 {
                break;
            }
        }
        self.configs[band] = conf;
        let vertical = band >= 3;
        let index = band % 3;
        for p in 0..3 {
            let t = triads[p];
            let mut keep = [ALL; 16];
            keep[15] = 0;
            for i in 0..3 {
                for j in 0..3 {
                    keep[4 * i + j] = if vertical { t[j] } else { t[i] };
                }
                let others = t[(i + 1) % 3] | t[(i + 2) % 3];
                if vertical {
                    keep[12 + i] = others;
                } else {
                    keep[4 * i + 3] = others;
                }
            }
            let b = if vertical { p * 3 + index } else { index * 3 + p };
            self.restrict_box(b, &keep)?;
        }
        Ok(())
    }

    #[inline(always)]
    fn propagate(&mut self) -> Result<(), DeadEnd> {
        loop {
            let mut progressed = false;
            for band in 0..6 {
                let mut hit = 0;
                for k in 0..6 {
                    hit |= self.pending[band][k] & self.configs[band][k];
                }
                if hit != 0 {
                    self.settle_band(band)?;
                    progressed = true;
                }
            }
            if !progressed {
                return Ok(());
            }
        }
    }

    /// Band and digit bit to branch on; None when solved.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, u16)> {
        let mut best = (u32::MAX, 0);
        for band in 0..6 {
            let n: u32 = self.configs[band][..6].iter().map(|c| c.count_ones()).sum();
            if n > 9 && n < best.0 {
                best = (n, band);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let conf = &self.configs[best.1];
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for k in 0..6 {
            let c = conf[k];
            four |= three & c;
            three |= two & c;
            two |= one & c;
            one |= c;
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
        let mut g = [0; CELLS];
        for (b, cells) in self.boxes.iter().enumerate() {
            let cells = cells.to_array();
            for i in 0..3 {
                for j in 0..3 {
                    let c = cells[4 * i + j];
                    g[(b / 3 * 3 + i) * 9 + b % 3 * 3 + j] = c.trailing_zeros() as Digit + 1;
                }
            }
        }
        g
    }
}

/// One search: how many solutions to look for, what was found, and how many guesses it took.
pub struct Counter<L: Lanes> {
    lanes: std::marker::PhantomData<L>,
    limit: usize,
    count: usize,
    first: Option<[Digit; CELLS]>,
    guesses: usize,
}

impl<L: Lanes> Counter<L> {
    #[inline(always)]
    pub fn run_body(&mut self, puzzle: &[Digit; CELLS]) {
        if let Some(mut s) = State::from_puzzle(puzzle) {
            self.search(&mut s);
        }
    }

    fn search(&mut self, s: &mut State<L>) {
        // SAFETY: `count` was called with a vector type the machine has.
        unsafe { L::search(self, s) }
    }

    #[inline(always)]
    pub fn search_body(&mut self, s: &mut State<L>) {
        let Some((band, digit)) = s.choose() else {
            if self.count == 0 {
                self.first = Some(s.grid());
            }
            self.count += 1;
            return;
        };
        self.guesses += 1;
        let first = (0..6).find(|&k| s.configs[band][k] & digit != 0).unwrap_or(0);
        let mut copy = *s;
        for k in first + 1..6 {
            copy.pending[band][k] |= digit;
        }
        if copy.propagate().is_ok() {
            self.search(&mut copy);
            if self.count >= self.limit {
                return;
            }
        }
        s.pending[band][first] |= digit;
        if s.propagate().is_ok() {
            self.search(s);
        }
    }
}

/// What a search found.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub count: usize,
    pub first: Option<[Digit; CELLS]>,
    pub guesses: usize,
}

/// Counts solutions up to `limit` with the vector type `L`.
///
/// # Safety
/// The machine must have the instructions `L` uses (see [`Lanes::search`]).
pub unsafe fn count<L: Lanes>(puzzle: &[Digit; CELLS], limit: usize) -> Found {
    let mut c = Counter::<L> {
        lanes: std::marker::PhantomData,
        limit,
        count: 0,
        first: None,
        guesses: 0,
    };
    // SAFETY: the caller picked a vector type the machine has.
    unsafe { L::run(&mut c, puzzle) };
    Found {
        count: c.count,
        first: c.first,
        guesses: c.guesses,
    }
}
