//! One component, read twice: its escapes and raw bytes as written, then its decoded view.
//!
//! The first pass walks the input once, escape by escape: what each `%XX` stands for, which
//! `%` starts no escape, which raw bytes the component does not allow, which segment is a dot
//! segment in disguise. The second reads the decoded layers ([`super::layers`]): UTF-8 faults,
//! bidi controls and confusables in the once-decoded text, empty segments, and bytes that only
//! a second decode produces.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::escape::{escape_at, malformed_len, utf16_escape_at};
use super::layers::{walk, Layer};
use super::render::escape_preview;
use super::utf8::{faults, Utf8Problem};
use super::{confusable, finding, Code, Context, Finding, Options, Severity, MAX_LAYERS};
use crate::profile::rfc3986;
use crate::set::AsciiSet;

/// The ASCII bytes the component does not allow raw (RFC 3986 §3 grammar; `%` aside).
fn disallowed(ctx: Context) -> AsciiSet {
    match ctx {
        Context::Segment => rfc3986::SEGMENT.set(),
        Context::Path => rfc3986::PATH.set(),
        Context::Userinfo => rfc3986::USERINFO.set(),
        // An IP literal's brackets and the port's colon belong to a host as written.
        Context::Host => rfc3986::HOST.set().remove(b'[').remove(b']').remove(b':'),
        Context::Query | Context::Form | Context::Fragment | Context::Url => rfc3986::QUERY.set(),
    }
}

/// The bytes whose escapes hide a delimiter of the component.
fn delimiters(ctx: Context) -> &'static [u8] {
    match ctx {
        Context::Segment | Context::Path => b"?#;",
        Context::Query => b"&=;#+",
        Context::Form => b"&=+",
        Context::Userinfo => b"@:",
        Context::Host => b"@:[]",
        Context::Fragment | Context::Url => b"",
    }
}

fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}

/// Whether `seg` is `.` or `..` spelled with at least one `%2E`.
fn encoded_dot_segment(seg: &[u8]) -> bool {
    if seg.len() > 6 || !seg.contains(&b'%') {
        return false;
    }
    let (mut i, mut dots) = (0, 0);
    while i < seg.len() {
        if seg[i] == b'.' {
            i += 1;
        } else if seg[i..].len() >= 3
            && seg[i] == b'%'
            && seg[i + 1] == b'2'
            && seg[i + 2] | 0x20 == b'e'
        {
            i += 3;
        } else {
            return false;
        }
        dots += 1;
    }
    dots <= 2
}

fn char_name(b: u8) -> String {
    format!("'{}'", escape_preview(&[b]))
}

/// Checks one component that starts at `base` in the caller's input.
pub(super) fn component(
    input: &[u8],
    base: usize,
    ctx: Context,
    options: &Options,
    out: &mut Vec<Finding>,
) {
    written(input, base, ctx, out);
    if let (Some(max), Context::Query | Context::Form) = (options.max_params, ctx) {
        if let Some(i) = memchr::memchr_iter(b'&', input).nth(max.saturating_sub(1)) {
            let message = format!("more than {max} parameters");
            out.push(finding(Code::SizeLimit, ctx, base + i, input.len() - i, message));
        }
    }
    decoded(input, base, ctx, out);
}

/// A run of raw bytes the component does not allow.
struct RawRun {
    start: usize,
    end: usize,
    control: bool,
}

fn flush(
    run: &mut Option<RawRun>,
    input: &[u8],
    base: usize,
    ctx: Context,
    out: &mut Vec<Finding>,
) {
    if let Some(r) = run.take() {
        // Quote at most 16 bytes: a message names the bytes, the span holds them.
        let bytes = &input[r.start..r.end.min(r.start + 16)];
        let more = if r.end - r.start > 16 { "…" } else { "" };
        let what = if r.control { "raw control" } else { "raw" };
        let message = format!(
            "{what} '{}{more}' is not allowed in a {}",
            escape_preview(bytes),
            ctx.as_str()
        );
        let mut f = finding(Code::RawIllegalByte, ctx, base + r.start, r.end - r.start, message);
        if r.control {
            f.severity = Severity::High;
        }
        out.push(f);
    }
}

/// Reports the segment `input[start..end]` if it is an encoded dot segment; says whether.
fn dot_segment(
    input: &[u8],
    start: usize,
    end: usize,
    base: usize,
    ctx: Context,
    out: &mut Vec<Finding>,
) -> bool {
    let seg = &input[start..end];
    let dot = encoded_dot_segment(seg);
    if dot {
        let message = format!("segment '{}' decodes to a dot segment", escape_preview(seg));
        out.push(finding(Code::EncodedDotSegment, ctx, base + start, seg.len(), message));
    }
    dot
}

/// The first pass: escapes and raw bytes as written.
fn written(input: &[u8], base: usize, ctx: Context, out: &mut Vec<Finding>) {
    let bad = disallowed(ctx);
    let split = ctx == Context::Path;
    let segment_end = |from: usize| {
        if split {
            memchr::memchr(b'/', &input[from..]).map_or(input.len(), |p| from + p)
        } else {
            input.len()
        }
    };
    let mut dot = ctx.is_path() && dot_segment(input, 0, segment_end(0), base, ctx, out);
    let mut run: Option<RawRun> = None;
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if split && b == b'/' {
            flush(&mut run, input, base, ctx, out);
            dot = dot_segment(input, i + 1, segment_end(i + 1), base, ctx, out);
            i += 1;
            continue;
        }
        if b == b'%' {
            flush(&mut run, input, base, ctx, out);
            if let Some(v) = escape_at(input, i) {
                escape([input[i + 1], input[i + 2]], base + i, v, ctx, dot, out);
                i += 3;
            } else if utf16_escape_at(input, i) {
                let message = format!(
                    "'{}' is a UTF-16 escape that only some decoders read",
                    escape_preview(&input[i..i + 6])
                );
                out.push(finding(Code::Utf16Escape, ctx, base + i, 6, message));
                i += 6;
            } else {
                let len = malformed_len(input, i);
                let message = format!(
                    "'{}' is not an escape: '%' needs two hex digits",
                    escape_preview(&input[i..i + len])
                );
                out.push(finding(Code::MalformedEscape, ctx, base + i, len, message));
                i += 1;
            }
            continue;
        }
        if b == b'+' && ctx == Context::Query {
            let message = String::from("'+' is a space to form decoders and a plus to others");
            out.push(finding(Code::PlusAmbiguity, ctx, base + i, 1, message));
        }
        if b >= 0x80 || bad.contains(b) {
            let control = b < 0x20 || b == 0x7F;
            match &mut run {
                Some(r) if r.end == i && r.control == control => r.end += 1,
                _ => {
                    flush(&mut run, input, base, ctx, out);
                    run = Some(RawRun { start: i, end: i + 1, control });
                }
            }
        } else {
            flush(&mut run, input, base, ctx, out);
        }
        i += 1;
    }
    flush(&mut run, input, base, ctx, out);
}

/// Findings for one well-formed escape `%XX` at `at` with value `v`.
fn escape(
    digits: [u8; 2],
    at: usize,
    v: u8,
    ctx: Context,
    in_dot_segment: bool,
    out: &mut Vec<Finding>,
) {
    let text = |s: &str| format!("%{v:02X} decodes to {}{s}", char_name(v));
    let code = match v {
        0 => Some((Code::EncodedNul, text(", which ends a C string"))),
        b'\r' | b'\n' => Some((Code::EncodedCrlf, text(", a line break in headers and logs"))),
        0..=0x1F | 0x7F => Some((Code::EncodedControl, text(", a control character"))),
        b'/' => Some((Code::EncodedSlash, text(", a separator to some layers only"))),
        b'\\' => Some((Code::EncodedBackslash, text(", a separator on Windows"))),
        b'.' if in_dot_segment => None,
        _ if is_unreserved(v) => Some((Code::EncodedUnreserved, text(", which needs no escape"))),
        _ if delimiters(ctx).contains(&v) => {
            Some((Code::EncodedDelimiter, text(", a delimiter here")))
        }
        _ => None,
    };
    if let Some((code, message)) = code {
        let mut f = finding(code, ctx, at, 3, message);
        if v == b'\t' {
            f.severity = Severity::Low;
        }
        out.push(f);
    }
    if digits.iter().any(u8::is_ascii_lowercase) {
        let message = format!("'%{}{}' has lower-case hex", digits[0] as char, digits[1] as char);
        out.push(finding(Code::LowercaseHex, ctx, at, 3, message));
    }
}

/// The second pass: the decoded view.
fn decoded(input: &[u8], base: usize, ctx: Context, out: &mut Vec<Finding>) {
    let has_escape = memchr::memchr(b'%', input).is_some();
    if !has_escape && input.is_ascii() {
        if ctx.is_path() && memchr::memmem::find(input, b"//").is_some() {
            empty_segments(&Layer::input(input, base), ctx, out);
        }
        return;
    }
    let (first, last, capped) = walk(input, base, MAX_LAYERS);
    if ctx.is_path() {
        empty_segments(&first, ctx, out);
    }
    utf8(&first, ctx, out);
    chars(&first, ctx, out);
    if let Some(last) = last {
        double(&last, ctx, capped, out);
    }
}

fn empty_segments(layer: &Layer, ctx: Context, out: &mut Vec<Finding>) {
    let b = &layer.bytes;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'/' {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i] == b'/' {
            i += 1;
        }
        if i - start >= 2 {
            let (s, e) = layer.span(start, i);
            let message = format!(
                "{} empty segment(s): servers merge them, prefix rules miss them",
                i - start - 1
            );
            out.push(finding(Code::EmptySegment, ctx, s, e - s, message));
        }
    }
}

fn utf8(layer: &Layer, ctx: Context, out: &mut Vec<Finding>) {
    for f in faults(&layer.bytes) {
        let (s, e) = layer.span(f.at, f.at + f.len);
        let (code, message) = match f.problem {
            Utf8Problem::Overlong => match f.fakes {
                Some(c) => {
                    (Code::OverlongUtf8, format!("overlong UTF-8 for {}", char_name_char(c)))
                }
                None => (Code::OverlongUtf8, String::from("an overlong UTF-8 lead byte")),
            },
            Utf8Problem::Surrogate => {
                (Code::SurrogateUtf8, String::from("a UTF-16 surrogate encoded as UTF-8"))
            }
            p => (Code::InvalidUtf8, format!("invalid UTF-8 ({})", p.as_str())),
        };
        out.push(finding(code, ctx, s, e - s, message));
    }
}

fn char_name_char(c: char) -> String {
    let mut buf = [0u8; 4];
    format!("'{}'", escape_preview(c.encode_utf8(&mut buf).as_bytes()))
}

/// Line separators and bidi controls (Spring rejects U+2028/9; the rest spoof text).
fn is_bidi(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn chars(layer: &Layer, ctx: Context, out: &mut Vec<Finding>) {
    let mut pos = 0;
    for chunk in layer.bytes.utf8_chunks() {
        let valid = chunk.valid();
        for (k, c) in valid.char_indices().filter(|(_, c)| !c.is_ascii()) {
            let (s, e) = layer.span(pos + k, pos + k + c.len_utf8());
            let code = c as u32;
            if is_bidi(c) {
                let message = format!("U+{code:04X} is a line separator or bidi control");
                out.push(finding(Code::BidiControl, ctx, s, e - s, message));
            } else if let Some(d) = confusable::delimiter(c) {
                let message = format!("U+{code:04X} becomes '{d}' under NFKC normalization");
                out.push(finding(Code::ConfusableDelimiter, ctx, s, e - s, message));
            }
        }
        pos += valid.len() + chunk.invalid().len();
    }
}

fn double(last: &Layer, ctx: Context, capped: bool, out: &mut Vec<Finding>) {
    for (i, &d) in last.depth.iter().enumerate().filter(|(_, &d)| d >= 2) {
        let (s, e) = last.spans[i];
        let v = last.bytes[i];
        let more = if capped { " or more" } else { "" };
        let message = format!("decodes {d}{more} times, to {}", char_name(v));
        let mut f = finding(Code::DoubleEncoded, ctx, s, e - s, message);
        f.depth = Some(d as usize);
        if ctx.is_path() && matches!(v, b'.' | b'/' | b'\\' | 0 | b'\r' | b'\n') {
            f.severity = Severity::Critical;
        }
        out.push(f);
    }
}
