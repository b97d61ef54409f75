//! Input: reads stdin and `-i` files in order, in large blocks, as one stream, and cuts it
//! into records for the [`Engine`].
//!
//! In records mode a line ends at `\n`, and a `\r` just before it belongs to the terminator.
//! A line is never held whole: its pieces go to the engine as they arrive, so a single
//! line of any size streams. A `\r` at the very end of a block is held back until the next
//! block says whether `\n` follows (then it is part of the terminator; else it is data).
//! Files are concatenated as `cat` would: a file that does not end in a newline continues its
//! last line into the next file.

use std::fs::File;
use std::io::{self, Read};

use anyhow::Context;
use std::io::Write;

use super::codec::{Engine, Halt};
use super::progress::Progress;
use crate::plan::Input;

/// Bytes read at a time.
pub const READ_SIZE: usize = 256 << 10;

/// TEXT arguments: each is one record.
pub fn texts<W: Write>(texts: &[Vec<u8>], engine: &mut Engine<W>) -> Result<(), Halt> {
    for t in texts {
        engine.feed(t)?;
        engine.end_record()?;
        engine.flush_if_full()?;
    }
    engine.finish()
}

/// The inputs, in order, as one stream: split into lines, or one record with `whole`.
pub fn streams<W: Write>(
    inputs: &[Input],
    whole: bool,
    engine: &mut Engine<W>,
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

fn open(input: &Input) -> anyhow::Result<Box<dyn Read>> {
    Ok(match input {
        Input::Stdin => Box::new(io::stdin().lock()),
        Input::File(path) => Box::new(File::open(path).with_context(|| cannot_read(input))?),
    })
}

fn cannot_read(input: &Input) -> String {
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
    pub fn push<W: Write>(&mut self, mut block: &[u8], engine: &mut Engine<W>) -> Result<(), Halt> {
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
    pub fn finish<W: Write>(&mut self, engine: &mut Engine<W>) -> Result<(), Halt> {
        if std::mem::take(&mut self.held_cr) {
            engine.feed(b"\r")?;
        }
        if engine.is_open() {
            engine.end_record()?;
        }
        Ok(())
    }
}
