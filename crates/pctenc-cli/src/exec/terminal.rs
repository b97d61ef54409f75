//! Terminal safety: decoded output can hold anything, and a terminal obeys what it is sent.
//! `%1b%5d0;title%07` would retitle the window, `%1b[2J` clear it, `%e2%80%ae` (RIGHT-TO-LEFT
//! OVERRIDE) make `exe.txt` read as `txt.exe`. So when stdout is a terminal (and `--raw` is not
//! given), what the library's one rule hides ([`pctenc::show`]: controls, C1, bidi,
//! zero-width, line separators, BOM) and bytes that are not UTF-8 are shown escaped: `\x1b`,
//! `\u{202e}`, `\xff`. Pipes and files get the bytes unchanged.
//!
//! The filter runs on the output buffer in place, piece by piece; a UTF-8 sequence cut by the
//! end of a piece waits (at most three bytes) for the next one.
//!
//! ```text
//! decode '%1b[31mred' on a terminal  ->  \x1b[31mred
//! ```

use pctenc::show::{self, Style};

/// Escapes what a terminal would act on.
#[derive(Debug)]
pub struct TerminalFilter {
    /// Keep `\n` and `\t` raw (`--whole`: the output is text shown as it is); in records
    /// mode a decoded newline would look like a record boundary, so it is escaped too.
    keep_newlines: bool,
    /// An unfinished UTF-8 sequence from the end of the last piece.
    carry: Vec<u8>,
    scratch: Vec<u8>,
    shown: String,
}

impl TerminalFilter {
    /// A filter; `keep_newlines` for `--whole`.
    pub fn new(keep_newlines: bool) -> TerminalFilter {
        TerminalFilter {
            keep_newlines,
            carry: Vec::with_capacity(4),
            scratch: Vec::new(),
            shown: String::new(),
        }
    }

    /// Forgets an unfinished sequence (its record was rejected).
    pub fn reset(&mut self) {
        self.carry.clear();
    }

    /// Filters `out[from..]` in place. With `end`, an unfinished UTF-8 sequence at the end is
    /// escaped byte by byte instead of kept for the next piece.
    pub fn apply(&mut self, out: &mut Vec<u8>, from: usize, end: bool) {
        self.scratch.clear();
        self.scratch.append(&mut self.carry);
        self.scratch.extend_from_slice(&out[from..]);
        out.truncate(from);
        let data = std::mem::take(&mut self.scratch);
        let style = if self.keep_newlines { Style::WHOLE } else { Style::TEXT };
        self.shown.clear();
        let mut chunks = data.utf8_chunks().peekable();
        while let Some(chunk) = chunks.next() {
            for c in chunk.valid().chars() {
                show::push_char(c, style, &mut self.shown);
            }
            let invalid = chunk.invalid();
            let unfinished = chunks.peek().is_none()
                && !invalid.is_empty()
                && std::str::from_utf8(invalid).is_err_and(|e| e.error_len().is_none());
            if unfinished && !end {
                self.carry.extend_from_slice(invalid);
            } else {
                for &b in invalid {
                    show::push_byte(b, &mut self.shown);
                }
            }
        }
        out.extend_from_slice(self.shown.as_bytes());
        self.scratch = data;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(pieces: &[&[u8]], keep_newlines: bool) -> Vec<u8> {
        let mut t = TerminalFilter::new(keep_newlines);
        let mut out = Vec::new();
        for (i, p) in pieces.iter().enumerate() {
            let from = out.len();
            out.extend_from_slice(p);
            t.apply(&mut out, from, i + 1 == pieces.len());
        }
        out
    }

    #[test]
    fn controls_are_escaped() {
        assert_eq!(filter(&[b"\x1b[2Ja\x07b\x7f"], false), br"\x1b[2Ja\x07b\x7f");
        assert_eq!(filter(&[b"a\nb\tc\r"], false), br"a\nb\tc\r");
        assert_eq!(filter(&[b"a\nb\tc\r"], true), b"a\nb\tc\\r");
    }

    #[test]
    fn c1_bidi_separators_and_invisibles_are_escaped_text_is_not() {
        assert_eq!(
            filter(&["\u{85}x\u{202e}txt.exe\u{2066}".as_bytes()], false),
            br"\u{0085}x\u{202e}txt.exe\u{2066}"
        );
        assert_eq!(filter(&["é€😀 中文".as_bytes()], false), "é€😀 中文".as_bytes());
        assert_eq!(
            filter(&["a\u{2028}b\u{200b}c\u{feff}".as_bytes()], false),
            br"a\u{2028}b\u{200b}c\u{feff}"
        );
    }

    #[test]
    fn invalid_utf8_is_escaped_and_split_sequences_wait() {
        assert_eq!(filter(&[b"a\xffb\xc3"], false), br"a\xffb\xc3");
        let euro = "€".as_bytes();
        assert_eq!(filter(&[&euro[..1], &euro[1..2], &euro[2..]], false), euro);
        let rlo = "\u{202e}".as_bytes();
        assert_eq!(filter(&[&rlo[..2], &rlo[2..]], false), br"\u{202e}");
        // A sequence still unfinished at the end is escaped byte by byte.
        assert_eq!(filter(&[b"x", &euro[..2]], false), br"x\xe2\x82");
    }
}
