//! G9 for forms: the parser against `+`-then-percent-decode, and the serializer (UTF-8 or a
//! legacy encoding, plain or with HTML form submission's steps) against the Encoding
//! Standard's own encoder and decoder.

#[cfg(feature = "charsets")]
use pctenc::charset::encoding_rs::{self, Encoding};
use pctenc::form::Serializer;

use super::{show, Picks};

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

/// The encodings a serializer is given: UTF-8 and a spread of the legacy ones, stateful
/// ISO-2022-JP and UTF-16 (whose output encoding is UTF-8) included.
#[cfg(feature = "charsets")]
pub const ENCODINGS: [&Encoding; 12] = [
    encoding_rs::UTF_8,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
    encoding_rs::ISO_2022_JP,
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::EUC_KR,
    encoding_rs::WINDOWS_1251,
    encoding_rs::WINDOWS_1252,
    encoding_rs::KOI8_R,
    encoding_rs::UTF_16LE,
];

/// The pairs of a serializer input: the bytes after the picks split on 0xFF (never part of
/// UTF-8 text), alternately a name and a value, each read as lossy UTF-8.
fn pairs_of(data: &[u8]) -> Vec<(String, String)> {
    let mut parts = data.split(|&b| b == 0xFF).map(|p| String::from_utf8_lossy(p).into_owned());
    let mut pairs = Vec::new();
    while let Some(name) = parts.next() {
        pairs.push((name, parts.next().unwrap_or_default()));
    }
    pairs
}

/// The serializer: an encoding, HTML form submission's steps and a prefix taken from the
/// first byte, pairs from the rest. Its output is the prefix, then only the urlencoded
/// alphabet, one `&`-separated piece per pair; parsing it with the same encoding gives every
/// pair back as the Encoding Standard's encoder and decoder carry it (unmappable characters
/// as `&#NNNN;`, Shift_JIS's U+2212 as U+FF0D...), after HTML's newline normalization and
/// with a `_charset_` field's value replaced by the encoding's name.
pub fn form_serialize(data: &[u8]) {
    let mut picks = Picks::new(data);
    let options = picks.byte();
    let pairs = pairs_of(picks.rest());
    let prefix = if options & 0x10 != 0 { "https://example.test/?" } else { "" };
    let html = options & 0x20 != 0;
    let mut s = Serializer::appending_to(prefix.into());
    if html {
        s = s.html();
    }
    #[cfg(feature = "charsets")]
    let encoding = ENCODINGS[(options & 0xF) as usize % ENCODINGS.len()];
    #[cfg(feature = "charsets")]
    {
        s = s.with_encoding(encoding);
    }
    let name = s.encoding_name();
    s.extend_pairs(&pairs);
    let out = s.finish();
    let why = || format!("{options:#x} {pairs:?} gave {out:?}");
    let body = out.strip_prefix(prefix).unwrap_or_else(|| panic!("prefix lost: {}", why()));
    assert!(
        body.bytes().all(|b| b.is_ascii_alphanumeric() || b"*-._%+=&".contains(&b)),
        "alphabet: {}",
        why()
    );
    assert_eq!(body.split('&').filter(|p| !p.is_empty()).count(), pairs.len(), "{}", why());
    let expect = |text: &str| -> String {
        let text =
            if html { pctenc::form::normalize_newlines(text).into_owned() } else { text.into() };
        #[cfg(feature = "charsets")]
        let text = {
            let (bytes, _, _) = encoding.output_encoding().encode(&text);
            encoding.output_encoding().decode_without_bom_handling(&bytes).0.into_owned()
        };
        text
    };
    #[cfg(feature = "charsets")]
    let parsed: Vec<_> =
        pctenc::form::parse_with(body.as_bytes(), encoding.output_encoding()).collect();
    #[cfg(not(feature = "charsets"))]
    let parsed: Vec<_> = pctenc::form::parse(body.as_bytes()).collect();
    assert_eq!(parsed.len(), pairs.len(), "{}", why());
    for ((n, v), (pn, pv)) in pairs.iter().zip(&parsed) {
        assert_eq!(*pn, expect(n), "name: {}", why());
        let v = if html && n.eq_ignore_ascii_case("_charset_") { name } else { v };
        assert_eq!(*pv, expect(v), "value: {}", why());
    }
}
