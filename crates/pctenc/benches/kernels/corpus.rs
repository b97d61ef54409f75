//! Deterministic corpora for the kernel benchmarks and the callgrind probe
//! (`scripts/callgrind/`), after `shared/research/performance.md`: splitmix64 with fixed
//! seeds, so every run and every machine measures the same bytes.

#![allow(dead_code)]

/// splitmix64: small, fast, deterministic.
pub struct Rng(u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub const WORDS: &[&str] = &[
    "the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was", "with", "be", "by",
    "on", "not", "he", "this", "are", "or", "his", "from", "at", "which", "but", "have", "an",
    "had", "they", "you", "were", "their", "one", "all", "we", "can", "her", "has", "there",
    "been", "search", "results", "encoding", "percent", "query", "string", "value", "server",
    "Browser", "Request", "network", "example", "document", "language", "number", "2026",
];

pub const INTL: &[&str] = &[
    "百分号",
    "编码",
    "网络",
    "浏览器",
    "кодирование",
    "запрос",
    "сервер",
    "příliš",
    "žluťoučký",
    "kůň",
    "パーセント",
    "エンコード",
    "検索",
    "and",
    "the",
    ",",
    ".",
    "\n",
];

pub fn words(seed: u64, len: usize, list: &[&str], sep: &str) -> Vec<u8> {
    let mut r = Rng(seed);
    let mut v = Vec::with_capacity(len + 32);
    while v.len() < len {
        v.extend_from_slice(list[r.below(list.len())].as_bytes());
        v.extend_from_slice(sep.as_bytes());
    }
    v.truncate(len);
    v
}

pub fn binary(seed: u64, len: usize) -> Vec<u8> {
    let mut r = Rng(seed);
    (0..len).map(|_| r.next() as u8).collect()
}

/// English text (raw spaces) with one random `%XX` every 100..300 bytes.
pub fn sparse(seed: u64, len: usize) -> Vec<u8> {
    let text = words(seed, len, WORDS, " ");
    let mut r = Rng(seed ^ 1);
    let mut v = Vec::with_capacity(len + 32);
    let mut next = 100 + r.below(200);
    for (i, &b) in text.iter().enumerate() {
        if i == next {
            v.extend_from_slice(format!("%{:02X}", r.below(256)).as_bytes());
            next += 100 + r.below(200);
        }
        v.push(b);
    }
    v.truncate(len);
    v
}

/// Text with a `%` every ~47 bytes: half valid escapes, half stray.
pub fn malformed(seed: u64, len: usize) -> Vec<u8> {
    const STRAY: &[&str] = &["%", "% ", "%%", "%G1", "%4z", "100% ", "%%41", "%Ab", "%2f"];
    let text = words(seed, len, WORDS, " ");
    let mut r = Rng(seed ^ 2);
    let mut v = Vec::with_capacity(len + 32);
    for chunk in text.chunks(47) {
        v.extend_from_slice(chunk);
        v.extend_from_slice(STRAY[r.below(STRAY.len())].as_bytes());
    }
    v.truncate(len);
    v
}

/// A corpus by name, `len` bytes (the `enc-*` ones: the RFC 3986 encoding, cut to `len`).
pub fn by_name(name: &str, len: usize) -> Option<Vec<u8>> {
    if let Some(plain) = name.strip_prefix("enc-") {
        let text = by_name(plain, len)?;
        let mut e = pctenc::profile::rfc3986::RFC3986.encode(&text).into_owned().into_bytes();
        e.truncate(len);
        return Some(e);
    }
    Some(match name {
        "ascii-clean" => words(1, len, WORDS, " "),
        "utf8-mixed" => words(2, len, INTL, " "),
        "binary" => binary(3, len),
        "slug" => words(4, len, WORDS, "-"),
        "sparse" => sparse(5, len),
        "malformed" => malformed(6, len),
        _ => return None,
    })
}
