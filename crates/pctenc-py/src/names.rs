//! Keyword arguments to the library's options model ([`pctenc::options`]): the one adapter
//! between Python's calling convention and the contract every front end shares.
//!
//! Each keyword becomes `Options::set(key, value)` as text (a `str` as it is, a `bool` as
//! `true`/`false`, an `int` as its digits; `None` is "not given", the default), so the
//! option words, their aliases, their defaults per operation and the "did you mean" for a
//! misspelt key or word are the library's: nothing is spelt here. An option error is a
//! `ValueError` with the library's message (`unknown utf8 'lossey'; did you mean lossy?
//! (utf8 takes strict|lossy|bytes)`); a value of another type a `TypeError` naming the
//! argument.

use pctenc::options::{words, Op, OptionError, Options, Values};
use pctenc::Profile;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

/// The `TypeError` for argument `name` given `obj` where `want` was expected, naming both
/// (in its text: an engine that turns the error into text keeps it).
pub fn wrong_type(obj: &Bound<'_, PyAny>, name: &str, want: &str) -> PyErr {
    let got = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    PyTypeError::new_err(format!("{name} must be {want}, not {got}"))
}

/// The `ValueError` for options the library refuses, with its message.
pub fn option_error(e: &OptionError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The options of `op` from a leading option (`profile` or `context`, which the functions
/// take positionally too) and the keyword arguments.
pub fn options(
    op: Op,
    first: Option<(&str, &Bound<'_, PyAny>)>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let mut o = Options::new(op);
    if let Some((key, value)) = first {
        set(&mut o, key, value)?;
    }
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            let key = key.cast::<PyString>()?.to_str()?.to_owned();
            set(&mut o, &key, &value)?;
        }
    }
    o.validate().map_err(|e| option_error(&e))?;
    Ok(o)
}

/// The options of `op` as the query functions take them, which SQL calls too: `profile` is
/// a profile name or the compact options text (`'profile=rfc3986, input=url'`, SQL's
/// options argument), and an empty `str`, like `None`, is "not given" (SQL has no `None`:
/// `pct_parse_query(u, profile := '')`). The keyword arguments are read as [`options`]
/// reads them.
pub fn options_text(
    op: Op,
    profile: Option<&str>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let mut o = Options::new(op);
    match profile {
        Some(text) if text.contains('=') => o.set_text(text),
        Some(name) if !name.is_empty() => o.set("profile", name),
        _ => Ok(()),
    }
    .map_err(|e| option_error(&e))?;
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            if value.cast::<PyString>().is_ok_and(|s| s.to_str().is_ok_and(str::is_empty)) {
                continue;
            }
            let key = key.cast::<PyString>()?.to_str()?.to_owned();
            set(&mut o, &key, &value)?;
        }
    }
    o.validate().map_err(|e| option_error(&e))?;
    Ok(o)
}

/// `Options::set(key, value)` with `value` as text; `None` leaves the option unset. A value
/// is a `str` (the option's text, parsed by the library) or the option's own Python type
/// (the library says which): `bool` for `true|false`, `int` for counts.
fn set(o: &mut Options, key: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    if value.is_none() {
        return Ok(());
    }
    let values = if words::same_key(key, words::LOWER_ALIAS) {
        Some(Values::Bool)
    } else {
        words::option_by_key(key).map(|info| info.values)
    };
    let text = match values {
        // An unknown key: the library names it and what was probably meant.
        None => value.str()?.to_str()?.to_owned(),
        // A str is the option's text form (`plus="true"`, as SQL and the CLI write it),
        // which the library parses; any other type must be the option's own.
        Some(_) if value.is_instance_of::<PyString>() => value.str()?.to_str()?.to_owned(),
        Some(Values::Bool) => match value.cast::<PyBool>() {
            Ok(b) => (if b.is_true() { "true" } else { "false" }).to_owned(),
            Err(_) => return Err(wrong_type(value, key, "bool")),
        },
        Some(Values::Count) => {
            if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
                return Err(wrong_type(value, key, "an int"));
            }
            value.str()?.to_str()?.to_owned()
        }
        Some(_) => return Err(wrong_type(value, key, "str")),
    };
    o.set(key, &text).map_err(|e| option_error(&e))
}

/// An option key as the library names it (`onError` and `on-error` are `on_error`; the
/// `lower` flag stays `lower`), for a key the library has already accepted.
pub fn key_name(key: &str) -> &'static str {
    if words::same_key(key, words::LOWER_ALIAS) {
        return words::LOWER_ALIAS;
    }
    words::option_by_key(key).map_or("", |info| info.name)
}

/// The profile called `name` (a name or alias), or the library's "did you mean" error.
pub fn profile(name: &str) -> PyResult<&'static Profile> {
    pctenc::profile::suggest::lookup(name)
        .map_err(|e| PyValueError::new_err(format!("{e} (pctenc.profiles() lists them all)")))
}
