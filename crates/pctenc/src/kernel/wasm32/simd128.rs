//! The wasm simd128 kernel: the SSSE3 kernel (`x86_64/ssse3.rs`, algorithm in `avx2.rs`)
//! ported to WebAssembly's 128-bit vectors, 16 bytes per step. The playground runs it.
//!
//! The port is nearly one to one: `i8x16_swizzle` is `PSHUFB` (both give 0 for an index
//! with bit 7 set; swizzle also for 16..=127, which no table here uses: the only
//! out-of-range indices are the `0x80` and `0x88` fillers of [`EXPAND`] and [`COMPACT`]),
//! `i8x16_bitmask` is `PMOVMSKB`, `v128_bitselect` replaces AND/ANDNOT/OR blends,
//! `u8x16_shr` yields the high nibble without the 16-bit shift's mask, and the 32/64-bit
//! unpacks are constant shuffles. Bit counts use `count_ones` (wasm's `i32.popcnt` is
//! baseline). There is no prefetch instruction in wasm.

use core::arch::wasm32::*;
use core::mem::MaybeUninit;

use crate::kernel::tables::{Nibbles, COMPACT, EXPAND, GROUP_LEN, HI_NIBBLE};

/// Output bytes one encode step may touch: 48 for 16 escapes, plus the 4 bytes of slack of
/// the last 16-byte store of a 12-byte group, rounded up.
pub const ENCODE_ROOM: usize = 64;

// Every index a swizzle below uses is either below 16 or has bit 7 set, so swizzle and
// PSHUFB agree on it (the nibble indices are below 16 by construction).
const _: () = {
    let mut m = 0;
    while m < 16 {
        let mut j = 0;
        while j < 16 {
            let i = EXPAND[m][j];
            assert!(i < 16 || i >= 0x80);
            j += 1;
        }
        m += 1;
    }
    let mut k = 0;
    while k < 256 {
        let idx = COMPACT[k] | 0x0808_0808_0808_0808;
        let mut j = 0;
        while j < 8 {
            let i = (idx >> (8 * j)) as u8;
            assert!(i < 16 || i >= 0x80);
            j += 1;
        }
        k += 1;
    }
};

#[inline]
fn load16(b: &[u8; 16]) -> v128 {
    // SAFETY: `b` is 16 readable bytes, and `v128.load` has no alignment requirement.
    unsafe { v128_load(b.as_ptr().cast()) }
}

#[inline]
fn load_at(b: &[u8; 18], at: usize) -> v128 {
    debug_assert!(at <= 2);
    let at = at.min(2);
    // SAFETY: `at <= 2`, so the 16 bytes at `at` lie inside the 18 of `b`.
    unsafe { v128_load(b.as_ptr().add(at).cast()) }
}

#[inline]
fn store16(b: &mut [MaybeUninit<u8>; 16], v: v128) {
    // SAFETY: `b` is 16 writable bytes, and `v128.store` has no alignment requirement.
    unsafe { v128_store(b.as_mut_ptr().cast(), v) }
}

/// `m ? b : a`, bytewise (`m` lanes all-ones or all-zeros).
#[inline]
fn select(a: v128, b: v128, m: v128) -> v128 {
    v128_bitselect(b, a, m)
}

/// The profile's constants, built once per call.
struct Encoding {
    lo: v128,
    hi: v128,
    digits: v128,
    low4: v128,
    plus: bool,
}

impl Encoding {
    fn new(n: &Nibbles, digits: &[u8; 16]) -> Encoding {
        Encoding {
            lo: load16(&n.lo),
            hi: load16(&HI_NIBBLE),
            digits: load16(digits),
            low4: u8x16_splat(0x0F),
            plus: n.plus,
        }
    }

    /// The escape mask of `v` (bit i = byte i is escaped) and the nibble vectors.
    #[inline]
    fn classify(&self, v: v128) -> (u32, v128, v128) {
        let lo_n = v128_and(v, self.low4);
        let hi_n = u8x16_shr(v, 4);
        let kept = v128_and(i8x16_swizzle(self.lo, lo_n), i8x16_swizzle(self.hi, hi_n));
        let esc = i8x16_eq(kept, u8x16_splat(0));
        (u32::from(i8x16_bitmask(esc)), lo_n, hi_n)
    }
}

/// Encodes `input` in 16-byte steps, the tail through a zero-padded step (the short-input
/// path), as far as `out` has [`ENCODE_ROOM`] bytes of room at the write position; returns
/// (bytes read, bytes written). Bytes of `out` past `written` may have been written too.
pub fn encode(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    let e = Encoding::new(n, digits);
    // Each input byte writes at most 3, so w <= 3 * i: with `limit` input bytes, every step
    // stores below 3 * limit + ENCODE_ROOM <= out.len().
    let limit = input.len().min(out.len().saturating_sub(ENCODE_ROOM) / 3);
    // The length, read once: the step below writes only through `out_ptr`, so it must not
    // touch `out` again (see ssse3.rs: Stacked Borrows).
    let out_len = out.len();
    let out_ptr = out.as_mut_ptr().cast::<u8>();
    let pct = u8x16_splat(b'%');
    // Encodes one 16-byte chunk at `out_ptr + w`; returns (bytes written, escape mask).
    let step = |chunk: &[u8; 16], w: usize| -> (usize, u32) {
        debug_assert!(w + ENCODE_ROOM <= out_len);
        // SAFETY (every store below): the caller keeps w + ENCODE_ROOM <= out.len(), and the
        // stores stay below w + ENCODE_ROOM, as each comment says.
        let dst = out_ptr.wrapping_add(w);
        let v = load16(chunk);
        let (mask, lo_n, hi_n) = e.classify(v);
        let x = if e.plus {
            let sp = i8x16_eq(v, u8x16_splat(b' '));
            select(v, u8x16_splat(b'+'), sp)
        } else {
            v
        };
        if mask == 0 {
            // SAFETY: 16 <= ENCODE_ROOM bytes.
            unsafe { v128_store(dst.cast(), x) };
            return (16, 0);
        }
        let h = i8x16_swizzle(e.digits, hi_n);
        let l = i8x16_swizzle(e.digits, lo_n);
        // [x h] and [l %] interleaved by 4 bytes, then by 8: each of g0..g3 is one group's
        // source [x0..3 H0..3 L0..3 %%%%].
        let xh_lo = i32x4_shuffle::<0, 4, 1, 5>(x, h);
        let lp_lo = i32x4_shuffle::<0, 4, 1, 5>(l, pct);
        let xh_hi = i32x4_shuffle::<2, 6, 3, 7>(x, h);
        let lp_hi = i32x4_shuffle::<2, 6, 3, 7>(l, pct);
        let g0 = i64x2_shuffle::<0, 2>(xh_lo, lp_lo);
        let g1 = i64x2_shuffle::<1, 3>(xh_lo, lp_lo);
        let g2 = i64x2_shuffle::<0, 2>(xh_hi, lp_hi);
        let g3 = i64x2_shuffle::<1, 3>(xh_hi, lp_hi);
        let srcs = [g0, g1, g2, g3];
        let mut o = 0usize;
        for (g, src) in srcs.into_iter().enumerate() {
            let m = (mask >> (4 * g) & 15) as usize;
            let pattern = load16(&EXPAND[m]);
            debug_assert!(o <= 12 * g);
            // SAFETY: each earlier group of 4 bytes wrote at most 12, so o <= 12 * g <= 36
            // and o + 16 <= 52 <= ENCODE_ROOM.
            unsafe { v128_store(dst.add(o).cast(), i8x16_swizzle(src, pattern)) };
            o += GROUP_LEN[m] as usize;
        }
        (o, mask)
    };
    // The whole chunks, then (if the input ends before `limit` does) the tail, zero-padded:
    // one loop with one call of `step`, which is then inlined.
    let full = limit / 16 * 16;
    let tail = if limit == input.len() { &input[full..] } else { &[][..] };
    let mut padded = [0u8; 16];
    if !tail.is_empty() {
        padded[..tail.len()].copy_from_slice(tail);
    }
    let chunks = input[..full].chunks_exact(16).map(|c| c.try_into().expect("chunks_exact(16)"));
    let (mut i, mut w) = (0usize, 0usize);
    for chunk in chunks.chain((!tail.is_empty()).then_some(&padded)) {
        let (written, mask) = step(chunk, w);
        if i < full {
            w += written;
            i += 16;
        } else {
            let real = mask & ((1u32 << tail.len()) - 1);
            w += tail.len() + 2 * real.count_ones() as usize;
            i += tail.len();
        }
    }
    (i, w)
}

/// How many leading bytes of `input` the profile writes unchanged (a space that becomes `+`
/// is a change).
pub fn clean_prefix(n: &Nibbles, input: &[u8]) -> usize {
    let e = Encoding::new(n, &[0; 16]);
    let changed = |v: v128| {
        let (mut mask, _, _) = e.classify(v);
        if e.plus {
            let sp = i8x16_eq(v, u8x16_splat(b' '));
            mask |= u32::from(i8x16_bitmask(sp));
        }
        mask
    };
    let mut chunks = input.chunks_exact(16);
    let mut i = 0usize;
    for chunk in chunks.by_ref() {
        let mask = changed(load16(chunk.try_into().expect("chunks_exact(16)")));
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
    }
    let rest = chunks.remainder();
    let mut padded = [0u8; 16];
    padded[..rest.len()].copy_from_slice(rest);
    let mask = changed(load16(&padded));
    i + (mask | 1 << rest.len()).trailing_zeros() as usize
}

/// The decode constants, built once per call.
struct Decoding {
    pct: v128,
    plus: Option<(v128, v128)>,
    reject: bool,
}

/// One decode step's result.
struct Step {
    written: usize,
    carry: u32,
    keep: u32,
}

impl Decoding {
    /// Hex digit flags and values (`0..16`, garbage where the flag is clear).
    #[inline]
    fn hex(x: v128) -> (v128, v128) {
        let t = i8x16_sub(x, u8x16_splat(b'0'));
        let digit = i8x16_eq(u8x16_min(t, u8x16_splat(9)), t);
        let u = i8x16_sub(v128_or(x, u8x16_splat(0x20)), u8x16_splat(b'a'));
        let letter = i8x16_eq(u8x16_min(u, u8x16_splat(5)), u);
        let value = v128_and(i8x16_add(x, v128_and(letter, u8x16_splat(9))), u8x16_splat(0x0F));
        (v128_or(digit, letter), value)
    }

    /// Decodes the 16 bytes at the start of `chunk` (the 2 after are look-ahead) into `dst`;
    /// `carry` marks leading bytes that an escape of the previous step consumed. `None`:
    /// strict decoding met a malformed escape here.
    #[inline]
    fn step(&self, chunk: &[u8; 18], carry: u32, dst: &mut [MaybeUninit<u8>; 16]) -> Option<Step> {
        let a = load_at(chunk, 0);
        let pct = i8x16_eq(a, self.pct);
        let pm = u32::from(i8x16_bitmask(pct));
        let text = match self.plus {
            Some((plus, space)) => select(a, space, i8x16_eq(a, plus)),
            None => a,
        };
        if pm | carry == 0 {
            store16(dst, text);
            return Some(Step { written: 16, carry: 0, keep: 0xFFFF });
        }
        let (ok1, hi) = Decoding::hex(load_at(chunk, 1));
        let (ok2, lo) = Decoding::hex(load_at(chunk, 2));
        let valid_v = v128_and(pct, v128_and(ok1, ok2));
        let valid = u32::from(i8x16_bitmask(valid_v));
        if self.reject && valid != pm {
            return None;
        }
        let value = v128_or(i8x16_shl(hi, 4), lo);
        let decoded = select(text, value, valid_v);
        let wide = valid << 1 | valid << 2;
        let keep = !(wide | carry) & 0xFFFF;
        let carry = wide >> 16;
        if keep == 0xFFFF {
            store16(dst, decoded);
            return Some(Step { written: 16, carry, keep });
        }
        let mut o = 0usize;
        for g in 0..2 {
            let k = (keep >> (8 * g) & 0xFF) as usize;
            let idx = COMPACT[k] | if g % 2 == 1 { 0x0808_0808_0808_0808 } else { 0 };
            let out = i8x16_swizzle(decoded, u64x2(idx, 0));
            debug_assert!(o <= 8 * g);
            // SAFETY: each earlier group of 8 bytes wrote at most 8, so o <= 8 * g <= 8 and
            // o + 8 <= 16 = dst.len().
            unsafe { v128_store64_lane::<0>(out, dst.as_mut_ptr().add(o).cast()) };
            o += (k as u32).count_ones() as usize;
        }
        Some(Step { written: o, carry, keep })
    }
}

/// Decodes `input` in 16-byte steps into `out` (at least `input.len()` bytes) under the
/// `%XX` byte unit; returns (bytes read, bytes written), always at a unit boundary. Stops
/// early where strict decoding meets a malformed escape, and leaves a `%` in the last two
/// bytes to the scalar kernel when more input may follow (`last == false`).
pub fn decode(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
    last: bool,
) -> (usize, usize) {
    let d = Decoding {
        pct: u8x16_splat(b'%'),
        plus: plus_as_space.then(|| (u8x16_splat(b'+'), u8x16_splat(b' '))),
        reject,
    };
    let (mut i, mut w, mut carry) = (0usize, 0usize, 0u32);
    let mut padded = [0u8; 18];
    // One call site for the step, so that it is inlined.
    loop {
        let rest = input.len() - i;
        let (chunk, real) = match input.get(i..i + 18) {
            Some(c) => (<&[u8; 18]>::try_from(c).expect("slice of 18"), 16),
            // The short-input path: a zero-padded step. Zeros are neither '%' nor hex, so an
            // escape cut short by the end is malformed here, as it is for the scalar kernel;
            // when more input may follow, a '%' in the last two bytes goes to the scalar kernel.
            None if rest > 0
                && rest <= 16
                && (last || !input[i..].iter().rev().take(2).any(|&b| b == b'%')) =>
            {
                padded[..rest].copy_from_slice(&input[i..]);
                (&padded, rest)
            }
            None => break,
        };
        let Some(dst) = out.get_mut(w..w + 16) else { break };
        let dst: &mut [MaybeUninit<u8>; 16] = dst.try_into().expect("slice of 16");
        let Some(step) = d.step(chunk, carry, dst) else { break };
        if real < 16 {
            // Escapes in the padded step end inside the input, so nothing is carried out.
            let kept = step.keep & ((1u64 << real) - 1) as u32;
            return (i + real, w + kept.count_ones() as usize);
        }
        w += step.written;
        carry = step.carry;
        i += 16;
    }
    (i + (carry & 3).count_ones() as usize, w)
}
