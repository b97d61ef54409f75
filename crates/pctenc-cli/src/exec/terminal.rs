//! Terminal safety: decoded output can hold anything, and a terminal obeys what it is sent.
//! `%1b%5d0;title%07` would retitle the window, `%1b[2J` clear it, `%e2%80%ae` (RIGHT-TO-LEFT
//! OVERRIDE) make `exe.txt` read as `txt.exe`. So when stdout is a terminal (and `--raw` is not
//! given), C0 controls, DEL, C1 controls, bidi controls and bytes that are not UTF-8 are shown
//! escaped: `\x1b`, `\u{202e}`, `\xff`. Pipes and files get the bytes unchanged.
//!
//! The filter runs on the output buffer in place, piece by piece; a UTF-8 sequence cut by the
//! end of a piece waits (at most three bytes) for the next one.
//!
//! ```text
//! decode '%1b[31mred' on a terminal  ->  \x1b[31mred
//! ```

/// Escapes what a terminal would act on.
#[derive(Debug)]
pub struct TerminalFilter {
    /// Keep `\n` and `\t` raw (`--whole`: the output is text shown as it is); in records
    /// mode a decoded newline would look like a record boundary, so it is escaped too.
    keep_newlines: bool,
    /// An unfinished UTF-8 sequence from the end of the last piece.
    carry: Vec<u8>,
    scratch: Vec<u8>,
}

impl TerminalFilter {
    /// A filter; `keep_newlines` for `--whole`.
    pub fn new(keep_newlines: bool) -> TerminalFilter {
        TerminalFilter { keep_newlines, carry: Vec::with_capacity(4), scratch: Vec::new() }
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
        let mut chunks = data.utf8_chunks().peekable();
        while let Some(chunk) = chunks.next() {
            for c in chunk.valid().chars() {
                self.push_char(c, out);
            }
            let invalid = chunk.invalid();
            let unfinished = chunks.peek().is_none()
                && !invalid.is_empty()
                && std::str::from_utf8(invalid).is_err_and(|e| e.error_len().is_none());
            if unfinished && !end {
                self.carry.extend_from_slice(invalid);
            } else {
                for b in invalid {
                    out.extend_from_slice(format!("\\x{b:02x}").as_bytes());
                }
            }
        }
        self.scratch = data;
    }

    fn push_char(&self, c: char, out: &mut Vec<u8>) {
        let u = c as u32;
        if (c == '\n' || c == '\t') && self.keep_newlines {
            out.push(u as u8);
        } else if u < 0x20 || u == 0x7f {
            out.extend_from_slice(format!("\\x{u:02x}").as_bytes());
        } else if (0x80..=0x9f).contains(&u) || is_bidi_control(c) {
            out.extend_from_slice(format!("\\u{{{u:04x}}}").as_bytes());
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
}

/// The Unicode bidi controls (UAX #9): ALM, LRM, RLM, the embeddings and overrides, the
/// isolates. Any of them can reorder what a reader sees.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
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
        assert_eq!(filter(&[b"a\nb\tc\r"], false), br"a\x0ab\x09c\x0d");
        assert_eq!(filter(&[b"a\nb\tc\r"], true), b"a\nb\tc\\x0d");
    }

    #[test]
    fn c1_and_bidi_are_escaped_text_is_not() {
        assert_eq!(
            filter(&["\u{85}x\u{202e}txt.exe\u{2066}".as_bytes()], false),
            br"\u{0085}x\u{202e}txt.exe\u{2066}"
        );
        assert_eq!(filter(&["é€😀 中文".as_bytes()], false), "é€😀 中文".as_bytes());
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
