//! A codec: one profile with its options, compiled once, then run on one value at a time.
//!
//! The Java classes hold a codec by a handle (the address of an interned, never freed
//! [`Codec`]), made once per `Pctenc` object or Spark expression, so that a call on a value
//! parses nothing and looks nothing up: it is the core's per-value functions
//! ([`batch::Decode::value_into`], [`batch::encode_value_into`]) under the options given
//! at compile time, with the same per-row policies (`on_error`) as a column.
//!
//! Nothing here touches the JVM: `ffi` moves bytes in and out, this module decides.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use pctenc::batch::{self, Decode, OnError, RowError};
use pctenc::profile::rfc3986::RFC3986;
use pctenc::profile::runtimes::JAVA_URLENCODER;
use pctenc::profile::suggest;
use pctenc::{HexCase, Malformed, Profile, Utf8};

/// What to do with a value: the `mode` argument of the per-value native calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Percent-encode.
    Encode,
    /// Decode to text (UTF-8), under the codec's `on_error`.
    DecodeText,
    /// Decode to bytes, under the codec's `on_error`.
    DecodeBytes,
    /// Decode to text; a value that does not decode is null.
    TryDecodeText,
    /// Decode to bytes; a value that does not decode is null.
    TryDecodeBytes,
}

impl Mode {
    /// The mode numbered `n` by `org.pctenc.Native` (its `MODE_*` constants).
    pub fn from_int(n: i32) -> Option<Mode> {
        Some(match n {
            0 => Mode::Encode,
            1 => Mode::DecodeText,
            2 => Mode::DecodeBytes,
            3 => Mode::TryDecodeText,
            4 => Mode::TryDecodeBytes,
            _ => return None,
        })
    }
}

/// What a run did with a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The output is the input, byte for byte: the caller keeps its input object.
    Unchanged,
    /// The output was appended to the caller's buffer.
    Written,
    /// The value is null (`on_error = null`, or a try-decode, and the value did not decode).
    Null,
}

/// Why a value failed (raise mode): what `org.pctenc.PctencException` carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    /// The stable code (`invalid-escape`, `invalid-utf8`, `not-text`...).
    pub code: &'static str,
    /// The byte offset in the value.
    pub offset: usize,
    /// The profile's name.
    pub profile: &'static str,
    /// Up to 8 bytes of the value from the offset on, escaped for a terminal.
    pub snippet: String,
    /// The whole message: profile, byte offset, code, snippet and why.
    pub message: String,
}

impl ValueError {
    fn new(profile: &'static str, value: &[u8], e: RowError) -> ValueError {
        let offset = e.offset();
        let snippet = batch::snippet(value, offset);
        let message = format!("profile {profile}, byte {offset}: {} at {snippet}: {e}", e.code());
        ValueError { code: e.code(), offset, profile, snippet, message }
    }
}

/// Flags of [`Codec::compile`], set by a front end for its own calling convention.
pub mod flags {
    /// The input is a Java `String` held as bytes that need not be UTF-8 (Spark's
    /// `UTF8String`): under Java's own profile (`spark`, `java-urlencoder`) the value is read
    /// as Java reads it, bytes that are not UTF-8 replaced first, so that the result is
    /// Spark's `url_encode` / `url_decode` on the same string.
    pub const JAVA_STRING_INPUT: i32 = 1;
}

/// One profile and its options, ready to run on values.
#[derive(Debug)]
pub struct Codec {
    /// The profile as named (its decoding policy is in `text` and `bytes`).
    profile: &'static Profile,
    /// The profile with the encoding options applied.
    encoder: Profile,
    /// Decoding to text and to bytes, options applied.
    text: Decode<'static>,
    bytes: Decode<'static>,
    /// What a value that does not decode does, unless the call is a try-decode.
    on_error: OnError,
    /// See [`flags::JAVA_STRING_INPUT`]; only set under Java's profile.
    java_strings: bool,
}

/// Compiled codecs by (profile's name, options, flags).
type Interned = HashMap<(String, String, i32), &'static Codec>;

/// An option string that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl Codec {
    /// The codec for `profile` (a name or alias, case ignored) with `options`
    /// (`key=value` pairs separated by commas: `hex`, `malformed`, `utf8`, `on_error`, with
    /// the core's words for each value), interned: the same arguments give the same codec,
    /// which lives as long as the process.
    ///
    /// # Errors
    /// The core's message for an unknown profile (with "did you mean") or option.
    pub fn compile(
        profile: &str,
        options: &str,
        flags: i32,
    ) -> Result<&'static Codec, OptionError> {
        static CODECS: OnceLock<Mutex<Interned>> = OnceLock::new();
        let named = suggest::lookup(profile).map_err(|e| OptionError(e.to_string()))?;
        let key = (named.name().to_owned(), options.trim().to_owned(), flags);
        let table = CODECS.get_or_init(Default::default);
        let mut table = table.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(codec) = table.get(&key) {
            return Ok(codec);
        }
        let codec: &'static Codec = Box::leak(Box::new(Codec::new(named, options, flags)?));
        table.insert(key, codec);
        Ok(codec)
    }

    fn new(named: &'static Profile, options: &str, flags: i32) -> Result<Codec, OptionError> {
        let mut encoder = *named;
        let mut text = Decode::new(named);
        let mut bytes = Decode::new(named);
        let mut on_error = OnError::Raise;
        for pair in options.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) =
                pair.split_once('=').map_or((pair, ""), |(k, v)| (k.trim(), v.trim()));
            let bad = |known: &[&str]| {
                OptionError(format!(
                    "unknown {key} '{value}'; expected one of: {}",
                    known.join(", ")
                ))
            };
            match key {
                "hex" => {
                    let hex = HexCase::from_name(value).ok_or_else(|| bad(&["upper", "lower"]))?;
                    encoder = encoder.with_hex(hex);
                }
                "malformed" => {
                    let m = Malformed::from_name(value)
                        .ok_or_else(|| bad(&["pass-through", "reject", "reject-signed"]))?;
                    text = text.malformed(m);
                    bytes = bytes.malformed(m);
                }
                "utf8" => {
                    let u = Utf8::from_name(value)
                        .ok_or_else(|| bad(&["strict", "lossy", "bytes", "lossy-java"]))?;
                    text = text.utf8(u);
                    bytes = bytes.utf8(u);
                }
                "on_error" => {
                    on_error = OnError::by_name(value).ok_or_else(|| bad(OnError::NAMES))?
                }
                _ => {
                    return Err(OptionError(format!(
                        "unknown option '{key}'; expected one of: hex, malformed, utf8, on_error"
                    )))
                }
            }
        }
        // By name: a `const` profile need not have one address.
        let java_strings =
            flags & flags::JAVA_STRING_INPUT != 0 && named.name() == JAVA_URLENCODER.name();
        Ok(Codec { profile: named, encoder, text: text.text(), bytes, on_error, java_strings })
    }

    /// The profile's canonical name.
    pub fn profile_name(&self) -> &'static str {
        self.profile.name()
    }

    /// Runs `mode` on `input`, appending the output to `out` (which the caller clears).
    ///
    /// # Errors
    /// [`ValueError`] for a value that does not decode (or encode) when the policy is to
    /// raise.
    pub fn run(&self, mode: Mode, input: &[u8], out: &mut Vec<u8>) -> Result<Outcome, ValueError> {
        if self.java_strings && std::str::from_utf8(input).is_err() {
            let repaired = java_string(input);
            return match self.run_bytes(mode, &repaired, out)? {
                // The output (in `out`) is the repaired value, not the caller's input.
                Outcome::Unchanged => Ok(Outcome::Written),
                other => Ok(other),
            };
        }
        self.run_bytes(mode, input, out)
    }

    fn run_bytes(
        &self,
        mode: Mode,
        input: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<Outcome, ValueError> {
        let start = out.len();
        let present = match mode {
            Mode::Encode => batch::encode_value_into(&self.encoder, input, OnError::Raise, out),
            Mode::DecodeText => self.text.value_into(input, self.on_error, out),
            Mode::DecodeBytes => self.bytes.value_into(input, self.on_error, out),
            Mode::TryDecodeText => self.text.value_into(input, OnError::Null, out),
            Mode::TryDecodeBytes => self.bytes.value_into(input, OnError::Null, out),
        }
        .map_err(|e| ValueError::new(self.profile.name(), input, e))?;
        Ok(if !present {
            Outcome::Null
        } else if out[start..] == *input {
            Outcome::Unchanged
        } else {
            Outcome::Written
        })
    }
}

/// `bytes` as Java reads them into a `String` (each maximal invalid subpart one U+FFFD, an
/// encoded surrogate one U+FFFD), written back as UTF-8: escaped whole with `rfc3986`, then
/// decoded by Java's own profile, so that the repair is the core's and not a copy of it.
fn java_string(bytes: &[u8]) -> Vec<u8> {
    let escaped = RFC3986.encode(bytes);
    match JAVA_URLENCODER.decode(escaped.as_bytes()) {
        Ok(repaired) => repaired.into_owned(),
        // Every byte was escaped, so nothing is malformed; keep std's repair if that changes.
        Err(_) => String::from_utf8_lossy(bytes).into_owned().into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(c: &Codec, mode: Mode, input: &[u8]) -> Result<(Outcome, Vec<u8>), ValueError> {
        let mut out = Vec::new();
        c.run(mode, input, &mut out).map(|o| (o, out))
    }

    #[test]
    fn compile_interns_and_names_the_profile() {
        let a = Codec::compile("SPARK", "", 0).unwrap();
        let b = Codec::compile("urlencoder", "", 0).unwrap();
        assert!(core::ptr::eq(a, b));
        assert_eq!(a.profile_name(), "java-urlencoder");
        let e = Codec::compile("sprak", "", 0).unwrap_err();
        assert!(e.0.starts_with("unknown profile 'sprak'"), "{e:?}");
        let e = Codec::compile("form", "hex=small", 0).unwrap_err();
        assert_eq!(e.0, "unknown hex 'small'; expected one of: upper, lower");
        assert!(Codec::compile("form", "colour=red", 0).unwrap_err().0.contains("'colour'"));
    }

    #[test]
    fn modes_and_outcomes() {
        let form = Codec::compile("form", "hex=lower", 0).unwrap();
        assert_eq!(
            run(form, Mode::Encode, b"a b/").unwrap(),
            (Outcome::Written, b"a+b%2f".to_vec())
        );
        assert_eq!(run(form, Mode::Encode, b"abc").unwrap().0, Outcome::Unchanged);
        assert_eq!(
            run(form, Mode::DecodeText, b"a+b").unwrap(),
            (Outcome::Written, b"a b".to_vec())
        );
        let rfc = Codec::compile("rfc3986", "", 0).unwrap();
        let e = run(rfc, Mode::DecodeText, b"ab%zz").unwrap_err();
        assert_eq!((e.code, e.offset, e.profile), ("invalid-escape", 2, "rfc3986"));
        assert!(
            e.message.starts_with("profile rfc3986, byte 2: invalid-escape at \"%zz\""),
            "{}",
            e.message
        );
        assert_eq!(run(rfc, Mode::TryDecodeText, b"ab%zz").unwrap().0, Outcome::Null);
        assert_eq!(run(rfc, Mode::DecodeBytes, b"%FF").unwrap().1, b"\xff");
        assert!(run(rfc, Mode::DecodeText, b"%FF").is_err());
        let keep = Codec::compile("rfc3986", "on_error=keep", 0).unwrap();
        assert_eq!(run(keep, Mode::DecodeText, b"ab%zz").unwrap().0, Outcome::Unchanged);
        assert_eq!(run(keep, Mode::TryDecodeText, b"ab%zz").unwrap().0, Outcome::Null);
        let lenient = Codec::compile("rfc3986", "malformed=pass-through", 0).unwrap();
        assert_eq!(run(lenient, Mode::DecodeText, b"1%").unwrap().0, Outcome::Unchanged);
    }

    #[test]
    fn java_strings_are_repaired_only_for_java_s_profile() {
        let spark = Codec::compile("spark", "", flags::JAVA_STRING_INPUT).unwrap();
        // Java reads C3 (cut short) as U+FFFD, and the escape after it is a byte of its own.
        assert_eq!(
            run(spark, Mode::DecodeText, b"\xc3%A9").unwrap().1,
            "\u{FFFD}\u{FFFD}".as_bytes()
        );
        assert_eq!(run(spark, Mode::Encode, b"\xff").unwrap().1, b"%EF%BF%BD");
        assert_eq!(
            run(spark, Mode::DecodeText, b"\xff").unwrap(),
            (Outcome::Written, "\u{FFFD}".as_bytes().to_vec())
        );
        let bytes = Codec::compile("spark", "", 0).unwrap();
        assert_eq!(run(bytes, Mode::DecodeText, b"\xc3%A9").unwrap().1, "é".as_bytes());
        let rfc = Codec::compile("rfc3986", "", flags::JAVA_STRING_INPUT).unwrap();
        assert_eq!(run(rfc, Mode::Encode, b"\xff").unwrap().1, b"%FF");
    }
}
