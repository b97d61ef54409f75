//! Characters that NFKC normalization turns into a URL delimiter (`/ \ . ? # @ :`).
//!
//! Percent-decoding `%EF%BC%8F` is harmless: it is U+FF0F, a full-width solidus, not `/`. But
//! a later layer that applies NFKC (IDNA, Python's `urlsplit` before CVE-2019-9636, some file
//! systems, Windows "best fit" mappings) turns it into `/`, after the checks that looked for
//! `/` have run. The decoder never normalizes; the lint names these characters.
//!
//! GENERATED from `unicode-normalization` 0.1.26 (every non-ASCII `char` whose NFKC form
//! contains a delimiter, with the first such delimiter); `tests/lint.rs`
//! (`confusable_table_is_exactly_nfkc`) regenerates it and fails on any difference.

/// `(character, first delimiter in its NFKC form)`, sorted by character.
pub(crate) const TABLE: &[(char, char)] = &[
    ('\u{2024}', '.'),
    ('\u{2025}', '.'),
    ('\u{2026}', '.'),
    ('\u{2047}', '?'),
    ('\u{2048}', '?'),
    ('\u{2049}', '?'),
    ('\u{2100}', '/'),
    ('\u{2101}', '/'),
    ('\u{2105}', '/'),
    ('\u{2106}', '/'),
    ('\u{2488}', '.'),
    ('\u{2489}', '.'),
    ('\u{248A}', '.'),
    ('\u{248B}', '.'),
    ('\u{248C}', '.'),
    ('\u{248D}', '.'),
    ('\u{248E}', '.'),
    ('\u{248F}', '.'),
    ('\u{2490}', '.'),
    ('\u{2491}', '.'),
    ('\u{2492}', '.'),
    ('\u{2493}', '.'),
    ('\u{2494}', '.'),
    ('\u{2495}', '.'),
    ('\u{2496}', '.'),
    ('\u{2497}', '.'),
    ('\u{2498}', '.'),
    ('\u{2499}', '.'),
    ('\u{249A}', '.'),
    ('\u{249B}', '.'),
    ('\u{2A74}', ':'),
    ('\u{33C2}', '.'),
    ('\u{33C7}', '.'),
    ('\u{33D8}', '.'),
    ('\u{FE13}', ':'),
    ('\u{FE16}', '?'),
    ('\u{FE19}', '.'),
    ('\u{FE30}', '.'),
    ('\u{FE52}', '.'),
    ('\u{FE55}', ':'),
    ('\u{FE56}', '?'),
    ('\u{FE5F}', '#'),
    ('\u{FE68}', '\\'),
    ('\u{FE6B}', '@'),
    ('\u{FF03}', '#'),
    ('\u{FF0E}', '.'),
    ('\u{FF0F}', '/'),
    ('\u{FF1A}', ':'),
    ('\u{FF1F}', '?'),
    ('\u{FF20}', '@'),
    ('\u{FF3C}', '\\'),
    ('\u{1F100}', '.'),
];

/// The delimiter that NFKC makes of `c`, if any.
pub(crate) fn delimiter(c: char) -> Option<char> {
    TABLE.binary_search_by_key(&c, |&(k, _)| k).ok().map(|i| TABLE[i].1)
}

/// The whole table, for tests and documentation.
pub fn confusables() -> &'static [(char, char)] {
    TABLE
}
