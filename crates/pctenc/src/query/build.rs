//! [`Builder`]: pairs to a query string, escaped by a profile that keeps the query's structure.
//!
//! A query is `name=value` pairs joined by `&`. Built with the `form` profile it is what
//! `URLSearchParams.toString()` writes; with `py-quote-plus` what Python's `urlencode` writes;
//! with `rfc3986` every space is `%20`. Whatever the profile, a name or value must not be able
//! to end its pair or the query: a profile that leaves `%`, `&`, `=`, `#` or `+` unescaped
//! would write a query that reads back as other pairs, so [`Builder::new`] refuses it.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::profile::Profile;

#[cfg(feature = "charsets")]
use encoding_rs::Encoding;

/// The bytes a name or value must have escaped to stay one name or value: `%` (an escape),
/// `&` (the next pair), `=` (the value), `#` (the fragment), `+` (a space to form readers).
const STRUCTURE: &[u8] = b"%&=#+";

/// A profile that would write a query that does not read back as its pairs: it keeps `byte`
/// as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsafeProfile {
    /// The profile's name.
    pub profile: &'static str,
    /// The byte it keeps.
    pub byte: u8,
}

impl fmt::Display for UnsafeProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "profile {} keeps '{}' as it is, so a query built with it would not read back as \
             its pairs (use form, py-quote-plus, rfc3986, js-component...)",
            self.profile, self.byte as char
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnsafeProfile {}

/// Writes pairs as a query string (without the leading `?`).
///
/// ```
/// use pctenc::query::Builder;
/// use pctenc::profile::{rfc3986::RFC3986, runtimes::PY_QUOTE_PLUS, whatwg::FORM};
///
/// let pairs = [("q", "a b&c"), ("tilde", "~*")];
/// assert_eq!(Builder::new(FORM).unwrap().build(pairs), "q=a+b%26c&tilde=%7E*"); // URLSearchParams
/// assert_eq!(Builder::new(PY_QUOTE_PLUS).unwrap().build(pairs), "q=a+b%26c&tilde=~%2A"); // urlencode
/// assert_eq!(Builder::new(RFC3986).unwrap().build(pairs), "q=a%20b%26c&tilde=~%2A");
/// let e = Builder::new(pctenc::by_name("rfc3986-query").unwrap()).unwrap_err();
/// assert_eq!(e.byte, b'&');
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Builder {
    profile: Profile,
    #[cfg(feature = "charsets")]
    charset: Option<&'static Encoding>,
}

impl Builder {
    /// A builder escaping with `profile`, writing UTF-8.
    ///
    /// # Errors
    /// [`UnsafeProfile`] if the profile keeps one of `%`, `&`, `=`, `#`, `+`.
    pub fn new(profile: &Profile) -> Result<Self, UnsafeProfile> {
        if let Some(&byte) = STRUCTURE.iter().find(|&&b| !profile.escapes(b)) {
            return Err(UnsafeProfile { profile: profile.name(), byte });
        }
        Ok(Builder {
            profile: *profile,
            #[cfg(feature = "charsets")]
            charset: None,
        })
    }

    /// Writes names and values in `encoding` (a legacy page's charset) before escaping; a
    /// character it lacks becomes an escaped `&#NNNN;`, as browsers submit forms.
    #[cfg(feature = "charsets")]
    pub fn charset(mut self, encoding: &'static Encoding) -> Self {
        let encoding = encoding.output_encoding();
        self.charset = (encoding != encoding_rs::UTF_8).then_some(encoding);
        self
    }

    /// The profile.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The query string of `pairs`.
    pub fn build<I, K, V>(&self, pairs: I) -> String
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<[u8]>,
        V: AsRef<[u8]>,
    {
        let mut out = Vec::new();
        let mut scratch = String::new();
        for (k, v) in pairs {
            if !out.is_empty() {
                out.push(b'&');
            }
            self.append_part(k.as_ref(), &mut out, &mut scratch);
            out.push(b'=');
            self.append_part(v.as_ref(), &mut out, &mut scratch);
        }
        // Every part is escaped to ASCII, or kept as text by a profile that keeps non-ASCII
        // (bytes that are not UTF-8 are made text first): the fallback keeps this free of
        // panics.
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// Appends one name or value, escaped. `scratch` is reused between calls.
    pub(crate) fn append_part(&self, part: &[u8], out: &mut Vec<u8>, scratch: &mut String) {
        #[cfg(feature = "charsets")]
        if let Some(encoding) = self.charset {
            scratch.clear();
            self.profile.encode_with_append(&String::from_utf8_lossy(part), encoding, scratch);
            out.extend_from_slice(scratch.as_bytes());
            return;
        }
        let _ = &scratch;
        // The profile's own (lenient) input policy reads bytes that are not UTF-8; one that
        // keeps non-ASCII would copy them into the query, so they are made text first.
        if self.profile.keeps_non_ascii() && core::str::from_utf8(part).is_err() {
            self.profile.encode_append_vec(String::from_utf8_lossy(part).as_bytes(), out);
        } else {
            self.profile.encode_append_vec(part, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{rfc3986::RFC3986, whatwg::FORM, ALL};
    use crate::{AsciiSet, Profile};
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    #[test]
    fn every_accepted_profile_reads_back() {
        let pairs = [("a&b=c", "d#e+f%g h"), ("", ""), ("é", "\u{1F4A9}")];
        let mut accepted = 0;
        for p in ALL {
            let Ok(b) = Builder::new(p) else { continue };
            accepted += 1;
            let q = b.build(pairs);
            // Profiles of other units (Latin-1, %uXXXX) read back through their own decoder.
            if !(p.round_trips() && p.unit() == crate::Unit::Byte) {
                continue;
            }
            let parser = crate::query::Parser::new(p).input(crate::query::Input::Form);
            let back: Vec<(String, String)> = parser
                .pairs(q.as_bytes())
                .map(|r| r.map(|(k, v)| (k.into_owned(), v.into_owned())))
                .collect::<Result<_, _>>()
                .unwrap_or_else(|e| panic!("{}: {q}: {e}", p.name()));
            let want: Vec<(String, String)> =
                pairs.iter().map(|&(k, v)| (k.into(), v.into())).collect();
            assert_eq!(back, want, "{}: {q}", p.name());
        }
        assert!(accepted >= 10, "{accepted}");
    }

    #[test]
    fn bytes_that_are_not_text() {
        let pair = [(&b"\xff"[..], &b"\xc3\xa9"[..])];
        // The profile's input policy: the form serializer reads text, U+FFFD for 0xFF;
        // RFC 3986 escapes bytes.
        assert_eq!(Builder::new(FORM).unwrap().build(pair), "%EF%BF%BD=%C3%A9");
        assert_eq!(Builder::new(RFC3986).unwrap().build(pair), "%FF=%C3%A9");
        // A profile that keeps non-ASCII would copy 0xFF into the query: it is made text
        // first. (No named profile that keeps non-ASCII escapes all of `%&=#+`.)
        let keeps = Profile::new(AsciiSet::C0_CONTROL.add_all(b" %&=#+")).with_non_ascii_kept();
        assert_eq!(Builder::new(&keeps).unwrap().build(pair), "\u{FFFD}=é");
    }

    #[test]
    fn an_unsafe_profile_is_named_with_its_byte() {
        let e = Builder::new(crate::by_name("url-query").unwrap()).unwrap_err();
        assert_eq!((e.profile, e.byte), ("url-query", b'%'));
        assert!(e.to_string().starts_with("profile url-query keeps '%' as it is"), "{e}");
    }

    #[cfg(feature = "charsets")]
    #[test]
    fn legacy_charset() {
        let b = Builder::new(FORM).unwrap().charset(encoding_rs::SHIFT_JIS);
        assert_eq!(b.build([("q", "こ ‽")]), "q=%82%B1+%26%238253%3B");
        let utf16 = Builder::new(FORM).unwrap().charset(encoding_rs::UTF_16LE);
        assert_eq!(utf16.build([("q", "é")]), "q=%C3%A9");
    }
}
