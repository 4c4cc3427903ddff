//! Eight 16-bit lanes, the vector type of the triad solver ([`super::triads`]): `Portable` on
//! plain arrays for every machine, and on x86-64 `Ssse3` (SSSE3, SSE4.1 and POPCNT: every x86-64
//! processor since about 2009), `Avx2` (the same instructions in their three-operand VEX form,
//! 2013 on) and `Avx512` (with AVX-512's 16-bit popcount and three-input logic), chosen at run
//! time. All three give identical answers; the x86-64 ones are
//! only faster.

/// A lane shuffle: lane `i` of the result takes lane `lanes[i]` of the input, or 0 where that is
/// [`Z`]. Built at compile time by [`Shuffle::new`], with the byte form `pshufb` reads.
pub struct Shuffle {
    lanes: [u8; 8],
    bytes: [u8; 16],
    /// `bytes` twice: the same shuffle in both halves of a 256-bit register.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    both: [u8; 32],
}

/// In a [`Shuffle`]: this lane becomes 0.
pub const Z: u8 = 0xff;

impl Shuffle {
    pub const fn new(lanes: [u8; 8]) -> Shuffle {
        let mut bytes = [0x80; 16];
        let mut i = 0;
        while i < 8 {
            if lanes[i] != Z {
                bytes[2 * i] = 2 * lanes[i];
                bytes[2 * i + 1] = 2 * lanes[i] + 1;
            }
            i += 1;
        }
        let mut both = [0; 32];
        let mut b = 0;
        while b < 16 {
            both[b] = bytes[b];
            both[b + 16] = bytes[b];
            b += 1;
        }
        Shuffle { lanes, bytes, both }
    }
}

/// Two shuffles of one vector of eight lanes, one making each half of a [`MatrixLanes`].
pub struct Spread {
    lo: Shuffle,
    hi: Shuffle,
    /// Both controls side by side, for one 256-bit shuffle of the vector in both halves.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    bytes: [u8; 32],
}

impl Spread {
    pub const fn new(lo: [u8; 8], hi: [u8; 8]) -> Spread {
        let (lo, hi) = (Shuffle::new(lo), Shuffle::new(hi));
        let mut bytes = [0; 32];
        let mut b = 0;
        while b < 16 {
            bytes[b] = lo.bytes[b];
            bytes[b + 16] = hi.bytes[b];
            b += 1;
        }
        Spread { lo, hi, bytes }
    }
}

/// Sixteen 16-bit lanes, a box matrix (lane `4 * row + column`; rows 0–1 are the low half):
/// two vectors of [`Lanes`], or where the machine has them one 256-bit register.
pub trait MatrixLanes<L: Lanes>: Copy {
    fn from_halves(lo: L, hi: L) -> Self;
    fn lo(self) -> L;
    fn hi(self) -> L;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// `self & !other`.
    fn andnot(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    fn popcount(self) -> Self;
    /// All ones where the lanes are equal, else 0.
    fn eq(self, other: Self) -> Self;
    /// All ones where the lane is below the other's, else 0.
    fn lt(self, other: Self) -> Self;
    fn is_zero(self) -> bool;
    /// The same shuffle applied to each half.
    fn shuffle_halves(self, shuffle: &Shuffle) -> Self;
    /// The two halves exchanged.
    fn swap_halves(self) -> Self;
    /// Each half a shuffle of `source`.
    fn spread(source: L, spread: &Spread) -> Self;

    #[inline(always)]
    fn from_array(lanes: [u16; 16]) -> Self {
        let lo = L::from_array(lanes[..8].try_into().expect("eight lanes"));
        let hi = L::from_array(lanes[8..].try_into().expect("eight lanes"));
        Self::from_halves(lo, hi)
    }
}

/// A matrix as two vectors of eight lanes.
#[derive(Clone, Copy)]
pub struct Pair<L> {
    lo: L,
    hi: L,
}

impl<L: Lanes> MatrixLanes<L> for Pair<L> {
    #[inline(always)]
    fn from_halves(lo: L, hi: L) -> Self {
        Pair { lo, hi }
    }
    #[inline(always)]
    fn lo(self) -> L {
        self.lo
    }
    #[inline(always)]
    fn hi(self) -> L {
        self.hi
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        Pair {
            lo: self.lo.and(other.lo),
            hi: self.hi.and(other.hi),
        }
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        Pair {
            lo: self.lo.or(other.lo),
            hi: self.hi.or(other.hi),
        }
    }
    #[inline(always)]
    fn andnot(self, other: Self) -> Self {
        Pair {
            lo: self.lo.andnot(other.lo),
            hi: self.hi.andnot(other.hi),
        }
    }
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        Pair {
            lo: self.lo.xor(other.lo),
            hi: self.hi.xor(other.hi),
        }
    }
    #[inline(always)]
    fn popcount(self) -> Self {
        Pair {
            lo: self.lo.popcount(),
            hi: self.hi.popcount(),
        }
    }
    #[inline(always)]
    fn eq(self, other: Self) -> Self {
        Pair {
            lo: self.lo.eq(other.lo),
            hi: self.hi.eq(other.hi),
        }
    }
    #[inline(always)]
    fn lt(self, other: Self) -> Self {
        Pair {
            lo: self.lo.lt(other.lo),
            hi: self.hi.lt(other.hi),
        }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.lo.or(self.hi).is_zero()
    }
    #[inline(always)]
    fn shuffle_halves(self, shuffle: &Shuffle) -> Self {
        Pair {
            lo: self.lo.shuffle(shuffle),
            hi: self.hi.shuffle(shuffle),
        }
    }
    #[inline(always)]
    fn swap_halves(self) -> Self {
        Pair {
            lo: self.hi,
            hi: self.lo,
        }
    }
    #[inline(always)]
    fn spread(source: L, spread: &Spread) -> Self {
        Pair {
            lo: source.shuffle(&spread.lo),
            hi: source.shuffle(&spread.hi),
        }
    }
}

/// The operations the triad solver needs, lane by lane unless said otherwise. Lanes hold at most
/// 15 bits.
pub trait Lanes: Copy {
    /// The box matrix made of these lanes.
    type Matrix: MatrixLanes<Self>;

    fn splat(value: u16) -> Self;
    fn from_array(lanes: [u16; 8]) -> Self;
    fn to_array(self) -> [u16; 8];
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// `self & !other`.
    fn andnot(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    /// Bits set in each lane.
    fn popcount(self) -> Self;
    /// All ones where the lanes are equal, else 0.
    fn eq(self, other: Self) -> Self;
    /// All ones where the lane is below the other's, else 0.
    fn lt(self, other: Self) -> Self;
    fn is_zero(self) -> bool;
    /// Whether `self & other` has any bit.
    fn intersects(self, other: Self) -> bool;
    fn shuffle(self, shuffle: &Shuffle) -> Self;
    /// The sum of all lanes (at most 0xffff).
    fn sum(self) -> u32;

    /// Sets up a puzzle and searches it ([`Counter::run_body`](super::triads::Counter::run_body)), compiled with the instructions
    /// this type needs so that everything inlined into it uses them.
    ///
    /// # Safety
    /// The machine must have those instructions.
    unsafe fn run(counter: &mut Counter<'_, '_, Self>, puzzle: &[Digit; CELLS]);

    /// The search below a state ([`Counter::search_body`](super::triads::Counter::search_body)), compiled likewise.
    ///
    /// # Safety
    /// As for [`Lanes::run`].
    unsafe fn search(counter: &mut Counter<'_, '_, Self>, state: &mut State<Self>);
}

use super::triads::{Counter, State};
use crate::engine::grid::{Digit, CELLS};

/// Plain arrays: the portable path, and the reference the vector paths are tested against.
#[derive(Clone, Copy)]
pub struct Portable([u16; 8]);

impl Portable {
    #[inline(always)]
    fn map(self, other: Self, f: impl Fn(u16, u16) -> u16) -> Self {
        Portable(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }
}

impl Lanes for Portable {
    type Matrix = Pair<Portable>;
    #[inline(always)]
    fn splat(value: u16) -> Self {
        Portable([value; 8])
    }
    #[inline(always)]
    fn from_array(lanes: [u16; 8]) -> Self {
        Portable(lanes)
    }
    #[inline(always)]
    fn to_array(self) -> [u16; 8] {
        self.0
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        self.map(other, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        self.map(other, |a, b| a | b)
    }
    #[inline(always)]
    fn andnot(self, other: Self) -> Self {
        self.map(other, |a, b| a & !b)
    }
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        self.map(other, |a, b| a ^ b)
    }
    #[inline(always)]
    fn popcount(self) -> Self {
        self.map(self, |a, _| a.count_ones() as u16)
    }
    #[inline(always)]
    fn eq(self, other: Self) -> Self {
        self.map(other, |a, b| if a == b { 0xffff } else { 0 })
    }
    #[inline(always)]
    fn lt(self, other: Self) -> Self {
        self.map(other, |a, b| if a < b { 0xffff } else { 0 })
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0 == [0; 8]
    }
    #[inline(always)]
    fn intersects(self, other: Self) -> bool {
        (0..8).any(|i| self.0[i] & other.0[i] != 0)
    }
    #[inline(always)]
    fn shuffle(self, shuffle: &Shuffle) -> Self {
        Portable(std::array::from_fn(|i| match shuffle.lanes[i] {
            Z => 0,
            from => self.0[from as usize],
        }))
    }
    #[inline(always)]
    fn sum(self) -> u32 {
        self.0.iter().map(|&x| x as u32).sum()
    }
    unsafe fn run(counter: &mut Counter<'_, '_, Self>, puzzle: &[Digit; CELLS]) {
        counter.run_body(puzzle)
    }
    unsafe fn search(counter: &mut Counter<'_, '_, Self>, state: &mut State<Self>) {
        counter.search_body(state)
    }
}

#[cfg(target_arch = "x86_64")]
pub use x86::{Avx2, Avx512, Ssse3};

#[cfg(target_arch = "x86_64")]
mod x86 {
    // SAFETY (every `unsafe` block in this module): these functions are inlined only into code
    // compiled by `with_features`, which callers reach only on machines with the instructions
    // (see `super::super::triads::Level`): `run` and `search`, compiled with them; the casts are between plain 16-byte values.
    use std::arch::x86_64::*;

    use super::{Counter, Digit, Lanes, MatrixLanes, Pair, Shuffle, Spread, State, CELLS};

    /// The operations both x86-64 types share; `$popcount` counts bits per 16-bit lane.
    macro_rules! x86_lanes {
        ($name:ident, $matrix:ty, $features:literal, $popcount:expr) => {
            #[derive(Clone, Copy)]
            pub struct $name(__m128i);

            impl Lanes for $name {
                type Matrix = $matrix;

                #[inline(always)]
                fn splat(value: u16) -> Self {
                    unsafe { $name(_mm_set1_epi16(value as i16)) }
                }
                #[inline(always)]
                fn from_array(lanes: [u16; 8]) -> Self {
                    unsafe { $name(std::mem::transmute::<[u16; 8], __m128i>(lanes)) }
                }
                #[inline(always)]
                fn to_array(self) -> [u16; 8] {
                    unsafe { std::mem::transmute::<__m128i, [u16; 8]>(self.0) }
                }
                #[inline(always)]
                fn and(self, other: Self) -> Self {
                    unsafe { $name(_mm_and_si128(self.0, other.0)) }
                }
                #[inline(always)]
                fn or(self, other: Self) -> Self {
                    unsafe { $name(_mm_or_si128(self.0, other.0)) }
                }
                #[inline(always)]
                fn andnot(self, other: Self) -> Self {
                    // _mm_andnot_si128(a, b) is !a & b.
                    unsafe { $name(_mm_andnot_si128(other.0, self.0)) }
                }
                #[inline(always)]
                fn xor(self, other: Self) -> Self {
                    unsafe { $name(_mm_xor_si128(self.0, other.0)) }
                }
                #[inline(always)]
                fn popcount(self) -> Self {
                    #[allow(clippy::redundant_closure_call)]
                    unsafe {
                        $name(($popcount)(self.0))
                    }
                }
                #[inline(always)]
                fn eq(self, other: Self) -> Self {
                    unsafe { $name(_mm_cmpeq_epi16(self.0, other.0)) }
                }
                #[inline(always)]
                fn lt(self, other: Self) -> Self {
                    unsafe { $name(_mm_cmplt_epi16(self.0, other.0)) }
                }
                #[inline(always)]
                fn is_zero(self) -> bool {
                    unsafe { _mm_testz_si128(self.0, self.0) == 1 }
                }
                #[inline(always)]
                fn intersects(self, other: Self) -> bool {
                    unsafe { _mm_testz_si128(self.0, other.0) == 0 }
                }
                #[inline(always)]
                fn shuffle(self, shuffle: &Shuffle) -> Self {
                    unsafe {
                        let control = _mm_loadu_si128(shuffle.bytes.as_ptr().cast());
                        $name(_mm_shuffle_epi8(self.0, control))
                    }
                }
                #[inline(always)]
                fn sum(self) -> u32 {
                    unsafe {
                        let bytes = _mm_sad_epu8(self.0, _mm_setzero_si128());
                        let high = _mm_unpackhi_epi64(bytes, bytes);
                        _mm_cvtsi128_si32(_mm_add_epi64(bytes, high)) as u32
                    }
                }
                #[target_feature(enable = $features)]
                unsafe fn run(counter: &mut Counter<'_, '_, Self>, puzzle: &[Digit; CELLS]) {
                    counter.run_body(puzzle)
                }
                #[target_feature(enable = $features)]
                unsafe fn search(counter: &mut Counter<'_, '_, Self>, state: &mut State<Self>) {
                    counter.search_body(state)
                }
            }
        };
    }

    /// Bits per 16-bit lane by nibble lookups (`pshufb`), summed over each lane's two bytes.
    #[inline(always)]
    unsafe fn popcount_by_nibbles(x: __m128i) -> __m128i {
        unsafe {
            let table = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
            let nibble = _mm_set1_epi8(0x0f);
            let low = _mm_shuffle_epi8(table, _mm_and_si128(x, nibble));
            let high = _mm_shuffle_epi8(table, _mm_and_si128(_mm_srli_epi16(x, 4), nibble));
            _mm_maddubs_epi16(_mm_add_epi8(low, high), _mm_set1_epi8(1))
        }
    }

    /// A matrix in one 256-bit register; `$popcount` counts bits per 16-bit lane.
    macro_rules! wide_matrix {
        ($name:ident, $lanes:ident, $popcount:expr) => {
            #[derive(Clone, Copy)]
            pub struct $name(__m256i);

            impl MatrixLanes<$lanes> for $name {
                #[inline(always)]
                fn from_halves(lo: $lanes, hi: $lanes) -> Self {
                    unsafe { $name(_mm256_set_m128i(hi.0, lo.0)) }
                }
                #[inline(always)]
                fn lo(self) -> $lanes {
                    unsafe { $lanes(_mm256_castsi256_si128(self.0)) }
                }
                #[inline(always)]
                fn hi(self) -> $lanes {
                    unsafe { $lanes(_mm256_extracti128_si256(self.0, 1)) }
                }
                #[inline(always)]
                fn and(self, other: Self) -> Self {
                    unsafe { $name(_mm256_and_si256(self.0, other.0)) }
                }
                #[inline(always)]
                fn or(self, other: Self) -> Self {
                    unsafe { $name(_mm256_or_si256(self.0, other.0)) }
                }
                #[inline(always)]
                fn andnot(self, other: Self) -> Self {
                    unsafe { $name(_mm256_andnot_si256(other.0, self.0)) }
                }
                #[inline(always)]
                fn xor(self, other: Self) -> Self {
                    unsafe { $name(_mm256_xor_si256(self.0, other.0)) }
                }
                #[inline(always)]
                fn popcount(self) -> Self {
                    #[allow(clippy::redundant_closure_call)]
                    unsafe {
                        $name(($popcount)(self.0))
                    }
                }
                #[inline(always)]
                fn eq(self, other: Self) -> Self {
                    unsafe { $name(_mm256_cmpeq_epi16(self.0, other.0)) }
                }
                #[inline(always)]
                fn lt(self, other: Self) -> Self {
                    unsafe { $name(_mm256_cmpgt_epi16(other.0, self.0)) }
                }
                #[inline(always)]
                fn is_zero(self) -> bool {
                    unsafe { _mm256_testz_si256(self.0, self.0) == 1 }
                }
                #[inline(always)]
                fn shuffle_halves(self, shuffle: &Shuffle) -> Self {
                    unsafe {
                        let control = _mm256_loadu_si256(shuffle.both.as_ptr().cast());
                        $name(_mm256_shuffle_epi8(self.0, control))
                    }
                }
                #[inline(always)]
                fn swap_halves(self) -> Self {
                    unsafe { $name(_mm256_permute4x64_epi64(self.0, 0b01_00_11_10)) }
                }
                #[inline(always)]
                fn spread(source: $lanes, spread: &Spread) -> Self {
                    unsafe {
                        let control = _mm256_loadu_si256(spread.bytes.as_ptr().cast());
                        $name(_mm256_shuffle_epi8(
                            _mm256_broadcastsi128_si256(source.0),
                            control,
                        ))
                    }
                }
            }
        };
    }

    /// Bits per 16-bit lane of a 256-bit register, by nibble lookups.
    #[inline(always)]
    unsafe fn popcount_by_nibbles_256(x: __m256i) -> __m256i {
        unsafe {
            let table = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
            );
            let nibble = _mm256_set1_epi8(0x0f);
            let low = _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble));
            let high = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
            _mm256_maddubs_epi16(_mm256_add_epi8(low, high), _mm256_set1_epi8(1))
        }
    }

    x86_lanes!(Ssse3, Pair<Ssse3>, "ssse3,sse4.1,popcnt", popcount_by_nibbles);
    x86_lanes!(Avx2, Avx2Matrix, "avx2,bmi1,bmi2,popcnt,lzcnt", popcount_by_nibbles);
    x86_lanes!(
        Avx512,
        Avx512Matrix,
        "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512vl,avx512bw,avx512bitalg",
        |x| _mm_popcnt_epi16(x)
    );
    wide_matrix!(Avx2Matrix, Avx2, popcount_by_nibbles_256);
    wide_matrix!(Avx512Matrix, Avx512, |x| _mm256_popcnt_epi16(x));
}
