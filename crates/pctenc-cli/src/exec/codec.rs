//! The record engine: feeds each record's bytes, in whatever pieces they arrive, to a fresh
//! streaming [`Encoder`] or [`Decoder`], and writes the results.
//!
//! Memory stays bounded whatever the input: a record (a line, or the whole input with
//! `--whole`) is never held; its pieces go through the streaming codec, which keeps at most a
//! few bytes of state. One output buffer is reused for the whole run and written out after
//! each block of input, so there is no allocation per record.
//!
//! A rejected record is reported with its number, the byte offset inside it and a few bytes
//! of it; its output is dropped (with `--keep-going`, an empty line stands in for it, so
//! output lines stay aligned with input lines). A record longer than one output block may
//! have had part of its output written before its error is known: streaming cannot take
//! that back.
//!
//! `--charset` records go through [`super::charset`]; `-p rfc8187` records are whole
//! ext-values (`UTF-8''` is written before each encoded record; a decoded record is read by
//! the library's `decode_ext_value`, which needs the whole record: ext-values are header
//! parameters, so this is the one mode that holds a record).

use std::io::{self, Write};

use pctenc::profile::protocols::rfc8187::{decode_ext_value, ExtValueError};
use pctenc::stream::{Decoder, Encoder};
use pctenc::Profile;

use super::charset::CharsetCodec;
use super::rejection::Rejection;
use super::report::{Location, Reporter};
use super::terminal::TerminalFilter;
use super::Outcome;
use crate::plan::{Charset, CodecPlan, Direction, Source};

/// Write the output buffer out once it holds this much.
pub const FLUSH_AT: usize = 256 << 10;

/// The last bytes of the current record are kept for error snippets: every error the
/// library reports is at most this far behind the bytes fed so far.
const TAIL: usize = 48;

/// Why the engine stopped early.
#[derive(Debug)]
pub enum Halt {
    /// A record was rejected (and reported) without `--keep-going`.
    Rejected,
    /// An I/O error.
    Fail(anyhow::Error),
}

impl From<io::Error> for Halt {
    fn from(e: io::Error) -> Self {
        Halt::Fail(anyhow::Error::new(e).context("cannot write to stdout"))
    }
}

/// The library's streaming codec, one direction or the other. The engine holds exactly one
/// (the encoder carries its profile's 1 KiB table), so the variants' sizes do not matter.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Codec {
    Encode(Encoder),
    Decode(Decoder),
    Charset(CharsetCodec),
    /// `-p rfc8187` encode: `UTF-8''` before the record's first output.
    ExtEncode {
        encoder: Encoder,
        started: bool,
    },
    /// `-p rfc8187` decode: the record so far.
    ExtDecode(Vec<u8>),
}

/// What a codec is made from, copied from the plan for each record.
#[derive(Clone, Copy, Debug)]
struct Spec {
    direction: Direction,
    profile: Profile,
    charset: Charset,
    explain: bool,
    ext_value: bool,
}

impl Codec {
    fn new(s: &Spec) -> Codec {
        let p = &s.profile;
        match (s.direction, s.charset) {
            (Direction::Encode, _) if s.ext_value => {
                Codec::ExtEncode { encoder: Encoder::new(p), started: false }
            }
            (Direction::Decode, _) if s.ext_value => Codec::ExtDecode(Vec::new()),
            (Direction::Encode, Charset::Profile) => Codec::Encode(Encoder::new(p)),
            (Direction::Decode, Charset::Profile) => Codec::Decode(Decoder::new(p)),
            (Direction::Encode, Charset::Fixed { encoding, strict, invalid }) => {
                Codec::Charset(CharsetCodec::encoder(p, encoding, strict, invalid))
            }
            (Direction::Decode, Charset::Fixed { encoding, invalid, .. }) => {
                Codec::Charset(CharsetCodec::decoder(p, encoding, invalid, s.explain))
            }
            (_, Charset::Auto { invalid }) => {
                Codec::Charset(CharsetCodec::auto(p, invalid, s.explain))
            }
        }
    }

    fn push(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), Rejection> {
        match self {
            Codec::Encode(e) => e.push(data, out).map_err(Rejection::Encode),
            Codec::Decode(d) => d.push(data, out).map_err(Rejection::Decode),
            Codec::Charset(c) => Ok(c.push(data, out)?),
            Codec::ExtEncode { encoder, started } => {
                if !std::mem::replace(started, true) {
                    out.extend_from_slice(b"UTF-8''");
                }
                encoder.push(data, out).map_err(Rejection::Encode)
            }
            Codec::ExtDecode(held) => {
                held.extend_from_slice(data);
                Ok(())
            }
        }
    }

    fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), Rejection> {
        match self {
            Codec::Encode(e) => e.finish(out).map_err(Rejection::Encode),
            Codec::Decode(d) => d.finish(out).map_err(Rejection::Decode),
            Codec::Charset(c) => Ok(c.finish(out)?),
            Codec::ExtEncode { .. } => {
                self.push(&[], out)?;
                let Codec::ExtEncode { encoder, .. } = self else { return Ok(()) };
                encoder.finish(out).map_err(Rejection::Encode)
            }
            Codec::ExtDecode(held) => {
                // Not UTF-8 means a byte that is no attr-char: the first one is the error.
                let text = std::str::from_utf8(held).map_err(|e| {
                    Rejection::ExtValue(ExtValueError::InvalidChar { offset: e.valid_up_to() })
                })?;
                let v = decode_ext_value(text).map_err(Rejection::ExtValue)?;
                out.extend_from_slice(v.value.as_bytes());
                Ok(())
            }
        }
    }

    /// Makes the codec ready for the next record: the encoder is reset in place (a new one
    /// would copy the profile's 1 KiB table for every line), any other codec made anew.
    fn renew(&mut self, s: &Spec) {
        match self {
            Codec::Encode(e) => e.reset(),
            _ => *self = Codec::new(s),
        }
    }

    /// The charset the record was decoded with, when there is one and it is known.
    fn encoding(&self) -> Option<&'static pctenc::charset::Encoding> {
        match self {
            Codec::Charset(c) => c.encoding(),
            _ => None,
        }
    }
}

/// What a record is called in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Naming {
    /// "line N" (records read from input).
    Line,
    /// "argument N" (TEXT records).
    Argument,
    /// No number: the whole input is one record.
    Whole,
}

/// Streams records through the codec into `W`.
pub struct Engine<W: Write> {
    spec: Spec,
    codec: Codec,
    writer: W,
    reporter: Reporter,
    /// The reused output buffer.
    out: Vec<u8>,
    /// Where the current record's output starts in `out`.
    rec_start: usize,
    /// Where output not yet seen by the terminal filter starts in `out`.
    filtered_to: usize,
    /// Bytes of the current record fed so far.
    fed: usize,
    /// The last up to [`TAIL`] bytes fed of the current record.
    tail: Vec<u8>,
    /// Whether a record has started and not ended.
    open: bool,
    /// 1-based number of the current record.
    record: usize,
    /// The current record was rejected (with `--keep-going`); its remaining bytes are skipped.
    rejected: bool,
    failures: usize,
    /// Write a `\n` after each record.
    separate: bool,
    keep_going: bool,
    naming: Naming,
    terminal: Option<TerminalFilter>,
    /// Say on stderr which charset each record was decoded with.
    verbose: bool,
}

impl<W: Write> Engine<W> {
    /// An engine for `plan`, writing to `writer`.
    pub fn new(plan: &CodecPlan, writer: W, reporter: Reporter) -> Engine<W> {
        let texts = matches!(plan.source, Source::Texts(_));
        let naming = match (texts, plan.whole) {
            (true, _) => Naming::Argument,
            (false, false) => Naming::Line,
            (false, true) => Naming::Whole,
        };
        let spec = Spec {
            direction: plan.direction,
            profile: plan.profile,
            charset: plan.charset,
            explain: plan.explain,
            ext_value: plan.ext_value,
        };
        Engine {
            spec,
            codec: Codec::new(&spec),
            writer,
            reporter,
            out: Vec::with_capacity(4 * FLUSH_AT),
            rec_start: 0,
            filtered_to: 0,
            fed: 0,
            tail: Vec::with_capacity(2 * TAIL),
            open: false,
            record: 1,
            rejected: false,
            failures: 0,
            separate: !plan.whole,
            // A whole input is one record: after its rejection there is nothing to go on with.
            keep_going: plan.keep_going && (texts || !plan.whole),
            naming,
            terminal: plan.terminal.then(|| TerminalFilter::new(plan.whole)),
            verbose: plan.verbose,
        }
    }

    /// The same engine, its first record numbered `record` (1-based) and `failures`
    /// records already rejected before it: a batch of the parallel records mode, or the
    /// serial rest of a run that started in parallel.
    pub fn starting_at(mut self, record: usize, failures: usize) -> Engine<W> {
        self.record = record;
        self.failures = failures;
        self
    }

    /// Numbers the next record `record` and forgets earlier rejections: an engine reused for
    /// the next batch of the parallel records mode, between whole records.
    pub fn restart(&mut self, record: usize) {
        debug_assert!(!self.open, "restarted inside a record");
        self.record = record;
        self.failures = 0;
    }

    /// The writer.
    pub fn writer_mut(&mut self) -> &mut W {
        &mut self.writer
    }

    /// How many records were rejected so far.
    pub fn failures(&self) -> usize {
        self.failures
    }

    /// Exit 0 or 1, once the input is done.
    pub fn outcome(&self) -> Outcome {
        if self.failures == 0 {
            Outcome::Done
        } else {
            Outcome::Rejected
        }
    }

    /// Whether a record has started and not ended.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Feeds the next bytes of the current record.
    pub fn feed(&mut self, data: &[u8]) -> Result<(), Halt> {
        self.open = true;
        if self.rejected {
            return Ok(());
        }
        let pushed = self.codec.push(data, &mut self.out);
        if let Err(r) = pushed {
            return self.reject(r, data);
        }
        self.fed += data.len();
        self.remember(data);
        self.filter(false);
        Ok(())
    }

    /// Ends the current record: finishes the codec, writes the separator, starts a new one.
    pub fn end_record(&mut self) -> Result<(), Halt> {
        if !self.rejected {
            let finished = self.codec.finish(&mut self.out);
            if let Err(r) = finished {
                self.reject(r, &[])?;
            } else {
                self.filter(true);
                if let Some(encoding) = self.codec.encoding().filter(|_| self.verbose) {
                    self.reporter.decoded_as(self.location(), encoding.name());
                }
            }
        }
        if self.separate {
            self.out.push(b'\n');
            self.filtered_to = self.out.len();
        }
        self.codec.renew(&self.spec);
        self.record += 1;
        self.fed = 0;
        self.tail.clear();
        self.open = false;
        self.rejected = false;
        self.rec_start = self.out.len();
        Ok(())
    }

    /// Writes the output buffer out if it is full enough.
    pub fn flush_if_full(&mut self) -> Result<(), Halt> {
        if self.out.len() >= FLUSH_AT {
            self.write_out()?;
        }
        Ok(())
    }

    /// Writes out the records finished so far. The current record's output stays until it
    /// ends (so that a rejection can drop it), unless it has grown past [`FLUSH_AT`].
    pub fn write_block(&mut self) -> Result<(), Halt> {
        if self.out.len() >= FLUSH_AT || self.rec_start == self.out.len() {
            return Ok(self.write_out()?);
        }
        if self.rec_start > 0 {
            self.writer.write_all(&self.out[..self.rec_start])?;
            self.out.drain(..self.rec_start);
            self.filtered_to = self.filtered_to.saturating_sub(self.rec_start);
            self.rec_start = 0;
        }
        Ok(())
    }

    /// Writes everything out and flushes the writer.
    pub fn finish(&mut self) -> Result<(), Halt> {
        self.write_out()?;
        self.writer.flush()?;
        Ok(())
    }

    fn write_out(&mut self) -> io::Result<()> {
        self.writer.write_all(&self.out)?;
        self.out.clear();
        self.rec_start = 0;
        self.filtered_to = 0;
        Ok(())
    }

    /// Keeps the last [`TAIL`] bytes of the record for snippets.
    fn remember(&mut self, data: &[u8]) {
        if data.len() >= TAIL {
            self.tail.clear();
            self.tail.extend_from_slice(&data[data.len() - TAIL..]);
        } else {
            self.tail.extend_from_slice(data);
            if self.tail.len() > TAIL {
                self.tail.drain(..self.tail.len() - TAIL);
            }
        }
    }

    /// Runs the output written since the last call through the terminal filter.
    fn filter(&mut self, end: bool) {
        if let Some(t) = &mut self.terminal {
            if self.spec.explain && self.filtered_to == self.rec_start {
                // `--explain`'s ENCODING<TAB> comes first and is ours, not decoded text: its
                // TAB stays a TAB (a decoded one after it is still shown escaped).
                let prefix = self.out[self.rec_start..].iter().position(|&b| b == b'\t');
                if let Some(tab) = prefix {
                    self.filtered_to = self.rec_start + tab + 1;
                }
            }
            t.apply(&mut self.out, self.filtered_to, end);
            self.filtered_to = self.out.len();
        }
    }

    /// Where the current record is, for messages.
    fn location(&self) -> Location {
        match self.naming {
            Naming::Line => Location::Line(self.record),
            Naming::Argument => Location::Argument(self.record),
            Naming::Whole => Location::Input,
        }
    }

    /// Reports a rejected record; stops unless `--keep-going`. `data` is the piece being fed
    /// when the codec failed (not yet in the tail).
    fn reject(&mut self, r: Rejection, data: &[u8]) -> Result<(), Halt> {
        self.out.truncate(self.rec_start);
        self.filtered_to = self.out.len();
        if let Some(t) = &mut self.terminal {
            t.reset();
        }
        self.failures += 1;
        self.rejected = true;
        let location = self.location();
        let snippet = snippet(&self.tail, self.fed, data, r.offset());
        // stdout first, so that on a terminal the message follows the records before it.
        if !self.keep_going {
            self.finish()?;
        } else if self.terminal.is_some() {
            self.write_out()?;
            self.writer.flush()?;
        }
        self.reporter.rejection(location, &self.spec.profile, r, &snippet);
        if self.keep_going {
            Ok(())
        } else {
            Err(Halt::Rejected)
        }
    }
}

/// Up to [`super::report::SNIPPET`] bytes of the record from `offset` on, taken from the
/// tail (bytes before `fed`) and the piece being fed.
fn snippet(tail: &[u8], fed: usize, data: &[u8], offset: usize) -> Vec<u8> {
    let tail_start = fed - tail.len();
    let mut bytes = Vec::with_capacity(super::report::SNIPPET + 1);
    if offset < fed {
        if offset >= tail_start {
            bytes.extend_from_slice(&tail[offset - tail_start..]);
            bytes.extend_from_slice(data);
        }
    } else {
        bytes.extend_from_slice(data.get(offset - fed..).unwrap_or(&[]));
    }
    bytes.truncate(super::report::SNIPPET + 1);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_joins_tail_and_piece() {
        // Record "abc%4" fed, then "zdef": error at offset 3.
        assert_eq!(snippet(b"abc%4", 5, b"zdef", 3), b"%4zdef");
        // Error inside the piece.
        assert_eq!(snippet(b"ab", 2, b"c%zz", 3), b"%zz");
        // The tail keeps only the last bytes; an offset before it shows nothing.
        assert_eq!(snippet(b"xyz", 100, b"!", 98), b"yz!");
        assert_eq!(snippet(b"xyz", 100, b"!", 3), b"");
        // Long input is cut to one byte past the limit (the reporter shows an ellipsis).
        assert_eq!(snippet(b"", 0, &[b'%'; 100], 0).len(), super::super::report::SNIPPET + 1);
    }
}
