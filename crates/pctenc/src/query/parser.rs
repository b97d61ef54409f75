//! [`Parser`]: the options of reading a query (profile, [`Input`], charset) and the verbs on
//! one value: raw pairs with their offsets, decoded pairs, and the values of one name.
//!
//! Every verb is built on two steps: [`RawPairs`] splits the query into name and value slices
//! of the input, with their byte offsets in it and whether each holds a `%` or `+` (no
//! allocation); [`Parser::decode`] decodes one slice to text under the profile, borrowing it
//! when it has nothing to decode. Picking a name compares the names as they are written, and
//! decodes a name only when it holds an escape (or a `+` read as a space), so a pick reads
//! each byte of the query once and decodes one value.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::split::{marks, RawPair, RawPairs, PCT, PLUS};
use super::{locate, Input};
use crate::decode::utf8::is_utf8;
use crate::decode::with_policy;
use crate::error::DecodeError;
#[cfg(feature = "charsets")]
use crate::profile::Unit;
use crate::profile::{Decoding, Malformed, Profile, Utf8};

#[cfg(feature = "charsets")]
use encoding_rs::Encoding;

/// How queries are read: which profile decodes names and values, where the query is
/// ([`Input`]), and optionally the legacy charset the escaped bytes are in.
///
/// Names and values are text: a profile whose decoder keeps bytes ([`Utf8::Bytes`], as
/// `rfc3986`) rejects bytes that are not UTF-8 instead ([`Utf8::Strict`]), as
/// [`batch::Decode::text`](crate::batch::Decode::text) does.
///
/// ```
/// use pctenc::query::{Input, Parser};
/// use pctenc::profile::rfc3986::RFC3986;
///
/// let p = Parser::new(RFC3986).input(Input::Form);
/// assert_eq!(p.first(b"a=1+1%3D2", "a").unwrap().as_deref(), Some("1+1=2")); // '+' is a plus
/// let e = p.first(b"x=1&a=%zz", "a").unwrap_err();
/// assert_eq!((e.code(), e.offset()), ("invalid-escape", 6)); // offsets count in the value
/// assert_eq!(p.first(b"x=%zz&a=1", "a").unwrap().as_deref(), Some("1")); // only 'a' is read
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Parser {
    profile: Profile,
    decoding: Decoding,
    input: Input,
    #[cfg(feature = "charsets")]
    charset: Option<&'static Encoding>,
}

impl Parser {
    /// Reads queries of values as [`Input::Auto`] says, decoding as `profile` does, to text.
    pub fn new(profile: &Profile) -> Self {
        let mut decoding = profile.decoding();
        if decoding.utf8 == Utf8::Bytes {
            decoding.utf8 = Utf8::Strict;
        }
        Parser {
            profile: *profile,
            decoding,
            input: Input::Auto,
            #[cfg(feature = "charsets")]
            charset: None,
        }
    }

    /// Where the query is in each value.
    pub fn input(mut self, input: Input) -> Self {
        self.input = input;
        self
    }

    /// Overrides the profile's malformed-escape policy.
    pub fn malformed(mut self, malformed: Malformed) -> Self {
        self.decoding.malformed = malformed;
        self
    }

    /// Overrides the profile's UTF-8 policy ([`Utf8::Bytes`] becomes [`Utf8::Strict`]: the
    /// output is text).
    pub fn utf8(mut self, utf8: Utf8) -> Self {
        self.decoding.utf8 = if utf8 == Utf8::Bytes { Utf8::Strict } else { utf8 };
        self
    }

    /// The escaped bytes are in `encoding` (a page's legacy charset): each name and value is
    /// decoded to bytes by the profile, then as text in `encoding`, where bytes invalid in it
    /// become U+FFFD (as [`crate::form::parse_with`]).
    #[cfg(feature = "charsets")]
    pub fn charset(mut self, encoding: &'static Encoding) -> Self {
        self.charset = (encoding != encoding_rs::UTF_8).then_some(encoding);
        self
    }

    /// The profile.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The decoding policy applied to names and values.
    pub fn decoding(&self) -> Decoding {
        self.decoding
    }

    /// The same parser with a lenient policy: a malformed `%` kept, bytes that are not UTF-8
    /// replaced by U+FFFD (what [`OnError::Replace`](crate::batch::OnError::Replace) decodes
    /// with).
    pub fn lenient(mut self) -> Self {
        self.decoding.malformed = Malformed::PassThrough;
        if self.decoding.utf8 != Utf8::LossyJava {
            self.decoding.utf8 = Utf8::Lossy;
        }
        self
    }

    /// The query of `value` and its offset, as [`locate`] finds it under this parser's input.
    #[inline]
    pub fn query<'a>(&self, value: &'a [u8]) -> Option<(usize, &'a [u8])> {
        locate(value, self.input)
    }

    /// The raw pairs of `value`'s query (none when it has no query).
    #[inline]
    pub fn raw_pairs<'a>(&self, value: &'a [u8]) -> RawPairs<'a> {
        if let Input::Url | Input::Auto = self.input {
            // The split finds the '#' that ends the query itself: one search, for the '?'.
            return match memchr::memchr2(b'?', b'#', value) {
                Some(q) if value[q] == b'?' => RawPairs::until_fragment(&value[q + 1..], q + 1),
                _ => match self.query(value) {
                    Some((at, q)) => RawPairs::new(q, at),
                    None => RawPairs::new(&[], value.len()),
                },
            };
        }
        match self.query(value) {
            Some((at, q)) => RawPairs::new(q, at),
            None => RawPairs::new(&[], value.len()),
        }
    }

    /// The decoded pairs of `value`'s query, in order, repeated names kept.
    pub fn pairs<'a, 'p>(&'p self, value: &'a [u8]) -> Pairs<'a, 'p> {
        Pairs { parser: self, raw: self.raw_pairs(value) }
    }

    /// The value of the first pair named `key` (decoded names compared byte for byte), or
    /// `None`. Only that value is decoded.
    ///
    /// # Errors
    /// The value does not decode under the profile (strict profiles): its offset is in
    /// `value`.
    pub fn first<'a>(
        &self,
        value: &'a [u8],
        key: &str,
    ) -> Result<Option<Cow<'a, str>>, DecodeError> {
        let mut scratch = Vec::new();
        for p in self.raw_pairs(value) {
            if self.name_is(&p, key.as_bytes(), false, &mut scratch) {
                return self.decode_marked(p.value, p.value_marks, p.value_at).map(Some);
            }
        }
        Ok(None)
    }

    /// The values of every pair named `key`, in order.
    ///
    /// # Errors
    /// As [`Parser::first`], for the first of them that does not decode.
    pub fn all<'a>(&self, value: &'a [u8], key: &str) -> Result<Vec<Cow<'a, str>>, DecodeError> {
        let mut scratch = Vec::new();
        let mut out = Vec::new();
        for p in self.raw_pairs(value) {
            if self.name_is(&p, key.as_bytes(), false, &mut scratch) {
                out.push(self.decode_marked(p.value, p.value_marks, p.value_at)?);
            }
        }
        Ok(out)
    }

    /// Decodes one name or value, `part`, found at offset `at` of its value (errors name
    /// offsets from there), borrowing it when there is nothing to decode.
    ///
    /// # Errors
    /// As [`Parser::first`].
    pub fn decode<'a>(&self, part: &'a [u8], at: usize) -> Result<Cow<'a, str>, DecodeError> {
        self.decode_marked(part, marks(part), at)
    }

    /// [`Parser::decode`] of a part whose [`marks`] are known (from the split).
    pub(crate) fn decode_marked<'a>(
        &self,
        part: &'a [u8],
        marks: u8,
        at: usize,
    ) -> Result<Cow<'a, str>, DecodeError> {
        if self.is_plain(marks) {
            if let Ok(s) = core::str::from_utf8(part) {
                return Ok(Cow::Borrowed(s));
            }
        }
        let mut out = Vec::with_capacity(part.len());
        self.decode_append(part, marks, at, false, &mut out)?;
        // The policies leave text (`decode_append` checks it); the fallback keeps this
        // free of panics.
        Ok(Cow::Owned(
            String::from_utf8(out)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        ))
    }

    /// Whether decoding a part with these [`marks`] can only copy it: no `%`, no `+` read as
    /// a space, no charset.
    #[inline]
    pub(crate) fn is_plain(&self, marks: u8) -> bool {
        #[cfg(feature = "charsets")]
        if self.charset.is_some() {
            return false;
        }
        marks & PCT == 0 && !(self.decoding.plus_as_space && marks & PLUS != 0)
    }

    /// Appends the text of `part` (at offset `at`, with [`marks`]) to `out`; on error `out` is
    /// as it was. `text`: the caller knows `part` is UTF-8.
    #[inline]
    pub(crate) fn decode_append(
        &self,
        part: &[u8],
        marks: u8,
        at: usize,
        text: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), DecodeError> {
        if self.is_plain(marks) && (text || is_utf8(part)) {
            out.extend_from_slice(part);
            return Ok(());
        }
        #[cfg(feature = "charsets")]
        if let Some(encoding) = self.charset {
            let mut bytes = Vec::with_capacity(part.len());
            let d = Decoding { utf8: Utf8::Bytes, ..self.decoding };
            with_policy(Unit::Byte, &d, part, &mut bytes).map_err(|e| e.shifted(at))?;
            out.extend_from_slice(encoding.decode_without_bom_handling(&bytes).0.as_bytes());
            return Ok(());
        }
        let start = out.len();
        let unit = self.profile.unit();
        with_policy(unit, &self.decoding, part, out).map_err(|e| e.shifted(at))?;
        // A parser's policy is never `bytes` (`new` and `utf8` make it strict), and every
        // other policy leaves text or an error: the kept-escape ones (IRI's) too, which
        // re-escape what is not UTF-8 and refuse raw bytes that are not.
        debug_assert!(core::str::from_utf8(&out[start..]).is_ok());
        Ok(())
    }

    /// Whether the name of `pair` decodes to `key`. A name with nothing to decode is compared
    /// as written; one that does not decode matches nothing. `text`: the caller knows the
    /// name is UTF-8.
    #[inline]
    pub(crate) fn name_is(
        &self,
        pair: &RawPair<'_>,
        key: &[u8],
        text: bool,
        scratch: &mut Vec<u8>,
    ) -> bool {
        let name = pair.name;
        if self.is_plain(pair.name_marks) {
            // Equal bytes are the key's text; unequal ones decode to themselves unless a
            // lossy policy repairs bytes that are not UTF-8.
            if name == key || text || name.is_ascii() {
                return name == key;
            }
        }
        scratch.clear();
        self.decode_append(name, pair.name_marks, pair.name_at, text, scratch).is_ok()
            && scratch == key
    }
}

/// Iterator of [`Parser::pairs`]: each pair decoded, or the error of the first part that
/// does not decode (the iterator goes on after it).
#[derive(Clone, Debug)]
pub struct Pairs<'a, 'p> {
    parser: &'p Parser,
    raw: RawPairs<'a>,
}

impl<'a> Iterator for Pairs<'a, '_> {
    type Item = Result<(Cow<'a, str>, Cow<'a, str>), DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        let p = self.raw.next()?;
        let name = match self.parser.decode_marked(p.name, p.name_marks, p.name_at) {
            Ok(n) => n,
            Err(e) => return Some(Err(e)),
        };
        Some(self.parser.decode_marked(p.value, p.value_marks, p.value_at).map(|v| (name, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{js::COMPONENT, rfc3986::RFC3986, whatwg::FORM};
    use alloc::vec::Vec;

    /// `utf8` sets the policy for names and values, but never `bytes`: they are text.
    #[test]
    fn utf8_policy_of_names_and_values() {
        let value = |p: Parser| p.pairs(b"a=%FF").next().unwrap().map(|(_, v)| v.into_owned());
        assert_eq!(value(Parser::new(FORM).utf8(Utf8::Lossy)), Ok("\u{FFFD}".into()));
        for policy in [Utf8::Strict, Utf8::Bytes] {
            let e = value(Parser::new(FORM).utf8(policy)).unwrap_err();
            assert_eq!((e.code(), e.offset()), ("invalid-utf8", 2), "{policy:?}");
        }
    }

    /// A policy that keeps raw bytes (IRI's) could leave bytes that are not UTF-8 in a
    /// name or value: that is an `invalid-utf8` error at the byte's offset in the query.
    #[test]
    fn kept_raw_bytes_that_are_not_text_are_an_error() {
        let p = Parser::new(crate::profile::protocols::IRI);
        let e = p.pairs(b"a=%41\xFF").next().unwrap().unwrap_err();
        assert_eq!((e.code(), e.offset()), ("invalid-utf8", 5));
        let ok = p.pairs(b"a=%41%FF").next().unwrap().unwrap();
        assert_eq!(ok.1, "A%FF");
    }

    #[test]
    fn plain_parts_are_borrowed() {
        let p = Parser::new(FORM);
        let (n, v) = p.pairs(b"?ab=cd").next().unwrap().unwrap();
        assert!(matches!(n, Cow::Borrowed("ab")) && matches!(v, Cow::Borrowed("cd")));
        let v = p.first(b"?ab=c+d", "ab").unwrap().unwrap();
        assert!(matches!(v, Cow::Owned(_)) && v == "c d");
    }

    #[test]
    fn names_are_compared_decoded() {
        let p = Parser::new(FORM).input(Input::Form);
        assert_eq!(p.first(b"%71=1&q=2", "q").unwrap().as_deref(), Some("1"));
        assert_eq!(p.first(b"a+b=1", "a b").unwrap().as_deref(), Some("1"));
        assert_eq!(p.first(b"%FF=1", "\u{FFFD}").unwrap().as_deref(), Some("1"));
        assert_eq!(p.first(b"\xff=1", "\u{FFFD}").unwrap().as_deref(), Some("1"));
        assert_eq!(p.all(b"q=1&x&q&q=%33", "q").unwrap(), ["1", "", "3"]);
        // Strict: a name that does not decode matches nothing, and is no error.
        let s = Parser::new(RFC3986).input(Input::Form);
        assert_eq!(s.first(b"q%zz=1&q=2", "q%zz").unwrap(), None);
        assert_eq!(s.first(b"\xff=1&q=2", "q").unwrap().as_deref(), Some("2"));
    }

    #[test]
    fn errors_name_the_offset_in_the_value() {
        let p = Parser::new(COMPONENT).input(Input::Url);
        let e = p.first(b"/p?x=%zz&a=%E2%82", "a").unwrap_err();
        assert_eq!(e, DecodeError::InvalidUtf8 { offset: 11 });
        let all: Vec<_> = p.pairs(b"/p?x=%zz&a=1").collect();
        assert_eq!(all[0], Err(DecodeError::InvalidEscape { offset: 5 }));
        assert_eq!(all[1], Ok(("a".into(), "1".into())));
        // bytes that are not UTF-8, raw, under a strict policy
        let r = Parser::new(RFC3986).input(Input::Form);
        assert_eq!(r.first(b"a=x\xff", "a").unwrap_err(), DecodeError::InvalidUtf8 { offset: 3 });
        assert_eq!(r.lenient().first(b"a=x\xff%", "a").unwrap().as_deref(), Some("x\u{FFFD}%"));
    }

    #[cfg(feature = "charsets")]
    #[test]
    fn legacy_charset() {
        let p = Parser::new(FORM).charset(encoding_rs::SHIFT_JIS);
        assert_eq!(p.first(b"?q=%82%B1+%82", "q").unwrap().as_deref(), Some("こ \u{FFFD}"));
        assert_eq!(p.first(b"?%82%B1=1", "こ").unwrap().as_deref(), Some("1"));
        let utf8 = Parser::new(FORM).charset(encoding_rs::UTF_8);
        assert!(matches!(utf8.first(b"?q=x", "q").unwrap(), Some(Cow::Borrowed("x"))));
    }
}
