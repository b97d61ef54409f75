//! Why decoded bytes are not UTF-8, in the classes that security tooling tells apart.
//!
//! [`core::str::from_utf8`] says *where* UTF-8 breaks; an attacker's `%C0%AE` and a log line
//! cut in half break it for different reasons. An overlong form is how IIS (CVE-2000-0884) and
//! Tomcat (CVE-2008-2938) were walked out of their roots, a surrogate is CESU-8 leaking in, and
//! a truncated sequence is usually just damage. [`faults`] walks the invalid sequences of a
//! byte string in one linear pass and names each, with the ASCII character an overlong form
//! fakes. The lint ([`crate::lint`]) and the safe segment decoder ([`crate::segment`]) share it.

/// The kind of a UTF-8 fault (Unicode Table 3-7 says which byte sequences are well formed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf8Problem {
    /// A longer-than-needed form: a `C0`/`C1` lead, `E0 80..9F`, `F0 80..8F`.
    Overlong,
    /// A UTF-16 surrogate written as UTF-8: `ED A0..BF` (CESU-8, WTF-8).
    Surrogate,
    /// Above U+10FFFF: `F4 90..BF` and the `F5..F7` leads.
    TooLarge,
    /// A sequence cut short by the end of the input or by a byte that cannot continue it.
    Truncated,
    /// A byte that can neither start nor continue a sequence here: a stray continuation
    /// byte, or `F8..FF`.
    Unexpected,
}

impl Utf8Problem {
    /// A stable kebab-case name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Utf8Problem::Overlong => "overlong",
            Utf8Problem::Surrogate => "surrogate",
            Utf8Problem::TooLarge => "too-large",
            Utf8Problem::Truncated => "truncated",
            Utf8Problem::Unexpected => "unexpected-byte",
        }
    }
}

/// One invalid sequence in a byte string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utf8Fault {
    /// Index of its first byte.
    pub at: usize,
    /// Its length in bytes (at least 1): the whole malformed form for overlongs, surrogates
    /// and too-large values, else the maximal subpart as [`core::str::Utf8Error::error_len`].
    pub len: usize,
    /// What is wrong with it.
    pub problem: Utf8Problem,
    /// For a complete overlong form: the code point it spells (`%C0%AE` spells `.`).
    pub fakes: Option<char>,
}

/// Every invalid sequence of `bytes`, in order, found in one pass.
///
/// ```
/// use pctenc::lint::{faults, Utf8Problem};
/// let f: Vec<_> = faults(b"a\xC0\xAEb\xED\xA0\x80").collect();
/// assert_eq!((f[0].at, f[0].len, f[0].problem, f[0].fakes), (1, 2, Utf8Problem::Overlong, Some('.')));
/// assert_eq!((f[1].at, f[1].len, f[1].problem), (4, 3, Utf8Problem::Surrogate));
/// ```
pub fn faults(bytes: &[u8]) -> impl Iterator<Item = Utf8Fault> + '_ {
    let mut pos = 0usize;
    core::iter::from_fn(move || {
        let rest = bytes.get(pos..)?;
        let e = core::str::from_utf8(rest).err()?;
        let at = pos + e.valid_up_to();
        let fault = classify(bytes, at, e.error_len());
        pos = at + fault.len;
        Some(fault)
    })
}

fn is_cont(b: Option<&u8>) -> bool {
    matches!(b, Some(0x80..=0xBF))
}

/// How many continuation bytes follow `at`, at most `max`.
fn conts(bytes: &[u8], at: usize, max: usize) -> usize {
    (1..=max).take_while(|k| is_cont(bytes.get(at + k))).count()
}

/// Names the invalid sequence at `at`; `error_len` is `from_utf8`'s maximal subpart.
fn classify(bytes: &[u8], at: usize, error_len: Option<usize>) -> Utf8Fault {
    let lead = bytes[at];
    let next = bytes.get(at + 1).copied();
    let fault = |len: usize, problem| Utf8Fault { at, len, problem, fakes: None };
    match (lead, next) {
        (0xC0 | 0xC1, _) => {
            let len = 1 + conts(bytes, at, 1);
            let fakes =
                (len == 2).then(|| char::from(((lead & 0x1F) << 6) | (bytes[at + 1] & 0x3F)));
            Utf8Fault { at, len, problem: Utf8Problem::Overlong, fakes }
        }
        (0xE0, Some(0x80..=0x9F)) => {
            let len = 1 + conts(bytes, at, 2);
            let fakes = (len == 3).then(|| {
                let v = (u32::from(bytes[at + 1] & 0x3F) << 6) | u32::from(bytes[at + 2] & 0x3F);
                char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)
            });
            Utf8Fault { at, len, problem: Utf8Problem::Overlong, fakes }
        }
        (0xF0, Some(0x80..=0x8F)) => {
            let len = 1 + conts(bytes, at, 3);
            let fakes = (len == 4).then(|| {
                let v = (u32::from(bytes[at + 1] & 0x3F) << 12)
                    | (u32::from(bytes[at + 2] & 0x3F) << 6)
                    | u32::from(bytes[at + 3] & 0x3F);
                char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)
            });
            Utf8Fault { at, len, problem: Utf8Problem::Overlong, fakes }
        }
        (0xED, Some(0xA0..=0xBF)) => fault(1 + conts(bytes, at, 2), Utf8Problem::Surrogate),
        (0xF4, Some(0x90..=0xBF)) | (0xF5..=0xF7, _) => {
            fault(1 + conts(bytes, at, 3), Utf8Problem::TooLarge)
        }
        (0x80..=0xBF | 0xF8..=0xFF, _) => fault(1, Utf8Problem::Unexpected),
        _ => fault(error_len.unwrap_or(bytes.len() - at), Utf8Problem::Truncated),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn one(b: &[u8]) -> Vec<(usize, usize, Utf8Problem)> {
        faults(b).map(|f| (f.at, f.len, f.problem)).collect()
    }

    #[test]
    fn classes() {
        use Utf8Problem::*;
        assert_eq!(one(b"\xE0\x80\xAF"), [(0, 3, Overlong)]);
        assert_eq!(one(b"\xF0\x80\x80\xAF"), [(0, 4, Overlong)]);
        assert_eq!(one(b"\xC0"), [(0, 1, Overlong)]);
        assert_eq!(one(b"\xF4\x90\x80\x80"), [(0, 4, TooLarge)]);
        assert_eq!(one(b"\xFF\x80"), [(0, 1, Unexpected), (1, 1, Unexpected)]);
        assert_eq!(one(b"\xE2\x82"), [(0, 2, Truncated)]);
        assert_eq!(one(b"\xE2\x82x\xE2\x82\xAC"), [(0, 2, Truncated)]);
        assert_eq!(faults(b"\xC0\x80").next().unwrap().fakes, Some('\0'));
        assert_eq!(faults(b"\xE0\x80\xAF").next().unwrap().fakes, Some('/'));
    }

    #[test]
    fn an_overlong_form_fakes_the_code_point_its_bits_spell() {
        let fakes = |b: &[u8]| faults(b).next().unwrap().fakes;
        // Bits in every continuation byte and, where the lead has any, in the lead.
        assert_eq!(fakes(b"\xC1\x81"), Some('A'));
        assert_eq!(fakes(b"\xE0\x81\x81"), Some('A'));
        assert_eq!(fakes(b"\xE0\x9F\xBF"), Some('\u{7FF}'));
        assert_eq!(fakes(b"\xF0\x80\x81\x81"), Some('A'));
        assert_eq!(fakes(b"\xF0\x8F\xBF\xBF"), Some('\u{FFFF}'));
        // Cut short, it fakes nothing.
        assert_eq!(fakes(b"\xF0\x8F\xBF"), None);
    }

    #[test]
    fn faults_cover_exactly_the_invalid_bytes() {
        // Removing every fault leaves valid UTF-8, and the faults do not overlap.
        let b = b"ok\xC0\xAE\xED\xA0\x80\xF5\x80\x80\x80\xE2\x82\xFF\xF0\x9F\x98\x80z";
        let mut kept = Vec::new();
        let mut pos = 0;
        for f in faults(b) {
            assert!(f.at >= pos && f.len >= 1);
            kept.extend_from_slice(&b[pos..f.at]);
            pos = f.at + f.len;
        }
        kept.extend_from_slice(&b[pos..]);
        assert!(core::str::from_utf8(&kept).is_ok());
    }
}
