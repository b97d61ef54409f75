//! Safe path-segment decoding: decode one segment once, and refuse what would let a later
//! layer read it differently.
//!
//! RFC 3986 §7.3 says to split a path on its raw `/` first, decode each segment once, and run
//! security checks after decoding. [`decode_segment`] is that step, with the checks built in:
//! under [`SegmentPolicy::strict`] (the default) a segment that decodes to `.` or `..`, holds an
//! encoded `/`, `\`, NUL, CR/LF or other control, a malformed or `%u` escape, invalid UTF-8, or
//! a `%XX` that a second decode would turn into something else, is an error naming the byte
//! offset and the kind. [`split_path`] splits on raw `/` and decodes each segment, and never
//! joins the decoded segments back into a string: joining is how `%2F` becomes a separator.
//!
//! ```
//! use pctenc::segment::{decode_segment, split_path, SegmentErrorKind, SegmentPolicy};
//! let strict = SegmentPolicy::strict();
//! assert_eq!(decode_segment("caf%C3%A9", &strict).unwrap(), "café".as_bytes());
//! let e = decode_segment(".%2e", &strict).unwrap_err();
//! assert_eq!((e.kind, e.offset), (SegmentErrorKind::DotSegment, 0));
//! let e = decode_segment("a%2Fb", &strict).unwrap_err();
//! assert_eq!((e.kind, e.offset, e.len), (SegmentErrorKind::EncodedSlash, 1, 3));
//! let parts = split_path("/a%20b/c", &strict).unwrap();
//! assert_eq!(parts, [&b"a b"[..], &b"c"[..]]);
//! ```
//!
//! # Guarantees (tested by property tests and the `segment` fuzz target)
//!
//! For every `Ok(out)` under [`SegmentPolicy::strict`] and [`SegmentPolicy::servlet6`]: `out`
//! has no `/`, `\`, NUL or other C0/DEL byte; is not `.` or `..`; is valid UTF-8; and has no
//! `%` followed by two hex digits, so decoding it again changes nothing. With
//! [`Encoded::Preserve`], `%25` stays encoded along with the preserved escapes (and a `%`
//! that starts no escape is written `%25`), so a full decode of the output equals a full
//! decode of the input (Servlet 6.1 §3.5.2 item 8).

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::fmt;

use crate::kernel::scalar::UNHEX;
use crate::lint::escape::{escape_at, malformed_len, utf16_escape_at};
use crate::lint::{faults, Utf8Problem};
use crate::profile::{Malformed, Utf8};

/// What to do with an escape that decodes to a separator (`%2F`, `%5C`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoded {
    /// An error (Tomcat `encodedSolidusHandling=reject`, httpd `AllowEncodedSlashes Off`).
    Reject,
    /// Keep the escape as written, and keep `%25` encoded too, so that no later decode can
    /// confuse the two (Tomcat `passthrough`, httpd `NoDecode`).
    Preserve,
    /// Decode it: the segment then holds a separator byte. Unsafe; an explicit opt-in.
    Decode,
}

/// Whether something is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Allow {
    /// An error.
    Reject,
    /// Accepted as data.
    Allow,
}

/// What to do with `;` path parameters (`a;jsessionid=1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathParams {
    /// `;` is data, like any sub-delimiter (RFC 3986).
    Keep,
    /// Remove from the first raw `;` on, as Servlet 6 canonicalization does; a segment that
    /// was empty, `.` or `..` before its parameters is an error, and so is an encoded `;`.
    Strip,
    /// Any raw or encoded `;` is an error (Spring `StrictHttpFirewall`).
    Reject,
}

/// What [`decode_segment`] accepts. Start from a preset and change fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SegmentPolicy {
    /// A `%` without two hex digits (and `%uXXXX`): error, or a literal `%`.
    pub malformed: Malformed,
    /// `%2F`.
    pub encoded_slash: Encoded,
    /// `%5C`.
    pub encoded_backslash: Encoded,
    /// A raw `\` (a separator to Windows and to WHATWG in special URLs).
    pub raw_backslash: Allow,
    /// A raw `/`: the caller passed a path, not a segment.
    pub raw_slash: Allow,
    /// NUL, raw or encoded.
    pub nul: Allow,
    /// Other C0 controls and DEL, raw or encoded (CR and LF included).
    pub controls: Allow,
    /// A segment that decodes to `.` or `..`.
    pub dot_segments: Allow,
    /// Output that still holds a valid `%XX`: a second decode would change it.
    pub double_encoding: Allow,
    /// Invalid UTF-8 in the output: an error ([`Utf8::Strict`]), kept as bytes
    /// ([`Utf8::Bytes`]), or else U+FFFD per maximal subpart.
    pub utf8: Utf8,
    /// `;` path parameters.
    pub path_params: PathParams,
    /// Segments longer than this many bytes are an error.
    pub max_len: Option<usize>,
}

impl Default for SegmentPolicy {
    fn default() -> Self {
        SegmentPolicy::strict()
    }
}

impl SegmentPolicy {
    /// Rejects everything in the module docs' list: the default.
    pub const fn strict() -> SegmentPolicy {
        SegmentPolicy {
            malformed: Malformed::Reject,
            encoded_slash: Encoded::Reject,
            encoded_backslash: Encoded::Reject,
            raw_backslash: Allow::Reject,
            raw_slash: Allow::Reject,
            nul: Allow::Reject,
            controls: Allow::Reject,
            dot_segments: Allow::Reject,
            double_encoding: Allow::Reject,
            utf8: Utf8::Strict,
            path_params: PathParams::Keep,
            max_len: None,
        }
    }

    /// [`strict`](Self::strict) plus the Servlet 6 §3.5.2 rules: path parameters are
    /// stripped, and `..;x`, `.;x`, `;x` on an empty segment and an encoded `;` are errors.
    pub const fn servlet6() -> SegmentPolicy {
        SegmentPolicy { path_params: PathParams::Strip, ..SegmentPolicy::strict() }
    }

    /// The WHATWG percent-decode with U+FFFD for invalid UTF-8: never fails. For reading
    /// logs, never for deciding access.
    pub const fn lenient() -> SegmentPolicy {
        SegmentPolicy {
            malformed: Malformed::PassThrough,
            encoded_slash: Encoded::Decode,
            encoded_backslash: Encoded::Decode,
            raw_backslash: Allow::Allow,
            raw_slash: Allow::Allow,
            nul: Allow::Allow,
            controls: Allow::Allow,
            dot_segments: Allow::Allow,
            double_encoding: Allow::Allow,
            utf8: Utf8::Lossy,
            path_params: PathParams::Keep,
            max_len: None,
        }
    }

    /// Finds a preset by its word in the options table
    /// ([`words::POLICY`](crate::options::words::POLICY): `strict`, `servlet6`, `lenient`).
    pub fn by_name(name: &str) -> Option<SegmentPolicy> {
        let presets =
            [SegmentPolicy::strict(), SegmentPolicy::servlet6(), SegmentPolicy::lenient()];
        let i = crate::options::words::POLICY.iter().position(|w| w.name == name)?;
        presets.get(i).copied()
    }

    fn preserving(&self) -> bool {
        self.encoded_slash == Encoded::Preserve || self.encoded_backslash == Encoded::Preserve
    }
}

/// Why a segment was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SegmentErrorKind {
    /// `%` not followed by two hex digits.
    MalformedEscape,
    /// `%uXXXX`.
    Utf16Escape,
    /// A raw `/`.
    RawSeparator,
    /// `%2F`.
    EncodedSlash,
    /// `%5C`.
    EncodedBackslash,
    /// A raw `\`.
    RawBackslash,
    /// `%00`.
    EncodedNul,
    /// `%0D` or `%0A`.
    EncodedCrLf,
    /// Another encoded C0 control or DEL.
    EncodedControl,
    /// A raw C0 control (NUL, CR and LF included) or DEL.
    RawControl,
    /// The segment decodes to `.` or `..`.
    DotSegment,
    /// The output still holds a valid `%XX`.
    DoubleEncoding,
    /// The output is not UTF-8, for this reason.
    InvalidUtf8(Utf8Problem),
    /// A path parameter on an empty or dot segment, or an encoded `;` (servlet6).
    PathParameter,
    /// Longer than `max_len`.
    TooLong,
}

impl SegmentErrorKind {
    /// A stable kebab-case name (the CLI's error code).
    pub const fn as_str(self) -> &'static str {
        match self {
            SegmentErrorKind::MalformedEscape => "malformed-escape",
            SegmentErrorKind::Utf16Escape => "utf16-escape",
            SegmentErrorKind::RawSeparator => "raw-separator",
            SegmentErrorKind::EncodedSlash => "encoded-slash",
            SegmentErrorKind::EncodedBackslash => "encoded-backslash",
            SegmentErrorKind::RawBackslash => "raw-backslash",
            SegmentErrorKind::EncodedNul => "encoded-nul",
            SegmentErrorKind::EncodedCrLf => "encoded-crlf",
            SegmentErrorKind::EncodedControl => "encoded-control",
            SegmentErrorKind::RawControl => "raw-control",
            SegmentErrorKind::DotSegment => "dot-segment",
            SegmentErrorKind::DoubleEncoding => "double-encoding",
            SegmentErrorKind::InvalidUtf8(_) => "invalid-utf8",
            SegmentErrorKind::PathParameter => "path-parameter",
            SegmentErrorKind::TooLong => "too-long",
        }
    }
}

/// A rejected segment: the kind, and the bytes of the input that caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SegmentError {
    /// Why.
    pub kind: SegmentErrorKind,
    /// Offset of the first offending input byte.
    pub offset: usize,
    /// Number of offending input bytes (at least 1, or 0 for an empty segment's error).
    pub len: usize,
}

impl SegmentError {
    /// The same error with its offset moved by `by`.
    pub const fn shifted(mut self, by: usize) -> SegmentError {
        self.offset += by;
        self
    }
}

impl fmt::Display for SegmentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.as_str(), self.offset)?;
        if let SegmentErrorKind::InvalidUtf8(p) = self.kind {
            write!(f, " ({})", p.as_str())?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SegmentError {}

fn err(kind: SegmentErrorKind, offset: usize, len: usize) -> Result<(), SegmentError> {
    Err(SegmentError { kind, offset, len })
}

fn allow(a: Allow, kind: SegmentErrorKind, offset: usize, len: usize) -> Result<(), SegmentError> {
    match a {
        Allow::Allow => Ok(()),
        Allow::Reject => err(kind, offset, len),
    }
}

/// The decoded bytes and, when asked for, the input offset each came from: only an error
/// found after decoding needs them, so they are recorded in a second run on that path only.
struct Decoded {
    bytes: Vec<u8>,
    /// For each output byte, the input offset of the escape or byte that wrote it.
    from: Option<Vec<usize>>,
    changed: bool,
    /// Where `;` path parameters start, when they are stripped.
    params_at: Option<usize>,
}

impl Decoded {
    fn push(&mut self, bytes: &[u8], from: usize) {
        self.bytes.extend_from_slice(bytes);
        if let Some(v) = &mut self.from {
            v.extend(core::iter::repeat_n(from, bytes.len()));
        }
    }
}

/// The input span of output bytes `a..b` (`b > a`), found by decoding again with offsets.
fn span(input: &[u8], policy: &SegmentPolicy, a: usize, b: usize) -> (usize, usize) {
    let mut d =
        Decoded { bytes: Vec::new(), from: Some(Vec::new()), changed: false, params_at: None };
    let _ = decode_units(input, policy, &mut d);
    let from = d.from.unwrap_or_default();
    let last = from[b - 1];
    let unit = if escape_at(input, last).is_some() { 3 } else { 1 };
    (from[a], last + unit)
}

/// The left-to-right pass: every escape and raw byte, checked and decoded into `d`.
fn decode_units(input: &[u8], policy: &SegmentPolicy, d: &mut Decoded) -> Result<(), SegmentError> {
    use SegmentErrorKind as K;
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        match b {
            b'%' => {
                let Some(v) = escape_at(input, i) else {
                    if policy.malformed == Malformed::Reject {
                        if utf16_escape_at(input, i) {
                            err(K::Utf16Escape, i, 6)?;
                        }
                        err(K::MalformedEscape, i, malformed_len(input, i))?;
                    }
                    // Kept: as `%25` where escapes are preserved, so that the output's own
                    // decoding cannot read it with what follows as an escape (`f%f%39`).
                    d.push(if policy.preserving() { b"%25" } else { b"%" }, i);
                    d.changed |= policy.preserving();
                    i += 1;
                    continue;
                };
                let written = &input[i..i + 3];
                d.changed = true;
                match v {
                    b'/' | b'\\' => {
                        let (how, kind) = if v == b'/' {
                            (policy.encoded_slash, K::EncodedSlash)
                        } else {
                            (policy.encoded_backslash, K::EncodedBackslash)
                        };
                        match how {
                            Encoded::Reject => err(kind, i, 3)?,
                            Encoded::Preserve => d.push(written, i),
                            Encoded::Decode => d.push(&[v], i),
                        }
                    }
                    b'%' if policy.preserving() => d.push(written, i),
                    0 => {
                        allow(policy.nul, K::EncodedNul, i, 3)?;
                        d.push(&[v], i);
                    }
                    b'\r' | b'\n' => {
                        allow(policy.controls, K::EncodedCrLf, i, 3)?;
                        d.push(&[v], i);
                    }
                    0..=0x1F | 0x7F => {
                        allow(policy.controls, K::EncodedControl, i, 3)?;
                        d.push(&[v], i);
                    }
                    b';' if policy.path_params != PathParams::Keep => err(K::PathParameter, i, 3)?,
                    _ => d.push(&[v], i),
                }
                i += 3;
                continue;
            }
            b'/' => allow(policy.raw_slash, K::RawSeparator, i, 1)?,
            b'\\' => allow(policy.raw_backslash, K::RawBackslash, i, 1)?,
            0 => allow(policy.nul, K::RawControl, i, 1)?,
            0..=0x1F | 0x7F => allow(policy.controls, K::RawControl, i, 1)?,
            b';' => match policy.path_params {
                PathParams::Keep => {}
                PathParams::Reject => err(K::PathParameter, i, 1)?,
                PathParams::Strip => {
                    d.params_at = Some(i);
                    d.changed = true;
                    break;
                }
            },
            _ => {}
        }
        d.push(&[b], i);
        i += 1;
    }
    Ok(())
}

/// Decodes one path segment under `policy`.
///
/// Returns the input itself when nothing needed decoding.
///
/// # Errors
/// The first [`SegmentError`] in this order: `max_len`; escapes and raw bytes from left to
/// right; path parameters on a dot or empty segment; dot segment; double encoding; UTF-8.
pub fn decode_segment<'a, I: AsRef<[u8]> + ?Sized>(
    input: &'a I,
    policy: &SegmentPolicy,
) -> Result<Cow<'a, [u8]>, SegmentError> {
    use SegmentErrorKind as K;
    let input = input.as_ref();
    if let Some(max) = policy.max_len {
        if input.len() > max {
            err(K::TooLong, max, input.len() - max)?;
        }
    }
    let mut d = Decoded {
        bytes: Vec::with_capacity(input.len()),
        from: None,
        changed: false,
        params_at: None,
    };
    decode_units(input, policy, &mut d)?;
    let is_dot = matches!(&d.bytes[..], b"." | b"..");
    // What follows the ';' is removed, not decoded (Servlet 6 strips before decoding).
    if let Some(p) = d.params_at {
        if is_dot || d.bytes.is_empty() {
            err(K::PathParameter, 0, p + 1)?;
        }
    }
    if is_dot {
        allow(policy.dot_segments, K::DotSegment, 0, input.len())?;
    }
    if policy.double_encoding == Allow::Reject {
        let pct: &[u8] = if policy.preserving() { b"%25" } else { b"%" };
        for at in memchr::memmem::find_iter(&d.bytes, pct) {
            let rest = &d.bytes[at + pct.len()..];
            if rest.len() >= 2 && UNHEX[rest[0] as usize] | UNHEX[rest[1] as usize] < 16 {
                let (s, e) = span(input, policy, at, at + pct.len() + 2);
                err(K::DoubleEncoding, s, e - s)?;
            }
        }
    }
    match policy.utf8 {
        Utf8::Bytes => {}
        Utf8::Strict => {
            if let Some(f) = faults(&d.bytes).next() {
                let (s, e) = span(input, policy, f.at, f.at + f.len);
                err(K::InvalidUtf8(f.problem), s, e - s)?;
            }
        }
        // Every other policy repairs: a segment is a name, never a carrier of raw bytes, so
        // U+FFFD per maximal subpart (policies that keep escapes would reopen G12).
        _ => {
            if core::str::from_utf8(&d.bytes).is_err() {
                let fixed = alloc::string::String::from_utf8_lossy(&d.bytes).into_owned();
                return Ok(Cow::Owned(fixed.into_bytes()));
            }
        }
    }
    Ok(if d.changed { Cow::Owned(d.bytes) } else { Cow::Borrowed(input) })
}

/// Splits `path` on raw `/` and decodes each segment under `policy`. A leading `/` starts
/// the path and yields no segment; `a//b` yields an empty one. The segments are returned
/// apart and are never joined back: a decoded `/` inside a segment stays inside it.
///
/// ```
/// use pctenc::segment::{split_path, SegmentErrorKind, SegmentPolicy};
/// let e = split_path("/ok/..%2f/x", &SegmentPolicy::strict()).unwrap_err();
/// assert_eq!((e.kind, e.offset), (SegmentErrorKind::EncodedSlash, 6));
/// ```
///
/// # Errors
/// The first segment's [`SegmentError`], with its offset in `path`.
pub fn split_path<'a, I: AsRef<[u8]> + ?Sized>(
    path: &'a I,
    policy: &SegmentPolicy,
) -> Result<Vec<Cow<'a, [u8]>>, SegmentError> {
    let path = path.as_ref();
    let (body, base) = match path.strip_prefix(b"/") {
        Some(rest) => (rest, 1),
        None => (path, 0),
    };
    let mut out = Vec::new();
    let mut at = base;
    for seg in body.split(|&b| b == b'/') {
        out.push(decode_segment(seg, policy).map_err(|e| e.shifted(at))?);
        at += seg.len() + 1;
    }
    if path.is_empty() {
        out.clear();
    }
    Ok(out)
}
