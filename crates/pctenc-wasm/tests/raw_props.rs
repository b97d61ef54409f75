//! The raw exports (`src/raw.rs`) against the library, as property tests: options drawn from
//! the library's table (every profile, charset and word), on inputs rich in escapes, `+`,
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
    fn raw_exports_are_the_library(head in prop::array::uniform6(any::<u8>()), data in input()) {
        let mut framed = head.to_vec();
        framed.extend_from_slice(&data);
        raw::raw(&framed);
    }
}

/// Every profile, each verb, alone and with each charset kind, on a few fixed inputs.
#[test]
fn every_profile_and_charset_kind() {
    use pctenc::options::Op;
    use pctenc_wasm::raw::{DECODE, ENCODE, VALID};
    let inputs: [&[u8]; 6] =
        [b"", b"a b+%2B", "\u{e9}%C3%A9".as_bytes(), b"%FF\xff", b"%", b"%82%B1"];
    for p in pctenc::profile::ALL {
        for charset in ["", ", charset=shift_jis", ", charset=utf-8", ", charset=auto"] {
            let text = format!("profile={}{charset}", p.name());
            for input in inputs {
                let flags = if std::str::from_utf8(input).is_ok() { VALID } else { 0 };
                raw::call(Op::Encode, ENCODE, &text, input, flags);
                raw::call(Op::Decode, DECODE, &text, input, flags);
                raw::call(Op::Decode, DECODE, &format!("{text}, on_error=null"), input, 0);
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
