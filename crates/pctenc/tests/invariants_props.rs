//! The fuzz targets' invariants as stable property tests: CI checks them on every run, with
//! or without a nightly toolchain. Inputs are drawn from an alphabet rich in `%`, hex digits,
//! `u`, `+`, `/`, `.`, `;`, `\`, controls and UTF-8 lead and continuation bytes, so that
//! escapes, near-escapes and chains like `%252e` are common rather than rare.

#[path = "support/cases.rs"]
mod support;

mod invariants;

use proptest::prelude::*;

/// Bytes that make escapes, broken escapes, separators and UTF-8 likely.
fn hostile_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => Just(b'%'),
        4 => prop::sample::select(b"0123456789abcdefABCDEF".to_vec()),
        2 => prop::sample::select(b"25eEfFcC".to_vec()),
        2 => prop::sample::select(b"u+/.;\\ ?#&=@:-_~aZ".to_vec()),
        1 => prop::sample::select(vec![0u8, b'\t', b'\r', b'\n', 0x1B, 0x7F]),
        1 => prop::sample::select(vec![0x80u8, 0xAE, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]),
        1 => any::<u8>(),
    ]
}

fn hostile() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(hostile_byte(), 0..48)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: support::cases(2000), ..ProptestConfig::default() })]

    #[test]
    fn roundtrip(data in hostile()) { invariants::roundtrip(&data) }

    #[test]
    fn roundtrip_any_bytes(data in prop::collection::vec(any::<u8>(), 0..64)) { invariants::roundtrip(&data) }

    #[test]
    fn strict_lenient(data in hostile()) { invariants::strict_lenient(&data) }

    #[test]
    fn stream(data in hostile()) { invariants::stream(&data) }

    #[test]
    fn segment(data in hostile()) { invariants::segment(&data) }

    #[test]
    fn lint(data in hostile()) { invariants::lint(&data) }

    #[test]
    fn form(data in hostile()) { invariants::form(&data) }

    #[test]
    fn form_any_bytes(data in prop::collection::vec(any::<u8>(), 0..64)) { invariants::form(&data) }
}

/// The invariants hold on every seed of the research note's corpus, in every framing.
#[test]
fn invariants_hold_on_the_seed_corpus() {
    let seeds =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/seeds.txt"))
            .unwrap();
    let mut n = 0;
    for seed in seeds.lines().filter(|l| !l.is_empty()) {
        for pick in 0..8u8 {
            let mut data = vec![pick, 3, 1];
            data.extend_from_slice(seed.as_bytes());
            invariants::stream(&data);
            invariants::lint(&data[2..]);
        }
        invariants::roundtrip(seed.as_bytes());
        invariants::strict_lenient(seed.as_bytes());
        invariants::segment(seed.as_bytes());
        invariants::form(seed.as_bytes());
        n += 1;
    }
    assert!(n >= 60, "only {n} seeds");
}
