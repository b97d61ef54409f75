//! application/x-www-form-urlencoded: the parser, the serializer, and HTML form submission.
//!
//! This is the format of HTML form bodies and of nearly every query string: `name=value`
//! pairs joined by `&`, space written `+`, everything else outside `*-._` and alphanumerics
//! escaped (URL Standard §5, <https://url.spec.whatwg.org/#application/x-www-form-urlencoded>).
//! The escaping itself is the [`FORM`] profile; this module owns the pair structure.
//!
//! - [`parse`] reads pairs as text (UTF-8, invalid bytes become U+FFFD, as browsers do);
//!   [`parse_bytes`] stops before text decoding, for callers with another charset (with the
//!   `charsets` feature, [`parse_with`] decodes legacy encodings, and `declared_charset`
//!   reads a form's `_charset_` field). All of them are iterators
//!   that borrow from the input whenever a name or value has no `%` and no `+`.
//! - [`Serializer`] writes pairs (`URLSearchParams.toString()`), optionally in a legacy
//!   encoding, and optionally with the two steps HTML form submission adds before it
//!   ([`Serializer::html`]): newlines normalized to CRLF, and `_charset_` fields filled with the
//!   encoding's name. [`mailto_headers`] is the last step of a `mailto:` GET submission.
//!
//! # Example: parse and serialize
//!
//! ```
//! use pctenc::form;
//!
//! let pairs: Vec<_> = form::parse(b"q=caf%C3%A9+au+lait&&lang=fr&flag").collect();
//! assert_eq!(pairs, [("q".into(), "café au lait".into()), ("lang".into(), "fr".into()),
//!                    ("flag".into(), "".into())]);
//! assert_eq!(form::serialize(&pairs), "q=caf%C3%A9+au+lait&lang=fr&flag=");
//! ```
//!
//! # Why the parser never fails
//!
//! The standard's parser keeps a `%` that does not start an escape and replaces invalid UTF-8
//! with U+FFFD, so every byte string is a form. That is what a server sees from browsers and
//! what `URLSearchParams` does; callers that must reject malformed input can decode the parts
//! of [`parse_raw`] with a strict profile instead.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::profile::whatwg::FORM;
use crate::profile::Utf8;

/// The raw `(name, value)` slices of a form, before `+` and escapes are decoded.
///
/// Splits on `&`, skips empty pieces, and splits each piece at its first `=` (a piece without
/// `=` is a name with an empty value).
///
/// ```
/// let raw: Vec<_> = pctenc::form::parse_raw(b"a=1=2&&b").collect();
/// assert_eq!(raw, [(&b"a"[..], &b"1=2"[..]), (&b"b"[..], &b""[..])]);
/// ```
pub fn parse_raw(input: &[u8]) -> RawPairs<'_> {
    RawPairs { inner: crate::query::RawPairs::new(input, 0) }
}

/// Iterator of [`parse_raw`] (the split of [`crate::query::RawPairs`], without offsets).
#[derive(Clone, Debug)]
pub struct RawPairs<'a> {
    inner: crate::query::RawPairs<'a>,
}

impl<'a> Iterator for RawPairs<'a> {
    type Item = (&'a [u8], &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|p| (p.name, p.value))
    }
}

/// Decodes `+` and escapes of one name or value, leniently, to bytes.
pub fn decode_part(part: &[u8]) -> Cow<'_, [u8]> {
    // Lenient decoding to bytes cannot fail; the fallback only keeps this free of panics.
    FORM.with_output_utf8(Utf8::Bytes).decode(part).unwrap_or(Cow::Borrowed(part))
}

/// The pairs of a form as bytes: `+` and escapes decoded, no text decoding.
///
/// ```
/// let pairs: Vec<_> = pctenc::form::parse_bytes(b"k=%82%A0+x").collect();
/// assert_eq!(pairs[0].1, &b"\x82\xA0 x"[..]);
/// ```
pub fn parse_bytes(input: &[u8]) -> impl Iterator<Item = (Cow<'_, [u8]>, Cow<'_, [u8]>)> {
    parse_raw(input).map(|(n, v)| (decode_part(n), decode_part(v)))
}

/// The pairs of a form as text: the URL Standard's *application/x-www-form-urlencoded
/// parser* (UTF-8; invalid bytes become U+FFFD).
///
/// ```
/// let pairs: Vec<_> = pctenc::form::parse(b"a=b+c&%zz=%FF").collect();
/// assert_eq!(pairs, [("a".into(), "b c".into()), ("%zz".into(), "\u{FFFD}".into())]);
/// ```
pub fn parse(input: &[u8]) -> impl Iterator<Item = (Cow<'_, str>, Cow<'_, str>)> {
    parse_raw(input).map(|(n, v)| (text(decode_part(n)), text(decode_part(v))))
}

/// The pairs of a form whose bytes are in `encoding` (decoded with U+FFFD for invalid
/// bytes, as a server honouring a legacy `_charset_` would).
///
/// ```
/// use pctenc::charset::encoding_rs::SHIFT_JIS;
/// let pairs: Vec<_> = pctenc::form::parse_with(b"q=%82%B1%82%F1", SHIFT_JIS).collect();
/// assert_eq!(pairs[0].1, "こん");
/// ```
#[cfg(feature = "charsets")]
pub fn parse_with<'a>(
    input: &'a [u8],
    encoding: &'static encoding_rs::Encoding,
) -> impl Iterator<Item = (Cow<'a, str>, Cow<'a, str>)> {
    let decode = move |part: Cow<'a, [u8]>| -> Cow<'a, str> {
        match part {
            Cow::Borrowed(b) => encoding.decode_without_bom_handling(b).0,
            Cow::Owned(v) => Cow::Owned(encoding.decode_without_bom_handling(&v).0.into_owned()),
        }
    };
    parse_raw(input).map(move |(n, v)| (decode(decode_part(n)), decode(decode_part(v))))
}

/// The encoding a form declares in its `_charset_` field, as HTML form submission fills it
/// (the first such field, name matched ASCII case-insensitively; its value a WHATWG label).
///
/// The URL Standard's parser ignores the field (UTF-8 is the only conforming encoding); a
/// server that receives forms from legacy pages can honour it:
///
/// ```
/// use pctenc::form;
/// let body = b"_charset_=Shift_JIS&q=%82%B1%82%F1";
/// let enc = form::declared_charset(body).unwrap();
/// let pairs: Vec<_> = form::parse_with(body, enc).collect();
/// assert_eq!(pairs[1].1, "こん");
/// ```
#[cfg(feature = "charsets")]
pub fn declared_charset(input: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let (_, value) =
        parse_raw(input).find(|(name, _)| decode_part(name).eq_ignore_ascii_case(b"_charset_"))?;
    encoding_rs::Encoding::for_label(&decode_part(value))
}

/// UTF-8 decode without BOM, lossy, borrowing when valid.
fn text(bytes: Cow<'_, [u8]>) -> Cow<'_, str> {
    match bytes {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(v) => Cow::Owned(match String::from_utf8(v) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }),
    }
}

/// Serializes `pairs` as UTF-8 (`URLSearchParams.toString()`).
///
/// ```
/// assert_eq!(pctenc::form::serialize([("a b", "1+1=2"), ("€", "~")]),
///            "a+b=1%2B1%3D2&%E2%82%AC=%7E");
/// ```
pub fn serialize<I, K, V>(pairs: I) -> String
where
    I: IntoIterator,
    I::Item: PairRef<K, V>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let mut s = Serializer::new();
    s.extend_pairs(pairs);
    s.finish()
}

/// Anything that holds a name and a value: `(K, V)` and `&(K, V)`.
pub trait PairRef<K, V> {
    /// The name and the value.
    fn pair(&self) -> (&K, &V);
}

impl<K, V> PairRef<K, V> for (K, V) {
    fn pair(&self) -> (&K, &V) {
        (&self.0, &self.1)
    }
}

impl<K, V> PairRef<K, V> for &(K, V) {
    fn pair(&self) -> (&K, &V) {
        (&self.0, &self.1)
    }
}

/// Builds an application/x-www-form-urlencoded string pair by pair.
///
/// By default it is the URL Standard's serializer with UTF-8 (what `URLSearchParams` writes).
/// [`Serializer::html`] adds HTML form submission's steps; with the `charsets` feature,
/// [`Serializer::with_encoding`] writes a legacy encoding, where a character the encoding
/// cannot represent is written as the escaped `&#NNNN;`, as browsers do.
///
/// ```
/// let mut s = pctenc::form::Serializer::new().html();
/// s.append_pair("_charset_", "").append_pair("msg", "two\nlines");
/// assert_eq!(s.finish(), "_charset_=UTF-8&msg=two%0D%0Alines");
/// ```
#[derive(Clone, Debug)]
pub struct Serializer {
    out: String,
    /// Where the pairs start in `out` (after a prefix the caller gave).
    start: usize,
    #[cfg(feature = "charsets")]
    encoding: &'static encoding_rs::Encoding,
    newlines: bool,
    charset_field: bool,
}

impl Default for Serializer {
    fn default() -> Self {
        Serializer::new()
    }
}

impl Serializer {
    /// A UTF-8 serializer with an empty output.
    pub fn new() -> Serializer {
        Serializer::appending_to(String::new())
    }

    /// A UTF-8 serializer that appends to `out` (a URL up to its `?`, say).
    ///
    /// ```
    /// let mut s = pctenc::form::Serializer::appending_to("https://example.com/?".into());
    /// s.append_pair("q", "a&b").append_pair("n", "1");
    /// assert_eq!(s.finish(), "https://example.com/?q=a%26b&n=1");
    /// ```
    pub fn appending_to(out: String) -> Serializer {
        Serializer {
            start: out.len(),
            out,
            #[cfg(feature = "charsets")]
            encoding: encoding_rs::UTF_8,
            newlines: false,
            charset_field: false,
        }
    }

    /// Writes in `encoding`'s *output encoding* (UTF-16 and `replacement` become UTF-8, as the
    /// URL Standard's serializer says).
    ///
    /// ```
    /// use pctenc::{charset::encoding_rs::SHIFT_JIS, form::Serializer};
    /// let mut s = Serializer::new().with_encoding(SHIFT_JIS);
    /// s.append_pair("q", "1+1 ≡ 2%20‽");
    /// assert_eq!(s.finish(), "q=1%2B1+%81%DF+2%2520%26%238253%3B");
    /// ```
    #[cfg(feature = "charsets")]
    pub fn with_encoding(mut self, encoding: &'static encoding_rs::Encoding) -> Serializer {
        self.encoding = encoding.output_encoding();
        self
    }

    /// Adds HTML form submission's steps (HTML §4.10.21.4 "converting an entry list to a
    /// list of name-value pairs" and "constructing the entry list"): every CR, LF or CRLF in
    /// names and values becomes CRLF, and a field named `_charset_` (ASCII
    /// case-insensitively) gets the encoding's name as its value.
    pub fn html(mut self) -> Serializer {
        self.newlines = true;
        self.charset_field = true;
        self
    }

    /// The name of the encoding written (`"UTF-8"`, `"Shift_JIS"`...): the value of a
    /// `_charset_` field.
    pub fn encoding_name(&self) -> &'static str {
        #[cfg(feature = "charsets")]
        return self.encoding.name();
        #[cfg(not(feature = "charsets"))]
        "UTF-8"
    }

    /// Appends one pair.
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Serializer {
        if self.out.len() > self.start {
            self.out.push('&');
        }
        let value = if self.charset_field && name.eq_ignore_ascii_case("_charset_") {
            self.encoding_name()
        } else {
            value
        };
        let (name, value) = if self.newlines {
            (normalize_newlines(name), normalize_newlines(value))
        } else {
            (Cow::Borrowed(name), Cow::Borrowed(value))
        };
        self.part(&name);
        self.out.push('=');
        self.part(&value);
        self
    }

    /// Appends every pair of `pairs`.
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Serializer
    where
        I: IntoIterator,
        I::Item: PairRef<K, V>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for p in pairs {
            let (k, v) = p.pair();
            self.append_pair(k.as_ref(), v.as_ref());
        }
        self
    }

    /// The serialized form.
    pub fn finish(self) -> String {
        self.out
    }

    fn part(&mut self, text: &str) {
        #[cfg(feature = "charsets")]
        if self.encoding != encoding_rs::UTF_8 {
            FORM.encode_with_append(text, self.encoding, &mut self.out);
            return;
        }
        FORM.encode_append(text, &mut self.out);
    }
}

/// Normalizes newlines as HTML form submission does: a CR not followed by LF, and an LF not
/// preceded by CR, become CRLF.
///
/// ```
/// assert_eq!(pctenc::form::normalize_newlines("a\rb\nc\r\nd"), "a\r\nb\r\nc\r\nd");
/// ```
pub fn normalize_newlines(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let normal = b.iter().enumerate().all(|(i, &c)| match c {
        b'\r' => b.get(i + 1) == Some(&b'\n'),
        b'\n' => i > 0 && b[i - 1] == b'\r',
        _ => true,
    });
    if normal {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                out.push_str("\r\n");
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
            }
            '\n' => out.push_str("\r\n"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The last step of a `mailto:` form submission with method GET ("mail with headers", HTML
/// §4.10.21.3): the serialized form goes into the URL's query, where `+` would not read as a
/// space, so each `+` becomes `%20`. (A literal `+` was already escaped as `%2B`.)
///
/// ```
/// let body = pctenc::form::serialize([("subject", "hi there"), ("body", "1+1")]);
/// assert_eq!(pctenc::form::mailto_headers(&body), "subject=hi%20there&body=1%2B1");
/// ```
pub fn mailto_headers(serialized: &str) -> Cow<'_, str> {
    if !serialized.contains('+') {
        return Cow::Borrowed(serialized);
    }
    Cow::Owned(serialized.replace('+', "%20"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_borrows_plain_parts() {
        let (n, v) = parse(b"abc=def").next().unwrap();
        assert!(matches!(n, Cow::Borrowed("abc")) && matches!(v, Cow::Borrowed("def")));
        let (_, v) = parse(b"a=b+c").next().unwrap();
        assert!(matches!(v, Cow::Owned(_)));
    }

    #[test]
    fn html_newlines_and_charset_field() {
        let mut s = Serializer::new().html();
        s.append_pair("_CHARSET_", "x").append_pair("a\n", "\r");
        assert_eq!(s.finish(), "_CHARSET_=UTF-8&a%0D%0A=%0D%0A");
        // Without html(), neither step happens.
        assert_eq!(serialize([("_charset_", "\n")]), "_charset_=%0A");
    }

    #[test]
    fn mailto_rule() {
        assert_eq!(mailto_headers("a=b"), "a=b");
        assert_eq!(mailto_headers("a=b+c"), "a=b%20c");
    }
}
