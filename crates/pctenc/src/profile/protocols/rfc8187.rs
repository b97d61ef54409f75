//! RFC 8187 `ext-value`: `charset "'" [ language ] "'" value-chars`, as in
//! `Content-Disposition: attachment; filename*=UTF-8''%E2%82%AC%20rates`.
//!
//! [`encode_ext_value`] writes the UTF-8 form (the only charset RFC 8187 requires);
//! [`decode_ext_value`] reads UTF-8, ISO-8859-1 (RFC 5987 required it, and it is still met)
//! and US-ASCII values, with the charset compared ignoring case.

use alloc::string::String;
use core::fmt;

use super::RFC8187;
use crate::error::DecodeError;

/// A parsed `ext-value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtValue {
    /// The charset as written (`UTF-8`, `iso-8859-1`...).
    pub charset: String,
    /// The language tag as written; empty when absent.
    pub language: String,
    /// The decoded value.
    pub value: String,
}

/// Why an `ext-value` could not be read. Offsets index the `ext-value` string.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExtValueError {
    /// There is no second `'`: the value is not `charset'language'value`.
    MissingQuote {
        /// Offset where a `'` was expected (the end of the input).
        offset: usize,
    },
    /// The charset is neither UTF-8, ISO-8859-1 nor US-ASCII.
    UnsupportedCharset {
        /// Offset of the charset (0).
        offset: usize,
    },
    /// A byte that is neither an `attr-char` nor part of a `%XX` escape.
    InvalidChar {
        /// Offset of the byte.
        offset: usize,
    },
    /// A malformed escape, or decoded bytes not valid in the charset.
    Decode(DecodeError),
}

impl ExtValueError {
    /// The offset in the `ext-value` the error names.
    pub fn offset(&self) -> usize {
        match self {
            ExtValueError::MissingQuote { offset }
            | ExtValueError::UnsupportedCharset { offset }
            | ExtValueError::InvalidChar { offset } => *offset,
            ExtValueError::Decode(e) => e.offset(),
        }
    }

    /// A stable kebab-case code: `missing-quote`, `unsupported-charset`, `invalid-char`,
    /// or the decode error's [`code`](DecodeError::code).
    pub fn code(&self) -> &'static str {
        match self {
            ExtValueError::MissingQuote { .. } => "missing-quote",
            ExtValueError::UnsupportedCharset { .. } => "unsupported-charset",
            ExtValueError::InvalidChar { .. } => "invalid-char",
            ExtValueError::Decode(e) => e.code(),
        }
    }
}

impl fmt::Display for ExtValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtValueError::MissingQuote { offset } => {
                write!(f, "expected charset'language'value: no second ' (at byte {offset})")
            }
            ExtValueError::UnsupportedCharset { .. } => {
                f.write_str("unsupported charset: expected UTF-8, ISO-8859-1 or US-ASCII")
            }
            ExtValueError::InvalidChar { offset } => {
                write!(f, "byte {offset} is not an attr-char or a %XX escape")
            }
            ExtValueError::Decode(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ExtValueError {}

/// Writes `text` as an RFC 8187 `ext-value` in UTF-8 with no language: `UTF-8''` followed by
/// the [`RFC8187`] encoding.
///
/// ```
/// use pctenc::profile::protocols::rfc8187::encode_ext_value;
/// assert_eq!(encode_ext_value("€ rates"), "UTF-8''%E2%82%AC%20rates");
/// ```
pub fn encode_ext_value(text: &str) -> String {
    let mut out = String::from("UTF-8''");
    RFC8187.encode_append(text, &mut out);
    out
}

/// Reads an RFC 8187 `ext-value` (`charset'language'value`). Lower-case hex is accepted, the
/// charset is compared ignoring case, and ISO-8859-1 values are read as Latin-1.
///
/// ```
/// use pctenc::profile::protocols::rfc8187::decode_ext_value;
/// let v = decode_ext_value("iso-8859-1'en'%A3%20rates").unwrap();
/// assert_eq!((v.charset.as_str(), v.language.as_str(), v.value.as_str()), ("iso-8859-1", "en", "£ rates"));
/// assert_eq!(decode_ext_value("UTF-8''%e2%82%ac").unwrap().value, "€");
/// assert_eq!(decode_ext_value("UTF-8''a b").unwrap_err().offset(), 8);
/// ```
///
/// # Errors
/// [`ExtValueError`] naming the offset of the problem.
pub fn decode_ext_value(ext_value: &str) -> Result<ExtValue, ExtValueError> {
    let bytes = ext_value.as_bytes();
    let q1 =
        memchr::memchr(b'\'', bytes).ok_or(ExtValueError::MissingQuote { offset: bytes.len() })?;
    let q2 = memchr::memchr(b'\'', &bytes[q1 + 1..])
        .map(|k| q1 + 1 + k)
        .ok_or(ExtValueError::MissingQuote { offset: bytes.len() })?;
    let (charset, language, value) = (&ext_value[..q1], &ext_value[q1 + 1..q2], &bytes[q2 + 1..]);
    let start = q2 + 1;
    if let Some(k) = value.iter().position(|&b| b != b'%' && RFC8187.escapes(b)) {
        return Err(ExtValueError::InvalidChar { offset: start + k });
    }
    let shift = |e: DecodeError| ExtValueError::Decode(e.shifted(start));
    let value = if charset.eq_ignore_ascii_case("utf-8") {
        RFC8187.decode_str(value).map_err(shift)?.into_owned()
    } else if ["iso-8859-1", "iso_8859-1", "latin1", "l1"]
        .iter()
        .any(|c| charset.eq_ignore_ascii_case(c))
    {
        let raw = RFC8187.with_output_utf8(crate::Utf8::Bytes).decode(value).map_err(shift)?;
        raw.iter().map(|&b| char::from(b)).collect()
    } else if charset.eq_ignore_ascii_case("us-ascii") {
        let raw = RFC8187.with_output_utf8(crate::Utf8::Bytes).decode(value).map_err(shift)?;
        if let Some(k) = raw.iter().position(|&b| b >= 0x80) {
            let offset = start
                + crate::kernel::scalar::input_offset(
                    &RFC8187.decoding(),
                    RFC8187.unit(),
                    value,
                    k,
                );
            return Err(ExtValueError::Decode(DecodeError::InvalidUtf8 { offset }));
        }
        raw.iter().map(|&b| char::from(b)).collect()
    } else {
        return Err(ExtValueError::UnsupportedCharset { offset: 0 });
    };
    Ok(ExtValue { charset: charset.into(), language: language.into(), value })
}
