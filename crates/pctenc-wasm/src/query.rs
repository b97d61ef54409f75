//! The npm package's `form` functions: query strings parsed, picked and built by
//! [`pctenc::query`], through the same vectors and numbers as [`crate::raw`].
//!
//! ```text
//! parse:  IN = the value   pctenc_query_parse(len, profile, knobs, charset, input, pick)
//!           ──► number of parts; OUT16 = their text as UTF-16LE, one after the other;
//!               LENS = each part's length in UTF-16 code units (name, value, name, ...,
//!               or only values when picking one name)
//! pick:   pctenc_query_key(len) first keeps IN's first len bytes as the name to pick
//! build:  IN = names and values, one after the other; LENS = their lengths in bytes
//!           pctenc_query_build(count, profile, knobs, charset) ──► length of OUT (ASCII
//!           for every profile but those that keep non-ASCII)
//! error:  u32::MAX, OUT = "code\nmessage", pctenc_error_offset() the offset in the value
//! ```
//!
//! One string and one array of lengths cross per call, whatever the number of pairs: the
//! JavaScript side slices the string. The knobs are [`Knobs`]' bits (malformed, utf8, `+`,
//! hex case), applied to the profile as `encode` and `decode` apply them.
//!
//! ```
//! use pctenc_wasm::{query::*, raw::{profile_id, NO_CHARSET}};
//! let form = profile_id("form").unwrap();
//! let query = input_id("query").unwrap();
//! let parts = parse_parts(b"?a=1+2&b", form, 0, NO_CHARSET, query, Pick::Pairs).unwrap();
//! assert_eq!(parts, ["a", "1 2", "b", ""]);
//! let first = parse_parts(b"b=%zz&b=2", form, 0, NO_CHARSET, query, Pick::First(b"b")).unwrap();
//! assert_eq!(first, ["%zz"]);
//! assert_eq!(build_parts(&["a b", "&"], form, 0, NO_CHARSET).unwrap(), "a+b=%26");
//! ```

use std::borrow::Cow;
use std::cell::RefCell;

use pctenc::query::{Builder, Input, Parser};
use pctenc::Profile;

use crate::raw::{bad, charset, decode_error, run, Knobs, RawError, FAILED, NO_CHARSET, OUT16};

thread_local! {
    /// Part lengths: UTF-16 code units out of a parse, UTF-8 bytes into a build.
    static LENS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The name to pick, set by [`pctenc_query_key`].
    static KEY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// What a parse returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick<'k> {
    /// Every pair: name, value, name, value...
    Pairs,
    /// The value of the first pair with this name (none if it has none).
    First(&'k [u8]),
    /// The values of every pair with this name.
    All(&'k [u8]),
}

/// The id of an input word (`auto`, `url`, `query`, `form`): its index in [`Input::NAMES`].
pub fn input_id(name: &str) -> Option<u32> {
    Input::NAMES.iter().position(|n| *n == name).map(|i| i as u32)
}

fn input(id: u32) -> Result<Input, RawError> {
    Input::NAMES
        .get(id as usize)
        .and_then(|n| Input::by_name(n))
        .ok_or_else(|| bad("unknown input id"))
}

/// The profile `id` with the knobs applied (the named constant when there are none).
fn profile(id: u32, knobs: u32) -> Result<Cow<'static, Profile>, RawError> {
    let base = pctenc::profile::ALL.get(id as usize).ok_or_else(|| bad("unknown profile id"))?;
    Ok(match knobs & 0xFF {
        0 => Cow::Borrowed(*base),
        k => Cow::Owned(Knobs(k).apply(**base)),
    })
}

/// The parts of `value` as [`Pick`] says, decoded by the profile `id` under `knobs`.
///
/// # Errors
/// A name or value the profile rejects (strict profiles), with its offset in `value`; a
/// bad id; `utf8: bytes` (names and values are strings).
pub fn parse_parts<'a>(
    value: &'a [u8],
    id: u32,
    knobs: u32,
    charset_id: u32,
    input_id: u32,
    pick: Pick<'_>,
) -> Result<Vec<Cow<'a, str>>, RawError> {
    if matches!(Knobs(knobs).utf8(), Some(crate::request::Utf8Knob::Bytes)) {
        return Err(bad("utf8 'bytes' does not apply: names and values are strings"));
    }
    let p = profile(id, knobs)?;
    let mut parser = Parser::new(&p).input(input(input_id)?);
    if charset_id != NO_CHARSET {
        let enc =
            charset(charset_id).ok_or_else(|| bad("charset 'auto' does not apply to queries"))?;
        parser = parser.charset(enc);
    }
    let key = |k: &[u8]| {
        std::str::from_utf8(k).map(str::to_owned).map_err(|_| bad("the name is not UTF-8"))
    };
    let mut parts = Vec::new();
    match pick {
        Pick::Pairs => {
            for pair in parser.pairs(value) {
                let (k, v) = pair.map_err(decode_error)?;
                parts.push(k);
                parts.push(v);
            }
        }
        Pick::First(k) => parts.extend(parser.first(value, &key(k)?).map_err(decode_error)?),
        Pick::All(k) => parts = parser.all(value, &key(k)?).map_err(decode_error)?,
    }
    Ok(parts)
}

/// The query string of `parts` (name, value, name, value...), escaped by the profile `id`
/// under `knobs`, in the charset `charset_id`.
///
/// # Errors
/// A profile that keeps one of `%&=#+` (code `unsafe-profile`); a bad id.
pub fn build_parts<S: AsRef<[u8]>>(
    parts: &[S],
    id: u32,
    knobs: u32,
    charset_id: u32,
) -> Result<String, RawError> {
    let p = profile(id, knobs)?;
    let mut b = Builder::new(&p).map_err(|e| (0, "unsafe-profile".to_owned(), e.to_string()))?;
    if charset_id != NO_CHARSET {
        let enc = charset(charset_id)
            .ok_or_else(|| bad("charset 'auto' is for decode; name the charset to encode"))?;
        b = b.charset(enc);
    }
    Ok(b.build(parts.chunks_exact(2).map(|kv| (kv[0].as_ref(), kv[1].as_ref()))))
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

/// [`input_id`] of the word in the first `len` bytes of IN, or -1 with the message in OUT.
#[no_mangle]
pub extern "C" fn pctenc_query_input(len: u32) -> i32 {
    let mut id = -1;
    run(len, |word, out| {
        let word = String::from_utf8_lossy(word);
        match input_id(&word) {
            Some(i) => id = i as i32,
            None => {
                out.clear();
                out.extend_from_slice(
                    format!("unknown input '{word}'; expected one of: {}", Input::NAMES.join(", "))
                        .as_bytes(),
                )
            }
        }
        Ok(())
    });
    id
}

/// Keeps the first `len` bytes of IN as the name the next pick looks for.
#[no_mangle]
pub extern "C" fn pctenc_query_key(len: u32) {
    run(len, |key, _| {
        KEY.with(|k| *k.borrow_mut() = key.to_vec());
        Ok(())
    });
}

/// [`parse_parts`] of the first `len` bytes of IN (`pick`: 0 every pair, 1 the first value
/// of the name [`pctenc_query_key`] kept, 2 all its values): the number of parts, their text
/// in OUT16 and lengths in LENS; or [`FAILED`].
#[no_mangle]
pub extern "C" fn pctenc_query_parse(
    len: u32,
    profile: u32,
    knobs: u32,
    cs: u32,
    input: u32,
    pick: u32,
) -> u32 {
    let mut count = 0;
    let r = KEY.with(|key| {
        let key = key.borrow();
        let pick = match pick {
            0 => Pick::Pairs,
            1 => Pick::First(&key),
            _ => Pick::All(&key),
        };
        run(len, |value, out| {
            let parts = parse_parts(value, profile, knobs, cs, input, pick)?;
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
            Ok(())
        })
    });
    if r == FAILED {
        FAILED
    } else {
        count
    }
}

/// [`build_parts`] of the `count` parts in IN whose byte lengths are in LENS: the length of
/// the query in OUT, or [`FAILED`].
#[no_mangle]
pub extern "C" fn pctenc_query_build(count: u32, profile: u32, knobs: u32, cs: u32) -> u32 {
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
        let query = build_parts(&parts, profile, knobs, cs)?;
        out.clear();
        out.extend_from_slice(query.as_bytes());
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::{pctenc_in, profile_id};

    #[test]
    fn knobs_and_errors() {
        let rfc = profile_id("rfc3986").unwrap();
        let url = input_id("url").unwrap();
        let e = parse_parts(b"/p?a=%zz", rfc, 0, NO_CHARSET, url, Pick::Pairs).unwrap_err();
        assert_eq!((e.0, e.1.as_str()), (5, "invalid-escape"));
        // lenient (bits 2-3 = 2) keeps the '%'
        let parts = parse_parts(b"/p?a=%zz+", rfc, 2 << 2, NO_CHARSET, url, Pick::Pairs).unwrap();
        assert_eq!(parts, ["a", "%zz+"]);
        // `+` rule on (bits 6-7 = 1)
        let parts = parse_parts(b"/p?a=+", rfc, 1 << 6, NO_CHARSET, url, Pick::Pairs).unwrap();
        assert_eq!(parts, ["a", " "]);
        assert!(parse_parts(b"a", rfc, 3 << 4, NO_CHARSET, url, Pick::Pairs).is_err());
        let e =
            build_parts(&["a", "b"], profile_id("url-query").unwrap(), 0, NO_CHARSET).unwrap_err();
        assert_eq!(e.1, "unsafe-profile");
        assert_eq!(input_id("nope"), None);
    }

    #[test]
    fn exports_write_parts_and_lengths() {
        let write = |bytes: &[u8]| {
            pctenc_in(bytes.len() as u32);
            crate::raw::IN.with(|i| i.borrow_mut()[..bytes.len()].copy_from_slice(bytes));
            bytes.len() as u32
        };
        let form = profile_id("form").unwrap();
        let q = input_id("query").unwrap();
        let n = write("?é=😀&x".as_bytes());
        assert_eq!(pctenc_query_parse(n, form, 0, NO_CHARSET, q, 0), 4);
        let lens = LENS.with(|l| l.borrow().clone());
        assert_eq!(lens, [1, 2, 1, 0]);
        let units: Vec<u8> = "é😀x".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(OUT16.with(|o| o.borrow().clone()), units);
        let n = write(b"x");
        pctenc_query_key(n);
        let n = write(b"x=1&x=2");
        assert_eq!(pctenc_query_parse(n, form, 0, NO_CHARSET, q, 2), 2);
        assert_eq!(pctenc_query_parse(n, form, 0, NO_CHARSET, q, 1), 1);
        let n = write(b"/p?x=%zz");
        let (rfc, url) = (profile_id("rfc3986").unwrap(), input_id("url").unwrap());
        assert_eq!(pctenc_query_parse(n, rfc, 0, NO_CHARSET, q, 1), 0); // "/p?x" is no "x"
        assert_eq!(pctenc_query_parse(n, rfc, 0, NO_CHARSET, url, 1), FAILED);
        assert_eq!(crate::raw::pctenc_error_offset(), 5);
        // build: "a b" / "&" as two parts
        write(b"a b&");
        pctenc_lens(2);
        LENS.with(|l| l.borrow_mut().copy_from_slice(&[3, 1]));
        assert_eq!(pctenc_query_build(2, form, 0, NO_CHARSET), 7);
    }
}
