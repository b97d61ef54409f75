//! The fuzz targets' invariants as stable property tests: CI checks them on every run, with
//! or without a nightly toolchain. Inputs are drawn from an alphabet rich in `%`, hex digits,
//! `u`, `+`, `/`, `.`, `;`, `\`, controls and UTF-8 lead and continuation bytes, so that
//! escapes, near-escapes and chains like `%252e` are common rather than rare.
//!
//! A fuzz input starts with the bytes that pick its profile and options (`invariants::Picks`);
//! here each input is framed once per profile, so that every case runs every profile (as one
//! fuzz execution runs one), with options drawn too.

#[path = "support/cases.rs"]
mod support;

mod invariants;

use pctenc::profile::ALL;
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

/// Text for the charset and serializer checks: escapes, `+`, `&`, `=`, newlines, and
/// characters of the legacy encodings (Japanese, Chinese, Korean, Cyrillic, Latin-1) next to
/// characters none of them has, and bytes that are not UTF-8.
fn text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        3 => hostile_byte().prop_map(|b| vec![b]),
        2 => prop::sample::select(vec![
            "こんにちは", "日本", "ｱｲ", "−", "中文", "안녕", "Привет", "café", "€", "☕", "‽",
            "😀", "\u{FFFD}", "&", "=", "+", " ", "\r\n", "\r", "\n", "_charset_", "\u{1B}$B",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        1 => Just(vec![0xFF]),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// `data` behind the picks `head`.
fn framed(head: &[u8], data: &[u8]) -> Vec<u8> {
    [head, data].concat()
}

/// Runs `check` once for each value `0..count` of pick `at` of `head`, on `data`.
fn every(count: usize, at: usize, head: &[u8], data: &[u8], check: impl Fn(&[u8])) {
    let mut head = head.to_vec();
    for pick in 0..count {
        head[at] = pick as u8;
        check(&framed(&head, data));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: support::cases(2000), ..ProptestConfig::default() })]

    #[test]
    fn roundtrip(options: u8, data in hostile()) {
        every(invariants::round_tripping().len(), 0, &[0, options], &data, invariants::roundtrip)
    }

    #[test]
    fn roundtrip_any_bytes(options: u8, data in prop::collection::vec(any::<u8>(), 0..64)) {
        every(invariants::round_tripping().len(), 0, &[0, options], &data, invariants::roundtrip)
    }

    #[test]
    fn strict_lenient(options: u8, data in hostile()) {
        every(ALL.len() + 1, 0, &[0, options], &data, invariants::strict_lenient)
    }

    #[test]
    fn stream(picks: [u8; 4], data in hostile()) {
        every(ALL.len(), 0, &picks, &data, invariants::stream)
    }

    #[test]
    fn segment(policy: [u8; 4], data in hostile()) { invariants::segment(&framed(&policy, &data)) }

    #[test]
    fn segment_presets(data in hostile()) {
        // strict, servlet6 and lenient, on a segment and on a path
        for (preset, split) in [(0, 0), (2, 0), (3, 0), (0, 1), (2, 1), (3, 1)] {
            invariants::segment(&framed(&[preset, 0, 0, split], &data))
        }
    }

    #[test]
    fn lint(data in hostile()) { invariants::lint(&data) }

    #[test]
    fn form(data in hostile()) { invariants::form(&data) }

    #[test]
    fn form_any_bytes(data in prop::collection::vec(any::<u8>(), 0..64)) { invariants::form(&data) }

    #[test]
    fn form_serialize(options: u8, data in text()) {
        invariants::form_serialize(&framed(&[options], &data))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: support::cases(200), ..ProptestConfig::default() })]

    #[test]
    fn batch(picks: [u8; 6], lengths in prop::collection::vec(any::<u8>(), 0..24), data in hostile()) {
        // profile, mode, overrides, rows, skip, validity bit offset, corruption, lengths
        let head = [&[0], &picks[..2], &[lengths.len() as u8], &picks[2..5], &lengths[..]].concat();
        every(ALL.len(), 0, &head, &data, invariants::batch)
    }
}

#[cfg(feature = "charsets")]
proptest! {
    #![proptest_config(ProptestConfig { cases: support::cases(200), ..ProptestConfig::default() })]

    #[test]
    fn charset(encoding: u8, verb: u8, sizes: u8, data in text()) {
        every(ALL.len(), 1, &[encoding, 0, verb, sizes], &data, invariants::charset)
    }
}

/// The invariants hold on every seed of the research note's corpus, under every profile,
/// segment preset and lint context.
#[test]
fn invariants_hold_on_the_seed_corpus() {
    let seeds =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/seeds.txt"))
            .unwrap();
    let mut n = 0;
    for seed in seeds.lines().filter(|l| !l.is_empty()).map(str::as_bytes) {
        let rt = invariants::round_tripping().len();
        every(rt, 0, &[0, 0], seed, invariants::roundtrip);
        every(ALL.len() + 1, 0, &[0, 0], seed, invariants::strict_lenient);
        every(ALL.len(), 0, &[0, 3, 1, 0], seed, invariants::stream);
        every(ALL.len(), 0, &[0, 3, 1, 0x40], seed, invariants::stream);
        every(256, 0, &[0], seed, invariants::lint);
        for preset in [0, 2, 3] {
            invariants::segment(&framed(&[preset, 0, 0, 0], seed));
        }
        invariants::form(seed);
        n += 1;
    }
    assert!(n >= 60, "only {n} seeds");
}

/// Every input of the fuzz corpus kept in the repository (`fuzz/corpus/TARGET/`, minimized
/// from the fuzzing campaigns) passes its invariant again: the crashes and coverage the
/// fuzzer found stay checked on stable Rust, in every `cargo test`.
#[test]
fn the_fuzz_corpus_still_passes() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/corpus");
    type Check = fn(&[u8]);
    let targets: &[(&str, Check)] = &[
        ("roundtrip", invariants::roundtrip),
        ("strict_lenient", invariants::strict_lenient),
        ("stream", invariants::stream),
        ("segment", invariants::segment),
        ("lint", invariants::lint),
        ("form", invariants::form),
        ("form_serialize", invariants::form_serialize),
        ("batch", invariants::batch),
        #[cfg(feature = "charsets")]
        ("charset", invariants::charset),
    ];
    let mut total = 0;
    for (target, check) in targets {
        let dir = format!("{root}/{target}");
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
        let mut n = 0;
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let run = std::panic::catch_unwind(|| check(&data));
            assert!(run.is_ok(), "{target}: {} fails", path.display());
            n += 1;
        }
        assert!(n > 0, "{dir} is empty");
        total += n;
    }
    eprintln!("fuzz corpus: {total} inputs replayed");
}
