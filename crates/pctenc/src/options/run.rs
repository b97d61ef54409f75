//! Running an operation on one value: [`Options::run`] (and [`Options::run_pairs`] for
//! `form-serialize`). What it returns is the contract: the conformance table is its output
//! on the table's inputs, and every front end must give the same.
//!
//! Encoding and decoding go through the [`batch`](crate::batch) API with a column of one
//! row, so a scalar call and a column give the same answer by construction, `on_error`
//! included.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::{Op, Options};
use crate::batch::{self, BatchError, OnError, Rows};
use crate::error::{DecodeError, EncodeError};
use crate::lint::{self, Finding};
use crate::profile::protocols::rfc8187;

/// What an operation gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Bytes: the encoding (ASCII, or UTF-8 for profiles that keep non-ASCII), the decoding
    /// (UTF-8 unless `utf8=bytes`), the normal form, the serialized form.
    Bytes(Vec<u8>),
    /// No value: `try-decode` of a value that does not decode, or `on_error=null`.
    Null,
    /// `check`: the findings, and whether one reaches `fail_on`.
    Findings {
        /// In input order.
        findings: Vec<Finding>,
        /// Whether a finding is at least as severe as `fail_on` (the CLI exits 1).
        fails: bool,
    },
    /// `form-parse`, `query-parse`: the pairs.
    Pairs(Vec<(String, String)>),
    /// `query-param-all`: the values, in order.
    Values(Vec<String>),
}

/// Why an operation gave no output: a stable code, the byte offset in the input it names,
/// and the library's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// A stable kebab-case code (`invalid-escape`, `invalid-utf8`, `not-text`,
    /// `unmappable`, `encoded-slash`...).
    pub code: &'static str,
    /// The byte offset in the input.
    pub offset: usize,
    /// What happened, in words (the library's message).
    pub message: String,
}

impl Failure {
    fn new(code: &'static str, offset: usize, message: impl fmt::Display) -> Failure {
        Failure { code, offset, message: message.to_string() }
    }
}

impl From<DecodeError> for Failure {
    fn from(e: DecodeError) -> Failure {
        Failure::new(e.code(), e.offset(), e)
    }
}

impl From<EncodeError> for Failure {
    fn from(e: EncodeError) -> Failure {
        Failure::new(EncodeError::CODE, e.offset, e)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}: {}", self.code, self.offset, self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Failure {}

impl Options {
    /// Runs the operation on `input` (every operation but `form-serialize` and `query-build`,
    /// which take pairs: [`Options::run_pairs`]; and `query-param` and `query-param-all`,
    /// which take a key too: [`Options::run_key`]).
    ///
    /// ```
    /// use pctenc::options::{Op, Options, Output};
    /// let run = |op, opts, input: &str| Options::parse(op, opts).unwrap().run(input.as_bytes());
    /// assert_eq!(run(Op::Encode, "profile=form", "a b&c").unwrap(), Output::Bytes(b"a+b%26c".to_vec()));
    /// let e = run(Op::Decode, "", "%FF").unwrap_err();            // decoding gives text
    /// assert_eq!((e.code, e.offset), ("invalid-utf8", 0));
    /// assert_eq!(run(Op::Decode, "utf8=bytes", "%FF").unwrap(), Output::Bytes(vec![0xFF]));
    /// assert_eq!(run(Op::TryDecode, "", "100%").unwrap(), Output::Null);
    /// assert_eq!(run(Op::Normalize, "", "HTTP://%41.Example/%7euser").unwrap(), Output::Bytes(b"http://a.example/~user".to_vec()));
    /// ```
    ///
    /// # Errors
    /// A [`Failure`] with the code and byte offset of what was wrong in the input, or an
    /// option error (`bad-options`, offset 0) when the options do not
    /// [`validate`](Options::validate).
    pub fn run(&self, input: &[u8]) -> Result<Output, Failure> {
        self.validate().map_err(|e| Failure::new("bad-options", 0, e))?;
        match self.op {
            Op::Encode => self.encode(input),
            Op::Decode | Op::TryDecode => self.decode(input),
            Op::Check => {
                let findings = lint::check_with(input, &self.lint_options());
                let fails = findings.iter().any(|f| f.severity >= self.fail_on());
                Ok(Output::Findings { findings, fails })
            }
            Op::Normalize => {
                Ok(Output::Bytes(crate::normalize::normalize(input, self.context()).into_owned()))
            }
            Op::FormParse => Ok(Output::Pairs(self.form_parse(input))),
            Op::DecodeSegment => crate::segment::decode_segment(input, &self.segment_policy())
                .map(|b| Output::Bytes(b.into_owned()))
                .map_err(|e| Failure::new(e.kind.as_str(), e.offset, e)),
            Op::QueryParse => self.query(input, None),
            Op::FormSerialize | Op::QueryBuild => Err(Failure::new(
                "bad-options",
                0,
                "form-serialize and query-build take (name, value) pairs: Options::run_pairs",
            )),
            Op::QueryParam | Op::QueryParamAll => Err(Failure::new(
                "bad-options",
                0,
                "query-param and query-param-all take a key: Options::run_key",
            )),
        }
    }

    /// Runs `query-param` or `query-param-all`: the value(s) of the pairs named `key` in
    /// `input`'s query (any other operation is an error).
    ///
    /// ```
    /// use pctenc::options::{Op, Options, Output};
    /// let o = Options::new(Op::QueryParam);
    /// let url = b"https://h.example/s?q=caf%C3%A9+x&n=1#top";
    /// assert_eq!(o.run_key(url, "q").unwrap(), Output::Bytes("café x".into()));
    /// assert_eq!(o.run_key(url, "z").unwrap(), Output::Null);
    /// let all = Options::parse(Op::QueryParamAll, "profile=rfc3986").unwrap();
    /// assert_eq!(all.run_key(b"a=1+1&a=2", "a").unwrap(), Output::Values(vec!["1+1".into(), "2".into()]));
    /// ```
    ///
    /// # Errors
    /// As [`Options::run`]: a [`Failure`] for a picked value the profile rejects (under
    /// `on_error=raise`), `bad-options` for options that do not validate or another
    /// operation.
    pub fn run_key(&self, input: &[u8], key: &str) -> Result<Output, Failure> {
        self.validate().map_err(|e| Failure::new("bad-options", 0, e))?;
        if !matches!(self.op, Op::QueryParam | Op::QueryParamAll) {
            return Err(Failure::new("bad-options", 0, "only query-param(-all) take a key"));
        }
        self.query(input, Some(key))
    }

    /// The query operations on a column of one row, so that one value and a column give
    /// the same answer by construction.
    fn query(&self, input: &[u8], key: Option<&str>) -> Result<Output, Failure> {
        use crate::batch::Output as Column;
        use crate::query::column;
        let offsets = [0i64, input.len() as i64];
        let rows = Rows::new(&offsets, input);
        let parser = self.query_parser();
        let on_error = self.on_error();
        let text = |c: &Column<i64>, j: usize| String::from_utf8_lossy(c.row(j)).into_owned();
        let result = match (self.op, key) {
            (Op::QueryParam, Some(key)) => column::first::<i64, i64>(&parser, &rows, key, on_error)
                .map(|out| {
                    if out.is_valid(0) {
                        Output::Bytes(out.row(0).to_vec())
                    } else {
                        Output::Null
                    }
                }),
            (Op::QueryParamAll, Some(key)) => {
                column::all::<i64, i64>(&parser, &rows, key, on_error).map(|out| {
                    if out.is_valid(0) {
                        Output::Values((0..out.items.len()).map(|j| text(&out.items, j)).collect())
                    } else {
                        Output::Null
                    }
                })
            }
            _ => column::parse::<i64, i64>(&parser, &rows, on_error).map(|out| {
                if out.is_valid(0) {
                    let (keys, values) = (&out.items.keys, &out.items.values);
                    Output::Pairs(
                        (0..keys.len()).map(|j| (text(keys, j), text(values, j))).collect(),
                    )
                } else {
                    Output::Null
                }
            }),
        };
        result.map_err(batch_failure)
    }

    /// Runs `form-serialize` or `query-build` on `pairs` (any other operation is an error).
    ///
    /// ```
    /// use pctenc::options::{Op, Options, Output};
    /// let o = Options::new(Op::FormSerialize);
    /// assert_eq!(o.run_pairs(&[("a b", "€")]).unwrap(), Output::Bytes(b"a+b=%E2%82%AC".to_vec()));
    /// ```
    ///
    /// # Errors
    /// `bad-options` when the options do not validate or the operation is not
    /// `form-serialize`.
    pub fn run_pairs<K: AsRef<str>, V: AsRef<str>>(
        &self,
        pairs: &[(K, V)],
    ) -> Result<Output, Failure> {
        self.validate().map_err(|e| Failure::new("bad-options", 0, e))?;
        if self.op == Op::QueryBuild {
            let b = self.query_builder().map_err(|e| Failure::new("bad-options", 0, e))?;
            let pairs = pairs.iter().map(|(k, v)| (k.as_ref().as_bytes(), v.as_ref().as_bytes()));
            return Ok(Output::Bytes(b.build(pairs).into_bytes()));
        }
        if self.op != Op::FormSerialize {
            return Err(Failure::new(
                "bad-options",
                0,
                "only form-serialize and query-build take pairs",
            ));
        }
        #[allow(unused_mut)]
        let mut s = crate::form::Serializer::new();
        #[cfg(feature = "charsets")]
        if let Some(super::Charset::Encoding(e)) = self.charset {
            s = s.with_encoding(e);
        }
        for (n, v) in pairs {
            s.append_pair(n.as_ref(), v.as_ref());
        }
        Ok(Output::Bytes(s.finish().into_bytes()))
    }

    fn form_parse(&self, input: &[u8]) -> Vec<(String, String)> {
        let own = |(n, v): (Cow<'_, str>, Cow<'_, str>)| (n.into_owned(), v.into_owned());
        #[cfg(feature = "charsets")]
        if let Some(super::Charset::Encoding(e)) = self.charset {
            return crate::form::parse_with(input, e).map(own).collect();
        }
        crate::form::parse(input).map(own).collect()
    }

    /// `encode`: one row through [`batch::encode`], or the charset or ext-value path.
    fn encode(&self, input: &[u8]) -> Result<Output, Failure> {
        let p = self.profile();
        if self.ext_value() {
            let text = core::str::from_utf8(input).map_err(|e| match self.on_error() {
                OnError::Raise => Err(EncodeError { offset: e.valid_up_to() }.into()),
                OnError::Null => Ok(Output::Null),
                // The profile's own answer for a row that is not text: its lossy text.
                OnError::Keep | OnError::Replace => {
                    Ok(ext_value(&p, &String::from_utf8_lossy(input)))
                }
            });
            return match text {
                Ok(text) => Ok(ext_value(&p, text)),
                Err(done) => done,
            };
        }
        if self.charset.is_some() {
            // A charset encodes text: bytes that are not UTF-8 are `not-text` at their
            // offset (as the CLI's streaming encoder says), or U+FFFD when `utf8=lossy` asks.
            return match core::str::from_utf8(input) {
                Ok(text) => self.encode_charset(&p, text),
                Err(_) if self.utf8 == Some(crate::Utf8::Lossy) => {
                    self.encode_charset(&p, &String::from_utf8_lossy(input))
                }
                Err(e) => match self.on_error() {
                    // The first error in the input wins, as when streaming: a character the
                    // charset lacks before the bytes that are not text.
                    OnError::Raise => {
                        let text = &input[..e.valid_up_to()];
                        let text = core::str::from_utf8(text).unwrap_or_default();
                        self.encode_charset(&p, text)?;
                        Err(EncodeError { offset: e.valid_up_to() }.into())
                    }
                    OnError::Null => Ok(Output::Null),
                    // As a row that is not text elsewhere: its lossy text.
                    OnError::Keep | OnError::Replace => {
                        self.encode_charset(&p, &String::from_utf8_lossy(input))
                    }
                },
            };
        }
        let offsets = [0i64, input.len() as i64];
        let rows = Rows::new(&offsets, input);
        match batch::encode::<i64, i64>(&p, &rows, self.on_error()) {
            Ok(out) if out.is_valid(0) => Ok(Output::Bytes(out.values)),
            Ok(_) => Ok(Output::Null),
            Err(e) => Err(batch_failure(e)),
        }
    }

    #[cfg(feature = "charsets")]
    fn encode_charset(&self, p: &crate::Profile, text: &str) -> Result<Output, Failure> {
        let Some(super::Charset::Encoding(enc)) = self.charset else {
            unreachable!("validate() refuses charset=auto for encode");
        };
        if !self.unmappable_is_error() {
            return Ok(Output::Bytes(p.encode_with(text, enc).into_owned().into_bytes()));
        }
        match p.try_encode_with(text, enc) {
            Ok(out) => Ok(Output::Bytes(out.into_owned().into_bytes())),
            Err(e) => match self.on_error() {
                OnError::Raise => {
                    Err(Failure::new(crate::charset::UnmappableError::CODE, e.offset, e))
                }
                OnError::Null => Ok(Output::Null),
                OnError::Keep | OnError::Replace => {
                    Ok(Output::Bytes(p.encode_with(text, enc).into_owned().into_bytes()))
                }
            },
        }
    }

    #[cfg(not(feature = "charsets"))]
    fn encode_charset(&self, _: &crate::Profile, _: &str) -> Result<Output, Failure> {
        unreachable!("without charsets no charset option parses")
    }

    /// `decode` and `try-decode`: one row through [`batch::Decode`], or the charset or
    /// ext-value path.
    fn decode(&self, input: &[u8]) -> Result<Output, Failure> {
        let on_error = self.on_error();
        if self.ext_value() {
            // A byte that is not UTF-8 is no attr-char: the first one is the error.
            let result = core::str::from_utf8(input)
                .map_err(|e| rfc8187::ExtValueError::InvalidChar { offset: e.valid_up_to() })
                .and_then(rfc8187::decode_ext_value)
                .map_err(ext_value_failure);
            return match result {
                Ok(v) => Ok(Output::Bytes(v.value.into_bytes())),
                Err(e) => {
                    recover(e, on_error, input, || String::from_utf8_lossy(input).into_owned())
                }
            };
        }
        #[cfg(feature = "charsets")]
        if let Some(charset) = self.charset {
            return self.decode_charset(charset, input);
        }
        let p = self.profile();
        let mut d = batch::Decode::new(&p);
        if self.decodes_to_text() {
            d = d.text();
        }
        let offsets = [0i64, input.len() as i64];
        let rows = Rows::new(&offsets, input);
        match d.run::<i64, i64>(&rows, on_error) {
            Ok(out) if out.is_valid(0) => Ok(Output::Bytes(out.values)),
            Ok(_) => Ok(Output::Null),
            Err(e) => Err(batch_failure(e)),
        }
    }

    #[cfg(feature = "charsets")]
    fn decode_charset(&self, charset: super::Charset, input: &[u8]) -> Result<Output, Failure> {
        use crate::charset::Invalid;
        use crate::profile::Utf8;
        let p = self.profile();
        let run = |p: &crate::Profile, invalid| match charset {
            super::Charset::Auto => p.decode_auto(input, invalid).map(|d| d.text),
            super::Charset::Encoding(e) => p.decode_with(input, e, invalid),
        };
        let invalid =
            if self.utf8 == Some(Utf8::Lossy) { Invalid::Replace } else { Invalid::Error };
        match run(&p, invalid) {
            Ok(text) => Ok(Output::Bytes(text.into_owned().into_bytes())),
            Err(e) => recover(e.into(), self.on_error(), input, || {
                let lenient = p.with_malformed(crate::Malformed::PassThrough);
                run(&lenient, Invalid::Replace).map(Cow::into_owned).unwrap_or_default()
            }),
        }
    }
}

/// `on_error` for the paths outside the batch API: `keep` is the input as text, `replace`
/// what `lenient` gives.
fn recover(
    e: Failure,
    on_error: OnError,
    input: &[u8],
    lenient: impl FnOnce() -> String,
) -> Result<Output, Failure> {
    match on_error {
        OnError::Raise => Err(e),
        OnError::Null => Ok(Output::Null),
        OnError::Keep => {
            Ok(Output::Bytes(String::from_utf8_lossy(input).into_owned().into_bytes()))
        }
        OnError::Replace => Ok(Output::Bytes(lenient().into_bytes())),
    }
}

/// `text` as an RFC 8187 ext-value in UTF-8: `UTF-8''` and its escapes.
fn ext_value(p: &crate::Profile, text: &str) -> Output {
    let mut out = String::from("UTF-8''");
    p.encode_append(text, &mut out);
    Output::Bytes(out.into_bytes())
}

fn batch_failure(e: BatchError) -> Failure {
    match e {
        BatchError::Row { error, .. } => Failure::new(error.code(), error.offset(), error),
        // A column of one row of at most isize::MAX bytes indexes with i64 offsets.
        other => Failure::new("internal", 0, other),
    }
}

fn ext_value_failure(e: rfc8187::ExtValueError) -> Failure {
    Failure::new(e.code(), e.offset(), e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Op;
    use alloc::string::ToString;

    #[test]
    fn a_failure_shows_its_code_offset_and_message() {
        let e = Options::new(Op::Decode).run(b"ab%FF").unwrap_err();
        assert_eq!(e.to_string(), alloc::format!("invalid-utf8 at byte 2: {}", e.message));
        assert!(e.message.contains('2'), "{}", e.message);
    }
}
