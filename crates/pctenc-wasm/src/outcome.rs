//! What a verb produces, and the helpers every verb shares: an [`Outcome`] (output bytes and
//! JSON metadata), errors as the page shows them, and the loop over records.
//!
//! This is the bottom layer of the JSON bridge: [`crate::check`], [`crate::charset`] and
//! [`crate::ops`] build on it, and it imports none of them (`tests/layers.rs` keeps it so).
//!
//! ```
//! use pctenc_wasm::outcome::each_record;
//! let (out, errors) = each_record(b"a\nbad\nc", true, |_, rec, out| {
//!     if rec == b"bad" { return Err(pctenc_wasm::outcome::error(0, 2, "x", "no".into())); }
//!     out.extend_from_slice(rec);
//!     Ok(())
//! });
//! assert_eq!(out, b"a\n\nc\n");
//! assert_eq!(errors[0]["record"], 1);
//! ```

use pctenc::DecodeError;
use serde_json::{json, Value};

use crate::request::records;

/// What a call produced: the output bytes and the metadata.
#[derive(Debug)]
pub struct Outcome {
    /// The bytes of the result (empty for verbs that only have metadata).
    pub output: Vec<u8>,
    /// The metadata, a JSON object; `bad_request` is set when the request was not understood.
    pub meta: Value,
}

/// One error, as the page shows it.
pub fn error(record: usize, offset: usize, code: &str, message: String) -> Value {
    json!({"record": record, "offset": offset, "code": code, "message": message})
}

/// Writes each record's result (followed by `\n` in lines mode) and collects the errors.
pub fn each_record(
    input: &[u8],
    lines: bool,
    mut one: impl FnMut(usize, &[u8], &mut Vec<u8>) -> Result<(), Value>,
) -> (Vec<u8>, Vec<Value>) {
    let mut output = Vec::with_capacity(input.len() + input.len() / 2);
    let mut errors = Vec::new();
    for (n, (start, rec)) in records(input, lines).into_iter().enumerate() {
        let mark = output.len();
        if let Err(mut e) = one(start, rec, &mut output) {
            output.truncate(mark);
            e["record"] = json!(n);
            errors.push(e);
        }
        if lines {
            output.push(b'\n');
        }
    }
    (output, errors)
}

/// A decode error as JSON.
pub fn decode_error(e: DecodeError) -> Value {
    error(0, e.offset(), e.code(), e.to_string())
}
