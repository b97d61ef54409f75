//! G12/G13: every Ok of safe segment decoding is safe; preserve mode keeps the full decoding.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::segment(data));
