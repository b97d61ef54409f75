//! The NEON kernel: the generic algorithm on 16-byte vectors. `TBL` is `PSHUFB` for every
//! index the tables use. What differs from x86: NEON has no `PMOVMSKB`, so `movemask` ANDs
//! the lanes with their bit weights and sums each half (`ADDV`); and there is no stable
//! prefetch intrinsic. Only tested under qemu-user here (scripts/test.d/55-aarch64.sh); not
//! timed on real hardware.

use core::arch::aarch64::*;

use crate::kernel::vector::{ops, simd, Vector};

/// A 16-byte vector of the NEON kernel.
#[derive(Clone, Copy)]
pub(crate) struct Neon(uint8x16_t);

crate::kernel::vector::bytes! { Neon(16):
    splat vdupq_n_u8, load vld1q_u8, store vst1q_u8;
    ops! { Neon: eq(b) => vceqq_u8; or(b) => vorrq_u8; }
    #[inline(always)]
    fn movemask(self) -> u64 {
        const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        simd!({
            let m = vandq_u8(self.0, vld1q_u8(WEIGHTS.as_ptr()));
            u64::from(vaddv_u8(vget_low_u8(m))) | u64::from(vaddv_u8(vget_high_u8(m))) << 8
        })
    }
}

// SAFETY: as for `Bytes`.
unsafe impl Vector for Neon {
    crate::kernel::vector::one_lane!();
    ops! { Neon:
        and(b) => vandq_u8; add(b) => vaddq_u8; lookup(b) => vqtbl1q_u8;
        high_nibbles() => vshrq_n_u8::<4>; shl4() => vshlq_n_u8::<4>;
    }
    #[inline(always)]
    fn andnot(self, b: Self) -> Self {
        Neon(simd!(vbicq_u8(b.0, self.0)))
    }
    #[inline(always)]
    fn select(self, a: Self, b: Self) -> Self {
        Neon(simd!(vbslq_u8(self.0, b.0, a.0)))
    }
    #[inline(always)]
    fn zip32<const HIGH: bool>(self, b: Self) -> Self {
        simd!({
            let (a, b) = (vreinterpretq_u32_u8(self.0), vreinterpretq_u32_u8(b.0));
            Neon(vreinterpretq_u8_u32(if HIGH { vzip2q_u32(a, b) } else { vzip1q_u32(a, b) }))
        })
    }
    #[inline(always)]
    fn zip64<const HIGH: bool>(self, b: Self) -> Self {
        simd!({
            let (a, b) = (vreinterpretq_u64_u8(self.0), vreinterpretq_u64_u8(b.0));
            Neon(vreinterpretq_u8_u64(if HIGH { vzip2q_u64(a, b) } else { vzip1q_u64(a, b) }))
        })
    }
    #[inline(always)]
    fn ahead<const N: usize>(self) -> Self {
        simd!({
            let zero = vdupq_n_u8(0);
            Neon(if N == 1 { vextq_u8::<1>(self.0, zero) } else { vextq_u8::<2>(self.0, zero) })
        })
    }
}

crate::kernel::vector::own_lane!(Neon, compact8(v, idx, p) =>
    vst1_u8(p, vqtbl1_u8(v, vcreate_u8(idx))));

crate::kernel::generic::entry_points!("neon", Neon);
