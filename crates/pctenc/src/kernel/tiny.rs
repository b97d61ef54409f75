//! Values under 16 bytes without an escape, copied by the short decode path itself: two
//! overlapping word loads, a word-wide test for `%`, two overlapping word stores.
//!
//! A 1-byte value is the fixed cost of a decode call and nothing else. Through a kernel's
//! step it paid the call (arguments, saved registers, `vzeroupper`) and the step's
//! zero-padded 32-byte copy; here it is a dozen instructions inlined into the caller:
//!
//! ```text
//! n in 8..16:  a = input[..8], b = input[n-8..]    as u64     (overlapping when n < 16)
//! n in 4..8:   a = input[..4], b = input[n-4..]    as u32, packed into one u64
//! n in 1..4:   input[0], input[n/2], input[n-1]    packed into one u64 (zeros above)
//! no byte of a, b equal to '%'  (v = x ^ 0x2525..: (v - 0x0101..) & !v & 0x8080.. == 0)
//!   → store a at out[0], b at out[n-8] (or n-4, or the three bytes): done, n written
//! ```
//!
//! The test for a zero byte is exact about whether there is one (only which one may be
//! wrong, and that is not asked), and the bytes packed above a shorter value are zeros,
//! which are not `%`.

use core::mem::MaybeUninit;

/// Input bytes below which [`copy_clean`] takes a value.
pub(crate) const TINY: usize = 16;

/// Whether some byte of `x` is `%`.
#[inline(always)]
const fn has_pct(x: u64) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    const PCT: u64 = u64::from_ne_bytes([b'%'; 8]);
    let v = x ^ PCT;
    v.wrapping_sub(ONES) & !v & HIGH != 0
}

/// Copies `input` (under [`TINY`] bytes) to the start of `out` and returns `true` if it has
/// no `%` (it then decodes to itself under any policy without `+` as a space); `false`, with
/// `out` untouched, if it has one, or `input` is not under [`TINY`] bytes, or `out` is
/// shorter than [`TINY`].
#[inline(always)]
pub(crate) fn copy_clean(input: &[u8], out: &mut [MaybeUninit<u8>]) -> bool {
    let n = input.len();
    let Some(out) = out.first_chunk_mut::<TINY>() else { return false };
    match n {
        0 => true,
        1..=3 => {
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
        }
        4..=7 => {
            let a = word::<4>(&input[..4]);
            let b = word::<4>(&input[n - 4..]);
            if has_pct(u64::from(u32::from_ne_bytes(a)) | u64::from(u32::from_ne_bytes(b)) << 32) {
                return false;
            }
            out[..4].copy_from_slice(&a.map(MaybeUninit::new));
            out[n - 4..n].copy_from_slice(&b.map(MaybeUninit::new));
            true
        }
        8..TINY => {
            let a = word::<8>(&input[..8]);
            let b = word::<8>(&input[n - 8..]);
            if has_pct(u64::from_ne_bytes(a)) || has_pct(u64::from_ne_bytes(b)) {
                return false;
            }
            out[..8].copy_from_slice(&a.map(MaybeUninit::new));
            out[n - 8..n].copy_from_slice(&b.map(MaybeUninit::new));
            true
        }
        _ => false,
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
        let copied = copy_clean(input, super::super::as_uninit(&mut buf));
        (copied, buf)
    }

    #[test]
    fn copies_every_length_without_pct_and_refuses_every_pct_position() {
        for n in 0..=TINY {
            let input: Vec<u8> = (0..n as u8).map(|i| b'a' + i).collect();
            let (copied, out) = run(&input, 20);
            assert_eq!(copied, n < TINY, "length {n}");
            if copied {
                assert_eq!(out[..n], input[..], "length {n}");
                assert!(out[n..].iter().all(|&b| b == 0xEE), "nothing past {n}");
            }
            for at in 0..n {
                let mut with = input.clone();
                with[at] = b'%';
                let (copied, out) = run(&with, 20);
                assert!(!copied, "length {n}, % at {at}");
                assert!(out.iter().all(|&b| b == 0xEE), "untouched on refusal");
            }
        }
        // Bytes near `%` (0x24, 0x26), `%` with the high bit (0xA5), and others are not `%`.
        for b in [0x24u8, 0x26, 0xA5, 0x05, 0x00, 0xFF] {
            for n in 1..TINY {
                let (copied, out) = run(&vec![b; n], TINY);
                assert!(copied, "byte {b:#x}, length {n}");
                assert!(out[..n].iter().all(|&x| x == b), "byte {b:#x}, length {n}");
            }
        }
        // Too little room: refused.
        assert!(!run(b"a", TINY - 1).0);
    }
}
