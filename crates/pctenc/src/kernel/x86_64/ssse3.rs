//! The SSSE3 kernel: the generic algorithm on 16-byte vectors, for x86_64 CPUs without AVX2.
//! `PSHUFB` is the one instruction it needs beyond SSE2. One place differs from the other
//! 16-byte kernels: SSSE3 lacks SSE4.1's `PBLENDVB`, so blends are AND/ANDNOT/OR.

use core::arch::x86_64::*;

use crate::kernel::tables::{COMPACT, EXPAND, GROUP_LEN};
use crate::kernel::vector::{Bytes, Lane, Vector};

/// A 16-byte vector of the SSSE3 kernel.
#[derive(Clone, Copy)]
pub(crate) struct Ssse3(__m128i);

/// `unsafe { $e }` for SSSE3 instructions.
macro_rules! ssse3 {
    ($e:expr) => {
        // SAFETY: values of `Ssse3` exist only where the CPU has SSSE3 (`kernel::vector`).
        unsafe { $e }
    };
}

// SAFETY: every method executes SSE2 (baseline) or SSSE3 instructions, and a value of the
// type is made only by the constructors, whose callers promise SSSE3.
unsafe impl Bytes for Ssse3 {
    const BYTES: usize = 16;
    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        Ssse3(ssse3!(_mm_set1_epi8(b as i8)))
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller's bound; `loadu` needs no alignment.
        Ssse3(unsafe { _mm_loadu_si128(p.cast()) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller's bound; `storeu` needs no alignment.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    fn eq(self, b: Self) -> Self {
        Ssse3(ssse3!(_mm_cmpeq_epi8(self.0, b.0)))
    }
    #[inline(always)]
    fn or(self, b: Self) -> Self {
        Ssse3(ssse3!(_mm_or_si128(self.0, b.0)))
    }
    #[inline(always)]
    fn movemask(self) -> u32 {
        ssse3!(_mm_movemask_epi8(self.0)) as u32
    }
}

// SAFETY: as for `Bytes`.
unsafe impl Vector for Ssse3 {
    const LANES: usize = 1;
    type Lane = Self;
    type Order = ();
    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes.
        unsafe { <Self as Bytes>::load(t.as_ptr()) }
    }
    #[inline(always)]
    unsafe fn order() {}
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        Ssse3(ssse3!(_mm_and_si128(self.0, b.0)))
    }
    #[inline(always)]
    fn andnot(self, b: Self) -> Self {
        Ssse3(ssse3!(_mm_andnot_si128(self.0, b.0)))
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        Ssse3(ssse3!(_mm_add_epi8(self.0, b.0)))
    }
    #[inline(always)]
    fn high_nibbles(self) -> Self {
        Ssse3(ssse3!(_mm_and_si128(_mm_srli_epi16::<4>(self.0), _mm_set1_epi8(0x0F))))
    }
    #[inline(always)]
    fn shl4(self) -> Self {
        Ssse3(ssse3!(_mm_slli_epi16::<4>(self.0)))
    }
    #[inline(always)]
    fn lookup(self, idx: Self) -> Self {
        Ssse3(ssse3!(_mm_shuffle_epi8(self.0, idx.0)))
    }
    #[inline(always)]
    fn select(self, a: Self, b: Self) -> Self {
        Ssse3(ssse3!(_mm_or_si128(_mm_andnot_si128(self.0, a.0), _mm_and_si128(self.0, b.0))))
    }
    #[inline(always)]
    fn zip32<const HIGH: bool>(self, b: Self) -> Self {
        Ssse3(ssse3!(if HIGH {
            _mm_unpackhi_epi32(self.0, b.0)
        } else {
            _mm_unpacklo_epi32(self.0, b.0)
        }))
    }
    #[inline(always)]
    fn zip64<const HIGH: bool>(self, b: Self) -> Self {
        Ssse3(ssse3!(if HIGH {
            _mm_unpackhi_epi64(self.0, b.0)
        } else {
            _mm_unpacklo_epi64(self.0, b.0)
        }))
    }
    #[inline(always)]
    fn pair_order<const INVERSE: bool>(self, _: &()) -> Self {
        self
    }
    #[inline(always)]
    fn ahead<const N: usize>(self) -> Self {
        Ssse3(ssse3!(if N == 1 {
            _mm_srli_si128::<1>(self.0)
        } else {
            _mm_srli_si128::<2>(self.0)
        }))
    }
    #[inline(always)]
    fn lane(self, _: usize) -> Self {
        self
    }
    #[inline(always)]
    unsafe fn expand_pattern(m4: usize) -> Self {
        // SAFETY: the entry is 16 readable bytes.
        unsafe { <Self as Bytes>::load(EXPAND[m4 >> 2 & 15].as_ptr()) }
    }
    #[inline(always)]
    unsafe fn expand_len(m4: usize, _: usize) -> u32 {
        GROUP_LEN[m4 >> 2 & 15]
    }
    #[inline(always)]
    fn prefetch<const WRITE: bool>(p: *const u8) {
        super::prefetch::<WRITE>(p);
    }
}

// SAFETY: as for `Bytes`.
unsafe impl Lane for Ssse3 {
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller's bound.
        unsafe { <Self as Bytes>::load(p) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller's bound.
        unsafe { <Self as Bytes>::store(self, p) }
    }
    #[inline(always)]
    fn lookup(self, idx: Self) -> Self {
        <Self as Vector>::lookup(self, idx)
    }
    #[inline(always)]
    unsafe fn compact8<const HIGH: bool>(self, keep: usize, p: *mut u8) {
        let idx = COMPACT[HIGH as usize][keep & 0xFF] as i64;
        // SAFETY: the caller's bound (8 bytes); SSSE3 as in `lookup`.
        unsafe { _mm_storel_epi64(p.cast(), _mm_shuffle_epi8(self.0, _mm_cvtsi64_si128(idx))) }
    }
}

crate::kernel::generic::entry_points!("ssse3", Ssse3);
