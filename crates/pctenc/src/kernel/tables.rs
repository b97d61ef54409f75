//! Lookup tables for the SIMD kernels, computed by `const fn` from the readable definitions.
//!
//! Nothing here is typed by hand: the nibble tables come from an [`AsciiSet`], the shuffle
//! tables from the layout they shuffle. The unit tests check each table against the
//! definition it was derived from, so a SIMD kernel that uses them can only be as wrong as
//! its own loop. Every shuffle index is below 16 or has bit 7 set (a zero), which `PSHUFB`,
//! `TBL` and `swizzle` read alike.
//!
//! The classification tables ([`Nibbles`], [`HI_NIBBLE`]) are built with each
//! [`Profile`](crate::profile::Profile), in [`crate::profile::nibbles`]; re-exported here.
//!
//! [`AsciiSet`]: crate::set::AsciiSet

pub use crate::profile::nibbles::{Nibbles, HI_NIBBLE};

/// `[e(0), e(1), …]` as a constant, `table!([init; n], |i| e)`: the loop that builds every
/// table of the kernels, written once (a `const fn` cannot take a closure).
macro_rules! table {
    ([$init:expr; $n:expr], |$i:ident| $e:expr) => {{
        let mut t = [$init; $n];
        let mut $i = 0;
        while $i < $n {
            t[$i] = $e;
            $i += 1;
        }
        t
    }};
}
pub(crate) use table;

/// The encode expansion of a unit of `n` bytes with escape mask `m` (an output of at most 16
/// bytes): the indices into a 16-byte source that write byte `j` where it is kept and `pct`,
/// `hi + j`, `lo + j` where it is escaped, then zeros (`0x80`); and the output's length,
/// `n + 2 * popcount(m)`. [`EXPAND`] and [`LIGHT`] are this rule on their sources.
const fn expansion(m: usize, n: usize, (pct, hi, lo): (u8, u8, u8)) -> ([u8; 16], u32) {
    let mut t = [0x80u8; 16];
    let (mut w, mut j) = (0, 0);
    while j < n {
        if m >> j & 1 == 1 {
            (t[w], t[w + 1], t[w + 2]) = (pct, hi + j as u8, lo + j as u8);
            w += 3;
        } else {
            t[w] = j as u8;
            w += 1;
        }
        j += 1;
    }
    (t, w as u32)
}

/// Encode expansion of one 4-byte group, one entry per escape mask `m` of its bytes: the
/// `expansion` of the source `[x0 x1 x2 x3 H0 H1 H2 H3 L0 L1 L2 L3 % % % %]`, which writes
/// `x_j` for a kept byte and `% H_j L_j` for an escaped one. The output is [`GROUP_LEN`]`[m]`
/// = `4 + 2 * popcount(m)` bytes.
pub const EXPAND: [[u8; 16]; 16] = table!([[0; 16]; 16], |m| expansion(m, 4, (12, 4, 8)).0);

/// Output length of a 4-byte group, by escape mask: `4 + 2 * popcount(m)`.
pub const GROUP_LEN: [u32; 16] = table!([0; 16], |m| 4 + 2 * KEPT[m] as u32);

/// Set bits per byte value (a lookup costs what `POPCNT` does, and SSSE3 lacks it).
pub const KEPT: [u8; 256] = table!([0; 256], |k| (k as u32).count_ones() as u8);

/// [`EXPAND`] for two lanes at once (the 32-byte kernels), one entry per 8-bit escape mask
/// `m`: lane 0 is `EXPAND[m & 15]`, lane 1 `EXPAND[m >> 4]`; their lengths are
/// [`PAIR_LEN`]`[m]`.
#[repr(C, align(32))]
pub struct PairExpand(pub [[u8; 32]; 256]);

/// [`PairExpand`]'s table (8 KiB; each entry 32-byte aligned, so within one cache line).
pub static EXPAND_PAIR: PairExpand = PairExpand(table!([[0; 32]; 256], |m| {
    table!([0; 32], |j| if j < 16 { EXPAND[m & 15][j] } else { EXPAND[m >> 4][j - 16] })
}));

/// The output lengths of the two lanes of [`EXPAND_PAIR`]`[m]`.
pub static PAIR_LEN: [[u32; 2]; 256] =
    table!([[0; 2]; 256], |m| [GROUP_LEN[m & 15], GROUP_LEN[m >> 4]]);

/// Escapes an 8-byte unit of [`LIGHT`] may hold: its output, `8 + 2 * escapes` bytes, must
/// fit one 16-byte store.
pub const LIGHT_MAX: u32 = 4;

/// [`LightUnit::len`] of a unit with more than [`LIGHT_MAX`] escapes: more than the 16 units
/// of a round of four 32-byte blocks can write (16 bytes each), so one such unit shows in
/// the round's total.
pub const LIGHT_BAD: u32 = 257;

/// The encode expansion of one 8-byte unit with at most [`LIGHT_MAX`] escapes (one entry of
/// [`LIGHT`] per escape mask `m`), all the kernel reads for it from half a cache line.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub struct LightUnit {
    /// Indices into the source `[y0..y7 z0..z7]`: `y_j` is the byte where it is kept and
    /// its high hex digit where it is escaped, `z_j` its low hex digit where it is escaped
    /// and `%` where it is kept. A kept byte is `y_j`; an escaped one `% H_j L_j`, its `%`
    /// taken from the `z` of the unit's first kept byte (one has at most 4 escapes).
    pub pattern: [u8; 16],
    /// Output bytes, `8 + 2 * popcount(m)`; [`LIGHT_BAD`] for masks with more escapes,
    /// whose pattern writes nothing useful.
    pub len: u32,
}

/// [`LightUnit`] per escape mask of an 8-byte unit (8 KiB).
pub static LIGHT: [LightUnit; 256] = {
    let bad = LightUnit { pattern: [0x80; 16], len: LIGHT_BAD };
    table!([bad; 256], |m| if KEPT[m] as u32 <= LIGHT_MAX {
        let (pattern, len) = expansion(m, 8, (8 + (!m as u32).trailing_zeros() as u8, 0, 8));
        LightUnit { pattern, len }
    } else {
        bad
    })
};

/// Decode compaction, one entry per 8-bit keep mask of the low (`[0]`) or high (`[1]`)
/// 8-byte half of a lane: the indices (a little-endian `u64`) that gather the kept bytes of
/// that half to the front.
pub static COMPACT: [[u64; 256]; 2] = table!([[0; 256]; 2], |half| {
    table!([0; 256], |k| {
        let (mut bytes, mut w) = ([0x80u8; 8], 0);
        let mut j = 0;
        while j < 8 {
            if k >> j & 1 == 1 {
                bytes[w] = (8 * half + j) as u8;
                w += 1;
            }
            j += 1;
        }
        u64::from_le_bytes(bytes)
    })
});

/// Hex digits by nibbles: `HEX_LO[b & 15] & HEX_HI[b >> 4]` is not zero exactly for the
/// bytes `0-9`, `A-F` and `a-f` (bit 0: the row of digits, bit 1: the rows of letters).
pub const HEX_LO: [u8; 16] = table!([0; 16], |l| (l <= 9) as u8 | ((1 <= l && l <= 6) as u8) << 1);

/// See [`HEX_LO`].
pub const HEX_HI: [u8; 16] = [0, 0, 0, 1, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// What to add to a hex digit's low nibble for its value, by its high nibble: 9 for the
/// letters (`A` is `0x41`: 1 + 9 = 10), 0 for the digits.
pub const HEX_ADJUST: [u8; 16] = [0, 0, 0, 0, 9, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0];
