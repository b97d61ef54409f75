//! Showing findings: a caret line under the span for people, one JSON object for programs.
//!
//! Both are plain functions without colour, so that the CLI decides about terminals and
//! `NO_COLOR`. Neither ever copies a character out of the input that [`crate::show`] hides:
//! [`escape_preview`] writes them as `\xNN` or `\u{nnnn}`, so that a finding about `%1B[2J`
//! cannot clear the screen of whoever reads it.

use alloc::format;
use alloc::string::String;
use core::fmt::Write;

use super::Finding;
use crate::show::{self, Style};

/// Bytes of context shown on each side of a span, and the most of a span shown.
const CONTEXT: usize = 32;
const MAX_SPAN: usize = 64;

/// `bytes` as text that is safe on any terminal, for quoting: the [`show`](crate::show)
/// rule ([`Style::QUOTED`]): printable text as it is, `\\` and `"` escaped, and
/// [`hidden`](crate::show::hidden) characters and bytes that are not UTF-8 as `\t`, `\r`,
/// `\n`, `\xNN` or `\u{nnnn}`.
///
/// ```
/// use pctenc::lint::escape_preview;
/// assert_eq!(escape_preview(b"a\x1b[2J\\\xff\xe2\x80\xae\xc3\xa9"), r"a\x1b[2J\\\xff\u{202e}é");
/// ```
pub fn escape_preview(bytes: &[u8]) -> String {
    show::escape(bytes, Style::QUOTED).into_owned()
}

/// A finding as people read it: a header line, the input around the span (escaped, at most
/// a few dozen bytes each side, within the span's line), and carets under the span.
///
/// `input` is what the finding's offset indexes; `line` is printed when given.
///
/// ```
/// use pctenc::lint::{check, render_text, Context};
/// let input = "/a/%2e%2e/b";
/// let f = &check(input, Context::Path)[0];
/// let text = render_text(input.as_bytes(), f, None);
/// assert_eq!(text.lines().nth(1).unwrap(), "  /a/%2e%2e/b");
/// assert_eq!(text.lines().nth(2).unwrap(), "     ^^^^^^");
/// ```
pub fn render_text(input: &[u8], f: &Finding, line: Option<u64>) -> String {
    let start = f.offset.min(input.len());
    let end = f.end().min(input.len());
    let line_start = input[..start].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let before_from = start.saturating_sub(CONTEXT).max(line_start);
    let line_end = input[end..].iter().position(|&b| b == b'\n').map_or(input.len(), |p| end + p);
    let after_to = end.saturating_add(CONTEXT).min(line_end);
    let shown_end = end.min(start + MAX_SPAN);
    let before = escape_preview(&input[before_from..start]);
    let span = escape_preview(&input[start..shown_end]);
    let cut = if shown_end < end { "…" } else { "" };
    let after = if shown_end < end { String::new() } else { escape_preview(&input[end..after_to]) };
    let lead = if before_from > line_start { "…" } else { "" };
    let tail = if after_to < line_end && shown_end == end { "…" } else { "" };
    let mut out = String::new();
    let _ = write!(out, "{} {}", f.severity, f.code);
    if let Some(n) = line {
        let _ = write!(out, " line {n}");
    }
    let _ = writeln!(out, " bytes {}..{}: {}", f.offset, f.end(), f.message);
    let _ = writeln!(out, "  {lead}{before}{span}{cut}{after}{tail}");
    let pad = lead.chars().count() + before.chars().count();
    let carets = span.chars().count().max(1);
    let _ = writeln!(out, "  {}{}", " ".repeat(pad), "^".repeat(carets));
    out
}

fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_ascii() && !c.is_ascii_control() => out.push(c),
            c => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{u:04x}");
                }
            }
        }
    }
    out.push('"');
}

/// A finding as one JSON object (ASCII only) with the fields `code`, `severity`, `offset`,
/// `len`, `line` (`null` when not given), `message`, and `depth` for `double-encoded`.
///
/// ```
/// use pctenc::lint::{check, to_json, Context};
/// let f = &check("%2F", Context::Path)[0];
/// assert_eq!(
///     to_json(f, Some(3)),
///     r#"{"code":"encoded-slash","severity":"high","offset":0,"len":3,"line":3,"message":"%2F decodes to '/', a separator to some layers only"}"#
/// );
/// ```
pub fn to_json(f: &Finding, line: Option<u64>) -> String {
    let mut out = String::with_capacity(128);
    out.push_str("{\"code\":");
    json_str(&mut out, f.code.as_str());
    out.push_str(",\"severity\":");
    json_str(&mut out, f.severity.as_str());
    let line = line.map_or(String::from("null"), |n| format!("{n}"));
    let _ = write!(out, ",\"offset\":{},\"len\":{},\"line\":{line},\"message\":", f.offset, f.len);
    json_str(&mut out, &f.message);
    if let Some(d) = f.depth {
        let _ = write!(out, ",\"depth\":{d}");
    }
    out.push('}');
    out
}
