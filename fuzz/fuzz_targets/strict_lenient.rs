//! G3: where strict decoding succeeds, lenient gives the same bytes; lenient == WHATWG percent-decode.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::strict_lenient(data));
