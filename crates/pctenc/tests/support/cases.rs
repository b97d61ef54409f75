//! How many cases a property test runs: its own default, or `PROPTEST_CASES` when set, so
//! a long hunt (`PROPTEST_CASES=200000 cargo test --release`) needs no edit. proptest's own
//! default reads the variable too, but an explicit `cases:` in a config would override it.

/// `default`, unless `PROPTEST_CASES` holds a number.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
