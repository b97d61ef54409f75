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
//! All of them go through `Profile::encode_to` (crate-private), which hands the output to a sink in
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
use crate::kernel::{self, scalar};
use crate::profile::{Profile, Unit, Utf8};

/// The most bytes that encoding `n` input bytes can write: `3 * n` (saturating), for UTF-8
/// input and input read as bytes (a lossy input policy writes up to nine bytes for each byte
/// that is not UTF-8).
///
/// ```
/// assert_eq!(pctenc::max_encoded_len(10), 30);
/// ```
pub const fn max_encoded_len(n: usize) -> usize {
    n.saturating_mul(3)
}

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
        let clean = kernel::clean_prefix(self, input);
        if clean == input.len() {
            return Cow::Borrowed(ascii(input));
        }
        if self.direct(input) {
            let mut out = Vec::with_capacity(kernel::encode_capacity(input.len()));
            kernel::encode_append_vec(self, input, &mut out);
            return Cow::Owned(String::from_utf8(out).expect("encoder output is ASCII"));
        }
        let mut out = String::with_capacity(input.len() + input.len() / 2 + 8);
        // The clean prefix is known: copy it and encode from the first byte that changes.
        out.push_str(ascii(&input[..clean]));
        self.encode_append(&input[clean..], &mut out);
        // Profiles that keep valid escapes or non-ASCII can leave the input as it was.
        if out.as_bytes() == input {
            return Cow::Borrowed(ascii(input));
        }
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
        if kernel::clean_prefix(self, input) == input.len() {
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
        // Straight into the string's spare capacity when nothing is copied around the byte
        // kernel: no staging buffer, no second pass for the clean prefix.
        if self.direct(input.as_ref()) {
            return kernel::encode_append_string(self, input.as_ref(), out);
        }
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
    ///
    /// The byte kernel's path (see `direct`) is inlined into the caller, as the per-value
    /// callers (the DuckDB extension's rows) want; the rest is a call of its own.
    #[inline]
    pub fn encode_append_vec<I: AsRef<[u8]> + ?Sized>(&self, input: &I, out: &mut Vec<u8>) {
        if self.direct(input.as_ref()) {
            return kernel::encode_append_vec(self, input.as_ref(), out);
        }
        self.encode_append_vec_staged(input.as_ref(), out);
    }

    /// [`Profile::encode_append_vec`] where the byte kernel cannot write straight into `out`.
    #[inline(never)]
    fn encode_append_vec_staged(&self, input: &[u8], out: &mut Vec<u8>) {
        let sink = |b: &[u8]| -> Result<(), ()> {
            out.extend_from_slice(b);
            Ok(())
        };
        let _ = self.encode_to(input, self.lenient_input(), 0, true, sink);
    }

    /// Encodes `input` into `out` and returns the number of bytes written.
    ///
    /// A slice of [`max_encoded_len`]`(input.len())` bytes is always enough for UTF-8 input
    /// and for input read as bytes. Under [`Utf8::Lossy`], each byte that is not UTF-8 is
    /// written as U+FFFD, up to nine bytes (`%EF%BF%BD`); [`OutputTooSmall::needed`] is then
    /// the exact length.
    ///
    /// ```
    /// let mut buf = [0u8; 16];
    /// let n = pctenc::profile::rfc3986::RFC3986.encode_into("a/b", &mut buf).unwrap();
    /// assert_eq!(&buf[..n], b"a%2Fb");
    /// ```
    ///
    /// # Errors
    /// [`OutputTooSmall`] with the exact encoded length if the encoding does not fit; `out`
    /// then holds a prefix of it.
    pub fn encode_into<I: AsRef<[u8]> + ?Sized>(
        &self,
        input: &I,
        out: &mut [u8],
    ) -> Result<usize, OutputTooSmall> {
        let input = input.as_ref();
        let mut w = 0usize;
        let sink = |b: &[u8]| -> Result<(), ()> {
            out.get_mut(w..w + b.len()).ok_or(())?.copy_from_slice(b);
            w += b.len();
            Ok(())
        };
        match self.encode_to(input, self.lenient_input(), 0, true, sink) {
            Ok(_) => Ok(w),
            Err(Stop::Sink(())) => {
                // Lossy input can exceed `max_encoded_len`: count the exact length.
                let mut needed = 0usize;
                let count = |b: &[u8]| -> Result<(), ()> {
                    needed += b.len();
                    Ok(())
                };
                let _ = self.encode_to(input, self.lenient_input(), 0, true, count);
                Err(OutputTooSmall { needed })
            }
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

    /// Whether the byte kernel alone writes this profile's encoding of bytes it may take: each
    /// byte is one unit and nothing is copied around the kernel (kept escapes, kept non-ASCII
    /// text).
    #[inline]
    fn kernel_only(&self) -> bool {
        self.unit() == Unit::Byte && !self.keeps_valid_escapes() && !self.keeps_non_ascii()
    }

    /// Whether `input` can go straight through the byte kernel into a vector: the kernel
    /// alone writes the encoding, and the input policy leaves the bytes as they are.
    #[inline]
    fn direct(&self, input: &[u8]) -> bool {
        self.kernel_only()
            && (self.lenient_input() == Utf8::Bytes || core::str::from_utf8(input).is_ok())
    }

    /// Whether every input goes straight through the byte kernel ([`Profile::direct`] for
    /// any input: the input is read as bytes), and nothing the kernel writes can fail a
    /// check (the input need not be text).
    #[inline]
    pub(crate) fn encodes_bytes_directly(&self) -> bool {
        self.kernel_only() && self.input_utf8() == Utf8::Bytes
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
        if self.bytewise(policy) {
            self.encode_bytes(input, &mut sink).map_err(Stop::Sink)?;
            return Ok(input.len());
        }
        // A valid escape that the end of a chunk cuts short must wait for its hex digits.
        let input = if self.keeps_valid_escapes() && !last {
            &input[..input.len() - unfinished_escape(input)]
        } else {
            input
        };
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
            self.encode_text(valid, policy, base + pos, &mut sink)?;
            pos += valid.len();
            match bad {
                None => return Ok(pos),
                Some(0) => return Ok(pos),
                Some(n) => {
                    let bytes = &input[pos..pos + n];
                    match policy {
                        // Latin-1 reads every byte as a character: nothing is invalid.
                        _ if self.unit() == Unit::Latin1 => {
                            self.encode_bytes(bytes, &mut sink).map_err(Stop::Sink)?;
                        }
                        Utf8::Strict => {
                            return Err(Stop::Input(EncodeError { offset: base + pos }));
                        }
                        // Byte by byte: for `js-escape`, %XX is then read back as U+00XX.
                        Utf8::Bytes => self.encode_bytes(bytes, &mut sink).map_err(Stop::Sink)?,
                        _ => self.encode_text("\u{FFFD}", policy, base + pos, &mut sink)?,
                    }
                    pos += n;
                }
            }
        }
    }

    /// Encodes valid text in the profile's unit; `base` is the offset of `text` in the
    /// caller's input (for errors).
    fn encode_text<E>(
        &self,
        text: &str,
        policy: Utf8,
        base: usize,
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), Stop<E>> {
        match self.unit() {
            Unit::Byte | Unit::ByteOrU16 if self.keeps_non_ascii() => {
                let mut rest = text;
                while !rest.is_empty() {
                    let ascii_len = rest.bytes().position(|b| b >= 0x80).unwrap_or(rest.len());
                    self.encode_bytes(&rest.as_bytes()[..ascii_len], sink).map_err(Stop::Sink)?;
                    rest = &rest[ascii_len..];
                    let text_len = rest.find(|c: char| c.is_ascii()).unwrap_or(rest.len());
                    if text_len > 0 {
                        sink(&rest.as_bytes()[..text_len]).map_err(Stop::Sink)?;
                    }
                    rest = &rest[text_len..];
                }
                Ok(())
            }
            Unit::Byte | Unit::ByteOrU16 => {
                self.encode_bytes(text.as_bytes(), sink).map_err(Stop::Sink)
            }
            Unit::Utf16 => self.encode_utf16(text, sink).map_err(Stop::Sink),
            Unit::Latin1 => self.encode_latin1(text, policy, base, sink),
        }
    }

    /// The byte kernel: the clean prefix as it is, then blocks through the table. Where the
    /// profile keeps valid escapes, each is copied as it is between kernel runs.
    pub(crate) fn encode_bytes<E>(
        &self,
        input: &[u8],
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        if !self.keeps_valid_escapes() {
            return self.encode_run(input, sink);
        }
        let mut rest = input;
        while let Some(at) = next_valid_escape(rest) {
            self.encode_run(&rest[..at], sink)?;
            sink(&rest[at..at + 3])?;
            rest = &rest[at + 3..];
        }
        self.encode_run(rest, sink)
    }

    /// The table alone over `input`.
    fn encode_run<E>(
        &self,
        input: &[u8],
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let clean = kernel::clean_prefix(self, input);
        if clean > 0 {
            sink(&input[..clean])?;
        }
        for block in input[clean..].chunks(scalar::BLOCK) {
            kernel::encode_block(self, block, sink)?;
        }
        Ok(())
    }

    /// Perl's `uri_escape`: characters up to U+00FF as one Latin-1 `%XX`; a character above
    /// is an error under [`Utf8::Strict`], and its UTF-8 bytes (as `uri_escape_utf8`) otherwise.
    fn encode_latin1<E>(
        &self,
        text: &str,
        policy: Utf8,
        base: usize,
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), Stop<E>> {
        let mut run_start = 0;
        for (i, c) in text.char_indices() {
            if c.is_ascii() {
                continue;
            }
            self.encode_bytes(&text.as_bytes()[run_start..i], sink).map_err(Stop::Sink)?;
            if (c as u32) < 0x100 {
                self.encode_bytes(&[c as u8], sink).map_err(Stop::Sink)?;
            } else if policy == Utf8::Strict {
                return Err(Stop::Input(EncodeError { offset: base + i }));
            } else {
                self.encode_bytes(c.encode_utf8(&mut [0u8; 4]).as_bytes(), sink)
                    .map_err(Stop::Sink)?;
            }
            run_start = i + c.len_utf8();
        }
        self.encode_bytes(&text.as_bytes()[run_start..], sink).map_err(Stop::Sink)
    }

    /// `escape`: ASCII through the table; U+0080..U+00FF as `%XX`; above, `%uXXXX` per
    /// UTF-16 code unit.
    fn encode_utf16<E>(
        &self,
        text: &str,
        sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let digits = self.hex_case().digits();
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

/// Encoder output is text by construction: every piece is kept ASCII bytes, `+`, `%XX`, or
/// (for profiles that keep non-ASCII text) whole UTF-8 characters of valid input. The check
/// costs one fast pass and keeps the crate free of `unsafe`.
fn ascii(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).expect("encoder output is text")
}

/// The offset of the first `%` HEXDIG HEXDIG in `input`.
fn next_valid_escape(input: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = memchr::memchr(b'%', &input[from..]) {
        let at = from + k;
        match input.get(at + 1..at + 3) {
            Some(&[h, l]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => return Some(at),
            _ => from = at + 1,
        }
    }
    None
}

/// How many bytes at the end of `input` could be the start of a valid escape: `%` or `%X`.
fn unfinished_escape(input: &[u8]) -> usize {
    match input {
        [.., b'%'] => 1,
        [.., b'%', h] if h.is_ascii_hexdigit() => 2,
        _ => 0,
    }
}
