//! [`Encoder`]: the chunked encoder.

use alloc::vec::Vec;

use crate::encode::Stop;
use crate::error::EncodeError;
use crate::profile::{Profile, Utf8};

/// The longest unfinished tail a chunk can leave: a UTF-8 sequence cut short (three bytes)
/// followed, for profiles that keep valid escapes, by an escape cut short (`%4`).
const MAX_PENDING: usize = 5;
/// Bytes of the next chunk that always finish (or break) any unfinished tail.
const LOOKAHEAD: usize = 8;

/// Encodes a stream chunk by chunk; see the [module docs](crate::stream).
///
/// Where the profile reads its input as text (its input policy is not
/// [`Utf8::Bytes`], or it escapes UTF-16 units), a UTF-8 sequence cut by a chunk boundary is
/// kept until the next chunk; at most three bytes.
///
/// ```
/// use pctenc::{profile::js::ESCAPE, stream::Encoder};
/// let mut e = Encoder::new(ESCAPE);
/// let mut out = Vec::new();
/// let euro = "€".as_bytes();
/// e.push(&euro[..1], &mut out).unwrap();
/// e.push(&euro[1..], &mut out).unwrap();
/// e.finish(&mut out).unwrap();
/// assert_eq!(out, b"%u20AC");
/// ```
#[derive(Clone, Debug)]
pub struct Encoder {
    profile: Profile,
    policy: Utf8,
    pending: [u8; MAX_PENDING],
    pending_len: usize,
    offset: usize,
    failed: Option<EncodeError>,
}

impl Encoder {
    /// An encoder with `profile`'s rules, its input policy included.
    pub fn new(profile: &Profile) -> Encoder {
        Encoder::with_input_utf8(profile, profile.input_utf8())
    }

    /// An encoder with `profile`'s rules and `policy` for input that is not UTF-8.
    pub fn with_input_utf8(profile: &Profile, policy: Utf8) -> Encoder {
        Encoder {
            profile: *profile,
            policy,
            pending: [0; MAX_PENDING],
            pending_len: 0,
            offset: 0,
            failed: None,
        }
    }

    /// Encodes `chunk`, appending to `out`.
    ///
    /// # Errors
    /// Under [`Utf8::Strict`], [`EncodeError`] with the offset from the stream's start;
    /// after it, every call returns the same error.
    pub fn push(&mut self, chunk: &[u8], out: &mut Vec<u8>) -> Result<(), EncodeError> {
        self.run(chunk, out, false)
    }

    /// Encodes what is left: an unfinished UTF-8 sequence at the end is invalid.
    ///
    /// # Errors
    /// As [`Encoder::push`].
    pub fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        self.run(&[], out, true)
    }

    /// Starts a new stream with the same rules: what [`Encoder::new`] would return, without
    /// copying the profile again (its 1 KiB table). For many short streams, such as one per
    /// line, where that copy cost more than the encoding.
    ///
    /// ```
    /// use pctenc::{stream::Encoder, Utf8};
    /// let strict = pctenc::profile::rfc3986::RFC3986.with_input_utf8(Utf8::Strict);
    /// let mut e = Encoder::new(&strict);
    /// let mut out = Vec::new();
    /// assert!(e.push(b"a\xFF", &mut out).is_err()); // this stream failed...
    /// e.reset(); // ...the next one starts clean
    /// out.clear();
    /// e.push(b"b c", &mut out).unwrap();
    /// e.finish(&mut out).unwrap();
    /// assert_eq!(out, b"b%20c");
    /// ```
    pub fn reset(&mut self) {
        self.pending_len = 0;
        self.offset = 0;
        self.failed = None;
    }

    fn run(&mut self, mut chunk: &[u8], out: &mut Vec<u8>, last: bool) -> Result<(), EncodeError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let bytewise = self.profile.bytewise(self.policy);
        let result = (|| {
            if self.pending_len > 0 {
                let mut joined = [0u8; MAX_PENDING + LOOKAHEAD];
                let take = chunk.len().min(LOOKAHEAD);
                let n = self.pending_len + take;
                joined[..self.pending_len].copy_from_slice(&self.pending[..self.pending_len]);
                joined[self.pending_len..n].copy_from_slice(&chunk[..take]);
                let read = self.piece(&joined[..n], out, last && take == chunk.len())?;
                if read < self.pending_len {
                    // Still unfinished: the chunk was too short to finish the sequence.
                    let keep = n - read;
                    self.pending[..keep].copy_from_slice(&joined[read..n]);
                    self.pending_len = keep;
                    self.offset += read;
                    return Ok(());
                }
                chunk = &chunk[read - self.pending_len..];
                self.offset += read;
                self.pending_len = 0;
            }
            let read = if bytewise {
                self.piece(chunk, out, true)?
            } else {
                self.piece(chunk, out, last)?
            };
            let rest = &chunk[read..];
            self.pending[..rest.len()].copy_from_slice(rest);
            self.pending_len = rest.len();
            self.offset += read;
            Ok(())
        })();
        if let Err(e) = result {
            self.failed = Some(e);
        }
        result
    }

    fn piece(&mut self, input: &[u8], out: &mut Vec<u8>, last: bool) -> Result<usize, EncodeError> {
        if self.profile.bytewise(self.policy) {
            // Every byte on its own (what `encode_to` would do through the table): the kernel
            // writes straight into `out`'s spare capacity, with no staging buffer and no copy
            // (the whole-process `--whole` path).
            crate::kernel::encode_append_vec(&self.profile, input, out);
            return Ok(input.len());
        }
        let sink = |b: &[u8]| -> Result<(), ()> {
            out.extend_from_slice(b);
            Ok(())
        };
        match self.profile.encode_to(input, self.policy, self.offset, last, sink) {
            Ok(read) => Ok(read),
            Err(Stop::Input(e)) => Err(e),
            Err(Stop::Sink(())) => unreachable!("a Vec sink does not fail"),
        }
    }
}
