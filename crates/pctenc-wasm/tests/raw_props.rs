//! The raw exports (`src/raw.rs`) against the library, as property tests: every profile id
//! (and two past the last), random knob bits and charsets, on inputs rich in escapes, `+`,
//! non-ASCII text and bytes that are not UTF-8. The same function is the `wasm_raw` fuzz
//! target's (`fuzz/`).

mod raw;

use proptest::prelude::*;

/// Input bytes that make escapes, broken escapes, `+` and UTF-8 (and not UTF-8) likely.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            &b"%"[..], b"%4", b"%41", b"%C3%A9", b"%e2%82%ac", b"%FF", b"%u00E9", b"%uD800",
            b"+", b" ", b"a", b"/", b"%2B", b"%82%B1", b"\xC3\xA9", b"\xFF", b"\xED\xA0\x80",
            "€".as_bytes(), "こ".as_bytes(), b"\x1B$B", b"%25", b"%zz",
        ]).prop_map(|s| s.to_vec()),
        1 => prop::collection::vec(any::<u8>(), 0..4),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn raw_exports_are_the_library(head in prop::array::uniform5(any::<u8>()), data in input()) {
        let mut framed = head.to_vec();
        framed.extend_from_slice(&data);
        raw::raw(&framed);
    }
}

/// Every profile id, each verb, with no knobs and every charset kind, on a few fixed inputs.
#[test]
fn every_profile_and_charset_kind() {
    let inputs: [&[u8]; 6] = [b"", b"a b+%2B", "é%C3%A9".as_bytes(), b"%FF\xff", b"%", b"%82%B1"];
    for id in 0..=(pctenc::profile::ALL.len() as u8 + 1) {
        for charset in [0u8, 4, 5, 7] {
            for verb in [0u8, 1] {
                for input in inputs {
                    let mut framed = vec![id, 0, 0, charset, verb];
                    framed.extend_from_slice(input);
                    raw::raw(&framed);
                    framed[2] = 1; // Knobs::TEXT
                    raw::raw(&framed);
                }
            }
        }
    }
}

/// Every input of the `wasm_raw` fuzz target's corpus kept in the repository passes again.
#[test]
fn the_fuzz_corpus_still_passes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/corpus/wasm_raw");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let run = std::panic::catch_unwind(|| raw::raw(&data));
        assert!(run.is_ok(), "{} fails", path.display());
        n += 1;
    }
    assert!(n > 0, "{dir} is empty");
}
