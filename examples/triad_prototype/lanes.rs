//! Sixteen 16-bit lanes read as a 4 × 4 matrix (lane `4 * row + column`): the vector type of the
//! triad solver. `Sse2` uses x86-64's baseline vector instructions, `Avx2` one 256-bit register
//! (chosen at run time); `Portable` does the same on plain arrays, for other machines and to check
//! that all give identical answers.

/// The operations the solver needs, lane by lane unless said otherwise.
pub trait Lanes: Copy {
    fn splat(value: u16) -> Self;
    fn from_array(lanes: [u16; 16]) -> Self;
    fn to_array(self) -> [u16; 16];
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// `self & !other`.
    fn andnot(self, other: Self) -> Self;
    /// Bits set in each lane (lanes hold at most 15 bits).
    fn popcount(self) -> Self;
    /// All ones where the lanes are equal, else zero.
    fn eq(self, other: Self) -> Self;
    /// All ones where the lane is not zero, else zero.
    fn nonzero(self) -> Self;
    fn minus_one(self) -> Self;
    /// Whether any lane is below the other's (lanes below 0x8000).
    fn any_lt(self, other: Self) -> bool;
    fn any_ne(self, other: Self) -> bool;
    fn is_zero(self) -> bool;
    /// Lane (r, c) takes lane (r, c + n mod 4).
    fn rot_rows1(self) -> Self;
    fn rot_rows2(self) -> Self;
    fn rot_rows3(self) -> Self;
    /// Lane (r, c) takes lane (r + n mod 4, c).
    fn rot_cols1(self) -> Self;
    fn rot_cols2(self) -> Self;

    /// Runs the search below a state, compiled for this vector type's instructions.
    ///
    /// # Safety
    /// The machine must have the instructions the type uses.
    unsafe fn search(counter: &mut Counter<Self>, state: &mut State<Self>);
    /// Sets up a puzzle and searches it, compiled for this vector type's instructions.
    ///
    /// # Safety
    /// As for [`Lanes::search`].
    unsafe fn run(counter: &mut Counter<Self>, puzzle: &[Digit; CELLS]);
}

use super::triads::{Counter, State};
use nonet::engine::{Digit, CELLS};

macro_rules! plain_search {
    () => {
        unsafe fn search(counter: &mut Counter<Self>, state: &mut State<Self>) {
            counter.search_body(state)
        }
        unsafe fn run(counter: &mut Counter<Self>, puzzle: &[Digit; CELLS]) {
            counter.run_body(puzzle)
        }
    };
}

/// Plain arrays: the portable path.
#[derive(Clone, Copy)]
pub struct Portable([u16; 16]);

impl Portable {
    #[inline(always)]
    fn map(self, other: Self, f: impl Fn(u16, u16) -> u16) -> Self {
        Portable(std::array::from_fn(|e| f(self.0[e], other.0[e])))
    }
    #[inline(always)]
    fn take(self, from: impl Fn(usize) -> usize) -> Self {
        Portable(std::array::from_fn(|e| self.0[from(e)]))
    }
}

impl Lanes for Portable {
    plain_search!();
    #[inline(always)]
    fn splat(value: u16) -> Self {
        Portable([value; 16])
    }
    #[inline(always)]
    fn from_array(lanes: [u16; 16]) -> Self {
        Portable(lanes)
    }
    #[inline(always)]
    fn to_array(self) -> [u16; 16] {
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
    fn popcount(self) -> Self {
        self.map(self, |a, _| a.count_ones() as u16)
    }
    #[inline(always)]
    fn eq(self, other: Self) -> Self {
        self.map(other, |a, b| if a == b { 0xffff } else { 0 })
    }
    #[inline(always)]
    fn nonzero(self) -> Self {
        self.map(self, |a, _| if a != 0 { 0xffff } else { 0 })
    }
    #[inline(always)]
    fn minus_one(self) -> Self {
        self.map(self, |a, _| a.wrapping_sub(1))
    }
    #[inline(always)]
    fn any_lt(self, other: Self) -> bool {
        (0..16).any(|e| self.0[e] < other.0[e])
    }
    #[inline(always)]
    fn any_ne(self, other: Self) -> bool {
        self.0 != other.0
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0 == [0; 16]
    }
    #[inline(always)]
    fn rot_rows1(self) -> Self {
        self.take(|e| e & !3 | (e + 1) & 3)
    }
    #[inline(always)]
    fn rot_rows2(self) -> Self {
        self.take(|e| e & !3 | (e + 2) & 3)
    }
    #[inline(always)]
    fn rot_rows3(self) -> Self {
        self.take(|e| e & !3 | (e + 3) & 3)
    }
    #[inline(always)]
    fn rot_cols1(self) -> Self {
        self.take(|e| (e + 4) & 15)
    }
    #[inline(always)]
    fn rot_cols2(self) -> Self {
        self.take(|e| (e + 8) & 15)
    }
}

#[cfg(target_arch = "x86_64")]
pub use avx2::Avx2;
#[cfg(target_arch = "x86_64")]
pub use sse2::Sse2;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    // SAFETY (every `unsafe` block below): these run only inside `search` and `run`, which are
    // compiled for AVX2 and called only on machines that have it; the casts between `__m256i`
    // and `[u16; 16]` are between plain 32-byte values.
    use std::arch::x86_64::*;

    use super::{Counter, Digit, Lanes, State, CELLS};

    /// All sixteen lanes in one 256-bit register.
    #[derive(Clone, Copy)]
    pub struct Avx2(__m256i);

    #[inline(always)]
    fn popcount(x: __m256i) -> __m256i {
        unsafe {
            let x = _mm256_sub_epi16(x, _mm256_and_si256(_mm256_srli_epi16(x, 1), _mm256_set1_epi16(0x5555)));
            let m = _mm256_set1_epi16(0x3333);
            let x = _mm256_add_epi16(_mm256_and_si256(x, m), _mm256_and_si256(_mm256_srli_epi16(x, 2), m));
            let x = _mm256_and_si256(_mm256_add_epi16(x, _mm256_srli_epi16(x, 4)), _mm256_set1_epi16(0x0f0f));
            _mm256_and_si256(_mm256_add_epi16(x, _mm256_srli_epi16(x, 8)), _mm256_set1_epi16(0x1f))
        }
    }

    /// Each row (four lanes) rotated by the pattern `R` (`_mm256_shufflelo_epi16`'s).
    #[inline(always)]
    fn rotate_rows<const R: i32>(x: __m256i) -> __m256i {
        unsafe { _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(x, R), R) }
    }

    impl Lanes for Avx2 {
        #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
        unsafe fn search(counter: &mut Counter<Self>, state: &mut State<Self>) {
            counter.search_body(state)
        }
        #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
        unsafe fn run(counter: &mut Counter<Self>, puzzle: &[Digit; CELLS]) {
            counter.run_body(puzzle)
        }
        #[inline(always)]
        fn splat(value: u16) -> Self {
            unsafe { Avx2(_mm256_set1_epi16(value as i16)) }
        }
        #[inline(always)]
        fn from_array(lanes: [u16; 16]) -> Self {
            unsafe { std::mem::transmute::<[u16; 16], Avx2>(lanes) }
        }
        #[inline(always)]
        fn to_array(self) -> [u16; 16] {
            unsafe { std::mem::transmute::<Avx2, [u16; 16]>(self) }
        }
        #[inline(always)]
        fn and(self, other: Self) -> Self {
            unsafe { Avx2(_mm256_and_si256(self.0, other.0)) }
        }
        #[inline(always)]
        fn or(self, other: Self) -> Self {
            unsafe { Avx2(_mm256_or_si256(self.0, other.0)) }
        }
        #[inline(always)]
        fn andnot(self, other: Self) -> Self {
            unsafe { Avx2(_mm256_andnot_si256(other.0, self.0)) }
        }
        #[inline(always)]
        fn popcount(self) -> Self {
            Avx2(popcount(self.0))
        }
        #[inline(always)]
        fn eq(self, other: Self) -> Self {
            unsafe { Avx2(_mm256_cmpeq_epi16(self.0, other.0)) }
        }
        #[inline(always)]
        fn nonzero(self) -> Self {
            unsafe {
                let zero = _mm256_cmpeq_epi16(self.0, _mm256_setzero_si256());
                Avx2(_mm256_andnot_si256(zero, _mm256_set1_epi16(-1)))
            }
        }
        #[inline(always)]
        fn minus_one(self) -> Self {
            unsafe { Avx2(_mm256_sub_epi16(self.0, _mm256_set1_epi16(1))) }
        }
        #[inline(always)]
        fn any_lt(self, other: Self) -> bool {
            unsafe { _mm256_movemask_epi8(_mm256_cmpgt_epi16(other.0, self.0)) != 0 }
        }
        #[inline(always)]
        fn any_ne(self, other: Self) -> bool {
            unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi16(self.0, other.0)) != -1 }
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            unsafe { _mm256_testz_si256(self.0, self.0) == 1 }
        }
        #[inline(always)]
        fn rot_rows1(self) -> Self {
            Avx2(rotate_rows::<0b00_11_10_01>(self.0))
        }
        #[inline(always)]
        fn rot_rows2(self) -> Self {
            Avx2(rotate_rows::<0b01_00_11_10>(self.0))
        }
        #[inline(always)]
        fn rot_rows3(self) -> Self {
            Avx2(rotate_rows::<0b10_01_00_11>(self.0))
        }
        #[inline(always)]
        fn rot_cols1(self) -> Self {
            unsafe { Avx2(_mm256_permute4x64_epi64(self.0, 0b00_11_10_01)) }
        }
        #[inline(always)]
        fn rot_cols2(self) -> Self {
            unsafe { Avx2(_mm256_permute4x64_epi64(self.0, 0b01_00_11_10)) }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    // SAFETY (every `unsafe` block below): SSE2 is part of the x86-64 baseline, so its
    // instructions exist on every machine this module is compiled for; the casts between
    // `__m128i` and `[u16; 8]` are between plain 16-byte values.
    use std::arch::x86_64::*;

    use super::{Counter, Digit, Lanes, State, CELLS};

    /// Rows 0–1 in `lo`, rows 2–3 in `hi`.
    #[derive(Clone, Copy)]
    pub struct Sse2 {
        lo: __m128i,
        hi: __m128i,
    }

    macro_rules! both {
        ($a:expr, $b:expr, $op:ident) => {
            unsafe {
                Sse2 {
                    lo: $op($a.lo, $b.lo),
                    hi: $op($a.hi, $b.hi),
                }
            }
        };
    }

    #[inline(always)]
    fn popcount8(x: __m128i) -> __m128i {
        unsafe {
            let x = _mm_sub_epi16(x, _mm_and_si128(_mm_srli_epi16(x, 1), _mm_set1_epi16(0x5555)));
            let m = _mm_set1_epi16(0x3333);
            let x = _mm_add_epi16(_mm_and_si128(x, m), _mm_and_si128(_mm_srli_epi16(x, 2), m));
            let x = _mm_and_si128(_mm_add_epi16(x, _mm_srli_epi16(x, 4)), _mm_set1_epi16(0x0f0f));
            _mm_and_si128(_mm_add_epi16(x, _mm_srli_epi16(x, 8)), _mm_set1_epi16(0x1f))
        }
    }

    /// Each row (four lanes) rotated by the pattern `R` (`_mm_shufflelo_epi16`'s).
    #[inline(always)]
    fn rotate_rows<const R: i32>(x: __m128i) -> __m128i {
        unsafe { _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, R), R) }
    }

    impl Lanes for Sse2 {
        plain_search!();
        #[inline(always)]
        fn splat(value: u16) -> Self {
            unsafe {
                let v = _mm_set1_epi16(value as i16);
                Sse2 { lo: v, hi: v }
            }
        }
        #[inline(always)]
        fn from_array(lanes: [u16; 16]) -> Self {
            unsafe { std::mem::transmute::<[u16; 16], Sse2>(lanes) }
        }
        #[inline(always)]
        fn to_array(self) -> [u16; 16] {
            unsafe { std::mem::transmute::<Sse2, [u16; 16]>(self) }
        }
        #[inline(always)]
        fn and(self, other: Self) -> Self {
            both!(self, other, _mm_and_si128)
        }
        #[inline(always)]
        fn or(self, other: Self) -> Self {
            both!(self, other, _mm_or_si128)
        }
        #[inline(always)]
        fn andnot(self, other: Self) -> Self {
            // _mm_andnot_si128(a, b) is !a & b.
            both!(other, self, _mm_andnot_si128)
        }
        #[inline(always)]
        fn popcount(self) -> Self {
            Sse2 {
                lo: popcount8(self.lo),
                hi: popcount8(self.hi),
            }
        }
        #[inline(always)]
        fn eq(self, other: Self) -> Self {
            both!(self, other, _mm_cmpeq_epi16)
        }
        #[inline(always)]
        fn nonzero(self) -> Self {
            unsafe {
                let zero = _mm_setzero_si128();
                let ones = _mm_set1_epi16(-1);
                Sse2 {
                    lo: _mm_andnot_si128(_mm_cmpeq_epi16(self.lo, zero), ones),
                    hi: _mm_andnot_si128(_mm_cmpeq_epi16(self.hi, zero), ones),
                }
            }
        }
        #[inline(always)]
        fn minus_one(self) -> Self {
            unsafe {
                let one = _mm_set1_epi16(1);
                Sse2 {
                    lo: _mm_sub_epi16(self.lo, one),
                    hi: _mm_sub_epi16(self.hi, one),
                }
            }
        }
        #[inline(always)]
        fn any_lt(self, other: Self) -> bool {
            unsafe {
                let lt = _mm_or_si128(_mm_cmplt_epi16(self.lo, other.lo), _mm_cmplt_epi16(self.hi, other.hi));
                _mm_movemask_epi8(lt) != 0
            }
        }
        #[inline(always)]
        fn any_ne(self, other: Self) -> bool {
            unsafe {
                let eq = _mm_and_si128(_mm_cmpeq_epi16(self.lo, other.lo), _mm_cmpeq_epi16(self.hi, other.hi));
                _mm_movemask_epi8(eq) != 0xffff
            }
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            unsafe {
                let any = _mm_or_si128(self.lo, self.hi);
                _mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())) == 0xffff
            }
        }
        #[inline(always)]
        fn rot_rows1(self) -> Self {
            Sse2 {
                lo: rotate_rows::<0b00_11_10_01>(self.lo),
                hi: rotate_rows::<0b00_11_10_01>(self.hi),
            }
        }
        #[inline(always)]
        fn rot_rows2(self) -> Self {
            Sse2 {
                lo: rotate_rows::<0b01_00_11_10>(self.lo),
                hi: rotate_rows::<0b01_00_11_10>(self.hi),
            }
        }
        #[inline(always)]
        fn rot_rows3(self) -> Self {
            Sse2 {
                lo: rotate_rows::<0b10_01_00_11>(self.lo),
                hi: rotate_rows::<0b10_01_00_11>(self.hi),
            }
        }
        #[inline(always)]
        fn rot_cols1(self) -> Self {
            unsafe {
                let (lo, hi) = (_mm_castsi128_pd(self.lo), _mm_castsi128_pd(self.hi));
                Sse2 {
                    lo: _mm_castpd_si128(_mm_shuffle_pd(lo, hi, 0b01)),
                    hi: _mm_castpd_si128(_mm_shuffle_pd(hi, lo, 0b01)),
                }
            }
        }
        #[inline(always)]
        fn rot_cols2(self) -> Self {
            Sse2 {
                lo: self.hi,
                hi: self.lo,
            }
        }
    }
}
