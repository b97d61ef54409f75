//! The wasm simd128 kernel: the generic algorithm on 16-byte vectors (the playground runs
//! it). `i8x16_swizzle` is `PSHUFB` for every index the tables use and `i8x16_bitmask` is
//! `PMOVMSKB`. What differs: wasm has no prefetch instruction.

use core::arch::wasm32::*;

use crate::kernel::vector::{ops, Vector};

/// A 16-byte vector of the simd128 kernel.
#[derive(Clone, Copy)]
pub(crate) struct Simd128(v128);

crate::kernel::vector::bytes! { Simd128(16):
    splat u8x16_splat, load v128_load, store v128_store;
    ops! { Simd128: eq(b) => i8x16_eq; or(b) => v128_or; }
    #[inline(always)]
    fn movemask(self) -> u64 {
        u64::from(i8x16_bitmask(self.0))
    }
}

// SAFETY: as for `Bytes`.
unsafe impl Vector for Simd128 {
    crate::kernel::vector::one_lane!();
    ops! { Simd128:
        and(b) => v128_and; add(b) => u8x16_add; lookup(b) => i8x16_swizzle;
        zip32<HIGH>(b) => i32x4_shuffle::<0, 4, 1, 5>, i32x4_shuffle::<2, 6, 3, 7>;
        zip64<HIGH>(b) => i64x2_shuffle::<0, 2>, i64x2_shuffle::<1, 3>;
    }
    #[inline(always)]
    fn andnot(self, b: Self) -> Self {
        Simd128(v128_andnot(b.0, self.0))
    }
    #[inline(always)]
    fn high_nibbles(self) -> Self {
        Simd128(u8x16_shr(self.0, 4))
    }
    #[inline(always)]
    fn shl4(self) -> Self {
        Simd128(i8x16_shl(self.0, 4))
    }
    #[inline(always)]
    fn select(self, a: Self, b: Self) -> Self {
        Simd128(v128_bitselect(b.0, a.0, self.0))
    }
    #[inline(always)]
    fn ahead<const N: usize>(self) -> Self {
        let z = u8x16_splat(0);
        Simd128(if N == 1 {
            i8x16_shuffle::<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16>(self.0, z)
        } else {
            i8x16_shuffle::<2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>(self.0, z)
        })
    }
}

crate::kernel::vector::own_lane!(Simd128, compact8(v, idx, p) =>
    v128_store64_lane::<0>(i8x16_swizzle(v, u64x2(idx, 0)), p.cast()));

crate::kernel::generic::entry_points!("simd128", Simd128);
