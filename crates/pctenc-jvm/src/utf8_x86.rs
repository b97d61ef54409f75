//! UTF-16 to UTF-8 eight units at a time (SSE4.1), for [`crate::utf16::utf8_of_java`]: the
//! `String` encode's conversion, which on short values of mixed text cost more than
//! percent-encoding the result (a character at a time, its width a branch that text mixes
//! in no predictable order).
//!
//! Each unit of a block without surrogates becomes a 32-bit slot holding its one, two or
//! three UTF-8 bytes, every form computed and the right one blended in by the unit's range;
//! a shuffle per four slots, from a table indexed by their four widths (3^4 = 81 patterns),
//! packs the bytes, with no branch on the widths. Two branches look at a block: one of
//! ASCII only (most of a URL or of English text) is narrowed whole, and one with a
//! surrogate is left to the scalar loop (pairs, and the JDK's `?` for an unpaired one).
//!
//! Hand-written because the well-kept library for this (simdutf) is C++, whose build would
//! cost CI more than this file; checked against std's `char::decode_utf16` by the tests of
//! [`crate::utf16`], which run here on every x86-64 CPU.

use core::arch::x86_64::*;

/// How many bytes past the output's end a call may write: a block's second store of 16
/// bytes starts at most 12 bytes in.
pub(crate) const SLACK: usize = 16;

/// Converts the longest prefix of `units` made of whole blocks of eight without a
/// surrogate into `out`; returns (units read, bytes written). `out` holds at least three
/// bytes a unit and [`SLACK`] more.
#[inline]
pub(crate) fn utf8_blocks(units: &[u16], out: &mut [u8]) -> (usize, usize) {
    if units.len() < 8 || !std::arch::is_x86_feature_detected!("sse4.1") {
        return (0, 0);
    }
    assert!(out.len() >= 3 * units.len() + SLACK, "pctenc: no room for the UTF-8");
    // SAFETY: SSE4.1 was detected just above.
    unsafe { blocks(units, out) }
}

/// Per width pattern (the base-3 number of four slots' widths less one, slot 0 lowest): the
/// shuffle that packs the slots' bytes, and their count.
static PACK: [([u8; 16], usize); 81] = {
    let mut t = [([0x80u8; 16], 0); 81];
    let mut p = 0;
    while p < 81 {
        let (mut code, mut k, mut o) = (p, 0, 0);
        while k < 4 {
            let mut j = 0;
            while j <= code % 3 {
                t[p].0[o] = (4 * k + j) as u8;
                (o, j) = (o + 1, j + 1);
            }
            (code, k) = (code / 3, k + 1);
        }
        t[p].1 = o;
        p += 1;
    }
    t
};

/// Per four-bit mask of slots: the sum of `3^k` over its slots `k`.
static POW3: [usize; 16] = {
    let mut t = [0; 16];
    let mut m = 0;
    while m < 16 {
        let mut k = 0;
        while k < 4 {
            if m >> k & 1 == 1 {
                t[m] += [1, 3, 9, 27][k];
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// Safety: the CPU has SSE4.1; `out` is as [`utf8_blocks`] says.
#[target_feature(enable = "sse4.1")]
unsafe fn blocks(units: &[u16], out: &mut [u8]) -> (usize, usize) {
    let (mut i, mut n) = (0, 0);
    let (mask, surrogate) = (_mm_set1_epi16(0xF800u16 as i16), _mm_set1_epi16(0xD800u16 as i16));
    let ascii = _mm_set1_epi16(0xFF80u16 as i16);
    while i + 8 <= units.len() {
        // SAFETY: `i + 8 <= units.len()`: eight readable units.
        let v = unsafe { _mm_loadu_si128(units.as_ptr().add(i).cast()) };
        if _mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(v, mask), surrogate)) != 0 {
            break;
        }
        if _mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(v, ascii), _mm_setzero_si128()))
            == 0xFFFF
        {
            // SAFETY: as below; eight bytes.
            unsafe { _mm_storel_epi64(out.as_mut_ptr().add(n).cast(), _mm_packus_epi16(v, v)) };
            (i, n) = (i + 8, n + 8);
            continue;
        }
        let (a, la) = slots(_mm_cvtepu16_epi32(v));
        let (b, lb) = slots(_mm_cvtepu16_epi32(_mm_srli_si128::<8>(v)));
        // SAFETY: `n <= 3 * i` (at most three bytes a unit so far) and `i + 8 <=
        // units.len()`, so both 16-byte stores end by `3 * i + 12 + 16 <= 3 * units.len() +
        // SLACK <= out.len()`.
        unsafe {
            _mm_storeu_si128(out.as_mut_ptr().add(n).cast(), a);
            _mm_storeu_si128(out.as_mut_ptr().add(n + la).cast(), b);
        }
        (i, n) = (i + 8, n + la + lb);
    }
    (i, n)
}

/// Four units (in 32-bit lanes, none a surrogate) as their UTF-8 bytes packed from the
/// vector's start, and how many.
#[inline]
#[target_feature(enable = "sse4.1")]
fn slots(x: __m128i) -> (__m128i, usize) {
    let set = _mm_set1_epi32;
    let (two, three) = (_mm_cmpgt_epi32(x, set(0x7F)), _mm_cmpgt_epi32(x, set(0x7FF)));
    // The continuation bytes: the low six bits, and the six above them.
    let low = _mm_or_si128(_mm_and_si128(x, set(0x3F)), set(0x80));
    let mid = _mm_or_si128(_mm_and_si128(_mm_srli_epi32::<6>(x), set(0x3F)), set(0x80));
    let w2 =
        _mm_or_si128(_mm_or_si128(_mm_srli_epi32::<6>(x), set(0xC0)), _mm_slli_epi32::<8>(low));
    let w3 = _mm_or_si128(
        _mm_or_si128(_mm_srli_epi32::<12>(x), set(0xE0)),
        _mm_or_si128(_mm_slli_epi32::<8>(mid), _mm_slli_epi32::<16>(low)),
    );
    let w = _mm_blendv_epi8(_mm_blendv_epi8(x, w2, two), w3, three);
    let wide = |m: __m128i| POW3[_mm_movemask_ps(_mm_castsi128_ps(m)) as usize & 15];
    let (pack, len) = &PACK[wide(two) + wide(three)];
    // SAFETY: `pack` is 16 readable bytes.
    let pack = unsafe { _mm_loadu_si128(pack.as_ptr().cast()) };
    (_mm_shuffle_epi8(w, pack), *len)
}

#[cfg(test)]
mod tests {
    use super::PACK;

    #[test]
    fn pack_keeps_each_slots_bytes_in_order() {
        for (p, (pack, len)) in PACK.iter().enumerate() {
            let widths = [p % 3 + 1, p / 3 % 3 + 1, p / 9 % 3 + 1, p / 27 % 3 + 1];
            let want: Vec<u8> =
                (0..4).flat_map(|k| (0..widths[k]).map(move |j| (4 * k + j) as u8)).collect();
            assert_eq!(&pack[..*len], &want[..], "pattern {p}");
            assert!(pack[*len..].iter().all(|&b| b == 0x80), "pattern {p}");
        }
    }
}
