//! G9 for forms: raw `&`/`=` split, exact `+`-then-percent-decode, parse(serialize) = identity.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::form(data));
