//! G9 for the form serializer: UTF-8 or a legacy encoding, HTML's steps, parsed back.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::form_serialize(data));
