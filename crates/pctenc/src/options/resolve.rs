//! Defaults: what each option is when it was not given, for the operation at hand. The
//! profile with every knob applied ([`Options::profile`]) is what a front end that streams
//! (the CLI) or keeps its own fast path (the npm package's raw exports) runs; everything
//! else here feeds [`Options::run`].

use super::words::{self, Op};
use super::{Charset, Options};
use crate::batch::OnError;
use crate::lint::{self, Context, Severity};
use crate::profile::{rfc3986, whatwg::FORM, Decoding, HexCase, Profile, Space, Utf8};
use crate::query::{Builder, Input, Parser, UnsafeProfile};
use crate::segment::SegmentPolicy;

/// A named rule set of `decode-segment` (`policy=`): the presets of [`SegmentPolicy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentPreset {
    /// [`SegmentPolicy::strict`].
    Strict,
    /// [`SegmentPolicy::servlet6`].
    Servlet6,
    /// [`SegmentPolicy::lenient`].
    Lenient,
}

impl SegmentPreset {
    const ALL: [SegmentPreset; 3] =
        [SegmentPreset::Strict, SegmentPreset::Servlet6, SegmentPreset::Lenient];

    /// Its word (`strict`, `servlet6`, `lenient`).
    pub const fn name(self) -> &'static str {
        words::POLICY[self as usize].name
    }

    /// The preset a word names (ASCII case ignored).
    pub fn by_name(name: &str) -> Option<SegmentPreset> {
        SegmentPreset::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The rule set.
    pub fn policy(self) -> SegmentPolicy {
        SegmentPolicy::by_name(self.name()).expect("every preset is a policy word")
    }
}

impl Options {
    /// The named profile, before any knob: `rfc3986` when none was given (`form` for the
    /// query operations).
    pub fn base_profile(&self) -> &'static Profile {
        let default = match self.op {
            Op::QueryParse | Op::QueryParam | Op::QueryParamAll | Op::QueryBuild => FORM,
            _ => rfc3986::RFC3986,
        };
        self.profile.unwrap_or(default)
    }

    /// Whether the operation reads a value's query (`query-parse`, `query-param`,
    /// `query-param-all`): it decodes names and values as `decode` does.
    pub fn reads_query(&self) -> bool {
        matches!(self.op, Op::QueryParse | Op::QueryParam | Op::QueryParamAll)
    }

    /// Where the query is in each value: `auto` by default.
    pub fn input(&self) -> Input {
        self.input.unwrap_or(Input::Auto)
    }

    /// The query parser of `query-parse`, `query-param` and `query-param-all`: the profile
    /// with its decoding knobs, the input, the charset.
    pub fn query_parser(&self) -> Parser {
        #[allow(unused_mut)]
        let mut p = Parser::new(&self.profile()).input(self.input());
        #[cfg(feature = "charsets")]
        if let Some(Charset::Encoding(e)) = self.charset {
            p = p.charset(e);
        }
        p
    }

    /// The query builder of `query-build`: the profile with its encoding knobs, the charset.
    ///
    /// # Errors
    /// The profile keeps a byte of the query's structure ([`Options::validate`] says so
    /// first).
    pub fn query_builder(&self) -> Result<Builder, UnsafeProfile> {
        #[allow(unused_mut)]
        let mut b = Builder::new(&self.profile())?;
        #[cfg(feature = "charsets")]
        if let Some(Charset::Encoding(e)) = self.charset {
            b = b.charset(e);
        }
        Ok(b)
    }

    /// The profile with the knobs of this operation applied: for encoding `hex`, `utf8` (as
    /// the input policy) and `plus` (space as `+`); for decoding `malformed`, `utf8` (as the
    /// output policy, with the "decoding gives text" default: a profile that keeps bytes
    /// gives `strict`) and `plus` (`+` read as a space).
    ///
    /// ```
    /// use pctenc::options::{Op, Options};
    /// use pctenc::{HexCase, Utf8};
    /// let e = Options::parse(Op::Encode, "profile=form, lower=true").unwrap().profile();
    /// assert_eq!((e.name(), e.hex_case(), e.encode("é ").into_owned()), ("form", HexCase::Lower, "%c3%a9+".into()));
    /// let d = Options::new(Op::Decode).profile();
    /// assert_eq!((d.name(), d.decoding().utf8), ("rfc3986", Utf8::Strict));
    /// ```
    pub fn profile(&self) -> Profile {
        let mut p = *self.base_profile();
        if let Some(hex) = self.hex {
            p = p.with_hex(hex);
        }
        if let Some(plus) = self.plus {
            p = p
                .with_space(if plus { Space::Plus } else { Space::Percent })
                .with_decoding(Decoding { plus_as_space: plus, ..p.decoding() });
        }
        match self.op {
            Op::Decode | Op::TryDecode | Op::QueryParse | Op::QueryParam | Op::QueryParamAll => {
                if let Some(m) = self.malformed {
                    p = p.with_malformed(m);
                }
                p.with_output_utf8(self.decode_utf8())
            }
            _ => match self.utf8 {
                Some(u) => p.with_input_utf8(u),
                None => p,
            },
        }
    }

    /// The decoded result's UTF-8 policy: `utf8`, else the profile's, with `bytes` read as
    /// `strict` (decoding gives text).
    pub fn decode_utf8(&self) -> Utf8 {
        match (self.utf8, self.base_profile().decoding().utf8) {
            (Some(u), _) => u,
            (None, Utf8::Bytes) => Utf8::Strict,
            (None, profile) => profile,
        }
    }

    /// Whether the decoded result is text (every `utf8` but `bytes`).
    pub fn decodes_to_text(&self) -> bool {
        self.utf8 != Some(Utf8::Bytes)
    }

    /// The hex case the encoder writes.
    pub fn hex_case(&self) -> HexCase {
        self.hex.unwrap_or(self.base_profile().hex_case())
    }

    /// The `utf8` option as given (`None`: the default of the operation).
    pub fn utf8(&self) -> Option<Utf8> {
        self.utf8
    }

    /// The `charset` option, if given.
    pub fn charset(&self) -> Option<Charset> {
        self.charset
    }

    /// Whether a character the charset lacks is an error (`unmappable=error`).
    pub fn unmappable_is_error(&self) -> bool {
        self.unmappable_error == Some(true)
    }

    /// The URL context of `check` and `normalize`: `url` by default.
    pub fn context(&self) -> Context {
        self.context.unwrap_or(Context::Url)
    }

    /// The lint's options: context and limits.
    pub fn lint_options(&self) -> lint::Options {
        lint::Options {
            max_len: self.max_len,
            max_params: self.max_params,
            ..lint::Options::new(self.context())
        }
    }

    /// The `policy` preset of `decode-segment` (`strict` by default).
    pub fn policy_preset(&self) -> SegmentPreset {
        self.policy.unwrap_or(SegmentPreset::Strict)
    }

    /// The rule set of `decode-segment`, with `max_len`.
    pub fn segment_policy(&self) -> SegmentPolicy {
        SegmentPolicy { max_len: self.max_len, ..self.policy_preset().policy() }
    }

    /// What a failing row becomes: `raise` by default, `null` for `try-decode`.
    pub fn on_error(&self) -> OnError {
        match self.op {
            Op::TryDecode => OnError::Null,
            _ => self.on_error.unwrap_or(OnError::Raise),
        }
    }

    /// The least severe finding that makes `check` fail: `high` by default.
    pub fn fail_on(&self) -> Severity {
        self.fail_on.unwrap_or(Severity::High)
    }

    /// Whether this is `encode` or `decode` of whole RFC 8187 ext-values (`profile=rfc8187`:
    /// `UTF-8''na%C3%AFve`), as the CLI has always read and written them.
    pub fn ext_value(&self) -> bool {
        matches!(self.op, Op::Encode | Op::Decode | Op::TryDecode)
            && self.profile.is_some_and(Profile::is_ext_value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `utf8()` is the option as given: `None` leaves the choice to the operation (a front
    /// end tells "not given" from the default this way), unlike `decode_utf8()`.
    #[test]
    fn utf8_is_the_option_as_given() {
        let o = |text| Options::parse(Op::Decode, text).unwrap();
        assert_eq!(o("").utf8(), None);
        assert_eq!(o("").decode_utf8(), Utf8::Strict);
        assert_eq!(o("utf8=lossy").utf8(), Some(Utf8::Lossy));
        assert_eq!(o("utf8=strict").utf8(), Some(Utf8::Strict));
    }
}
