//! The options of `encode` and `decode`: the profile and its knobs, where the input comes
//! from, and how it splits into records.
//!
//! The flags are shorthands for the library's options (`--utf8 lossy` is `-O utf8=lossy`):
//! the planner hands them to [`pctenc::options::Options`], which refuses one the operation
//! does not take (`--lower` on decode) in the same words as every other front end.

use clap::Args as ClapArgs;
use pctenc::options::Key;

use super::input::InputArgs;
use super::options::{OptionsArg, Words};

pub(crate) const ENCODE_EXAMPLES: &str = "\
Examples:
  $ pctenc encode 'a b/ü'
  a%20b%2F%C3%BC
  $ pctenc encode -p rfc3986-path '/a b/c'
  /a%20b/c
  $ pctenc encode -p js-component --lower 'é'
  %c3%a9
  $ printf 'a b\\nc d\\n' | pctenc encode -p form
  a+b
  c+d
  $ printf 'a b\\n' | pctenc encode --whole; echo '  (nothing added)'
  a%20b%0A  (nothing added)
  $ pctenc encode --charset shift_jis 'こんにちは'
  %82%B1%82%F1%82%C9%82%BF%82%CD
  $ pctenc encode --charset windows-1252 -p form 'café ☕'
  caf%E9+%26%239749%3B
  $ pctenc encode -p rfc8187 'naïve'
  UTF-8''na%C3%AFve
  $ pctenc encode --whole -i in.bin > out.txt     (the whole input as one record)";

pub(crate) const DECODE_EXAMPLES: &str = "\
Examples:
  $ pctenc decode 'a%20b'
  a b
  $ pctenc decode -p form 'a+b%26c'
  a b&c
  $ pctenc decode -p url-query '100%'
  100%
  $ pctenc decode --utf8 lossy '%FF'
  \u{FFFD}
  $ printf 'a%%41\\n%%zz\\nb\\n' | pctenc decode --keep-going 2>/dev/null | paste -sd, -
  aA,,b
  $ pctenc decode --charset auto '%82%B1%82%F1%82%C9%82%BF%82%CD'
  こんにちは
  $ pctenc decode --charset auto --explain '%CF%F0%E8%E2%E5%F2%2C%20%EC%E8%F0%21'
  windows-1251\tПривет, мир!
  $ pctenc decode --charset euc-kr -p form '%BE%C8%B3%E7+%C7%CF%BC%BC%BF%E4'
  안녕 하세요
  $ pctenc decode -p rfc8187 \"iso-8859-1'en'%A3%20rates\"
  £ rates
  $ pctenc decode --segment 'report%20Q1.pdf'
  report Q1.pdf
  $ pctenc decode --segment '..%2fetc' 2>&1; echo \"exit $?\"
  pctenc: argument 1, byte 2: encoded-slash at \"%2f\", rejected by --policy strict
  exit 1
  $ pctenc decode --repeat 2 '%25252e'
  %2e
  $ pctenc decode --until-stable '%25252e%25252e' 2>&1
  ..
  pctenc: argument 1: depth 3 (stable)
  $ pctenc decode --keep-going -i log.txt     (report every bad line, decode the rest)
  $ pctenc decode --charset auto -v -i access.log    (stderr: line N: decoded as NAME)";

/// Options of `encode` and `decode`.
#[derive(Debug, Clone, ClapArgs)]
pub struct CodecArgs {
    /// The dialect (help from the library's table).
    #[arg(short, long, value_name = "NAME")]
    pub profile: Option<String>,

    /// Write lower-case hex digits (%c3%a9) when encoding.
    #[arg(long)]
    pub lower: bool,

    /// Reject a '%' that does not start a well-formed escape, whatever the profile says.
    /// With --charset on encode: a character the charset lacks is an error, not `&#NNNN;`.
    #[arg(long)]
    pub strict: bool,

    /// Keep a '%' that does not start a well-formed escape as it is, whatever the profile says.
    #[arg(long)]
    pub lenient: bool,

    /// What to do with bytes that are not UTF-8 (help from the library's table). With
    /// --charset on decode, `lossy` replaces bytes invalid in that charset with U+FFFD.
    #[arg(long, value_name = "POLICY", value_parser = Words(Key::Utf8))]
    pub utf8: Option<String>,

    /// Text is in this charset (any WHATWG label: shift_jis, gbk, big5, euc-kr,
    /// windows-1251, koi8-r...); `auto` on decode detects it per record. Encode: a
    /// character the charset lacks is written as the escaped `&#NNNN;` (--strict: an error).
    #[arg(long, value_name = "LABEL")]
    pub charset: Option<String>,

    /// With --charset on decode: write each record as `ENCODING<TAB>text`, the name of the
    /// encoding it was decoded with first (for scripts: `cut -f1`).
    #[arg(long)]
    pub explain: bool,

    /// Say on stderr which encoding each record was decoded with (`line N: decoded as NAME`).
    #[arg(short, long)]
    pub verbose: bool,

    /// Decode each record as one path segment, safely: reject what lets a segment escape
    /// its place (encoded '/' or '\\', dot segments, NUL, CR/LF, double encoding, overlong
    /// UTF-8...), naming the kind and the byte offset (decode only; -p does not apply).
    #[arg(long)]
    pub segment: bool,

    /// With --segment: what a segment may hold (help from the library's table).
    #[arg(long, value_name = "POLICY", value_parser = Words(Key::Policy))]
    pub policy: Option<String>,

    /// Decode up to N times, stopping early when a decode changes nothing (decode only);
    /// -v reports on stderr how many decodes changed the record.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub repeat: Option<u32>,

    /// Decode until a decode changes nothing (at most 64 times) and report the depth on stderr
    /// for each record (`line N: depth D`); a record still changing after 64 is rejected.
    #[arg(long)]
    pub until_stable: bool,

    /// Write control and bidi characters raw even to a terminal.
    #[arg(long)]
    pub raw: bool,

    /// The library's options as text (`-O utf8=lossy,plus=true`).
    #[command(flatten)]
    pub options: OptionsArg,

    /// The input options every record command shares.
    #[command(flatten)]
    pub input: InputArgs,
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};
    use super::*;

    fn codec(argv: &[&str]) -> CodecArgs {
        match parse(argv).unwrap_or_else(|e| panic!("{argv:?}: {e}")).command {
            Some(Command::Encode(c) | Command::Decode(c)) => c,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn profile_is_as_given() {
        assert_eq!(codec(&["pctenc", "encode", "x"]).profile, None);
        assert_eq!(
            codec(&["pctenc", "encode", "-p", "form", "x"]).profile.as_deref(),
            Some("form")
        );
        assert_eq!(
            codec(&["pctenc", "decode", "--profile", "js-uri"]).profile.as_deref(),
            Some("js-uri")
        );
    }

    #[test]
    fn strict_and_lenient_parse() {
        // Given together they are refused by the planner, in words (plan::combinations).
        assert!(codec(&["pctenc", "decode", "--strict"]).strict);
        assert!(codec(&["pctenc", "decode", "--lenient"]).lenient);
    }

    #[test]
    fn utf8_is_a_word_the_planner_judges() {
        assert_eq!(codec(&["pctenc", "decode", "--utf8", "lossy"]).utf8.as_deref(), Some("lossy"));
        assert_eq!(codec(&["pctenc", "decode"]).utf8, None);
        assert_eq!(
            codec(&["pctenc", "decode", "--utf8", "latin1"]).utf8.as_deref(),
            Some("latin1")
        );
    }

    #[test]
    fn inputs_repeat_in_order() {
        use std::path::PathBuf;
        let c = codec(&["pctenc", "encode", "-i", "a", "--input", "b", "-i", "-"]);
        assert_eq!(c.input.inputs, [PathBuf::from("a"), PathBuf::from("b"), PathBuf::from("-")]);
    }

    #[test]
    fn text_records_keep_their_bytes() {
        let c = codec(&["pctenc", "encode", "--", "a b", "", "-x-"]);
        assert_eq!(c.input.text, ["a b", "", "-x-"]);
    }

    #[test]
    fn flags() {
        let c = codec(&["pctenc", "encode", "--lower", "--whole", "--keep-going", "--raw"]);
        assert!(c.lower && c.input.whole && c.input.keep_going && c.raw);
    }
}
