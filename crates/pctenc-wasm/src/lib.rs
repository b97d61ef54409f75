//! The playground's bridge: pctenc's verbs, callable from JavaScript through WebAssembly.
//!
//! This crate has no percent-encoding logic of its own. It reads a request (JSON: the verb
//! and the CLI's knobs), builds the [`pctenc::Profile`] the knobs describe, calls the library,
//! and writes the result (the output bytes, plus JSON metadata: errors with byte offsets, the
//! per-character explanation, the profiles table). The same functions compile for the host,
//! where `examples/native_results.rs` runs them to produce the reference results that the
//! wasm build must reproduce byte for byte (`web/tests/conformance.test.mjs`).
//!
//! # The boundary
//!
//! ```text
//! JS: bytes of the input ──► slot 0 ┐
//!     request JSON       ──► slot 1 ┴─► pctenc_run() ──► slot 2: output bytes
//!                                                      └► slot 3: metadata JSON
//! ```
//!
//! Slots are vectors owned by this module; JavaScript asks for a slot of `len` bytes
//! ([`abi::pctenc_buffer`]), writes into the linear memory at the returned address, and reads
//! results back through [`abi::pctenc_result_ptr`] / [`abi::pctenc_result_len`]. No pointer
//! from JavaScript is ever dereferenced, so the bridge needs no `unsafe` block.
//!
//! The npm package's hot path (`encode`, `decode`) skips the JSON: [`raw`] exports take the
//! profile as a number and the knobs as bits, and return the output length.
//!
//! # Layers
//!
//! ```text
//! request, utf16   the knobs, records; UTF-8 to UTF-16 (the library only)
//! outcome   Outcome, errors as JSON, the record loop
//! charset, check, explain   one family of verbs each
//! ops       the JSON verbs' dispatch                 raw   the hot path, numbers and bytes
//! abi       the JSON exports                         query the npm package's `form`: parse, pick, build
//! ```
//!
//! # Adding a verb
//!
//! One function in [`ops`] (or a module of its own) and one arm in [`ops::run`]; the loader's
//! generic `call(request, input)` reaches it without change. The page shows a verb only once
//! the library has it.
//!
//! ```
//! let out = pctenc_wasm::ops::run(br#"{"op":"encode","profile":"form"}"#, b"a b&c");
//! assert_eq!(out.output, b"a+b%26c");
//! assert_eq!(out.meta["ok"], true);
//! ```

// In layers (see "Layers" above; tests/layers.rs keeps them):
pub mod abi;
pub mod charset;
pub mod check;
pub mod explain;
pub mod ops;
pub mod outcome;
pub mod query;
pub mod raw;
pub mod request;
pub mod utf16;
