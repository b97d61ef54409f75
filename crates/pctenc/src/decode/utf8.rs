//! The UTF-8 policy, applied to decoded bytes: in one piece, or chunk by chunk.
//!
//! Besides strict, lossy and bytes, two runtimes' policies live here: Java's lossy variant
//! (one U+FFFD per encoded surrogate) and "keep the escapes that are not UTF-8" (.NET's
//! `Uri.UnescapeDataString` and RFC 3987's URI-to-IRI mapping), which needs the input.

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::DecodeError;
use crate::kernel::{self, scalar};
use crate::profile::{Decoding, Unit, Utf8};

/// Whether `bytes` is UTF-8: SIMD-validated with the `simd` feature (simdutf8, run-time
/// detected) from [`LONG`] bytes on; below that, ASCII first ([`is_ascii`]), then
/// [`kernel::is_utf8_short`], whose SIMD step costs a hundred-odd instructions whatever the
/// bytes, which a short ASCII value need not pay. The policies below ask this first and std
/// only for the position of an error: on a decoded column of URLs (a few UTF-8 characters per
/// row), std's validator took five times as long as the decode itself.
#[inline]
pub(crate) fn is_utf8(bytes: &[u8]) -> bool {
    (bytes.len() < LONG && is_ascii(bytes)) || validate(bytes)
}

/// [`is_utf8`] of one value (a row, a call, `batch::is_text`): ASCII first at every length,
/// as most values of a column of URLs are.
#[inline]
pub(crate) fn is_text(bytes: &[u8]) -> bool {
    is_ascii(bytes) || validate(bytes)
}

/// From this many bytes on, [`validate`] takes simdutf8's entry.
const LONG: usize = 64;

/// The validation proper: simdutf8's entry from [`LONG`] bytes on (with the `simd` feature),
/// the kernel's check below.
#[inline(always)]
fn validate(bytes: &[u8]) -> bool {
    #[cfg(feature = "simd")]
    if bytes.len() >= LONG {
        return simdutf8::basic::from_utf8(bytes).is_ok();
    }
    kernel::is_utf8_short(bytes)
}

/// Whether every byte of `bytes` is ASCII: eight bytes at a time, or'ed together, the last
/// eight overlapping (no branch per word and no alignment step, which a short value does not
/// repay: std's `is_ascii`, which has both, took more instructions on URLs of 76 bytes). The
/// words are arrays (`as_chunks`): `chunks_exact` with `try_into` left a length check per
/// word, 17 instructions more a row on the JVM's per-row decode (`jvm-instr.sh`).
#[inline]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    // The last eight bytes as one word (overlapping the whole words before them).
    let Some(&last) = bytes.last_chunk::<8>() else {
        return bytes.iter().fold(0, |any, &b| any | b) < 0x80;
    };
    let any = bytes
        .as_chunks::<8>()
        .0
        .iter()
        .fold(u64::from_ne_bytes(last), |any, &w| any | u64::from_ne_bytes(w));
    any & 0x8080_8080_8080_8080 == 0
}

/// Applies `d.utf8` to `output`, the complete decoding of `input`.
///
/// `Ok(None)`: keep `output` as it is. `Ok(Some(s))`: replace it by `s` (lossy repair).
/// Strict errors name the input offset of the escape or byte where the invalid sequence
/// starts.
pub(crate) fn check(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    output: &[u8],
) -> Result<Option<Vec<u8>>, DecodeError> {
    match d.utf8 {
        Utf8::Bytes => Ok(None),
        Utf8::LossyJava => Ok((!is_utf8(output)).then(|| lossy_java(output).into_bytes())),
        Utf8::KeepEscaped | Utf8::Iri => keep_escaped(d, unit, input, output),
        Utf8::Strict if is_utf8(output) && is_utf8(input) => Ok(None),
        Utf8::Strict => {
            let out_err = core::str::from_utf8(output)
                .err()
                .map(|e| scalar::input_offset(d, unit, input, e.valid_up_to()));
            match earliest(out_err, input_error(input)) {
                None => Ok(None),
                Some(offset) => Err(DecodeError::InvalidUtf8 { offset }),
            }
        }
        Utf8::Lossy if is_utf8(output) => Ok(None),
        Utf8::Lossy => Ok(Some(String::from_utf8_lossy(output).into_owned().into_bytes())),
    }
}

/// The first error of `input` in input order, given `e`, the error the kernel stopped at:
/// under [`Utf8::Strict`] (and, for raw bytes, the kept-escape policies), invalid UTF-8
/// decoded before `e` comes first. (A sequence that
/// `e` cuts short is not yet invalid: the streaming decoder could not know it either.)
pub(crate) fn first_error(d: &Decoding, unit: Unit, input: &[u8], e: DecodeError) -> DecodeError {
    if !matches!(d.utf8, Utf8::Strict | Utf8::KeepEscaped | Utf8::Iri) {
        return e;
    }
    let before = &input[..e.offset().min(input.len())];
    let mut out = alloc::vec![0u8; before.len()];
    let Ok(progress) = scalar::decode(d, unit, before, &mut out, false) else { return e };
    if d.utf8 != Utf8::Strict {
        // Kept escapes: a raw byte in a complete sequence that is not UTF-8 is the error (it
        // has no escape to be written back as), as `keep_escaped` finds it on the whole.
        // A sequence still open where `e` stops is not yet invalid (the escape could have
        // completed it): only what comes before it is judged.
        let mut output = &out[..progress.written];
        let mut read = progress.read;
        let mut pos = 0;
        while let Err(u) = core::str::from_utf8(&output[pos..]) {
            match u.error_len() {
                Some(n) => pos += u.valid_up_to() + n,
                None => {
                    let open = pos + u.valid_up_to();
                    read = scalar::input_offset(d, unit, before, open);
                    output = &output[..open];
                    break;
                }
            }
        }
        return match keep_escaped(d, unit, &before[..read], output) {
            // A raw byte of `before`, so before `e`.
            Err(invalid @ DecodeError::InvalidUtf8 { .. }) => invalid,
            _ => e,
        };
    }
    let out_err = match core::str::from_utf8(&out[..progress.written]) {
        Err(u) if u.error_len().is_some() => {
            Some(scalar::input_offset(d, unit, before, u.valid_up_to()))
        }
        _ => None,
    };
    match earliest(out_err, input_error(before)) {
        Some(offset) => DecodeError::InvalidUtf8 { offset },
        None => e,
    }
}

/// Under [`Utf8::Strict`] the input is text too: the offset of its first byte that is not
/// (the start of) UTF-8. Decoded bytes alone cannot show it: a raw `\xC3` before `%A9`
/// decodes to a valid `é`, which `decodeURIComponent` (whose input is a string) never sees.
fn input_error(input: &[u8]) -> Option<usize> {
    core::str::from_utf8(input).err().map(|e| e.valid_up_to())
}

fn earliest(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The streaming form of the strict input check: finds the first offset of a stream whose
/// raw bytes are not UTF-8, carrying at most three bytes of an unfinished sequence.
#[derive(Clone, Debug, Default)]
pub(crate) struct InputCheck {
    bytes: [u8; 4],
    len: usize,
    /// Absolute offset of `bytes[0]`.
    offset: usize,
    /// The first invalid offset, once found.
    pub(crate) found: Option<usize>,
}

impl InputCheck {
    /// Feeds the next raw `chunk` of the stream, which starts at absolute offset `base`.
    pub(crate) fn feed(&mut self, chunk: &[u8], base: usize, last: bool) {
        if self.found.is_some() {
            return;
        }
        let mut i = 0;
        if self.len > 0 {
            let need = match self.bytes[0] {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                _ => 4,
            };
            while self.len < need && i < chunk.len() {
                self.bytes[self.len] = chunk[i];
                self.len += 1;
                i += 1;
            }
            if self.len < need {
                // Still short, but the bytes so far may already rule it out (`F0 25`): the
                // error is known now, not at the end of the sequence's would-be length.
                let broken = matches!(
                    core::str::from_utf8(&self.bytes[..self.len]),
                    Err(e) if e.error_len().is_some()
                );
                if last || broken {
                    self.found = Some(self.offset);
                }
                return;
            }
            if core::str::from_utf8(&self.bytes[..need]).is_err() {
                self.found = Some(self.offset);
                return;
            }
            self.len = 0;
        }
        if is_utf8(&chunk[i..]) {
            return;
        }
        if let Err(e) = core::str::from_utf8(&chunk[i..]) {
            let at = i + e.valid_up_to();
            if e.error_len().is_none() && !last {
                let rest = &chunk[at..];
                self.bytes[..rest.len()].copy_from_slice(rest);
                self.len = rest.len();
                self.offset = base + at;
            } else {
                self.found = Some(base + at);
            }
        }
    }
}

/// Whether `bytes` starts with an encoded surrogate (`ED A0..BF`), which Java's decoder reads
/// as one malformed unit; returns its length (2 or 3) if so.
fn java_surrogate(bytes: &[u8]) -> Option<usize> {
    match bytes {
        [0xED, 0xA0..=0xBF, 0x80..=0xBF, ..] => Some(3),
        [0xED, 0xA0..=0xBF, ..] => Some(2),
        _ => None,
    }
}

/// Java's lossy UTF-8 decoding (`new String(bytes, UTF_8)`): U+FFFD per maximal invalid
/// subpart, as [`String::from_utf8_lossy`], except one U+FFFD per encoded surrogate.
pub(crate) fn lossy_java(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut pos = 0;
    while pos < bytes.len() {
        match core::str::from_utf8(&bytes[pos..]) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let v = e.valid_up_to();
                out.push_str(core::str::from_utf8(&bytes[pos..pos + v]).unwrap_or_default());
                let at = pos + v;
                let n = java_surrogate(&bytes[at..]).or(e.error_len()).unwrap_or(bytes.len() - at);
                out.push(char::REPLACEMENT_CHARACTER);
                pos = at + n;
            }
        }
    }
    out
}

/// How many bytes at the end of `bytes` Java's decoder would still wait for: an unfinished
/// sequence, including an unfinished encoded surrogate (`ED`, `ED A0..BF`).
fn java_tail(bytes: &[u8]) -> usize {
    let mut pos = 0;
    while let Err(e) = core::str::from_utf8(&bytes[pos..]) {
        let at = pos + e.valid_up_to();
        let rest = &bytes[at..];
        if matches!(rest, [0xED, 0xA0..=0xBF]) || e.error_len().is_none() {
            return rest.len();
        }
        pos = at + java_surrogate(rest).or(e.error_len()).unwrap_or(rest.len());
    }
    0
}

/// One decoding unit: `in_len` input bytes at `in_start` wrote `out_len` output bytes at
/// `out_start`.
#[derive(Clone, Copy)]
struct UnitSpan {
    in_start: usize,
    in_len: usize,
    out_start: usize,
    out_len: usize,
}

/// Whether RFC 3987 lets an IRI show `c` decoded: `ucschar` or `iprivate` (§2.2) and not
/// one of the bidi formatting characters of §4.1.
fn iri_shows(c: char) -> bool {
    let u = c as u32;
    let bidi = matches!(u, 0x200E | 0x200F | 0x202A..=0x202E);
    let ucschar = matches!(u, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || (0x10000..=0xEFFFD).contains(&u)
            && (u & 0xFFFF) <= 0xFFFD
            && !(0xE0000..0xE1000).contains(&u);
    let iprivate = matches!(u, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD);
    !bidi && (ucschar || iprivate)
}

/// [`Utf8::KeepEscaped`] and [`Utf8::Iri`]: the escapes whose bytes are not UTF-8 (or, for
/// IRIs, decode to a character an IRI must not show) are written back as they were in the
/// input. `None` when nothing changes. A raw input byte in a sequence that is not UTF-8 has
/// no escape to be written back as: an error naming it, as the strict policy's.
fn keep_escaped(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    output: &[u8],
) -> Result<Option<Vec<u8>>, DecodeError> {
    let iri = d.utf8 == Utf8::Iri;
    let needs_work = match core::str::from_utf8(output) {
        Ok(s) => iri && s.chars().any(|c| !c.is_ascii() && !iri_shows(c)),
        Err(_) => true,
    };
    if !needs_work {
        return Ok(None);
    }
    // Which unit wrote each output byte.
    let mut units = Vec::new();
    let mut owner = Vec::with_capacity(output.len());
    let mut i = 0;
    while i < input.len() {
        let (read, written) = if input[i] == b'%' {
            match scalar::escape(d, unit, input, i, true) {
                Ok(scalar::Step::Unit { read, written, .. }) => (read, written),
                _ => (1, 1),
            }
        } else {
            (1, 1)
        };
        let out_start = owner.len();
        owner.extend(core::iter::repeat_n(units.len(), written));
        units.push(UnitSpan { in_start: i, in_len: read, out_start, out_len: written });
        i += read;
    }
    let mut out = Vec::with_capacity(output.len() + 8);
    // Writes output bytes `a..b` as their input escapes, each escape once however many bytes
    // it wrote (a `%uXXXX`, or a `%XX` of the `Utf16` unit, writes a whole character); raw
    // bytes stay raw. A range holds whole units: an escape's character is shown or restored
    // whole, and the invalid sequences are of one-byte escapes and raw bytes.
    let restore = |out: &mut Vec<u8>, a: usize, b: usize| {
        let mut k = a;
        while k < b {
            let u = units[owner[k]];
            if input[u.in_start] == b'%' {
                out.extend_from_slice(&input[u.in_start..u.in_start + u.in_len]);
                k = u.out_start + u.out_len;
            } else {
                out.push(output[k]);
                k += 1;
            }
        }
    };
    let valid = |out: &mut Vec<u8>, s: &str, base: usize| {
        if !iri {
            out.extend_from_slice(s.as_bytes());
            return;
        }
        for (k, c) in s.char_indices() {
            if c.is_ascii() || iri_shows(c) {
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            } else {
                restore(out, base + k, base + k + c.len_utf8());
            }
        }
    };
    let mut pos = 0;
    while pos < output.len() {
        match core::str::from_utf8(&output[pos..]) {
            Ok(s) => {
                valid(&mut out, s, pos);
                break;
            }
            Err(e) => {
                let v = e.valid_up_to();
                valid(
                    &mut out,
                    core::str::from_utf8(&output[pos..pos + v]).unwrap_or_default(),
                    pos,
                );
                let n = e.error_len().unwrap_or(output.len() - pos - v);
                if let Some(raw) = (pos + v..pos + v + n)
                    .map(|k| units[owner[k]])
                    .find(|u| input[u.in_start] != b'%')
                {
                    return Err(DecodeError::InvalidUtf8 { offset: raw.in_start });
                }
                restore(&mut out, pos + v, pos + v + n);
                pos += v + n;
            }
        }
    }
    Ok(Some(out))
}

/// A contiguous piece of a stream's input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Piece<'a> {
    /// The input bytes that were decoded.
    pub input: &'a [u8],
    /// Absolute offset of `input[0]` in the stream.
    pub base: usize,
    /// Whether the stream ends with this piece.
    pub last: bool,
}

/// The UTF-8 policy across chunk boundaries: a sequence that a chunk's output cuts short is
/// carried (at most three bytes) to the next chunk, with the input offset it started at.
#[derive(Clone, Debug, Default)]
pub(crate) struct Carry {
    bytes: [u8; 4],
    len: usize,
    /// Absolute input offset of the unit that wrote `bytes[0]`.
    offset: usize,
}

impl Carry {
    /// The input offset where the carried (unfinished) sequence starts, if any.
    pub(crate) fn pending_offset(&self) -> Option<usize> {
        (self.len > 0).then_some(self.offset)
    }

    /// Moves the carried bytes to the end of `out`; returns where they start.
    pub(crate) fn put_back(&mut self, out: &mut Vec<u8>) -> usize {
        let start = out.len();
        out.extend_from_slice(&self.bytes[..self.len]);
        start
    }

    /// Applies `d.utf8` to `out[seg..]`: the bytes carried from before (put back at `seg`)
    /// followed by the decoding of `piece`.
    pub(crate) fn check(
        &mut self,
        d: &Decoding,
        unit: Unit,
        piece: Piece<'_>,
        out: &mut Vec<u8>,
        seg: usize,
    ) -> Result<(), DecodeError> {
        let Piece { input, base, last } = piece;
        let carried = self.len;
        let locate = |pos: usize, carry_offset: usize| -> usize {
            if pos < carried {
                carry_offset
            } else {
                base + scalar::input_offset(d, unit, input, pos - carried)
            }
        };
        if d.utf8 == Utf8::Bytes {
            return Ok(());
        }
        if d.utf8 == Utf8::LossyJava {
            let tail = if last { 0 } else { java_tail(&out[seg..]) };
            let end = out.len() - tail;
            self.offset = if tail > 0 { locate(end - seg, self.offset) } else { 0 };
            self.len = tail;
            self.bytes[..tail].copy_from_slice(&out[end..]);
            out.truncate(end);
            if !is_utf8(&out[seg..]) {
                let repaired = lossy_java(&out[seg..]);
                out.truncate(seg);
                out.extend_from_slice(repaired.as_bytes());
            }
            return Ok(());
        }
        // Find the incomplete tail (kept for the next chunk) and whether anything is invalid.
        let mut pos = seg;
        let mut invalid = false;
        let tail = loop {
            if pos == seg && is_utf8(&out[pos..]) {
                break 0;
            }
            match core::str::from_utf8(&out[pos..]) {
                Ok(_) => break 0,
                Err(e) => match e.error_len() {
                    None if !last => break out.len() - pos - e.valid_up_to(),
                    None => {
                        invalid = true;
                        if d.utf8 == Utf8::Strict {
                            return Err(DecodeError::InvalidUtf8 {
                                offset: locate(pos - seg + e.valid_up_to(), self.offset),
                            });
                        }
                        break 0;
                    }
                    Some(n) => {
                        invalid = true;
                        if d.utf8 == Utf8::Strict {
                            return Err(DecodeError::InvalidUtf8 {
                                offset: locate(pos - seg + e.valid_up_to(), self.offset),
                            });
                        }
                        pos += e.valid_up_to() + n;
                    }
                },
            }
        };
        let end = out.len() - tail;
        let tail_offset = if tail > 0 { locate(end - seg, self.offset) } else { 0 };
        self.len = tail;
        self.bytes[..tail].copy_from_slice(&out[end..]);
        self.offset = tail_offset;
        out.truncate(end);
        if invalid {
            let repaired = String::from_utf8_lossy(&out[seg..]).into_owned();
            out.truncate(seg);
            out.extend_from_slice(repaired.as_bytes());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Profile;

    /// `is_utf8` and `is_text` are std's verdict at every length around their two thresholds
    /// (16 and 64 bytes), on every two-byte sequence and every three- and four-byte sequence's
    /// lead and second byte, each at the start, the middle and the end of the value. (Run
    /// under every kernel by scripts/test.d/51-kernels.sh: the check below 64 bytes is the
    /// kernel's.)
    #[test]
    fn is_utf8_is_std_s_verdict_on_short_values() {
        let mut cases = 0;
        for (a, b) in (0..=0xFFu8).flat_map(|a| (0..=0xFFu8).map(move |b| (a, b))) {
            let tails: &[&[u8]] = if a < 0xE0 { &[b""] } else { &[b"\x80", b"\xbf\x80", b"A"] };
            for &tail in tails {
                let seq = [&[a, b][..], tail].concat();
                for len in [seq.len(), 15, 16, 17, 31, 32, 47, 63, 64] {
                    let Some(pad) = len.checked_sub(seq.len()) else { continue };
                    for at in [0, pad / 2, pad] {
                        let v = [&b"x".repeat(at)[..], &seq, &b"y".repeat(pad - at)].concat();
                        let std = core::str::from_utf8(&v).is_ok();
                        assert_eq!(is_utf8(&v), std, "{v:02x?}");
                        assert_eq!(is_text(&v), std, "{v:02x?}");
                        cases += usize::from(!std);
                    }
                }
            }
        }
        assert!(cases > 1_000_000, "{cases} invalid values");
    }

    #[test]
    fn java_replaces_an_encoded_surrogate_once() {
        assert_eq!(lossy_java(b"\xed\xa0\x80"), "\u{FFFD}");
        assert_eq!(lossy_java(b"\xed\xa0A"), "\u{FFFD}A");
        assert_eq!(lossy_java(b"\xc0\x80\xf4\x90"), "\u{FFFD}".repeat(4));
        assert_eq!(java_tail(b"a\xed\xa0"), 2);
        assert_eq!(java_tail(b"\xff\xe2\x82"), 2);
        assert_eq!(java_tail(b"\xed\xa0\x80"), 0);
    }

    #[test]
    fn keep_escaped_writes_back_what_was_written() {
        let d = Decoding { utf8: Utf8::KeepEscaped, ..Decoding::LENIENT };
        let input = b"%e2%82x%C3%A9";
        let out = b"\xe2\x82x\xc3\xa9";
        assert_eq!(keep_escaped(&d, Unit::Byte, input, out).unwrap().unwrap(), b"%e2%82x\xc3\xa9");
        // A raw byte that is not UTF-8 has no escape to keep.
        let e = keep_escaped(&d, Unit::Byte, b"a%41\xff", b"aA\xff").unwrap_err();
        assert_eq!(e, DecodeError::InvalidUtf8 { offset: 4 });
        let iri = Decoding { utf8: Utf8::Iri, ..d };
        assert_eq!(
            keep_escaped(&iri, Unit::Byte, b"%E2%80%AE", b"\xe2\x80\xae").unwrap().unwrap(),
            b"%E2%80%AE"
        );
        assert!(keep_escaped(&iri, Unit::Byte, b"%C3%A9", b"\xc3\xa9").unwrap().is_none());
    }

    #[test]
    fn a_carried_sequence_keeps_the_offset_it_started_at() {
        let run = |utf8: Utf8, pieces: &[(&[u8], usize, bool)]| {
            let d = Decoding { utf8, ..Decoding::STRICT };
            let (mut carry, mut out, mut offsets) = (Carry::default(), Vec::new(), Vec::new());
            for &(input, base, last) in pieces {
                let seg = carry.put_back(&mut out);
                let mut decoded = alloc::vec![0; input.len()];
                let p = scalar::decode(&d, Unit::Byte, input, &mut decoded, last).unwrap();
                out.extend_from_slice(&decoded[..p.written]);
                let r = carry.check(&d, Unit::Byte, Piece { input, base, last }, &mut out, seg);
                offsets.push(r.map(|()| carry.pending_offset()));
            }
            (out, offsets)
        };
        for utf8 in [Utf8::Strict, Utf8::Lossy, Utf8::LossyJava] {
            // `%E2%82` at input offset 12 waits for the piece that finishes it.
            let (out, offsets) = run(utf8, &[(b"ab%E2%82", 10, false), (b"%AC!", 18, true)]);
            assert_eq!(out, "ab€!".as_bytes(), "{utf8:?}");
            assert_eq!(offsets, [Ok(Some(12)), Ok(None)], "{utf8:?}");
            // The same after output written by an earlier piece.
            let pieces: [(&[u8], usize, bool); 3] =
                [(b"ab", 0, false), (b"c%E2%82", 2, false), (b"%AC", 9, true)];
            let (out, offsets) = run(utf8, &pieces);
            assert_eq!(out, "abc€".as_bytes(), "{utf8:?}");
            assert_eq!(offsets, [Ok(None), Ok(Some(3)), Ok(None)], "{utf8:?}");
        }
        // Unfinished at the end of the stream: strict names where it starts, after valid text.
        let (_, offsets) = run(Utf8::Strict, &[(b"ab", 0, false), (b"c%C3%A9d%E2%82", 2, true)]);
        assert_eq!(offsets, [Ok(None), Err(DecodeError::InvalidUtf8 { offset: 10 })]);
        let (out, _) = run(Utf8::Lossy, &[(b"ab", 0, false), (b"c%C3%A9d%E2%82", 2, true)]);
        assert_eq!(out, "abcéd\u{FFFD}".as_bytes());
    }

    #[test]
    fn an_iri_shows_ucschar_and_iprivate_but_no_bidi_format() {
        // RFC 3987 §2.2 `ucschar` and `iprivate` at each edge of their ranges, and §4.1.
        let shown = [
            0xA0, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0x10000, 0x1FFFD,
            0x20000, 0xDFFFD, 0xE1000, 0xEFFFD, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD, 0x2029,
        ];
        let kept = [
            0x7F, 0x80, 0x9F, 0xFDD0, 0xFDEF, 0xFFF0, 0xFFFD, 0xFFFF, 0x1FFFE, 0x1FFFF, 0xDFFFE,
            0xE0000, 0xE0001, 0xE0FFF, 0xEFFFE, 0xFFFFE, 0x10FFFE, 0x10FFFF, 0x200E, 0x200F,
            0x202A, 0x202E,
        ];
        for (cases, want) in [(&shown[..], true), (&kept[..], false)] {
            for &u in cases {
                let c = char::from_u32(u).unwrap();
                assert_eq!(iri_shows(c), want, "U+{u:04X}");
            }
        }
    }

    #[test]
    fn an_escape_that_writes_a_whole_character_is_kept_whole() {
        use crate::profile::protocols::IRI;
        use crate::profile::runtimes::DOTNET_ESCAPEDATASTRING as DOTNET;
        let cases: [(&Profile, &str, &str); 7] = [
            // A bidi control an IRI must not show, from a `%uXXXX` and from the `Utf16`
            // unit's Latin-1 `%XX` (U+0085, a C1 control): the escape once, as written.
            (&IRI.with_unit(Unit::ByteOrU16), "%u202Ex", "%u202Ex"),
            (&IRI.with_unit(Unit::Utf16), "a%85%u202E", "a%85%u202E"),
            (&IRI.with_unit(Unit::ByteOrU16), "%u00E9%E2%80%AE", "é%E2%80%AE"),
            (&IRI.with_unit(Unit::Utf16), "%E9", "é"),
            // Escapes of bytes that are not UTF-8 beside a `%uXXXX`.
            (&DOTNET.with_unit(Unit::ByteOrU16), "%C3%u00A9", "%C3©"),
            (&DOTNET.with_unit(Unit::ByteOrU16), "%FF%u0041%E2%82", "%FFA%E2%82"),
            (DOTNET, "%C3%A9%FF", "é%FF"),
        ];
        for (p, input, want) in cases {
            assert_eq!(p.decode(input).unwrap(), want.as_bytes(), "{input:?}");
        }
    }

    #[test]
    fn kept_escapes_report_a_raw_byte_before_the_error_that_stopped_decoding() {
        use crate::profile::Malformed;
        let d = Decoding { utf8: Utf8::KeepEscaped, ..Decoding::STRICT };
        let stop = |input: &[u8]| {
            let at = input.windows(3).position(|w| w == b"%zz").unwrap();
            first_error(&d, Unit::Byte, input, DecodeError::InvalidEscape { offset: at })
        };
        let utf8 = |offset| DecodeError::InvalidUtf8 { offset };
        // A raw byte that is not UTF-8 comes first; escapes that are not UTF-8 are kept
        // (`%FF`), and a sequence the stop leaves open (`%C3`) is not yet invalid.
        assert_eq!(stop(b"%FFa\xffb%zz"), utf8(4));
        assert_eq!(stop(b"a\xffb%C3%zz"), utf8(1));
        assert_eq!(stop(b"%FF\xffb%C3%zz"), utf8(3));
        // Nothing invalid before the stop: the stop itself. A raw `\xC3` that an escape
        // completes is `é`, and the open `%C3` after it is cut before it is judged.
        assert_eq!(stop(b"%FF\xc3%A9%C3%zz"), DecodeError::InvalidEscape { offset: 10 });
        assert_eq!(stop(b"%FF\xc3\xa9%C3%zz"), DecodeError::InvalidEscape { offset: 8 });
        assert_eq!(stop(b"ab%C3%zz"), DecodeError::InvalidEscape { offset: 5 });
        // Policies that judge no raw bytes keep the stop.
        let lossy = Decoding { utf8: Utf8::Lossy, malformed: Malformed::Reject, ..d };
        let e = DecodeError::InvalidEscape { offset: 2 };
        assert_eq!(first_error(&lossy, Unit::Byte, b"\xff%zz", e), e);
    }
}
