//! The npm package's raw wasm exports, run natively through their input and output vectors,
//! against the library called directly.
#![no_main]

#[path = "../../crates/pctenc-wasm/tests/raw/mod.rs"]
mod raw;

libfuzzer_sys::fuzz_target!(|data: &[u8]| raw::raw(data));
