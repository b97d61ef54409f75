//! Percent-encoding straight from a Java `String`'s UTF-16 units to the ASCII output, in one
//! pass: what `Pctenc.encode(String)` runs for the profiles whose output is a table lookup
//! per ASCII character and an escape per byte of everything else.
//!
//! The general path makes the UTF-8 that `getBytes(UTF_8)` would ([`utf16::utf8_of_java`]),
//! runs the codec over it, then copies the codec's output where Java reads it: three passes
//! over a short value, of which the conversion alone cost more than the codec (measured per
//! step on jvm/bench/ApiBench.java's values). Here each unit is read once: an ASCII unit
//! (and the `?` an unpaired surrogate becomes) is one lookup in a table of its output (one
//! byte, or three for `%XX`), written four bytes at a time with no branch on whether it is
//! escaped; any other character is written as the escapes of its UTF-8 bytes.
//!
//! The table is not a second copy of the profile's rules: [`Utf16Encoder::new`] fills it from
//! the core's own encoder (`batch::encode_value_into`, what the codec runs), one character at
//! a time, and then checks it against that encoder on text in context (every pair of ASCII
//! characters, and characters of every UTF-8 length); a profile whose output it cannot
//! reproduce exactly (one that keeps non-ASCII text or valid escapes, a Latin-1 or UTF-16
//! unit, an ext-value) gets no encoder and takes the general path.
//!
//! [`utf16::utf8_of_java`]: crate::utf16::utf8_of_java

use pctenc::batch::{self, OnError};
use pctenc::profile::Unit;
use pctenc::Profile;

/// A profile's encoding of UTF-16 text, by table.
#[derive(Debug)]
pub struct Utf16Encoder {
    /// Per byte: its output in the low three bytes (little-endian order), their count in
    /// the high byte. An ASCII character's is the profile's; any other byte's is its `%XX`
    /// (a byte of a character's UTF-8).
    table: [u32; 256],
}

/// What [`Utf16Encoder::encode`] wrote.
#[derive(Debug, PartialEq, Eq)]
pub enum Encoded {
    /// The output is the input itself (ASCII that needs no escape).
    Unchanged,
    /// This many bytes of output.
    Written(usize),
}

const UPPER: &[u8; 16] = b"0123456789ABCDEF";
const LOWER: &[u8; 16] = b"0123456789abcdef";

impl Utf16Encoder {
    /// The encoder of `profile`, or `None` when its output is not a table lookup per ASCII
    /// character and `%XX` per byte of other text (then the general path applies).
    pub fn new(profile: &Profile) -> Option<Self> {
        if profile.unit() != Unit::Byte
            || profile.keeps_non_ascii()
            || profile.keeps_valid_escapes()
            || profile.is_ext_value()
        {
            return None;
        }
        let core = |text: &[u8]| {
            let mut out = Vec::new();
            match batch::encode_value_into(profile, text, OnError::Raise, &mut out) {
                Ok(true) => Some(out),
                _ => None,
            }
        };
        let hex = match core("\u{80}".as_bytes())?.as_slice() {
            b"%C2%80" => UPPER,
            b"%c2%80" => LOWER,
            _ => return None,
        };
        let entry = |out: &[u8]| {
            out.iter().rev().fold(0u32, |w, &b| w << 8 | u32::from(b)) | (out.len() as u32) << 24
        };
        let mut table = [0u32; 256];
        for (b, slot) in (0u8..=255).zip(table.iter_mut()) {
            *slot = if b < 0x80 {
                let out = core(&[b])?;
                if out.is_empty() || out.len() > 3 {
                    return None;
                }
                entry(&out)
            } else {
                entry(&[b'%', hex[usize::from(b >> 4)], hex[usize::from(b & 0xF)]])
            };
        }
        let encoder = Utf16Encoder { table };
        // The table in context, against the core: every pair of ASCII characters (in one
        // text, which also crosses the blocks of eight), and text with characters of each
        // UTF-8 length and an unpaired surrogate's `?`.
        let pairs: Vec<u8> =
            (0..0x4000u16).flat_map(|p| [(p >> 7) as u8, (p & 0x7F) as u8]).collect();
        let units: Vec<u16> = pairs.iter().map(|&b| u16::from(b)).collect();
        let mut out = vec![0u8; room(units.len())];
        if encoder.output(&units, &mut out) != core(&pairs)? {
            return None;
        }
        let text = "a\u{80}b é/中?😀 \u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}%+~";
        let units: Vec<u16> = text.encode_utf16().chain([0xD800, 0x41, 0xDC00]).collect();
        let mut want = core(text.as_bytes())?;
        want.extend(core(b"?A?")?);
        let mut out = vec![0u8; room(units.len())];
        (encoder.output(&units, &mut out) == want).then_some(encoder)
    }

    /// The output of `units` as a vector (for the checks above and the tests).
    fn output(&self, units: &[u16], out: &mut [u8]) -> Vec<u8> {
        match self.encode(units, out) {
            Encoded::Unchanged => units.iter().map(|&u| u as u8).collect(),
            Encoded::Written(n) => out[..n].to_vec(),
        }
    }

    /// Encodes `units` (a `String`'s characters, read as `getBytes(UTF_8)` reads them: an
    /// unpaired surrogate is `?`) into `out`, which holds at least [`room`]`(units.len())`
    /// bytes.
    ///
    /// # Panics
    /// When `out` is shorter than that.
    pub fn encode(&self, units: &[u16], out: &mut [u8]) -> Encoded {
        assert!(out.len() >= room(units.len()), "pctenc: no room for the encoding");
        let mut n = 0;
        let mut i = 0;
        // Whether a character outside ASCII was written.
        let mut wide = false;
        while i < units.len() {
            // Eight ASCII units at a time: their table entries into a staging array (its
            // indices need no bounds checks), which is copied out whole.
            if let Some(block) = units.get(i..i + 8) {
                let block: &[u16; 8] = block.try_into().expect("eight units");
                if block.iter().fold(0, |a, &u| a | u) < 0x80 {
                    let mut stage = [0u8; 36];
                    let mut k = 0;
                    for &u in block {
                        let entry = self.table[usize::from(u & 0x7F)];
                        stage[k & 31..(k & 31) + 4].copy_from_slice(&entry.to_le_bytes());
                        k += (entry >> 24) as usize;
                    }
                    out[n..n + 32].copy_from_slice(&stage[..32]);
                    n += k;
                    i += 8;
                    continue;
                }
            }
            // A block with a character outside ASCII (or the last few units): a unit at a
            // time up to the block's end, then blocks again.
            let end = (i + 8).min(units.len());
            while i < end {
                let u = units[i];
                i += 1;
                if u < 0x80 {
                    n = self.put(out, n, u as u8);
                    continue;
                }
                wide = true;
                if u < 0x800 {
                    n = self.put(out, n, 0xC0 | (u >> 6) as u8);
                    n = self.put(out, n, 0x80 | (u & 0x3F) as u8);
                } else if !(0xD800..0xE000).contains(&u) {
                    n = self.put(out, n, 0xE0 | (u >> 12) as u8);
                    n = self.put(out, n, 0x80 | ((u >> 6) & 0x3F) as u8);
                    n = self.put(out, n, 0x80 | (u & 0x3F) as u8);
                } else if u < 0xDC00 && i < units.len() && (0xDC00..0xE000).contains(&units[i]) {
                    let c =
                        0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(units[i]) - 0xDC00);
                    i += 1;
                    n = self.put(out, n, 0xF0 | (c >> 18) as u8);
                    n = self.put(out, n, 0x80 | ((c >> 12) & 0x3F) as u8);
                    n = self.put(out, n, 0x80 | ((c >> 6) & 0x3F) as u8);
                    n = self.put(out, n, 0x80 | (c & 0x3F) as u8);
                } else {
                    // An unpaired surrogate: `?`, as the JDK's encoder writes it.
                    n = self.put(out, n, b'?');
                }
            }
        }
        // ASCII only, one byte each: unchanged unless a byte was rewritten (space as `+`).
        if !wide && n == units.len() && out[..n].iter().zip(units).all(|(&b, &u)| u16::from(b) == u)
        {
            Encoded::Unchanged
        } else {
            Encoded::Written(n)
        }
    }

    /// Writes the output of `byte` (an ASCII character, or a byte of a character's UTF-8)
    /// at `out[n..]`: four bytes stored, of which the entry's count are the output. Returns
    /// the end.
    #[inline]
    fn put(&self, out: &mut [u8], n: usize, byte: u8) -> usize {
        let entry = self.table[usize::from(byte)];
        out[n..n + 4].copy_from_slice(&entry.to_le_bytes());
        n + (entry >> 24) as usize
    }
}

/// The most output one unit makes: a character of three UTF-8 bytes, each `%XX`.
const MAX_PER_UNIT: usize = 9;
/// The bytes after the output that a store may write: a block of eight ASCII units stores
/// 32 bytes, of which at least eight are output.
const SLACK: usize = 24;

/// The room [`Utf16Encoder::encode`] needs for `len` units.
pub const fn room(len: usize) -> usize {
    len * MAX_PER_UNIT + SLACK
}

#[cfg(test)]
mod tests {
    use super::*;
    use pctenc::profile;

    fn encode(p: &Profile, s: &[u16]) -> Vec<u8> {
        let e = Utf16Encoder::new(p).expect("a table profile");
        let mut out = vec![0u8; room(s.len())];
        e.output(s, &mut out)
    }

    #[test]
    fn agrees_with_the_core_on_mixed_text() {
        let texts =
            ["", "abc", "a b&c=d", "café au lait", "中文/😀?", "100% +~*'()!", "\u{10FFFF}"];
        for p in [
            &profile::runtimes::JAVA_URLENCODER,
            &profile::rfc3986::RFC3986,
            &profile::whatwg::FORM,
        ] {
            for t in texts {
                let units: Vec<u16> = t.encode_utf16().collect();
                let mut want = Vec::new();
                p.encode_append_vec(t, &mut want);
                assert_eq!(encode(p, &units), want, "{} {t:?}", p.name());
            }
        }
    }

    #[test]
    fn unpaired_surrogates_are_question_marks() {
        let p = &profile::rfc3986::RFC3986;
        assert_eq!(encode(p, &[0xD800]), b"%3F");
        assert_eq!(encode(p, &[0x61, 0xDC00, 0xD83D]), b"a%3F%3F");
        assert_eq!(encode(p, &[0xD83D, 0xD83D, 0xDE00]), b"%3F%F0%9F%98%80");
    }

    #[test]
    fn unchanged_only_when_nothing_is_escaped() {
        let e = Utf16Encoder::new(profile::whatwg::FORM).unwrap();
        let mut out = vec![0u8; room(8)];
        assert_eq!(e.encode(&[0x61, 0x62], &mut out), Encoded::Unchanged);
        assert_eq!(e.encode(&[0x61, 0x20], &mut out), Encoded::Written(2));
        assert_eq!(&out[..2], b"a+");
        assert_eq!(e.encode(&[0xE9], &mut out), Encoded::Written(6));
    }
}
