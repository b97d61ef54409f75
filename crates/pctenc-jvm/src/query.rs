//! Query strings as data for the JVM: the core's `query-param`, `query-parse` and
//! `query-build` operations ([`pctenc::query`]) compiled once, then run on one row at a time.
//!
//! A [`QueryCodec`] is to the query operations what [`Codec`](crate::codec::Codec) is to
//! encode and decode: the options parsed, defaulted and checked by the core's options model
//! (the `form` profile by default, `input=auto`, `on_error=raise`), interned, and held by
//! Java as a handle. A row runs through the core's column functions
//! ([`column::first`], [`column::parse`]) on a column of that one row, so that a row in
//! Spark and a row of a Python or DuckDB column give the same answer by construction
//! (`on_error`, lossy names, offsets); building runs the core's [`Builder`].
//!
//! Pairs cross the JNI boundary as one byte array each way, in the layout of
//! [`write_pairs`]: a count, the lengths, then the bytes, so that a row of any number of pairs
//! is one native call and one array.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use pctenc::batch::{BatchError, OnError, Rows};
use pctenc::options::{words, Key, Op, Options};
use pctenc::profile::runtimes::JAVA_URLENCODER;
use pctenc::query::{column, Builder, Parser};

use crate::codec::{flags, java_string, OptionError, ValueError};

/// A query operation: the `op` argument of `Native.compileQuery` (its `QUERY_*` constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryOp {
    /// `query-param`: the first value of a key.
    Param,
    /// `query-parse`: every pair, in order.
    Parse,
    /// `query-build`: pairs to a query string.
    Build,
}

impl QueryOp {
    /// The operation numbered `n` by `org.pctenc.Native`.
    pub fn from_int(n: i32) -> Option<QueryOp> {
        Some(match n {
            0 => QueryOp::Param,
            1 => QueryOp::Parse,
            2 => QueryOp::Build,
            _ => return None,
        })
    }

    fn op(self) -> Op {
        match self {
            QueryOp::Param => Op::QueryParam,
            QueryOp::Parse => Op::QueryParse,
            QueryOp::Build => Op::QueryBuild,
        }
    }
}

/// Flags of [`QueryCodec::compile`] beyond those of [`flags`].
pub mod query_flags {
    /// An options text without `=` is the `input` word (`pct_query_param(u, 'q', 'form',
    /// 'url')`), as pctenc.spark's SQL functions take it.
    pub const BARE_WORD_IS_INPUT: i32 = 4;
    /// A row that fails is null (`pct_try_query_param`): `on_error=null`, which the options
    /// must then not set themselves.
    pub const TRY: i32 = 8;
}

/// One query operation with its options, ready to run on rows.
#[derive(Debug)]
pub struct QueryCodec {
    op: QueryOp,
    parser: Parser,
    builder: Option<Builder>,
    on_error: OnError,
    /// Read rows as Java strings first (Java's own profile, see [`flags::JAVA_STRING_INPUT`]).
    java_strings: bool,
    profile: &'static str,
}

type Interned = HashMap<(QueryOp, Option<String>, String, i32), &'static QueryCodec>;

impl QueryCodec {
    /// The codec of `op` with `options` (the core's compact text form) and `profile` (a name
    /// or alias; `None` for the options' own or the operation's default, `form`), interned.
    ///
    /// # Errors
    /// The core's message for an unknown profile, option or word, or options that do not
    /// apply to the operation.
    pub fn compile(
        op: QueryOp,
        profile: Option<&str>,
        options: &str,
        flags: i32,
    ) -> Result<&'static QueryCodec, OptionError> {
        static CODECS: OnceLock<Mutex<Interned>> = OnceLock::new();
        let key = (op, profile.map(str::to_owned), options.to_owned(), flags);
        let table = CODECS.get_or_init(Default::default);
        if let Some(codec) = table.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            return Ok(codec);
        }
        let bad = |e: pctenc::options::OptionError| OptionError(e.to_string());
        let bare = flags & query_flags::BARE_WORD_IS_INPUT != 0
            && !options.trim().is_empty()
            && !options.contains('=');
        let mut o = if bare {
            let mut o = Options::new(op.op());
            o.set(words::info(Key::Input).name, options.trim()).map_err(bad)?;
            o
        } else {
            Options::parse(op.op(), options).map_err(bad)?
        };
        if let Some(p) = profile {
            if flags & flags::DEFAULT_PROFILE == 0 || !o.is_set(Key::Profile) {
                o.set(words::info(Key::Profile).name, p).map_err(bad)?;
            }
        }
        if flags & query_flags::TRY != 0 {
            o.set(words::info(Key::OnError).name, OnError::Null.name()).map_err(bad)?;
        }
        o.validate().map_err(bad)?;
        let builder = match op {
            QueryOp::Build => Some(o.query_builder().map_err(|e| OptionError(e.to_string()))?),
            _ => None,
        };
        let base = o.base_profile();
        let codec: &'static QueryCodec = Box::leak(Box::new(QueryCodec {
            op,
            parser: o.query_parser(),
            builder,
            on_error: o.on_error(),
            java_strings: flags & flags::JAVA_STRING_INPUT != 0
                && base.name() == JAVA_URLENCODER.name(),
            profile: base.name(),
        }));
        let mut table = table.lock().unwrap_or_else(|p| p.into_inner());
        Ok(*table.entry(key).or_insert(codec))
    }

    /// The operation.
    pub fn op(&self) -> QueryOp {
        self.op
    }

    /// The name of the profile the options name (or the default one).
    pub fn profile_name(&self) -> &'static str {
        self.profile
    }

    /// `query-param`: appends the first value of `key` in `row`'s query to `out`; whether
    /// there is one (false: NULL, the key is absent, or the value failed under
    /// `on_error=null`). A key that is not UTF-8 is read as the core reads names (lossy).
    ///
    /// # Errors
    /// The value does not decode and `on_error` is `raise`.
    pub fn param(&self, row: &[u8], key: &[u8], out: &mut Vec<u8>) -> Result<bool, ValueError> {
        let key = String::from_utf8_lossy(key);
        self.with_row(row, |row, rows| {
            let got = column::first::<i32, i32>(&self.parser, rows, &key, self.on_error)
                .map_err(|e| self.error(row, e))?;
            if !got.is_valid(0) {
                return Ok(false);
            }
            out.extend_from_slice(got.row(0));
            Ok(true)
        })
    }

    /// `query-parse`: appends `row`'s pairs to `out` in the layout of [`write_pairs`];
    /// whether the row is present (false: it failed under `on_error=null`).
    ///
    /// # Errors
    /// A name or value does not decode and `on_error` is `raise`.
    pub fn parse(&self, row: &[u8], out: &mut Vec<u8>) -> Result<bool, ValueError> {
        self.with_row(row, |row, rows| {
            let got = column::parse::<i32, i32>(&self.parser, rows, self.on_error)
                .map_err(|e| self.error(row, e))?;
            if !got.is_valid(0) {
                return Ok(false);
            }
            let (keys, values) = (&got.items.keys, &got.items.values);
            write_pairs((0..keys.len()).map(|j| (keys.row(j), values.row(j))), out);
            Ok(true)
        })
    }

    /// `query-build`: appends the query string of `pairs` (the layout of [`write_pairs`],
    /// a pair with a null name or value left out, as a column's are) to `out`.
    ///
    /// # Errors
    /// `pairs` is not in that layout (a bug of the Java side).
    pub fn build(&self, pairs: &[u8], out: &mut Vec<u8>) -> Result<(), &'static str> {
        let builder = self.builder.as_ref().ok_or("pctenc: not a query-build codec")?;
        let pairs = read_pairs(pairs).ok_or("pctenc: malformed pairs from the JVM")?;
        let repaired: Vec<(Vec<u8>, Vec<u8>)>;
        let text = if self.java_strings {
            repaired = pairs
                .into_iter()
                .flatten()
                .map(|(k, v)| (self.java(k).into_owned(), self.java(v).into_owned()))
                .collect();
            builder.build(repaired.iter().map(|(k, v)| (k, v)))
        } else {
            builder.build(pairs.into_iter().flatten())
        };
        out.extend_from_slice(text.as_bytes());
        Ok(())
    }

    /// Runs `f` on `row` (repaired as Java reads it, under Java's profile) as a column of
    /// one row.
    fn with_row<T>(&self, row: &[u8], f: impl FnOnce(&[u8], &Rows<'_, i32>) -> T) -> T {
        let row = self.java(row);
        match i32::try_from(row.len()) {
            Ok(n) => f(&row, &Rows::new(&[0, n], &row)),
            // Java arrays end before 2 GiB; a repaired row that grew past it is cut by the
            // core's own check of the offsets (an empty row), never read out of bounds.
            Err(_) => f(&row, &Rows::new(&[0, 0], &row)),
        }
    }

    fn java<'a>(&self, bytes: &'a [u8]) -> std::borrow::Cow<'a, [u8]> {
        if self.java_strings && std::str::from_utf8(bytes).is_err() {
            java_string(bytes).into()
        } else {
            bytes.into()
        }
    }

    fn error(&self, row: &[u8], e: BatchError) -> ValueError {
        match e {
            BatchError::Row { error, .. } => ValueError::from_row(self.profile, row, error),
            other => ValueError::internal(self.profile, &other.to_string()),
        }
    }
}

/// Writes pairs as one byte array: the count (`u32`, little-endian), each pair's name and
/// value lengths (`i32` each, -1 for a null one), then every name and value's bytes in order.
pub fn write_pairs<'a>(
    pairs: impl ExactSizeIterator<Item = (&'a [u8], &'a [u8])> + Clone,
    out: &mut Vec<u8>,
) {
    out.extend_from_slice(&(pairs.len() as u32).to_le_bytes());
    for (k, v) in pairs.clone() {
        out.extend_from_slice(&(k.len() as i32).to_le_bytes());
        out.extend_from_slice(&(v.len() as i32).to_le_bytes());
    }
    for (k, v) in pairs {
        out.extend_from_slice(k);
        out.extend_from_slice(v);
    }
}

/// A name and its value.
pub type Pair<'a> = (&'a [u8], &'a [u8]);

/// Reads the layout of [`write_pairs`]: per pair, `Some((name, value))`, or `None` where
/// either is null; `None` for bytes that are not in the layout.
pub fn read_pairs(bytes: &[u8]) -> Option<Vec<Option<Pair<'_>>>> {
    let word = |at: usize| -> Option<i32> {
        Some(i32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    let n = usize::try_from(word(0)?).ok()?;
    let mut data = 4usize.checked_add(n.checked_mul(8)?)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (k, v) = (word(4 + 8 * i)?, word(8 + 8 * i)?);
        let mut take = |len: i32| -> Option<Option<&[u8]>> {
            if len < 0 {
                return Some(None);
            }
            let end = data.checked_add(len as usize)?;
            let part = bytes.get(data..end)?;
            data = end;
            Some(Some(part))
        };
        let (k, v) = (take(k)?, take(v)?);
        out.push(k.zip(v));
    }
    (data == bytes.len()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(op: QueryOp, profile: Option<&str>, options: &str, f: i32) -> &'static QueryCodec {
        QueryCodec::compile(op, profile, options, f).unwrap()
    }

    #[test]
    fn param_present_empty_absent_and_errors() {
        let q = compile(QueryOp::Param, None, "", 0);
        assert_eq!(q.profile_name(), "form");
        let mut out = Vec::new();
        assert!(q.param(b"/p?a=1&q=caf%C3%A9+x&q=2#f", b"q", &mut out).unwrap());
        assert_eq!(out, "café x".as_bytes());
        out.clear();
        assert!(q.param(b"/p?q=&r", b"q", &mut out).unwrap());
        assert!(out.is_empty());
        assert!(!q.param(b"/p?r=1", b"q", &mut out).unwrap());
        let strict = compile(QueryOp::Param, Some("rfc3986"), "input=url", 0);
        let e = strict.param(b"/p?x=%zz&q=%", b"q", &mut out).unwrap_err();
        assert_eq!((e.code, e.offset, e.profile), ("truncated-escape", 11, "rfc3986"));
        // A bad pair elsewhere is no error.
        assert!(strict.param(b"/p?x=%zz&q=1", b"q", &mut out).is_ok());
        let tried = compile(QueryOp::Param, Some("rfc3986"), "", query_flags::TRY);
        assert!(!tried.param(b"q=%", b"q", &mut out).unwrap());
        let e =
            QueryCodec::compile(QueryOp::Param, Some("rfc3986"), "on_error=keep", query_flags::TRY);
        assert!(e.unwrap_err().0.contains("on_error"));
    }

    #[test]
    fn options_words_and_defaults_are_the_core_s() {
        let e = QueryCodec::compile(QueryOp::Param, Some("frm"), "", 0).unwrap_err();
        assert!(e.0.contains("unknown profile 'frm'"), "{e:?}");
        let e = QueryCodec::compile(QueryOp::Param, None, "inptu=url", 0).unwrap_err();
        assert!(e.0.contains("inptu"), "{e:?}");
        let url = compile(QueryOp::Param, Some("form"), "url", query_flags::BARE_WORD_IS_INPUT);
        let mut out = Vec::new();
        // input=url: a value without '?' has no query.
        assert!(!url.param(b"q=1", b"q", &mut out).unwrap());
        let auto = compile(QueryOp::Param, Some("form"), "", query_flags::BARE_WORD_IS_INPUT);
        assert!(auto.param(b"q=1", b"q", &mut out).unwrap());
        let e = QueryCodec::compile(QueryOp::Param, None, "nope", query_flags::BARE_WORD_IS_INPUT);
        assert!(e.unwrap_err().0.contains("nope"));
    }

    #[test]
    fn parse_and_build_round_trip_through_the_layout() {
        let p = compile(QueryOp::Parse, None, "", 0);
        let mut out = Vec::new();
        assert!(p.parse(b"http://h/?a=1&b&a=%20x", &mut out).unwrap());
        let pairs = read_pairs(&out).unwrap();
        let want: Vec<Option<(&[u8], &[u8])>> =
            vec![Some((b"a", b"1")), Some((b"b", b"")), Some((b"a", b" x"))];
        assert_eq!(pairs, want);
        let b = compile(QueryOp::Build, None, "", 0);
        let mut query = Vec::new();
        b.build(&out, &mut query).unwrap();
        assert_eq!(query, b"a=1&b=&a=+x");
        // A null name or value: the pair is left out.
        let mut layout = 2u32.to_le_bytes().to_vec();
        for len in [1i32, -1, 1, 1] {
            layout.extend_from_slice(&len.to_le_bytes());
        }
        layout.extend_from_slice(b"kab");
        assert_eq!(read_pairs(&layout).unwrap(), vec![None, Some((&b"a"[..], &b"b"[..]))]);
        query.clear();
        b.build(&layout, &mut query).unwrap();
        assert_eq!(query, b"a=b");
        assert!(read_pairs(&layout[..layout.len() - 1]).is_none());
        assert!(b.build(b"\x01", &mut query).is_err());
    }
}
