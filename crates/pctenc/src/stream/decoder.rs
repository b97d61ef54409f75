//! [`Decoder`]: the chunked decoder.

use alloc::vec::Vec;

use crate::decode::utf8::{Carry, InputCheck, Piece};
use crate::error::DecodeError;
use crate::kernel::{self, scalar};
use crate::profile::{Decoding, Profile, Unit, Utf8};

/// The longest unfinished unit a chunk can end with: `%uD83D%uDE0` (a high surrogate and
/// most of its partner), eleven bytes.
const MAX_PENDING: usize = 11;
/// Bytes of the next chunk that always finish any unfinished unit.
const LOOKAHEAD: usize = 12;

/// Decodes a stream chunk by chunk; see the [module docs](crate::stream).
///
/// Under the UTF-8 policies that write invalid escapes back as they were written
/// ([`Utf8::KeepEscaped`](crate::Utf8::KeepEscaped), [`Utf8::Iri`](crate::Utf8::Iri)), the
/// decoder holds the input until [`Decoder::finish`]: which escapes stay depends on the
/// sequence they belong to, and the input of a carried sequence is not kept across chunks.
#[derive(Clone, Debug)]
pub struct Decoder {
    decoding: Decoding,
    unit: Unit,
    pending: [u8; MAX_PENDING],
    pending_len: usize,
    /// Absolute input offset of `pending[0]` (or of the next byte, when nothing is pending).
    offset: usize,
    carry: Carry,
    input_check: InputCheck,
    failed: Option<DecodeError>,
    /// The input not yet decoded, for the policies that need whole sequences (`safe_cut`).
    held: Option<Vec<u8>>,
}

impl Decoder {
    /// A decoder with `profile`'s decode policy.
    pub fn new(profile: &Profile) -> Decoder {
        Decoder {
            decoding: profile.decoding(),
            unit: profile.unit(),
            pending: [0; MAX_PENDING],
            pending_len: 0,
            offset: 0,
            carry: Carry::default(),
            input_check: InputCheck::default(),
            failed: None,
            held: profile.decoding().utf8.keeps_escapes().then(Vec::new),
        }
    }

    /// Input bytes consumed so far (the offset of the next byte of the stream).
    pub fn position(&self) -> usize {
        self.offset + self.pending_len + self.held.as_ref().map_or(0, Vec::len)
    }

    /// Decodes `chunk`, appending what is certain to `out`.
    ///
    /// # Errors
    /// The first [`DecodeError`] of the stream, with its offset from the stream's start;
    /// after it, every call returns the same error and appends nothing.
    pub fn push(&mut self, chunk: &[u8], out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.run(chunk, out, false)
    }

    /// Decodes what is left (an unfinished escape at the very end is malformed) and checks
    /// that no UTF-8 sequence was left unfinished.
    ///
    /// # Errors
    /// As [`Decoder::push`].
    pub fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), DecodeError> {
        self.run(&[], out, true)
    }

    fn run(&mut self, mut chunk: &[u8], out: &mut Vec<u8>, last: bool) -> Result<(), DecodeError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        if let Some(held) = &mut self.held {
            held.extend_from_slice(chunk);
            // Decode up to the last safe cut and keep only the rest, so memory stays bounded
            // (by the longest run of continuation bytes, which no valid input has).
            let cut = if last { held.len() } else { safe_cut(&self.decoding, self.unit, held) };
            let result = crate::decode::with_policy(self.unit, &self.decoding, &held[..cut], out)
                .map_err(|e| e.shifted(self.offset));
            self.offset += cut;
            held.drain(..cut);
            if let Err(e) = result {
                self.failed = Some(e);
            }
            return result;
        }
        let start = out.len();
        if self.decoding.utf8 == Utf8::Strict {
            self.input_check.feed(chunk, self.position(), last);
        }
        let result: Result<(), DecodeError> = (|| {
            if self.pending_len > 0 {
                // Finish the unfinished unit with the first bytes of this chunk.
                let mut joined = [0u8; MAX_PENDING + LOOKAHEAD];
                let take = chunk.len().min(LOOKAHEAD);
                let n = self.pending_len + take;
                joined[..self.pending_len].copy_from_slice(&self.pending[..self.pending_len]);
                joined[self.pending_len..n].copy_from_slice(&chunk[..take]);
                let read = self.piece(&joined[..n], out, last)?;
                if read < self.pending_len {
                    // Still unfinished: the chunk was too short to tell. What is left is one
                    // unfinished unit, so it fits.
                    let keep = n - read;
                    self.pending[..keep].copy_from_slice(&joined[read..n]);
                    self.offset += read;
                    self.pending_len = keep;
                    return Ok(());
                }
                chunk = &chunk[read - self.pending_len..];
                self.offset += read;
                self.pending_len = 0;
            }
            let read = self.piece(chunk, out, last)?;
            let rest = &chunk[read..];
            self.pending[..rest.len()].copy_from_slice(rest);
            self.pending_len = rest.len();
            self.offset += read;
            Ok(())
        })();
        // Under the strict policy the raw input must be text too (see decode::utf8). Its first
        // invalid byte is the error unless one before it shows up first, which can only come
        // from the output sequence still unfinished there.
        let result = match (result, self.input_check.found) {
            (Err(e), Some(x)) if x < e.offset() => Err(DecodeError::InvalidUtf8 { offset: x }),
            (Ok(()), Some(x)) if self.carry.pending_offset().is_none_or(|c| c >= x) => {
                Err(DecodeError::InvalidUtf8 { offset: x })
            }
            (result, _) => result,
        };
        if let Err(e) = result {
            out.truncate(start);
            self.failed = Some(e);
        }
        result
    }

    /// Decodes one contiguous piece of input, starting at `self.offset`, and applies the
    /// UTF-8 policy. Returns how many bytes it read.
    fn piece(&mut self, input: &[u8], out: &mut Vec<u8>, last: bool) -> Result<usize, DecodeError> {
        let seg = self.carry.put_back(out);
        let at = out.len();
        let progress = match kernel::decode_vec(&self.decoding, self.unit, input, out, last) {
            Ok(progress) => progress,
            Err(e) => {
                // The first error in input order: invalid UTF-8 before the bad escape, with
                // what was carried from earlier chunks, comes first (as in one-shot calls).
                let before = &input[..e.offset()];
                out.truncate(at);
                out.resize(at + before.len(), 0);
                let (d, unit) = (self.decoding, self.unit);
                if let Ok(p) = scalar::decode(&d, unit, before, &mut out[at..], false) {
                    out.truncate(at + p.written);
                    let piece = Piece { input: &before[..p.read], base: self.offset, last: false };
                    self.carry.check(&d, unit, piece, out, seg)?;
                }
                return Err(e.shifted(self.offset));
            }
        };
        let read = &input[..progress.read];
        let piece = Piece { input: read, base: self.offset, last };
        self.carry.check(&self.decoding, self.unit, piece, out, seg)?;
        Ok(progress.read)
    }
}

/// Where a stream whose policy keeps escapes ([`Utf8::KeepEscaped`], [`Utf8::Iri`]) can be
/// cut so that both parts decode as the whole would: before a decoding unit whose first
/// decoded byte is not a UTF-8 continuation byte (`80..BF`). Such a unit starts a new
/// sequence, so what comes before it is decided (complete, or invalid) without it. The units
/// are the decoder's own, read from the start of `held` (a unit boundary) with the kernel's
/// escape parser: a `%` whose escape the bytes held cannot decide yet (`%4`, `%uD8`) ends the
/// search, so no cut separates a `%` from the bytes that decide it (an invalid escape and a
/// truncated one are different errors). A `%` that the policy rejects fails the stream there:
/// everything held is decoded, and the error comes out. 0 if there is no cut yet.
fn safe_cut(d: &Decoding, unit: Unit, held: &[u8]) -> usize {
    let continuation = |b: u8| (0x80..=0xBF).contains(&b);
    let (mut i, mut cut) = (0, 0);
    while i < held.len() {
        // Every unit writes at least one byte (an escape decodes to one or more, a byte
        // kept as written is itself), so a unit's first output byte always exists.
        let (read, first) = match held[i] {
            b'%' => match scalar::escape(d, unit, held, i, false) {
                Ok(scalar::Step::Unit { read, bytes, .. }) => (read, bytes[0]),
                Ok(scalar::Step::Incomplete) => break,
                Err(_) => return held.len(),
            },
            b => (1, b),
        };
        if i > 0 && !continuation(first) {
            cut = i;
        }
        i += read;
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::by_name;
    use alloc::string::String;

    /// The kept-escapes policies hold at most a few bytes across pushes, whatever the size.
    #[test]
    fn kept_escapes_streaming_holds_little() {
        for name in ["dotnet-escapedatastring", "iri"] {
            let p = by_name(name).unwrap();
            let mut d = Decoder::new(p);
            let mut out = Vec::new();
            for chunk in
                ["%C3%A9a%FF%E2%82", "%AC%ED%A0%80", "x%F0%9F%98%80"].iter().cycle().take(3000)
            {
                d.push(chunk.as_bytes(), &mut out).unwrap();
                assert!(
                    d.held.as_ref().unwrap().len() <= 12,
                    "{name}: held {}",
                    d.held.as_ref().unwrap().len()
                );
            }
            d.finish(&mut out).unwrap();
            let whole: String = ["%C3%A9a%FF%E2%82", "%AC%ED%A0%80", "x%F0%9F%98%80"]
                .iter()
                .cycle()
                .take(3000)
                .copied()
                .collect();
            assert_eq!(out, p.decode(&whole).unwrap().into_owned(), "{name}");
        }
    }
}
