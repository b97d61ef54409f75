//! The NEON kernel: the SSSE3 kernel (`x86_64/ssse3.rs`, algorithm in `avx2.rs`) on aarch64's
//! 128-bit vectors, 16 bytes per step, written from the wasm simd128 port (`wasm32/`), whose
//! structure it keeps line for line.
//!
//! `vqtbl1q_u8` is `PSHUFB` (both give 0 for an index with bit 7 set; TBL also for 16..=127,
//! which no table here uses: the only out-of-range indices are the `0x80` and `0x88` fillers of
//! [`EXPAND`] and [`COMPACT`]), `vbslq_u8` replaces AND/ANDNOT/OR blends, `vshrq_n_u8` yields
//! the high nibble, and the 32/64-bit unpacks are `ZIP1`/`ZIP2`. NEON has no `PMOVMSKB`: the
//! 16-bit mask is the lanes ANDed with their bit weights and summed per half (`ADDV`). Only
//! tested under qemu-user here (scripts/test.d/55-aarch64.sh); not timed on real hardware.

use core::arch::aarch64::*;
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

#[target_feature(enable = "neon")]
#[inline]
fn load16(b: &[u8; 16]) -> uint8x16_t {
    // SAFETY: `b` is 16 readable bytes, and `LD1` has no alignment requirement.
    unsafe { vld1q_u8(b.as_ptr()) }
}

#[target_feature(enable = "neon")]
#[inline]
fn load_at(b: &[u8; 18], at: usize) -> uint8x16_t {
    debug_assert!(at <= 2);
    let at = at.min(2);
    // SAFETY: `at <= 2`, so the 16 bytes at `at` lie inside the 18 of `b`.
    unsafe { vld1q_u8(b.as_ptr().add(at)) }
}

#[target_feature(enable = "neon")]
#[inline]
fn store16(b: &mut [MaybeUninit<u8>; 16], v: uint8x16_t) {
    // SAFETY: `b` is 16 writable bytes, and `ST1` has no alignment requirement.
    unsafe { vst1q_u8(b.as_mut_ptr().cast(), v) }
}

/// `m ? b : a`, bytewise (`m` lanes all-ones or all-zeros).
#[target_feature(enable = "neon")]
#[inline]
fn select(a: uint8x16_t, b: uint8x16_t, m: uint8x16_t) -> uint8x16_t {
    vbslq_u8(m, b, a)
}

/// Bit i = the top bit of lane i (`PMOVMSKB`; lanes are all-ones or all-zeros here).
#[target_feature(enable = "neon")]
#[inline]
fn movemask(v: uint8x16_t) -> u32 {
    const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
    let m = vandq_u8(v, load16(&WEIGHTS));
    u32::from(vaddv_u8(vget_low_u8(m))) | u32::from(vaddv_u8(vget_high_u8(m))) << 8
}

/// The lanes of `a` and `b` interleaved by 32 bits: `[a0 b0 a1 b1]` (`LO`) or `[a2 b2 a3 b3]`.
#[target_feature(enable = "neon")]
#[inline]
fn zip32<const LO: bool>(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    let (a, b) = (vreinterpretq_u32_u8(a), vreinterpretq_u32_u8(b));
    vreinterpretq_u8_u32(if LO { vzip1q_u32(a, b) } else { vzip2q_u32(a, b) })
}

/// The 64-bit halves: `[a0 b0]` (`LO`) or `[a1 b1]`.
#[target_feature(enable = "neon")]
#[inline]
fn zip64<const LO: bool>(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    let (a, b) = (vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b));
    vreinterpretq_u8_u64(if LO { vzip1q_u64(a, b) } else { vzip2q_u64(a, b) })
}

/// The profile's constants, built once per call.
struct Encoding {
    lo: uint8x16_t,
    hi: uint8x16_t,
    digits: uint8x16_t,
    low4: uint8x16_t,
    plus: bool,
}

impl Encoding {
    #[target_feature(enable = "neon")]
    fn new(n: &Nibbles, digits: &[u8; 16]) -> Encoding {
        Encoding {
            lo: load16(&n.lo),
            hi: load16(&HI_NIBBLE),
            digits: load16(digits),
            low4: vdupq_n_u8(0x0F),
            plus: n.plus,
        }
    }

    /// The escape mask of `v` (bit i = byte i is escaped) and the nibble vectors.
    #[target_feature(enable = "neon")]
    #[inline]
    fn classify(&self, v: uint8x16_t) -> (u32, uint8x16_t, uint8x16_t) {
        let lo_n = vandq_u8(v, self.low4);
        let hi_n = vshrq_n_u8::<4>(v);
        let kept = vandq_u8(vqtbl1q_u8(self.lo, lo_n), vqtbl1q_u8(self.hi, hi_n));
        let esc = vceqq_u8(kept, vdupq_n_u8(0));
        (movemask(esc), lo_n, hi_n)
    }
}

/// Encodes `input` in 16-byte steps, the tail through a zero-padded step (the short-input
/// path), as far as `out` has [`ENCODE_ROOM`] bytes of room at the write position; returns
/// (bytes read, bytes written). Bytes of `out` past `written` may have been written too.
#[target_feature(enable = "neon")]
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
    let pct = vdupq_n_u8(b'%');
    // Encodes one 16-byte chunk at `out_ptr + w`; returns (bytes written, escape mask).
    let step = |chunk: &[u8; 16], w: usize| -> (usize, u32) {
        debug_assert!(w + ENCODE_ROOM <= out_len);
        // SAFETY (every store below): the caller keeps w + ENCODE_ROOM <= out.len(), and the
        // stores stay below w + ENCODE_ROOM, as each comment says.
        let dst = out_ptr.wrapping_add(w);
        let v = load16(chunk);
        let (mask, lo_n, hi_n) = e.classify(v);
        let x = if e.plus {
            let sp = vceqq_u8(v, vdupq_n_u8(b' '));
            select(v, vdupq_n_u8(b'+'), sp)
        } else {
            v
        };
        if mask == 0 {
            // SAFETY: 16 <= ENCODE_ROOM bytes.
            unsafe { vst1q_u8(dst, x) };
            return (16, 0);
        }
        let h = vqtbl1q_u8(e.digits, hi_n);
        let l = vqtbl1q_u8(e.digits, lo_n);
        // [x h] and [l %] interleaved by 4 bytes, then by 8: each of g0..g3 is one group's
        // source [x0..3 H0..3 L0..3 %%%%].
        let xh_lo = zip32::<true>(x, h);
        let lp_lo = zip32::<true>(l, pct);
        let xh_hi = zip32::<false>(x, h);
        let lp_hi = zip32::<false>(l, pct);
        let g0 = zip64::<true>(xh_lo, lp_lo);
        let g1 = zip64::<false>(xh_lo, lp_lo);
        let g2 = zip64::<true>(xh_hi, lp_hi);
        let g3 = zip64::<false>(xh_hi, lp_hi);
        let srcs = [g0, g1, g2, g3];
        let mut o = 0usize;
        for (g, src) in srcs.into_iter().enumerate() {
            let m = (mask >> (4 * g) & 15) as usize;
            let pattern = load16(&EXPAND[m]);
            debug_assert!(o <= 12 * g);
            // SAFETY: each earlier group of 4 bytes wrote at most 12, so o <= 12 * g <= 36
            // and o + 16 <= 52 <= ENCODE_ROOM.
            unsafe { vst1q_u8(dst.add(o), vqtbl1q_u8(src, pattern)) };
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
#[target_feature(enable = "neon")]
pub fn clean_prefix(n: &Nibbles, input: &[u8]) -> usize {
    let e = Encoding::new(n, &[0; 16]);
    let changed = |v: uint8x16_t| {
        let (mut mask, _, _) = e.classify(v);
        if e.plus {
            let sp = vceqq_u8(v, vdupq_n_u8(b' '));
            mask |= movemask(sp);
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
    pct: uint8x16_t,
    plus: Option<(uint8x16_t, uint8x16_t)>,
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
    #[target_feature(enable = "neon")]
    #[inline]
    fn hex(x: uint8x16_t) -> (uint8x16_t, uint8x16_t) {
        let t = vsubq_u8(x, vdupq_n_u8(b'0'));
        let digit = vceqq_u8(vminq_u8(t, vdupq_n_u8(9)), t);
        let u = vsubq_u8(vorrq_u8(x, vdupq_n_u8(0x20)), vdupq_n_u8(b'a'));
        let letter = vceqq_u8(vminq_u8(u, vdupq_n_u8(5)), u);
        let value = vandq_u8(vaddq_u8(x, vandq_u8(letter, vdupq_n_u8(9))), vdupq_n_u8(0x0F));
        (vorrq_u8(digit, letter), value)
    }

    /// Decodes the 16 bytes at the start of `chunk` (the 2 after are look-ahead) into `dst`;
    /// `carry` marks leading bytes that an escape of the previous step consumed. `None`:
    /// strict decoding met a malformed escape here.
    #[target_feature(enable = "neon")]
    #[inline]
    fn step(&self, chunk: &[u8; 18], carry: u32, dst: &mut [MaybeUninit<u8>; 16]) -> Option<Step> {
        let a = load_at(chunk, 0);
        let pct = vceqq_u8(a, self.pct);
        let pm = movemask(pct);
        let text = match self.plus {
            Some((plus, space)) => select(a, space, vceqq_u8(a, plus)),
            None => a,
        };
        if pm | carry == 0 {
            store16(dst, text);
            return Some(Step { written: 16, carry: 0, keep: 0xFFFF });
        }
        let (ok1, hi) = Decoding::hex(load_at(chunk, 1));
        let (ok2, lo) = Decoding::hex(load_at(chunk, 2));
        let valid_v = vandq_u8(pct, vandq_u8(ok1, ok2));
        let valid = movemask(valid_v);
        if self.reject && valid != pm {
            return None;
        }
        let value = vorrq_u8(vshlq_n_u8::<4>(hi), lo);
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
            let out = vqtbl1_u8(decoded, vcreate_u8(idx));
            debug_assert!(o <= 8 * g);
            // SAFETY: each earlier group of 8 bytes wrote at most 8, so o <= 8 * g <= 8 and
            // o + 8 <= 16 = dst.len().
            unsafe { vst1_u8(dst.as_mut_ptr().add(o).cast(), out) };
            o += (k as u32).count_ones() as usize;
        }
        Some(Step { written: o, carry, keep })
    }
}

/// Decodes `input` in 16-byte steps into `out` (at least `input.len()` bytes) under the
/// `%XX` byte unit; returns (bytes read, bytes written), always at a unit boundary. Stops
/// early where strict decoding meets a malformed escape, and leaves a `%` in the last two
/// bytes to the scalar kernel when more input may follow (`last == false`).
#[target_feature(enable = "neon")]
pub fn decode(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
    last: bool,
) -> (usize, usize) {
    let d = Decoding {
        pct: vdupq_n_u8(b'%'),
        plus: plus_as_space.then(|| (vdupq_n_u8(b'+'), vdupq_n_u8(b' '))),
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
