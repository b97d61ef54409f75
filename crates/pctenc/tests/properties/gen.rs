//! Input generators and the oracle's view of a profile, shared by the property tests.
//!
//! Random bytes rarely form escapes, so inputs are built from pieces that do: `%` with good
//! and bad hex, `%u` escapes and surrogate halves, `+`, the reserved characters, multilingual
//! text and emoji, and raw bytes that are not UTF-8.

use pctenc::{AsciiSet, Decoding, Malformed, Profile, Space, Unit, Utf8};
use proptest::prelude::*;
use proptest::sample::select;

use crate::naive;

const PIECES: &[&str] = &[
    "%",
    "%%",
    "%2",
    "%20",
    "%2f",
    "%2F",
    "%25",
    "%41",
    "%zz",
    "%G1",
    "%4",
    "%E2%82%AC",
    "%E2%82",
    "%C3%A9",
    "%FF",
    "%C0%80",
    "%ED%A0%80",
    "%F0%9F%98%80",
    "%uD83D",
    "%uDE00",
    "%u20AC",
    "%u00e9",
    "%u12",
    "%U00E9",
    "+",
    "%2B",
    " ",
    "a",
    "Z",
    "0",
    "9",
    "f",
    "~",
    "-",
    ".",
    "_",
    "/",
    "?",
    "#",
    "&",
    "=",
    ";",
    ":",
    "@",
    "!",
    "'",
    "(",
    ")",
    "*",
    "$",
    ",",
    "[",
    "]",
    "\\",
    "^",
    "`",
    "{",
    "|",
    "}",
    "\"",
    "<",
    ">",
    "\t",
    "\n",
    "\r",
    "\0",
    "\x7f",
    "é",
    "€",
    "ü",
    "Ж",
    "中文",
    "😀",
    "🏳️‍🌈",
];

/// One piece of input: a listed piece, any char, or any byte.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => select(PIECES).prop_map(|s| s.as_bytes().to_vec()),
        2 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
        1 => any::<u8>().prop_map(|b| vec![b]),
        1 => select(&[0x80u8, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xFF][..]).prop_map(|b| vec![b]),
    ]
}

/// Any bytes, biased towards escapes and their edge cases.
pub fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(piece(), 0..24).prop_map(|v| v.concat())
}

/// Valid UTF-8, biased the same way.
pub fn text() -> impl Strategy<Value = String> {
    bytes().prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// An ASCII set from 128 random bits, or a sparse one.
fn set() -> impl Strategy<Value = AsciiSet> {
    let from_bits = |bits: u128| {
        (0u8..0x80).filter(|&b| bits >> b & 1 == 1).fold(AsciiSet::EMPTY, AsciiSet::add)
    };
    prop_oneof![
        any::<u128>().prop_map(from_bits),
        (any::<u128>(), any::<u128>()).prop_map(move |(a, b)| from_bits(a & b)),
        Just(AsciiSet::EMPTY),
    ]
}

/// A custom byte-unit profile with random set, space rule, hex case and decode policy.
pub fn custom_profile() -> impl Strategy<Value = Profile> {
    let utf8 = select(&[Utf8::Bytes, Utf8::Strict, Utf8::Lossy][..]);
    let malformed =
        select(&[Malformed::Reject, Malformed::PassThrough, Malformed::PassThroughTriplet][..]);
    (set(), any::<bool>(), any::<bool>(), set(), malformed, any::<bool>(), utf8).prop_map(
        |(escaped, plus, lower, keep, malformed, plus_as_space, utf8)| {
            let space = if plus { Space::Plus } else { Space::Percent };
            let hex = if lower { pctenc::HexCase::Lower } else { pctenc::HexCase::Upper };
            Profile::new(escaped).with_space(space).with_hex(hex).with_decoding(Decoding {
                malformed,
                plus_as_space,
                keep_escaped: keep,
                utf8,
            })
        },
    )
}

/// The oracle's encoding of `input` by a byte-unit profile, reading input as bytes.
pub fn oracle_encode(p: &Profile, input: &[u8]) -> String {
    let upper = p.hex_case() == pctenc::HexCase::Upper;
    naive::encode(input, |b| b >= 0x80 || p.set().contains(b), p.space() == Space::Plus, upper)
}

/// The oracle's decoding of `input` by a byte-unit profile, its UTF-8 policy included:
/// `(kind, offset)` on error, offsets of UTF-8 errors being those of the unit that wrote the
/// first byte of the invalid sequence.
pub fn oracle_decode(p: &Profile, input: &[u8]) -> Result<Vec<u8>, (&'static str, usize)> {
    assert_eq!(p.unit(), Unit::Byte, "the oracle knows %XX only");
    let d = p.decoding();
    let strict = d.malformed == Malformed::Reject;
    let keep = |b| d.keep_escaped.contains(b);
    let decode = |s: &[u8]| match d.malformed {
        Malformed::PassThroughTriplet => naive::decode_kept_triplets(s, d.plus_as_space, keep),
        _ => naive::decode(s, strict, d.plus_as_space, keep),
    };
    let utf8_error = |units: &[(u8, usize)], complete: bool| {
        let bytes: Vec<u8> = units.iter().map(|u| u.0).collect();
        match std::str::from_utf8(&bytes) {
            Err(e) if complete || e.error_len().is_some() => {
                Some(("invalid-utf8", units[e.valid_up_to()].1))
            }
            _ => None,
        }
    };
    // Under the strict policy the raw input must be text as well: its first invalid byte.
    let raw_error = std::str::from_utf8(input)
        .err()
        .filter(|_| d.utf8 == Utf8::Strict)
        .map(|e| ("invalid-utf8", e.valid_up_to()));
    let first = |a: Option<(&'static str, usize)>, b: Option<(&'static str, usize)>| match (a, b) {
        (Some(a), Some(b)) => Some(if b.1 < a.1 { b } else { a }),
        (a, b) => a.or(b),
    };
    let units = match decode(input) {
        // The first error in input order: invalid UTF-8 decoded before the bad escape (but
        // not a sequence the bad escape cuts short), or raw input before it.
        Err((kind, at)) => {
            let before = decode(&input[..at]).expect("no error before the first");
            let utf8 = utf8_error(&before, false).filter(|_| d.utf8 == Utf8::Strict);
            let raw = raw_error.filter(|e| e.1 < at);
            return Err(first(first(utf8, raw), Some((kind, at))).expect("an error"));
        }
        Ok(units) => units,
    };
    let bytes: Vec<u8> = units.iter().map(|u| u.0).collect();
    match (d.utf8, first(utf8_error(&units, true), raw_error)) {
        (Utf8::Strict, Some(e)) => Err(e),
        (Utf8::Lossy, Some(_)) => Ok(String::from_utf8_lossy(&bytes).into_owned().into_bytes()),
        _ => Ok(bytes),
    }
}

/// The library's decoding in the oracle's terms.
pub fn lib_decode(p: &Profile, input: &[u8]) -> Result<Vec<u8>, (&'static str, usize)> {
    p.decode(input).map(|c| c.into_owned()).map_err(|e| (e.code(), e.offset()))
}

/// `cases` cases (or `PROPTEST_CASES` when set, for long hunts), and no regression files
/// written into the source tree: a failure found here becomes a named test in `regress.rs`
/// instead.
pub fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(cases);
    // Some properties discard inputs (`prop_assume!`) at a steady rate: allow rejects in
    // proportion, so a long hunt is not cut short by proptest's fixed default of 1024.
    let max_global_rejects = cases.max(1024);
    ProptestConfig {
        cases,
        max_global_rejects,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Serializes the tests that force a kernel: [`pctenc::Kernel::force`] is process-wide.
static KERNEL_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `f` once under each kernel this CPU supports, then goes back to detection. Adding a
/// kernel to the library adds it here: nothing else to write.
pub fn for_each_kernel(mut f: impl FnMut(pctenc::Kernel)) {
    let _guard = KERNEL_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            pctenc::Kernel::force(None);
        }
    }
    let _reset = Reset;
    for &k in pctenc::Kernel::available() {
        pctenc::Kernel::force(Some(k));
        assert_eq!(pctenc::Kernel::current(), k);
        f(k);
    }
}
