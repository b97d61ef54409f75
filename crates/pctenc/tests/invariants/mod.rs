//! The security invariants, each a function of arbitrary bytes that panics when it breaks.
//!
//! One source, two drivers: the stable property tests (`tests/invariants_props.rs`, always
//! run) and the cargo-fuzz targets (`fuzz/`, nightly), whose crate uses this file as its
//! library. Each function reads its parameters (a profile, its options, a context, chunk
//! sizes, a policy) from the first bytes of its input ([`Picks`]), so that the fuzzer explores
//! them too and one execution is one call of the code under test, not one per profile. The
//! property tests run every profile on each of their inputs by framing it once per profile.
//! `docs/security.md` maps each guarantee (G-numbers of the research note) to the function
//! that checks it.
#![allow(dead_code)]

mod batch;
pub mod batch_oracle;
#[cfg(feature = "charsets")]
mod charset;
mod form;
mod segment;

pub use batch::batch;
#[cfg(feature = "charsets")]
pub use charset::charset;
pub use form::{form, form_serialize};
pub use segment::segment;

use pctenc::lint::{check, faults, Code, Context, Utf8Problem};
use pctenc::profile::{whatwg, ALL};
use pctenc::stream::{Decoder, Encoder};
use pctenc::{HexCase, Malformed, Profile, Unit, Utf8};

/// The parameters at the front of a fuzz input, read one byte at a time; past the end of the
/// input every byte reads as 0, so that short inputs still run.
pub struct Picks<'a> {
    rest: &'a [u8],
}

impl<'a> Picks<'a> {
    /// The picks at the front of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Picks { rest: data }
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.rest.split_first() {
            Some((&b, rest)) => {
                self.rest = rest;
                b
            }
            None => 0,
        }
    }

    /// One of `items`, by the next byte.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.byte() as usize % items.len()]
    }

    /// What follows the bytes read so far: the input proper.
    pub fn rest(&self) -> &'a [u8] {
        self.rest
    }
}

/// The decoding policy overrides a front end can ask for (`--strict`/`--lenient`,
/// `--utf8`), `None` meaning "as the profile says".
const MALFORMED: [Option<Malformed>; 5] = [
    None,
    None,
    Some(Malformed::Reject),
    Some(Malformed::PassThrough),
    Some(Malformed::RejectSigned),
];
const UTF8: [Option<Utf8>; 8] = [
    None,
    None,
    Some(Utf8::Strict),
    Some(Utf8::Lossy),
    Some(Utf8::Bytes),
    Some(Utf8::LossyJava),
    Some(Utf8::KeepEscaped),
    Some(Utf8::Iri),
];

/// `p` with the decoding overrides of one options byte applied (bits 0-2 malformed, 3-5
/// UTF-8, 6-7 hex case).
fn with_options(p: &Profile, options: u8) -> Profile {
    let mut p = *p;
    if let Some(m) = MALFORMED[(options & 7) as usize % MALFORMED.len()] {
        p = p.with_malformed(m);
    }
    if let Some(u) = UTF8[(options >> 3 & 7) as usize] {
        p = p.with_output_utf8(u);
    }
    match options >> 6 {
        1 => p.with_hex(HexCase::Upper),
        2 => p.with_hex(HexCase::Lower),
        _ => p,
    }
}

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

/// The profiles whose round trip is promised (`Profile::round_trips`).
pub fn round_tripping() -> Vec<&'static Profile> {
    ALL.iter().copied().filter(|p| p.round_trips()).collect()
}

/// G5 round trip, G6 canonical output, G10 length bound: `decode(encode(x)) == x` for a
/// round-tripping profile (first byte) in either hex case (second byte, which also says
/// whether to encode the input as text or, for profiles that take and give bytes, as raw
/// bytes).
pub fn roundtrip(data: &[u8]) {
    let mut picks = Picks::new(data);
    let p = picks.pick(&round_tripping());
    let options = picks.byte();
    let data = picks.rest();
    let p = match options & 3 {
        1 => p.with_hex(HexCase::Upper),
        2 => p.with_hex(HexCase::Lower),
        _ => *p,
    };
    let bytes_both_ways = p.input_utf8() == Utf8::Bytes && p.decoding().utf8 == Utf8::Bytes;
    if options & 4 != 0 && bytes_both_ways && p.unit() == Unit::Byte {
        let enc = p.encode(data);
        assert!(enc.is_ascii() && enc.len() <= 3 * data.len(), "{} bytes", p.name());
        assert_eq!(p.decode(enc.as_bytes()).as_deref(), Ok(data), "{} bytes", p.name());
        return;
    }
    let text = String::from_utf8_lossy(data);
    let enc = p.encode(text.as_bytes());
    assert!(enc.is_ascii() && enc.len() <= 3 * text.len(), "{}", p.name());
    // Every '%' written is an escape (the set escapes '%'), `%XX` or `%uXXXX`, in the
    // profile's hex case.
    for at in (0..enc.len()).filter(|&i| enc.as_bytes()[i] == b'%') {
        let hex = match &enc.as_bytes()[at + 1..] {
            [b'u', rest @ ..] if p.unit() != Unit::Byte => &rest[..4],
            rest => &rest[..2],
        };
        let case_ok = match p.hex_case() {
            HexCase::Upper => !hex.iter().any(u8::is_ascii_lowercase),
            HexCase::Lower => !hex.iter().any(u8::is_ascii_uppercase),
        };
        assert!(hex.iter().all(u8::is_ascii_hexdigit) && case_ok, "{} wrote {enc:?}", p.name());
    }
    let dec = p.decode(enc.as_bytes());
    assert_eq!(dec.as_deref(), Ok(text.as_bytes()), "{} on {:?}", p.name(), show(data));
}

/// G3 and strict/lenient agreement, for a profile (first byte) under decoding overrides
/// (second byte, as a front end's `--strict`/`--lenient`/`--utf8` set them): where the
/// strict reading succeeds, the lenient one gives the same bytes, and an error points inside
/// the input. One pick past the profiles checks the lenient byte decoder against the WHATWG
/// percent-decode (the `percent-encoding` crate as oracle) and decoding never growing the
/// input.
pub fn strict_lenient(data: &[u8]) {
    let mut picks = Picks::new(data);
    let pick = picks.byte() as usize % (ALL.len() + 1);
    let options = picks.byte();
    let data = picks.rest();
    let Some(p) = ALL.get(pick) else {
        let oracle: Vec<u8> = percent_encoding::percent_decode(data).collect();
        assert_eq!(full_decode(data), oracle, "WHATWG percent-decode on {:?}", show(data));
        assert!(oracle.len() <= data.len());
        return;
    };
    let p = with_options(p, options);
    let strict = p.with_malformed(Malformed::Reject).decode(data);
    let lenient = p.with_malformed(Malformed::PassThrough).decode(data);
    if let Ok(s) = &strict {
        assert_eq!(lenient.as_ref(), Ok(s), "{} {options:#x} on {:?}", p.name(), show(data));
    }
    if let Err(e) = strict {
        assert!(e.offset() < data.len().max(1), "{} offset {e:?}", p.name());
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

/// G11: streaming equals one-shot, for a profile, chunk sizes (0 included), decoding
/// overrides and a direction taken from the first four bytes.
pub fn stream(data: &[u8]) {
    let mut picks = Picks::new(data);
    let p: &Profile = picks.pick(ALL);
    let (a, b, options) = (picks.byte(), picks.byte(), picks.byte());
    let input = picks.rest();
    let p = with_options(p, options & 0x3F);
    let parts = chunked(input, [a as usize % 17, b as usize % 16 + 1]);
    let why = || format!("{} {options:#x} {:?} in {a},{b}", p.name(), show(input));
    if options & 0x40 == 0 {
        let mut d = Decoder::new(&p);
        let mut out = Vec::new();
        let streamed =
            parts.iter().try_for_each(|c| d.push(c, &mut out)).and_then(|_| d.finish(&mut out));
        let one = p.decode(input).map(|c| c.into_owned());
        assert_eq!(streamed.map(|_| out), one, "decode {}", why());
    } else {
        let mut e = Encoder::new(&p);
        let mut out = Vec::new();
        let streamed =
            parts.iter().try_for_each(|c| e.push(c, &mut out)).and_then(|_| e.finish(&mut out));
        let one = p.try_encode(input).map(|c| c.into_owned().into_bytes());
        assert_eq!(streamed.map(|_| out), one, "encode {}", why());
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
