//! Decoding with an encoding: escapes → bytes → text in a legacy encoding, and with detection.
//!
//! The escapes are decoded by the profile's policy (a malformed escape is an error or a
//! literal `%`, `+` is a space in forms), always as bytes: under a charset, `%XX` is a byte of
//! that charset. The bytes are then decoded by [`encoding_rs`] without BOM handling. Bytes that
//! are not valid in the encoding are an error naming the input offset of the escape or byte
//! where the invalid sequence starts ([`Invalid::Error`], as Python's `errors='strict'`), or
//! become U+FFFD ([`Invalid::Replace`], as browsers do).

use alloc::borrow::Cow;

use encoding_rs::{DecoderResult, Encoding};

use crate::error::DecodeError;
use crate::kernel::scalar;
use crate::profile::{Decoding, Profile, Unit, Utf8};

/// What decoding with an encoding does with bytes that are not valid in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Invalid {
    /// An error naming the offset: [`DecodeError::InvalidCharset`], or
    /// [`DecodeError::InvalidUtf8`] when the encoding is UTF-8.
    Error,
    /// Each malformed sequence becomes U+FFFD, as the Encoding Standard's decoders do.
    Replace,
}

/// Text decoded with a detected encoding; see [`Profile::decode_auto`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text.
    pub text: Cow<'a, str>,
    /// The encoding it was decoded with: UTF-8 when the bytes are UTF-8, else the guess.
    pub encoding: &'static Encoding,
}

impl Profile {
    /// Decodes the escapes of `input` to bytes, and the bytes as text in `encoding`.
    ///
    /// ```
    /// use pctenc::charset::{encoding_rs::WINDOWS_1251, Invalid};
    /// use pctenc::profile::whatwg::FORM;
    /// let t = FORM.decode_with("%CF%F0%E8%E2%E5%F2+%EC%E8%F0", WINDOWS_1251, Invalid::Error);
    /// assert_eq!(t.unwrap(), "Привет мир");
    /// ```
    ///
    /// # Errors
    /// The profile's escape errors ([`DecodeError::InvalidEscape`]...), and under
    /// [`Invalid::Error`] bytes that are not valid in `encoding`, with the input offset of the
    /// escape where the invalid sequence starts:
    ///
    /// ```
    /// use pctenc::charset::{encoding_rs::SHIFT_JIS, Invalid};
    /// use pctenc::{profile::rfc3986::RFC3986, DecodeError};
    /// let e = RFC3986.decode_with("ok%82%B1%82", SHIFT_JIS, Invalid::Error).unwrap_err();
    /// assert_eq!(e, DecodeError::InvalidCharset { offset: 8, encoding: "Shift_JIS" });
    /// assert_eq!(RFC3986.decode_with("%82%B1%82", SHIFT_JIS, Invalid::Replace).unwrap(), "こ\u{FFFD}");
    /// ```
    pub fn decode_with<'a, I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &'a I,
        encoding: &'static Encoding,
        invalid: Invalid,
    ) -> Result<Cow<'a, str>, DecodeError> {
        let input = input.as_ref();
        let bytes = match self.bytes_profile().decode(input) {
            Ok(bytes) => bytes,
            Err(e) if invalid == Invalid::Error => return Err(self.first_error(input, e, encoding)),
            Err(e) => return Err(e),
        };
        to_text(&byte_decoding(self), input, bytes, encoding, invalid)
    }

    /// The first error of `input` in input order, given `e`, the escape error decoding
    /// stopped at: a sequence invalid in `encoding` decoded before `e` comes first, as the
    /// streaming [`Decoder`](super::Decoder) finds it whatever the chunking. (A sequence
    /// that `e` cuts short is not yet invalid: a stream could not know it either.)
    fn first_error(
        &self,
        input: &[u8],
        e: DecodeError,
        encoding: &'static Encoding,
    ) -> DecodeError {
        let before = &input[..e.offset().min(input.len())];
        let Ok(bytes) = self.bytes_profile().decode(before) else { return e };
        match first_malformed(encoding, &bytes, false) {
            Some(at) => invalid_error(
                encoding,
                scalar::input_offset(&byte_decoding(self), Unit::Byte, before, at),
            ),
            None => e,
        }
    }

    /// Decodes the escapes of `input` to bytes; if they are not UTF-8, [`detect`]s their
    /// encoding; decodes them as text in it, and says which encoding that was.
    ///
    /// ```
    /// use pctenc::charset::Invalid;
    /// use pctenc::profile::whatwg::COMPONENT;
    /// let d = COMPONENT.decode_auto("%C4%8Cesk%C3%A1", Invalid::Error).unwrap();
    /// assert_eq!((&*d.text, d.encoding.name()), ("Česká", "UTF-8"));
    /// ```
    ///
    /// # Errors
    /// As [`Profile::decode_with`] with the detected encoding.
    ///
    /// [`detect`]: crate::charset::detect
    pub fn decode_auto<'a, I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &'a I,
        invalid: Invalid,
    ) -> Result<Decoded<'a>, DecodeError> {
        let input = input.as_ref();
        let bytes = self.bytes_profile().decode(input)?;
        let encoding = super::detect(&bytes);
        let text = to_text(&byte_decoding(self), input, bytes, encoding, invalid)?;
        Ok(Decoded { text, encoding })
    }

    /// This profile decoding escapes to bytes, one byte per escape.
    pub(crate) fn bytes_profile(&self) -> Profile {
        self.with_unit(Unit::Byte).with_output_utf8(Utf8::Bytes)
    }
}

/// The decode policy of [`Profile::bytes_profile`].
pub(crate) fn byte_decoding(p: &Profile) -> Decoding {
    Decoding { utf8: Utf8::Bytes, ..p.decoding() }
}

/// Decodes `bytes` (the decoding of `input` under `d`) as text in `encoding`.
fn to_text<'a>(
    d: &Decoding,
    input: &[u8],
    bytes: Cow<'a, [u8]>,
    encoding: &'static Encoding,
    invalid: Invalid,
) -> Result<Cow<'a, str>, DecodeError> {
    let text = match (&bytes, invalid) {
        (Cow::Borrowed(b), Invalid::Replace) => Some(encoding.decode_without_bom_handling(b).0),
        (Cow::Owned(v), Invalid::Replace) => {
            Some(Cow::Owned(encoding.decode_without_bom_handling(v).0.into_owned()))
        }
        (Cow::Borrowed(b), Invalid::Error) => {
            encoding.decode_without_bom_handling_and_without_replacement(b)
        }
        (Cow::Owned(v), Invalid::Error) => encoding
            .decode_without_bom_handling_and_without_replacement(v)
            .map(|t| Cow::Owned(t.into_owned())),
    };
    match text {
        Some(t) => Ok(t),
        None => {
            let at = first_malformed(encoding, &bytes, true).unwrap_or(bytes.len());
            Err(invalid_error(encoding, scalar::input_offset(d, Unit::Byte, input, at)))
        }
    }
}

/// The offset in `bytes` where the first sequence invalid in `encoding` starts, if any;
/// unless `last`, a sequence cut short at the end is not (yet) invalid.
fn first_malformed(encoding: &'static Encoding, bytes: &[u8], last: bool) -> Option<usize> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buf = [0u8; 1024];
    let mut total = 0;
    loop {
        let (result, read, _) =
            decoder.decode_to_utf8_without_replacement(&bytes[total..], &mut buf, last);
        total += read;
        match result {
            DecoderResult::InputEmpty => return None,
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(bad, after) => {
                return Some(malformed_start(total, bad, after));
            }
        }
    }
}

/// Where a malformed sequence starts, given how many bytes the decoder has read in all when
/// it reports `Malformed(bad, after)`: the `bad` bytes that precede the last `after` bytes.
pub(crate) fn malformed_start(read_total: usize, bad: u8, after: u8) -> usize {
    read_total.saturating_sub(after as usize + bad as usize)
}

/// The error for a sequence invalid in `encoding` at input `offset`.
pub(crate) fn invalid_error(encoding: &'static Encoding, offset: usize) -> DecodeError {
    if encoding == encoding_rs::UTF_8 {
        DecodeError::InvalidUtf8 { offset }
    } else {
        DecodeError::InvalidCharset { offset, encoding: encoding.name() }
    }
}
