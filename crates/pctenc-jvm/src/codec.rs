//! A codec: one operation with its options (the core's [`pctenc::options`]), compiled once,
//! then run on one value at a time.
//!
//! The Java classes hold a codec by a handle (the address of an interned, never freed
//! [`Codec`]), made once per `Pctenc` object or Spark expression, so that a call on a value
//! parses nothing and looks nothing up. The options are parsed, defaulted and checked by the
//! core's options model, so the words, defaults and messages are those of every other front
//! end; a value then goes through the core's per-value batch functions
//! ([`batch::Decode::value_into`], [`batch::encode_value_into`]) with the profile the options
//! resolve to: the same rules as [`Options::run`] (a column of one row), without building a
//! column. Options that take another path in the core (a legacy `charset`, RFC 8187
//! ext-values) run through [`Options::run`] itself.
//!
//! Nothing here touches the JVM: `ffi` moves bytes in and out, this module decides.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use pctenc::batch::{self, Decode, OnError, RowError};
use pctenc::options::{Key, Op, Options, Output};
use pctenc::profile::rfc3986::RFC3986;
use pctenc::profile::runtimes::JAVA_URLENCODER;
use pctenc::Profile;

/// What to do with a value: the `mode` argument of the per-value native calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Percent-encode (`encode`).
    Encode,
    /// Decode (`decode`), under the codec's `on_error`.
    Decode,
    /// Decode; a value that does not decode is null (`try-decode`).
    TryDecode,
}

impl Mode {
    /// The mode numbered `n` by `org.pctenc.Native` (its `MODE_*` constants).
    pub fn from_int(n: i32) -> Option<Mode> {
        Some(match n {
            0 => Mode::Encode,
            1 => Mode::Decode,
            2 => Mode::TryDecode,
            _ => return None,
        })
    }

    fn op(self) -> Op {
        match self {
            Mode::Encode => Op::Encode,
            Mode::Decode => Op::Decode,
            Mode::TryDecode => Op::TryDecode,
        }
    }
}

/// What a run did with a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The output is the input, byte for byte: the caller keeps its input object.
    Unchanged,
    /// The output was appended to the caller's buffer.
    Written,
    /// The value is null (a try-decode, or `on_error=null`, and the value did not decode).
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
    #[cold]
    #[inline(never)]
    fn new(
        profile: &'static str,
        value: &[u8],
        code: &'static str,
        offset: usize,
        why: &str,
    ) -> ValueError {
        let snippet = batch::snippet(value, offset);
        let message = format!("profile {profile}, byte {offset}: {code} at {snippet}: {why}");
        ValueError { code, offset, profile, snippet, message }
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn from_row(profile: &'static str, value: &[u8], e: RowError) -> ValueError {
        ValueError::new(profile, value, e.code(), e.offset(), &e.to_string())
    }

    /// An error that is no fault of the value (the core's offsets overflowing).
    pub(crate) fn internal(profile: &'static str, why: &str) -> ValueError {
        ValueError::new(profile, b"", "internal", 0, why)
    }
}

/// Flags of [`Codec::compile`], set by a front end for its own calling convention.
pub mod flags {
    /// The input is a Java `String` held as bytes that need not be UTF-8 (Spark's
    /// `UTF8String`): under Java's own profile (`spark`, `java-urlencoder`) the value is read
    /// as Java reads it, bytes that are not UTF-8 replaced first, so that the result is
    /// Spark's `url_encode` / `url_decode` on the same string.
    pub const JAVA_STRING_INPUT: i32 = 1;
    /// The profile argument is a default: it applies only when the options name none (SQL's
    /// `pct_decode(s)` and `pct_decode(s, 'utf8=lossy')` are Spark's dialect).
    pub const DEFAULT_PROFILE: i32 = 2;
}

/// One operation with its options, ready to run on values.
#[derive(Debug)]
pub struct Codec {
    mode: Mode,
    /// The options as parsed and checked (what [`Options::run`] takes).
    options: Options,
    /// The profile the options resolve to, knobs applied.
    profile: &'static Profile,
    /// Decoding: the profile's decoding run, made once (a value then only runs it).
    decode: Decode<'static>,
    /// The name of the profile the options name, for errors.
    name: &'static str,
    /// Decoding only: whether the result is text (every `utf8` but `bytes`).
    text: bool,
    /// What a value that fails becomes.
    on_error: OnError,
    /// The options take a path of their own in the core (`charset`, RFC 8187 ext-values):
    /// each value goes through [`Options::run`].
    general: bool,
    /// See [`flags::JAVA_STRING_INPUT`]; only set under Java's profile.
    java_strings: bool,
}

/// Compiled codecs by (mode, the options' canonical text, flags).
type Interned = HashMap<(Mode, String, i32), &'static Codec>;

/// Options that do not parse, or do not apply to the operation: the core's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl Codec {
    /// The codec of `mode` with `options` (the core's compact text form, `key=value` pairs
    /// separated by commas) and `profile` (a name or alias; `None` for the options' own or
    /// the core's default), interned: equal options give the same codec, which lives as long
    /// as the process.
    ///
    /// # Errors
    /// The core's message for an unknown profile (with "did you mean"), an unknown or
    /// misspelt option or word, a key given twice, or an option that does not apply to the
    /// operation.
    pub fn compile(
        mode: Mode,
        profile: Option<&str>,
        options: &str,
        flags: i32,
    ) -> Result<&'static Codec, OptionError> {
        static CODECS: OnceLock<Mutex<Interned>> = OnceLock::new();
        let bad = |e: pctenc::options::OptionError| OptionError(e.to_string());
        let mut o = Options::parse(mode.op(), options).map_err(bad)?;
        if let Some(p) = profile {
            if flags & flags::DEFAULT_PROFILE == 0 || !o.is_set(Key::Profile) {
                o.set("profile", p).map_err(bad)?;
            }
        }
        o.validate().map_err(bad)?;
        let key = (mode, o.to_string(), flags);
        let table = CODECS.get_or_init(Default::default);
        let mut table = table.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(codec) = table.get(&key) {
            return Ok(codec);
        }
        let base = o.base_profile();
        let profile: &'static Profile = Box::leak(Box::new(o.profile()));
        let text = o.decodes_to_text();
        let decode = if text { Decode::new(profile).text() } else { Decode::new(profile) };
        let general = o.charset().is_some() || o.ext_value();
        let codec: &'static Codec = Box::leak(Box::new(Codec {
            mode,
            options: o,
            profile,
            decode,
            name: base.name(),
            text,
            on_error: o.on_error(),
            general,
            // By name: a `const` profile need not have one address.
            java_strings: flags & flags::JAVA_STRING_INPUT != 0
                && base.name() == JAVA_URLENCODER.name(),
        }));
        table.insert(key, codec);
        Ok(codec)
    }

    /// The name of the profile the options name (or the default one).
    pub fn profile_name(&self) -> &'static str {
        self.name
    }

    /// Whether decoding gives bytes that need not be UTF-8 (`utf8=bytes`).
    pub fn decodes_to_bytes(&self) -> bool {
        self.mode != Mode::Encode && !self.text
    }

    /// Runs the codec on `input`, appending the output to `out` (which the caller clears).
    ///
    /// # Errors
    /// [`ValueError`] for a value that does not decode (or encode) when the policy is to
    /// raise.
    ///
    /// Inlined into the per-value exports with the core's fast paths, so that a short value
    /// of a common codec makes no call but the kernel's; a `String` to repair and the
    /// options' own path are calls of their own.
    #[inline]
    pub fn run(&self, input: &[u8], out: &mut Vec<u8>) -> Result<Outcome, ValueError> {
        if self.general || (self.java_strings && !batch::is_text(input)) {
            return self.run_slow(input, out);
        }
        self.run_bytes(input, out)
    }

    /// [`Codec::run`] of a value to repair first, or through the options' own path.
    #[inline(never)]
    fn run_slow(&self, input: &[u8], out: &mut Vec<u8>) -> Result<Outcome, ValueError> {
        if self.java_strings && !batch::is_text(input) {
            let repaired = java_string(input);
            return match self.run_bytes(&repaired, out)? {
                // The output (in `out`) is the repaired value, not the caller's input.
                Outcome::Unchanged => Ok(Outcome::Written),
                other => Ok(other),
            };
        }
        self.run_bytes(input, out)
    }

    #[inline(always)]
    fn run_bytes(&self, input: &[u8], out: &mut Vec<u8>) -> Result<Outcome, ValueError> {
        let start = out.len();
        let present = if self.general {
            self.run_general(input, out)?
        } else {
            let present = match self.mode {
                Mode::Encode => batch::encode_value_into(self.profile, input, self.on_error, out),
                Mode::Decode | Mode::TryDecode => self.decode.value_into(input, self.on_error, out),
            };
            match present {
                Ok(present) => present,
                Err(e) => return Err(ValueError::from_row(self.name, input, e)),
            }
        };
        Ok(if !present {
            Outcome::Null
        } else if out[start..] == *input {
            Outcome::Unchanged
        } else {
            Outcome::Written
        })
    }

    /// A value through the options model's own path ([`Options::run`]): whether it is
    /// present, its output appended to `out`.
    #[inline(never)]
    fn run_general(&self, input: &[u8], out: &mut Vec<u8>) -> Result<bool, ValueError> {
        match self.options.run(input) {
            Ok(Output::Bytes(v)) => {
                out.extend_from_slice(&v);
                Ok(true)
            }
            Ok(_) => Ok(false),
            Err(f) => Err(ValueError::new(self.name, input, f.code, f.offset, &f.message)),
        }
    }
}

/// `bytes` as Java reads them into a `String` (each maximal invalid subpart one U+FFFD, an
/// encoded surrogate one U+FFFD), written back as UTF-8: escaped whole with `rfc3986`, then
/// decoded by Java's own profile, so that the repair is the core's and not a copy of it.
pub(crate) fn java_string(bytes: &[u8]) -> Vec<u8> {
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

    fn run(c: &Codec, input: &[u8]) -> Result<(Outcome, Vec<u8>), ValueError> {
        let mut out = Vec::new();
        c.run(input, &mut out).map(|o| (o, out))
    }

    fn codec(mode: Mode, profile: &str, options: &str) -> &'static Codec {
        Codec::compile(mode, Some(profile), options, 0).unwrap()
    }

    #[test]
    fn compile_interns_and_names_the_profile() {
        let a = codec(Mode::Decode, "SPARK", "");
        let b = Codec::compile(Mode::Decode, None, "profile=urlencoder", 0).unwrap();
        assert!(core::ptr::eq(a, b));
        assert_eq!(a.profile_name(), "java-urlencoder");
        let e = Codec::compile(Mode::Decode, Some("sprak"), "", 0).unwrap_err();
        assert!(e.0.contains("unknown profile 'sprak'"), "{e:?}");
        let e = Codec::compile(Mode::Encode, Some("form"), "malformed=strict", 0).unwrap_err();
        assert!(e.0.contains("malformed"), "{e:?}");
        let e = Codec::compile(Mode::Decode, Some("form"), "profile=rfc3986", 0).unwrap_err();
        assert!(e.0.contains("profile"), "{e:?}");
        let d = Codec::compile(Mode::Decode, Some("spark"), "profile=form", flags::DEFAULT_PROFILE);
        assert_eq!(d.unwrap().profile_name(), "form");
        let d = Codec::compile(Mode::Decode, Some("spark"), "utf8=lossy", flags::DEFAULT_PROFILE);
        assert_eq!(d.unwrap().profile_name(), "java-urlencoder");
    }

    #[test]
    fn modes_and_outcomes() {
        let form = codec(Mode::Encode, "form", "hex=lower");
        assert_eq!(run(form, b"a b/").unwrap(), (Outcome::Written, b"a+b%2f".to_vec()));
        assert_eq!(run(form, b"abc").unwrap().0, Outcome::Unchanged);
        let form = codec(Mode::Decode, "form", "");
        assert_eq!(run(form, b"a+b").unwrap(), (Outcome::Written, b"a b".to_vec()));
        let rfc = codec(Mode::Decode, "rfc3986", "");
        let e = run(rfc, b"ab%zz").unwrap_err();
        assert_eq!((e.code, e.offset, e.profile), ("invalid-escape", 2, "rfc3986"));
        assert!(e.message.starts_with("profile rfc3986, byte 2: invalid-escape at \"%zz\""));
        assert_eq!(run(codec(Mode::TryDecode, "rfc3986", ""), b"ab%zz").unwrap().0, Outcome::Null);
        // Decoding gives text: %FF is an error unless utf8 says otherwise.
        assert_eq!(run(rfc, b"%FF").unwrap_err().code, "invalid-utf8");
        assert_eq!(run(codec(Mode::Decode, "rfc3986", "utf8=bytes"), b"%FF").unwrap().1, b"\xff");
        let keep = codec(Mode::Decode, "rfc3986", "on_error=keep");
        assert_eq!(run(keep, b"ab%zz").unwrap().0, Outcome::Unchanged);
        let lenient = codec(Mode::Decode, "rfc3986", "malformed=lenient");
        assert_eq!(run(lenient, b"1%").unwrap().0, Outcome::Unchanged);
        // A legacy charset takes the core's general path.
        let gbk = codec(Mode::Decode, "rfc3986", "charset=gbk");
        assert_eq!(run(gbk, b"%C4%E3").unwrap().1, "你".as_bytes());
    }

    #[test]
    fn java_strings_are_repaired_only_for_java_s_profile() {
        let spark =
            Codec::compile(Mode::Decode, Some("spark"), "", flags::JAVA_STRING_INPUT).unwrap();
        // Java reads C3 (cut short) as U+FFFD, and the escape after it is a byte of its own.
        assert_eq!(run(spark, b"\xc3%A9").unwrap().1, "\u{FFFD}\u{FFFD}".as_bytes());
        assert_eq!(
            run(spark, b"\xff").unwrap(),
            (Outcome::Written, "\u{FFFD}".as_bytes().to_vec())
        );
        let enc =
            Codec::compile(Mode::Encode, Some("spark"), "", flags::JAVA_STRING_INPUT).unwrap();
        assert_eq!(run(enc, b"\xff").unwrap().1, b"%EF%BF%BD");
        assert_eq!(run(codec(Mode::Decode, "spark", ""), b"\xc3%A9").unwrap().1, "é".as_bytes());
        let rfc =
            Codec::compile(Mode::Encode, Some("rfc3986"), "", flags::JAVA_STRING_INPUT).unwrap();
        assert_eq!(run(rfc, b"\xff").unwrap().1, b"%FF");
    }
}
