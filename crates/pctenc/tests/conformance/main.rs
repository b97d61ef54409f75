//! Data-driven conformance: the third-party data in `../shared/testdata` run against the
//! profiles of the RFC 3986, WHATWG and JavaScript families.
//!
//! Each data file has its own module; every case either passes or is named, with its reason,
//! in `tests/expected_failures.txt` (see [`ledger`]), and a listed case that starts passing
//! fails the suite, so the list stays honest. Each module prints its counts
//! (`cargo test --test conformance -- --nocapture` shows them).

mod data;
mod ledger;
mod runtimes;
mod test262;
mod whatwg;
mod wpt;
