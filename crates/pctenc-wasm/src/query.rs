//! The npm package's `form` functions: the library's query operations (`query-parse`,
//! `query-param`, `query-param-all`, `query-build`) run on an options handle of
//! [`crate::raw`] ([`raw::options_handle`] with [`raw::QUERY_PARSE`]...), through the same
//! vectors as the codec calls.
//!
//! ```text
//! parse:  IN = the value   pctenc_query_parse(len, handle)
//!           ──► number of parts; OUT16 = their text as UTF-16LE, one after the other;
//!               LENS = each part's length in UTF-16 code units (name, value, name, ...,
//!               or only values for a query-param / query-param-all handle)
//! pick:   pctenc_query_key(len) first keeps IN's first len bytes as the name to pick
//! build:  IN = names and values, one after the other; LENS = their lengths in bytes
//!           pctenc_query_build(count, handle) ──► length of OUT
//! error:  u32::MAX, OUT = "code\nmessage", pctenc_error_offset() the offset in the value
//! ```
//!
//! One string and one array of lengths cross per call, whatever the number of pairs: the
//! JavaScript side slices the string. The options are the handle's: the library's words,
//! defaults and refusals, as every front end has them.
//!
//! ```
//! use pctenc_wasm::{query::*, raw::{options_handle, QUERY_BUILD, QUERY_PARAM, QUERY_PARSE}};
//! let parse = options_handle(QUERY_PARSE, "input=query").unwrap();
//! assert_eq!(parse_parts(b"?a=1+2&b", parse, None).unwrap().unwrap(), ["a", "1 2", "b", ""]);
//! let first = options_handle(QUERY_PARAM, "").unwrap();
//! assert_eq!(parse_parts(b"b=%zz&b=2", first, Some(b"b")).unwrap().unwrap(), ["%zz"]);
//! let build = options_handle(QUERY_BUILD, "").unwrap();
//! assert_eq!(build_parts(&["a b", "&"], build).unwrap(), "a+b=%26");
//! ```

use std::cell::RefCell;

use pctenc::options::{Failure, Op, Output};

use crate::raw::{self, bad, run, RawError, Value, FAILED, NULL, OUT16};

thread_local! {
    /// Part lengths: UTF-16 code units out of a parse, UTF-8 bytes into a build.
    static LENS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The name to pick, set by [`pctenc_query_key`].
    static KEY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn failed(f: Failure) -> RawError {
    (f.offset, f.code.into(), f.message)
}

/// The parts of `value` under handle `h`: every name and value (`query-parse`), or the values
/// of the pairs named `key` (`query-param`: the first, if any; `query-param-all`: all).
///
/// # Errors
/// A name or value the handle's profile rejects (strict profiles), with its offset in
/// `value`; a handle of another operation, or a pick without a key.
pub fn parse_parts(
    value: &[u8],
    h: u32,
    key: Option<&[u8]>,
) -> Result<Option<Vec<String>>, RawError> {
    raw::with_options(h, |o| {
        let out = match o.op() {
            Op::QueryParse => o.run(value),
            Op::QueryParam | Op::QueryParamAll => {
                let key = key.ok_or_else(|| bad("a pick needs a key"))?;
                let key = std::str::from_utf8(key).map_err(|_| bad("the name is not UTF-8"))?;
                o.run_key(value, key)
            }
            _ => return Err(bad("not a query-parse or query-param handle")),
        };
        Ok(Some(match out.map_err(failed)? {
            Output::Pairs(pairs) => pairs.into_iter().flat_map(|(k, v)| [k, v]).collect(),
            Output::Bytes(b) => vec![String::from_utf8_lossy(&b).into_owned()],
            Output::Values(v) => v,
            // query-param: the name is absent; otherwise on_error=null dropped the value.
            Output::Null if o.op() == Op::QueryParam => Vec::new(),
            Output::Null => return Ok(None),
            Output::Findings { .. } => return Err(bad("not a query handle")),
        }))
    })
}

/// The query string of `parts` (name, value, name, value...) under `query-build` handle `h`.
///
/// # Errors
/// A handle of another operation.
pub fn build_parts<S: AsRef<[u8]>>(parts: &[S], h: u32) -> Result<String, RawError> {
    let pairs: Vec<(String, String)> = parts
        .chunks_exact(2)
        .map(|kv| {
            let text = |b: &S| String::from_utf8_lossy(b.as_ref()).into_owned();
            (text(&kv[0]), text(&kv[1]))
        })
        .collect();
    raw::with_options(h, |o| match o.run_pairs(&pairs).map_err(failed)? {
        Output::Bytes(b) => Ok(String::from_utf8_lossy(&b).into_owned()),
        _ => Err(bad("not a query-build handle")),
    })
}

/// UTF-16 code units of UTF-8 `text`: one per character, two for those above U+FFFF.
fn utf16_len(text: &str) -> u32 {
    text.bytes().map(|b| u32::from((b & 0xC0) != 0x80) + u32::from(b >= 0xF0)).sum()
}

/// Makes LENS `n` long and returns its address (for the lengths of a build's parts).
#[no_mangle]
pub extern "C" fn pctenc_lens(n: u32) -> *mut u32 {
    LENS.with(|l| {
        let mut l = l.borrow_mut();
        l.clear();
        l.resize(n as usize, 0);
        l.as_mut_ptr()
    })
}

/// The address of LENS (the lengths a parse wrote).
#[no_mangle]
pub extern "C" fn pctenc_lens_ptr() -> *const u32 {
    LENS.with(|l| l.borrow().as_ptr())
}

/// Keeps the first `len` bytes of IN as the name the next pick looks for.
#[no_mangle]
pub extern "C" fn pctenc_query_key(len: u32) {
    run(len, |key, _| {
        KEY.with(|k| *k.borrow_mut() = key.to_vec());
        Ok(Value::Written)
    });
}

/// [`parse_parts`] of the first `len` bytes of IN under handle `h` (a pick looks for the name
/// [`pctenc_query_key`] kept): the number of parts, their text in OUT16 and lengths in LENS;
/// [`NULL`] where `on_error=null` dropped the value; or [`FAILED`].
#[no_mangle]
pub extern "C" fn pctenc_query_parse(len: u32, h: u32) -> u32 {
    let mut count = 0;
    let r = KEY.with(|key| {
        let key = key.borrow();
        run(len, |value, out| {
            let Some(parts) = parse_parts(value, h, Some(&key))? else {
                return Ok(Value::Null);
            };
            out.clear();
            LENS.with(|l| {
                let mut l = l.borrow_mut();
                l.clear();
                for p in &parts {
                    out.extend_from_slice(p.as_bytes());
                    l.push(utf16_len(p));
                }
            });
            count = parts.len() as u32;
            OUT16.with(|o| crate::utf16::from_utf8(out, &mut o.borrow_mut()));
            Ok(Value::Written)
        })
    });
    if r == FAILED || r == NULL {
        r
    } else {
        count
    }
}

/// [`build_parts`] of the `count` parts in IN whose byte lengths are in LENS, under handle
/// `h`: the length of the query in OUT, or [`FAILED`].
#[no_mangle]
pub extern "C" fn pctenc_query_build(count: u32, h: u32) -> u32 {
    let total = LENS.with(|l| l.borrow().iter().map(|&n| n as usize).sum::<usize>());
    run(total as u32, |bytes, out| {
        let parts = LENS.with(|l| {
            let mut at = 0;
            l.borrow()
                .iter()
                .take(count as usize)
                .map(|&n| {
                    let part = bytes.get(at..at + n as usize).unwrap_or(&[]).to_vec();
                    at += n as usize;
                    part
                })
                .collect::<Vec<_>>()
        });
        let query = build_parts(&parts, h)?;
        out.clear();
        out.extend_from_slice(query.as_bytes());
        Ok(Value::Written)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::{options_handle, pctenc_in, QUERY_BUILD, QUERY_PARAM, QUERY_PARAM_ALL};
    use crate::raw::{QUERY_PARSE, TRY_DECODE};

    #[test]
    fn options_and_errors_are_the_library_s() {
        let strict = options_handle(QUERY_PARSE, "profile=rfc3986,input=url").unwrap();
        let e = parse_parts(b"/p?a=%zz", strict, None).unwrap_err();
        assert_eq!((e.0, e.1.as_str()), (5, "invalid-escape"));
        let lenient = options_handle(QUERY_PARSE, "profile=rfc3986,input=url,malformed=lenient");
        let parts = parse_parts(b"/p?a=%zz+", lenient.unwrap(), None).unwrap();
        assert_eq!(parts.unwrap(), ["a", "%zz+"]);
        let plus = options_handle(QUERY_PARSE, "profile=rfc3986,plus=true").unwrap();
        assert_eq!(parse_parts(b"a=+", plus, None).unwrap().unwrap(), ["a", " "]);
        let null = options_handle(QUERY_PARSE, "profile=rfc3986,on_error=null").unwrap();
        assert_eq!(parse_parts(b"a=%zz", null, None).unwrap(), None);
        assert!(options_handle(QUERY_PARSE, "utf8=bytes").is_err());
        assert!(options_handle(QUERY_BUILD, "profile=url-query").is_err());
        assert!(options_handle(QUERY_PARSE, "input=uri").unwrap_err().contains("input"));
        let decode = options_handle(TRY_DECODE, "").unwrap();
        assert!(parse_parts(b"a", decode, None).is_err());
    }

    #[test]
    fn exports_write_parts_and_lengths() {
        let write = |bytes: &[u8]| {
            pctenc_in(bytes.len() as u32);
            crate::raw::IN.with(|i| i.borrow_mut()[..bytes.len()].copy_from_slice(bytes));
            bytes.len() as u32
        };
        let parse = options_handle(QUERY_PARSE, "input=query").unwrap();
        let n = write("?é=😀&x".as_bytes());
        assert_eq!(pctenc_query_parse(n, parse), 4);
        let lens = LENS.with(|l| l.borrow().clone());
        assert_eq!(lens, [1, 2, 1, 0]);
        let units: Vec<u8> = "é😀x".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(OUT16.with(|o| o.borrow().clone()), units);
        let n = write(b"x");
        pctenc_query_key(n);
        let n = write(b"x=1&x=2");
        let all = options_handle(QUERY_PARAM_ALL, "input=query").unwrap();
        let first = options_handle(QUERY_PARAM, "input=query").unwrap();
        assert_eq!(pctenc_query_parse(n, all), 2);
        assert_eq!(pctenc_query_parse(n, first), 1);
        let n = write(b"/p?x=%zz");
        let strict_query = options_handle(QUERY_PARAM, "profile=rfc3986,input=query").unwrap();
        let strict_url = options_handle(QUERY_PARAM, "profile=rfc3986,input=url").unwrap();
        assert_eq!(pctenc_query_parse(n, strict_query), 0); // "/p?x" is no "x"
        assert_eq!(pctenc_query_parse(n, strict_url), FAILED);
        assert_eq!(crate::raw::pctenc_error_offset(), 5);
        // build: "a b" / "&" as two parts
        write(b"a b&");
        pctenc_lens(2);
        LENS.with(|l| l.borrow_mut().copy_from_slice(&[3, 1]));
        assert_eq!(pctenc_query_build(2, options_handle(QUERY_BUILD, "").unwrap()), 7);
    }
}
