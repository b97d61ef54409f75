//! Messages for rejected input: where (record and byte offset), what (a few bytes of the
//! input, escaped so that no control byte reaches the terminal), and why (with the flag that
//! would accept it).
//!
//! ```text
//! pctenc: line 2, byte 3: invalid-escape at "%zz": '%' must be followed by two hex digits (--lenient keeps it)
//! ```
//!
//! Messages go to stderr; a failure to write them (a closed stderr) is ignored, never a panic.

use std::cell::RefCell;
use std::io::Write;

use anstyle::{AnsiColor, Style};
use pctenc::{DecodeError, Profile, Unit};

use super::rejection::Rejection;

thread_local! {
    /// Where this thread's messages go instead of stderr, while [`capture`] runs.
    static CAPTURED: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's messages collected instead of written, and returns them too:
/// the parallel records mode writes each batch's messages in input order, after the output
/// of the batches before it.
pub fn capture<T>(f: impl FnOnce() -> T) -> (T, Vec<u8>) {
    CAPTURED.with(|c| *c.borrow_mut() = Some(Vec::new()));
    let result = f();
    let messages = CAPTURED.with(|c| c.borrow_mut().take()).unwrap_or_default();
    (result, messages)
}

/// Writes a finished message to stderr, or to the capture buffer inside [`capture`].
fn emit(text: &[u8]) {
    let captured =
        CAPTURED.with(|c| c.borrow_mut().as_mut().map(|buf| buf.extend_from_slice(text)).is_some());
    if !captured {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(text);
        let _ = err.flush();
    }
}

/// At most this many bytes of the input are shown: the library's snippet.
pub const SNIPPET: usize = pctenc::batch::SNIPPET;

/// Where a rejected record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// The N-th input line (1-based).
    Line(usize),
    /// The N-th TEXT argument (1-based).
    Argument(usize),
    /// The whole input (`--whole`).
    Input,
}

/// Writes messages to stderr, coloured or not as the plan decided.
#[derive(Clone, Copy, Debug)]
pub struct Reporter {
    color: bool,
}

impl Reporter {
    /// A reporter; `color` comes from the plan (`--color`, NO_COLOR, stderr a terminal).
    pub fn new(color: bool) -> Reporter {
        Reporter { color }
    }

    /// Writes `line`, with its colour codes if colour is on and without them if not.
    fn write(&self, line: &str) {
        let mut styled = anstream::AutoStream::new(Vec::new(), super::color_choice(self.color));
        let _ = styled.write_all(line.as_bytes());
        emit(&styled.into_inner());
    }

    /// Says which encoding a record was decoded with (`-v`).
    pub fn decoded_as(&self, location: Location, encoding: &str) {
        let line = format!("pctenc: {}: decoded as {encoding}\n", where_(location));
        emit(line.as_bytes());
    }

    /// Reports one rejected record.
    pub fn rejection(&self, location: Location, profile: &Profile, r: Rejection, snippet: &[u8]) {
        let (kind, why) = explain(location, profile, &r, snippet);
        let place = Style::new().bold();
        let error = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
        let line = format!(
            "pctenc: {place}{}, byte {}{place:#}: {error}{kind}{error:#} at {}: {why}\n",
            where_(location),
            r.offset(),
            quote(snippet),
        );
        self.write(&line);
    }
}

impl Reporter {
    /// A message about a record: `pctenc: WHERE[, byte N]: MESSAGE`; `error` colours the
    /// message as a rejection.
    pub fn note(&self, location: Location, byte: Option<u64>, message: &str, error: bool) {
        let place = Style::new().bold();
        let style = if error {
            Style::new().bold().fg_color(Some(AnsiColor::Red.into()))
        } else {
            Style::new()
        };
        let byte = byte.map_or(String::new(), |b| format!(", byte {b}"));
        let line = format!(
            "pctenc: {place}{}{byte}{place:#}: {style}{message}{style:#}\n",
            where_(location)
        );
        self.write(&line);
    }
}

fn where_(location: Location) -> String {
    match location {
        Location::Line(n) => format!("line {n}"),
        Location::Argument(n) => format!("argument {n}"),
        Location::Input => "input".to_string(),
    }
}

/// The kind of error and why it is one. `snippet` is the input from the offending byte on.
fn explain(
    location: Location,
    profile: &Profile,
    r: &Rejection,
    snippet: &[u8],
) -> (&'static str, String) {
    let whole = if location == Location::Input { "input" } else { "record" };
    let why = match r {
        Rejection::Decode(DecodeError::InvalidEscape { .. }) => {
            "'%' must be followed by two hex digits (--lenient keeps it)".to_string()
        }
        Rejection::Decode(DecodeError::TruncatedEscape { .. }) => {
            format!("the {whole} ends inside it (--lenient keeps it)")
        }
        Rejection::Decode(DecodeError::InvalidUtf8 { .. }) => "the decoded bytes are not UTF-8 \
             (--utf8 lossy replaces them, --utf8 bytes writes them as they are)"
            .to_string(),
        Rejection::Decode(DecodeError::InvalidCharset { encoding, .. }) => {
            format!("the decoded bytes are not valid {encoding} (--utf8 lossy replaces them)")
        }
        Rejection::Unmappable(e) => format!(
            "U+{:04X} {:?} is not in {} (without --strict it is written as &#{};)",
            e.ch as u32, e.ch, e.encoding, e.ch as u32
        ),
        Rejection::CharsetNotText(_) => {
            "a charset encodes text and these bytes are not UTF-8 (--utf8 lossy replaces them)"
                .to_string()
        }
        Rejection::ExtValue(e) => e.to_string(),
        // A kind of error this CLI does not know yet: the library's own words.
        Rejection::Decode(e) => e.to_string(),
        Rejection::Encode(_) => match first_char(snippet) {
            // The library's encode error means "not UTF-8, or a character this profile cannot
            // write": the bytes tell which, and valid UTF-8 is never called invalid.
            Some(ch) => outside(profile, ch),
            None => format!(
                "profile {} encodes text and these bytes are not UTF-8 \
                 (--utf8 lossy replaces them, --utf8 bytes escapes them as they are)",
                profile.name()
            ),
        },
    };
    (r.code(), why)
}

/// The character that `bytes` starts with, if they start with a whole UTF-8 sequence.
fn first_char(bytes: &[u8]) -> Option<char> {
    let valid = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    valid.chars().next()
}

/// Why a profile cannot write the character `ch`, and what can.
fn outside(profile: &Profile, ch: char) -> String {
    let code = ch as u32;
    if profile.unit() == Unit::Latin1 {
        format!(
            "U+{code:04X} is outside this profile's range: {} escapes characters up to U+00FF as \
             one Latin-1 %XX (Perl's uri_escape dies here too; -p perl-uri-escape escapes the \
             UTF-8 bytes, as uri_escape on undecoded input and uri_escape_utf8 do)",
            profile.name()
        )
    } else {
        format!("U+{code:04X} is outside the characters profile {} can write", profile.name())
    }
}

/// `bytes` in double quotes, at most [`SNIPPET`] of them, shown by the library's one rule
/// ([`pctenc::show`]: `\x1b`, `\u{202e}`, `\xff`; `\` and `"` escaped) and `...` when there
/// was more: the snippet every front end shows ([`pctenc::batch::snippet`]).
pub fn quote(bytes: &[u8]) -> String {
    pctenc::batch::snippet(bytes, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_escapes_everything_unprintable() {
        assert_eq!(quote(b"%zz"), r#""%zz""#);
        assert_eq!(quote(b"\x1b[31m\"\\"), r#""\x1b[31m\"\\""#);
        assert_eq!(quote(b"\r\n\t\x7f\xff\x00"), r#""\r\n\t\x7f\xff\x00""#);
        assert_eq!(quote("é\u{2028}".as_bytes()), r#""é\u{2028}""#);
        assert_eq!(quote(b"0123456789"), r#""01234567"..."#);
        assert_eq!(quote(b""), r#""""#);
    }

    #[test]
    fn explanations_name_the_flag_that_accepts() {
        let p = pctenc::profile::js::COMPONENT;
        let enc = Rejection::Encode(pctenc::EncodeError { offset: 0 });
        assert_eq!(
            explain(Location::Input, p, &enc, b"\xff").1,
            "profile js-component encodes text and these bytes are not UTF-8 \
             (--utf8 lossy replaces them, --utf8 bytes escapes them as they are)"
        );
        let c = Rejection::CharsetNotText(pctenc::EncodeError { offset: 0 });
        assert_eq!(
            explain(Location::Input, p, &c, b"\xff"),
            (
                "not-text",
                "a charset encodes text and these bytes are not UTF-8 \
                          (--utf8 lossy replaces them)"
                    .to_string()
            )
        );
        let t = Rejection::Decode(DecodeError::TruncatedEscape { offset: 0 });
        assert_eq!(
            explain(Location::Line(1), p, &t, b"%").1,
            "the record ends inside it (--lenient keeps it)"
        );
        assert_eq!(
            explain(Location::Input, p, &t, b"%").1,
            "the input ends inside it (--lenient keeps it)"
        );
    }

    #[test]
    fn valid_utf8_is_never_called_invalid() {
        // Issue 18: `printf 'é€' | pctenc encode -p perl-uri-escape-decoded` stops at the
        // euro sign, which is valid UTF-8 that the Latin-1 profile cannot write.
        let p = pctenc::profile::runtimes::PERL_URI_ESCAPE_DECODED;
        let enc = Rejection::Encode(pctenc::EncodeError { offset: 2 });
        let (kind, why) = explain(Location::Input, p, &enc, "€x".as_bytes());
        assert_eq!(kind, "not-text");
        assert!(why.starts_with("U+20AC is outside this profile's range"), "{why}");
        // A sequence cut short by the end of the snippet is not a character.
        let (_, why) = explain(Location::Input, p, &enc, b"\xe2\x82");
        assert!(why.contains("these bytes are not UTF-8"), "{why}");
        assert_eq!(first_char(b"\xe2\x82\xac\xff"), Some('\u{20AC}'));
        assert_eq!(first_char(b"\xc0\xaf"), None);
    }
}
