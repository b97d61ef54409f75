//! The whole-process benchmark's helpers (`scripts/bench/whole.sh`): the corpus file, and
//! the `percent-encoding` crate as a streaming command to time beside `pctenc`.
//!
//! ```text
//! whole_peer gen CORPUS MIB      writes MIB MiB of a benches/corpus corpus to stdout
//!                                (a 16 MiB sample, repeated)
//! whole_peer encode              stdin -> stdout, percent_encode with the RFC 3986
//!                                unreserved set, 256 KiB reads
//! whole_peer decode              stdin -> stdout, percent_decode, 256 KiB reads; an escape
//!                                cut by a read waits for the next one
//! ```

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use std::io::{self, Read, Write};
use std::process::ExitCode;

const UNRESERVED: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
const READ: usize = 256 << 10;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["gen", name, mib] => gen(name, mib.parse().unwrap_or(0)),
        ["encode"] => stream(|chunk, out, _last| {
            for piece in percent_encoding::percent_encode(chunk, UNRESERVED) {
                out.extend_from_slice(piece.as_bytes());
            }
            chunk.len()
        }),
        ["decode"] => stream(|chunk, out, last| {
            // Leave a '%' in the last two bytes for the next read, unless this is the end.
            let cut = if last { chunk.len() } else { safe_cut(chunk) };
            out.extend(percent_encoding::percent_decode(&chunk[..cut]));
            cut
        }),
        _ => {
            eprintln!("usage: whole_peer gen CORPUS MIB | encode | decode");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("whole_peer: {e}");
            ExitCode::from(2)
        }
    }
}

/// How much of `chunk` can be decoded without cutting an escape.
fn safe_cut(chunk: &[u8]) -> usize {
    let n = chunk.len();
    match chunk[n.saturating_sub(2)..].iter().position(|&b| b == b'%') {
        Some(i) => n.saturating_sub(2) + i,
        None => n,
    }
}

fn gen(name: &str, mib: usize) -> io::Result<()> {
    let sample = corpus::generate(name, 16 << 20)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "unknown corpus"))?;
    let mut out = io::stdout().lock();
    let mut left = mib << 20;
    while left > 0 {
        let n = left.min(sample.len());
        out.write_all(&sample[..n])?;
        left -= n;
    }
    out.flush()
}

/// Reads stdin in [`READ`]-byte blocks; `f` transforms a prefix of what it is given (the rest
/// waits for more input) and returns its length.
fn stream(mut f: impl FnMut(&[u8], &mut Vec<u8>, bool) -> usize) -> io::Result<()> {
    let (mut stdin, mut stdout) = (io::stdin().lock(), io::stdout().lock());
    let mut buf = Vec::with_capacity(READ + 2);
    let mut out = Vec::with_capacity(3 * READ);
    loop {
        let len = buf.len();
        buf.resize(len + READ, 0);
        let n = stdin.read(&mut buf[len..])?;
        buf.truncate(len + n);
        let last = n == 0;
        let done = f(&buf, &mut out, last);
        stdout.write_all(&out)?;
        out.clear();
        buf.drain(..done);
        if last {
            return stdout.flush();
        }
    }
}
