//! Lookup tables for the SIMD kernels, computed by `const fn` from the readable definitions.
//!
//! Nothing here is typed by hand: the nibble tables come from an [`AsciiSet`], the shuffle
//! tables from the layout they shuffle. The unit tests check each table against the
//! definition it was derived from, so a SIMD kernel that uses them can only be as wrong as
//! its own loop.
//!
//! # Classifying any set with two 16-byte tables
//!
//! A byte `b` splits into a high nibble `h = b >> 4` and a low nibble `l = b & 15`. Give each
//! ASCII row `h` in `0..8` its own bit, `1 << h` ([`HI_NIBBLE`]; rows `8..16`, the non-ASCII
//! bytes, get no bit). [`Nibbles::lo`]`[l]` is the OR of the bits of the rows where byte
//! `h << 4 | l` is *kept*. Then
//!
//! ```text
//! kept(b) = (lo[b & 15] & HI_NIBBLE[b >> 4]) != 0
//! ```
//!
//! is exact for every one of the 2^128 ASCII sets, and costs two `PSHUFB`, one AND and one
//! compare per 16 or 32 bytes.

use crate::profile::Space;
use crate::set::AsciiSet;

/// One bit per ASCII row (high nibble `0..8`); non-ASCII rows have none, so they are
/// always escaped.
pub const HI_NIBBLE: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

/// The classification tables of one profile's encoder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nibbles {
    /// Per low nibble, the rows whose byte is written as it is (see the module docs).
    pub lo: [u8; 16],
    /// Whether a space is written as `+`: it is then classified as kept, and the kernel
    /// replaces it by `+` in the output.
    pub plus: bool,
}

impl Nibbles {
    /// The tables for `set` with spaces written as `space`.
    pub const fn new(set: AsciiSet, space: Space) -> Nibbles {
        let plus = matches!(space, Space::Plus) && set.contains(b' ');
        let mut lo = [0u8; 16];
        let mut b = 0u8;
        while b < 0x80 {
            if !set.contains(b) || (plus && b == b' ') {
                lo[(b & 15) as usize] |= 1 << (b >> 4);
            }
            b += 1;
        }
        Nibbles { lo, plus }
    }

    /// Whether the encoder writes `b` as one byte (the definition the tables implement).
    pub const fn kept(&self, b: u8) -> bool {
        self.lo[(b & 15) as usize] & HI_NIBBLE[(b >> 4) as usize] != 0
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::ALL;

    #[test]
    fn nibbles_classify_every_profile_exactly() {
        for p in ALL {
            let n = Nibbles::new(p.set(), p.space());
            for b in 0..=255u8 {
                let plus = b == b' ' && n.plus;
                // The byte kernels escape every non-ASCII byte: profiles that keep non-ASCII
                // text copy it around the kernel (encode.rs), never through it.
                let escaped = b >= 0x80 || p.set().contains(b);
                assert_eq!(n.kept(b), !escaped || plus, "{} {b:#x}", p.name());
            }
        }
    }

    #[test]
    fn nibbles_classify_arbitrary_sets() {
        // A few sets that share no structure with the named ones, bit patterns included.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..64 {
            let mut set = AsciiSet::EMPTY;
            for b in 0..0x80u8 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x & 1 == 1 {
                    set = set.add(b);
                }
            }
            let n = Nibbles::new(set, Space::Percent);
            for b in 0..=255u8 {
                assert_eq!(n.kept(b), b < 0x80 && !set.contains(b), "{set:?} {b:#x}");
            }
        }
    }

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
}
