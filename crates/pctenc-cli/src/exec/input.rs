//! Input: reads stdin and `-i` files in order, in large blocks, as one stream, and cuts it
//! into records for the [`Engine`].
//!
//! In records mode a line ends at `\n`, and a `\r` just before it belongs to the terminator.
//! A line is never held whole: its pieces go to the engine as they arrive, so a single
//! line of any size streams. A `\r` at the very end of a block is held back until the next
//! block says whether `\n` follows (then it is part of the terminator; else it is data).
//! Files are concatenated as `cat` would: a file that does not end in a newline continues its
//! last line into the next file.
//!
//! What consumes the records is a [`Records`]: the codec [`Engine`], or the `form` commands'
//! JSON writers, so every command reads its input the same way.

use std::fs::File;
use std::io::{self, Read};

use anyhow::Context;
use std::io::Write;

use super::codec::{Engine, Halt};
use super::progress::Progress;
use crate::plan::Input;

/// Bytes read at a time.
pub const READ_SIZE: usize = 256 << 10;

/// A consumer of records: bytes of the current record in pieces, record ends, and points
/// where output may be written out.
pub trait Records {
    /// Feeds the next bytes of the current record.
    fn feed(&mut self, data: &[u8]) -> Result<(), Halt>;
    /// Ends the current record.
    fn end_record(&mut self) -> Result<(), Halt>;
    /// Whether a record has started and not ended.
    fn is_open(&self) -> bool;
    /// An input block is done: write out what is finished.
    fn write_block(&mut self) -> Result<(), Halt>;
    /// Writes the output out if it is full enough.
    fn flush_if_full(&mut self) -> Result<(), Halt>;
    /// The input is done: write everything out and flush.
    fn finish(&mut self) -> Result<(), Halt>;
}

impl<W: Write> Records for Engine<W> {
    fn feed(&mut self, data: &[u8]) -> Result<(), Halt> {
        Engine::feed(self, data)
    }
    fn end_record(&mut self) -> Result<(), Halt> {
        Engine::end_record(self)
    }
    fn is_open(&self) -> bool {
        Engine::is_open(self)
    }
    fn write_block(&mut self) -> Result<(), Halt> {
        Engine::write_block(self)
    }
    fn flush_if_full(&mut self) -> Result<(), Halt> {
        Engine::flush_if_full(self)
    }
    fn finish(&mut self) -> Result<(), Halt> {
        Engine::finish(self)
    }
}

/// TEXT arguments: each is one record.
pub fn texts<R: Records>(texts: &[Vec<u8>], engine: &mut R) -> Result<(), Halt> {
    for t in texts {
        engine.feed(t)?;
        engine.end_record()?;
        engine.flush_if_full()?;
    }
    engine.finish()
}

/// The inputs, in order, as one stream: split into lines, or one record with `whole`.
pub fn streams<R: Records>(
    inputs: &[Input],
    whole: bool,
    engine: &mut R,
    progress: &Progress,
) -> Result<(), Halt> {
    let mut buf = vec![0u8; READ_SIZE];
    let mut lines = Lines::default();
    for input in inputs {
        let mut reader = open(input).map_err(Halt::Fail)?;
        loop {
            let n = match reader.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(Halt::Fail(anyhow::Error::new(e).context(cannot_read(input))))
                }
            };
            progress.advance(n as u64);
            if whole {
                engine.feed(&buf[..n])?;
            } else {
                lines.push(&buf[..n], engine)?;
            }
            // Each block's output goes out at once: a slow pipe (`tail -f log | pctenc decode`)
            // or a person typing sees each line as it is done; large inputs still write in
            // large pieces, because their reads are large.
            engine.write_block()?;
        }
    }
    if whole {
        engine.end_record()?;
    } else {
        lines.finish(engine)?;
    }
    engine.finish()
}

pub fn open(input: &Input) -> anyhow::Result<Box<dyn Read>> {
    Ok(match input {
        Input::Stdin => Box::new(io::stdin().lock()),
        Input::File(path) => Box::new(File::open(path).with_context(|| cannot_read(input))?),
    })
}

pub fn cannot_read(input: &Input) -> String {
    match input {
        Input::Stdin => "cannot read stdin".to_string(),
        Input::File(path) => format!("cannot read '{}'", path.display()),
    }
}

/// Cuts a stream into lines across blocks.
#[derive(Debug, Default)]
pub struct Lines {
    /// The last block ended with a `\r` that was not fed yet.
    held_cr: bool,
}

impl Lines {
    /// Feeds one block.
    pub fn push<R: Records>(&mut self, mut block: &[u8], engine: &mut R) -> Result<(), Halt> {
        if block.is_empty() {
            return Ok(());
        }
        if std::mem::take(&mut self.held_cr) {
            if block[0] == b'\n' {
                engine.end_record()?;
                block = &block[1..];
            } else {
                engine.feed(b"\r")?;
            }
        }
        while let Some(i) = memchr::memchr(b'\n', block) {
            let line = &block[..i];
            engine.feed(line.strip_suffix(b"\r").unwrap_or(line))?;
            engine.end_record()?;
            block = &block[i + 1..];
        }
        if let Some(rest) = block.strip_suffix(b"\r") {
            self.held_cr = true;
            engine.feed(rest)
        } else if !block.is_empty() {
            engine.feed(block)
        } else {
            Ok(())
        }
    }

    /// Ends the stream: a last line without a terminator is a record too.
    pub fn finish<R: Records>(&mut self, engine: &mut R) -> Result<(), Halt> {
        if std::mem::take(&mut self.held_cr) {
            engine.feed(b"\r")?;
        }
        if engine.is_open() {
            engine.end_record()?;
        }
        Ok(())
    }
}
