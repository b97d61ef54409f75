//! The pctenc side of the live differential tests (`scripts/differential/run.py`).
//!
//! Reads lines `PROFILE\tOP\tHEX` from stdin and writes one line per input: `OK HEX` (the
//! output bytes) or `ERR CODE OFFSET`. OP is `encode` ([`Profile::try_encode`]), `decode`
//! (bytes), `decode_str` (text: invalid UTF-8 per the profile, else U+FFFD) or
//! `decode_bytes` (the profile with `Utf8::Bytes`, as Python's `unquote_to_bytes`).

use std::io::{self, BufRead, BufWriter, Write};

use pctenc::{by_name, Utf8};

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or(0)).collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        let mut parts = line.splitn(3, '\t');
        let (name, op, input) = match (parts.next(), parts.next(), parts.next()) {
            (Some(n), Some(o), Some(h)) => (n, o, unhex(h)),
            _ => {
                writeln!(out, "ERR usage 0")?;
                continue;
            }
        };
        let Some(p) = by_name(name) else {
            writeln!(out, "ERR no-profile 0")?;
            continue;
        };
        let dec = |e: pctenc::DecodeError| (e.code(), e.offset());
        let result: Result<Vec<u8>, (&str, usize)> = match op {
            "encode" => p
                .try_encode(&input)
                .map(|s| s.into_owned().into_bytes())
                .map_err(|e| ("encode-error", e.offset)),
            "decode" => p.decode(&input).map(|c| c.into_owned()).map_err(dec),
            "decode_str" => p.decode_str(&input).map(|c| c.into_owned().into_bytes()).map_err(dec),
            "decode_bytes" => {
                p.with_output_utf8(Utf8::Bytes).decode(&input).map(|c| c.into_owned()).map_err(dec)
            }
            _ => {
                writeln!(out, "ERR no-op 0")?;
                continue;
            }
        };
        match result {
            Ok(bytes) => writeln!(out, "OK {}", hex(&bytes))?,
            Err((code, offset)) => writeln!(out, "ERR {code} {offset}")?,
        }
    }
    out.flush()
}
