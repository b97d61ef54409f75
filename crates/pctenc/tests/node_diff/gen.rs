//! Seeded random JavaScript strings for the differential test, as UTF-16 code units.
//!
//! Built from pieces that exercise every rule: each ASCII character (controls included), `%`
//! with good and bad hex, valid and malformed UTF-8 escapes (overlong, surrogate, > U+10FFFF,
//! truncated, stray continuation), `%u` escapes, `+`, the reserved characters, multilingual
//! text, emoji and random code points.

/// SplitMix64: a small, well-known generator, so that every run checks the same cases.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

const WORDS: &[&str] = &[
    "é",
    "ü",
    "ß",
    "Ж",
    "Привет",
    "中文",
    "日本語",
    "한국어",
    "עברית",
    "العربية",
    "ελληνικά",
    "हिन्दी",
    "Český",
    "ÿ",
    "\u{80}",
    "\u{FEFF}",
    "\u{FFFD}",
    "\u{FFFF}",
    "😀",
    "🏳️‍🌈",
    "👍🏽",
    "𝌆",
];
const MALFORMED_UTF8: &[&str] = &[
    "%C0%80",
    "%C1%BF",
    "%ED%A0%80",
    "%ED%BF%BF",
    "%F4%90%80%80",
    "%F5%80%80%80",
    "%80",
    "%BF",
    "%FF",
    "%FE",
    "%E2%82",
    "%F0%9F%98",
    "%C3",
    "%E0%80%80",
    "%E0%9F%BF",
    "%F0%80%80%80",
    "%F8%88%80%80%80",
    "%C3%28",
    "%E2%28%A1",
    "%C3%A9%A9",
];
const RESERVED: &[u8] = b";/?:@&=+$,#[]!'()*~%";
const HEXISH: &[u8] = b"0123456789abcdefABCDEFGgzu%+ -";

fn hex_escape(rng: &mut Rng, byte: u8) -> String {
    if rng.below(2) == 0 {
        format!("%{byte:02X}")
    } else {
        format!("%{byte:02x}")
    }
}

/// One piece; `clean` pieces never make a malformed escape or invalid UTF-8, so that decoders
/// see as many inputs they accept as inputs they reject.
fn piece(rng: &mut Rng, clean: bool) -> String {
    if clean {
        return match rng.below(7) {
            0 => char::from(rng.below(0x80) as u8).to_string().replace('%', "%25"),
            1 => {
                let byte = rng.below(0x80) as u8;
                hex_escape(rng, byte)
            }
            2 => random_char(rng).to_string().bytes().map(|b| hex_escape(rng, b)).collect(),
            3 => rng.pick(WORDS).to_string(),
            4 => random_char(rng).to_string().replace('%', "%25"),
            5 => char::from(*rng.pick(RESERVED)).to_string().replace('%', "%25"),
            _ => "+".to_string(),
        };
    }
    match rng.below(12) {
        0 => char::from(rng.below(0x80) as u8).to_string(),
        1 => format!("%{}{}", char::from(*rng.pick(HEXISH)), char::from(*rng.pick(HEXISH))),
        2 => format!("%{}", char::from(*rng.pick(HEXISH))),
        3 => {
            let byte = rng.below(256) as u8;
            hex_escape(rng, byte)
        }
        4 => {
            // A valid UTF-8 sequence, escaped.
            let c = random_char(rng);
            c.to_string().bytes().map(|b| hex_escape(rng, b)).collect()
        }
        5 => rng.pick(MALFORMED_UTF8).to_string(),
        6 => {
            let unit = rng.below(0x10000);
            match rng.below(3) {
                0 => format!("%u{unit:04X}"),
                1 => format!("%u{unit:04x}").chars().take(2 + rng.below(4)).collect(),
                _ => format!("%U{unit:04X}"),
            }
        }
        7 => "+".to_string(),
        8 => rng.pick(WORDS).to_string(),
        9 => random_char(rng).to_string(),
        10 => char::from(*rng.pick(RESERVED)).to_string(),
        _ => ["a", "Z", "0", "-", "_", ".", " "][rng.below(7)].to_string(),
    }
}

fn random_char(rng: &mut Rng) -> char {
    loop {
        let max = [0x80, 0x800, 0x10000, 0x110000][rng.below(4)];
        if let Some(c) = char::from_u32(rng.below(max) as u32) {
            return c;
        }
    }
}

/// A well-formed JS string of up to `max` pieces, of the clean kind or of any kind.
pub fn string(rng: &mut Rng, max: usize, clean: bool) -> String {
    (0..rng.below(max + 1)).map(|_| piece(rng, clean)).collect()
}

/// The code units of `s` with a lone surrogate put in at a random place.
pub fn with_lone_surrogate(rng: &mut Rng, s: &str) -> Vec<u16> {
    let mut units: Vec<u16> = s.encode_utf16().collect();
    // Between two code points, never inside a pair (that would pair it or split the pair).
    let boundaries: Vec<usize> = (0..=units.len())
        .filter(|&i| i == 0 || i == units.len() || !(0xD800..0xDC00).contains(&units[i - 1]))
        .collect();
    let at = *rng.pick(&boundaries);
    // At a boundary of a well-formed string, neither neighbour is a surrogate that could
    // pair with the new one.
    units.insert(at, 0xD800 + rng.below(0x800) as u16);
    units
}
