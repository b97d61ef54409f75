//! The AVX-512 kernel (F, BW, VBMI, VBMI2, with BMI2 and POPCNT): 64 input bytes per step,
//! whole blocks only; the tail goes through the same step on a zero-padded copy (the
//! short-input path), as in the AVX2 kernel.
//!
//! ```text
//! encode step:  v = load 64
//!               esc = lo[v & 15] & HI[v >> 4] == 0             (64-bit k-mask, tables.rs)
//!               no escape  → store v (space → '+' for forms), advance 64
//!               else, per 16 input bytes g (48 output slots, 3 per byte):
//!                 t = VPERMT2B(x, H)          slot 3j ← x_j, slot 3j+1 ← H_j
//!                 t = VPERMB{slots 3j+2}(L)   slot 3j+2 ← L_j
//!                 e = PDEP(esc_g, 0b…001001)  the first slot of each escaped byte
//!                 t = '%' where e
//!                 VPCOMPRESSB t by (first slots | e << 1 | e << 2), store 64,
//!                 advance 16 + 2·popcount(esc_g)
//! decode step:  a, b, c = load 64 at +0, +1, +2
//!               valid = (a == '%') & hex(b) & hex(c)           (k-masks, no movemask)
//!               strict and a '%' that is not valid → stop; scalar finds the exact error
//!               VPCOMPRESSB blend(a, hex(b) << 4 | hex(c), valid)
//!                           by !(valid << 1 | valid << 2 | carry), store 64
//!               carry = the 0..2 digit bytes of the next block that an escape here consumed
//! ```
//!
//! Where the AVX2 kernel needs a shuffle table per 4 (encode) or 8 (decode) bytes to expand
//! or squeeze, VBMI2's byte compress does a whole step in one instruction, and the k-masks
//! replace AVX2's `movemask` round trips. Compress goes to a register and then to memory
//! with a plain store: the memory form of `VPCOMPRESSB` is microcoded on AMD Zen 4.
//!
//! CPUs with AVX-512 BW but without VBMI2 (Skylake-X, Cascade Lake) run the AVX2 kernel.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use crate::kernel::tables::{Nibbles, HI_NIBBLE};

/// Output bytes one encode step may touch: the last 16-byte group starts at most 3 · 48
/// bytes in and stores 64.
pub const ENCODE_ROOM: usize = 3 * 48 + 64;

/// The first of the three output slots of each of 16 input bytes (`0b…001001001`, 48 bits).
const FIRST: u64 = {
    let mut m = 0u64;
    let mut j = 0;
    while j < 16 {
        m |= 1 << (3 * j);
        j += 1;
    }
    m
};

/// For input group `g` (bytes `16g..16g+16`), the `VPERMT2B` indices that put byte `j` in
/// slot `3j` and its high hex digit (index + 64: the second table) in slot `3j + 1`. Slot
/// `3j + 2` takes the low digit afterwards; slots `48..64` are never kept.
const TRIPLE: [[u8; 64]; 4] = {
    let mut t = [[0u8; 64]; 4];
    let mut g = 0;
    while g < 4 {
        let mut s = 0;
        while s < 48 {
            let src = (16 * g + s / 3) as u8;
            t[g][s] = if s % 3 == 1 { 64 + src } else { src };
            s += 1;
        }
        g += 1;
    }
    t
};

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
fn load64(b: &[u8; 64]) -> __m512i {
    // SAFETY: `b` is 64 readable bytes, and `loadu` has no alignment requirement.
    unsafe { _mm512_loadu_si512(b.as_ptr().cast()) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
fn load_at(b: &[u8; 66], at: usize) -> __m512i {
    debug_assert!(at <= 2);
    let at = at.min(2);
    // SAFETY: `at <= 2`, so the 64 bytes at `at` lie inside the 66 of `b`.
    unsafe { _mm512_loadu_si512(b.as_ptr().add(at).cast()) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
fn store64(b: &mut [MaybeUninit<u8>; 64], v: __m512i) {
    // SAFETY: `b` is 64 writable bytes, and `storeu` has no alignment requirement.
    unsafe { _mm512_storeu_si512(b.as_mut_ptr().cast(), v) }
}

/// A 16-byte table broadcast to the four 128-bit lanes (`VPSHUFB` looks up per lane).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
fn broadcast16(t: &[u8; 16]) -> __m512i {
    // SAFETY: `t` is 16 readable bytes.
    _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
}

/// The profile's constants, broadcast once per call.
struct Encoding {
    lo: __m512i,
    hi: __m512i,
    digits: __m512i,
    low4: __m512i,
    plus: bool,
}

impl Encoding {
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    fn new(n: &Nibbles, digits: &[u8; 16]) -> Encoding {
        Encoding {
            lo: broadcast16(&n.lo),
            hi: broadcast16(&HI_NIBBLE),
            digits: broadcast16(digits),
            low4: _mm512_set1_epi8(0x0F),
            plus: n.plus,
        }
    }

    /// The escape mask of `v` (bit i = byte i is escaped) and the nibble vectors.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn classify(&self, v: __m512i) -> (u64, __m512i, __m512i) {
        let lo_n = _mm512_and_si512(v, self.low4);
        let hi_n = _mm512_and_si512(_mm512_srli_epi16::<4>(v), self.low4);
        let kept = _mm512_and_si512(
            _mm512_shuffle_epi8(self.lo, lo_n),
            _mm512_shuffle_epi8(self.hi, hi_n),
        );
        (_mm512_testn_epi8_mask(kept, kept), lo_n, hi_n)
    }

    /// `v` with spaces replaced by `+` where the profile writes them so.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn text(&self, v: __m512i) -> __m512i {
        if self.plus {
            let sp = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b' ' as i8));
            _mm512_mask_mov_epi8(v, sp, _mm512_set1_epi8(b'+' as i8))
        } else {
            v
        }
    }
}

/// Encodes `input` in 64-byte steps, the tail through a zero-padded step (the short-input
/// path), as far as `out` has [`ENCODE_ROOM`] bytes of room at the write position; returns
/// (bytes read, bytes written). Bytes of `out` past `written` may have been written too.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
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
    // Read once: the step writes only through `out_ptr` (see the AVX2 kernel: a later read
    // through `out` would invalidate the pointer under Stacked Borrows).
    let out_len = out.len();
    let out_ptr = out.as_mut_ptr().cast::<u8>();
    let pct = _mm512_set1_epi8(b'%' as i8);
    let triple: [__m512i; 4] = core::array::from_fn(|g| {
        // SAFETY: each table row is 64 readable bytes.
        unsafe { _mm512_loadu_si512(TRIPLE[g].as_ptr().cast()) }
    });
    let step = |chunk: &[u8; 64], w: usize| -> (usize, u64) {
        debug_assert!(w + ENCODE_ROOM <= out_len);
        // SAFETY (every store below): the caller keeps w + ENCODE_ROOM <= out.len(), and the
        // stores stay below w + ENCODE_ROOM, as each comment says.
        let dst = out_ptr.wrapping_add(w);
        let v = load64(chunk);
        let (mask, lo_n, hi_n) = e.classify(v);
        let x = e.text(v);
        if mask == 0 {
            // SAFETY: 64 <= ENCODE_ROOM bytes.
            unsafe { _mm512_storeu_si512(dst.cast(), x) };
            return (64, 0);
        }
        let h = _mm512_shuffle_epi8(e.digits, hi_n);
        let l = _mm512_shuffle_epi8(e.digits, lo_n);
        let mut o = 0usize;
        for (g, idx) in triple.iter().enumerate() {
            let esc = mask >> (16 * g) & 0xFFFF;
            let first = _pdep_u64(esc, FIRST);
            let t = _mm512_permutex2var_epi8(x, *idx, h);
            let t = _mm512_mask_permutexvar_epi8(t, FIRST << 2, *idx, l);
            let t = _mm512_mask_mov_epi8(t, first, pct);
            let keep = FIRST | first << 1 | first << 2;
            let packed = _mm512_maskz_compress_epi8(keep, t);
            debug_assert!(o <= 48 * g);
            // SAFETY: each earlier group of 16 bytes wrote at most 48, so o <= 48 * g <= 144
            // and o + 64 <= 208 = ENCODE_ROOM.
            unsafe { _mm512_storeu_si512(dst.add(o).cast(), packed) };
            o += 16 + 2 * esc.count_ones() as usize;
        }
        (o, mask)
    };
    // The whole chunks, then (if the input ends before `limit` does) the tail, zero-padded:
    // one loop with one call of `step`, which is then inlined.
    let full = limit / 64 * 64;
    let tail = if limit == input.len() { &input[full..] } else { &[][..] };
    let mut padded = [0u8; 64];
    if !tail.is_empty() {
        padded[..tail.len()].copy_from_slice(tail);
    }
    let chunks = input[..full].chunks_exact(64).map(|c| c.try_into().expect("chunks_exact(64)"));
    let (mut i, mut w) = (0usize, 0usize);
    for chunk in chunks.chain((!tail.is_empty()).then_some(&padded)) {
        // Hints only, as in the AVX2 kernel: input and output 1 KiB ahead, the output for
        // writing.
        prefetch(input.as_ptr().wrapping_add(i + 1024));
        prefetch_write(out_ptr.wrapping_add(w + 1024));
        let (written, mask) = step(chunk, w);
        if i < full {
            w += written;
            i += 64;
        } else {
            w += tail.len() + 2 * (mask & ((1u64 << tail.len()) - 1)).count_ones() as usize;
            i += tail.len();
        }
    }
    (i, w)
}

/// How many leading bytes of `input` the profile writes unchanged (a space that becomes `+`
/// is a change).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
pub fn clean_prefix(n: &Nibbles, input: &[u8]) -> usize {
    let e = Encoding::new(n, &[0; 16]);
    let changed = |v: __m512i| {
        let (mut mask, _, _) = e.classify(v);
        if e.plus {
            mask |= _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b' ' as i8));
        }
        mask
    };
    let mut chunks = input.chunks_exact(64);
    let mut i = 0usize;
    for chunk in chunks.by_ref() {
        let mask = changed(load64(chunk.try_into().expect("chunks_exact(64)")));
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 64;
    }
    let rest = chunks.remainder();
    let mut padded = [0u8; 64];
    padded[..rest.len()].copy_from_slice(rest);
    let mask = changed(load64(&padded));
    i + (mask | 1 << rest.len()).trailing_zeros() as usize
}

/// Hints the cache to fetch the line at `p`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
#[inline]
fn prefetch(p: *const u8) {
    // A prefetch reads nothing the program can observe and never faults, whatever the
    // address (callers build it with `wrapping_add`; it is never dereferenced).
    _mm_prefetch::<_MM_HINT_T0>(p.cast());
}

/// Hints the cache to fetch the line at `p` for writing (`PREFETCHW`; see the AVX2 kernel).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
#[inline]
fn prefetch_write(p: *mut u8) {
    // As `prefetch`: nothing observable is read or written, and no address faults.
    _mm_prefetch::<_MM_HINT_ET0>(p.cast_const().cast());
}

/// The decode constants, broadcast once per call.
struct Decoding {
    pct: __m512i,
    plus: bool,
    reject: bool,
}

/// One decode step's result.
struct Step {
    written: usize,
    carry: u64,
    keep: u64,
}

impl Decoding {
    /// Hex digit flags and values (`0..16`, garbage where the flag is clear).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn hex(x: __m512i) -> (u64, __m512i) {
        let digit = _mm512_cmple_epu8_mask(
            _mm512_sub_epi8(x, _mm512_set1_epi8(b'0' as i8)),
            _mm512_set1_epi8(9),
        );
        let u = _mm512_sub_epi8(
            _mm512_or_si512(x, _mm512_set1_epi8(0x20)),
            _mm512_set1_epi8(b'a' as i8),
        );
        let letter = _mm512_cmple_epu8_mask(u, _mm512_set1_epi8(5));
        let value = _mm512_and_si512(
            _mm512_mask_add_epi8(x, letter, x, _mm512_set1_epi8(9)),
            _mm512_set1_epi8(0x0F),
        );
        (digit | letter, value)
    }

    /// Decodes the 64 bytes at the start of `chunk` (the 2 after are look-ahead) into `dst`;
    /// `carry` marks leading bytes that an escape of the previous step consumed. `None`:
    /// strict decoding met a malformed escape here.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn step(&self, chunk: &[u8; 66], carry: u64, dst: &mut [MaybeUninit<u8>; 64]) -> Option<Step> {
        let a = load_at(chunk, 0);
        let pm = _mm512_cmpeq_epi8_mask(a, self.pct);
        let text = if self.plus {
            let plus = _mm512_cmpeq_epi8_mask(a, _mm512_set1_epi8(b'+' as i8));
            _mm512_mask_mov_epi8(a, plus, _mm512_set1_epi8(b' ' as i8))
        } else {
            a
        };
        if pm | carry == 0 {
            store64(dst, text);
            return Some(Step { written: 64, carry: 0, keep: u64::MAX });
        }
        let (ok1, hi) = Decoding::hex(load_at(chunk, 1));
        let (ok2, lo) = Decoding::hex(load_at(chunk, 2));
        let valid = pm & ok1 & ok2;
        if self.reject && valid != pm {
            return None;
        }
        let value = _mm512_or_si512(_mm512_slli_epi16::<4>(hi), lo);
        let decoded = _mm512_mask_mov_epi8(text, valid, value);
        let wide = (valid as u128) << 1 | (valid as u128) << 2;
        let keep = !(wide as u64 | carry);
        let carry = (wide >> 64) as u64;
        let out =
            if keep == u64::MAX { decoded } else { _mm512_maskz_compress_epi8(keep, decoded) };
        store64(dst, out);
        Some(Step { written: keep.count_ones() as usize, carry, keep })
    }
}

/// Decodes `input` in 64-byte steps into `out` (at least `input.len()` bytes) under the
/// `%XX` byte unit; returns (bytes read, bytes written), always at a unit boundary. Stops
/// early where strict decoding meets a malformed escape, and leaves a `%` in the last two
/// bytes to the scalar kernel when more input may follow (`last == false`).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
pub fn decode(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
    last: bool,
) -> (usize, usize) {
    let d = Decoding { pct: _mm512_set1_epi8(b'%' as i8), plus: plus_as_space, reject };
    let (mut i, mut w, mut carry) = (0usize, 0usize, 0u64);
    let mut padded = [0u8; 66];
    // One call site for the step, so that it is inlined.
    loop {
        let rest = input.len() - i;
        let (chunk, real) = match input.get(i..i + 66) {
            Some(c) => (<&[u8; 66]>::try_from(c).expect("slice of 66"), 64),
            // The short-input path: a zero-padded step. Zeros are neither '%' nor hex, so an
            // escape cut short by the end is malformed here, as it is for the scalar kernel;
            // when more input may follow, a '%' in the last two bytes goes to the scalar kernel.
            None if rest > 0
                && rest <= 64
                && (last || !input[i..].iter().rev().take(2).any(|&b| b == b'%')) =>
            {
                padded[..rest].copy_from_slice(&input[i..]);
                (&padded, rest)
            }
            None => break,
        };
        let Some(dst) = out.get_mut(w..w + 64) else { break };
        let dst: &mut [MaybeUninit<u8>; 64] = dst.try_into().expect("slice of 64");
        prefetch(input.as_ptr().wrapping_add(i + 1024));
        let Some(step) = d.step(chunk, carry, dst) else { break };
        if real < 64 {
            // Escapes in the padded step end inside the input, so nothing is carried out.
            let kept = step.keep & ((1u64 << real) - 1);
            return (i + real, w + kept.count_ones() as usize);
        }
        w += step.written;
        carry = step.carry;
        i += 64;
    }
    (i + carry.count_ones() as usize, w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triple_puts_byte_and_digits_in_three_slots() {
        for (g, row) in TRIPLE.iter().enumerate() {
            for j in 0..16 {
                let src = (16 * g + j) as u8;
                assert_eq!(row[3 * j], src);
                assert_eq!(row[3 * j + 1], 64 + src);
                assert_eq!(row[3 * j + 2], src);
            }
        }
        assert_eq!(FIRST.count_ones(), 16);
        assert_eq!(64 - (FIRST << 2).leading_zeros(), 48);
    }
}
