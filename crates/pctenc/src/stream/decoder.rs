//! [`Decoder`]: the chunked decoder.

use alloc::vec::Vec;

use crate::decode::utf8::{Carry, Piece};
use crate::error::DecodeError;
use crate::kernel::scalar;
use crate::profile::{Decoding, Profile, Unit};

/// The longest unfinished unit a chunk can end with: `%uD83D%uDE0` (a high surrogate and
/// most of its partner), eleven bytes.
const MAX_PENDING: usize = 11;
/// Bytes of the next chunk that always finish any unfinished unit.
const LOOKAHEAD: usize = 12;

/// Decodes a stream chunk by chunk; see the [module docs](crate::stream).
#[derive(Clone, Debug)]
pub struct Decoder {
    decoding: Decoding,
    unit: Unit,
    pending: [u8; MAX_PENDING],
    pending_len: usize,
    /// Absolute input offset of `pending[0]` (or of the next byte, when nothing is pending).
    offset: usize,
    carry: Carry,
    failed: Option<DecodeError>,
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
            failed: None,
        }
    }

    /// Input bytes consumed so far (the offset of the next byte of the stream).
    pub fn position(&self) -> usize {
        self.offset + self.pending_len
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
        let start = out.len();
        let result = (|| {
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
        out.resize(at + input.len(), 0);
        let progress = match scalar::decode(&self.decoding, self.unit, input, &mut out[at..], last)
        {
            Ok(progress) => progress,
            Err(e) => {
                // An invalid UTF-8 sequence complete before the bad escape is the earlier
                // error, as in the one-shot decoders (`utf8::first_error`).
                let prefix = &input[..e.offset().min(input.len())];
                if let Ok(p) =
                    scalar::decode(&self.decoding, self.unit, prefix, &mut out[at..], true)
                {
                    out.truncate(at + p.written);
                    let piece = Piece { input: prefix, base: self.offset, last: false };
                    self.carry.check(&self.decoding, self.unit, piece, out, seg)?;
                }
                return Err(e.shifted(self.offset));
            }
        };
        out.truncate(at + progress.written);
        let read = &input[..progress.read];
        let piece = Piece { input: read, base: self.offset, last };
        self.carry.check(&self.decoding, self.unit, piece, out, seg)?;
        Ok(progress.read)
    }
}
