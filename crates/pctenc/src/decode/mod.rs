//! Decoding: the profile's policy, applied by one kernel, in every output shape.
//!
//! | method | output | allocates |
//! |---|---|---|
//! | [`Profile::decode`] | `Cow<[u8]>`, borrowing the input when nothing changes | only if changed |
//! | [`Profile::decode_str`] | `Cow<str>` (invalid UTF-8 is an error or U+FFFD, never kept) | only if changed |
//! | [`Profile::decode_append`] | appends to a `Vec<u8>` | if capacity is short |
//! | [`Profile::decode_into`] | into a `&mut [u8]` of `input.len()` bytes | only to repair invalid UTF-8 under [`Utf8::Lossy`] |
//! | [`Decoder`](crate::stream::Decoder) | streaming, chunk by chunk | its output vector |
//!
//! # Strict vs lenient
//!
//! The WHATWG URL Standard's percent-decode never fails: a `%` that is not followed by two
//! hex digits is a literal `%`. That is right for a browser, which must show *something*, and
//! wrong for a server that must not guess: `100%` and `%zz` are not escapes, and a decoder that
//! silently keeps them lets two parties read one input two ways. So each profile says which
//! its source does ([`Malformed`](crate::Malformed)), and the caller can override it
//! (`--strict`, `--lenient`). Strict errors name the offset of the `%`.
//!
//! # `+` is a space only in forms
//!
//! `+` means space in application/x-www-form-urlencoded, and nowhere else: in a path, `+` is
//! a plus. Only the profiles of form dialects set [`Decoding::plus_as_space`].
//!
//! [`Decoding::plus_as_space`]: crate::Decoding::plus_as_space

pub mod repeat;
pub(crate) mod utf8;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{DecodeError, DecodeSliceError, OutputTooSmall};
use crate::kernel;
use crate::profile::{Decoding, Profile, Unit, Utf8};

impl Profile {
    /// Decodes `input` under the profile's policy, borrowing it when nothing changes.
    ///
    /// ```
    /// use pctenc::profile::{rfc3986::RFC3986, whatwg::QUERY};
    /// assert_eq!(RFC3986.decode("a%20b").unwrap(), &b"a b"[..]);
    /// assert_eq!(RFC3986.decode("100%").unwrap_err().offset(), 3); // strict: not an escape
    /// assert_eq!(QUERY.decode("100%").unwrap(), &b"100%"[..]); // WHATWG: literal '%'
    /// ```
    ///
    /// # Errors
    /// [`DecodeError`] under [`Malformed::Reject`](crate::Malformed::Reject) or
    /// [`Utf8::Strict`], with the offset in `input`.
    pub fn decode<'a, I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &'a I,
    ) -> Result<Cow<'a, [u8]>, DecodeError> {
        decode_cow(self, self.decoding(), input.as_ref())
    }

    /// Decodes `input` to text. Decoded bytes that are not UTF-8 are an error under
    /// [`Utf8::Strict`] and U+FFFD otherwise (a `str` cannot hold them).
    ///
    /// ```
    /// use pctenc::profile::whatwg::FORM;
    /// assert_eq!(FORM.decode_str("caf%C3%A9+%FF").unwrap(), "café \u{FFFD}");
    /// ```
    ///
    /// # Errors
    /// As [`Profile::decode`].
    pub fn decode_str<'a, I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &'a I,
    ) -> Result<Cow<'a, str>, DecodeError> {
        let mut d = self.decoding();
        if d.utf8 == Utf8::Bytes {
            d.utf8 = Utf8::Lossy;
        }
        // Kept escapes are text; raw bytes that are not UTF-8 become U+FFFD below.
        Ok(match decode_cow(self, d, input.as_ref())? {
            Cow::Borrowed(b) => String::from_utf8_lossy(b),
            Cow::Owned(v) => Cow::Owned(
                String::from_utf8(v)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            ),
        })
    }

    /// Appends the decoding of `input` to `out`. On error, `out` is left as it was.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// pctenc::profile::js::COMPONENT.decode_append("%E2%82%AC", &mut v).unwrap();
    /// assert_eq!(v, "€".as_bytes());
    /// ```
    ///
    /// # Errors
    /// As [`Profile::decode`].
    #[inline]
    pub fn decode_append<I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &I,
        out: &mut Vec<u8>,
    ) -> Result<(), DecodeError> {
        with_policy(self.unit(), self.policy(), input.as_ref(), out)
    }

    /// Decodes `input` into `out` and returns the number of bytes written.
    ///
    /// `out` needs `input.len()` bytes: decoding never writes more than it reads, except
    /// that [`Utf8::Lossy`] may replace an invalid byte by the three bytes of U+FFFD.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let n = pctenc::profile::rfc3986::RFC3986.decode_into("a%2Fb", &mut buf).unwrap();
    /// assert_eq!(&buf[..n], b"a/b");
    /// ```
    ///
    /// # Errors
    /// [`DecodeSliceError::Decode`] as [`Profile::decode`];
    /// [`DecodeSliceError::OutputTooSmall`] if `out` is shorter than `input` or the repaired
    /// output does not fit.
    pub fn decode_into<I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &I,
        out: &mut [u8],
    ) -> Result<usize, DecodeSliceError> {
        let input = input.as_ref();
        let d = self.decoding();
        let too_small = |needed| DecodeSliceError::OutputTooSmall(OutputTooSmall { needed });
        // A lossy repair writes at most three bytes (U+FFFD) per input byte.
        let enough = match d.utf8 {
            Utf8::Lossy | Utf8::LossyJava => input.len().saturating_mul(3),
            _ => input.len(),
        };
        let dst = out.get_mut(..input.len()).ok_or(too_small(enough))?;
        let written = kernel::decode_slice(&d, self.unit(), input, dst, true)
            .map_err(|e| utf8::first_error(&d, self.unit(), input, e))?
            .written;
        match utf8::check(&d, self.unit(), input, &out[..written])? {
            None => Ok(written),
            Some(repaired) => {
                let dst = out.get_mut(..repaired.len()).ok_or(too_small(repaired.len()))?;
                dst.copy_from_slice(&repaired);
                Ok(repaired.len())
            }
        }
    }
}

/// Whether decoding can change `input` at all.
fn has_escapes(d: &Decoding, input: &[u8]) -> bool {
    memchr::memchr(b'%', input).is_some()
        || (d.plus_as_space && memchr::memchr(b'+', input).is_some())
}

fn decode_cow<'a>(p: &Profile, d: Decoding, input: &'a [u8]) -> Result<Cow<'a, [u8]>, DecodeError> {
    if !has_escapes(&d, input) {
        return Ok(match utf8::check(&d, p.unit(), input, input)? {
            Some(repaired) if repaired != input => Cow::Owned(repaired),
            _ => Cow::Borrowed(input),
        });
    }
    let mut out = Vec::new();
    with_policy(p.unit(), &d, input, &mut out)?;
    // A `%` passed through or an escape kept as written changes nothing: borrow then too.
    if out == input {
        return Ok(Cow::Borrowed(input));
    }
    Ok(Cow::Owned(out))
}

/// Appends the decoding of the whole of `input` under the policy `d` to `out`; on error
/// `out` is as it was. The kernel decodes the escapes (a short value in one step, inlined
/// here: see `kernel::decode_vec`), then the UTF-8 policy applies to what it wrote. What the
/// public `decode_append` does, with the policy of the caller's choice (the batch API's and
/// the streaming decoder's).
#[inline(always)]
pub(crate) fn with_policy(
    unit: Unit,
    d: &Decoding,
    input: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), DecodeError> {
    let start = out.len();
    if let Err(e) = kernel::decode_vec(d, unit, input, out, true) {
        return Err(failed(d, unit, input, out, start, e));
    }
    if d.utf8 == Utf8::Bytes {
        return Ok(());
    }
    apply_utf8(d, unit, input, out, start)
}

/// [`with_policy`]'s error: `out` truncated to `start`, and the first error in input order.
#[cold]
#[inline(never)]
fn failed(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut Vec<u8>,
    start: usize,
    e: DecodeError,
) -> DecodeError {
    out.truncate(start);
    utf8::first_error(d, unit, input, e)
}

/// Applies `d.utf8` to `out[start..]`, the decoding of `input`; on error `out` is truncated
/// to `start`.
#[inline(never)]
fn apply_utf8(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut Vec<u8>,
    start: usize,
) -> Result<(), DecodeError> {
    match utf8::check(d, unit, input, &out[start..]) {
        Ok(None) => Ok(()),
        Ok(Some(repaired)) => {
            out.truncate(start);
            out.extend_from_slice(&repaired);
            Ok(())
        }
        Err(e) => {
            out.truncate(start);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_offsets_count_from_the_input_start() {
        let mut input = Vec::new();
        input.extend(core::iter::repeat_n(b"%41".as_slice(), 3000).flatten());
        input.extend_from_slice(b"%G1");
        let mut out = Vec::new();
        let e = crate::profile::rfc3986::RFC3986.decode_append(&input, &mut out).unwrap_err();
        assert_eq!(e, DecodeError::InvalidEscape { offset: 9000 });
        assert!(out.is_empty());
    }

    #[test]
    fn a_value_that_decoding_leaves_as_it_is_comes_back_borrowed() {
        use crate::profile::{protocols::IRI, rfc3986::RFC3986, whatwg::FORM};
        let same: [(&Profile, &str); 5] = [
            (RFC3986, "plain"),
            (FORM, "a b"),
            // An escape the IRI mapping keeps as written.
            (IRI, "a%2Fb"),
            // A raw bidi control, which an IRI must not show but has no escape to restore:
            // the UTF-8 policy rewrites the value to the same bytes.
            (IRI, "a\u{202e}b"),
            (IRI, "%E2%80%AE\u{202e}"),
        ];
        for (p, input) in same {
            let out = p.decode(input).unwrap();
            assert_eq!(out, input.as_bytes(), "{input:?}");
            assert!(matches!(out, Cow::Borrowed(_)), "{input:?} came back copied");
        }
        let changed = IRI.decode("%C3%A9\u{202e}").unwrap();
        assert_eq!(changed, "é\u{202e}".as_bytes());
        assert!(matches!(changed, Cow::Owned(_)));
    }
}
