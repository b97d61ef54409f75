//! The batch API is the one-row API row for row: random offsets (sliced, 32/64-bit, out of
//! range), validity bitmaps at any bit offset, every per-row policy, encode and decode.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::batch(data));
