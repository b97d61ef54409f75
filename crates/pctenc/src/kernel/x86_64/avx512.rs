//! The AVX-512 kernel (F, BW, VBMI, VBMI2, with BMI2 and POPCNT): the generic algorithm on
//! 64-byte vectors of four 16-byte lanes. Its own is what the instruction set does in one
//! instruction where the others need tables: VBMI2's byte compress ([`Vector::COMPRESS`]:
//! `expand` puts each byte and its two digits in three slots and compresses them; see
//! docs/kernels.md, "AVX-512's compress"), and VBMI's 128-byte lookup of hex digits.
//!
//! Compress goes to a register, then to memory with a plain store: the memory form of
//! `VPCOMPRESSB` is microcoded on AMD Zen 4. Comparisons give k-masks; the vector form the
//! trait speaks (`VPMOVM2B`) and its `movemask` (`VPMOVB2M`) cancel out in the compiler.
//!
//! CPUs with AVX-512 BW but without VBMI2 (Skylake-X, Cascade Lake) run the AVX2 kernel; CI,
//! without AVX-512, runs this one under an emulator (`scripts/test.d/57-avx512emu.sh`).

use core::arch::x86_64::*;

use super::ssse3::Ssse3;
use crate::kernel::scalar::UNHEX;
use crate::kernel::tables::table;
use crate::kernel::vector::{ops, simd, Bytes, Vector};

/// A 64-byte vector of the AVX-512 kernel.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(__m512i);

/// The first of the three output slots of each of 16 input bytes (`0b…001001001`, 48 bits:
/// the sum of `8^j` for `j < 16`, which is `(2^48 - 1) / 7`).
const FIRST: u64 = ((1 << 48) - 1) / 7;
const _: () = assert!(FIRST.count_ones() == 16 && 64 - (FIRST << 2).leading_zeros() == 48);

/// For input group `g` (bytes `16g..16g+16`), the `VPERMT2B` indices that put byte `j` in
/// slot `3j` and its high hex digit (index + 64: the second table) in slot `3j + 1`. Slot
/// `3j + 2` takes the low digit afterwards; slots `48..64` are never kept.
const TRIPLE: [[u8; 64]; 4] = table!([[0; 64]; 4], |g| {
    table!([0; 64], |s| {
        let src = (16 * g + s / 3) as u8;
        if s >= 48 {
            0
        } else if s % 3 == 1 {
            64 + src
        } else {
            src
        }
    })
});

crate::kernel::vector::bytes! { Avx512(64):
    splat _mm512_set1_epi8, load _mm512_loadu_si512, store _mm512_storeu_si512;
    ops! { Avx512: or(b) => _mm512_or_si512; }
    #[inline(always)]
    fn eq(self, b: Self) -> Self {
        Avx512(simd!(_mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self.0, b.0))))
    }
    #[inline(always)]
    fn movemask(self) -> u64 {
        simd!(_mm512_movepi8_mask(self.0))
    }
}

// SAFETY: as for `Bytes`.
unsafe impl Vector for Avx512 {
    const LANES: usize = 4;
    type Lane = Ssse3;
    const COMPRESS: bool = true;
    const MASKED: bool = true;
    #[inline(always)]
    unsafe fn load_at(q: *const u8, n: usize, k: usize) -> Self {
        let keep = n.saturating_sub(k).min(64) as u32;
        // SAFETY: the caller's bound; the bytes the mask leaves out are not read (nor fault).
        Avx512(unsafe { _mm512_maskz_loadu_epi8(_bzhi_u64(!0, keep), q.wrapping_add(k).cast()) })
    }
    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes; the instruction set as promised.
        Avx512(unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) })
    }
    ops! { Avx512:
        and(b) => _mm512_and_si512; andnot(b) => _mm512_andnot_si512; add(b) => _mm512_add_epi8;
        shl4() => _mm512_slli_epi16::<4>; lookup(b) => _mm512_shuffle_epi8;
        zip32<HIGH>(b) => _mm512_unpacklo_epi32, _mm512_unpackhi_epi32;
        zip64<HIGH>(b) => _mm512_unpacklo_epi64, _mm512_unpackhi_epi64;
    }
    #[inline(always)]
    unsafe fn hex_tables() -> [Self; 3] {
        // SAFETY: `UNHEX` has 256 readable bytes; the instruction set as promised.
        unsafe { [Self::load(UNHEX.as_ptr()), Self::load(UNHEX[64..].as_ptr()), Self::splat(0)] }
    }
    /// One `VPERMI2B` a digit: each byte's low 7 bits looked up in `UNHEX[..128]`, whose bit
    /// 7 (or the byte's own) marks a non-digit (docs/kernels.md, "Fixed-stride step").
    #[inline(always)]
    fn hex_pair(one: Self, two: Self, t: &[Self; 3]) -> (Self, Self) {
        simd!({
            let h = _mm512_permutex2var_epi8(t[0].0, one.0, t[1].0);
            let l = _mm512_permutex2var_epi8(t[0].0, two.0, t[1].0);
            let bad = _mm512_or_si512(_mm512_or_si512(h, one.0), _mm512_or_si512(l, two.0));
            // The 16-bit shift moves a byte's high nibble into the next byte's low one,
            // which the mask clears: 0xF0 & (h << 4) | l.
            let h4 = _mm512_slli_epi16::<4>(h);
            (Avx512(bad), Avx512(_mm512_ternarylogic_epi32::<0xEA>(h4, _mm512_set1_epi8(-16), l)))
        })
    }
    #[inline(always)]
    fn high_nibbles(self) -> Self {
        Avx512(simd!(_mm512_and_si512(_mm512_srli_epi16::<4>(self.0), _mm512_set1_epi8(0x0F))))
    }
    #[inline(always)]
    fn select(self, a: Self, b: Self) -> Self {
        Avx512(simd!(_mm512_mask_blend_epi8(_mm512_movepi8_mask(self.0), a.0, b.0)))
    }
    #[inline(always)]
    fn ahead<const N: usize>(self) -> Self {
        simd!({
            // The lanes moved down one (zeros in the top one), then per lane the pair
            // [next : this] shifted by N bytes: as AVX2's, with `VALIGND` for `VPERM2I128`.
            let up = _mm512_alignr_epi32::<4>(_mm512_setzero_si512(), self.0);
            Avx512(if N == 1 {
                _mm512_alignr_epi8::<1>(up, self.0)
            } else {
                _mm512_alignr_epi8::<2>(up, self.0)
            })
        })
    }
    #[inline(always)]
    fn lane(self, i: usize) -> Ssse3 {
        Ssse3(simd!(match i {
            0 => _mm512_castsi512_si128(self.0),
            1 => _mm512_extracti32x4_epi32::<1>(self.0),
            2 => _mm512_extracti32x4_epi32::<2>(self.0),
            _ => _mm512_extracti32x4_epi32::<3>(self.0),
        }))
    }
    #[inline(always)]
    unsafe fn expand(x: Self, h: Self, l: Self, pct: Self, mask: u64, dst: *mut u8) -> usize {
        let mut o = 0usize;
        for (g, idx) in TRIPLE.iter().enumerate() {
            let esc = mask >> (16 * g) & 0xFFFF;
            // SAFETY: each table row is 64 readable bytes; each earlier group of 16 bytes
            // wrote at most 48, so o <= 144 and the store ends within `encode_room` (208),
            // the caller's bound. BMI2 and the vector instructions as promised.
            unsafe {
                let idx = _mm512_loadu_si512(idx.as_ptr().cast());
                let first = _pdep_u64(esc, FIRST);
                let t = _mm512_permutex2var_epi8(x.0, idx, h.0);
                let t = _mm512_mask_permutexvar_epi8(t, FIRST << 2, idx, l.0);
                let t = _mm512_mask_mov_epi8(t, first, pct.0);
                let keep = FIRST | first << 1 | first << 2;
                _mm512_storeu_si512(dst.add(o).cast(), _mm512_maskz_compress_epi8(keep, t));
            }
            o += 16 + 2 * esc.count_ones() as usize;
        }
        o
    }
    #[inline(always)]
    unsafe fn compact(self, keep: u64, dst: *mut u8) -> usize {
        // SAFETY: the caller's bound (64 bytes at `dst`); the instruction set as promised.
        unsafe { _mm512_storeu_si512(dst.cast(), _mm512_maskz_compress_epi8(keep, self.0)) };
        keep.count_ones() as usize
    }
    super::prefetch!();
}

crate::kernel::generic::entry_points!(
    "avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx2,bmi2,popcnt",
    Avx512
);
