//! `%` followed by every pair of bytes: 65,536 inputs, alone and between a prefix and a
//! suffix byte, plus `%` followed by each single byte at the end of input, under every
//! kernel; checked against the oracle and, for plain strict and lenient decoding, against
//! the rules themselves:
//!
//! - strict: `%ab` is valid iff `a` and `b` are both hex digits, and then decodes to that
//!   byte; otherwise it is `InvalidEscape` at the `%`. At the end of input, `%` or `%a` with
//!   `a` hex is `TruncatedEscape`; `%a` with `a` not hex is `InvalidEscape`.
//! - lenient (WHATWG percent-decode): the byte if both are hex, else the input unchanged.

use pctenc::profile::{js, whatwg};
use pctenc::{AsciiSet, DecodeError, Decoding, Profile};

use crate::gen::{for_each_kernel, lib_decode, oracle_decode};

const STRICT: Profile = Profile::new(AsciiSet::EMPTY).with_decoding(Decoding::STRICT);
const LENIENT: Profile = Profile::new(AsciiSet::EMPTY).with_decoding(Decoding::LENIENT);

/// `(prefix, suffix)` around each escape: none, and one inert byte on each side.
const FRAMES: &[(&[u8], &[u8])] = &[(b"", b""), (b"x", b"Z")];

fn hex(b: u8) -> Option<u8> {
    char::from(b).to_digit(16).map(|d| d as u8)
}

/// The rules above, for `input` whose escape starts at `at`, with `pre` before it and
/// `rest` (everything after the `%`).
fn rule(strict: bool, pre: &[u8], rest: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let input = [pre, b"%", rest].concat();
    let at = pre.len();
    match (rest.first().copied().and_then(hex), rest.get(1).copied().and_then(hex)) {
        (Some(h), Some(l)) => Ok([pre, &[h << 4 | l], &rest[2..]].concat()),
        _ if !strict => Ok(input),
        _ if rest.len() < 2 && rest.iter().all(|&c| hex(c).is_some()) => {
            Err(DecodeError::TruncatedEscape { offset: at })
        }
        _ => Err(DecodeError::InvalidEscape { offset: at }),
    }
}

#[test]
fn percent_then_every_byte_pair() {
    let named = [js::COMPONENT, js::URI, whatwg::FORM, whatwg::COMPONENT];
    let mut checked = 0usize;
    for_each_kernel(|kernel| {
        for &(pre, suf) in FRAMES {
            for a in 0..=255u8 {
                for b in (0..=255u8).map(Some).chain([None]) {
                    let rest: Vec<u8> = [&[a], b.as_slice(), suf].concat();
                    let input: Vec<u8> = [pre, b"%", &rest].concat();
                    for (strict, p) in [(true, &STRICT), (false, &LENIENT)] {
                        let want = rule(strict, pre, &rest);
                        assert_eq!(
                            p.decode(&input).map(|c| c.into_owned()),
                            want,
                            "{kernel:?} strict={strict} {input:?}"
                        );
                    }
                    for p in [&STRICT, &LENIENT].into_iter().chain(named) {
                        assert_eq!(
                            lib_decode(p, &input),
                            oracle_decode(p, &input),
                            "{kernel:?} {} {input:?}",
                            p.name()
                        );
                    }
                    checked += 1;
                }
            }
            // `%` alone at the end.
            let input = [pre, b"%"].concat();
            assert_eq!(STRICT.decode(&input).map(|c| c.into_owned()), rule(true, pre, b""));
            assert_eq!(LENIENT.decode(&input).map(|c| c.into_owned()), rule(false, pre, b""));
        }
    });
    println!("percent_then_every_byte_pair: {checked} inputs, each under 6 decoders");
    assert_eq!(checked, pctenc::Kernel::available().len() * FRAMES.len() * 256 * 257);
}
