//! `--charset`: one record through the library's streaming charset codecs
//! ([`pctenc::charset::Encoder`], [`Decoder`], [`Detector`]), in bounded memory.
//!
//! With a named charset the record streams straight through. With `--charset auto` the
//! encoding must be known before the first character is written, so the record's input is
//! held while its escapes are decoded to bytes for the [`Detector`], until the record ends
//! or [`DETECT_PREFIX`] input bytes have been seen (then the guess over that prefix stands);
//! the held input then goes through a [`Decoder`] for the chosen encoding, and the rest of
//! the record streams. A record is never held beyond the prefix and one read block.
//!
//! With `explain`, the chosen encoding's name and a TAB are written before the record's
//! text: `Shift_JIS<TAB>こんにちは`.

use pctenc::charset::{
    CharsetEncodeError, Decoder, Detector, Encoder, Encoding, Invalid, UnmappableError,
};
use pctenc::{DecodeError, EncodeError, Profile, Unit, Utf8};

/// Input bytes of a record that `--charset auto` looks at before it decides.
pub const DETECT_PREFIX: usize = 64 << 10;

/// Why a charset codec rejected a record.
#[derive(Clone, Copy, Debug)]
pub enum CharsetError {
    /// A character the encoding cannot represent (`--strict`).
    Unmappable(UnmappableError),
    /// Input to encode that is not UTF-8 (`not-text`: a charset encodes text).
    NotText(EncodeError),
    /// An escape error, or bytes invalid in the encoding.
    Decode(DecodeError),
}

/// One record's charset codec.
#[derive(Debug)]
pub struct CharsetCodec {
    kind: Kind,
    /// The library's codecs write text; it is copied into the engine's byte buffer.
    text: String,
    explain: bool,
}

#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Kind {
    Encode(Encoder),
    Decode { decoder: Decoder, started: bool },
    Auto(Auto),
}

/// `--charset auto` for one record: detecting, then decoding.
#[derive(Debug)]
struct Auto {
    profile: Profile,
    invalid: Invalid,
    /// Escapes to bytes, for the detector.
    bytes: pctenc::stream::Decoder,
    detector: Option<Detector>,
    /// The record's input so far, while detecting.
    held: Vec<u8>,
    scratch: Vec<u8>,
    /// Set once the encoding is chosen.
    decoder: Option<Decoder>,
}

impl CharsetCodec {
    /// An encoder for `encoding`; `strict` makes unmappable characters errors, `invalid`
    /// says what input that is not UTF-8 does (`not-text`, or U+FFFD with `utf8=lossy`).
    pub fn encoder(
        profile: &Profile,
        encoding: &'static Encoding,
        strict: bool,
        invalid: Invalid,
    ) -> Self {
        let encoder = Encoder::new(profile, encoding, strict).with_invalid(invalid);
        Self::with(Kind::Encode(encoder), false)
    }

    /// A decoder for `encoding`.
    pub fn decoder(
        profile: &Profile,
        encoding: &'static Encoding,
        invalid: Invalid,
        explain: bool,
    ) -> Self {
        let decoder = Decoder::new(profile, encoding, invalid);
        Self::with(Kind::Decode { decoder, started: false }, explain)
    }

    /// A decoder that detects the encoding.
    pub fn auto(profile: &Profile, invalid: Invalid, explain: bool) -> Self {
        let bytes_profile = profile.with_unit(Unit::Byte).with_output_utf8(Utf8::Bytes);
        Self::with(
            Kind::Auto(Auto {
                profile: *profile,
                invalid,
                bytes: pctenc::stream::Decoder::new(&bytes_profile),
                detector: Some(Detector::new()),
                held: Vec::new(),
                scratch: Vec::new(),
                decoder: None,
            }),
            explain,
        )
    }

    fn with(kind: Kind, explain: bool) -> Self {
        CharsetCodec { kind, text: String::new(), explain }
    }

    /// The encoding the record is decoded with, once it is known.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        match &self.kind {
            Kind::Encode(_) => None,
            Kind::Decode { decoder, .. } => Some(decoder.encoding()),
            Kind::Auto(a) => a.decoder.as_ref().map(Decoder::encoding),
        }
    }

    /// Feeds the next bytes of the record, appending output to `out`.
    pub fn push(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), CharsetError> {
        self.run(data, out, false)
    }

    /// Ends the record.
    pub fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), CharsetError> {
        self.run(&[], out, true)
    }

    fn run(&mut self, data: &[u8], out: &mut Vec<u8>, last: bool) -> Result<(), CharsetError> {
        self.text.clear();
        let explain = self.explain;
        let text = &mut self.text;
        let result = match &mut self.kind {
            Kind::Encode(e) => {
                let r = if last { e.finish(text) } else { e.push(data, text) };
                r.map_err(|e| match e {
                    CharsetEncodeError::Unmappable(e) => CharsetError::Unmappable(e),
                    CharsetEncodeError::NotText(e) => CharsetError::NotText(e),
                })
            }
            Kind::Decode { decoder, started } => {
                if explain && !std::mem::replace(started, true) {
                    text.push_str(decoder.encoding().name());
                    text.push('\t');
                }
                let r = if last { decoder.finish(text) } else { decoder.push(data, text) };
                r.map_err(CharsetError::Decode)
            }
            Kind::Auto(a) => a.run(data, text, last, explain).map_err(CharsetError::Decode),
        };
        out.extend_from_slice(self.text.as_bytes());
        result
    }
}

impl Auto {
    fn run(
        &mut self,
        data: &[u8],
        text: &mut String,
        last: bool,
        explain: bool,
    ) -> Result<(), DecodeError> {
        if self.decoder.is_none() {
            self.held.extend_from_slice(data);
            self.scratch.clear();
            let escapes = if last {
                self.bytes.finish(&mut self.scratch)
            } else {
                self.bytes.push(data, &mut self.scratch)
            };
            if let Some(d) = &mut self.detector {
                d.feed(&self.scratch);
            }
            // A malformed escape ends detection: the decoder reports it with its offset.
            let decide = last || escapes.is_err() || self.held.len() >= DETECT_PREFIX;
            if !decide {
                return Ok(());
            }
            let encoding = match self.detector.take() {
                Some(d) if last && escapes.is_ok() => d.finish(),
                Some(d) => d.guess(),
                None => pctenc::charset::encoding_rs::UTF_8,
            };
            let mut decoder = Decoder::new(&self.profile, encoding, self.invalid);
            if explain {
                text.push_str(encoding.name());
                text.push('\t');
            }
            let held = std::mem::take(&mut self.held);
            let pushed = decoder.push(&held, text);
            self.decoder = Some(decoder);
            pushed?;
            return match self.decoder.as_mut() {
                Some(d) if last => d.finish(text),
                _ => Ok(()),
            };
        }
        match self.decoder.as_mut() {
            Some(d) if last => d.finish(text),
            Some(d) => d.push(data, text),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pctenc::profile::rfc3986::RFC3986;

    fn auto(pieces: &[&[u8]], explain: bool) -> (Result<(), CharsetError>, String) {
        let mut c = CharsetCodec::auto(RFC3986, Invalid::Error, explain);
        let mut out = Vec::new();
        let mut r = Ok(());
        for p in pieces {
            r = r.and_then(|()| c.push(p, &mut out));
        }
        r = r.and_then(|()| c.finish(&mut out));
        (r, String::from_utf8(out).unwrap())
    }

    #[test]
    fn auto_detects_at_the_end_of_a_short_record() {
        let (r, out) = auto(&[b"%82%B1%82%F1%82", b"%C9%82%BF%82%CD"], true);
        assert!(r.is_ok());
        assert_eq!(out, "Shift_JIS\tこんにちは");
        let (r, out) = auto(&[b"caf%C3%A9"], false);
        assert!(r.is_ok());
        assert_eq!(out, "café");
    }

    #[test]
    fn auto_decides_after_the_prefix_and_streams_the_rest() {
        let piece = "%82%B1%82%F1%82%C9%82%BF%82%CD".repeat(1000);
        let pieces = [piece.as_bytes(); 10];
        let mut c = CharsetCodec::auto(RFC3986, Invalid::Error, false);
        let mut out = Vec::new();
        for (i, p) in pieces.iter().enumerate() {
            c.push(p, &mut out).unwrap();
            // Detection ends once the prefix is seen; the held input is gone.
            let decided = (i + 1) * piece.len() >= DETECT_PREFIX;
            assert_eq!(c.encoding().is_some(), decided, "piece {i}");
        }
        c.finish(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "こんにちは".repeat(10_000));
    }

    #[test]
    fn auto_reports_escape_errors_with_their_offset() {
        let (r, _) = auto(&[b"%82%B1", b"%zz"], false);
        assert!(
            matches!(r, Err(CharsetError::Decode(DecodeError::InvalidEscape { offset: 6 }))),
            "{r:?}"
        );
    }
}
