//! The security invariants, each a function of arbitrary bytes that panics when it breaks.
//!
//! One source, two drivers: the stable property tests (`tests/invariants_props.rs`, always
//! run) and the cargo-fuzz targets (`fuzz/`, nightly), whose crate uses this file as its
//! library. Each function reads its parameters (a profile, a context, chunk sizes) from the
//! first bytes of its input, so the fuzzer explores them too. `docs/security.md` maps each
//! guarantee (G-numbers of the research note) to the function that checks it.
#![allow(dead_code)]

use pctenc::lint::{check, faults, Code, Context, Utf8Problem};
use pctenc::profile::{whatwg, ALL};
use pctenc::segment::{decode_segment, split_path, Encoded, SegmentPolicy};
use pctenc::stream::{Decoder, Encoder};
use pctenc::{Malformed, Profile, Unit, Utf8};

fn show(b: &[u8]) -> String {
    pctenc::lint::escape_preview(b)
}

/// The WHATWG percent-decode (lenient, bytes): the reference "full decode".
fn full_decode(b: &[u8]) -> Vec<u8> {
    whatwg::COMPONENT.decode(b).expect("lenient decoding never fails").into_owned()
}

/// Whether `b` holds a `%` followed by two hex digits.
fn has_valid_escape(b: &[u8]) -> bool {
    b.windows(3).any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// G5 round trip, G6 canonical output, G10 length bound: `decode(encode(x)) == x` for every
/// profile that escapes `%`, on text and (for profiles that take and give bytes) on raw bytes.
pub fn roundtrip(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for p in ALL.iter().filter(|p| p.round_trips()) {
        let enc = p.encode(text.as_bytes());
        assert!(enc.is_ascii() && enc.len() <= 3 * text.len(), "{}", p.name());
        let dec = p.decode(enc.as_bytes());
        assert_eq!(dec.as_deref(), Ok(text.as_bytes()), "{} on {:?}", p.name(), show(data));
        let bytes_both_ways = p.input_utf8() == Utf8::Bytes && p.decoding().utf8 == Utf8::Bytes;
        if bytes_both_ways && p.unit() == Unit::Byte {
            let enc = p.encode(data);
            assert!(enc.len() <= 3 * data.len());
            assert_eq!(p.decode(enc.as_bytes()).as_deref(), Ok(data), "{} bytes", p.name());
        }
    }
}

/// G3 and strict/lenient agreement: where the strict reading of a profile succeeds, the
/// lenient one gives the same bytes; the lenient byte decoder is exactly the WHATWG
/// percent-decode (the `percent-encoding` crate as oracle); and decoding never grows input.
pub fn strict_lenient(data: &[u8]) {
    for p in ALL {
        let strict = p.with_malformed(Malformed::Reject).decode(data);
        let lenient = p.with_malformed(Malformed::PassThrough).decode(data);
        if let Ok(s) = &strict {
            assert_eq!(lenient.as_ref(), Ok(s), "{} on {:?}", p.name(), show(data));
        }
        if let Err(e) = strict {
            assert!(e.offset() < data.len().max(1), "{} offset {e:?}", p.name());
        }
    }
    let oracle: Vec<u8> = percent_encoding::percent_decode(data).collect();
    assert_eq!(full_decode(data), oracle, "WHATWG percent-decode on {:?}", show(data));
    assert!(oracle.len() <= data.len());
    if let Ok(s) = decode_segment(data, &SegmentPolicy::strict()) {
        let l = decode_segment(data, &SegmentPolicy::lenient());
        assert_eq!(l.as_deref(), Ok(&s[..]), "segment on {:?}", show(data));
    }
}

fn chunked(input: &[u8], sizes: [usize; 2]) -> Vec<&[u8]> {
    let (mut parts, mut at, mut k) = (Vec::new(), 0, 0);
    while at < input.len() {
        let n = sizes[k % 2].min(input.len() - at);
        parts.push(&input[at..at + n]);
        at += n;
        k += 1;
    }
    parts
}

/// G11: streaming equals one-shot, for a profile and chunk sizes (0 included) taken from
/// the first three bytes.
pub fn stream(data: &[u8]) {
    let Some((&[pick, a, b], input)) = data.split_first_chunk::<3>() else { return };
    let p: &Profile = ALL[pick as usize % ALL.len()];
    let parts = chunked(input, [a as usize % 17, b as usize % 16 + 1]);
    let mut d = Decoder::new(p);
    let mut out = Vec::new();
    let streamed =
        parts.iter().try_for_each(|c| d.push(c, &mut out)).and_then(|_| d.finish(&mut out));
    let one = p.decode(input).map(|c| c.into_owned());
    assert_eq!(streamed.map(|_| out), one, "{} decode {:?} in {a},{b}", p.name(), show(input));
    let mut e = Encoder::new(p);
    let mut out = Vec::new();
    let streamed =
        parts.iter().try_for_each(|c| e.push(c, &mut out)).and_then(|_| e.finish(&mut out));
    let one = p.try_encode(input).map(|c| c.into_owned().into_bytes());
    assert_eq!(streamed.map(|_| out), one, "{} encode {:?} in {a},{b}", p.name(), show(input));
}

/// The G12 properties of one safely decoded segment.
fn safe_segment(out: &[u8], data: &[u8]) {
    let ctx = show(data);
    assert!(!out.iter().any(|&b| b == b'/' || b == b'\\' || b < 0x20 || b == 0x7F), "{ctx}");
    assert!(out != b"." && out != b"..", "{ctx}");
    assert!(std::str::from_utf8(out).is_ok(), "{ctx}");
    assert!(!has_valid_escape(out) && full_decode(out) == out, "decodes again: {ctx}");
}

/// G12 and G13: every `Ok` of the strict and servlet6 presets is safe; errors point inside
/// the input; lenient never fails; preserve mode keeps the full decoding unchanged; a path
/// splits into as many segments as it has raw `/`.
pub fn segment(data: &[u8]) {
    for policy in [SegmentPolicy::strict(), SegmentPolicy::servlet6()] {
        match decode_segment(data, &policy) {
            Ok(out) => safe_segment(&out, data),
            Err(e) => assert!(e.offset + e.len <= data.len() && (e.len > 0 || data.is_empty())),
        }
        if let Ok(segs) = split_path(data, &policy) {
            let slashes = data.iter().filter(|&&b| b == b'/').count();
            let expect =
                if data.is_empty() { 0 } else { slashes + 1 - usize::from(data[0] == b'/') };
            assert_eq!(segs.len(), expect, "{}", show(data));
            segs.iter().for_each(|s| safe_segment(s, data));
        }
    }
    assert!(decode_segment(data, &SegmentPolicy::lenient()).is_ok());
    let keep = SegmentPolicy {
        encoded_slash: Encoded::Preserve,
        encoded_backslash: Encoded::Preserve,
        ..SegmentPolicy::strict()
    };
    if let Ok(out) = decode_segment(data, &keep) {
        assert_eq!(full_decode(&out), full_decode(data), "preserve: {}", show(data));
    }
}

/// G14: every finding's span is inside the input and holds what its code says, for a
/// context taken from the first byte.
pub fn lint(data: &[u8]) {
    let Some((&pick, input)) = data.split_first() else { return };
    let ctx = Context::ALL[pick as usize % Context::ALL.len()];
    for f in check(input, ctx) {
        let why = format!("{f:?} in {:?} as {}", show(input), ctx.as_str());
        assert!(f.len >= 1 && f.end() <= input.len(), "{why}");
        span_holds(&input[f.offset..f.end()], f.code, f.depth, &why);
    }
}

/// Whether `span` is what a finding with `code` claims.
fn span_holds(span: &[u8], code: Code, depth: Option<usize>, why: &str) {
    let once = full_decode(span);
    let escape = span.len() == 3 && span[0] == b'%' && once.len() == 1;
    let v = once.first().copied().unwrap_or(0);
    let ok = match code {
        Code::MalformedEscape => span[0] == b'%' && !escape && span.len() <= 3,
        Code::Utf16Escape => span.len() == 6 && span[..2].eq_ignore_ascii_case(b"%u"),
        Code::EncodedNul => escape && v == 0,
        Code::EncodedCrlf => escape && (v == b'\r' || v == b'\n'),
        Code::EncodedControl => escape && (v < 0x20 || v == 0x7F),
        Code::EncodedSlash => escape && v == b'/',
        Code::EncodedBackslash => escape && v == b'\\',
        Code::EncodedUnreserved => escape && (v.is_ascii_alphanumeric() || b"-._~".contains(&v)),
        Code::EncodedDelimiter => escape && v.is_ascii_punctuation(),
        Code::LowercaseHex => escape && span[1..].iter().any(u8::is_ascii_lowercase),
        Code::EncodedDotSegment => span.contains(&b'%') && (once == b"." || once == b".."),
        Code::DoubleEncoded => {
            let r = whatwg::COMPONENT.decode_repeat(span, 64).expect("lenient");
            r.output.len() == 1 && (Some(r.depth) == depth || depth >= Some(16))
        }
        Code::OverlongUtf8 | Code::SurrogateUtf8 | Code::InvalidUtf8 => {
            let f = faults(&once).next();
            let class = f.map(|f| match f.problem {
                Utf8Problem::Overlong => Code::OverlongUtf8,
                Utf8Problem::Surrogate => Code::SurrogateUtf8,
                _ => Code::InvalidUtf8,
            });
            f.is_some_and(|f| f.at == 0 && f.len == once.len()) && class == Some(code)
        }
        Code::BidiControl | Code::ConfusableDelimiter => {
            std::str::from_utf8(&once).is_ok_and(|s| s.chars().count() == 1 && !s.is_ascii())
        }
        Code::RawIllegalByte => {
            span.iter().all(|&b| b != b'%' && !b.is_ascii_alphanumeric() && !b"-._~".contains(&b))
        }
        Code::PlusAmbiguity => span == b"+",
        Code::EmptySegment => once.len() >= 2 && once.iter().all(|&b| b == b'/'),
        _ => true,
    };
    assert!(ok, "span does not hold its code: {why}");
}

/// The form parser's reference: `+` as space, then the WHATWG percent-decode (the
/// `percent-encoding` crate as oracle).
fn form_part(b: &[u8]) -> Vec<u8> {
    let plus: Vec<u8> = b.iter().map(|&c| if c == b'+' { b' ' } else { c }).collect();
    percent_encoding::percent_decode(&plus).collect()
}

/// G9 for forms: the parser splits only on raw `&` and the first raw `=` of a piece (an
/// escaped `%26` or `%3D` never splits), decodes each part exactly as `+`-then-percent-decode,
/// and never fails; text parsing is the byte parse made lossy UTF-8; the serializer writes only
/// the urlencoded alphabet, an input `+` as `%2B`, and parsing its output gives the same pairs
/// back (so a form survives any number of parse/serialize rounds).
pub fn form(data: &[u8]) {
    let why = show(data);
    let pieces = data.split(|&b| b == b'&').filter(|p| !p.is_empty()).count();
    let raw: Vec<_> = pctenc::form::parse_raw(data).collect();
    assert_eq!(raw.len(), pieces, "pairs of {why}");
    for (n, v) in &raw {
        assert!(!n.contains(&b'&') && !n.contains(&b'=') && !v.contains(&b'&'), "{why}");
        let (start, end) = (n.as_ptr() as usize, v.as_ptr() as usize + v.len());
        let base = data.as_ptr() as usize;
        assert!(start >= base && end <= base + data.len(), "a part outside the input: {why}");
    }
    let bytes: Vec<_> = pctenc::form::parse_bytes(data).collect();
    for ((n, v), (rn, rv)) in bytes.iter().zip(&raw) {
        assert_eq!(**n, form_part(rn)[..], "name of {why}");
        assert_eq!(**v, form_part(rv)[..], "value of {why}");
    }
    let text: Vec<_> = pctenc::form::parse(data).collect();
    assert_eq!(text.len(), bytes.len(), "{why}");
    for ((n, v), (bn, bv)) in text.iter().zip(&bytes) {
        assert_eq!(*n, String::from_utf8_lossy(bn), "{why}");
        assert_eq!(*v, String::from_utf8_lossy(bv), "{why}");
    }
    #[cfg(feature = "charsets")]
    {
        let utf8: Vec<_> =
            pctenc::form::parse_with(data, pctenc::charset::encoding_rs::UTF_8).collect();
        assert_eq!(utf8, text, "parse_with(UTF-8) of {why}");
    }
    let out = pctenc::form::serialize(&text);
    assert!(
        out.bytes().all(|b| b.is_ascii_alphanumeric() || b"*-._%+=&".contains(&b)),
        "serialized {out:?} of {why}"
    );
    let plus_in = text.iter().map(|(n, v)| n.matches('+').count() + v.matches('+').count());
    assert_eq!(out.matches("%2B").count(), plus_in.sum::<usize>(), "'+' in {out:?}");
    let again: Vec<_> = pctenc::form::parse(out.as_bytes()).collect();
    assert_eq!(again, text, "parse(serialize) = {out:?} of {why}");
}
