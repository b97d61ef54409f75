//! `PctencError`: a `ValueError` that says where, as the CLI's messages do.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    pctenc,
    PctencError,
    PyValueError,
    "Input the profile rejects. `.offset` is the byte offset (in the UTF-8 bytes of a str), \
     `.profile` the profile's name, `.code` the kind (`invalid-escape`...), `.row` the row \
     index for Arrow columns (else None); the message shows an escaped snippet."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PctencError", m.py().get_type::<PctencError>())
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
    let err = PctencError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail in practice; if it did,
    // that error is the more useful one to see.
    let set = || -> PyResult<()> {
        value.setattr("offset", offset)?;
        value.setattr("code", code)?;
        value.setattr("profile", profile)?;
        value.setattr("row", row)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// The message for a decode error of `input` under `profile`: the CLI's shape,
/// `byte N: invalid-escape at "%zz": why`.
pub fn decode_error(py: Python<'_>, e: pctenc::DecodeError, input: &[u8], profile: &str) -> PyErr {
    let snippet = pctenc::batch::snippet(input, e.offset());
    let message = format!("profile {profile}, byte {}: {} at {snippet}: {e}", e.offset(), e.code());
    pctenc_error(py, message, e.offset(), e.code(), profile, None)
}
