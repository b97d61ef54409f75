//! G11: chunked decode/encode == one-shot, profile and chunk sizes chosen by the fuzzer.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::stream(data));
