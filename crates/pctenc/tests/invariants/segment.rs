//! G12 and G13 under any segment policy: the presets' safety promises, each knob's own
//! promise, and the decoded bytes against a reference model written from the policy's
//! documentation.

use pctenc::segment::{
    decode_segment, split_path, Allow, Encoded, PathParams, SegmentErrorKind, SegmentPolicy,
};
use pctenc::{Malformed, Utf8};

use super::{full_decode, has_valid_escape, show, Picks};

const ENCODED: [Encoded; 3] = [Encoded::Reject, Encoded::Preserve, Encoded::Decode];
const ALLOW: [Allow; 2] = [Allow::Reject, Allow::Allow];
const PARAMS: [PathParams; 3] = [PathParams::Keep, PathParams::Strip, PathParams::Reject];
const UTF8: [Utf8; 4] = [Utf8::Strict, Utf8::Bytes, Utf8::Lossy, Utf8::LossyJava];

/// A policy from three bytes: a preset (strict, servlet6, lenient) half of the time, else
/// every knob drawn, `max_len` included.
fn policy(picks: &mut Picks) -> SegmentPolicy {
    let (a, b, c) = (picks.byte(), picks.byte(), picks.byte());
    match a % 8 {
        0 | 1 => return SegmentPolicy::strict(),
        2 => return SegmentPolicy::servlet6(),
        3 => return SegmentPolicy::lenient(),
        _ => {}
    }
    let bit = |n: u8| ALLOW[(b >> n & 1) as usize];
    SegmentPolicy {
        malformed: if a & 8 == 0 { Malformed::Reject } else { Malformed::PassThrough },
        encoded_slash: ENCODED[(a >> 4 & 3) as usize % 3],
        encoded_backslash: ENCODED[(a >> 6) as usize % 3],
        raw_backslash: bit(0),
        raw_slash: bit(1),
        nul: bit(2),
        controls: bit(3),
        dot_segments: bit(4),
        double_encoding: bit(5),
        utf8: UTF8[(b >> 6) as usize],
        path_params: PARAMS[(c & 3) as usize % 3],
        max_len: (c & 4 != 0).then_some((c >> 3) as usize),
    }
}

fn preserving(p: &SegmentPolicy) -> bool {
    p.encoded_slash == Encoded::Preserve || p.encoded_backslash == Encoded::Preserve
}

/// What `decode_segment` writes when it accepts `input`, from the policy's documentation:
/// each escape decoded once, but `%2F`/`%5C` under `Preserve` kept as written and `%25` too
/// when either is preserved; a `%` that starts no escape kept (as `%25` when either is
/// preserved); under `Strip` everything from
/// the first raw `;` dropped; invalid UTF-8 repaired (U+FFFD) by the policies other than
/// strict and bytes.
fn model(input: &[u8], p: &SegmentPolicy) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b == b';' && p.path_params == PathParams::Strip {
            break;
        }
        let escape = match input.get(i..i + 3) {
            Some(&[b'%', h, l]) => hex(h).zip(hex(l)).map(|(h, l)| (h * 16 + l) as u8),
            _ => None,
        };
        match escape {
            Some(v) => {
                let keep = match v {
                    b'/' => p.encoded_slash == Encoded::Preserve,
                    b'\\' => p.encoded_backslash == Encoded::Preserve,
                    b'%' => preserving(p),
                    _ => false,
                };
                if keep {
                    out.extend_from_slice(&input[i..i + 3]);
                } else {
                    out.push(v);
                }
                i += 3;
            }
            None if b == b'%' && preserving(p) => {
                out.extend_from_slice(b"%25");
                i += 1;
            }
            None => {
                out.push(b);
                i += 1;
            }
        }
    }
    match p.utf8 {
        Utf8::Strict | Utf8::Bytes => out,
        _ => String::from_utf8_lossy(&out).into_owned().into_bytes(),
    }
}

/// Whether the policy may fail with `kind` at `offset` of `input`: only a knob set to reject
/// (or a limit set) may, and a raw NUL is the `nul` knob's, not the `controls` one's.
fn may_reject(p: &SegmentPolicy, kind: SegmentErrorKind, input: &[u8], offset: usize) -> bool {
    use SegmentErrorKind as K;
    let reject = |a: Allow| a == Allow::Reject;
    match kind {
        K::MalformedEscape | K::Utf16Escape => p.malformed == Malformed::Reject,
        K::RawSeparator => reject(p.raw_slash),
        K::RawBackslash => reject(p.raw_backslash),
        K::EncodedSlash => p.encoded_slash == Encoded::Reject,
        K::EncodedBackslash => p.encoded_backslash == Encoded::Reject,
        K::EncodedNul => reject(p.nul),
        K::EncodedCrLf | K::EncodedControl => reject(p.controls),
        K::RawControl if input.get(offset) == Some(&0) => reject(p.nul),
        K::RawControl => reject(p.controls),
        K::DotSegment => reject(p.dot_segments),
        K::DoubleEncoding => reject(p.double_encoding),
        K::InvalidUtf8(_) => p.utf8 == Utf8::Strict,
        K::PathParameter => p.path_params != PathParams::Keep,
        K::TooLong => p.max_len.is_some(),
        _ => true,
    }
}

/// What every accepted segment of `p` must satisfy, knob by knob (G12 for the presets).
fn accepted(out: &[u8], input: &[u8], p: &SegmentPolicy) {
    let why = || format!("{p:?} on {:?} gave {:?}", show(input), show(out));
    assert_eq!(out, &model(input, p)[..], "model: {}", why());
    if p.nul == Allow::Reject {
        assert!(!out.contains(&0), "NUL: {}", why());
    }
    if p.controls == Allow::Reject {
        assert!(!out.iter().any(|&b| (1..0x20).contains(&b) || b == 0x7F), "control: {}", why());
    }
    if p.raw_slash == Allow::Reject && p.encoded_slash != Encoded::Decode {
        assert!(!out.contains(&b'/'), "'/': {}", why());
    }
    if p.raw_backslash == Allow::Reject && p.encoded_backslash != Encoded::Decode {
        assert!(!out.contains(&b'\\'), "'\\\\': {}", why());
    }
    if p.dot_segments == Allow::Reject {
        assert!(out != b"." && out != b"..", "dot segment: {}", why());
    }
    if p.double_encoding == Allow::Reject && !preserving(p) {
        assert!(!has_valid_escape(out) && full_decode(out) == out, "decodes again: {}", why());
    }
    if p.utf8 != Utf8::Bytes {
        assert!(std::str::from_utf8(out).is_ok(), "not UTF-8: {}", why());
    }
    if let Some(max) = p.max_len {
        assert!(input.len() <= max, "longer than max_len: {}", why());
    }
    // G13: preserving keeps the full decoding, where nothing is repaired or stripped.
    let exact = matches!(p.utf8, Utf8::Strict | Utf8::Bytes) && p.path_params != PathParams::Strip;
    if preserving(p) && exact {
        assert_eq!(full_decode(out), full_decode(input), "preserve: {}", why());
    }
}

/// G12 and G13: a policy from the first bytes (a preset or every knob drawn), then one
/// segment decoded, or a path split (one pick bit): every `Ok` is what the policy's model
/// writes and keeps each promise its knobs make, every error is one the policy may raise and
/// points inside the input, `max_len` is exact, lenient never fails, and a path splits into
/// one segment per raw `/`.
pub fn segment(data: &[u8]) {
    let mut picks = Picks::new(data);
    let p = policy(&mut picks);
    let split = picks.byte() & 1 == 1;
    let data = picks.rest();
    if split {
        if let Ok(segs) = split_path(data, &p) {
            let slashes = data.iter().filter(|&&b| b == b'/').count();
            let expect =
                if data.is_empty() { 0 } else { slashes + 1 - usize::from(data[0] == b'/') };
            assert_eq!(segs.len(), expect, "{}", show(data));
            let body = data.strip_prefix(b"/").unwrap_or(data);
            for (seg, input) in segs.iter().zip(body.split(|&b| b == b'/')) {
                accepted(seg, input, &p);
            }
        }
        return;
    }
    match decode_segment(data, &p) {
        Ok(out) => accepted(&out, data, &p),
        Err(e) => {
            let why = format!("{e:?} under {p:?} on {:?}", show(data));
            assert!(may_reject(&p, e.kind, data, e.offset), "not the policy's to reject: {why}");
            assert!(e.offset + e.len <= data.len() && (e.len > 0 || data.is_empty()), "{why}");
            if let Some(max) = p.max_len {
                assert_eq!(e.kind == SegmentErrorKind::TooLong, data.len() > max, "{why}");
            }
        }
    }
    if p == SegmentPolicy::lenient() {
        assert!(decode_segment(data, &p).is_ok());
    }
}
