//! Java's text to UTF-8 and back, by the JDK's rules: what `String.getBytes(UTF_8)` and
//! `new String(bytes, UTF_8)` would give, done on this side of the JNI call so that the
//! `String` calls of `org.pctenc.Pctenc` cross once and convert once.
//!
//! A Java `String` is UTF-16 code units that need not be valid UTF-16. The JDK's UTF-8
//! encoder writes one `?` for each unpaired surrogate (a high surrogate not followed by a low
//! one, or a low surrogate not preceded by a high one), and the API's contract is the JDK's
//! (the value is coded as its UTF-8 bytes, error offsets count those bytes), so
//! [`utf8_of_java`] does the same.
//!
//! Back to Java, a result goes as ASCII bytes (every encoded value; `new String(bytes,
//! ISO_8859_1)` is a copy) or as UTF-16 from [`utf16_of_utf8`] (`new String(chars)`, which
//! the JDK stores as Latin-1 when it can): the two forms a `String` keeps its characters
//! in, so neither side runs a decoder. Bytes that are not UTF-8 are left to the JDK's own
//! decoder (the core never decodes to such bytes for a `String`, but the JDK's replacement
//! rules are then the contract, not ours).
//!
//! Both loops are written here (a character at a time, with a run of ASCII taken a word at
//! a time; to UTF-8, whole blocks of eight units by vector first where the CPU has SSE4.1,
//! `utf8_x86`): on short values of mixed text, the `String` calls' case, encoding_rs's
//! conversions (validate, then convert; tuned for long runs of one script) took longer
//! than the JDK's own, as measured with jvm/bench/ApiBench.java; and the JDK's `?` for a
//! lone surrogate is not encoding_rs's U+FFFD.
//!
//! Nothing here touches the JVM: `ffi_string` moves the units and the strings.

#[cfg(target_arch = "x86_64")]
use crate::utf8_x86::{utf8_blocks as blocks, SLACK};

/// The UTF-8 that `String.getBytes(StandardCharsets.UTF_8)` gives for the UTF-16 `units`,
/// appended to `out`: valid UTF-16 converted exactly, each unpaired surrogate written as
/// `?`.
pub fn utf8_of_java(units: &[u16], out: &mut Vec<u8>) {
    let start = out.len();
    // At most three bytes a unit (a pair, two units, is four bytes), and the vector
    // blocks' slack.
    out.resize(start + 3 * units.len() + SLACK, 0);
    let buf = &mut out[start..];
    let mut n = 0;
    let mut i = 0;
    while i < units.len() {
        // Whole blocks without a surrogate by vector where the CPU has one; then the
        // loop below for a block with one (at most eight units) or the last few.
        let (read, written) = blocks(&units[i..], &mut buf[n..]);
        (i, n) = (i + read, n + written);
        let end = (i + 8).min(units.len());
        while i < end {
            (i, n) = scalar_step(units, i, buf, n);
        }
    }
    out.truncate(start + n);
}

/// Where no vector kernel is: none of the input.
#[cfg(not(target_arch = "x86_64"))]
fn blocks(_: &[u16], _: &mut [u8]) -> (usize, usize) {
    (0, 0)
}
#[cfg(not(target_arch = "x86_64"))]
const SLACK: usize = 0;

/// One step of [`utf8_of_java`] from `units[i]` into `buf[n..]`: a run of ASCII units (up
/// to four), or one character; returns the next `i` and `n`.
#[inline]
fn scalar_step(units: &[u16], mut i: usize, buf: &mut [u8], mut n: usize) -> (usize, usize) {
    // Four units at a time while they are ASCII: narrowed whole, then the cursor moves past
    // the ASCII ones (one branch per character outside ASCII, not per unit).
    if let Some(four) = units.get(i..i + 4) {
        let w = four.iter().rev().fold(0u64, |w, &u| w << 16 | u64::from(u));
        for (b, &u) in buf[n..n + 4].iter_mut().zip(four) {
            *b = u as u8;
        }
        let high = w & 0xFF80_FF80_FF80_FF80;
        let ascii = if high == 0 { 4 } else { high.trailing_zeros() as usize / 16 };
        if ascii > 0 {
            return (i + ascii, n + ascii);
        }
    }
    let u = units[i];
    i += 1;
    if u < 0x80 {
        buf[n] = u as u8;
        n += 1;
    } else if u < 0x800 {
        buf[n] = 0xC0 | (u >> 6) as u8;
        buf[n + 1] = 0x80 | (u & 0x3F) as u8;
        n += 2;
    } else if !(0xD800..0xE000).contains(&u) {
        buf[n] = 0xE0 | (u >> 12) as u8;
        buf[n + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
        buf[n + 2] = 0x80 | (u & 0x3F) as u8;
        n += 3;
    } else if u < 0xDC00 && i < units.len() && (0xDC00..0xE000).contains(&units[i]) {
        let c = 0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(units[i]) - 0xDC00);
        i += 1;
        buf[n] = 0xF0 | (c >> 18) as u8;
        buf[n + 1] = 0x80 | ((c >> 12) & 0x3F) as u8;
        buf[n + 2] = 0x80 | ((c >> 6) & 0x3F) as u8;
        buf[n + 3] = 0x80 | (c & 0x3F) as u8;
        n += 4;
    } else {
        // An unpaired surrogate: one unit, one `?`, as the JDK's encoder replaces it.
        buf[n] = b'?';
        n += 1;
    }
    (i, n)
}

/// The UTF-16 of the UTF-8 `bytes` written to the start of `out` (at least `bytes.len()`
/// units: never more units than bytes); returns how many, or `None` when `bytes` is not
/// UTF-8 (validated as `str::from_utf8` does: no overlong forms, no surrogates, nothing
/// past U+10FFFF, nothing cut short).
pub fn utf16_of_utf8(bytes: &[u8], out: &mut [u16]) -> Option<usize> {
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Sixteen bytes, then eight, at a time while they are ASCII: each block is read as
        // one word and widened whole (`n <= i`: the units fit), then the cursor moves past
        // its ASCII prefix.
        let ascii = ascii_block::<16>(&bytes[i..], &mut out[n..])
            .or_else(|| ascii_block::<8>(&bytes[i..], &mut out[n..]));
        if let Some((ascii, whole)) = ascii {
            i += ascii;
            n += ascii;
            if whole {
                continue;
            }
        }
        let b = bytes[i];
        // The second byte's range for each lead byte (the Unicode Standard's table 3-7).
        let (c, width) = match b {
            0x00..=0x7F => (u32::from(b), 1),
            0xC2..=0xDF => (u32::from(b & 0x1F) << 6 | tail(bytes, i + 1, 0x80, 0xBF)?, 2),
            0xE0..=0xEF => {
                let (lo, hi) = match b {
                    0xE0 => (0xA0, 0xBF),
                    0xED => (0x80, 0x9F),
                    _ => (0x80, 0xBF),
                };
                let c = u32::from(b & 0x0F) << 12
                    | tail(bytes, i + 1, lo, hi)? << 6
                    | tail(bytes, i + 2, 0x80, 0xBF)?;
                (c, 3)
            }
            0xF0..=0xF4 => {
                let (lo, hi) = match b {
                    0xF0 => (0x90, 0xBF),
                    0xF4 => (0x80, 0x8F),
                    _ => (0x80, 0xBF),
                };
                let c = u32::from(b & 0x07) << 18
                    | tail(bytes, i + 1, lo, hi)? << 12
                    | tail(bytes, i + 2, 0x80, 0xBF)? << 6
                    | tail(bytes, i + 3, 0x80, 0xBF)?;
                (c, 4)
            }
            _ => return None,
        };
        i += width;
        if c < 0x10000 {
            out[n] = c as u16;
            n += 1;
        } else {
            out[n] = (0xD800 + ((c - 0x10000) >> 10)) as u16;
            out[n + 1] = (0xDC00 + ((c - 0x10000) & 0x3FF)) as u16;
            n += 2;
        }
    }
    Some(n)
}

/// Widens the first `N` (8 or 16) bytes of `bytes` into `out` when there are that many;
/// returns how many of them are ASCII from the start (those units are then right), and
/// whether that is all `N`.
#[inline(always)]
fn ascii_block<const N: usize>(bytes: &[u8], out: &mut [u16]) -> Option<(usize, bool)> {
    let block: &[u8; N] = bytes.get(..N)?.try_into().ok()?;
    let units: &mut [u16; N] = out.get_mut(..N)?.try_into().ok()?;
    for (u, &b) in units.iter_mut().zip(block) {
        *u = u16::from(b);
    }
    let mut word = [0u8; 16];
    word[..N].copy_from_slice(block);
    let high = u128::from_le_bytes(word) & 0x8080_8080_8080_8080_8080_8080_8080_8080;
    Some(if high == 0 { (N, true) } else { (high.trailing_zeros() as usize / 8, false) })
}

/// The six payload bits of `bytes[i]` when it is in `lo..=hi`.
#[inline]
fn tail(bytes: &[u8], i: usize, lo: u8, hi: u8) -> Option<u32> {
    let b = *bytes.get(i)?;
    (lo..=hi).contains(&b).then_some(u32::from(b & 0x3F))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    fn utf8(units: &[u16]) -> Vec<u8> {
        let mut out = Vec::new();
        utf8_of_java(units, &mut out);
        out
    }

    #[test]
    fn valid_utf16_is_converted_exactly() {
        for s in ["", "a", "café", "中文", "😀", "a\u{0}b", "€😀é中 x", &"é😀".repeat(1000)]
        {
            assert_eq!(utf8(&units(s)), s.as_bytes(), "{s:?}");
        }
    }

    #[test]
    fn each_unpaired_surrogate_is_one_question_mark() {
        // As the JDK's String.getBytes(UTF_8): a lone high, a lone low, a high before a
        // high, a reversed pair, at the start, middle and end.
        assert_eq!(utf8(&[0xD800]), b"?");
        assert_eq!(utf8(&[0xDC00]), b"?");
        assert_eq!(utf8(&[0x61, 0xD83D, 0x62]), b"a?b");
        assert_eq!(utf8(&[0xD83D, 0xD83D, 0xDE00]), "?😀".as_bytes());
        assert_eq!(utf8(&[0xDE00, 0xD83D]), b"??");
        assert_eq!(utf8(&[0xE9, 0xDFFF]), "é?".as_bytes());
        let mut long = units(&"x".repeat(100));
        long.push(0xD800);
        long.extend(units("é"));
        assert_eq!(utf8(&long), [&"x".repeat(100)[..], "?é"].concat().as_bytes());
    }

    #[test]
    fn mixed_text_of_every_length_agrees_with_std() {
        // Units drawn from every UTF-8 width, pairs, and lone surrogates (each `?`, as
        // `decode_utf16` reports each one as an error), at every length around the eight-unit
        // blocks: the vector blocks, the scalar steps, and their hand-overs.
        let pool: [&[u16]; 8] = [
            &[0x41],
            &[0x7F],
            &[0xE9],
            &[0x7FF],
            &[0x800, 0x20AC],
            &[0x4E2D, 0xFFFF],
            &[0xD83D, 0xDE00],
            &[0xDC00],
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for case in 0..20_000 {
            let mut text: Vec<u16> = Vec::new();
            while text.len() < case % 70 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Mostly ASCII, as text is; one unit in four from the others.
                let pick = (seed >> 33) as usize;
                let units = if pick.is_multiple_of(4) { pool[pick / 4 % 8] } else { &[0x61] };
                text.extend_from_slice(units);
            }
            let want: String =
                char::decode_utf16(text.iter().copied()).map(|c| c.unwrap_or('?')).collect();
            assert_eq!(utf8(&text), want.as_bytes(), "{text:x?}");
        }
    }

    #[test]
    fn appends() {
        let mut out = b"ab".to_vec();
        utf8_of_java(&units("é"), &mut out);
        assert_eq!(out, "abé".as_bytes());
    }

    fn wide(bytes: &[u8]) -> Option<Vec<u16>> {
        let mut out = vec![0u16; bytes.len()];
        let n = utf16_of_utf8(bytes, &mut out)?;
        out.truncate(n);
        Some(out)
    }

    #[test]
    fn utf8_to_utf16_agrees_with_std_across_blocks() {
        // Runs of ASCII of every length around the 8- and 16-byte blocks, each followed by a
        // character of each UTF-8 length.
        for run in 0..40 {
            for c in ["", "é", "€", "😀"] {
                let s = format!("{}{c}{}{c}", "a".repeat(run), "Z".repeat(run / 2));
                assert_eq!(wide(s.as_bytes()), Some(units(&s)), "{s:?}");
            }
        }
    }

    #[test]
    fn utf8_to_utf16_agrees_with_std() {
        for s in ["", "a", "abcdefghijklmnopq", "é", "€", "😀", "aé€😀\u{0}\u{10FFFF}\u{FFFF}"]
        {
            assert_eq!(wide(s.as_bytes()), Some(units(s)), "{s:?}");
        }
        // Every sequence of one to three bytes, and four-byte ones around every boundary
        // (with an ASCII prefix that takes the eight-byte path first), against std.
        let mut seqs: Vec<Vec<u8>> = Vec::new();
        for a in 0..=255u8 {
            seqs.push(vec![a]);
            for b in 0..=255u8 {
                seqs.push(vec![a, b]);
                if a >= 0xC0 {
                    for c in [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                        seqs.push(vec![a, b, c]);
                        for d in [0x7F, 0x80, 0xBF, 0xC0] {
                            seqs.push(vec![a, b, c, d]);
                        }
                    }
                }
            }
        }
        for seq in seqs {
            let mut v = b"12345678".to_vec();
            v.extend(&seq);
            let want = std::str::from_utf8(&v).ok().map(|s| s.encode_utf16().collect::<Vec<_>>());
            assert_eq!(wide(&v), want, "{seq:x?}");
        }
    }
}
