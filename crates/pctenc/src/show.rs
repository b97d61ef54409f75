//! Showing text to a person: the one rule for which characters never reach a terminal as they
//! are, and how they are written instead.
//!
//! Decoded text can hold anything, and a terminal obeys what it is sent: `%1b%5d0;x%07`
//! retitles the window, `%1b[2J` clears it, RIGHT-TO-LEFT OVERRIDE (`%E2%80%AE`) makes
//! `exe.txt` read as `txt.exe`, and a LINE SEPARATOR, a zero-width space or a BOM hide where
//! one thing ends and the next begins. So every output a person reads (the CLI's decoded
//! records on a terminal, findings, error snippets, form pairs as JSON, the lint's
//! messages) asks [`hidden`] which characters to escape, and writes them with
//! [`push_escape`] (or, inside JSON, as `\uXXXX`):
//!
//! ```
//! use pctenc::show::{escape, Style};
//! assert_eq!(escape("a\u{1b}[2J\u{202E}b\u{2028}é".as_bytes(), Style::TEXT), r"a\x1b[2J\u{202e}b\u{2028}é");
//! assert_eq!(escape(b"x\\\"\xff", Style::QUOTED), r#"x\\\"\xff"#);
//! ```
//!
//! Everything else, printable non-ASCII included, is written as it is: escaping `é` would make
//! text unreadable without making anything safer.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write;

/// Whether `c` is shown escaped: C0 controls and DEL, C1 controls, the bidi controls (ALM,
/// LRM, RLM, the embeddings and overrides U+202A..U+202E, the isolates U+2066..U+2069), the
/// line and paragraph separators (U+2028, U+2029), and the invisible format characters: the
/// zero-width ones (U+200B..U+200D, U+2060..U+2064, U+FEFF, also the BOM), the deprecated
/// format controls (U+206A..U+206F) and the interlinear annotation marks (U+FFF9..U+FFFB).
///
/// ```
/// use pctenc::show::hidden;
/// for c in ['\u{7}', '\u{85}', '\u{202E}', '\u{2066}', '\u{2028}', '\u{200B}', '\u{FEFF}'] {
///     assert!(hidden(c), "{c:?}");
/// }
/// assert!(!hidden('é') && !hidden(' ') && !hidden('😀'));
/// ```
pub const fn hidden(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{1F}'
            | '\u{7F}'..='\u{9F}'
            | '\u{61C}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
    )
}

/// Appends how a [`hidden`] character is written: `\t`, `\n`, `\r`; `\xNN` for the other
/// ASCII ones; `\u{NNNN}` (lower-case hex, at least four digits, as Rust writes it) for the
/// rest.
///
/// ```
/// let mut s = String::new();
/// for c in ['\n', '\u{1b}', '\u{85}', '\u{202E}'] {
///     pctenc::show::push_escape(c, &mut s);
/// }
/// assert_eq!(s, r"\n\x1b\u{0085}\u{202e}");
/// ```
pub fn push_escape(c: char, out: &mut String) {
    let _ = match c {
        '\t' => out.write_str("\\t"),
        '\n' => out.write_str("\\n"),
        '\r' => out.write_str("\\r"),
        c if c.is_ascii() => write!(out, "\\x{:02x}", c as u32),
        c => write!(out, "\\u{{{:04x}}}", c as u32),
    };
}

/// How [`escape`] writes text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// `\n` and `\t` stay as they are: text shown whole (the CLI's `--whole`), where a line
    /// break is the text's own and not a record's end.
    pub newlines: bool,
    /// The text goes between double quotes (a snippet in a message): `\` is doubled and `"`
    /// written `\"`, so the quoted text reads back unambiguously.
    pub quoted: bool,
}

impl Style {
    /// Text as it is, but for [`hidden`] characters and bytes that are not UTF-8.
    pub const TEXT: Style = Style { newlines: false, quoted: false };
    /// As [`Style::TEXT`], keeping `\n` and `\t`.
    pub const WHOLE: Style = Style { newlines: true, quoted: false };
    /// A snippet between double quotes.
    pub const QUOTED: Style = Style { newlines: false, quoted: true };
}

/// Appends `c` as `style` shows it.
pub fn push_char(c: char, style: Style, out: &mut String) {
    match c {
        '\n' | '\t' if style.newlines => out.push(c),
        '\\' | '"' if style.quoted => {
            out.push('\\');
            out.push(c);
        }
        c if hidden(c) => push_escape(c, out),
        c => out.push(c),
    }
}

/// Appends a byte that is not part of valid UTF-8: `\xNN`.
pub fn push_byte(b: u8, out: &mut String) {
    let _ = write!(out, "\\x{b:02x}");
}

/// `bytes` as `style` shows them: each character as it is unless [`hidden`], each byte that
/// is not UTF-8 as `\xNN`. Borrows when nothing changes.
pub fn escape(bytes: &[u8], style: Style) -> Cow<'_, str> {
    if let Ok(s) = core::str::from_utf8(bytes) {
        if !s.chars().any(|c| hidden(c) || (style.quoted && matches!(c, '\\' | '"'))) {
            return Cow::Borrowed(s);
        }
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_char(c, style, &mut out);
        }
        for &b in chunk.invalid() {
            push_byte(b, &mut out);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hidden_character_is_escaped_and_nothing_else() {
        for u in 0..=0x10FFFFu32 {
            let Some(c) = char::from_u32(u) else { continue };
            let text = String::from(c);
            let shown = escape(text.as_bytes(), Style::TEXT);
            if hidden(c) {
                assert!(shown.starts_with('\\') && shown.is_ascii(), "{c:?}: {shown}");
            } else {
                assert_eq!(shown, text, "{c:?}");
            }
        }
    }

    #[test]
    fn styles() {
        assert_eq!(escape(b"a\nb\tc", Style::TEXT), r"a\nb\tc");
        assert_eq!(escape(b"a\nb\tc\r", Style::WHOLE), "a\nb\tc\\r");
        assert_eq!(escape(br#"a\"b"#, Style::TEXT), r#"a\"b"#);
        assert_eq!(escape(br#"a\"b"#, Style::QUOTED), r#"a\\\"b"#);
        // Escaped for a hidden character, the rest of the text keeps its `\` and `"`
        // unless quoted.
        assert_eq!(escape(b"\"\n\\", Style::TEXT), r#""\n\"#);
        assert_eq!(escape(b"\"\n\\", Style::QUOTED), r#"\"\n\\"#);
        assert!(matches!(escape("plain é".as_bytes(), Style::QUOTED), Cow::Borrowed(_)));
        assert_eq!(escape(b"\xe2\x82", Style::TEXT), r"\xe2\x82");
    }
}
