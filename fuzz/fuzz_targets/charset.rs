//! Legacy charsets: encode, decode and detection against encoding_rs and `detect`, one-shot
//! against streaming in any chunking.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::charset(data));
