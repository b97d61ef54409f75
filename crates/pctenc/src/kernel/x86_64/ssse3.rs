//! The SSSE3 kernel: the generic algorithm on 16-byte vectors, for x86_64 CPUs without AVX2.
//! `PSHUFB` is the one instruction it needs beyond SSE2. One place differs from the other
//! 16-byte kernels: SSSE3 lacks SSE4.1's `PBLENDVB`, so blends are AND/ANDNOT/OR.

use core::arch::x86_64::*;

use crate::kernel::vector::{ops, simd, Vector};

/// A 16-byte vector of the SSSE3 kernel, and a lane of the AVX2 and AVX-512 kernels (whose
/// instruction sets imply SSSE3; there, its instructions are VEX-encoded).
#[derive(Clone, Copy)]
pub(crate) struct Ssse3(pub(super) __m128i);

super::sse2_bytes!(Ssse3);

// SAFETY: as for `Bytes`.
unsafe impl Vector for Ssse3 {
    crate::kernel::vector::one_lane!();
    ops! { Ssse3:
        and(b) => _mm_and_si128; andnot(b) => _mm_andnot_si128; add(b) => _mm_add_epi8;
        shl4() => _mm_slli_epi16::<4>; lookup(b) => _mm_shuffle_epi8;
        zip32<HIGH>(b) => _mm_unpacklo_epi32, _mm_unpackhi_epi32;
        zip64<HIGH>(b) => _mm_unpacklo_epi64, _mm_unpackhi_epi64;
    }
    #[inline(always)]
    fn high_nibbles(self) -> Self {
        Ssse3(simd!(_mm_and_si128(_mm_srli_epi16::<4>(self.0), _mm_set1_epi8(0x0F))))
    }
    #[inline(always)]
    fn select(self, a: Self, b: Self) -> Self {
        Ssse3(simd!(_mm_or_si128(_mm_andnot_si128(self.0, a.0), _mm_and_si128(self.0, b.0))))
    }
    #[inline(always)]
    fn ahead<const N: usize>(self) -> Self {
        Ssse3(simd!(if N == 1 { _mm_srli_si128::<1>(self.0) } else { _mm_srli_si128::<2>(self.0) }))
    }
    super::prefetch!();
}

crate::kernel::vector::own_lane!(Ssse3, compact8(v, idx, p) =>
    _mm_storel_epi64(p.cast(), _mm_shuffle_epi8(v, _mm_cvtsi64_si128(idx as i64))));

crate::kernel::generic::entry_points!("ssse3", Ssse3);
