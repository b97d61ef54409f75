//! G14: every lint finding's span is inside the input and holds what its code says.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::lint(data));
