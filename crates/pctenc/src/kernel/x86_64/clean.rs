//! A short value without `%`, copied by the short decode path itself (inlined into the
//! caller, no kernel call): two overlapping loads that cover the input, a test for `%`, two
//! overlapping stores. It decodes to itself under any policy without `+` as a space.
//!
//! The fixed cost of a decode call is this path on a 1-byte value. Through the AVX2 step it
//! paid the call (arguments, saved registers, `vzeroupper`) and the step's zero-padded
//! 32-byte copy; here it is a dozen instructions. SSE2 is in the x86_64 baseline, so the
//! 16-byte vectors need no `#[target_feature]` and inline anywhere.
//!
//! ```text
//! n in 32..=64: input[0..16], [16..32], [n-32..n-16], [n-16..n]  four SSE2 loads
//! n in 16..32:  input[..16], input[n-16..]                        two SSE2 loads
//! n in 8..16:   input[..8], input[n-8..]     as u64   (overlapping when n < 16)
//! n in 4..8:    input[..4], input[n-4..]     as u32, packed into one u64
//! n in 1..4:    input[0], input[n/2], input[n-1]     three compares
//! no byte equal to '%'  (SSE2: PCMPEQB; words: v = x ^ 0x2525..,
//!                        (v - 0x0101..) & !v & 0x8080.. == 0)
//!   → the same pieces stored at the same offsets of `out`: n bytes written
//! ```
//!
//! The word test for a zero byte is exact about whether there is one (only which one may be
//! wrong, and that is not asked).

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

/// The longest value [`copy_clean`] takes: the short decode path's.
pub(crate) const MAX: usize = 64;

/// Whether some byte of `x` is `%`.
#[inline(always)]
const fn has_pct(x: u64) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    const PCT: u64 = u64::from_ne_bytes([b'%'; 8]);
    let v = x ^ PCT;
    v.wrapping_sub(ONES) & !v & HIGH != 0
}

/// Copies `input` (at most [`MAX`] bytes) to the start of `out` and returns `true` if it has
/// no `%`; `false`, with `out` untouched, if it has one, or `input` is longer than [`MAX`],
/// or `out` is shorter than [`MAX`].
#[inline(always)]
pub(crate) fn copy_clean(input: &[u8], out: &mut [MaybeUninit<u8>]) -> bool {
    let n = input.len();
    let Some(out) = out.first_chunk_mut::<MAX>() else { return false };
    if n > MAX {
        return false;
    }
    // A tree of two or three compares to each size, not a ladder: a 1-byte value and a
    // 64-byte one both take few.
    if n >= 16 {
        if n >= 32 {
            let (src, dst) = (input.as_ptr(), out.as_mut_ptr());
            // SAFETY: SSE2 is in the x86_64 baseline (every CPU this code runs on has it).
            // 32 <= n <= 64: the four loads lie in the input's `n` bytes and the four stores
            // in the first `n` of the 64 of `out`; `loadu`/`storeu` need no alignment.
            unsafe {
                let pct = _mm_set1_epi8(b'%' as i8);
                let a = _mm_loadu_si128(src.cast());
                // The first 16 bytes alone first: escaped text mostly has a `%` there, and
                // then leaves after one compare.
                if _mm_movemask_epi8(_mm_cmpeq_epi8(a, pct)) != 0 {
                    return false;
                }
                let b = _mm_loadu_si128(src.add(16).cast());
                let c = _mm_loadu_si128(src.add(n - 32).cast());
                let d = _mm_loadu_si128(src.add(n - 16).cast());
                let p = _mm_or_si128(
                    _mm_cmpeq_epi8(b, pct),
                    _mm_or_si128(_mm_cmpeq_epi8(c, pct), _mm_cmpeq_epi8(d, pct)),
                );
                if _mm_movemask_epi8(p) != 0 {
                    return false;
                }
                _mm_storeu_si128(dst.cast(), a);
                _mm_storeu_si128(dst.add(16).cast(), b);
                _mm_storeu_si128(dst.add(n - 32).cast(), c);
                _mm_storeu_si128(dst.add(n - 16).cast(), d);
            }
            true
        } else {
            let (src, dst) = (input.as_ptr(), out.as_mut_ptr());
            // SAFETY: as above, 16 <= n < 32: both loads and both stores lie in the first
            // `n` bytes of the input and of `out`.
            unsafe {
                let pct = _mm_set1_epi8(b'%' as i8);
                let (a, b) = (_mm_loadu_si128(src.cast()), _mm_loadu_si128(src.add(n - 16).cast()));
                if _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(a, pct), _mm_cmpeq_epi8(b, pct)))
                    != 0
                {
                    return false;
                }
                _mm_storeu_si128(dst.cast(), a);
                _mm_storeu_si128(dst.add(n - 16).cast(), b);
            }
            true
        }
    } else if n >= 4 {
        if n >= 8 {
            let a = word::<8>(&input[..8]);
            let b = word::<8>(&input[n - 8..]);
            if has_pct(u64::from_ne_bytes(a)) || has_pct(u64::from_ne_bytes(b)) {
                return false;
            }
            out[..8].copy_from_slice(&a.map(MaybeUninit::new));
            out[n - 8..n].copy_from_slice(&b.map(MaybeUninit::new));
            true
        } else {
            let a = word::<4>(&input[..4]);
            let b = word::<4>(&input[n - 4..]);
            if has_pct(u64::from(u32::from_ne_bytes(a)) | u64::from(u32::from_ne_bytes(b)) << 32) {
                return false;
            }
            out[..4].copy_from_slice(&a.map(MaybeUninit::new));
            out[n - 4..n].copy_from_slice(&b.map(MaybeUninit::new));
            true
        }
    } else if n > 0 {
        // The first, middle and last bytes (some the same byte): three compares cost
        // less than packing them into a word for the test below.
        let (a, b, c) = (input[0], input[n / 2], input[n - 1]);
        if a == b'%' || b == b'%' || c == b'%' {
            return false;
        }
        out[0].write(a);
        out[n / 2].write(b);
        out[n - 1].write(c);
        true
    } else {
        true
    }
}

/// The `N` bytes of `s` (exactly `N` long) as an array.
#[inline(always)]
fn word<const N: usize>(s: &[u8]) -> [u8; N] {
    let mut w = [0u8; N];
    w.copy_from_slice(s);
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    /// `copy_clean` on a buffer of `0xEE` bytes: its answer and the buffer.
    fn run(input: &[u8], room: usize) -> (bool, Vec<u8>) {
        let mut buf = vec![0xEEu8; room];
        let copied = copy_clean(input, crate::kernel::as_uninit(&mut buf));
        (copied, buf)
    }

    #[test]
    fn copies_every_length_without_pct_and_refuses_every_pct_position() {
        for n in 0..=MAX + 1 {
            let input: Vec<u8> = (0..n as u8).map(|i| b'a' + i).collect();
            let (copied, out) = run(&input, MAX + 4);
            assert_eq!(copied, n <= MAX, "length {n}");
            if copied {
                assert_eq!(out[..n], input[..], "length {n}");
                assert!(out[n..].iter().all(|&b| b == 0xEE), "nothing past {n}");
            }
            for at in 0..n {
                let mut with = input.clone();
                with[at] = b'%';
                let (copied, out) = run(&with, MAX + 4);
                assert!(!copied, "length {n}, % at {at}");
                assert!(out.iter().all(|&b| b == 0xEE), "untouched on refusal");
            }
        }
        // Bytes near `%` (0x24, 0x26), `%` with the high bit (0xA5), and others are not `%`.
        for b in [0x24u8, 0x26, 0xA5, 0x05, 0x00, 0xFF] {
            for n in 1..=MAX {
                let (copied, out) = run(&vec![b; n], MAX);
                assert!(copied, "byte {b:#x}, length {n}");
                assert!(out[..n].iter().all(|&x| x == b), "byte {b:#x}, length {n}");
            }
        }
        // Too little room: refused.
        assert!(!run(b"a", MAX - 1).0);
    }
}
