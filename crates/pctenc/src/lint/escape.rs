//! What counts as an escape: the tests that the lint's first pass and its layer walk, the safe
//! segment decoder ([`crate::segment`]) and normalization ([`crate::normalize`]) share, so
//! that all four agree on every `%`.

use crate::kernel::scalar::UNHEX;

/// The value of the escape at `i`, if `input[i]` is a `%` followed by two hex digits.
pub(crate) fn escape_at(input: &[u8], i: usize) -> Option<u8> {
    if input.get(i) != Some(&b'%') {
        return None;
    }
    let (h, l) = (*input.get(i + 1)?, *input.get(i + 2)?);
    let (h, l) = (UNHEX[h as usize], UNHEX[l as usize]);
    (h | l < 16).then_some(h << 4 | l)
}

/// Whether `%uXXXX` starts at `i`.
pub(crate) fn utf16_escape_at(input: &[u8], i: usize) -> bool {
    input.get(i + 1).is_some_and(|&u| u | 0x20 == b'u')
        && input.get(i + 2..i + 6).is_some_and(|h| h.iter().all(|&c| UNHEX[c as usize] < 16))
}

/// The span a strict decoder examined at a malformed `%`: the `%`, then bytes up to and
/// including the first that is not a hex digit, at most three, never another `%`.
pub(crate) fn malformed_len(input: &[u8], i: usize) -> usize {
    let mut len = 1;
    while len < 3 {
        match input.get(i + len) {
            Some(&c) if c != b'%' => {
                len += 1;
                if UNHEX[c as usize] > 15 {
                    break;
                }
            }
            _ => break,
        }
    }
    len
}
