//! The fast paths of `pctenc.urllib`, the drop-in for `urllib.parse`.
//!
//! Each function takes its arguments positionally from the Python wrapper (which owns the
//! exact signature and defaults) and handles the shapes nearly every call has: `str` (or
//! `bytes`) input, `safe` as `str`, UTF-8 with CPython's default error handler. Any other
//! shape (another encoding or error handler, `safe` as a list, a `str` with lone surrogates,
//! a wrong type) is handed to the running CPython's own `urllib.parse` function with the same
//! arguments, so its result and exception are CPython's by construction.
//!
//! The escaping itself is the library's: `quote` with `safe` is a profile whose set is
//! RFC 3986's non-unreserved bytes minus the ASCII bytes of `safe` (CPython's `_Quoter`),
//! built once per distinct `safe` and cached.
//!
//! The fallbacks are CPython's ORIGINAL functions, captured when this module is first
//! imported (`URLLIB_ORIGINALS`), never looked up in `urllib.parse` at call time: a program
//! that installs these functions into `urllib.parse` (`pctenc.urllib.install()`) must not
//! find them again there and recurse.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pctenc::profile::runtimes::{PY_QUOTE, PY_QUOTE_PLUS};
use pctenc::{AsciiSet, Profile, Space, Utf8};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyModule, PyString};

/// The `urllib.parse` functions this module replaces (and falls back to).
const NAMES: [&str; 9] = [
    "quote",
    "quote_plus",
    "quote_from_bytes",
    "unquote",
    "unquote_plus",
    "unquote_to_bytes",
    "urlencode",
    "parse_qs",
    "parse_qsl",
];

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("URLLIB_ORIGINALS", originals(m.py())?)?;
    m.add_function(wrap_pyfunction!(quote, m)?)?;
    m.add_function(wrap_pyfunction!(quote_plus, m)?)?;
    m.add_function(wrap_pyfunction!(quote_from_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(unquote, m)?)?;
    m.add_function(wrap_pyfunction!(unquote_plus, m)?)?;
    m.add_function(wrap_pyfunction!(unquote_to_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(parse_qsl, m)?)?;
    m.add_function(wrap_pyfunction!(parse_qs, m)?)?;
    Ok(())
}

/// `urllib.parse`'s functions, by name, as they were when this module was first imported
/// (the extension initialises once per process, before `install()` can have run).
fn originals(py: Python<'_>) -> PyResult<&Bound<'_, PyDict>> {
    static ORIGINALS: PyOnceLock<Py<PyDict>> = PyOnceLock::new();
    let dict = ORIGINALS.get_or_try_init(py, || -> PyResult<Py<PyDict>> {
        let module = py.import("urllib.parse")?;
        let dict = PyDict::new(py);
        for name in NAMES {
            dict.set_item(name, module.getattr(name)?)?;
        }
        Ok(dict.unbind())
    })?;
    Ok(dict.bind(py))
}

/// Calls CPython's original `urllib.parse.<name>(*args)`.
fn fallback<'py, A>(py: Python<'py>, name: &str, args: A) -> PyResult<Bound<'py, PyAny>>
where
    A: pyo3::call::PyCallArgs<'py>,
{
    originals(py)?.as_any().get_item(name)?.call1(args)
}

/// Profiles for `safe` sets, by (ASCII bytes of `safe`, space as `+`).
type Cache = HashMap<(Vec<u8>, bool), Arc<Profile>>;

/// Distinct `safe` values kept; past this the cache starts over (a program that builds
/// `safe` from its input must not grow memory without bound).
const CACHE_MAX: usize = 256;

/// The profile of `quote(..., safe)` (`plus`: `quote_plus`). `safe` is already filtered to
/// its ASCII bytes, as CPython filters it.
fn quoter(safe: &[u8], plus: bool) -> Arc<Profile> {
    static CACHE: Mutex<Option<Cache>> = Mutex::new(None);
    let key = (safe.to_vec(), plus);
    let mut guard = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = guard.get_or_insert_with(HashMap::new);
    if let Some(p) = cache.get(&key) {
        return p.clone();
    }
    if cache.len() >= CACHE_MAX {
        cache.clear();
    }
    let mut set = AsciiSet::NON_UNRESERVED;
    for &b in safe {
        set = set.remove(b);
    }
    let mut p = Profile::new(set);
    if plus {
        // quote_plus quotes with ' ' safe and then writes every ' ' as '+'.
        p = Profile::new(set.add(b' ')).with_space(Space::Plus);
    }
    let p = Arc::new(p);
    cache.insert(key, p.clone());
    p
}

/// The ASCII bytes of a `str` `safe` (`safe.encode('ascii', 'ignore')`).
fn ascii_safe(safe: &str) -> Vec<u8> {
    safe.bytes().filter(u8::is_ascii).collect()
}

/// Encodes `bytes` with the profile for `safe` (the two defaults skip the cache); `None`
/// when nothing changes.
fn quote_bytes(bytes: &[u8], safe: &str, plus: bool) -> Option<String> {
    let owned = |c: Cow<'_, str>| match c {
        Cow::Borrowed(_) => None,
        Cow::Owned(s) => Some(s),
    };
    match (safe, plus) {
        ("/", false) => owned(PY_QUOTE.encode(bytes)),
        ("", true) => owned(PY_QUOTE_PLUS.encode(bytes)),
        _ => owned(quoter(&ascii_safe(safe), plus).encode(bytes)),
    }
}

/// The `str` result of quoting: `same` (an equal `str` object) when nothing changed.
fn quoted<'py>(
    py: Python<'py>,
    out: Option<String>,
    bytes: &[u8],
    same: Option<&Bound<'py, PyAny>>,
) -> Bound<'py, PyAny> {
    match (out, same) {
        (Some(s), _) => PyString::new(py, &s).into_any(),
        (None, Some(obj)) => obj.clone(),
        // Nothing escaped means every byte was kept: ASCII.
        (None, None) => PyString::new(py, &String::from_utf8_lossy(bytes)).into_any(),
    }
}

/// `quote(string, safe, encoding, errors)`.
#[pyfunction]
fn quote<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    safe: &Bound<'py, PyAny>,
    encoding: &Bound<'py, PyAny>,
    errors: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    quote_impl(py, string, safe, encoding, errors, false)
}

/// `quote_plus(string, safe, encoding, errors)`.
#[pyfunction]
fn quote_plus<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    safe: &Bound<'py, PyAny>,
    encoding: &Bound<'py, PyAny>,
    errors: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    quote_impl(py, string, safe, encoding, errors, true)
}

fn quote_impl<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    safe: &Bound<'py, PyAny>,
    encoding: &Bound<'py, PyAny>,
    errors: &Bound<'py, PyAny>,
    plus: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if encoding.is_none() && errors.is_none() {
        if let Ok(safe) = safe.cast_exact::<PyString>() {
            let safe = safe.to_str()?;
            if let Ok(s) = string.cast_exact::<PyString>() {
                if let Ok(text) = s.to_str() {
                    if text.is_empty() {
                        return Ok(string.clone());
                    }
                    let out = quote_bytes(text.as_bytes(), safe, plus);
                    return Ok(quoted(py, out, text.as_bytes(), Some(string)));
                }
            } else if let Ok(b) = string.cast_exact::<PyBytes>() {
                return Ok(quoted(py, quote_bytes(b.as_bytes(), safe, plus), b.as_bytes(), None));
            }
        }
    }
    let name = if plus { "quote_plus" } else { "quote" };
    fallback(py, name, (string, safe, encoding, errors))
}

/// `quote_from_bytes(bs, safe)`.
#[pyfunction]
fn quote_from_bytes<'py>(
    py: Python<'py>,
    bs: &Bound<'py, PyAny>,
    safe: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    if let (Ok(b), Ok(safe)) = (bs.cast_exact::<PyBytes>(), safe.cast_exact::<PyString>()) {
        let out = quote_bytes(b.as_bytes(), safe.to_str()?, false);
        return Ok(quoted(py, out, b.as_bytes(), None));
    }
    fallback(py, "quote_from_bytes", (bs, safe))
}

/// Whether `encoding` and `errors` are CPython's defaults for unquoting (UTF-8, `replace`).
fn default_codec(encoding: &Bound<'_, PyAny>, errors: &Bound<'_, PyAny>) -> bool {
    let is = |obj: &Bound<'_, PyAny>, want: &str| {
        obj.cast_exact::<PyString>().is_ok_and(|s| s.to_str().is_ok_and(|s| s == want))
    };
    (encoding.is_none() || is(encoding, "utf-8")) && (errors.is_none() || is(errors, "replace"))
}

/// Unquotes `text` with `p` (py-quote or py-quote-plus: pass-through, U+FFFD).
///
/// CPython decodes each ASCII run on its own and keeps other characters as they are; for
/// UTF-8 with `replace` that is the same as decoding the whole: a character outside ASCII
/// starts with a lead byte, which ends any sequence an escape left unfinished in both.
fn unquote_text<'py>(
    py: Python<'py>,
    obj: &Bound<'py, PyString>,
    text: &str,
    p: &Profile,
) -> Bound<'py, PyAny> {
    // A str is text already: without an escape (or, for unquote_plus, a '+') nothing changes.
    let plus = p.decoding().plus_as_space;
    if memchr_absent(text.as_bytes(), b'%') && (!plus || memchr_absent(text.as_bytes(), b'+')) {
        return obj.clone().into_any();
    }
    match p.decode_str(text) {
        Ok(Cow::Borrowed(_)) => obj.clone().into_any(),
        Ok(out) => PyString::new(py, &out).into_any(),
        // Pass-through decoding with U+FFFD has no error; keep the input if one ever appears.
        Err(_) => obj.clone().into_any(),
    }
}

/// Whether `needle` is not in `haystack`.
fn memchr_absent(haystack: &[u8], needle: u8) -> bool {
    !haystack.contains(&needle)
}

/// `unquote(string, encoding, errors)`.
#[pyfunction]
fn unquote<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    encoding: &Bound<'py, PyAny>,
    errors: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    unquote_as(py, "unquote", PY_QUOTE, (string, encoding, errors))
}

/// `unquote_plus(string, encoding, errors)`.
#[pyfunction]
fn unquote_plus<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    encoding: &Bound<'py, PyAny>,
    errors: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    unquote_as(py, "unquote_plus", PY_QUOTE_PLUS, (string, encoding, errors))
}

/// `urllib.parse.<name>(string, encoding, errors)` by `profile` where the fast path covers
/// the call (a `str` of valid UTF-8, the default codec), else CPython's own function.
fn unquote_as<'py>(
    py: Python<'py>,
    name: &str,
    profile: &Profile,
    args: (&Bound<'py, PyAny>, &Bound<'py, PyAny>, &Bound<'py, PyAny>),
) -> PyResult<Bound<'py, PyAny>> {
    let (string, encoding, errors) = args;
    if let Ok(s) = string.cast_exact::<PyString>() {
        if default_codec(encoding, errors) {
            if let Ok(text) = s.to_str() {
                return Ok(unquote_text(py, s, text, profile));
            }
        }
    }
    fallback(py, name, args)
}

/// `unquote_to_bytes(string)`.
#[pyfunction]
fn unquote_to_bytes<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes_profile = PY_QUOTE.with_output_utf8(Utf8::Bytes);
    let decode = |input: &[u8]| {
        let out = bytes_profile.decode(input).unwrap_or(std::borrow::Cow::Borrowed(input));
        PyBytes::new(py, &out).into_any()
    };
    if let Ok(b) = string.cast_exact::<PyBytes>() {
        return Ok(decode(b.as_bytes()));
    }
    if let Ok(s) = string.cast_exact::<PyString>() {
        if let Ok(text) = s.to_str() {
            return Ok(decode(text.as_bytes()));
        }
    }
    fallback(py, "unquote_to_bytes", (string,))
}

/// The pairs of `qs` as CPython's `parse_qsl` gives them with `strict_parsing=False`,
/// UTF-8, `replace` and `&`: the library's form parser splits (on `&`, skipping empty
/// pieces, then at the first `=`) and decodes (`+` then escapes); what is left to decide is
/// CPython's `keep_blank_values`.
fn qsl_pairs(qs: &str, keep_blank: bool) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for (name, value) in pctenc::form::parse_raw(qs.as_bytes()) {
        // A piece without '=' has its (empty) value right at the end of the name; after
        // "name=" the value starts one byte later. CPython keeps the first only with
        // keep_blank_values, and an empty value only with it too.
        let no_equals = value.as_ptr() as usize == name.as_ptr() as usize + name.len();
        if (no_equals || value.is_empty()) && !keep_blank {
            continue;
        }
        let text =
            |part: &[u8]| String::from_utf8_lossy(&pctenc::form::decode_part(part)).into_owned();
        pairs.push((text(name), text(value)));
    }
    pairs
}

/// Whether `parse_qs[l]`'s arguments are the shape [`qsl_pairs`] covers.
fn simple_qs(
    strict_parsing: &Bound<'_, PyAny>,
    encoding: &Bound<'_, PyAny>,
    errors: &Bound<'_, PyAny>,
    max_num_fields: &Bound<'_, PyAny>,
    separator: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let sep = separator.cast_exact::<PyString>().is_ok_and(|s| s.to_str().is_ok_and(|s| s == "&"));
    let is = |obj: &Bound<'_, PyAny>, want: &str| {
        obj.cast_exact::<PyString>().is_ok_and(|s| s.to_str().is_ok_and(|s| s == want))
    };
    Ok(sep
        && !strict_parsing.is_truthy()?
        && is(encoding, "utf-8")
        && is(errors, "replace")
        && max_num_fields.is_none())
}

/// `parse_qsl(qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields,
/// separator)`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn parse_qsl<'py>(
    py: Python<'py>,
    qs: &Bound<'py, PyAny>,
    keep_blank_values: &Bound<'py, PyAny>,
    strict_parsing: &Bound<'py, PyAny>,
    encoding: &Bound<'py, PyAny>,
    errors: &Bound<'py, PyAny>,
    max_num_fields: &Bound<'py, PyAny>,
    separator: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(s) = qs.cast_exact::<PyString>() {
        if simple_qs(strict_parsing, encoding, errors, max_num_fields, separator)? {
            if let Ok(text) = s.to_str() {
                let pairs = qsl_pairs(text, keep_blank_values.is_truthy()?);
                return Ok(PyList::new(py, pairs)?.into_any());
            }
        }
    }
    fallback(
        py,
        "parse_qsl",
        (qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator),
    )
}

/// `parse_qs(...)`, the same arguments as [`parse_qsl`].
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn parse_qs<'py>(
    py: Python<'py>,
    qs: &Bound<'py, PyAny>,
    keep_blank_values: &Bound<'py, PyAny>,
    strict_parsing: &Bound<'py, PyAny>,
    encoding: &Bound<'py, PyAny>,
    errors: &Bound<'py, PyAny>,
    max_num_fields: &Bound<'py, PyAny>,
    separator: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(s) = qs.cast_exact::<PyString>() {
        if simple_qs(strict_parsing, encoding, errors, max_num_fields, separator)? {
            if let Ok(text) = s.to_str() {
                let dict = PyDict::new(py);
                for (name, value) in qsl_pairs(text, keep_blank_values.is_truthy()?) {
                    match dict.get_item(&name)? {
                        Some(list) => list.cast::<PyList>()?.append(value)?,
                        None => dict.set_item(name, PyList::new(py, [value])?)?,
                    }
                }
                return Ok(dict.into_any());
            }
        }
    }
    fallback(
        py,
        "parse_qs",
        (qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator),
    )
}
