//! One value at a time: `encode`, `decode`, `try_decode`, `check`, `normalize`, forms, and
//! `profiles`.
//!
//! Every call is the library's options model run on one value ([`Options::run`]): the
//! keyword arguments become [`Options`] (see [`crate::names`]), and encoding and decoding go
//! through the batch API with a column of one row, so one value and one column
//! (`pctenc.arrow`) give the same answer by construction. `str` input is read as its UTF-8
//! bytes without a copy, and a `str` result equal to its input is the input object itself.

use pctenc::options::{Failure, Op, Options, Output};
use pctenc::profile::whatwg::FORM;
use pctenc::{Profile, Utf8};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::errors::pctenc_error;
use crate::names;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(try_decode, m)?)?;
    m.add_function(wrap_pyfunction!(decode_segment, m)?)?;
    m.add_function(wrap_pyfunction!(profiles, m)?)?;
    m.add_function(wrap_pyfunction!(options, m)?)?;
    m.add_function(wrap_pyfunction!(check_options, m)?)?;
    m.add_function(wrap_pyfunction!(effective, m)?)?;
    m.add_function(wrap_pyfunction!(profile_info, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(form_parse, m)?)?;
    m.add_function(wrap_pyfunction!(form_serialize, m)?)?;
    Ok(())
}

/// A `str` (as UTF-8) or `bytes` argument.
pub enum Text<'a, 'py> {
    Str(&'a str, &'a Bound<'py, PyString>),
    Bytes(&'a [u8]),
}

impl<'a, 'py> Text<'a, 'py> {
    pub fn bytes(&self) -> &'a [u8] {
        match self {
            Text::Str(s, _) => s.as_bytes(),
            Text::Bytes(b) => b,
        }
    }
}

/// Reads `obj` as text or bytes, or says which type it got.
pub fn text<'a, 'py>(obj: &'a Bound<'py, PyAny>, what: &str) -> PyResult<Text<'a, 'py>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Text::Str(s.to_str()?, s));
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Text::Bytes(b.as_bytes()));
    }
    Err(type_error(obj, what))
}

pub fn type_error(obj: &Bound<'_, PyAny>, what: &str) -> PyErr {
    names::wrong_type(obj, what, "str or bytes")
}

/// Runs `o` on `input` and makes its output a Python value: text as `str` (the input
/// object itself when equal to it), bytes as `bytes` where `text` is false, no value as
/// `None`; a failure as `PctencError`.
fn run<'py>(
    py: Python<'py>,
    o: &Options,
    input: &Text<'_, 'py>,
    text: bool,
) -> PyResult<Bound<'py, PyAny>> {
    match o.run(input.bytes()) {
        Ok(Output::Bytes(out)) if !text => Ok(PyBytes::new(py, &out).into_any()),
        Ok(Output::Bytes(out)) => match input {
            Text::Str(s, obj) if s.as_bytes() == out.as_slice() => Ok((*obj).clone().into_any()),
            // The library writes text as UTF-8 (its tests hold it to that).
            _ => Ok(PyString::new(py, &String::from_utf8_lossy(&out)).into_any()),
        },
        Ok(Output::Null) => Ok(py.None().into_bound(py)),
        Ok(_) => Err(PyTypeError::new_err("internal: an operation gave another kind of result")),
        Err(f) => Err(failure(py, &f, input.bytes(), o)),
    }
}

/// The `PctencError` for `f`, the CLI's shape: `profile P, byte N: code at "snippet": why`.
pub fn failure(py: Python<'_>, f: &Failure, input: &[u8], o: &Options) -> PyErr {
    let profile = o.base_profile().name();
    let snippet = pctenc::batch::snippet(input, f.offset);
    let message =
        format!("profile {profile}, byte {}: {} at {snippet}: {}", f.offset, f.code, f.message);
    pctenc_error(py, message, f.offset, f.code, profile, None)
}

/// Percent-encodes `data` (`str` or `bytes`) with the named profile.
///
/// `profile` is any name or alias `pctenc.profiles()` lists (as the CLI's `-p`); the other
/// options are the library's (`pctenc.options("encode")` lists them with their words and
/// defaults): `lower=True` (or `hex="lower"`), `plus`, `utf8` (what to do with bytes that are
/// not UTF-8), `charset` (a WHATWG label: text in a legacy encoding first), `unmappable`. A
/// profile whose runtime takes only text (`js-component`, `js-uri`) refuses bytes that are
/// not UTF-8 with a `PctencError` (`code` `not-text`), as `pctenc.arrow` does.
///
/// >>> import pctenc
/// >>> pctenc.encode("a b/ü")
/// 'a%20b%2F%C3%BC'
/// >>> pctenc.encode("a b&c", "form")
/// 'a+b%26c'
/// >>> pctenc.encode(b"\xff", "rfc3986", lower=True)
/// '%ff'
#[pyfunction]
#[pyo3(
    signature = (data, profile=None, **options),
    text_signature = "(data, profile='rfc3986', **options)"
)]
fn encode<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options(Op::Encode, profile.map(|p| ("profile", p)), options)?;
    run(py, &o, &text(data, "data")?, true)
}

/// Percent-decodes `text` (`str` or `bytes`) with the named profile.
///
/// Options (`pctenc.options("decode")`): `malformed` ("strict"/"lenient") overrides the
/// profile's policy for a `%` that starts no escape; `utf8` is "strict", "lossy" or "bytes"
/// (then the result is `bytes`); `plus`; `charset` (a WHATWG label, or "auto"). Decoding
/// gives text: where the profile keeps bytes, bytes that are not UTF-8 are an error unless
/// `utf8` says otherwise. Input the profile rejects raises `PctencError` with `.offset` (a
/// byte offset), `.code`, `.profile`.
///
/// >>> import pctenc
/// >>> pctenc.decode("caf%C3%A9", "js-component")
/// 'café'
/// >>> pctenc.decode("a+b%2B", "form")
/// 'a b+'
/// >>> pctenc.decode("%FF", utf8="bytes")
/// b'\xff'
/// >>> pctenc.decode("100%")
/// Traceback (most recent call last):
/// ...
/// pctenc.PctencError: profile rfc3986, byte 3: truncated-escape at "%": ...
#[pyfunction]
#[pyo3(
    signature = (text, profile=None, **options),
    text_signature = "(text, profile='rfc3986', **options)"
)]
fn decode<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options(Op::Decode, profile.map(|p| ("profile", p)), options)?;
    run(py, &o, &self::text(text, "text")?, o.decodes_to_text())
}

/// Percent-decodes as `decode` does, but `None` where `decode` would raise `PctencError`
/// (SQL's `try_url_decode`). Under a profile that keeps malformed escapes and writes U+FFFD
/// for bytes that are not UTF-8 (`form`, `py-quote`...) nothing fails, so it is never `None`.
///
/// >>> import pctenc
/// >>> pctenc.try_decode("100%") is None
/// True
/// >>> pctenc.try_decode("100%", "form")
/// '100%'
#[pyfunction]
#[pyo3(
    signature = (text, profile=None, **options),
    text_signature = "(text, profile='rfc3986', **options)"
)]
fn try_decode<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options(Op::TryDecode, profile.map(|p| ("profile", p)), options)?;
    run(py, &o, &self::text(text, "text")?, o.decodes_to_text())
}

/// The options an operation takes, as the library defines them: a list of dicts with `key`,
/// `takes` (its values in words: `strict|lenient`, `true|false`, `a profile name`...),
/// `words` (the words it accepts, for word options), `default` (for this operation, in
/// words) and `about`. `op` is "encode", "decode", "try-decode", "check", "normalize",
/// "form-parse" or "form-serialize" (`_` for `-` too).
///
/// >>> import pctenc
/// >>> [o["key"] for o in pctenc.options("decode")]
/// ['profile', 'malformed', 'utf8', 'plus', 'charset', 'on_error']
/// >>> next(o for o in pctenc.options("decode") if o["key"] == "utf8")["takes"]
/// 'strict|lossy|bytes'
#[pyfunction]
fn options<'py>(py: Python<'py>, op: &str) -> PyResult<Bound<'py, PyList>> {
    let Some(op) = Op::by_name(&op.replace('_', "-")) else {
        let all: Vec<&str> = Op::ALL.iter().map(|o| o.name()).collect();
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "unknown operation '{op}' (one of {})",
            all.join(", ")
        )));
    };
    let list = PyList::empty(py);
    for info in op.options() {
        let dict = PyDict::new(py);
        dict.set_item("key", info.name)?;
        dict.set_item("takes", info.expected().to_string())?;
        dict.set_item("words", info.words().iter().map(|w| w.name).collect::<Vec<_>>())?;
        dict.set_item("default", info.default_for(op))?;
        dict.set_item("about", info.about)?;
        list.append(dict)?;
    }
    Ok(list)
}

/// Reads options in the library's compact text form (`"profile=form, utf8=lossy"`, as SQL
/// functions take them) for `op` and returns its `(key, value)` pairs in order, each key as
/// the library names it (`onError` comes back `on_error`), the values as given: what an
/// engine adapter hands on as keyword arguments, split and checked by the library. A
/// `ValueError` with the library's message for a piece that is not `key=value`, a key given
/// twice, an unknown key or word, or one the operation does not take.
///
/// >>> from pctenc import _pctenc
/// >>> _pctenc.check_options("decode", " Profile=form, onError = null")
/// [('profile', 'form'), ('on_error', 'null')]
#[pyfunction]
fn check_options(op: &str, text: &str) -> PyResult<Vec<(&'static str, String)>> {
    let op = Op::by_name(op).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!("unknown operation '{op}'"))
    })?;
    Options::parse(op, text).map_err(|e| names::option_error(&e))?;
    let pairs = Options::text_pairs(op, text).map_err(|e| names::option_error(&e))?;
    Ok(pairs.into_iter().map(|(key, value)| (names::key_name(key), value.to_owned())).collect())
}

/// What the options of `op` come to once the library has defaulted them, for the adapters
/// that choose between an engine's functions by them (`pctenc.spark`, `pctenc.polars`), so
/// that they spell no option word or default: `profile` (its name), `on_error` (the word a
/// failing row takes: `try-decode` gives the one that makes it null), `raises` (whether a
/// failing row fails the call) and `binary` (whether the result is bytes, not text).
///
/// >>> from pctenc import _pctenc
/// >>> e = _pctenc.effective("decode", utf8="bytes")
/// >>> e["profile"], e["raises"], e["binary"]
/// ('rfc3986', True, True)
/// >>> _pctenc.effective("try-decode")["raises"]
/// False
#[pyfunction]
#[pyo3(signature = (op, **options))]
fn effective<'py>(
    py: Python<'py>,
    op: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let Some(op) = Op::by_name(&op.replace('_', "-")) else {
        return Err(pyo3::exceptions::PyValueError::new_err(format!("unknown operation '{op}'")));
    };
    let o = names::options(op, None, options)?;
    let on_error = o.on_error();
    let dict = PyDict::new(py);
    dict.set_item("profile", o.base_profile().name())?;
    dict.set_item("on_error", on_error.name())?;
    dict.set_item("raises", on_error == pctenc::batch::OnError::Raise)?;
    let decodes = matches!(op, Op::Decode | Op::TryDecode);
    dict.set_item("binary", decodes && !o.decodes_to_text())?;
    Ok(dict)
}

/// Every named profile, as `pctenc profiles --json` describes it: a list of dicts with
/// `name`, `aliases`, `unencoded` (the printable ASCII it keeps), `space`, `hex`, `decode`
/// (its decoding policy) and `source` (the spec or runtime function it reproduces).
///
/// >>> import pctenc
/// >>> form = next(p for p in pctenc.profiles() if p["name"] == "form")
/// >>> form["space"], form["decode"]["plus_as_space"]
/// ('+', True)
// The docstring is Python's (a doctest): `["plus_as_space"]` is an index, not a Rust link.
#[allow(rustdoc::broken_intra_doc_links)]
#[pyfunction]
fn profiles(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for p in pctenc::profile::ALL {
        list.append(describe(py, p)?)?;
    }
    Ok(list)
}

/// The entry of `profiles()` for the profile called `name` (a name or alias): what the
/// adapters ask of a profile, found by the library's own lookup.
#[pyfunction]
fn profile_info<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
    describe(py, names::profile(name)?)
}

/// One profile as `pctenc profiles --json` describes it.
fn describe<'py>(py: Python<'py>, p: &Profile) -> PyResult<Bound<'py, PyDict>> {
    let d = p.decoding();
    let unencoded: String = (0x20u8..0x7f).filter(|&b| !p.escapes(b)).map(char::from).collect();
    let group = |bytes: &mut dyn Iterator<Item = u8>| {
        let (mut kept, mut escaped) = (false, false);
        for b in bytes {
            if p.escapes(b) {
                escaped = true;
            } else {
                kept = true;
            }
        }
        match (kept, escaped) {
            (true, false) => "kept",
            (true, true) => "some",
            _ => "escaped",
        }
    };
    let dict = PyDict::new(py);
    dict.set_item("name", p.name())?;
    dict.set_item("aliases", p.aliases().to_vec())?;
    dict.set_item("unencoded", unencoded)?;
    dict.set_item("space", p.encode(" "))?;
    dict.set_item("controls", group(&mut (0u8..0x20).chain([0x7f])))?;
    dict.set_item("non_ascii", group(&mut (0x80u8..=0xff)))?;
    dict.set_item("hex", p.hex_case().name())?;
    dict.set_item("unit", p.unit().name())?;
    let dec = PyDict::new(py);
    dec.set_item("malformed", d.malformed.name())?;
    dec.set_item("plus_as_space", d.plus_as_space)?;
    let kept: String =
        (0u8..0x80).filter(|&b| d.keep_escaped.contains(b)).map(char::from).collect();
    dec.set_item("kept_escapes", kept)?;
    dec.set_item("utf8", d.utf8.name())?;
    dict.set_item("decode", dec)?;
    dict.set_item("input_utf8", p.input_utf8().name())?;
    dict.set_item("source", p.source())?;
    Ok(dict)
}

/// Lint findings of `text` read as a `context` component (`url`, `path`, `query`...): a
/// list of dicts with `code`, `severity`, `offset`, `end` (byte offsets), `message` and
/// `depth` (how many decodings the finding takes). `max_len` and `max_params` add limits.
///
/// >>> import pctenc
/// >>> [(f["code"], f["offset"]) for f in pctenc.check("/a/%2E%2E/b", "path")]
/// [('encoded-dot-segment', 3)]
/// >>> pctenc.check("/plain/path", "path")
/// []
#[pyfunction]
#[pyo3(
    signature = (text, context=None, **options),
    text_signature = "(text, context='url', **options)"
)]
fn check<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    context: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    let o = names::options(Op::Check, context.map(|c| ("context", c)), options)?;
    let input = self::text(text, "text")?;
    let Ok(Output::Findings { findings, .. }) = o.run(input.bytes()) else {
        return Err(PyTypeError::new_err("internal: check gave no findings"));
    };
    let list = PyList::empty(py);
    for f in findings {
        let dict = PyDict::new(py);
        dict.set_item("code", f.code.as_str())?;
        dict.set_item("severity", f.severity.as_str())?;
        dict.set_item("offset", f.offset)?;
        dict.set_item("len", f.len)?;
        dict.set_item("end", f.end())?;
        dict.set_item("message", &f.message)?;
        dict.set_item("depth", f.depth)?;
        list.append(dict)?;
    }
    Ok(list)
}

/// The RFC 3986 §6.2.2 normal form of the encoding of `text` read as a `context`
/// component: escapes of unreserved characters decoded, hex digits upper case. `str` in,
/// `str` out; `bytes` in, `bytes` out.
///
/// >>> import pctenc
/// >>> pctenc.normalize("/%7euser/a%2fb", "path")
/// '/~user/a%2Fb'
/// >>> pctenc.normalize(b"%7e", "path")
/// b'~'
#[pyfunction]
#[pyo3(
    signature = (text, context=None, **options),
    text_signature = "(text, context='url', **options)"
)]
fn normalize<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    context: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options(Op::Normalize, context.map(|c| ("context", c)), options)?;
    let input = self::text(text, "text")?;
    // Normalizing only rewrites escapes and ASCII: UTF-8 in, UTF-8 out.
    run(py, &o, &input, matches!(input, Text::Str(..)))
}

/// Decodes one path segment safely: a decoded `/`, `\\`, `.` or `..` segment, a control
/// character or a NUL is an error (`policy` "strict", the default, "lenient" or "raw";
/// `max_len`), so that the result can be joined to a path without changing its shape.
///
/// >>> import pctenc
/// >>> pctenc.decode_segment("caf%C3%A9")
/// 'café'
/// >>> pctenc.decode_segment("a%2Fb")
/// Traceback (most recent call last):
/// ...
/// pctenc.PctencError: profile rfc3986, byte 1: encoded-slash at "%2Fb": ...
#[pyfunction]
#[pyo3(signature = (text, **options))]
fn decode_segment<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options(Op::DecodeSegment, None, options)?;
    run(py, &o, &self::text(text, "text")?, true)
}

/// application/x-www-form-urlencoded pairs, as the URL Standard parses them (the native
/// half of `pctenc.form.parse`).
#[pyfunction]
#[pyo3(signature = (data, **options))]
fn form_parse<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    let o = names::options(Op::FormParse, None, options)?;
    let input = text(data, "data")?;
    let Ok(Output::Pairs(pairs)) = o.run(input.bytes()) else {
        return Err(PyTypeError::new_err("internal: form-parse gave no pairs"));
    };
    let list = PyList::empty(py);
    for (n, v) in pairs {
        list.append(PyTuple::new(py, [n, v])?)?;
    }
    Ok(list)
}

/// Serializes `(name, value)` pairs as the URL Standard's urlencoded serializer; the Python
/// wrapper (`pctenc.form.serialize`) has already read the query's shape as `urlencode` does,
/// so each part here is `str` (encoded as UTF-8, or `charset`) or `bytes` (escaped as they
/// are, as `urlencode` escapes bytes).
#[pyfunction]
#[pyo3(signature = (pairs, **options))]
fn form_serialize(
    pairs: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let o = names::options(Op::FormSerialize, None, options)?;
    if pairs.iter().all(|(n, v)| n.is_instance_of::<PyString>() && v.is_instance_of::<PyString>()) {
        let texts = pairs
            .iter()
            .map(|(n, v)| Ok((n.cast::<PyString>()?.to_str()?, v.cast::<PyString>()?.to_str()?)))
            .collect::<PyResult<Vec<_>>>()?;
        return match o.run_pairs(&texts) {
            Ok(Output::Bytes(out)) => Ok(String::from_utf8_lossy(&out).into_owned()),
            _ => Err(PyTypeError::new_err("internal: form-serialize gave no text")),
        };
    }
    // Bytes among the parts: each pair on its own (text through the options model, bytes
    // escaped as they are, not read as text the way the form profile reads its input).
    let mut out = String::new();
    for (i, (name, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        form_part(&o, name, "a name", &mut out)?;
        out.push('=');
        form_part(&o, value, "a value", &mut out)?;
    }
    Ok(out)
}

/// One name or value of `form_serialize`, appended to `out`.
fn form_part(o: &Options, obj: &Bound<'_, PyAny>, what: &str, out: &mut String) -> PyResult<()> {
    match text(obj, what)? {
        Text::Bytes(b) => FORM.with_input_utf8(Utf8::Bytes).encode_append(b, out),
        // The pair (s, ""), serialized, is "s=": the part is all but its last byte.
        Text::Str(s, _) => match o.run_pairs(&[(s, "")]) {
            Ok(Output::Bytes(v)) => out.push_str(&String::from_utf8_lossy(&v[..v.len() - 1])),
            _ => return Err(PyTypeError::new_err("internal: form-serialize gave no text")),
        },
    }
    Ok(())
}
