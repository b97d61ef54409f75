//! Deterministic benchmark corpora: the same bytes on every machine and every run.
//!
//! The corpora are those of `shared/research/performance.md`, so the numbers can be compared
//! with that study: English-like query text (`ascii-clean`, ~17% spaces), URL lines (`urls`),
//! mixed Chinese/Japanese/Russian/Czech text (`utf8-mixed`), random bytes (`binary`), and text
//! with nothing to escape (`slug`). Decode corpora are their RFC 3986 encodings (`enc-*`),
//! `slug` itself (no `%` at all), `sparse` (one `%XX` every 100–300 bytes) and `malformed`
//! (a `%` every ~47 bytes, half of them not escapes).
//!
//! Everything comes from splitmix64 with a fixed seed per corpus, so a corpus never depends on
//! another one's length, and the module is shared by the bench target and the callgrind
//! example (`#[path]`-included there; not every user calls every function).
#![allow(dead_code)]

/// splitmix64: tiny, fast, and good enough to pick words.
pub struct Rng(u64);

impl Rng {
    /// A generator that starts from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`); the modulo bias is irrelevant here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// One element of `items`, the first ones more often (a rough Zipf shape).
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        let a = self.below(items.len());
        let b = self.below(items.len());
        items[a.min(b)]
    }
}

const ENGLISH: &[&str] = &[
    "the",
    "of",
    "and",
    "to",
    "in",
    "is",
    "for",
    "that",
    "with",
    "on",
    "as",
    "was",
    "by",
    "it",
    "be",
    "are",
    "from",
    "this",
    "at",
    "or",
    "an",
    "have",
    "not",
    "which",
    "one",
    "all",
    "their",
    "more",
    "time",
    "people",
    "about",
    "search",
    "results",
    "price",
    "cheap",
    "flights",
    "hotel",
    "weather",
    "tomorrow",
    "recipe",
    "chicken",
    "python",
    "tutorial",
    "download",
    "free",
    "best",
    "review",
    "running",
    "shoes",
    "women",
    "music",
    "video",
    "news",
    "today",
    "world",
    "market",
    "history",
    "science",
    "university",
    "library",
    "account",
    "password",
    "address",
    "number",
    "example",
    "document",
    "language",
    "translation",
    "between",
    "percent",
    "encoding",
    "character",
    "information",
    "development",
    "government",
    "international",
    "2024",
    "42",
    "version",
    "London",
    "Berlin",
    "Prague",
    "Tokyo",
    "New",
    "York",
    "Google",
    "Rust",
    "open",
    "source",
    "software",
    "engineering",
    "benchmark",
    "throughput",
    "memory",
    "performance",
];

const CHINESE: &[&str] = &[
    "我们", "中国", "时间", "问题", "经济", "发展", "社会", "工作", "学习", "世界", "今天", "城市",
    "北京", "上海", "电脑", "网络", "数据", "编码", "朋友", "天气", "银行", "大学",
];

const JAPANESE: &[&str] = &[
    "日本",
    "東京",
    "ありがとう",
    "こんにちは",
    "さくら",
    "データ",
    "コンピュータ",
    "新しい",
    "大阪",
    "電車",
    "ラーメン",
    "天気",
    "学校",
    "先生",
    "ですか",
    "します",
];

const RUSSIAN: &[&str] = &[
    "привет",
    "мир",
    "время",
    "город",
    "работа",
    "человек",
    "жизнь",
    "слово",
    "данные",
    "москва",
    "сегодня",
    "погода",
    "университет",
    "кодировка",
    "поиск",
    "цена",
    "новости",
];

const CZECH: &[&str] = &[
    "příliš",
    "žluťoučký",
    "kůň",
    "úpěl",
    "ďábelské",
    "ódy",
    "město",
    "řeka",
    "čas",
    "škola",
    "dům",
    "Praha",
    "počítač",
    "hledání",
    "zprávy",
    "počasí",
    "děkuji",
    "prosím",
];

const HOSTS: &[&str] = &[
    "www.example.com",
    "api.github.com",
    "docs.rs",
    "en.wikipedia.org",
    "shop.example.co.uk",
    "localhost:8080",
    "cdn.jsdelivr.net",
    "xn--bcher-kva.example",
    "192.168.1.10",
];

const KEYS: &[&str] = &["q", "id", "page", "lang", "sort", "ref", "utm_source", "redirect", "name"];

const VALUES: &[&str] = &[
    "1",
    "20",
    "en-US",
    "desc",
    "newsletter",
    "café",
    "Straße",
    "東京",
    "a%20b",
    "hello+world",
    "https://example.org/x?y=1",
    "C++",
    "50%",
    "price<100",
    "\"quoted\"",
    "x y z",
];

/// English-like words separated by single spaces: only unreserved bytes and ~17% spaces.
pub fn ascii_clean(size: usize) -> Vec<u8> {
    let mut rng = Rng::new(0xA5C1_1C1E);
    let mut out = Vec::with_capacity(size + 64);
    while out.len() < size {
        if !out.is_empty() {
            out.push(b' ');
        }
        out.extend_from_slice(rng.pick(ENGLISH).as_bytes());
    }
    out.truncate(size);
    out
}

/// `ascii_clean` with spaces as `-`: nothing to escape, no `%`.
pub fn slug(size: usize) -> Vec<u8> {
    ascii_clean(size).into_iter().map(|b| if b == b' ' { b'-' } else { b }).collect()
}

/// Sentences of Chinese, Japanese, Russian, Czech and some English, with ASCII punctuation
/// and newlines; valid UTF-8 (cut at a character boundary).
pub fn utf8_mixed(size: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x07F8_313E);
    let mut out = String::with_capacity(size + 64);
    while out.len() < size {
        let (words, sep) = match rng.below(9) {
            0 | 1 => (CHINESE, ""),
            2 | 3 => (JAPANESE, ""),
            4 | 5 => (RUSSIAN, " "),
            6 | 7 => (CZECH, " "),
            _ => (ENGLISH, " "),
        };
        for k in 0..rng.range(4, 12) {
            if k > 0 {
                out.push_str(sep);
            }
            out.push_str(rng.pick(words));
        }
        out.push_str([". ", "! ", "? ", ", ", ".\n", "; "][rng.below(6)]);
    }
    let mut end = size;
    while !out.is_char_boundary(end) {
        end -= 1;
    }
    out.truncate(end);
    out.into_bytes()
}

/// Uniformly random bytes.
pub fn binary(size: usize) -> Vec<u8> {
    let mut rng = Rng::new(0xB1_0A27);
    let mut out = Vec::with_capacity(size + 8);
    while out.len() < size {
        out.extend_from_slice(&rng.next().to_le_bytes());
    }
    out.truncate(size);
    out
}

/// URL lines: scheme, host, path segments, a query with some non-ASCII or already escaped
/// values, sometimes a fragment. Valid UTF-8.
pub fn urls(size: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x0005_5EED_0001);
    let mut out = String::with_capacity(size + 256);
    while out.len() < size {
        out.push_str(["https://", "http://", "https://"][rng.below(3)]);
        out.push_str(rng.pick(HOSTS));
        for _ in 0..rng.range(1, 4) {
            out.push('/');
            out.push_str(rng.pick(ENGLISH));
        }
        if rng.below(4) == 0 {
            out.push_str(".html");
        }
        let params = rng.below(4);
        for p in 0..params {
            out.push(if p == 0 { '?' } else { '&' });
            out.push_str(rng.pick(KEYS));
            out.push('=');
            if rng.below(2) == 0 {
                out.push_str(rng.pick(VALUES));
            } else {
                out.push_str(rng.pick(ENGLISH));
            }
        }
        if rng.below(5) == 0 {
            out.push('#');
            out.push_str(rng.pick(ENGLISH));
        }
        out.push('\n');
    }
    let mut end = size;
    while !out.is_char_boundary(end) {
        end -= 1;
    }
    out.truncate(end);
    out.into_bytes()
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";
const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

/// The RFC 3986 encoding (unreserved kept, upper-case hex), written independently of the
/// library so the decode corpora do not depend on the code under test.
pub fn rfc3986_encode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() * 3);
    for &b in input {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b);
        } else {
            out.extend_from_slice(&[
                b'%',
                UPPER_HEX[(b >> 4) as usize],
                UPPER_HEX[(b & 15) as usize],
            ]);
        }
    }
    out
}

/// English text (raw spaces) with one random `%XX` every 100–300 bytes, 10% in lower case.
pub fn sparse(size: usize) -> Vec<u8> {
    let text = ascii_clean(size);
    let mut rng = Rng::new(0x5BA2_5E00);
    let mut out = Vec::with_capacity(size + 64);
    let mut pos = 0;
    while out.len() < size {
        let run = rng.range(100, 300).min(text.len() - pos);
        out.extend_from_slice(&text[pos..pos + run]);
        pos = (pos + run) % (text.len() - 300);
        let b = rng.below(256);
        let hex = if rng.below(10) == 0 { LOWER_HEX } else { UPPER_HEX };
        out.extend_from_slice(&[b'%', hex[b >> 4], hex[b & 15]]);
    }
    out.truncate(size);
    out
}

/// Stray `%` forms: none is an escape (an escape follows only where two hex digits do).
const STRAY: &[&str] = &["%", "% ", "%%", "%G1", "%4z", "100% ", "%%41", "%x", "%-1", "%\n"];

/// Text with a `%` every ~47 bytes: half valid escapes (`%Ab`, mixed case), half stray forms.
pub fn malformed(size: usize) -> Vec<u8> {
    let text = ascii_clean(size);
    let mut rng = Rng::new(0x0BAD_0FF5);
    let mut out = Vec::with_capacity(size + 64);
    let mut pos = 0;
    while out.len() < size {
        let run = rng.range(30, 64).min(text.len() - pos);
        out.extend_from_slice(&text[pos..pos + run]);
        pos = (pos + run) % (text.len() - 64);
        if rng.below(2) == 0 {
            let b = rng.below(256);
            let hi = if rng.below(2) == 0 { UPPER_HEX } else { LOWER_HEX };
            let lo = if rng.below(2) == 0 { UPPER_HEX } else { LOWER_HEX };
            out.extend_from_slice(&[b'%', hi[b >> 4], lo[b & 15]]);
        } else {
            out.extend_from_slice(STRAY[rng.below(STRAY.len())].as_bytes());
        }
    }
    out.truncate(size);
    out
}

/// One named corpus.
pub struct Corpus {
    /// The name used in group ids and tables.
    pub name: &'static str,
    /// The bytes.
    pub data: Vec<u8>,
}

/// The encode corpora, in table order.
pub const ENCODE: &[&str] = &["ascii-clean", "urls", "utf8-mixed", "binary", "slug"];

/// The decode corpora, in table order.
pub const DECODE: &[&str] =
    &["enc-ascii-clean", "enc-urls", "enc-utf8-mixed", "enc-binary", "slug", "sparse", "malformed"];

/// The corpus called `name`: `size` bytes, or for `enc-*` the encoding of `size` bytes.
pub fn generate(name: &str, size: usize) -> Option<Vec<u8>> {
    Some(match name {
        "ascii-clean" => ascii_clean(size),
        "urls" => urls(size),
        "utf8-mixed" => utf8_mixed(size),
        "binary" => binary(size),
        "slug" => slug(size),
        "sparse" => sparse(size),
        "malformed" => malformed(size),
        _ => rfc3986_encode(&generate(name.strip_prefix("enc-")?, size)?),
    })
}

fn all(names: &[&'static str], size: usize) -> Vec<Corpus> {
    names
        .iter()
        .map(|&name| Corpus { name, data: generate(name, size).unwrap_or_default() })
        .collect()
}

/// The encode corpora, `size` bytes each.
pub fn encode_corpora(size: usize) -> Vec<Corpus> {
    all(ENCODE, size)
}

/// The decode corpora: the RFC 3986 encodings of the encode corpora (`size` bytes before
/// encoding), `slug`, `sparse` and `malformed`.
pub fn decode_corpora(size: usize) -> Vec<Corpus> {
    all(DECODE, size)
}

/// The first `limit` bytes of `data` in pieces of about `n` bytes. With `escapes`, a piece
/// never ends inside a `%XX` (it ends before the `%` instead), so a strict decoder sees
/// whole escapes.
pub fn pieces(data: &[u8], n: usize, limit: usize, escapes: bool) -> Vec<&[u8]> {
    // Where a cut at `end` must move back to, so that no `%XX` is split.
    let cut = |end: usize| {
        if !escapes || end >= data.len() || end < 2 {
            end
        } else if data[end - 1] == b'%' {
            end - 1
        } else if data[end - 2] == b'%' {
            end - 2
        } else {
            end
        }
    };
    let data = &data[..cut(data.len().min(limit))];
    let mut out = Vec::with_capacity(data.len() / n + 1);
    let mut start = 0;
    while start < data.len() {
        let end = cut((start + n).min(data.len()));
        out.push(&data[start..end]);
        start = end;
    }
    out
}

/// Share of bytes in `data` that are `b`, in percent (for the table's captions).
pub fn percent_of(data: &[u8], pred: impl Fn(u8) -> bool) -> f64 {
    100.0 * data.iter().filter(|&&b| pred(b)).count() as f64 / data.len().max(1) as f64
}
