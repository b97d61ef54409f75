//! One string at a time: `encode`, `decode`, `check`, `normalize`, `profiles`, and forms.
//!
//! `str` input is read as its UTF-8 bytes without a copy, and a result that equals the input
//! (nothing to escape, nothing to decode) is the input object itself.

use std::borrow::Cow;

use pctenc::charset::Invalid;
use pctenc::lint::{self, Options};
use pctenc::profile::whatwg::FORM;
use pctenc::{HexCase, Profile, Utf8};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::errors::{decode_error, pctenc_error};
use crate::names::{self, Utf8Out};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(profiles, m)?)?;
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
    let name = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    PyTypeError::new_err(format!("{what} must be str or bytes, not {name}"))
}

/// A `str` result: the input object itself when nothing changed.
fn str_result<'py>(py: Python<'py>, input: &Text<'_, 'py>, out: Cow<'_, str>) -> Bound<'py, PyAny> {
    match (input, out) {
        (Text::Str(_, obj), Cow::Borrowed(_)) => (*obj).clone().into_any(),
        (_, out) => PyString::new(py, &out).into_any(),
    }
}

/// Percent-encodes `data` (`str` or `bytes`) with the named profile.
///
/// `profile` is any name or alias `pctenc.profiles()` lists (as the CLI's `-p`); `lower`
/// writes lower-case hex; `charset` (a WHATWG label) encodes text in a legacy encoding
/// first. A profile whose runtime takes only text (`js-component`, `js-uri`) refuses bytes
/// that are not UTF-8 with a `PctencError` (`code` `not-text`), as `pctenc.arrow` does.
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
    signature = (data, profile=None, *, lower=None, charset=None),
    text_signature = "(data, profile='rfc3986', *, lower=False, charset=None)"
)]
fn encode<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    lower: Option<&Bound<'py, PyAny>>,
    charset: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let profile = names::opt_str(profile, "profile")?.unwrap_or("rfc3986");
    let lower = names::opt_bool(lower, "lower")?.unwrap_or(false);
    let charset = names::opt_str(charset, "charset")?;
    let named = names::profile(profile)?;
    let mut p: Profile = *named;
    if lower {
        p = p.with_hex(HexCase::Lower);
    }
    let input = text(data, "data")?;
    if let Some(label) = charset {
        let enc = names::charset(label)?;
        let Text::Str(s, _) = input else {
            return Err(PyTypeError::new_err(
                "charset= encodes text: pass a str (bytes are escaped as they are without it)",
            ));
        };
        let out = p.encode_with(s, enc);
        return Ok(str_result(py, &input, out));
    }
    match p.try_encode(input.bytes()) {
        Ok(out) => Ok(str_result(py, &input, out)),
        Err(e) => {
            let snippet = pctenc::batch::snippet(input.bytes(), e.offset);
            let message =
                format!("profile {}, byte {}: not-text at {snippet}: {e}", p.name(), e.offset);
            Err(pctenc_error(py, message, e.offset, "not-text", p.name(), None))
        }
    }
}

/// Percent-decodes `text` (`str` or `bytes`) with the named profile.
///
/// `malformed` ("strict"/"lenient") overrides the profile's policy for a `%` that starts no
/// escape; `utf8` is "strict", "lossy" or "bytes" (then the result is `bytes`); `charset`
/// (a WHATWG label, or "auto") reads the decoded bytes in a legacy encoding. Input the
/// profile rejects raises `PctencError` with `.offset` (a byte offset), `.code`, `.profile`.
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
    signature = (text, profile=None, *, malformed=None, utf8=None, charset=None),
    text_signature = "(text, profile='rfc3986', *, malformed=None, utf8=None, charset=None)"
)]
fn decode<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    malformed: Option<&Bound<'py, PyAny>>,
    utf8: Option<&Bound<'py, PyAny>>,
    charset: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let profile = names::opt_str(profile, "profile")?.unwrap_or("rfc3986");
    let malformed = names::opt_str(malformed, "malformed")?;
    let utf8 = names::opt_str(utf8, "utf8")?;
    let charset = names::opt_str(charset, "charset")?;
    let named = names::profile(profile)?;
    let mut p: Profile = *named;
    if let Some(m) = names::malformed(malformed)? {
        p = p.with_malformed(m);
    }
    let out_mode = utf8.map(names::utf8).transpose()?;
    let input = self::text(text, "text")?;
    let bytes = input.bytes();
    if let Some(label) = charset {
        if out_mode == Some(Utf8Out::Bytes) {
            return Err(PyTypeError::new_err("utf8='bytes' does not apply with charset="));
        }
        let invalid =
            if out_mode == Some(Utf8Out::Lossy) { Invalid::Replace } else { Invalid::Error };
        let result = if label.eq_ignore_ascii_case("auto") {
            p.decode_auto(bytes, invalid).map(|d| d.text)
        } else {
            p.decode_with(bytes, names::charset(label)?, invalid)
        };
        return match result {
            Ok(out) => Ok(str_result(py, &input, out)),
            Err(e) => Err(decode_error(py, e, bytes, p.name())),
        };
    }
    match out_mode {
        Some(Utf8Out::Bytes) => {
            let p = p.with_output_utf8(Utf8::Bytes);
            match p.decode(bytes) {
                Ok(out) => Ok(PyBytes::new(py, &out).into_any()),
                Err(e) => Err(decode_error(py, e, bytes, p.name())),
            }
        }
        mode => {
            if let Some(mode) = mode {
                p = p.with_output_utf8(mode.policy());
            } else if p.decoding().utf8 == Utf8::Bytes {
                // A str cannot hold bytes that are not UTF-8: say so, rather than guess.
                p = p.with_output_utf8(Utf8::Strict);
            }
            match p.decode_str(bytes) {
                Ok(out) => Ok(str_result(py, &input, out)),
                Err(e) => Err(decode_error(py, e, bytes, p.name())),
            }
        }
    }
}

/// Every named profile, as `pctenc profiles --json` describes it: a list of dicts with
/// `name`, `aliases`, `unencoded` (the printable ASCII it keeps), `space`, `hex`, `decode`
/// (its decoding policy) and `source` (the spec or runtime function it reproduces).
///
/// >>> import pctenc
/// >>> form = next(p for p in pctenc.profiles() if p["name"] == "form")
/// >>> form["space"], form["decode"]["plus_as_space"]
/// ('+', True)
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
    signature = (text, context=None, *, max_len=None, max_params=None),
    text_signature = "(text, context='url', *, max_len=None, max_params=None)"
)]
fn check<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    context: Option<&Bound<'py, PyAny>>,
    max_len: Option<&Bound<'py, PyAny>>,
    max_params: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let context = names::opt_str(context, "context")?.unwrap_or("url");
    let max_len = names::opt_count(max_len, "max_len")?;
    let max_params = names::opt_count(max_params, "max_params")?;
    let input = self::text(text, "text")?;
    let options = Options { max_len, max_params, ..Options::new(names::context(context)?) };
    let list = PyList::empty(py);
    for f in lint::check_with(input.bytes(), &options) {
        let dict = PyDict::new(py);
        dict.set_item("code", f.code.as_str())?;
        dict.set_item("severity", f.severity.as_str())?;
        dict.set_item("offset", f.offset)?;
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
#[pyo3(signature = (text, context=None), text_signature = "(text, context='url')")]
fn normalize<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    context: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let context = names::opt_str(context, "context")?.unwrap_or("url");
    let input = self::text(text, "text")?;
    let out = pctenc::normalize::normalize(input.bytes(), names::context(context)?);
    Ok(match (&input, out) {
        (Text::Str(_, obj), Cow::Borrowed(_)) => (*obj).clone().into_any(),
        // Normalizing only rewrites escapes and ASCII: UTF-8 in, UTF-8 out.
        (Text::Str(..), Cow::Owned(v)) => {
            PyString::new(py, &String::from_utf8_lossy(&v)).into_any()
        }
        (Text::Bytes(_), out) => PyBytes::new(py, &out).into_any(),
    })
}

/// application/x-www-form-urlencoded pairs, as the URL Standard parses them (the native
/// half of `pctenc.form.parse`).
#[pyfunction]
#[pyo3(signature = (data, *, charset=None))]
fn form_parse<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    charset: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let charset = names::opt_str(charset, "charset")?;
    let input = text(data, "data")?;
    let list = PyList::empty(py);
    let push = |n: Cow<'_, str>, v: Cow<'_, str>| -> PyResult<()> {
        list.append(PyTuple::new(py, [n, v])?)
    };
    match charset {
        None => {
            for (n, v) in pctenc::form::parse(input.bytes()) {
                push(n, v)?;
            }
        }
        Some(label) => {
            for (n, v) in pctenc::form::parse_with(input.bytes(), names::charset(label)?) {
                push(n, v)?;
            }
        }
    }
    Ok(list)
}

/// Serializes `(name, value)` pairs as the URL Standard's urlencoded serializer; the Python
/// wrapper (`pctenc.form.serialize`) has already read the query's shape as `urlencode` does,
/// so each part here is `str` (encoded as UTF-8, or `charset`) or `bytes` (escaped as they
/// are, as `urlencode` escapes bytes).
#[pyfunction]
#[pyo3(signature = (pairs, *, charset=None))]
fn form_serialize(
    pairs: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    charset: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let charset = names::opt_str(charset, "charset")?;
    // The URL Standard's serializer writes a legacy charset's *output encoding* (UTF-16 and
    // `replacement` become UTF-8), as pctenc::form::Serializer::with_encoding does.
    let encoding = charset.map(names::charset).transpose()?.map(|e| e.output_encoding());
    let part = |out: &mut String, obj: &Bound<'_, PyAny>, what: &str| -> PyResult<()> {
        match text(obj, what)? {
            // Bytes are escaped as they are (already encoded, as urlencode takes them),
            // not read as text the way the form profile reads its input.
            Text::Bytes(b) => FORM.with_input_utf8(Utf8::Bytes).encode_append(b, out),
            Text::Str(s, _) => match encoding {
                Some(e) if e != pctenc::charset::encoding_rs::UTF_8 => {
                    FORM.encode_with_append(s, e, out)
                }
                _ => FORM.encode_append(s, out),
            },
        }
        Ok(())
    };
    let mut out = String::new();
    for (i, (name, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        part(&mut out, name, "a name")?;
        out.push('=');
        part(&mut out, value, "a value")?;
    }
    Ok(out)
}
