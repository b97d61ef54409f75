//! Lookup tables for the SIMD kernels, computed by `const fn` from the readable definitions.
//!
//! Nothing here is typed by hand: the nibble tables come from an [`AsciiSet`], the shuffle
//! tables from the layout they shuffle. The unit tests check each table against the
//! definition it was derived from, so a SIMD kernel that uses them can only be as wrong as
//! its own loop.
//!
//! The classification tables ([`Nibbles`], [`HI_NIBBLE`]) are part of a
//! [`Profile`](crate::profile::Profile) and are built with it, so they live below the
//! kernels, in [`crate::profile::nibbles`] (which explains how two 16-byte tables classify
//! any set); they are re-exported here beside the tables that only the kernels use.
//!
//! [`AsciiSet`]: crate::set::AsciiSet

pub use crate::profile::nibbles::{Nibbles, HI_NIBBLE};

/// Encode expansion, one entry per 4-bit escape mask `m` of four input bytes: a `PSHUFB`
/// pattern over the 16-byte source `[x0 x1 x2 x3 H0 H1 H2 H3 L0 L1 L2 L3 % % % %]` that
/// writes `x_j` for a kept byte and `% H_j L_j` for an escaped one. Unused lanes are `0x80`
/// (zero). The output is `4 + 2 * popcount(m)` bytes long.
pub const EXPAND: [[u8; 16]; 16] = {
    let mut t = [[0x80u8; 16]; 16];
    let mut m = 0;
    while m < 16 {
        let mut w = 0;
        let mut j = 0;
        while j < 4 {
            if m >> j & 1 == 1 {
                t[m][w] = 12;
                t[m][w + 1] = 4 + j as u8;
                t[m][w + 2] = 8 + j as u8;
                w += 3;
            } else {
                t[m][w] = j as u8;
                w += 1;
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// Output length of a group of 4 input bytes, by escape mask: `4 + 2 * popcount(m)`.
pub const GROUP_LEN: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut m = 0;
    while m < 16 {
        t[m] = 4 + 2 * (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// Set bits per byte value: for CPUs without `POPCNT`.
pub const KEPT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        t[k] = (k as u32).count_ones() as u8;
        k += 1;
    }
    t
};

/// Decode compaction, one entry per 8-bit keep mask: the `PSHUFB` indices (as a
/// little-endian `u64`) that gather the kept bytes of an 8-byte group to its front.
pub const COMPACT: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut k = 0;
    while k < 256 {
        let mut bytes = [0x80u8; 8];
        let mut w = 0;
        let mut j = 0;
        while j < 8 {
            if k >> j & 1 == 1 {
                bytes[w] = j as u8;
                w += 1;
            }
            j += 1;
        }
        t[k] = u64::from_le_bytes(bytes);
        k += 1;
    }
    t
};

/// Encode expansion of two 4-byte groups in one 256-bit `VPSHUFB` (the AVX2 kernel), one
/// entry per 8-bit escape mask `m` of eight input bytes: the low 128-bit lane is
/// [`EXPAND`]`[m & 15]` (group A, bytes 0..4), the high lane [`EXPAND`]`[m >> 4]` (group B,
/// bytes 4..8). Their output lengths are [`PAIR_LEN`]`[m]`.
#[repr(C, align(32))]
pub struct PairExpand(pub [[u8; 32]; 256]);

/// [`PairExpand`]'s table (8 KiB; each entry 32-byte aligned, so within one cache line).
pub static EXPAND_PAIR: PairExpand = PairExpand({
    let mut t = [[0u8; 32]; 256];
    let mut m = 0;
    while m < 256 {
        let mut j = 0;
        while j < 16 {
            t[m][j] = EXPAND[m & 15][j];
            t[m][16 + j] = EXPAND[m >> 4][j];
            j += 1;
        }
        m += 1;
    }
    t
});

/// The output lengths of the two groups of [`EXPAND_PAIR`]`[m]`, as `u32` (which the kernel
/// adds to its 32-bit offset straight from memory).
pub static PAIR_LEN: [[u32; 2]; 256] = {
    let mut t = [[0u32; 2]; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = [GROUP_LEN[m & 15] as u32, GROUP_LEN[m >> 4] as u32];
        m += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expand_writes_the_escapes() {
        let src = *b"abcdHIJKLMNO%%%%";
        for (m, pattern) in EXPAND.iter().enumerate() {
            let out: alloc::vec::Vec<u8> =
                pattern.iter().take_while(|&&i| i < 16).map(|&i| src[i as usize]).collect();
            let mut want = alloc::vec::Vec::new();
            for j in 0..4 {
                if m >> j & 1 == 1 {
                    want.extend_from_slice(&[b'%', src[4 + j], src[8 + j]]);
                } else {
                    want.push(src[j]);
                }
            }
            assert_eq!(out, want, "mask {m:04b}");
        }
    }

    #[test]
    fn compact_gathers_kept_bytes() {
        for (k, &idx) in COMPACT.iter().enumerate() {
            let got: alloc::vec::Vec<u8> =
                idx.to_le_bytes().iter().take_while(|&&i| i < 8).copied().collect();
            let want: alloc::vec::Vec<u8> = (0..8u8).filter(|j| k >> j & 1 == 1).collect();
            assert_eq!(got, want, "keep {k:08b}");
        }
    }

    #[test]
    fn expand_pair_is_two_groups_and_their_lengths() {
        for (m, entry) in EXPAND_PAIR.0.iter().enumerate() {
            for (lane, g) in [(0, m & 15), (1, m >> 4)] {
                assert_eq!(entry[16 * lane..16 * lane + 16], EXPAND[g], "mask {m:08b}");
                assert_eq!(PAIR_LEN[m][lane], 4 + 2 * (g as u32).count_ones(), "mask {m:08b}");
            }
        }
    }
}
