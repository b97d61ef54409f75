//! `pctenc form decode|encode`: application/x-www-form-urlencoded strings to JSON pairs and
//! back, with the library's [`pctenc::form`] parser and [`Serializer`].
//!
//! Records are read as for `encode`/`decode` ([`super::input`]); each record (a line, or the
//! whole input with `--whole`) is held until it ends, because a form is parsed and a JSON
//! value read as a whole. Output:
//!
//! - decode: one JSON array `[["name","value"],...]` and `\n` per record. The parser never
//!   fails (a stray `%` stays, bytes invalid in the charset become U+FFFD). Control, C1 and
//!   bidi characters are written as `\uXXXX` escapes, so the JSON is safe on a terminal and
//!   still the same data.
//! - encode: one urlencoded string and `\n` per record. A record is an array of
//!   `[name, value]` arrays or an object; names and values are strings, numbers or booleans
//!   (written as JSON writes them). Invalid JSON is rejected with its line and column (exit 1);
//!   a blank record writes an empty line.

use std::io::{self, Write};

use pctenc::charset::Encoding;
use pctenc::form::{self, Serializer};
use serde_json::Value;

use super::codec::Halt;
use super::input::Records;
use crate::plan::Direction;

/// Write the output buffer out once it holds this much.
const FLUSH_AT: usize = 256 << 10;

/// The `form` commands as a [`Records`] consumer.
pub struct FormRecords<W: Write> {
    direction: Direction,
    encoding: &'static Encoding,
    writer: W,
    out: Vec<u8>,
    record: Vec<u8>,
    open: bool,
    /// 1-based number of the current record.
    number: usize,
    /// How records are named in messages: "line", "argument", or none (`--whole`).
    naming: Option<&'static str>,
    /// `--keep-going`: a rejected record writes an empty line and the run goes on.
    keep_going: bool,
    /// Records rejected so far.
    pub failures: usize,
}

impl<W: Write> FormRecords<W> {
    /// A consumer writing to `writer`; `naming` is "line", "argument" or `None` (`--whole`).
    pub fn new(
        direction: Direction,
        encoding: &'static Encoding,
        naming: Option<&'static str>,
        keep_going: bool,
        writer: W,
    ) -> Self {
        FormRecords {
            direction,
            encoding,
            writer,
            out: Vec::new(),
            record: Vec::new(),
            open: false,
            number: 1,
            naming,
            keep_going,
            failures: 0,
        }
    }

    fn decode(&mut self) {
        let pairs: Vec<(String, String)> = if self.encoding == pctenc::charset::encoding_rs::UTF_8 {
            form::parse(&self.record).map(|(n, v)| (n.into_owned(), v.into_owned())).collect()
        } else {
            form::parse_with(&self.record, self.encoding)
                .map(|(n, v)| (n.into_owned(), v.into_owned()))
                .collect()
        };
        let json = serde_json::to_string(&pairs).unwrap_or_default();
        self.out.extend_from_slice(terminal_safe_json(&json).as_bytes());
        self.out.push(b'\n');
    }

    fn encode(&mut self) -> Result<(), String> {
        if self.record.iter().all(u8::is_ascii_whitespace) {
            self.out.push(b'\n');
            return Ok(());
        }
        let value: Value = serde_json::from_slice(&self.record).map_err(|e| self.json_error(&e))?;
        let pairs = pairs(&value).map_err(|why| self.place(&why))?;
        let mut s = Serializer::new().with_encoding(self.encoding);
        for (n, v) in &pairs {
            s.append_pair(n, v);
        }
        self.out.extend_from_slice(s.finish().as_bytes());
        self.out.push(b'\n');
        Ok(())
    }

    /// "line 3, column 5: invalid JSON: expected value".
    fn json_error(&self, e: &serde_json::Error) -> String {
        let full = e.to_string();
        let why = full.rsplit_once(" at line ").map_or(full.as_str(), |(w, _)| w);
        let (line, column) = match self.naming {
            // A record is one line: its number is the line; the error's column is in it.
            Some(_) => (self.number, e.column()),
            None => (e.line(), e.column()),
        };
        match self.naming {
            Some("argument") => format!("argument {line}, column {column}: invalid JSON: {why}"),
            _ => format!("line {line}, column {column}: invalid JSON: {why}"),
        }
    }

    /// "line 3: why", or "input: why" with `--whole`.
    fn place(&self, why: &str) -> String {
        match self.naming {
            Some(n) => format!("{n} {}: {why}", self.number),
            None => format!("input: {why}"),
        }
    }
}

/// The pairs of a JSON value: an array of `[name, value]` arrays, or an object.
fn pairs(value: &Value) -> Result<Vec<(String, String)>, String> {
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    };
    let bad = "expected an array of [name, value] arrays or an object, with strings, numbers or \
               booleans as names and values";
    match value {
        Value::Object(o) => {
            o.iter().map(|(k, v)| Some((k.clone(), text(v)?))).collect::<Option<_>>()
        }
        Value::Array(items) => items
            .iter()
            .map(|item| match item.as_array().map(Vec::as_slice) {
                Some([n, v]) => Some((text(n)?, text(v)?)),
                _ => None,
            })
            .collect::<Option<_>>(),
        _ => None,
    }
    .ok_or_else(|| bad.to_string())
}

/// `json` with every character the library's one rule hides ([`pctenc::show::hidden`]:
/// controls, C1, bidi, zero-width, line separators, BOM) as a `\uXXXX` escape (serde_json
/// escapes only C0): the same JSON value, and nothing a terminal would act on.
fn terminal_safe_json(json: &str) -> std::borrow::Cow<'_, str> {
    use pctenc::show::hidden;
    if !json.chars().any(hidden) {
        return json.into();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if hidden(c) {
            // Every hidden character is in the Basic Multilingual Plane: one JSON escape.
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out.into()
}

impl<W: Write> Records for FormRecords<W> {
    fn feed(&mut self, data: &[u8]) -> Result<(), Halt> {
        self.open = true;
        self.record.extend_from_slice(data);
        Ok(())
    }

    fn end_record(&mut self) -> Result<(), Halt> {
        match self.direction {
            Direction::Decode => self.decode(),
            Direction::Encode => {
                if let Err(message) = self.encode() {
                    self.failures += 1;
                    self.write_block()?;
                    self.writer.flush()?;
                    let _ = writeln!(io::stderr(), "pctenc: {message}");
                    if !self.keep_going {
                        return Err(Halt::Rejected);
                    }
                    // As decode --keep-going: an empty line keeps output and input aligned.
                    self.out.push(b'\n');
                }
            }
        }
        self.record.clear();
        self.open = false;
        self.number += 1;
        Ok(())
    }

    fn is_open(&self) -> bool {
        self.open
    }

    fn write_block(&mut self) -> Result<(), Halt> {
        self.writer.write_all(&self.out)?;
        self.out.clear();
        Ok(())
    }

    fn flush_if_full(&mut self) -> Result<(), Halt> {
        if self.out.len() >= FLUSH_AT {
            self.write_block()?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Halt> {
        self.write_block()?;
        self.writer.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_from_arrays_and_objects() {
        let v: Value = serde_json::from_str(r#"[["a", "1"], ["b", 2], ["c", true]]"#).unwrap();
        assert_eq!(
            pairs(&v).unwrap(),
            [("a".into(), "1".into()), ("b".into(), "2".into()), ("c".into(), "true".into())]
        );
        let v: Value = serde_json::from_str(r#"{"z": "1", "a": "2"}"#).unwrap();
        assert_eq!(pairs(&v).unwrap(), [("z".into(), "1".into()), ("a".into(), "2".into())]);
        for bad in [r#"[["a"]]"#, r#"[["a", null]]"#, r#""x""#, r#"{"a": [1]}"#] {
            assert!(pairs(&serde_json::from_str(bad).unwrap()).is_err(), "{bad}");
        }
    }

    #[test]
    fn terminal_controls_become_json_escapes() {
        assert_eq!(terminal_safe_json("[\"a\u{202e}\u{85}\"]"), "[\"a\\u202e\\u0085\"]");
        assert_eq!(
            terminal_safe_json("[\"\u{2028}\u{200b}\u{feff}\"]"),
            "[\"\\u2028\\u200b\\ufeff\"]"
        );
        let v: Value = serde_json::from_str(&terminal_safe_json("[\"\u{202e}\"]")).unwrap();
        assert_eq!(v[0], "\u{202e}");
    }
}
