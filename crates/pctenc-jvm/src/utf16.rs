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
//! a time): on short values of mixed text, the `String` calls' case, encoding_rs's
//! conversions (validate, then convert; tuned for long runs of one script) took longer
//! than the JDK's own, as measured with jvm/bench/ApiBench.java; and the JDK's `?` for a
//! lone surrogate is not encoding_rs's U+FFFD.
//!
//! Nothing here touches the JVM: `ffi_string` moves the units and the strings.

/// The UTF-8 that `String.getBytes(StandardCharsets.UTF_8)` gives for the UTF-16 `units`,
/// appended to `out`: valid UTF-16 converted exactly, each unpaired surrogate written as
/// `?`.
pub fn utf8_of_java(units: &[u16], out: &mut Vec<u8>) {
    let start = out.len();
    // At most three bytes a unit (a pair, two units, is four bytes).
    out.resize(start + 3 * units.len(), 0);
    let buf = &mut out[start..];
    let mut n = 0;
    let mut i = 0;
    while i < units.len() {
        // Four units at a time while they are ASCII: narrowed whole, then the cursor moves
        // past the ASCII ones (one branch per character outside ASCII, not per unit).
        if let Some(four) = units.get(i..i + 4) {
            let w = four.iter().rev().fold(0u64, |w, &u| w << 16 | u64::from(u));
            for (b, &u) in buf[n..n + 4].iter_mut().zip(four) {
                *b = u as u8;
            }
            let high = w & 0xFF80_FF80_FF80_FF80;
            let ascii = if high == 0 { 4 } else { high.trailing_zeros() as usize / 16 };
            i += ascii;
            n += ascii;
            if ascii == 4 {
                continue;
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
    }
    out.truncate(start + n);
}

/// The UTF-16 of the UTF-8 `bytes` written to the start of `out` (at least `bytes.len()`
/// units: never more units than bytes); returns how many, or `None` when `bytes` is not
/// UTF-8 (validated as `str::from_utf8` does: no overlong forms, no surrogates, nothing
/// past U+10FFFF, nothing cut short).
pub fn utf16_of_utf8(bytes: &[u8], out: &mut [u16]) -> Option<usize> {
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Eight bytes at a time while they are ASCII, as in `utf8_of_java` (`n <= i`: the
        // eight units fit).
        if let Some(eight) = bytes.get(i..i + 8) {
            let w = eight.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b));
            for (u, &b) in out[n..n + 8].iter_mut().zip(eight) {
                *u = u16::from(b);
            }
            let high = w & 0x8080_8080_8080_8080;
            let ascii = if high == 0 { 8 } else { high.trailing_zeros() as usize / 8 };
            i += ascii;
            n += ascii;
            if ascii == 8 {
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
