//! The batch benchmarks' column: ~60-byte URL rows, `https://HOST/SEG/SEG[/SEG..][?K=V..]`
//! (two to four segments, zero to two parameters) from small pools in the manner of
//! `scripts/bench/gen_urls.py` but shorter, as request logs' URLs are, from a fixed seed (the same rows on every run, no Python needed). Shared
//! by `benches/batch.rs` and `examples/batch_instr.rs` through `#[path]`.
//!
//! Each row comes in two forms: with its escapes written (`a%20b`, `caf%C3%A9`, `%2F`, `+` in
//! queries; a few per row, as in logs), the column decoding reads, and decoded (RFC 3986), the text
//! an engine would `url_encode`, the column encoding reads.

use pctenc::batch::Rows;

const HOSTS: &[&str] = &["example.com", "www.example.org", "api.shop.example", "cdn.example.net"];
const SEGMENTS: &[&str] = &[
    "index.html",
    "a%20b",
    "caf%C3%A9",
    "%E2%82%AC",
    "docs",
    "v1",
    "users",
    "12345",
    "img%2Fthumb",
    "%E6%97%A5%E6%9C%AC",
    "na%C3%AFve%20file.txt",
    "report%202024.pdf",
    "~list",
    "search",
    "api",
    "p",
];
const KEYS: &[&str] = &["q", "id", "lang", "utm_source", "page", "sort", "ref", "name"];
const VALUES: &[&str] = &[
    "hello+world",
    "42",
    "en-US",
    "price%3Adesc",
    "a%26b%3Dc",
    "%E2%9C%93",
    "John%20Smith",
    "",
    "r%C3%A9sum%C3%A9",
    "100%25",
    "1",
    "true",
];

/// A column in Arrow's layout.
pub struct Column {
    pub offsets: Vec<i32>,
    pub values: Vec<u8>,
}

impl Column {
    fn push(&mut self, row: &[u8]) {
        self.values.extend_from_slice(row);
        self.offsets.push(i32::try_from(self.values.len()).expect("bench column under 2 GiB"));
    }

    pub fn rows(&self) -> Rows<'_, i32> {
        Rows::new(&self.offsets, &self.values)
    }

    /// The share of rows that hold `byte`.
    pub fn share_with(&self, byte: u8) -> f64 {
        let with = self
            .offsets
            .windows(2)
            .filter(|w| self.values[w[0] as usize..w[1] as usize].contains(&byte));
        with.count() as f64 / (self.offsets.len() - 1) as f64
    }

    /// Mean bytes per row.
    pub fn mean(&self) -> f64 {
        self.values.len() as f64 / (self.offsets.len() - 1) as f64
    }
}

/// `n` URL rows from a fixed xorshift seed: `(escaped, decoded)`.
pub fn columns(n: usize) -> (Column, Column) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m as u64) as usize
    };
    let mut escaped = Column { offsets: vec![0], values: Vec::new() };
    let mut decoded = Column { offsets: vec![0], values: Vec::new() };
    let mut row = String::new();
    for _ in 0..n {
        row.clear();
        row.push_str("https://");
        row.push_str(HOSTS[next(HOSTS.len())]);
        for _ in 0..2 + next(3) {
            row.push('/');
            row.push_str(SEGMENTS[next(SEGMENTS.len())]);
        }
        let params = next(3);
        for k in 0..params {
            row.push(if k == 0 { '?' } else { '&' });
            row.push_str(KEYS[next(KEYS.len())]);
            row.push('=');
            row.push_str(VALUES[next(VALUES.len())]);
        }
        escaped.push(row.as_bytes());
        let text = pctenc::profile::rfc3986::RFC3986.decode(row.as_bytes()).expect("valid escapes");
        decoded.push(&text);
    }
    (escaped, decoded)
}
