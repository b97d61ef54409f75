//! G5/G6/G10: decode(encode(x)) == x for every profile that escapes '%'; output ASCII, at most 3x.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::roundtrip(data));
