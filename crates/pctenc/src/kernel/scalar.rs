//! The scalar kernel: table-driven, branch-light, and the oracle for every other kernel.
//! Encoding stores each byte's 4-byte table entry and advances by its length; decoding copies
//! literal runs a word at a time and each escape through a hex table (docs/kernels.md, "The
//! scalar kernel"). [`decode`] reports how far it got, for streaming callers.

use crate::error::DecodeError;
use crate::profile::{Decoding, EncodeTable, Malformed, Unit, Utf8};
use crate::set::AsciiSet;

/// Input bytes per encode block where the output goes to a sink (through a stack buffer).
pub const BLOCK: usize = 2048;

/// Hex digit value per byte, `0xFF` for bytes that are not ASCII hex digits.
pub const UNHEX: [u8; 256] = super::tables::table!([0xFF; 256], |b| match b as u8 {
    c @ b'0'..=b'9' => c - b'0',
    c @ b'a'..=b'f' => c - b'a' + 10,
    c @ b'A'..=b'F' => c - b'A' + 10,
    _ => 0xFF,
});

/// How many leading bytes of `input` the table writes unchanged: a word at a time, then the
/// word with a change byte by byte (docs/kernels.md, "Clean prefix").
#[inline]
pub fn clean_prefix(table: &EncodeTable, input: &[u8]) -> usize {
    let kept = |b: u8| table[b as usize] ^ (b as u32 | 1 << 24);
    let mut words = input.chunks_exact(8);
    let mut done = 0;
    for word in &mut words {
        if word.iter().fold(0, |acc, &b| acc | kept(b)) != 0 {
            break;
        }
        done += 8;
    }
    done + input[done..].iter().position(|&b| kept(b) != 0).unwrap_or(input.len() - done)
}

/// Input bytes per bounds check in [`encode_slice`].
const STEP: usize = 16;

/// The output bytes [`encode_slice`] needs for `n` input bytes: three per byte, and one of
/// slack for the last four-byte store.
pub const fn encode_slice_len(n: usize) -> usize {
    3 * n + 1
}

/// Encodes `input` into `out`, which must hold [`encode_slice_len`]`(input.len())` bytes
/// (a shorter `out` ends the encoding early at a 16-byte boundary instead of panicking;
/// the result is then less than the encoding's length); returns the bytes written.
///
/// Sixteen input bytes share one bounds check on a window of `3 * 16 + 1` bytes: each
/// entry's length is at most 3 (the `& 3` tells the compiler so).
#[inline]
pub fn encode_slice(table: &EncodeTable, input: &[u8], out: &mut [u8]) -> usize {
    let mut w = 0usize;
    let mut words = input.chunks_exact(STEP);
    for word in &mut words {
        let Some(window) = out.get_mut(w..w + encode_slice_len(STEP)) else { return w };
        let mut k = 0usize;
        for &b in word {
            let e = table[b as usize];
            window[k..k + 4].copy_from_slice(&e.to_le_bytes());
            k += (e >> 24 & 3) as usize;
        }
        w += k;
    }
    for &b in words.remainder() {
        let e = table[b as usize];
        let Some(slot) = out.get_mut(w..w + 4) else { return w };
        slot.copy_from_slice(&e.to_le_bytes());
        w += (e >> 24) as usize;
    }
    w
}

/// How far a [`decode`] call got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Input bytes consumed.
    pub read: usize,
    /// Output bytes written.
    pub written: usize,
}

/// Decodes `input` into `out` (which must be at least `input.len()` bytes: no unit ever
/// writes more than it reads).
///
/// With `last == false`, an escape that the end of `input` cuts short (`%`, `%4`, `%u12`, or
/// a high-surrogate `%uD83D` whose partner may follow) is left unread, so the caller can
/// retry it with more input; [`Progress::read`] says where. With `last == true` everything
/// is consumed. Errors carry offsets into `input`. Any escape but a well-formed `%XX` goes
/// through [`escape`], the readable definition.
pub fn decode(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut [u8],
    last: bool,
) -> Result<Progress, DecodeError> {
    if d.plus_as_space {
        decode_loop::<true>(d, unit, input, out, last)
    } else {
        decode_loop::<false>(d, unit, input, out, last)
    }
}

fn decode_loop<const PLUS: bool>(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut [u8],
    last: bool,
) -> Result<Progress, DecodeError> {
    debug_assert!(out.len() >= input.len());
    let bytes = unit == Unit::Byte;
    let keep = d.keep_escaped;
    let keep_none = keep == AsciiSet::EMPTY;
    let (mut i, mut w) = (0usize, 0usize);
    loop {
        (i, w) = copy_literals::<PLUS>(input, out, i, w);
        // The common case: a run of `%XX` escapes that each decode to one byte.
        while let (true, Some(&[b'%', h, l])) = (bytes, input.get(i..i + 3)) {
            let (h, l) = (UNHEX[h as usize], UNHEX[l as usize]);
            let byte = h << 4 | l;
            if h | l > 15 || (!keep_none && keep.contains(byte)) {
                break;
            }
            out[w] = byte;
            (i, w) = (i + 3, w + 1);
        }
        let Some(&b) = input.get(i) else {
            return Ok(Progress { read: i, written: w });
        };
        if PLUS && b == b'+' {
            out[w] = b' ';
            (i, w) = (i + 1, w + 1);
            continue;
        }
        if b != b'%' {
            continue;
        }
        match escape(d, unit, input, i, last)? {
            Step::Incomplete => return Ok(Progress { read: i, written: w }),
            Step::Unit { read, written, bytes } => {
                out[w..w + written].copy_from_slice(&bytes[..written]);
                (i, w) = (i + read, w + written);
            }
        }
    }
}

/// `0x01` in every byte of a word.
pub(crate) const ONES: u64 = u64::from_le_bytes([1; 8]);

/// Bit 7 of a byte of the result is set where that byte of `v` is zero. The lowest set bit
/// is exact; bits above it may be false (a borrow), so only the lowest is ever used.
#[inline]
pub(crate) fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & (ONES << 7)
}

/// After this many clean words, a literal run is probably long: `memchr` (vectorised) and
/// one bulk copy take over from the word loop.
const WORDS_BEFORE_MEMCHR: usize = 4;

/// Copies `input[i..]` to `out[w..]` up to the next `%` (or `+` when `PLUS`) or the end;
/// returns the new `(i, w)`.
///
/// The first two bytes one by one, then a word at a time, stored whole (`w <= i` and
/// `i + 8 <= input.len() <= out.len()` keep the store in bounds), then `memchr`.
#[inline]
fn copy_literals<const PLUS: bool>(
    input: &[u8],
    out: &mut [u8],
    mut i: usize,
    mut w: usize,
) -> (usize, usize) {
    let special = |b: u8| b == b'%' || (PLUS && b == b'+');
    // Dense input has runs of one or two bytes between escapes: byte by byte is cheapest.
    for _ in 0..2 {
        match input.get(i) {
            Some(&b) if !special(b) => {
                out[w] = b;
                (i, w) = (i + 1, w + 1);
            }
            _ => return (i, w),
        }
    }
    let mut words = 0;
    while let Some(chunk) = input.get(i..i + 8) {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else { break };
        let v = u64::from_le_bytes(word);
        let mut found = zero_bytes(v ^ (ONES * u64::from(b'%')));
        if PLUS {
            found |= zero_bytes(v ^ (ONES * u64::from(b'+')));
        }
        out[w..w + 8].copy_from_slice(&word);
        if found != 0 {
            let k = (found.trailing_zeros() / 8) as usize;
            return (i + k, w + k);
        }
        (i, w) = (i + 8, w + 8);
        words += 1;
        if words == WORDS_BEFORE_MEMCHR {
            let rest = &input[i..];
            let next =
                if PLUS { memchr::memchr2(b'%', b'+', rest) } else { memchr::memchr(b'%', rest) };
            let run = next.unwrap_or(rest.len());
            out[w..w + run].copy_from_slice(&rest[..run]);
            return (i + run, w + run);
        }
    }
    while let Some(&b) = input.get(i).filter(|&&b| !special(b)) {
        out[w] = b;
        (i, w) = (i + 1, w + 1);
    }
    (i, w)
}

/// The outcome of decoding the escape at one `%`.
pub enum Step {
    /// The input ends too early to tell (only when not `last`).
    Incomplete,
    /// `read` input bytes become the first `written` bytes of `bytes`.
    Unit {
        /// Input bytes consumed.
        read: usize,
        /// Output bytes in `bytes`: 1 to 4, never 0.
        written: usize,
        /// The output.
        bytes: [u8; 4],
    },
}

impl Step {
    fn literal(bytes: &[u8]) -> Step {
        let mut b = [0u8; 4];
        b[..bytes.len()].copy_from_slice(bytes);
        Step::Unit { read: bytes.len(), written: bytes.len(), bytes: b }
    }

    /// `read` input bytes that become `c`, written as UTF-8.
    fn char(read: usize, c: char) -> Step {
        let mut bytes = [0u8; 4];
        let written = c.encode_utf8(&mut bytes).len();
        Step::Unit { read, written, bytes }
    }
}

/// Decodes the escape at `input[at] == b'%'`.
pub fn escape(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    at: usize,
    last: bool,
) -> Result<Step, DecodeError> {
    let rest = &input[at..];
    if unit.reads_u_escapes() && rest.get(1) == Some(&b'u') {
        if let Some(step) = u_escape(d, rest, at, last)? {
            return Ok(step);
        }
    }
    if d.malformed == Malformed::RejectSigned && matches!(rest.get(1), Some(b'+' | b'-')) {
        return signed_escape(rest, at, last);
    }
    let hi = rest.get(1).map(|&c| UNHEX[c as usize]);
    let lo = rest.get(2).map(|&c| UNHEX[c as usize]);
    match (hi, lo) {
        (Some(h), Some(l)) if h | l < 16 => {
            let byte = h << 4 | l;
            if d.keep_escaped.contains(byte) {
                return Ok(Step::literal(&rest[..3]));
            }
            if unit == Unit::Utf16 && byte >= 0x80 {
                // `unescape`: %XX is the code point U+00XX, written as UTF-8.
                return Ok(Step::char(3, char::from(byte)));
            }
            Ok(Step::Unit { read: 3, written: 1, bytes: [byte, 0, 0, 0] })
        }
        // The input ends inside the escape, and what is there is hex so far.
        (None, _) | (Some(0..=15), None) if !last => Ok(Step::Incomplete),
        // A triplet kept as written needs its two bytes, whatever they are.
        _ if d.malformed == Malformed::PassThroughTriplet => {
            if rest.len() < 3 && !last {
                Ok(Step::Incomplete)
            } else {
                Ok(Step::literal(&rest[..rest.len().min(3)]))
            }
        }
        (None, _) | (Some(0..=15), None) => malformed(d, at, true),
        _ => malformed(d, at, false),
    }
}

fn malformed(d: &Decoding, at: usize, truncated: bool) -> Result<Step, DecodeError> {
    match d.malformed {
        Malformed::PassThrough | Malformed::PassThroughTriplet => Ok(Step::literal(b"%")),
        Malformed::Reject | Malformed::RejectSigned if truncated => {
            Err(DecodeError::TruncatedEscape { offset: at })
        }
        Malformed::Reject | Malformed::RejectSigned => {
            Err(DecodeError::InvalidEscape { offset: at })
        }
    }
}

/// Java's `Integer.parseInt(hex, 16)` reading of `%+X` / `%-X` (`rest[1]` is the sign): the
/// byte X, or 0 for `%-0`; any other negative value is an error.
fn signed_escape(rest: &[u8], at: usize, last: bool) -> Result<Step, DecodeError> {
    match rest.get(2).map(|&c| UNHEX[c as usize]) {
        None if !last => Ok(Step::Incomplete),
        None => Err(DecodeError::TruncatedEscape { offset: at }),
        Some(v) if v < 16 && (rest[1] == b'+' || v == 0) => {
            Ok(Step::Unit { read: 3, written: 1, bytes: [v, 0, 0, 0] })
        }
        Some(_) => Err(DecodeError::InvalidEscape { offset: at }),
    }
}

/// Reads the four hex digits of a `%uXXXX` at the start of `s`, if they are all there.
fn u_value(s: &[u8]) -> Option<u16> {
    if s.len() < 6 || s[0] != b'%' || s[1] != b'u' {
        return None;
    }
    let mut v = 0u16;
    for &c in &s[2..6] {
        let x = UNHEX[c as usize];
        if x > 15 {
            return None;
        }
        v = v << 4 | x as u16;
    }
    Some(v)
}

/// Whether `s` is a proper prefix of some `%uXXXX` (the empty string included).
fn could_become_u_escape(s: &[u8]) -> bool {
    s.len() < 6
        && s.iter().enumerate().all(|(k, &c)| match k {
            0 => c == b'%',
            1 => c == b'u',
            _ => UNHEX[c as usize] < 16,
        })
}

/// `unescape`'s `%uXXXX`: one UTF-16 code unit, paired with a following low surrogate.
/// `None` means "not a `%u` escape": the caller reads it as `%XX` or as a malformed `%`.
fn u_escape(d: &Decoding, rest: &[u8], at: usize, last: bool) -> Result<Option<Step>, DecodeError> {
    let Some(v) = u_value(rest) else {
        return Ok((!last && could_become_u_escape(rest)).then_some(Step::Incomplete));
    };
    if let Some(c) = char::from_u32(v as u32) {
        return Ok(Some(Step::char(6, c)));
    }
    // A surrogate: a high one followed by a low one is a pair.
    if (0xD800..0xDC00).contains(&v) {
        let next = &rest[6..];
        match u_value(next) {
            Some(lo @ 0xDC00..=0xDFFF) => {
                let c = 0x10000 + ((v as u32 - 0xD800) << 10) + (lo as u32 - 0xDC00);
                let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
                return Ok(Some(Step::char(12, c)));
            }
            None if !last && could_become_u_escape(next) => return Ok(Some(Step::Incomplete)),
            _ => {}
        }
    }
    // A lone surrogate.
    match d.utf8 {
        Utf8::Strict => Err(DecodeError::InvalidUtf8 { offset: at }),
        Utf8::Lossy | Utf8::LossyJava | Utf8::KeepEscaped | Utf8::Iri => {
            Ok(Some(Step::char(6, char::REPLACEMENT_CHARACTER)))
        }
        // WTF-8: the generalized UTF-8 form of the surrogate code point.
        Utf8::Bytes => Ok(Some(Step::Unit {
            read: 6,
            written: 3,
            bytes: [
                0xE0 | (v >> 12) as u8,
                0x80 | (v >> 6 & 0x3F) as u8,
                0x80 | (v & 0x3F) as u8,
                0,
            ],
        })),
    }
}

/// The input offset of the unit that wrote output byte `out_pos` when `input` was decoded
/// completely: how an error found in the output is reported against the input.
pub fn input_offset(d: &Decoding, unit: Unit, input: &[u8], out_pos: usize) -> usize {
    let (mut i, mut w) = (0usize, 0usize);
    while i < input.len() {
        let b = input[i];
        let (read, written) = if b == b'%' {
            match escape(d, unit, input, i, true) {
                Ok(Step::Unit { read, written, .. }) => (read, written),
                _ => (1, 1),
            }
        } else {
            (1, 1)
        };
        if w + written > out_pos {
            // Bytes kept as written (a malformed triplet) are each their own input byte.
            return if read == written { i + (out_pos - w) } else { i };
        }
        (i, w) = (i + read, w + written);
    }
    input.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    #[test]
    fn encode_slice_and_clean_prefix_match_the_table() {
        use crate::profile::ALL;
        let mut seed = 0x00DD_BA11_u64;
        for round in 0..3000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = (seed >> 33) as usize % 70;
            // Mostly clean bytes, so clean prefixes of every length occur.
            let input: Vec<u8> = (0..len)
                .map(|k| {
                    let r = (seed >> (k % 50)) as u8 ^ (k as u8).wrapping_mul(37);
                    if round % 3 == 0 || !r.is_multiple_of(5) {
                        b'a' + r % 26
                    } else {
                        r
                    }
                })
                .collect();
            for p in ALL {
                let t = p.table();
                let want: Vec<u8> = input
                    .iter()
                    .flat_map(|&b| {
                        let e = t[b as usize].to_le_bytes();
                        e[..e[3] as usize].to_vec()
                    })
                    .collect();
                let mut out = vec![0u8; encode_slice_len(input.len())];
                let n = encode_slice(t, &input, &mut out);
                assert_eq!(&out[..n], &want[..], "{} {:?}", p.name(), input);
                let clean = input.iter().position(|&b| t[b as usize] != (b as u32 | 1 << 24));
                assert_eq!(clean_prefix(t, &input), clean.unwrap_or(len), "{}", p.name());
            }
        }
    }
}
