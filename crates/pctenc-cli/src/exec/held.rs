//! Whole lines for the commands that need one in memory (`check`, `normalize`, `decode
//! --segment`, `decode --repeat`): a [`Records`] consumer that collects each record, up to
//! a cap, and hands it to a [`LineHandler`].
//!
//! The codec engine streams records of any size; these commands read a record as a whole
//! (a finding's span, a segment's dot check and a repeated decode all look at the entire
//! value). The cap bounds the memory a single endless line can take: the handler learns the
//! record's true length beside the bytes kept, and says what it does with the rest.

use std::io::{BufWriter, Write};

use super::codec::Halt;
use super::input::Records;
use super::report::{Location, Reporter};
use super::terminal::TerminalFilter;
use crate::plan::{LinesIo, Source};

/// Bytes of one record kept for a [`LineHandler`]; the rest is counted, not held.
pub const MAX_LINE: usize = 1 << 20;

/// What a command does with each whole record.
pub trait LineHandler {
    /// Record `number` (1-based): its first bytes (at most the cap) and its true length.
    fn line(&mut self, number: u64, bytes: &[u8], len: u64) -> Result<(), Halt>;
    /// An input block is done: write out what is finished.
    fn flush(&mut self) -> Result<(), Halt>;
}

/// Collects records for a handler.
#[derive(Debug)]
pub struct Held<H> {
    /// The handler.
    pub handler: H,
    buf: Vec<u8>,
    len: u64,
    open: bool,
    number: u64,
    cap: usize,
}

impl<H: LineHandler> Held<H> {
    /// Records of at most `cap` bytes kept, for `handler`.
    pub fn new(handler: H, cap: usize) -> Held<H> {
        Held { handler, buf: Vec::new(), len: 0, open: false, number: 1, cap }
    }
}

impl<H: LineHandler> Records for Held<H> {
    fn feed(&mut self, data: &[u8]) -> Result<(), Halt> {
        self.open = true;
        self.len += data.len() as u64;
        let room = self.cap - self.buf.len();
        self.buf.extend_from_slice(&data[..data.len().min(room)]);
        Ok(())
    }

    fn end_record(&mut self) -> Result<(), Halt> {
        self.handler.line(self.number, &self.buf, self.len)?;
        self.number += 1;
        self.buf.clear();
        self.len = 0;
        self.open = false;
        Ok(())
    }

    fn is_open(&self) -> bool {
        self.open
    }

    fn write_block(&mut self) -> Result<(), Halt> {
        self.handler.flush()
    }

    fn flush_if_full(&mut self) -> Result<(), Halt> {
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Halt> {
        self.handler.flush()
    }
}

/// A buffered stdout whose errors become [`Halt::Fail`].
pub fn flush<W: Write>(out: &mut W) -> Result<(), Halt> {
    Ok(out.flush()?)
}

/// The output side of the whole-record commands: one line per record (escaped on a
/// terminal), and rejections reported on stderr after what came before them on stdout.
pub struct LineOut<W: Write> {
    out: BufWriter<W>,
    terminal: Option<TerminalFilter>,
    buf: Vec<u8>,
    keep_going: bool,
    texts: bool,
    whole: bool,
    /// Records rejected so far.
    pub failures: usize,
    /// Where messages go.
    pub reporter: Reporter,
}

impl<W: Write> LineOut<W> {
    /// Output for `io`, to `writer`.
    pub fn new(io: &LinesIo, writer: W, reporter: Reporter) -> LineOut<W> {
        LineOut {
            out: BufWriter::new(writer),
            terminal: io.terminal.then(|| TerminalFilter::new(false)),
            buf: Vec::new(),
            keep_going: io.keep_going,
            texts: matches!(io.source, Source::Texts(_)),
            whole: io.whole,
            failures: 0,
            reporter,
        }
    }

    /// What record `number` is called in messages.
    pub fn location(&self, number: u64) -> Location {
        let n = usize::try_from(number).unwrap_or(usize::MAX);
        if self.whole && !self.texts {
            Location::Input
        } else if self.texts {
            Location::Argument(n)
        } else {
            Location::Line(n)
        }
    }

    /// Writes one record's result and a newline; with `--whole`, the result alone.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Halt> {
        self.buf.clear();
        self.buf.extend_from_slice(bytes);
        if let Some(t) = &mut self.terminal {
            t.apply(&mut self.buf, 0, true);
        }
        if !self.whole {
            self.buf.push(b'\n');
        }
        Ok(self.out.write_all(&self.buf)?)
    }

    /// Reports record `number` as rejected (`byte` in it, `message`); with `--keep-going`
    /// an empty line stands in for it, else the run stops.
    pub fn reject(&mut self, number: u64, byte: Option<u64>, message: &str) -> Result<(), Halt> {
        self.out.flush()?;
        self.failures += 1;
        self.reporter.note(self.location(number), byte, message, true);
        if self.keep_going {
            self.write(b"")
        } else {
            Err(Halt::Rejected)
        }
    }

    /// Flushes stdout.
    pub fn flush(&mut self) -> Result<(), Halt> {
        flush(&mut self.out)
    }

    /// Exit 0, or 1 when a record was rejected.
    pub fn outcome(&self) -> super::Outcome {
        if self.failures == 0 {
            super::Outcome::Done
        } else {
            super::Outcome::Rejected
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Seen(Vec<(u64, Vec<u8>, u64)>);

    impl LineHandler for Seen {
        fn line(&mut self, number: u64, bytes: &[u8], len: u64) -> Result<(), Halt> {
            self.0.push((number, bytes.to_vec(), len));
            Ok(())
        }
        fn flush(&mut self) -> Result<(), Halt> {
            Ok(())
        }
    }

    #[test]
    fn records_are_held_up_to_the_cap_and_counted_beyond() {
        let mut h = Held::new(Seen::default(), 4);
        for piece in [&b"ab"[..], b"cdef", b"g"] {
            h.feed(piece).unwrap();
        }
        h.end_record().unwrap();
        h.feed(b"x").unwrap();
        h.end_record().unwrap();
        assert_eq!(h.handler.0, [(1, b"abcd".to_vec(), 7), (2, b"x".to_vec(), 1)]);
    }
}
