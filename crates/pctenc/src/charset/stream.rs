//! [`Encoder`] and [`Decoder`]: encoding and decoding with an encoding, chunk by chunk, in
//! bounded memory.
//!
//! Both carry what a chunk boundary cuts (a UTF-8 sequence, an escape, a multi-byte
//! character, ISO-2022-JP's shift state) to the next chunk, so the output is that of the
//! one-shot methods whatever the chunk sizes. The decoder keeps at most a few dozen bytes of
//! input for error offsets, however long the stream.

use alloc::string::String;
use alloc::vec::Vec;

use encoding_rs::{CoderResult, DecoderResult, Encoding};

use super::decode::{byte_decoding, invalid_error, malformed_start};
use super::{CharsetEncodeError, Invalid};
use crate::error::{DecodeError, EncodeError};
use crate::kernel::scalar::{self, Step};
use crate::profile::{Decoding, Profile, Unit};

/// Decoded bytes whose input is kept for error offsets: more than the longest malformed
/// sequence plus the bytes an encoding_rs decoder reads past it.
const KEEP: usize = 32;

/// Decodes escapes of bytes in a legacy encoding to text, chunk by chunk.
///
/// Two streaming decoders in a row: the library's [`stream::Decoder`](crate::stream::Decoder)
/// turns escapes into bytes (an escape cut by a chunk boundary waits for the next chunk), and
/// an [`encoding_rs::Decoder`] turns bytes into text (a multi-byte character cut in two waits
/// likewise). The output is exactly that of [`Profile::decode_with`] on the whole input,
/// whatever the chunk sizes, error offsets included: to name the input offset of an invalid
/// sequence, the decoder keeps the input of the last few decoded bytes, not the whole stream.
///
/// ```
/// use pctenc::charset::{encoding_rs::EUC_KR, Decoder, Invalid};
/// let mut d = Decoder::new(&pctenc::profile::whatwg::FORM, EUC_KR, Invalid::Error);
/// let mut out = String::new();
/// for chunk in [&b"%BE%C8%B3"[..], b"%E7+%C7%CF%BC%BC", b"%BF%E4"] {
///     d.push(chunk, &mut out).unwrap();
/// }
/// d.finish(&mut out).unwrap();
/// assert_eq!(out, "안녕 하세요");
/// ```
#[derive(Debug)]
pub struct Decoder {
    escapes: crate::stream::Decoder,
    text: encoding_rs::Decoder,
    encoding: &'static Encoding,
    invalid: Invalid,
    decoding: Decoding,
    origins: Origins,
    bytes: Vec<u8>,
    /// Decoded bytes handed to `text` so far.
    fed: usize,
    failed: Option<DecodeError>,
}

impl Decoder {
    /// A decoder with `profile`'s escape policy, decoding bytes as `encoding`.
    pub fn new(profile: &Profile, encoding: &'static Encoding, invalid: Invalid) -> Decoder {
        Decoder {
            escapes: crate::stream::Decoder::new(&profile.bytes_profile()),
            text: encoding.new_decoder_without_bom_handling(),
            encoding,
            invalid,
            decoding: byte_decoding(profile),
            origins: Origins::default(),
            bytes: Vec::new(),
            fed: 0,
            failed: None,
        }
    }

    /// The invalid sequence decoded before escape error `e` of `chunk`, if any, else `e`.
    /// `saved` is the escape decoder as it was before `chunk`.
    fn first_error(
        &mut self,
        mut saved: crate::stream::Decoder,
        chunk: &[u8],
        e: DecodeError,
    ) -> DecodeError {
        let upto = e.offset().saturating_sub(saved.position()).min(chunk.len());
        let mut bytes = Vec::new();
        if saved.push(&chunk[..upto], &mut bytes).is_err() {
            return e;
        }
        let mut scratch = String::new();
        let mut src = 0;
        loop {
            let rest = &bytes[src..];
            scratch.clear();
            scratch.reserve(
                self.text.max_utf8_buffer_length(rest.len()).unwrap_or(1 << 20).clamp(16, 1 << 20),
            );
            let (r, read) =
                self.text.decode_to_string_without_replacement(rest, &mut scratch, false);
            if let DecoderResult::Malformed(bad, after) = r {
                let at = malformed_start(self.fed + src + read, bad, after);
                return invalid_error(self.encoding, self.origins.locate(&self.decoding, at));
            }
            src += read;
            if r == DecoderResult::InputEmpty {
                return e;
            }
        }
    }

    /// The encoding the bytes are decoded as.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Decodes `chunk`, appending the text that is certain to `out`.
    ///
    /// # Errors
    /// The first [`DecodeError`] of the stream, with its offset from the stream's start;
    /// after it, every call returns the same error and appends nothing.
    pub fn push(&mut self, chunk: &[u8], out: &mut String) -> Result<(), DecodeError> {
        self.run(chunk, out, false)
    }

    /// Decodes what is left: an unfinished escape or character at the end is malformed.
    ///
    /// # Errors
    /// As [`Decoder::push`].
    pub fn finish(&mut self, out: &mut String) -> Result<(), DecodeError> {
        self.run(&[], out, true)
    }

    fn run(&mut self, chunk: &[u8], out: &mut String, last: bool) -> Result<(), DecodeError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let result = rolled_back(out, |out| self.step(chunk, out, last));
        self.failed = result.err();
        result
    }

    fn step(&mut self, chunk: &[u8], out: &mut String, last: bool) -> Result<(), DecodeError> {
        self.origins.input.extend_from_slice(chunk);
        self.bytes.clear();
        // An escape error is reported only if no invalid sequence precedes it (as
        // `Profile::decode_with` does): the escape decoder's state before this chunk decodes
        // the chunk's bytes up to the error again.
        let before = (self.invalid == Invalid::Error).then(|| self.escapes.clone());
        let pushed = if last {
            self.escapes.finish(&mut self.bytes)
        } else {
            self.escapes.push(chunk, &mut self.bytes)
        };
        if let Err(e) = pushed {
            return Err(before.map_or(e, |saved| self.first_error(saved, chunk, e)));
        }
        let mut src = 0;
        loop {
            let rest = &self.bytes[src..];
            let need = self.text.max_utf8_buffer_length(rest.len()).unwrap_or(1 << 20);
            out.reserve(need.clamp(16, 1 << 20));
            let (done, read) = match self.invalid {
                Invalid::Error => {
                    let (r, read) = self.text.decode_to_string_without_replacement(rest, out, last);
                    if let DecoderResult::Malformed(bad, after) = r {
                        let at = malformed_start(self.fed + src + read, bad, after);
                        let offset = self.origins.locate(&self.decoding, at);
                        return Err(invalid_error(self.encoding, offset));
                    }
                    (r == DecoderResult::InputEmpty, read)
                }
                Invalid::Replace => {
                    let (r, read, _) = self.text.decode_to_string(rest, out, last);
                    (r == CoderResult::InputEmpty, read)
                }
            };
            src += read;
            if done {
                break;
            }
        }
        self.fed += self.bytes.len();
        self.origins.trim(&self.decoding, self.fed.saturating_sub(KEEP));
        Ok(())
    }
}

/// Encodes text in a legacy encoding and escapes it, chunk by chunk: the streaming form of
/// [`Profile::encode_with`] and [`Profile::try_encode_with`].
///
/// Input chunks are bytes: a UTF-8 sequence cut by a chunk boundary waits for the next chunk.
/// Bytes that are not UTF-8 are read as U+FFFD, as the Encoding Standard's decoders read
/// them (no legacy encoding maps it, so it is written as the escaped `&#65533;`, or is an
/// error naming the offset of the invalid byte when strict), or, with
/// [`Encoder::with_invalid`]`(`[`Invalid::Error`]`)`, are the `not-text` error at their
/// offset: what every front end of the contract does, since a charset encodes text.
///
/// ```
/// use pctenc::charset::{encoding_rs::ISO_2022_JP, CharsetEncodeError, Encoder, Invalid};
/// let mut e = Encoder::new(&pctenc::profile::whatwg::SPECIAL_QUERY, ISO_2022_JP, false);
/// let mut out = String::new();
/// let text = "日本".as_bytes();
/// e.push(&text[..4], &mut out).unwrap(); // cuts 本 in two
/// e.push(&text[4..], &mut out).unwrap();
/// e.finish(&mut out).unwrap();
/// assert_eq!(out, "%1B$BF|K\\%1B(B");
///
/// let mut e = Encoder::new(&pctenc::profile::whatwg::SPECIAL_QUERY, ISO_2022_JP, false)
///     .with_invalid(Invalid::Error);
/// let err = e.push(b"ab\xFFc", &mut out).unwrap_err();
/// assert_eq!((err.code(), err.offset()), ("not-text", 2));
/// ```
#[derive(Debug)]
pub struct Encoder {
    profile: Profile,
    encoder: encoding_rs::Encoder,
    strict: bool,
    carry: [u8; 4],
    carry_len: usize,
    /// The start of an escape the profile keeps (`%` or `%` and one hex digit) at the end of
    /// the last chunk, held back until the next chunk says whether it is a valid escape.
    held: [u8; 2],
    held_len: usize,
    /// Stream offset of the next input byte (of `carry[0]` or `held[0]` when something is
    /// carried or held).
    offset: usize,
    /// What bytes that are not UTF-8 do: U+FFFD, or the `not-text` error.
    invalid: Invalid,
    failed: Option<CharsetEncodeError>,
}

impl Encoder {
    /// An encoder writing `encoding`'s output encoding, escaped by `profile`; with `strict`,
    /// an unmappable character is an error instead of the escaped `&#NNNN;`.
    pub fn new(profile: &Profile, encoding: &'static Encoding, strict: bool) -> Encoder {
        Encoder {
            profile: *profile,
            encoder: encoding.output_encoding().new_encoder(),
            strict,
            carry: [0; 4],
            carry_len: 0,
            held: [0; 2],
            held_len: 0,
            offset: 0,
            invalid: Invalid::Replace,
            failed: None,
        }
    }

    /// With bytes that are not UTF-8 read as U+FFFD ([`Invalid::Replace`], the default) or
    /// the `not-text` error at their offset ([`Invalid::Error`]).
    pub fn with_invalid(mut self, invalid: Invalid) -> Encoder {
        self.invalid = invalid;
        self
    }

    /// Encodes `chunk`, appending the escapes that are certain to `out`.
    ///
    /// # Errors
    /// When strict, the first unmappable character of the stream, with its offset from the
    /// stream's start; with [`Invalid::Error`], the first byte that is not UTF-8. What this
    /// call appended is taken back, and after it every call returns the same error.
    pub fn push(&mut self, chunk: &[u8], out: &mut String) -> Result<(), CharsetEncodeError> {
        self.run(chunk, out, false)
    }

    /// Encodes what is left (an unfinished UTF-8 sequence is invalid UTF-8, as above) and
    /// ends the encoder's state (ISO-2022-JP returns to ASCII).
    ///
    /// # Errors
    /// As [`Encoder::push`].
    pub fn finish(&mut self, out: &mut String) -> Result<(), CharsetEncodeError> {
        self.run(&[], out, true)
    }

    fn run(
        &mut self,
        chunk: &[u8],
        out: &mut String,
        last: bool,
    ) -> Result<(), CharsetEncodeError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let result = rolled_back(out, |out| self.step(chunk, out, last));
        self.failed = result.err();
        result
    }

    fn step(
        &mut self,
        mut chunk: &[u8],
        out: &mut String,
        last: bool,
    ) -> Result<(), CharsetEncodeError> {
        // A held escape start is read again in front of this chunk.
        if self.held_len > 0 {
            let mut joined = Vec::with_capacity(self.held_len + chunk.len());
            joined.extend_from_slice(&self.held[..self.held_len]);
            joined.extend_from_slice(chunk);
            self.held_len = 0;
            return self.step(&joined, out, last);
        }
        // Finish a carried sequence with the first bytes of this chunk.
        while self.carry_len > 0 {
            let Some((&b, rest)) = chunk.split_first() else { break };
            self.carry[self.carry_len] = b;
            self.carry_len += 1;
            chunk = rest;
            let (carried, n) = (self.carry, self.carry_len);
            match core::str::from_utf8(&carried[..n]) {
                Ok(s) => {
                    self.carry_len = 0;
                    self.text(s, n, false, out)?;
                }
                Err(e) => {
                    if let Some(bad) = e.error_len() {
                        // The carried sequence is invalid: one U+FFFD for its maximal
                        // subpart, and the bytes after it are read again.
                        self.carry_len = 0;
                        self.invalid_utf8(bad, out)?;
                        self.step(&carried[bad..n], out, false)?;
                    }
                }
            }
        }
        // The bytes read again after a bad carried sequence may have ended in a held escape
        // start: it goes in front of the rest of this chunk.
        if self.held_len > 0 {
            return self.step(chunk, out, last);
        }
        let mut pos = 0;
        while pos < chunk.len() {
            let rest = &chunk[pos..];
            let (valid, bad) = match core::str::from_utf8(rest) {
                Ok(s) => (s, None),
                Err(e) => {
                    let valid = core::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or_default();
                    (valid, Some(e.error_len()))
                }
            };
            // A profile that keeps valid escapes cannot know yet whether `%` or `%X` at the
            // end of the chunk starts one: it waits for the next chunk.
            let held = if bad.is_none() && !last { self.escape_start(valid) } else { 0 };
            let valid = &valid[..valid.len() - held];
            self.text(valid, valid.len(), false, out)?;
            pos += valid.len();
            if held > 0 {
                self.held[..held].copy_from_slice(&rest[valid.len()..]);
                self.held_len = held;
                pos = chunk.len();
            }
            match bad {
                None => {}
                Some(Some(n)) => {
                    self.invalid_utf8(n, out)?;
                    pos += n;
                }
                Some(None) => {
                    let tail = &chunk[pos..];
                    self.carry[..tail.len()].copy_from_slice(tail);
                    self.carry_len = tail.len();
                    pos = chunk.len();
                }
            }
        }
        if last {
            if self.carry_len > 0 {
                let n = self.carry_len;
                self.carry_len = 0;
                self.invalid_utf8(n, out)?;
            }
            self.text("", 0, true, out)?;
        }
        Ok(())
    }

    /// How many bytes at the end of `s` may start an escape that the profile keeps: 1 for a
    /// final `%`, 2 for `%` and a hex digit, else 0.
    fn escape_start(&self, s: &str) -> usize {
        if !self.profile.keeps_valid_escapes() {
            return 0;
        }
        match s.as_bytes() {
            [.., b'%'] => 1,
            [.., b'%', h] if h.is_ascii_hexdigit() => 2,
            _ => 0,
        }
    }

    /// The next `read` input bytes are not UTF-8: U+FFFD, or the `not-text` error.
    fn invalid_utf8(&mut self, read: usize, out: &mut String) -> Result<(), CharsetEncodeError> {
        match self.invalid {
            Invalid::Replace => self.text("\u{FFFD}", read, false, out),
            Invalid::Error => Err(CharsetEncodeError::NotText(EncodeError { offset: self.offset })),
        }
    }

    /// Encodes `s`, which stands for the next `read` input bytes.
    fn text(
        &mut self,
        s: &str,
        read: usize,
        last: bool,
        out: &mut String,
    ) -> Result<(), CharsetEncodeError> {
        let base = self.offset;
        self.profile.encode_with_encoder(&mut self.encoder, s, last, self.strict, base, out)?;
        self.offset += read;
        Ok(())
    }
}

/// Runs `step` on `out`, taking back what it appended if it fails: a failed call of a
/// stream appends nothing.
fn rolled_back<E>(
    out: &mut String,
    step: impl FnOnce(&mut String) -> Result<(), E>,
) -> Result<(), E> {
    let start = out.len();
    let result = step(out);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// The input behind the most recent decoded bytes, starting at an escape boundary.
#[derive(Clone, Debug, Default)]
struct Origins {
    input: Vec<u8>,
    /// Stream offset of `input[0]`.
    input_start: usize,
    /// Decoded-byte position of the unit at `input[0]`.
    decoded_start: usize,
}

impl Origins {
    /// The input offset of the unit that wrote decoded byte `at` (at most `KEEP` back).
    fn locate(&self, d: &Decoding, at: usize) -> usize {
        let pos = at.saturating_sub(self.decoded_start);
        self.input_start + scalar::input_offset(d, Unit::Byte, &self.input, pos)
    }

    /// Forgets the input of whole units that wrote only decoded bytes before `keep_from`.
    fn trim(&mut self, d: &Decoding, keep_from: usize) {
        let (mut i, mut w) = (0usize, self.decoded_start);
        while i < self.input.len() {
            let (read, written) = match self.input[i] {
                b'%' => match scalar::escape(d, Unit::Byte, &self.input, i, true) {
                    Ok(Step::Unit { read, written, .. }) => (read, written),
                    _ => (1, 1),
                },
                _ => (1, 1),
            };
            if w + written > keep_from {
                break;
            }
            i += read;
            w += written;
        }
        self.input.drain(..i);
        self.input_start += i;
        self.decoded_start = w;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charset::UnmappableError;
    use crate::profile::{rfc3986::RFC3986, whatwg::FORM};

    /// Every split of `input` into two or three chunks gives the one-shot result.
    fn splits_agree(p: &Profile, input: &[u8], e: &'static Encoding, invalid: Invalid) {
        let whole = p.decode_with(input, e, invalid).map(|t| t.into_owned());
        for i in 0..=input.len() {
            for j in i..=input.len() {
                let mut d = Decoder::new(p, e, invalid);
                let mut out = String::new();
                let r = d
                    .push(&input[..i], &mut out)
                    .and_then(|()| d.push(&input[i..j], &mut out))
                    .and_then(|()| d.push(&input[j..], &mut out))
                    .and_then(|()| d.finish(&mut out));
                assert_eq!(r.map(|()| out), whole, "split {i}/{j} of {input:?}");
            }
        }
    }

    #[test]
    fn chunked_equals_one_shot() {
        use encoding_rs::{BIG5, EUC_JP, GB18030, ISO_2022_JP, SHIFT_JIS, UTF_8, WINDOWS_1251};
        let cases: &[(&[u8], &'static Encoding)] = &[
            (b"%82%B1%82%F1x%82%C9%82", SHIFT_JIS),
            (b"a%A4%A4%A4%E5+%FF%FF", BIG5),
            (b"%81%30%81%30%81%30%81", GB18030),
            (b"%1B$B%24%33%1B(B%1B$", ISO_2022_JP),
            (b"%A4%B3%A4%F3%8E", EUC_JP),
            (b"%CF%F0%98", WINDOWS_1251),
            (b"%E2%82%AC%E2%82+%C3", UTF_8),
        ];
        for &(input, e) in cases {
            for p in [RFC3986, FORM] {
                splits_agree(p, input, e, Invalid::Error);
                splits_agree(p, input, e, Invalid::Replace);
            }
        }
    }

    #[test]
    fn chunked_encoder_equals_one_shot() {
        use encoding_rs::{BIG5, ISO_2022_JP, SHIFT_JIS, UTF_8, WINDOWS_1252};
        let texts: &[&[u8]] =
            &[b"a\xE6\x97\xA5\xE6\x9C\xAC\xE2\x82\xAC \xFF\xE2\x82x\xE2", "日本€ é".as_bytes()];
        for &text in texts {
            let lossy = String::from_utf8_lossy(text);
            for e in [SHIFT_JIS, ISO_2022_JP, BIG5, WINDOWS_1252, UTF_8] {
                for strict in [false, true] {
                    let whole = if strict {
                        FORM.try_encode_with(&lossy, e).map(|c| c.into_owned())
                    } else {
                        Ok(FORM.encode_with(&lossy, e).into_owned())
                    };
                    for i in 0..=text.len() {
                        for j in i..=text.len() {
                            let mut enc = Encoder::new(FORM, e, strict);
                            let mut out = String::new();
                            let r = enc
                                .push(&text[..i], &mut out)
                                .and_then(|()| enc.push(&text[i..j], &mut out))
                                .and_then(|()| enc.push(&text[j..], &mut out))
                                .and_then(|()| enc.finish(&mut out))
                                .map(|()| out);
                            match (&r, &whole) {
                                (Ok(a), Ok(b)) => assert_eq!(a, b, "{} split {i}/{j}", e.name()),
                                // The one-shot offset counts the lossy text; the stream counts
                                // input bytes. The character is the same.
                                (Err(CharsetEncodeError::Unmappable(a)), Err(b)) => {
                                    assert_eq!(a.ch, b.ch)
                                }
                                _ => panic!("{} split {i}/{j}: {r:?} vs {whole:?}", e.name()),
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn encoder_offsets_count_input_bytes() {
        let mut enc = Encoder::new(FORM, encoding_rs::SHIFT_JIS, true);
        let mut out = String::new();
        enc.push("日".as_bytes(), &mut out).unwrap();
        enc.push(b"\xFFa\xE2\x82", &mut out).unwrap_err();
        assert_eq!(enc.finish(&mut out).unwrap_err().offset(), 3);
        let mut enc = Encoder::new(FORM, encoding_rs::SHIFT_JIS, true);
        enc.push("日€".as_bytes(), &mut out).unwrap_err();
        assert_eq!(
            enc.finish(&mut out).unwrap_err(),
            UnmappableError { ch: '€', offset: 3, encoding: "Shift_JIS" }.into()
        );
    }

    /// With `Invalid::Error`, bytes that are not UTF-8 are `not-text` at their offset, also
    /// when a chunk boundary cuts the sequence or the stream ends inside it; without, U+FFFD.
    #[test]
    fn encoder_not_text_names_the_byte() {
        let run = |invalid, pieces: &[&[u8]]| {
            let mut enc = Encoder::new(FORM, encoding_rs::SHIFT_JIS, false).with_invalid(invalid);
            let mut out = String::new();
            pieces
                .iter()
                .try_for_each(|p| enc.push(p, &mut out))
                .and_then(|()| enc.finish(&mut out))
                .map(|()| out)
                .map_err(|e| (e.code(), e.offset()))
        };
        for (pieces, at) in [
            (&[&b"\xE6\x97\xA5a\xFFb"[..]][..], 4),
            (&[&b"ab\xE2"[..], b"\x82z"], 2),
            (&[&b"ab"[..], b"c\xE2\x82"], 3),
            (&[&b"%4"[..], b"1\x80"], 3),
        ] {
            assert_eq!(run(Invalid::Error, pieces), Err(("not-text", at)), "{pieces:?}");
            assert!(run(Invalid::Replace, pieces).unwrap().contains("%26%2365533%3B"));
        }
    }

    /// Text longer than one output reservation (1 MiB) is decoded in several rounds, each
    /// going on where the last stopped; an invalid sequence in a later round still gets its
    /// offset in the input, both when the decoder meets it and when an escape error after it
    /// sends the decoder back to look for it (an escape error is reported only if no invalid
    /// sequence precedes it).
    #[test]
    fn offsets_past_one_reservation() {
        let at = 1_200_000;
        let mut input = alloc::vec![b'x'; at];
        input.extend_from_slice(b"%82%FFtail");
        for tail in [&b""[..], b"%zz"] {
            let input = [&input[..], tail].concat();
            let one_shot = RFC3986.decode_with(&input, encoding_rs::SHIFT_JIS, Invalid::Error);
            let one_shot = one_shot.unwrap_err();
            assert_eq!((one_shot.code(), one_shot.offset()), ("invalid-charset", at));
            let mut d = Decoder::new(RFC3986, encoding_rs::SHIFT_JIS, Invalid::Error);
            let mut out = String::new();
            let e = d.push(&input, &mut out).and_then(|()| d.finish(&mut out)).unwrap_err();
            assert_eq!(e, one_shot, "tail {tail:?}");
        }
        input.truncate(at);
        input.extend_from_slice(b"%82%B1");
        let mut d = Decoder::new(RFC3986, encoding_rs::SHIFT_JIS, Invalid::Error);
        let mut out = String::new();
        d.push(&input, &mut out).and_then(|()| d.finish(&mut out)).unwrap();
        assert!(
            out == RFC3986.decode_with(&input, encoding_rs::SHIFT_JIS, Invalid::Error).unwrap()
        );
    }

    /// The encoder holds back only the end of a chunk that may begin an escape the profile
    /// keeps (`%`, `%` and a hex digit): the rest of what `push` was given is in `out`.
    #[test]
    fn encoder_holds_back_only_a_possible_escape() {
        use crate::profile::protocols::IRI;
        for (chunk, now) in [("a%z", "a%25z"), ("a%", "a"), ("a%4", "a"), ("a%4g", "a%254g")] {
            let mut enc = Encoder::new(IRI, encoding_rs::UTF_8, true);
            let mut out = String::new();
            enc.push(chunk.as_bytes(), &mut out).unwrap();
            assert_eq!(out, now, "after push({chunk:?})");
            enc.finish(&mut out).unwrap();
            assert_eq!(out, IRI.encode_with(chunk, encoding_rs::UTF_8), "after finish");
        }
    }

    #[test]
    fn long_input_keeps_little() {
        let mut d = Decoder::new(RFC3986, encoding_rs::SHIFT_JIS, Invalid::Error);
        let mut out = String::new();
        for _ in 0..1000 {
            d.push(b"%82%B1%82%F1", &mut out).unwrap();
        }
        assert!(d.origins.input.len() <= 3 * KEEP + 12, "{}", d.origins.input.len());
        let e = d.push(b"%82", &mut out).and_then(|()| d.finish(&mut out)).unwrap_err();
        assert_eq!(e.offset(), 12_000);
    }
}
