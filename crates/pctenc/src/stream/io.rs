//! `io::Write` adapters over the streaming types.

use std::io::{self, Write};
use std::vec::Vec;

use super::{Decoder, Encoder};
use crate::profile::Profile;

/// Encodes everything written to it into the inner writer.
///
/// Call [`EncodeWriter::finish`] at the end: it flushes an unfinished UTF-8 sequence and
/// reports its error. Dropping without `finish` loses at most that sequence.
///
/// ```
/// use std::io::Write;
/// let mut w = pctenc::stream::EncodeWriter::new(pctenc::profile::rfc3986::RFC3986, Vec::new());
/// w.write_all(b"a b").unwrap();
/// assert_eq!(w.finish().unwrap(), b"a%20b");
/// ```
#[derive(Debug)]
pub struct EncodeWriter<W: Write> {
    encoder: Encoder,
    buf: Vec<u8>,
    inner: W,
}

impl<W: Write> EncodeWriter<W> {
    /// Wraps `inner`.
    pub fn new(profile: &Profile, inner: W) -> Self {
        EncodeWriter { encoder: Encoder::new(profile), buf: Vec::new(), inner }
    }

    /// Finishes the stream and returns the inner writer.
    ///
    /// # Errors
    /// An I/O error, or [`io::ErrorKind::InvalidData`] wrapping the encode error.
    pub fn finish(mut self) -> io::Result<W> {
        pass(&mut self.buf, &mut self.inner, |out| self.encoder.finish(out))?;
        self.inner.flush()?;
        Ok(self.inner)
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        pass(&mut self.buf, &mut self.inner, |out| self.encoder.push(data, out))?;
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Decodes everything written to it into the inner writer.
///
/// Call [`DecodeWriter::finish`] at the end: an escape cut short by the end of the stream is
/// only then known to be malformed.
///
/// ```
/// use std::io::Write;
/// let mut w = pctenc::stream::DecodeWriter::new(pctenc::profile::rfc3986::RFC3986, Vec::new());
/// w.write_all(b"a%2").unwrap();
/// w.write_all(b"0b").unwrap();
/// assert_eq!(w.finish().unwrap(), b"a b");
/// ```
#[derive(Debug)]
pub struct DecodeWriter<W: Write> {
    decoder: Decoder,
    buf: Vec<u8>,
    inner: W,
}

impl<W: Write> DecodeWriter<W> {
    /// Wraps `inner`.
    pub fn new(profile: &Profile, inner: W) -> Self {
        DecodeWriter { decoder: Decoder::new(profile), buf: Vec::new(), inner }
    }

    /// Finishes the stream and returns the inner writer.
    ///
    /// # Errors
    /// An I/O error, or [`io::ErrorKind::InvalidData`] wrapping the decode error.
    pub fn finish(mut self) -> io::Result<W> {
        pass(&mut self.buf, &mut self.inner, |out| self.decoder.finish(out))?;
        self.inner.flush()?;
        Ok(self.inner)
    }
}

impl<W: Write> Write for DecodeWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        pass(&mut self.buf, &mut self.inner, |out| self.decoder.push(data, out))?;
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// One step of either writer: code into `buf` (emptied first), then write it all to `inner`.
/// A coding error becomes [`io::ErrorKind::InvalidData`], wrapping the error.
fn pass<E>(
    buf: &mut Vec<u8>,
    inner: &mut impl Write,
    step: impl FnOnce(&mut Vec<u8>) -> Result<(), E>,
) -> io::Result<()>
where
    E: std::error::Error + Send + Sync + 'static,
{
    buf.clear();
    step(buf).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    inner.write_all(buf)
}
