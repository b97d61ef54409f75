//! `PctencError`: a `ValueError` that says where, as the CLI's messages do.
//!
//! The class is Python's (`pctenc/_error.py`), so that it can be built again from its text
//! alone (Polars re-raises a UDF's exception from its type and text); this module raises it
//! with its attributes set.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// `pctenc._error.PctencError`, imported once.
fn class(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    CLASS.import(py, "pctenc._error", "PctencError")
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PctencError", class(m.py())?)
}

/// A `PctencError` with its attributes set.
pub fn pctenc_error(
    py: Python<'_>,
    message: String,
    offset: usize,
    code: &str,
    profile: &str,
    row: Option<usize>,
) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let value = class(py)?.call1((message,))?;
        value.setattr("offset", offset)?;
        value.setattr("code", code)?;
        value.setattr("profile", profile)?;
        value.setattr("row", row)?;
        Ok(PyErr::from_value(value))
    };
    // Building an exception cannot fail in practice; if it did, that error is the one to see.
    make().unwrap_or_else(|e| e)
}
