//! `check`: find the percent-encoding that a path-traversal, request-smuggling or WAF-bypass
//! attack would use, with the exact bytes that trigger each finding.
//!
//! Percent-decoding is where two parties read one input two ways: a proxy checks `%2e%2e`
//! and sees no `..`, the file system behind it does (CVE-2021-41773); a filter decodes once,
//! the application twice (`%252e`, CVE-2001-0333); a lenient UTF-8 decoder turns `%C0%AE`
//! into `.` after every check has run (CVE-2000-0884). [`check`] reports each such pattern as
//! a [`Finding`]: a stable kebab-case [`Code`], a [`Severity`] that depends on the
//! [`Context`] (an encoded `/` is an attack in a path and noise in a query), and the byte
//! span in the input that triggered it.
//!
//! ```
//! use pctenc::lint::{check, Code, Context, Severity};
//! let f = check("/img/.%2e/%2e%2e/etc/passwd", Context::Path);
//! assert_eq!(f[0].code, Code::EncodedDotSegment);
//! assert_eq!((f[0].offset, f[0].len, f[0].severity), (5, 4, Severity::Critical));
//! assert!(check("/a/b-c_d~e", Context::Path).is_empty());
//! ```
//!
//! # What it reads, and how
//!
//! The input is one component (`segment`, `path`, `query`, `form`, `fragment`, `userinfo`,
//! `host`), or a whole URL or request target (`url`), which is first split into components
//! (RFC 3986 §7.3: split first, then look inside each) and checked per component. Each
//! component is read in one pass over its escapes and raw bytes, then decoded as the WHATWG
//! percent-decode does, layer by layer, keeping for each decoded byte the input span it came
//! from: that is how `double-encoded` knows its depth and every UTF-8 finding its span. The
//! work is linear in the input (at most [`MAX_LAYERS`] layers) and uses no recursion.
//!
//! Memory is a few dozen bytes per input byte while a component is checked (each decoded
//! byte keeps its input span), plus the findings: callers that read untrusted streams bound
//! the input with [`Options::max_len`], as the CLI's per-line limit does.
//!
//! # Guarantees (tested)
//!
//! - Every finding's span lies inside the input and covers the bytes that triggered it.
//! - Input with only unreserved characters (`A-Z a-z 0-9 - . _ ~`) and no dot segment has no
//!   findings.
//! - Findings come sorted by offset.
//!
//! The severities are the project's own calls, drawn from the incidents each pattern caused
//! (`docs/security.md` lists them).

mod confusable;
pub(crate) mod escape;
mod layers;
mod render;
mod scan;
pub(crate) mod url;
mod utf8;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub use confusable::confusables;
pub use render::{escape_preview, render_text, to_json};
pub use utf8::{faults, Utf8Fault, Utf8Problem};

/// The most decode layers the lint looks through to find how deep a double encoding goes.
/// Deeper chains are reported with this depth and say so.
pub const MAX_LAYERS: usize = 16;

/// Where the input sits in a URL: what its bytes mean decides what is suspicious.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Context {
    /// One path segment: a raw `/` does not belong, `.` and `..` are dot segments.
    Segment,
    /// A whole path, segments separated by raw `/`.
    Path,
    /// A query: `+` may be a space or a plus, depending on who reads it.
    Query,
    /// An application/x-www-form-urlencoded body or query: `+` is a space.
    Form,
    /// A fragment.
    Fragment,
    /// The userinfo of an authority: `@` and `:` are delimiters.
    Userinfo,
    /// A host: `@`, `:` and `/` are delimiters; NUL truncates.
    Host,
    /// A whole URL or request target (`/p?q`), split into components first.
    Url,
}

impl Context {
    /// Every context, in the order `--context` lists them.
    pub const ALL: &'static [Context] = &[
        Context::Segment,
        Context::Path,
        Context::Query,
        Context::Form,
        Context::Fragment,
        Context::Userinfo,
        Context::Host,
        Context::Url,
    ];

    /// The name `--context` takes: its word in the options table
    /// ([`words::CONTEXT`](crate::options::words::CONTEXT), in this enum's order).
    pub const fn as_str(self) -> &'static str {
        crate::options::words::CONTEXT[self as usize].name
    }

    /// Finds a context by name (ASCII case ignored).
    ///
    /// ```
    /// assert_eq!(pctenc::lint::Context::by_name("Query"), Some(pctenc::lint::Context::Query));
    /// ```
    pub fn by_name(name: &str) -> Option<Context> {
        Context::ALL.iter().copied().find(|c| c.as_str().eq_ignore_ascii_case(name))
    }

    /// Whether the component is made of path segments.
    pub(crate) const fn is_path(self) -> bool {
        matches!(self, Context::Segment | Context::Path)
    }
}

/// How bad a finding is, from a style note to a known traversal primitive. Ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Style: a form that RFC 3986 would write differently.
    Info,
    /// A normalization inconsistency two layers may see differently.
    Low,
    /// Injection that depends on what the consumer does with the decoded value.
    Medium,
    /// A known CVE class once another layer decodes differently.
    High,
    /// A known direct traversal or authorization-bypass primitive.
    Critical,
}

impl Severity {
    /// Every severity, lowest first.
    pub const ALL: &'static [Severity] =
        &[Severity::Info, Severity::Low, Severity::Medium, Severity::High, Severity::Critical];

    /// The name `--fail-on` takes and JSON writes: its word in the options table
    /// ([`words::SEVERITY`](crate::options::words::SEVERITY), in this enum's order).
    pub const fn as_str(self) -> &'static str {
        crate::options::words::SEVERITY[self as usize].name
    }

    /// Finds a severity by name or short name (`crit`, `med`), ASCII case ignored.
    ///
    /// ```
    /// use pctenc::lint::Severity;
    /// assert_eq!(Severity::by_name("crit"), Some(Severity::Critical));
    /// assert!(Severity::by_name("med").unwrap() < Severity::High);
    /// ```
    pub fn by_name(name: &str) -> Option<Severity> {
        let word = crate::options::words::find_word(crate::options::words::SEVERITY, name)?;
        Severity::ALL.iter().copied().find(|s| s.as_str() == word.name)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// What a finding is about. The kebab-case names are stable: scripts match on them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code { $($(#[$doc])* $variant,)* }

        impl Code {
            /// Every code, in the order of `docs/security.md`.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable kebab-case name.
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }
        }
    };
}

codes! {
    /// `%` not followed by two hex digits (`%`, `%4`, `%G1`, `%+a`): CVE-2021-42013.
    MalformedEscape = "malformed-escape",
    /// `%uXXXX`, the IIS UTF-16 escape that some layers decode: CVE-2001-0669, CVE-2021-34429.
    Utf16Escape = "utf16-escape",
    /// Decoding once leaves an escape that decodes again (`%252e`, `%%32%65`): CVE-2001-0333.
    DoubleEncoded = "double-encoded",
    /// A segment that decodes to `.` or `..` through an escape: CVE-2021-41773.
    EncodedDotSegment = "encoded-dot-segment",
    /// `%2F`: one segment to some layers, two to others (CVE-2007-0450).
    EncodedSlash = "encoded-slash",
    /// `%5C`: a separator on Windows and to some servers.
    EncodedBackslash = "encoded-backslash",
    /// `%00`: C-string truncation (CVE-2021-34429).
    EncodedNul = "encoded-nul",
    /// `%0D` or `%0A`: header injection and response splitting once decoded into a header.
    EncodedCrlf = "encoded-crlf",
    /// Another C0 control or DEL: log and terminal injection.
    EncodedControl = "encoded-control",
    /// An overlong UTF-8 form (`%C0%AE` spells `.`): CVE-2000-0884, CVE-2008-2938.
    OverlongUtf8 = "overlong-utf8",
    /// A surrogate encoded as UTF-8 (`%ED%A0%80`).
    SurrogateUtf8 = "surrogate-utf8",
    /// Other invalid UTF-8: truncated, stray continuation, above U+10FFFF.
    InvalidUtf8 = "invalid-utf8",
    /// An escaped delimiter of the component (`%3F`, `%23`, `%3B` in a path): CVE-2024-38474.
    EncodedDelimiter = "encoded-delimiter",
    /// An escape of an unreserved character (`%61`): equivalent to the character, so an ACL
    /// on the raw text misses it (RFC 3986 §2.3).
    EncodedUnreserved = "encoded-unreserved",
    /// Lower-case hex in an escape (RFC 3986 §2.1 prefers upper case).
    LowercaseHex = "lowercase-hex",
    /// A raw `+` in a query: a space to form decoders, a plus to everyone else.
    PlusAmbiguity = "plus-ambiguity",
    /// A character that NFKC turns into a delimiter (`U+FF0F` becomes `/`): CVE-2019-9636.
    ConfusableDelimiter = "confusable-delimiter",
    /// A raw byte that the component does not allow (controls, space, non-ASCII, `\`, `<`...).
    RawIllegalByte = "raw-illegal-byte",
    /// A decoded line separator or bidi control (U+2028, U+202E...): spoofed text and logs.
    BidiControl = "bidi-control",
    /// An empty path segment (`//`, `%2F%2F`) that prefix rules miss and servers merge.
    EmptySegment = "empty-segment",
    /// More input (or more parameters) than the limit the caller set.
    SizeLimit = "size-limit",
}

impl Code {
    /// Finds a code by its kebab-case name.
    pub fn by_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One thing [`check`] found: what, how bad, and exactly where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What it is.
    pub code: Code,
    /// How bad it is in the context checked.
    pub severity: Severity,
    /// Offset of the first byte that triggered it.
    pub offset: usize,
    /// Number of bytes that triggered it (at least 1).
    pub len: usize,
    /// One line for a person; it quotes at most a few bytes of the input, escaped.
    pub message: String,
    /// For `double-encoded`: how many decodes the span takes until it stops changing.
    pub depth: Option<usize>,
}

impl Finding {
    /// The span's end (exclusive).
    pub const fn end(&self) -> usize {
        self.offset + self.len
    }

    /// The same finding with its offset moved by `by` (for a part of a larger input).
    pub fn shifted(mut self, by: usize) -> Finding {
        self.offset += by;
        self
    }
}

/// Limits and context for [`check_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Where the input sits.
    pub context: Context,
    /// Inputs longer than this are reported as `size-limit`, and only this many bytes are
    /// read: the bound on the work the lint does.
    pub max_len: Option<usize>,
    /// Queries and forms with more `&`-separated parameters are reported as `size-limit`.
    pub max_params: Option<usize>,
}

impl Options {
    /// No limits.
    pub const fn new(context: Context) -> Options {
        Options { context, max_len: None, max_params: None }
    }
}

/// Checks `input` as a `context` component; findings sorted by offset.
///
/// ```
/// use pctenc::lint::{check, Code, Context};
/// let f = check("%252e%252e%252f", Context::Path);
/// assert!(f.iter().any(|f| f.code == Code::DoubleEncoded && f.depth == Some(2)));
/// let q = check("a=1+1", Context::Query);
/// assert_eq!(q[0].code, Code::PlusAmbiguity);
/// ```
pub fn check<I: AsRef<[u8]> + ?Sized>(input: &I, context: Context) -> Vec<Finding> {
    check_with(input, &Options::new(context))
}

/// Checks `input` with limits; findings sorted by offset.
///
/// ```
/// use pctenc::lint::{check_with, Code, Context, Options};
/// let opts = Options { max_len: Some(4), ..Options::new(Context::Query) };
/// let f = check_with("abcdefgh", &opts);
/// assert_eq!((f[0].code, f[0].offset, f[0].len), (Code::SizeLimit, 4, 4));
/// ```
pub fn check_with<I: AsRef<[u8]> + ?Sized>(input: &I, options: &Options) -> Vec<Finding> {
    let mut input = input.as_ref();
    let mut out = Vec::new();
    if let Some(max) = options.max_len {
        if input.len() > max {
            let message = alloc::format!("input is {} bytes, over the limit of {max}", input.len());
            out.push(finding(Code::SizeLimit, options.context, max, input.len() - max, message));
            input = &input[..max];
        }
    }
    if options.context == Context::Url {
        for (ctx, range) in url::split(input).components() {
            scan::component(&input[range.clone()], range.start, ctx, options, &mut out);
        }
    } else {
        scan::component(input, 0, options.context, options, &mut out);
    }
    out.sort_by_key(|f| (f.offset, f.code, f.len));
    out
}

/// Checks each line of `input` (terminated by `\n` or `\r\n`) on its own, as the CLI reads
/// logs: `(line number from 1, finding)`, offsets counted from the start of `input`.
///
/// ```
/// use pctenc::lint::{check_lines, Code, Context, Options};
/// let f = check_lines("/ok\n/a%2Fb\r\n", &Options::new(Context::Path));
/// assert_eq!((f[0].0, f[0].1.code, f[0].1.offset), (2, Code::EncodedSlash, 6));
/// ```
pub fn check_lines<I: AsRef<[u8]> + ?Sized>(input: &I, options: &Options) -> Vec<(u64, Finding)> {
    let mut out = Vec::new();
    let mut start = 0usize;
    for (n, line) in input.as_ref().split_inclusive(|&b| b == b'\n').enumerate() {
        let body = line.strip_suffix(b"\n").unwrap_or(line);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        let line_no = n as u64 + 1;
        out.extend(check_with(body, options).into_iter().map(|f| (line_no, f.shifted(start))));
        start += line.len();
    }
    out
}

/// Builds a finding with the severity its code has in `ctx`.
pub(crate) fn finding(
    code: Code,
    ctx: Context,
    offset: usize,
    len: usize,
    message: String,
) -> Finding {
    Finding { code, severity: severity(code, ctx), offset, len, message, depth: None }
}

/// The severity of `code` in `ctx` (security.md §7.2, path column and "other" column).
pub const fn severity(code: Code, ctx: Context) -> Severity {
    use Severity::*;
    let path = ctx.is_path();
    let authority = matches!(ctx, Context::Userinfo | Context::Host);
    match code {
        Code::Utf16Escape | Code::EncodedCrlf => High,
        Code::MalformedEscape | Code::DoubleEncoded if path => High,
        Code::MalformedEscape | Code::DoubleEncoded => Medium,
        Code::EncodedDotSegment => Critical,
        Code::EncodedSlash if path => High,
        Code::EncodedSlash if authority => Medium,
        Code::EncodedSlash => Info,
        Code::EncodedBackslash if path => High,
        Code::EncodedBackslash => Low,
        Code::EncodedNul if path || matches!(ctx, Context::Host) => Critical,
        Code::EncodedNul => High,
        Code::EncodedControl | Code::InvalidUtf8 | Code::ConfusableDelimiter => Medium,
        Code::BidiControl | Code::SizeLimit => Medium,
        Code::OverlongUtf8 if path => Critical,
        Code::OverlongUtf8 => High,
        Code::SurrogateUtf8 if path => High,
        Code::SurrogateUtf8 => Medium,
        Code::EncodedDelimiter if path || authority => Medium,
        Code::EncodedDelimiter => Low,
        Code::EncodedUnreserved if path => Low,
        Code::EncodedUnreserved | Code::LowercaseHex | Code::PlusAmbiguity => Info,
        Code::RawIllegalByte if path => Medium,
        Code::RawIllegalByte => Low,
        Code::EmptySegment => Low,
    }
}
