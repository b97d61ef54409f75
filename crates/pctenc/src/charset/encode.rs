//! Percent-encode after encoding: text → bytes in a legacy encoding → escapes.
//!
//! The URL Standard's algorithm (<https://url.spec.whatwg.org/#string-percent-encode-after-encoding>):
//! run the encoding's encoder over the text; escape each byte it writes by the profile (so a
//! form writes a space as `+`); on a character the encoding cannot represent, write
//! `%26%23`, its decimal code point, `%3B` (the escaped HTML reference `&#NNNN;`) and go on.
//! The encoding used is the label's *output encoding*: UTF-16 and `replacement` write UTF-8.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use encoding_rs::{EncoderResult, Encoding};

use crate::profile::{HexCase, Profile};

/// A character that the encoding cannot represent (strict encoding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnmappableError {
    /// The character.
    pub ch: char,
    /// Its byte offset in the input text.
    pub offset: usize,
    /// The encoding's name (`"Shift_JIS"`).
    pub encoding: &'static str,
}

impl UnmappableError {
    /// The stable code of the error, in every front end.
    pub const CODE: &'static str = "unmappable";
}

impl fmt::Display for UnmappableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unmappable character U+{:04X} {:?} at byte {}: {} cannot represent it",
            self.ch as u32, self.ch, self.offset, self.encoding
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnmappableError {}

/// Why the streaming [`Encoder`](super::Encoder) refused its input: a character the encoding
/// cannot represent (strict), or bytes that are not UTF-8 ([`Invalid::Error`](super::Invalid),
/// the contract's `not-text`: a charset encodes text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CharsetEncodeError {
    /// A character the encoding cannot represent.
    Unmappable(UnmappableError),
    /// Bytes that are not UTF-8, at their offset.
    NotText(crate::error::EncodeError),
}

impl CharsetEncodeError {
    /// The stable code: `unmappable` or `not-text`.
    pub const fn code(&self) -> &'static str {
        match self {
            CharsetEncodeError::Unmappable(_) => UnmappableError::CODE,
            CharsetEncodeError::NotText(_) => crate::error::EncodeError::CODE,
        }
    }

    /// The byte offset in the input it names.
    pub const fn offset(&self) -> usize {
        match self {
            CharsetEncodeError::Unmappable(e) => e.offset,
            CharsetEncodeError::NotText(e) => e.offset,
        }
    }
}

impl From<UnmappableError> for CharsetEncodeError {
    fn from(e: UnmappableError) -> Self {
        CharsetEncodeError::Unmappable(e)
    }
}

impl fmt::Display for CharsetEncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CharsetEncodeError::Unmappable(e) => e.fmt(f),
            CharsetEncodeError::NotText(e) => e.fmt(f),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CharsetEncodeError {}

impl Profile {
    /// Encodes `text` in `encoding`, then escapes the bytes; a character the encoding cannot
    /// represent becomes the escaped `&#NNNN;`, as browsers write queries and forms of pages
    /// in legacy encodings. Borrows `text` when nothing changes.
    ///
    /// ```
    /// use pctenc::charset::encoding_rs::{EUC_KR, WINDOWS_1252};
    /// use pctenc::profile::whatwg::{FORM, SPECIAL_QUERY};
    /// assert_eq!(SPECIAL_QUERY.encode_with("안녕", EUC_KR), "%BE%C8%B3%E7");
    /// assert_eq!(FORM.encode_with("café ☕", WINDOWS_1252), "caf%E9+%26%239749%3B");
    /// ```
    pub fn encode_with<'a>(&self, text: &'a str, encoding: &'static Encoding) -> Cow<'a, str> {
        if ascii_passes(text, encoding) {
            return self.encode(text);
        }
        let mut out = String::with_capacity(text.len() * 2 + 8);
        let _ = self.encode_with_impl(text, encoding, false, &mut out);
        Cow::Owned(out)
    }

    /// Appends what [`Profile::encode_with`] writes to `out`.
    ///
    /// ```
    /// use pctenc::charset::encoding_rs::BIG5;
    /// let mut s = String::from("q=");
    /// pctenc::profile::whatwg::FORM.encode_with_append("中文", BIG5, &mut s);
    /// assert_eq!(s, "q=%A4%A4%A4%E5");
    /// ```
    pub fn encode_with_append(&self, text: &str, encoding: &'static Encoding, out: &mut String) {
        let _ = self.encode_with_impl(text, encoding, false, out);
    }

    /// As [`Profile::encode_with`], but a character the encoding cannot represent is an error.
    ///
    /// ```
    /// use pctenc::charset::encoding_rs::SHIFT_JIS;
    /// let e = pctenc::profile::whatwg::FORM.try_encode_with("ab‽", SHIFT_JIS).unwrap_err();
    /// assert_eq!((e.ch, e.offset), ('‽', 2));
    /// ```
    ///
    /// # Errors
    /// [`UnmappableError`] naming the first unmappable character and its byte offset.
    pub fn try_encode_with<'a>(
        &self,
        text: &'a str,
        encoding: &'static Encoding,
    ) -> Result<Cow<'a, str>, UnmappableError> {
        if ascii_passes(text, encoding) {
            return Ok(self.encode(text));
        }
        let mut out = String::with_capacity(text.len() * 2 + 8);
        self.encode_with_impl(text, encoding, true, &mut out)?;
        Ok(Cow::Owned(out))
    }

    /// The algorithm; with `strict`, stops at the first unmappable character. On error `out`
    /// holds the encoding of the text before it.
    pub(crate) fn encode_with_impl(
        &self,
        text: &str,
        encoding: &'static Encoding,
        strict: bool,
        out: &mut String,
    ) -> Result<(), UnmappableError> {
        let mut encoder = encoding.output_encoding().new_encoder();
        self.encode_with_encoder(&mut encoder, text, true, strict, 0, out)
    }

    /// Runs `encoder` over `text` (a piece of a longer text when `last` is false), escaping
    /// its bytes into `out`. `base` is added to error offsets. UTF-8 is the profile's own
    /// encoding, so `encode_with(text, UTF_8) == encode(text)` for every profile (JavaScript's
    /// `escape` included).
    pub(crate) fn encode_with_encoder(
        &self,
        encoder: &mut encoding_rs::Encoder,
        text: &str,
        last: bool,
        strict: bool,
        base: usize,
        out: &mut String,
    ) -> Result<(), UnmappableError> {
        if encoder.encoding() == encoding_rs::UTF_8 {
            self.encode_append(text, out);
            return Ok(());
        }
        let mut sink = push_ascii(out);
        let mut buf = [0u8; 1024];
        let mut pos = 0;
        loop {
            let (result, read, written) =
                encoder.encode_from_utf8_without_replacement(&text[pos..], &mut buf, last);
            let _ = self.encode_bytes(&buf[..written], &mut sink);
            pos += read;
            match result {
                EncoderResult::InputEmpty => return Ok(()),
                EncoderResult::OutputFull => {}
                EncoderResult::Unmappable(ch) => {
                    if strict {
                        // The character the encoder read last. It may differ from `ch`: the
                        // ISO-2022-JP encoder reports ESC, SO and SI as U+FFFD.
                        let unmappable = text[..pos].chars().next_back().unwrap_or(ch);
                        let offset = base + pos - unmappable.len_utf8();
                        let encoding = encoder.encoding().name();
                        return Err(UnmappableError { ch: unmappable, offset, encoding });
                    }
                    let semicolon = match self.hex_case() {
                        HexCase::Upper => "%3B",
                        HexCase::Lower => "%3b",
                    };
                    let mut digits = [0u8; 10];
                    let _ = sink(b"%26%23");
                    let _ = sink(decimal(ch as u32, &mut digits));
                    let _ = sink(semicolon.as_bytes());
                }
            }
        }
    }
}

/// A sink that appends encoder output (ASCII by construction) to `out`.
fn push_ascii(out: &mut String) -> impl FnMut(&[u8]) -> Result<(), ()> + '_ {
    |b: &[u8]| {
        out.push_str(core::str::from_utf8(b).unwrap_or_default());
        Ok(())
    }
}

/// Whether `text` is ASCII that `encoding` writes as itself (so the UTF-8 path is exact).
/// ISO-2022-JP is the one output encoding that does not: it rejects ESC, SO and SI.
fn ascii_passes(text: &str, encoding: &'static Encoding) -> bool {
    let encoding = encoding.output_encoding();
    text.is_ascii()
        && (encoding.is_ascii_compatible()
            || !text.bytes().any(|b| matches!(b, 0x0E | 0x0F | 0x1B)))
}

/// The decimal digits of `n`.
fn decimal(mut n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn charset_encode_errors_show_their_cause() {
        let u = UnmappableError { ch: '€', offset: 3, encoding: "ISO-8859-2" };
        let shown = CharsetEncodeError::from(u).to_string();
        assert_eq!(
            shown,
            "unmappable character U+20AC '€' at byte 3: ISO-8859-2 cannot represent it"
        );
        let e = crate::error::EncodeError { offset: 5 };
        assert_eq!(CharsetEncodeError::NotText(e).to_string(), e.to_string());
        assert!(!e.to_string().is_empty());
    }
}
