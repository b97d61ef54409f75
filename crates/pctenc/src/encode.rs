//! Encoding: one loop, every output shape.
//!
//! | method | output | allocates |
//! |---|---|---|
//! | [`Profile::encode`] | `Cow<str>`, borrowing the input when nothing changes | only if changed |
//! | [`Profile::try_encode`] | as `encode`, but input that is not UTF-8 is an error where the profile says so | only if changed |
//! | [`Profile::encode_append`] | appends to a `String` | if capacity is short |
//! | [`Profile::encode_append_vec`] | appends to a `Vec<u8>` | if capacity is short |
//! | [`Profile::encode_into`] | into a `&mut [u8]` of [`max_encoded_len`] bytes | never |
//! | [`Profile::display`] | lazy [`Display`](core::fmt::Display) | never |
//!
//! All of them go through `Profile::encode_to`, which hands the output to a sink in
//! pieces: the clean prefix of the input as it is, then blocks encoded by the kernel.
//!
//! # Input that is not UTF-8
//!
//! `&str` input is always text. For `&[u8]` input, the profile's [`input_utf8`] policy says
//! what happens to invalid sequences: [`Utf8::Bytes`] escapes each byte, [`Utf8::Lossy`]
//! encodes U+FFFD in their place (as a JavaScript or browser string would hold), and
//! [`Utf8::Strict`] is an error in [`Profile::try_encode`] and the streaming encoder. The
//! infallible methods read `Strict` as `Bytes`.
//!
//! [`input_utf8`]: Profile::input_utf8

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::error::{EncodeError, OutputTooSmall};
use crate::kernel::scalar;
use crate::profile::{HexCase, Profile, Unit, Utf8, HEX_LOWER, HEX_UPPER};

/// The most bytes that encoding `n` input bytes can write: `3 * n` (saturating).
///
/// ```
/// assert_eq!(pctenc::max_encoded_len(10), 30);
/// ```
pub const fn max_encoded_len(n: usize) -> usize {
    n.saturating_mul(3)
}

/// Inputs up to this many bytes (after the clean prefix) are encoded through a small stack
/// buffer instead of a whole kernel block.
const SHORT: usize = 128;

/// Why a sink-driven encode stopped.
pub(crate) enum Stop<E> {
    /// The sink failed.
    Sink(E),
    /// The input is not UTF-8 and the policy is strict.
    Input(EncodeError),
}

impl Profile {
    /// Encodes `input`, borrowing it when nothing needs escaping.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use pctenc::profile::rfc3986::RFC3986;
    /// assert!(matches!(RFC3986.encode("plain"), Cow::Borrowed("plain")));
    /// assert_eq!(RFC3986.encode("a b"), "a%20b");
    /// assert_eq!(RFC3986.encode(b"\xff"), "%FF");
    /// ```
    pub fn encode<'a, I: AsRef<[u8]> + ?Sized>(&self, input: &'a I) -> Cow<'a, str> {
        let input = input.as_ref();
        let clean = scalar::clean_prefix(self.table(), input);
        if clean == input.len() {
            return Cow::Borrowed(ascii(input));
        }
        let mut out = String::with_capacity(input.len() + input.len() / 2 + 8);
        // The clean prefix is known: copy it and encode from the first byte that changes.
        out.push_str(ascii(&input[..clean]));
        self.encode_append(&input[clean..], &mut out);
        Cow::Owned(out)
    }

    /// Encodes `input`, failing where the profile's input policy is [`Utf8::Strict`] and the
    /// input is not UTF-8 (as JavaScript's `encodeURIComponent` throws on a lone surrogate).
    ///
    /// ```
    /// use pctenc::profile::js::COMPONENT;
    /// assert_eq!(COMPONENT.try_encode(b"a\xffb").unwrap_err().offset, 1);
    /// assert_eq!(COMPONENT.try_encode("é").unwrap(), "%C3%A9");
    /// ```
    ///
    /// # Errors
    /// [`EncodeError`] with the offset of the first invalid byte.
    pub fn try_encode<'a, I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &'a I,
    ) -> Result<Cow<'a, str>, EncodeError> {
        let input = input.as_ref();
        if scalar::clean_prefix(self.table(), input) == input.len() {
            return Ok(Cow::Borrowed(ascii(input)));
        }
        let mut out = String::with_capacity(input.len() + input.len() / 2 + 8);
        let sink = |b: &[u8]| -> Result<(), ()> {
            out.push_str(ascii(b));
            Ok(())
        };
        match self.encode_to(input, self.input_utf8(), 0, true, sink) {
            Ok(_) => Ok(Cow::Owned(out)),
            Err(Stop::Input(e)) => Err(e),
            Err(Stop::Sink(())) => unreachable!("a String sink does not fail"),
        }
    }

    /// Appends the encoding of `input` to `out`.
    ///
    /// ```
    /// let mut s = String::from("q=");
    /// pctenc::profile::whatwg::FORM.encode_append("a b", &mut s);
    /// assert_eq!(s, "q=a+b");
    /// ```
    pub fn encode_append<I: AsRef<[u8]> + ?Sized>(&self, input: &I, out: &mut String) {
        let sink = |b: &[u8]| -> Result<(), ()> {
            out.push_str(ascii(b));
            Ok(())
        };
        let _ = self.encode_to(input.as_ref(), self.lenient_input(), 0, true, sink);
    }

    /// Appends the encoding of `input` to a byte vector.
    ///
    /// ```
    /// let mut v = b"x=".to_vec();
    /// pctenc::profile::rfc3986::RFC3986.encode_append_vec("é", &mut v);
    /// assert_eq!(v, b"x=%C3%A9");
    /// ```
    pub fn encode_append_vec<I: AsRef<[u8]> + ?Sized>(&self, input: &I, out: &mut Vec<u8>) {
        let sink = |b: &[u8]| -> Result<(), ()> {
            out.extend_from_slice(b);
            Ok(())
        };
        let _ = self.encode_to(input.as_ref(), self.lenient_input(), 0, true, sink);
    }

    /// Encodes `input` into `out` and returns the number of bytes written.
    ///
    /// A slice of [`max_encoded_len`]`(input.len())` bytes is always enough.
    ///
    /// ```
    /// let mut buf = [0u8; 16];
    /// let n = pctenc::profile::rfc3986::RFC3986.encode_into("a/b", &mut buf).unwrap();
    /// assert_eq!(&buf[..n], b"a%2Fb");
    /// ```
    ///
    /// # Errors
    /// [`OutputTooSmall`] if the encoding does not fit; `out` then holds a prefix of it.
    pub fn encode_into<I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &I,
        out: &mut [u8],
    ) -> Result<usize, OutputTooSmall> {
        let input = input.as_ref();
        let mut w = 0usize;
        let sink = |b: &[u8]| -> Result<(), OutputTooSmall> {
            let dst = out
                .get_mut(w..w + b.len())
                .ok_or(OutputTooSmall { needed: max_encoded_len(input.len()) })?;
            dst.copy_from_slice(b);
            w += b.len();
            Ok(())
        };
        match self.encode_to(input, self.lenient_input(), 0, true, sink) {
            Ok(_) => Ok(w),
            Err(Stop::Sink(e)) => Err(e),
            Err(Stop::Input(_)) => unreachable!("lenient input policy never fails"),
        }
    }

    /// A lazy [`Display`](core::fmt::Display) of the encoding: nothing is allocated.
    ///
    /// ```
    /// let p = pctenc::profile::rfc3986::SEGMENT;
    /// assert_eq!(format!("/files/{}", p.display("a b/c")), "/files/a%20b%2Fc");
    /// ```
    pub fn display<'a, I: AsRef<[u8]> + ?Sized>(&'a self, input: &'a I) -> Display<'a> {
        Display { profile: self, input: input.as_ref() }
    }

    /// The input policy of the infallible methods: `Strict` cannot fail there, so it is read
    /// as `Bytes`.
    fn lenient_input(&self) -> Utf8 {
        match self.input_utf8() {
            Utf8::Strict => Utf8::Bytes,
            policy => policy,
        }
    }

    /// Encodes `input` under `policy`, handing the output to `sink` in pieces.
    ///
    /// With `last == false`, a UTF-8 sequence that the end of `input` cuts short is left
    /// unread (where the policy needs whole characters); the return value is how many bytes
    /// were read. `base` is added to error offsets.
    pub(crate) fn encode_to<E>(
        &self,
        input: &[u8],
        policy: Utf8,
        base: usize,
        last: bool,
        mut sink: impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<usize, Stop<E>> {
        if self.unit() == Unit::Byte && policy == Utf8::Bytes {
            self.encode_bytes(input, &mut sink).map_err(Stop::Sink)?;
            return Ok(input.len());
        }
        let mut pos = 0;
        loop {
            let (valid, bad) = match core::str::from_utf8(&input[pos..]) {
                Ok(s) => (s, None),
                Err(e) => {
                    let v = e.valid_up_to();
                    let valid = core::str::from_utf8(&input[pos..pos + v]).unwrap_or_default();
                    match e.error_len() {
                        None if !last => (valid, Some(0)),
                        None => (valid, Some(input.len() - pos - v)),
                        Some(n) => (valid, Some(n)),
                    }
                }
            };
            self.encode_text(valid, &mut sink).map_err(Stop::Sink)?;
            pos += valid.len();
            match bad {
                None => return Ok(pos),
                Some(0) => return Ok(pos),
                Some(n) => {
                    match policy {
                        Utf8::Strict => {
                            return Err(Stop::Input(EncodeError { offset: base + pos }));
                        }
                        Utf8::Lossy => self.encode_text("\u{FFFD}", &mut sink),
                        // Byte by byte: for `js-escape`, %XX is then read back as U+00XX.
                        Utf8::Bytes => self.encode_bytes(&input[pos..pos + n], &mut sink),
                    }
                    .map_err(Stop::Sink)?;
                    pos += n;
                }
            }
        }
    }

    /// Encodes valid text in the profile's unit.
    fn encode_text<E>(
        &self,
        text: &str,
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        match self.unit() {
            Unit::Byte => self.encode_bytes(text.as_bytes(), sink),
            Unit::Utf16 => self.encode_utf16(text, sink),
        }
    }

    /// The byte kernel: the clean prefix as it is, then blocks through the table.
    fn encode_bytes<E>(
        &self,
        input: &[u8],
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let table = self.table();
        let clean = scalar::clean_prefix(table, input);
        if clean > 0 {
            sink(&input[..clean])?;
        }
        let rest = &input[clean..];
        if rest.len() <= SHORT {
            // Short input: a small buffer, so a 64-byte call does not zero 6 KiB of stack.
            let mut buf = [0u8; scalar::encode_slice_len(SHORT)];
            let n = scalar::encode_slice(table, rest, &mut buf);
            return if n > 0 { sink(&buf[..n]) } else { Ok(()) };
        }
        let mut buf: scalar::EncodeBuf = [0; 3 * scalar::BLOCK + 1];
        for block in rest.chunks(scalar::BLOCK) {
            let n = scalar::encode_block(table, block, &mut buf);
            sink(&buf[..n])?;
        }
        Ok(())
    }

    /// `escape`: ASCII through the table; U+0080..U+00FF as `%XX`; above, `%uXXXX` per
    /// UTF-16 code unit.
    fn encode_utf16<E>(
        &self,
        text: &str,
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let digits = match self.hex_case() {
            HexCase::Upper => HEX_UPPER,
            HexCase::Lower => HEX_LOWER,
        };
        let mut rest = text;
        while !rest.is_empty() {
            let ascii_len = rest.bytes().position(|b| b >= 0x80).unwrap_or(rest.len());
            self.encode_bytes(&rest.as_bytes()[..ascii_len], sink)?;
            rest = &rest[ascii_len..];
            let non_ascii = rest.find(|c: char| c.is_ascii()).unwrap_or(rest.len());
            let mut buf = [0u8; 256];
            let mut w = 0;
            for c in rest[..non_ascii].chars() {
                if w + 12 > buf.len() {
                    sink(&buf[..w])?;
                    w = 0;
                }
                if (c as u32) < 0x100 {
                    let b = c as usize;
                    buf[w..w + 3].copy_from_slice(&[b'%', digits[b >> 4], digits[b & 15]]);
                    w += 3;
                } else {
                    for unit in c.encode_utf16(&mut [0u16; 2]) {
                        let u = *unit as usize;
                        buf[w..w + 6].copy_from_slice(&[
                            b'%',
                            b'u',
                            digits[u >> 12],
                            digits[u >> 8 & 15],
                            digits[u >> 4 & 15],
                            digits[u & 15],
                        ]);
                        w += 6;
                    }
                }
            }
            if w > 0 {
                sink(&buf[..w])?;
            }
            rest = &rest[non_ascii..];
        }
        Ok(())
    }
}

/// A lazy encoding; see [`Profile::display`].
#[derive(Clone, Copy)]
pub struct Display<'a> {
    profile: &'a Profile,
    input: &'a [u8],
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let policy = self.profile.lenient_input();
        match self.profile.encode_to(self.input, policy, 0, true, |b| f.write_str(ascii(b))) {
            Ok(_) => Ok(()),
            Err(Stop::Sink(e)) => Err(e),
            Err(Stop::Input(_)) => Err(fmt::Error),
        }
    }
}

impl fmt::Debug for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Encoder output is ASCII by construction: every byte is a kept ASCII byte, `+`, `%` or a
/// hex digit. The check costs one fast pass and keeps the crate free of `unsafe`.
fn ascii(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).expect("encoder output is ASCII")
}
