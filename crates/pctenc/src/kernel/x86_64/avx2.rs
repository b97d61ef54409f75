//! The AVX2 kernel: the generic algorithm on 32-byte vectors of two 16-byte lanes. What is
//! its own: `VPSHUFB` looks up within each lane, so the 4-byte groups are put in pair order
//! first (`VPERMD`) and one shuffle expands two groups (`EXPAND_PAIR`); and the decode
//! step's look at the bytes 1 and 2 on crosses lanes with `VPERM2I128` + `VPALIGNR`.

use core::arch::x86_64::*;

use super::ssse3::Ssse3;
use crate::kernel::vector::{ops, simd, Vector};

/// A 32-byte vector of the AVX2 kernel.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(__m256i);

crate::kernel::vector::bytes! { Avx2(32):
    splat _mm256_set1_epi8, load _mm256_loadu_si256, store _mm256_storeu_si256;
    ops! { Avx2: eq(b) => _mm256_cmpeq_epi8; or(b) => _mm256_or_si256; }
    #[inline(always)]
    fn movemask(self) -> u64 {
        simd!(_mm256_movemask_epi8(self.0)) as u32 as u64
    }
}

/// The dword orders of [`Vector::pair_order`]: groups 0, 2, 4, 6 to lane 0 and 1, 3, 5, 7
/// to lane 1, and back.
#[repr(C, align(32))]
struct PairOrder([i32; 8], [i32; 8]);

static PAIR_ORDER: PairOrder = PairOrder([0, 2, 4, 6, 1, 3, 5, 7], [0, 4, 1, 5, 2, 6, 3, 7]);

// SAFETY: as for `Bytes`.
unsafe impl Vector for Avx2 {
    const LANES: usize = 2;
    type Lane = Ssse3;
    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes; AVX2 as promised.
        Avx2(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) })
    }
    /// Read through volatile loads: the compiler cannot see the constant, so it keeps one
    /// `VPERMD` per use rather than splitting the known permutation into two instructions.
    #[inline(always)]
    unsafe fn order() -> (Self, Self) {
        let at = |v: &[i32; 8]| {
            // SAFETY: `v` is 32 bytes of a 32-byte aligned static, initialised and never
            // written, and `__m256i` has that size and alignment.
            Avx2(unsafe { core::ptr::read_volatile(v.as_ptr().cast::<__m256i>()) })
        };
        (at(&PAIR_ORDER.0), at(&PAIR_ORDER.1))
    }
    ops! { Avx2:
        and(b) => _mm256_and_si256; andnot(b) => _mm256_andnot_si256; add(b) => _mm256_add_epi8;
        shl4() => _mm256_slli_epi16::<4>; lookup(b) => _mm256_shuffle_epi8;
        zip32<HIGH>(b) => _mm256_unpacklo_epi32, _mm256_unpackhi_epi32;
        zip64<HIGH>(b) => _mm256_unpacklo_epi64, _mm256_unpackhi_epi64;
    }
    #[inline(always)]
    fn high_nibbles(self) -> Self {
        Avx2(simd!(_mm256_and_si256(_mm256_srli_epi16::<4>(self.0), _mm256_set1_epi8(0x0F))))
    }
    #[inline(always)]
    fn select(self, a: Self, b: Self) -> Self {
        Avx2(simd!(_mm256_blendv_epi8(a.0, b.0, self.0)))
    }
    #[inline(always)]
    fn pair_order<const INVERSE: bool>(self, order: &(Self, Self)) -> Self {
        let idx = if INVERSE { order.1 .0 } else { order.0 .0 };
        Avx2(simd!(_mm256_permutevar8x32_epi32(self.0, idx)))
    }
    #[inline(always)]
    fn ahead<const N: usize>(self) -> Self {
        simd!({
            let up = _mm256_permute2x128_si256::<0x81>(self.0, self.0);
            Avx2(if N == 1 {
                _mm256_alignr_epi8::<1>(up, self.0)
            } else {
                _mm256_alignr_epi8::<2>(up, self.0)
            })
        })
    }
    #[inline(always)]
    fn lane(self, i: usize) -> Ssse3 {
        Ssse3(simd!(if i == 0 {
            _mm256_castsi256_si128(self.0)
        } else {
            _mm256_extracti128_si256::<1>(self.0)
        }))
    }
    #[inline(always)]
    fn opaque(x: usize) -> usize {
        // Miri runs no inline assembly: there, the identity the template stands for.
        #[cfg(miri)]
        return x;
        #[cfg(not(miri))]
        {
            let mut x = x;
            // SAFETY: an empty template: no instruction, no memory access; only the register.
            unsafe { core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack)) };
            x
        }
    }
    super::prefetch!();
}

crate::kernel::generic::entry_points!("avx2,popcnt", Avx2);
