//! The UTF-8 policy, applied to decoded bytes: in one piece, or chunk by chunk.

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::DecodeError;
use crate::kernel::scalar;
use crate::profile::{Decoding, Unit, Utf8};

/// Applies `d.utf8` to `output`, the complete decoding of `input`.
///
/// `Ok(None)`: keep `output` as it is. `Ok(Some(s))`: replace it by `s` (lossy repair).
/// Strict errors name the input offset of the escape or byte where the invalid sequence
/// starts.
pub(crate) fn check(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    output: &[u8],
) -> Result<Option<String>, DecodeError> {
    match d.utf8 {
        Utf8::Bytes => Ok(None),
        Utf8::Strict => match core::str::from_utf8(output) {
            Ok(_) => Ok(None),
            Err(e) => Err(DecodeError::InvalidUtf8 {
                offset: scalar::input_offset(d, unit, input, e.valid_up_to()),
            }),
        },
        Utf8::Lossy => match core::str::from_utf8(output) {
            Ok(_) => Ok(None),
            Err(_) => Ok(Some(String::from_utf8_lossy(output).into_owned())),
        },
    }
}

/// The error to report when decoding stopped at escape error `e`: an invalid UTF-8 sequence
/// that is already complete before `e` (under [`Utf8::Strict`]) is the earlier error and wins.
/// Without this rule a stream cut before the escape would report the UTF-8 error and the
/// same input in one piece the escape error; with it, every chunking reports the same one.
pub(crate) fn first_error(d: &Decoding, unit: Unit, input: &[u8], e: DecodeError) -> DecodeError {
    if d.utf8 != Utf8::Strict {
        return e;
    }
    let prefix = &input[..e.offset().min(input.len())];
    let mut out = alloc::vec![0u8; prefix.len()];
    let Ok(p) = scalar::decode(d, unit, prefix, &mut out, true) else { return e };
    match core::str::from_utf8(&out[..p.written]) {
        Err(u) if u.error_len().is_some() => DecodeError::InvalidUtf8 {
            offset: scalar::input_offset(d, unit, prefix, u.valid_up_to()),
        },
        _ => e,
    }
}

/// A contiguous piece of a stream's input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Piece<'a> {
    /// The input bytes that were decoded.
    pub input: &'a [u8],
    /// Absolute offset of `input[0]` in the stream.
    pub base: usize,
    /// Whether the stream ends with this piece.
    pub last: bool,
}

/// The UTF-8 policy across chunk boundaries: a sequence that a chunk's output cuts short is
/// carried (at most three bytes) to the next chunk, with the input offset it started at.
#[derive(Clone, Debug, Default)]
pub(crate) struct Carry {
    bytes: [u8; 4],
    len: usize,
    /// Absolute input offset of the unit that wrote `bytes[0]`.
    offset: usize,
}

impl Carry {
    /// Moves the carried bytes to the end of `out`; returns where they start.
    pub(crate) fn put_back(&mut self, out: &mut Vec<u8>) -> usize {
        let start = out.len();
        out.extend_from_slice(&self.bytes[..self.len]);
        start
    }

    /// Applies `d.utf8` to `out[seg..]`: the bytes carried from before (put back at `seg`)
    /// followed by the decoding of `piece`.
    pub(crate) fn check(
        &mut self,
        d: &Decoding,
        unit: Unit,
        piece: Piece<'_>,
        out: &mut Vec<u8>,
        seg: usize,
    ) -> Result<(), DecodeError> {
        let Piece { input, base, last } = piece;
        let carried = self.len;
        let locate = |pos: usize, carry_offset: usize| -> usize {
            if pos < carried {
                carry_offset
            } else {
                base + scalar::input_offset(d, unit, input, pos - carried)
            }
        };
        if d.utf8 == Utf8::Bytes {
            return Ok(());
        }
        // Find the incomplete tail (kept for the next chunk) and whether anything is invalid.
        let mut pos = seg;
        let mut invalid = false;
        let tail = loop {
            match core::str::from_utf8(&out[pos..]) {
                Ok(_) => break 0,
                Err(e) => match e.error_len() {
                    None if !last => break out.len() - pos - e.valid_up_to(),
                    None => {
                        invalid = true;
                        if d.utf8 == Utf8::Strict {
                            return Err(DecodeError::InvalidUtf8 {
                                offset: locate(pos - seg + e.valid_up_to(), self.offset),
                            });
                        }
                        break 0;
                    }
                    Some(n) => {
                        invalid = true;
                        if d.utf8 == Utf8::Strict {
                            return Err(DecodeError::InvalidUtf8 {
                                offset: locate(pos - seg + e.valid_up_to(), self.offset),
                            });
                        }
                        pos += e.valid_up_to() + n;
                    }
                },
            }
        };
        let end = out.len() - tail;
        let tail_offset = if tail > 0 { locate(end - seg, self.offset) } else { 0 };
        self.len = tail;
        self.bytes[..tail].copy_from_slice(&out[end..]);
        self.offset = tail_offset;
        out.truncate(end);
        if invalid {
            let repaired = String::from_utf8_lossy(&out[seg..]).into_owned();
            out.truncate(seg);
            out.extend_from_slice(repaired.as_bytes());
        }
        Ok(())
    }
}
