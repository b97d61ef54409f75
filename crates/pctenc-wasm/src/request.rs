//! The request: which verb, and the options, as the page and the npm package send them.
//!
//! `{"op":"decode","profile":"form","malformed":"strict","lines":true}`: besides `op` and the
//! bridge's own `lines` (records per line) and `passes` (`decode-repeat`), every field is an
//! option of the library's one table, handed to [`pctenc::options::Options`] as a `(key,
//! value)` pair. So the words, their defaults, "did you mean" and the refusal of an option a
//! verb does not take are the library's, in its words, as in every other front end. Options
//! that are absent take the operation's default.

use pctenc::options::{Op, OptionError, Options};
use serde_json::Value;

/// One call from the page.
#[derive(Debug, Default)]
pub struct Request {
    /// The verb: `encode`, `decode`, `check`, ... (see [`crate::ops`]).
    pub op: String,
    /// Records per line (`\n` or `\r\n` ends a record; each result is written followed by
    /// `\n`), instead of the whole input as one record.
    pub lines: bool,
    /// `decode-repeat`: the most passes (capped by the bridge).
    pub passes: Option<usize>,
    /// The options, as given: the fields, then the compact text of an `options` field.
    pub options: Vec<(String, String)>,
    /// An `options` field: the options in the library's compact text form (how the npm
    /// package sends an options object).
    pub text: Option<String>,
}

impl Request {
    /// Reads a request from its JSON.
    ///
    /// ```
    /// use pctenc_wasm::request::Request;
    /// let r = Request::parse(br#"{"op":"encode","profile":"form","lower":true,"lines":true}"#).unwrap();
    /// assert_eq!((r.op.as_str(), r.lines), ("encode", true));
    /// assert!(r.options.contains(&("profile".into(), "form".into())));
    /// assert!(r.options.contains(&("lower".into(), "true".into())));
    /// ```
    ///
    /// # Errors
    /// JSON that is not an object with a string `op`, or an option whose value is not a
    /// string, a boolean or a number.
    pub fn parse(json: &[u8]) -> Result<Request, String> {
        let value: Value = serde_json::from_slice(json).map_err(|e| format!("bad request: {e}"))?;
        let Value::Object(fields) = value else { return Err("bad request: not an object".into()) };
        let mut r = Request::default();
        for (key, v) in fields {
            match (key.as_str(), v) {
                ("op", Value::String(op)) => r.op = op,
                ("lines", Value::Bool(b)) => r.lines = b,
                ("passes", Value::Number(n)) => r.passes = n.as_u64().map(|n| n as usize),
                ("options", Value::String(t)) => r.text = Some(t),
                ("op" | "lines" | "passes" | "options", v) => {
                    return Err(format!("bad request: {key} {v}"))
                }
                (_, Value::Null) => {}
                (_, Value::String(s)) => r.options.push((key, s)),
                (_, Value::Bool(b)) => r.options.push((key, b.to_string())),
                (_, Value::Number(n)) => r.options.push((key, n.to_string())),
                (_, v) => {
                    return Err(format!(
                        "option {key} must be a string, a boolean or a number, not {v}"
                    ))
                }
            }
        }
        if r.op.is_empty() {
            return Err("bad request: no op".into());
        }
        Ok(r)
    }

    /// The options for `op`, or the library's error for the first one it refuses.
    ///
    /// ```
    /// use pctenc::options::Op;
    /// use pctenc_wasm::request::Request;
    /// let r = Request::parse(br#"{"op":"decode","utf8":"lossey"}"#).unwrap();
    /// assert_eq!(r.options(Op::Decode).unwrap_err().to_string(), "unknown utf8 'lossey'; did you mean lossy? (utf8 takes strict|lossy|bytes)");
    /// let r = Request::parse(br#"{"op":"decode","options":"profile=form, utf8=bytes"}"#).unwrap();
    /// assert_eq!(r.options(Op::Decode).unwrap().to_string(), "profile=form, utf8=bytes");
    /// ```
    ///
    /// # Errors
    /// [`OptionError`], naming the option.
    pub fn options(&self, op: Op) -> Result<Options, OptionError> {
        let mut o = Options::new(op);
        for (k, v) in &self.options {
            o.set(k, v)?;
        }
        if let Some(t) = &self.text {
            o.set_text(t)?;
        }
        o.validate()?;
        Ok(o)
    }
}

/// Splits `input` into records: the whole input, or its lines without their `\n` / `\r\n`
/// (a final line without terminator is a record too; an empty input has no line). Yields
/// each record with its byte offset, so errors can name offsets in the whole input.
pub fn records(input: &[u8], lines: bool) -> Vec<(usize, &[u8])> {
    if !lines {
        return vec![(0, input)];
    }
    let mut out = Vec::new();
    let mut start = 0;
    while start < input.len() {
        let end =
            input[start..].iter().position(|&b| b == b'\n').map_or(input.len(), |i| start + i);
        let mut rec = &input[start..end];
        if end < input.len() {
            rec = rec.strip_suffix(b"\r").unwrap_or(rec);
        }
        out.push((start, rec));
        start = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_drop_terminators_only() {
        let r = records(b"a \r\nb\n\nc", true);
        assert_eq!(r, vec![(0, &b"a "[..]), (4, &b"b"[..]), (6, &b""[..]), (7, &b"c"[..])]);
        assert_eq!(records(b"x\n", true), vec![(0, &b"x"[..])]);
        assert!(records(b"", true).is_empty());
        assert_eq!(records(b"a\nb", false), vec![(0, &b"a\nb"[..])]);
    }

    #[test]
    fn options_are_the_library_s() {
        let opts = |json: &str, op| Request::parse(json.as_bytes()).unwrap().options(op);
        let p = opts(r#"{"op":"encode","profile":"js-component","plus":true}"#, Op::Encode)
            .unwrap()
            .profile();
        assert_eq!(p.encode("a b"), "a+b");
        let p =
            opts(r#"{"op":"decode","profile":"form","plus":false}"#, Op::Decode).unwrap().profile();
        assert_eq!(p.decode("a+b").unwrap(), &b"a+b"[..]);
        let e = opts(r#"{"op":"decode","profile":"nope"}"#, Op::Decode).unwrap_err();
        assert_eq!(e.to_string(), "unknown profile 'nope'");
        let e = opts(r#"{"op":"decode","hex":"lower"}"#, Op::Decode).unwrap_err();
        assert!(e.to_string().starts_with("decode has no option hex"));
        assert!(Request::parse(br#"{"op":"encode","profile":["x"]}"#).is_err());
    }
}
