//! `pctenc normalize`: the library's RFC 3986 §6.2.2.1-2 [`normalize`] of each record, or,
//! with `--equivalent`, whether two inputs normalize alike ([`equivalent`]).

use std::io::Write;

use pctenc::lint::Context;
use pctenc::normalize::{equivalent, normalize};

use super::codec::Halt;
use super::held::{LineHandler, LineOut, MAX_LINE};
use super::Outcome;

/// Normalizes each record.
pub struct Normalizer<W: Write> {
    context: Context,
    /// The output.
    pub out: LineOut<W>,
}

impl<W: Write> Normalizer<W> {
    /// Records read as `context`, written to `out`.
    pub fn new(context: Context, out: LineOut<W>) -> Normalizer<W> {
        Normalizer { context, out }
    }
}

impl<W: Write> LineHandler for Normalizer<W> {
    fn line(&mut self, number: u64, bytes: &[u8], len: u64) -> Result<(), Halt> {
        if len > bytes.len() as u64 {
            let message = format!("a record over {MAX_LINE} bytes is not normalized");
            return self.out.reject(number, Some(bytes.len() as u64), &message);
        }
        self.out.write(&normalize(bytes, self.context))
    }

    fn flush(&mut self) -> Result<(), Halt> {
        self.out.flush()
    }
}

/// `--equivalent A B`: `equivalent` and exit 0, or `different` and exit 1.
pub fn compare(
    a: &[u8],
    b: &[u8],
    context: Context,
    mut out: impl Write,
) -> std::io::Result<Outcome> {
    let same = equivalent(a, b, context);
    out.write_all(if same { b"equivalent\n" } else { b"different\n" })?;
    out.flush()?;
    Ok(if same { Outcome::Done } else { Outcome::Rejected })
}
