//! The wasm simd128 kernel: the generic algorithm on 16-byte vectors (the playground runs
//! it). `i8x16_swizzle` is `PSHUFB` for every index the tables use and `i8x16_bitmask` is
//! `PMOVMSKB`. What differs: wasm has no prefetch instruction.

use core::arch::wasm32::*;

use crate::kernel::vector::{Bytes, Vector};

/// A 16-byte vector of the simd128 kernel.
#[derive(Clone, Copy)]
pub(crate) struct Simd128(v128);

// SAFETY: this module is compiled only with simd128 enabled at build time, and a module
// using it runs only on engines that have it.
unsafe impl Bytes for Simd128 {
    const BYTES: usize = 16;
    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        Simd128(u8x16_splat(b))
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller's bound; `v128.load` needs no alignment.
        Simd128(unsafe { v128_load(p.cast()) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller's bound; `v128.store` needs no alignment.
        unsafe { v128_store(p.cast(), self.0) }
    }
    #[inline(always)]
    fn eq(self, b: Self) -> Self {
        Simd128(i8x16_eq(self.0, b.0))
    }
    #[inline(always)]
    fn or(self, b: Self) -> Self {
        Simd128(v128_or(self.0, b.0))
    }
    #[inline(always)]
    fn movemask(self) -> u64 {
        u64::from(i8x16_bitmask(self.0))
    }
}

// SAFETY: as for `Bytes`.
unsafe impl Vector for Simd128 {
    crate::kernel::vector::one_lane!();
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        Simd128(v128_and(self.0, b.0))
    }
    #[inline(always)]
    fn andnot(self, b: Self) -> Self {
        Simd128(v128_andnot(b.0, self.0))
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        Simd128(u8x16_add(self.0, b.0))
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
    fn lookup(self, idx: Self) -> Self {
        Simd128(i8x16_swizzle(self.0, idx.0))
    }
    #[inline(always)]
    fn select(self, a: Self, b: Self) -> Self {
        Simd128(v128_bitselect(b.0, a.0, self.0))
    }
    #[inline(always)]
    fn zip32<const HIGH: bool>(self, b: Self) -> Self {
        Simd128(if HIGH {
            i32x4_shuffle::<2, 6, 3, 7>(self.0, b.0)
        } else {
            i32x4_shuffle::<0, 4, 1, 5>(self.0, b.0)
        })
    }
    #[inline(always)]
    fn zip64<const HIGH: bool>(self, b: Self) -> Self {
        Simd128(if HIGH {
            i64x2_shuffle::<1, 3>(self.0, b.0)
        } else {
            i64x2_shuffle::<0, 2>(self.0, b.0)
        })
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
