//! Names from Python to the library's values: profiles (with "did you mean"), policies,
//! charsets, lint contexts. Unknown names are `ValueError`s that list what would do.

use pctenc::batch::OnError;
use pctenc::lint::Context;
use pctenc::{Malformed, Profile, Utf8};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

/// The `TypeError` for argument `name` given `obj` where `want` was expected, naming both
/// (in its text: an engine that turns the error into text keeps it).
pub fn wrong_type(obj: &Bound<'_, PyAny>, name: &str, want: &str) -> PyErr {
    let got = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    PyTypeError::new_err(format!("{name} must be {want}, not {got}"))
}

/// An optional `str` argument: absent or `None` is `None` (the default).
pub fn opt_str<'a>(obj: Option<&'a Bound<'_, PyAny>>, name: &str) -> PyResult<Option<&'a str>> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(None),
        Some(o) => match o.cast::<PyString>() {
            Ok(s) => s.to_str().map(Some),
            Err(_) => Err(wrong_type(o, name, "str")),
        },
    }
}

/// An optional `bool` argument: absent or `None` is `None` (the default).
pub fn opt_bool(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<bool>> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(None),
        Some(o) => match o.cast::<PyBool>() {
            Ok(b) => Ok(Some(b.is_true())),
            Err(_) => Err(wrong_type(o, name, "bool")),
        },
    }
}

/// An optional count (an `int` >= 0): absent or `None` is `None`.
pub fn opt_count(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<usize>> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(None),
        Some(o) if o.is_instance_of::<PyBool>() || !o.is_instance_of::<PyInt>() => {
            Err(wrong_type(o, name, "an int"))
        }
        Some(o) => match o.extract::<usize>() {
            Ok(n) => Ok(Some(n)),
            Err(_) => Err(PyValueError::new_err(format!("{name} must be >= 0, not {o}"))),
        },
    }
}

/// The profile called `name` (a name or alias, ASCII case ignored); unknown, a `ValueError`
/// with the library's "did you mean" (the same names as the CLI's).
pub fn profile(name: &str) -> PyResult<&'static Profile> {
    pctenc::profile::suggest::lookup(name)
        .map_err(|e| PyValueError::new_err(format!("{e} (pctenc.profiles() lists them all)")))
}

fn unknown(what: &str, name: &str, known: &[&str]) -> PyErr {
    PyValueError::new_err(format!("unknown {what} '{name}'; expected one of: {}", known.join(", ")))
}

/// `malformed=`: `None` keeps the profile's policy.
pub fn malformed(name: Option<&str>) -> PyResult<Option<Malformed>> {
    match name {
        None => Ok(None),
        Some("strict") => Ok(Some(Malformed::Reject)),
        Some("lenient") => Ok(Some(Malformed::PassThrough)),
        Some(other) => Err(unknown("malformed policy", other, &["strict", "lenient"])),
    }
}

/// What `utf8=` asks of decoded text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf8Out {
    /// `str`, an error for bytes that are not UTF-8.
    Strict,
    /// `str`, U+FFFD for bytes that are not UTF-8.
    Lossy,
    /// `bytes`.
    Bytes,
}

impl Utf8Out {
    /// The library's policy for the decoded bytes.
    pub fn policy(self) -> Utf8 {
        match self {
            Utf8Out::Strict => Utf8::Strict,
            Utf8Out::Lossy => Utf8::Lossy,
            Utf8Out::Bytes => Utf8::Bytes,
        }
    }
}

/// `utf8=`: `strict`, `lossy` (alias `replace`) or `bytes`.
pub fn utf8(name: &str) -> PyResult<Utf8Out> {
    match name {
        "strict" => Ok(Utf8Out::Strict),
        "lossy" | "replace" => Ok(Utf8Out::Lossy),
        "bytes" => Ok(Utf8Out::Bytes),
        other => Err(unknown("utf8 policy", other, &["strict", "lossy", "bytes"])),
    }
}

/// `on_error=`.
pub fn on_error(name: &str) -> PyResult<OnError> {
    OnError::by_name(name).ok_or_else(|| unknown("on_error policy", name, OnError::NAMES))
}

/// `charset=`: a WHATWG encoding label.
pub fn charset(label: &str) -> PyResult<&'static pctenc::charset::encoding_rs::Encoding> {
    pctenc::charset::for_label(label).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown charset '{label}': expected a WHATWG Encoding Standard label \
             (utf-8, shift_jis, windows-1251, gbk...)"
        ))
    })
}

/// `context=` of `check` and `normalize`.
pub fn context(name: &str) -> PyResult<Context> {
    Context::by_name(name).ok_or_else(|| {
        let known: Vec<&str> = Context::ALL.iter().map(|c| c.as_str()).collect();
        unknown("context", name, &known)
    })
}
