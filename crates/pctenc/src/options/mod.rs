//! One contract for every front end: the options a user gives, parsed, defaulted and
//! checked in one place, and the operations run on them.
//!
//! pctenc has front ends in many calling conventions: the CLI's flags, Python's keyword
//! arguments, a JavaScript options object, SQL arguments, the JVM. Each maps its convention
//! onto [`Options`] and adds nothing of its own, so the same words mean the same thing, take
//! the same defaults and fail with the same message everywhere:
//!
//! - **typed**, for Rust: `Options::new(Op::Decode).with_profile(form).with_utf8(Utf8::Lossy)`;
//! - **key/value text pairs**, for keyword arguments, option objects and flags:
//!   [`Options::set`]`("utf8", "lossy")`, [`Options::from_pairs`];
//! - **one compact text form**, for SQL and the JVM: [`Options::parse`]`(Op::Decode,
//!   "profile=form, malformed=strict")`, written back by `Display` in canonical order.
//!
//! ```
//! use pctenc::options::{Op, Options, Output};
//!
//! let o = Options::parse(Op::Decode, "profile=form, utf8=lossy").unwrap();
//! assert_eq!(o.run(b"caf%C3%A9+%FF").unwrap(), Output::Bytes("café \u{FFFD}".into()));
//! assert_eq!(o.to_string(), "profile=form, utf8=lossy");
//!
//! // Every misspelt word names its option and what was probably meant.
//! let e = Options::parse(Op::Decode, "utf8=lossey").unwrap_err();
//! assert_eq!(e.to_string(), "unknown utf8 'lossey'; did you mean lossy? (utf8 takes strict|lossy|bytes)");
//! let e = Options::parse(Op::Encode, "malformed=strict").unwrap_err();
//! assert_eq!(e.code(), "option-not-applicable");
//! ```
//!
//! # The compact text form
//!
//! `key=value` pairs separated by commas, whitespace around each part ignored; the empty
//! string is "all defaults". Keys ignore ASCII case and the separators `_` and `-`
//! (`on_error`, `on-error` and `onError` are one key); word values ignore ASCII case. A key
//! given twice is an error. Values never contain a comma (profile names, words, charset
//! labels, numbers, `true`/`false`), so there is no quoting. `Display` writes the options
//! that were set in [`words::OPTIONS`] order, with canonical names (`lower=true` is written
//! `hex=lower`, a profile alias as the profile's name), so the text of equal options is
//! equal.
//!
//! # Defaults, per operation
//!
//! An option not given takes its default for the operation ([`words::OptionInfo::defaults`]
//! says each in words, for help texts). Most defaults are "the profile's": `js-component`
//! rejects a malformed escape because `decodeURIComponent` does. Three rules are the
//! contract's own, each the answer to a question front ends used to answer differently:
//!
//! - **Decoding gives text.** Where the profile keeps decoded bytes as bytes (`rfc3986`,
//!   `url-*`, `go-*`...), decoding without `utf8` is `utf8=strict`: bytes that are not UTF-8
//!   are an error naming their offset (`invalid-utf8`), not silently U+FFFD. A result in
//!   Python, JavaScript, SQL, Arrow or Spark is a string, which cannot hold such bytes, and
//!   an error loses nothing: `utf8=lossy` asks for U+FFFD, `utf8=bytes` for the bytes. The
//!   CLI follows, so one command gives the same answer as one call.
//! - **`check` and `normalize` read a whole URL** (`context=url`): the input is split into
//!   components first and each is read by its own rules, which is right for a URL and for a
//!   path or request target alike; a path-only rule applied to a query would be wrong.
//! - **Findings carry `offset` and `len`** (the library's [`Finding`](crate::lint::Finding)),
//!   in every front end; `line` exists only where input is read line by line (the CLI).
//!
//! The encoder's error code is `not-text` everywhere (input that is not text the profile can
//! write). [`Output`] and [`Failure`] are what every operation returns; the conformance table
//! (`conformance/` at the top of the repository) holds one case per line of what [`Options::run`]
//! gives, and every front end's suite runs it.

mod error;
mod parse;
mod resolve;
mod run;
pub mod suggest;
pub mod words;

pub use error::{OptionError, OptionErrorKind};
pub use resolve::SegmentPreset;
pub use run::{Failure, Output};
pub use words::{Key, Op, OptionInfo, Values, Word, OPTIONS};

use crate::batch::OnError;
use crate::lint::{Context, Severity};
use crate::profile::{HexCase, Malformed, Profile, Utf8};
use crate::query::Input;

/// A legacy charset option: a named encoding, or `auto` (decoding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charset {
    /// Detect the encoding of decoded bytes that are not UTF-8 (decoding only).
    Auto,
    /// This encoding.
    #[cfg(feature = "charsets")]
    Encoding(&'static crate::charset::Encoding),
}

/// The options of one operation: what was given, typed. Absent options take their default
/// for the operation when it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    op: Op,
    profile: Option<&'static Profile>,
    hex: Option<HexCase>,
    malformed: Option<Malformed>,
    utf8: Option<Utf8>,
    plus: Option<bool>,
    charset: Option<Charset>,
    unmappable_error: Option<bool>,
    context: Option<Context>,
    input: Option<Input>,
    max_len: Option<usize>,
    max_params: Option<usize>,
    policy: Option<SegmentPreset>,
    on_error: Option<OnError>,
    fail_on: Option<Severity>,
}

impl Options {
    /// No options given: every default of `op`.
    pub const fn new(op: Op) -> Options {
        Options {
            op,
            profile: None,
            hex: None,
            malformed: None,
            utf8: None,
            plus: None,
            charset: None,
            unmappable_error: None,
            context: None,
            input: None,
            max_len: None,
            max_params: None,
            policy: None,
            on_error: None,
            fail_on: None,
        }
    }

    /// The operation.
    pub const fn op(&self) -> Op {
        self.op
    }

    /// With `profile` (`profile=`).
    pub const fn with_profile(mut self, profile: &'static Profile) -> Options {
        self.profile = Some(profile);
        self
    }

    /// With the encoder writing `hex` case (`hex=`, `lower=`).
    pub const fn with_hex(mut self, hex: HexCase) -> Options {
        self.hex = Some(hex);
        self
    }

    /// With `malformed` escapes rejected ([`Malformed::Reject`], `malformed=strict`) or kept
    /// ([`Malformed::PassThrough`], `malformed=lenient`).
    pub const fn with_malformed(mut self, malformed: Malformed) -> Options {
        self.malformed = Some(malformed);
        self
    }

    /// With `utf8` ([`Utf8::Strict`], [`Utf8::Lossy`] or [`Utf8::Bytes`]) as the policy for
    /// bytes that are not UTF-8 (`utf8=`).
    pub const fn with_utf8(mut self, utf8: Utf8) -> Options {
        self.utf8 = Some(utf8);
        self
    }

    /// With the `+` rule on or off (`plus=`).
    pub const fn with_plus(mut self, plus: bool) -> Options {
        self.plus = Some(plus);
        self
    }

    /// With a legacy charset (`charset=`).
    pub const fn with_charset(mut self, charset: Charset) -> Options {
        self.charset = Some(charset);
        self
    }

    /// With a character the charset lacks an error (`unmappable=error`) rather than the
    /// escaped `&#NNNN;` (`unmappable=ncr`).
    pub const fn with_unmappable_error(mut self, error: bool) -> Options {
        self.unmappable_error = Some(error);
        self
    }

    /// With the URL `context` of `check` and `normalize` (`context=`).
    pub const fn with_context(mut self, context: Context) -> Options {
        self.context = Some(context);
        self
    }

    /// With where the query is in each value (`input=`, the query operations).
    pub const fn with_input(mut self, input: Input) -> Options {
        self.input = Some(input);
        self
    }

    /// With a length limit (`max_len=`).
    pub const fn with_max_len(mut self, max_len: usize) -> Options {
        self.max_len = Some(max_len);
        self
    }

    /// With a parameter-count limit (`max_params=`).
    pub const fn with_max_params(mut self, max_params: usize) -> Options {
        self.max_params = Some(max_params);
        self
    }

    /// With the segment rule set (`policy=`).
    pub const fn with_policy(mut self, policy: SegmentPreset) -> Options {
        self.policy = Some(policy);
        self
    }

    /// With what a failing row of a column becomes (`on_error=`).
    pub const fn with_on_error(mut self, on_error: OnError) -> Options {
        self.on_error = Some(on_error);
        self
    }

    /// With the least severe finding that makes `check` fail (`fail_on=`).
    pub const fn with_fail_on(mut self, fail_on: Severity) -> Options {
        self.fail_on = Some(fail_on);
        self
    }

    /// Whether the option `key` was given.
    pub fn is_set(&self, key: Key) -> bool {
        match key {
            Key::Profile => self.profile.is_some(),
            Key::Hex => self.hex.is_some(),
            Key::Malformed => self.malformed.is_some(),
            Key::Utf8 => self.utf8.is_some(),
            Key::Plus => self.plus.is_some(),
            Key::Charset => self.charset.is_some(),
            Key::Unmappable => self.unmappable_error.is_some(),
            Key::Context => self.context.is_some(),
            Key::Input => self.input.is_some(),
            Key::MaxLen => self.max_len.is_some(),
            Key::MaxParams => self.max_params.is_some(),
            Key::Policy => self.policy.is_some(),
            Key::OnError => self.on_error.is_some(),
            Key::FailOn => self.fail_on.is_some(),
        }
    }
}
