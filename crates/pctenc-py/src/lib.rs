//! `pctenc._pctenc`: the native half of the Python package `pctenc`.
//!
//! This crate holds no codec logic: every decision (what a profile escapes, how it decodes,
//! what an error says) is the `pctenc` crate's. What is here is the bridge, by data flow:
//!
//! - [`names`]: profile and policy names from Python to the library's values, with "did you
//!   mean" for unknown ones;
//! - [`errors`]: `PctencError` (a `ValueError` with `.offset`, `.profile`, `.row`);
//! - [`scalar`]: one string at a time (`encode`, `decode`, `check`, `normalize`, `profiles`,
//!   forms);
//! - [`urllib`]: the fast paths of the `urllib.parse` drop-in (the argument shapes it does
//!   not cover go to `urllib.parse` itself);
//! - [`columns`]: Arrow columns in and out through the PyCapsule interface, each chunk run
//!   with the GIL released, errors naming the row in the whole column;
//! - [`memory`]: the module's allocator (mimalloc), which keeps a column's output memory
//!   for the next call;
//! - [`arrow`]: `pctenc.arrow.encode` / `decode`, one [`pctenc::batch`] call per chunk;
//! - [`query`]: query strings as data ([`pctenc::query`]): parse, pick and build, on one
//!   value or on Arrow columns.

// The tour above links the private modules: the crate is documented for its maintainers
// (`cargo doc --document-private-items`), and no Rust code depends on it.
#![allow(rustdoc::private_intra_doc_links)]

use pyo3::prelude::*;

mod arrow;
mod columns;
mod errors;
mod memory;
mod names;
mod query;
mod scalar;
mod urllib;

/// The module `pctenc._pctenc`.
#[pymodule]
fn _pctenc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    scalar::register(m)?;
    urllib::register(m)?;
    arrow::register(m)?;
    query::register(m)?;
    m.add("KERNEL", pctenc::Kernel::current().name())?;
    // The crate's version is the package's (pyproject.toml takes it from Cargo.toml).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
