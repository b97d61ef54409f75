//! The SSSE3 kernel: the generic algorithm on 16-byte vectors, for x86_64 CPUs without AVX2.
//! `PSHUFB` is the one instruction it needs beyond SSE2. One place differs from the other
//! 16-byte kernels: SSSE3 lacks SSE4.1's `PBLENDVB`, so blends are AND/ANDNOT/OR.

use core::arch::x86_64::*;

use crate::kernel::vector::Vector;

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

super::sse2_bytes!(Ssse3);

// SAFETY: as for `Bytes`.
unsafe impl Vector for Ssse3 {
    crate::kernel::vector::one_lane!();
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
    fn ahead<const N: usize>(self) -> Self {
        Ssse3(ssse3!(if N == 1 {
            _mm_srli_si128::<1>(self.0)
        } else {
            _mm_srli_si128::<2>(self.0)
        }))
    }
    #[inline(always)]
    fn prefetch<const WRITE: bool>(p: *const u8) {
        super::prefetch::<WRITE>(p);
    }
}

crate::kernel::vector::own_lane!(Ssse3, compact8(v, idx, p) =>
    _mm_storel_epi64(p.cast(), _mm_shuffle_epi8(v, _mm_cvtsi64_si128(idx as i64))));

crate::kernel::generic::entry_points!("ssse3", Ssse3);
