//! `pctenc decode --segment`: each record decoded as one path segment with the library's
//! [`decode_segment`], under a [`SegmentPolicy`] preset. A rejected segment is reported with
//! its kind (the library's stable name, such as `encoded-slash` or `dot-segment`), the byte
//! offset in the record and the bytes there; its output is never written, not even in part.

use std::io::Write;

use pctenc::segment::{decode_segment, SegmentErrorKind, SegmentPolicy};

use super::codec::Halt;
use super::held::{LineHandler, LineOut, MAX_LINE};
use super::report::quote;

/// Decodes each record as a segment.
pub struct Segments<W: Write> {
    policy: SegmentPolicy,
    name: &'static str,
    /// The output.
    pub out: LineOut<W>,
}

impl<W: Write> Segments<W> {
    /// Segments under `policy` (called `name` in messages).
    pub fn new(policy: SegmentPolicy, name: &'static str, out: LineOut<W>) -> Segments<W> {
        Segments { policy, name, out }
    }
}

impl<W: Write> LineHandler for Segments<W> {
    fn line(&mut self, number: u64, bytes: &[u8], len: u64) -> Result<(), Halt> {
        if len > bytes.len() as u64 {
            let message = format!("too-long: a segment over {MAX_LINE} bytes is not decoded");
            return self.out.reject(number, Some(bytes.len() as u64), &message);
        }
        match decode_segment(bytes, &self.policy) {
            Ok(decoded) => self.out.write(&decoded),
            Err(e) => {
                let end = (e.offset + e.len.max(1)).min(bytes.len());
                let at = quote(bytes.get(e.offset..end).unwrap_or_default());
                let why = match e.kind {
                    SegmentErrorKind::InvalidUtf8(p) => format!(" ({})", p.as_str()),
                    _ => String::new(),
                };
                let message =
                    format!("{}{why} at {at}, rejected by --policy {}", e.kind.as_str(), self.name);
                self.out.reject(number, Some(e.offset as u64), &message)
            }
        }
    }

    fn flush(&mut self) -> Result<(), Halt> {
        self.out.flush()
    }
}
