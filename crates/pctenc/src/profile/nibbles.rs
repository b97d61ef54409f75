//! [`Nibbles`]: a profile's set as two 16-byte tables, which is how the SIMD kernels classify.
//!
//! The tables are part of every [`Profile`](super::Profile) (built by `const fn` with it), and
//! the kernels read them, so they live here, below the kernels: this module looks only down,
//! at [`AsciiSet`] and [`Space`]. `kernel::tables` re-exports them beside the shuffle tables.
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
//!
//! ```
//! use pctenc::kernel::tables::Nibbles;
//! use pctenc::{AsciiSet, Space};
//! let n = Nibbles::new(AsciiSet::NON_UNRESERVED, Space::Plus);
//! assert!(n.kept(b'a') && n.kept(b' ') && !n.kept(b'/') && !n.kept(0xE9));
//! ```

use super::space::Space;
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
