//! The SSSE3 kernel: the AVX2 kernel's algorithm (see `avx2.rs`) at 16 bytes per step, for
//! x86_64 CPUs without AVX2. `PSHUFB` is the one instruction it needs beyond SSE2; blends
//! are AND/ANDNOT/OR (`PBLENDVB` is SSE4.1) and bit counts are table lookups (`POPCNT` is
//! not implied).

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use crate::kernel::tables::{Nibbles, COMPACT, EXPAND, GROUP_LEN, HI_NIBBLE, KEPT};

/// Output bytes one encode step may touch: 48 for 16 escapes, plus the 4 bytes of slack of
/// the last 16-byte store of a 12-byte group, rounded up.
pub const ENCODE_ROOM: usize = 64;

#[target_feature(enable = "ssse3")]
fn load16(b: &[u8; 16]) -> __m128i {
    // SAFETY: `b` is 16 readable bytes, and `loadu` has no alignment requirement.
    unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
}

#[target_feature(enable = "ssse3")]
fn load_at(b: &[u8; 18], at: usize) -> __m128i {
    debug_assert!(at <= 2);
    let at = at.min(2);
    // SAFETY: `at <= 2`, so the 16 bytes at `at` lie inside the 18 of `b`.
    unsafe { _mm_loadu_si128(b.as_ptr().add(at).cast()) }
}

#[target_feature(enable = "ssse3")]
fn store16(b: &mut [MaybeUninit<u8>; 16], v: __m128i) {
    // SAFETY: `b` is 16 writable bytes, and `storeu` has no alignment requirement.
    unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), v) }
}

/// `m ? b : a`, bytewise (`m` lanes all-ones or all-zeros).
#[target_feature(enable = "ssse3")]
#[inline]
fn select(a: __m128i, b: __m128i, m: __m128i) -> __m128i {
    _mm_or_si128(_mm_andnot_si128(m, a), _mm_and_si128(m, b))
}

/// The profile's constants, broadcast once per call.
struct Encoding {
    lo: __m128i,
    hi: __m128i,
    digits: __m128i,
    low4: __m128i,
    plus: bool,
}

impl Encoding {
    #[target_feature(enable = "ssse3")]
    fn new(n: &Nibbles, digits: &[u8; 16]) -> Encoding {
        let b = load16;
        Encoding {
            lo: b(&n.lo),
            hi: b(&HI_NIBBLE),
            digits: b(digits),
            low4: _mm_set1_epi8(0x0F),
            plus: n.plus,
        }
    }

    /// The escape mask of `v` (bit i = byte i is escaped) and the nibble vectors.
    #[target_feature(enable = "ssse3")]
    #[inline]
    fn classify(&self, v: __m128i) -> (u32, __m128i, __m128i) {
        let lo_n = _mm_and_si128(v, self.low4);
        let hi_n = _mm_and_si128(_mm_srli_epi16::<4>(v), self.low4);
        let kept = _mm_and_si128(_mm_shuffle_epi8(self.lo, lo_n), _mm_shuffle_epi8(self.hi, hi_n));
        let esc = _mm_cmpeq_epi8(kept, _mm_setzero_si128());
        (_mm_movemask_epi8(esc) as u32, lo_n, hi_n)
    }
}

/// Encodes `input` in 16-byte steps, the tail through a zero-padded step (the short-input
/// path), as far as `out` has [`ENCODE_ROOM`] bytes of room at the write position; returns
/// (bytes read, bytes written). Bytes of `out` past `written` may have been written too.
#[target_feature(enable = "ssse3")]
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
    // touch `out` again (a read through `out` would invalidate `out_ptr` under Stacked
    // Borrows, which Miri checks: scripts/test.d/62-miri.sh).
    let out_len = out.len();
    let out_ptr = out.as_mut_ptr().cast::<u8>();
    let pct = _mm_set1_epi8(b'%' as i8);
    // Encodes one 16-byte chunk at `out_ptr + w`; returns (bytes written, escape mask). A
    // closure, so that it inherits the target features and is inlined at both call sites.
    let step = |chunk: &[u8; 16], w: usize| -> (usize, u32) {
        debug_assert!(w + ENCODE_ROOM <= out_len);
        // SAFETY (every store below): the caller keeps w + ENCODE_ROOM <= out.len(), and the
        // stores stay below w + ENCODE_ROOM, as each comment says.
        let dst = out_ptr.wrapping_add(w);
        let v = load16(chunk);
        let (mask, lo_n, hi_n) = e.classify(v);
        let x = if e.plus {
            let sp = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
            select(v, _mm_set1_epi8(b'+' as i8), sp)
        } else {
            v
        };
        if mask == 0 {
            // SAFETY: 16 <= ENCODE_ROOM bytes.
            unsafe { _mm_storeu_si128(dst.cast(), x) };
            return (16, 0);
        }
        let h = _mm_shuffle_epi8(e.digits, hi_n);
        let l = _mm_shuffle_epi8(e.digits, lo_n);
        // [x h] and [l %] interleaved by 4 bytes, then by 8: each of g0..g3 is one group's
        // source [x0..3 H0..3 L0..3 %%%%].
        let xh_lo = _mm_unpacklo_epi32(x, h);
        let lp_lo = _mm_unpacklo_epi32(l, pct);
        let xh_hi = _mm_unpackhi_epi32(x, h);
        let lp_hi = _mm_unpackhi_epi32(l, pct);
        let g0 = _mm_unpacklo_epi64(xh_lo, lp_lo);
        let g1 = _mm_unpackhi_epi64(xh_lo, lp_lo);
        let g2 = _mm_unpacklo_epi64(xh_hi, lp_hi);
        let g3 = _mm_unpackhi_epi64(xh_hi, lp_hi);
        let srcs = [g0, g1, g2, g3];
        let mut o = 0usize;
        for (g, src) in srcs.into_iter().enumerate() {
            let m = (mask >> (4 * g) & 15) as usize;
            // SAFETY: EXPAND[m] is 16 readable bytes.
            let pattern = unsafe { _mm_loadu_si128(EXPAND[m].as_ptr().cast()) };
            debug_assert!(o <= 12 * g);
            // SAFETY: each earlier group of 4 bytes wrote at most 12, so o <= 12 * g <= 36
            // and o + 16 <= 52 <= ENCODE_ROOM.
            unsafe { _mm_storeu_si128(dst.add(o).cast(), _mm_shuffle_epi8(src, pattern)) };
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
        // Hints only: prefetching any address is harmless. The output is prefetched for
        // writing too (see `prefetch_write`).
        prefetch(input.as_ptr().wrapping_add(i + 1024));
        prefetch_write(out_ptr.wrapping_add(w + 1024));
        let (written, mask) = step(chunk, w);
        if i < full {
            w += written;
            i += 16;
        } else {
            let real = mask & ((1u32 << tail.len()) - 1);
            w += tail.len()
                + 2 * (KEPT[(real & 0xFF) as usize] + KEPT[(real >> 8) as usize]) as usize;
            i += tail.len();
        }
    }
    (i, w)
}

/// How many leading bytes of `input` the profile writes unchanged (a space that becomes `+`
/// is a change).
#[target_feature(enable = "ssse3")]
pub fn clean_prefix(n: &Nibbles, input: &[u8]) -> usize {
    let e = Encoding::new(n, &[0; 16]);
    let changed = |v: __m128i| {
        let (mut mask, _, _) = e.classify(v);
        if e.plus {
            let sp = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
            mask |= _mm_movemask_epi8(sp) as u32;
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

/// Hints the cache to fetch the line at `p`.
#[target_feature(enable = "ssse3")]
#[inline]
fn prefetch(p: *const u8) {
    // A prefetch reads nothing the program can observe and never faults, whatever the
    // address (callers build it with `wrapping_add`; it is never dereferenced).
    _mm_prefetch::<_MM_HINT_T0>(p.cast());
}

/// Hints the cache to fetch the line at `p` for writing (`PREFETCHW`: the line arrives in
/// the exclusive state, so the store that follows needs no second request for ownership;
/// +49% on the AVX2 encoder at 16 MiB).
#[target_feature(enable = "ssse3")]
#[inline]
fn prefetch_write(p: *mut u8) {
    // As `prefetch`: nothing observable is read or written, and no address faults (a CPU
    // without PREFETCHW runs the instruction as a no-op).
    _mm_prefetch::<_MM_HINT_ET0>(p.cast_const().cast());
}

/// The decode constants, broadcast once per call.
struct Decoding {
    pct: __m128i,
    plus: Option<(__m128i, __m128i)>,
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
    #[target_feature(enable = "ssse3")]
    #[inline]
    fn hex(x: __m128i) -> (__m128i, __m128i) {
        let t = _mm_sub_epi8(x, _mm_set1_epi8(b'0' as i8));
        let digit = _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(9)), t);
        let u = _mm_sub_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8(b'a' as i8));
        let letter = _mm_cmpeq_epi8(_mm_min_epu8(u, _mm_set1_epi8(5)), u);
        let value = _mm_and_si128(
            _mm_add_epi8(x, _mm_and_si128(letter, _mm_set1_epi8(9))),
            _mm_set1_epi8(0x0F),
        );
        (_mm_or_si128(digit, letter), value)
    }

    /// Decodes the 16 bytes at the start of `chunk` (the 2 after are look-ahead) into `dst`;
    /// `carry` marks leading bytes that an escape of the previous step consumed. `None`:
    /// strict decoding met a malformed escape here.
    #[target_feature(enable = "ssse3")]
    #[inline]
    fn step(&self, chunk: &[u8; 18], carry: u32, dst: &mut [MaybeUninit<u8>; 16]) -> Option<Step> {
        let a = load_at(chunk, 0);
        let pct = _mm_cmpeq_epi8(a, self.pct);
        let pm = _mm_movemask_epi8(pct) as u32;
        let text = match self.plus {
            Some((plus, space)) => select(a, space, _mm_cmpeq_epi8(a, plus)),
            None => a,
        };
        if pm | carry == 0 {
            store16(dst, text);
            return Some(Step { written: 16, carry: 0, keep: 0xFFFF });
        }
        let (ok1, hi) = Decoding::hex(load_at(chunk, 1));
        let (ok2, lo) = Decoding::hex(load_at(chunk, 2));
        let valid_v = _mm_and_si128(pct, _mm_and_si128(ok1, ok2));
        let valid = _mm_movemask_epi8(valid_v) as u32;
        if self.reject && valid != pm {
            return None;
        }
        let value = _mm_or_si128(_mm_slli_epi16::<4>(hi), lo);
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
            let out = _mm_shuffle_epi8(decoded, _mm_cvtsi64_si128(idx as i64));
            debug_assert!(o <= 8 * g);
            // SAFETY: each earlier group of 8 bytes wrote at most 8, so o <= 8 * g <= 8 and
            // o + 8 <= 16 = dst.len().
            unsafe { _mm_storel_epi64(dst.as_mut_ptr().add(o).cast(), out) };
            o += KEPT[k] as usize;
        }
        Some(Step { written: o, carry, keep })
    }
}

/// Decodes `input` in 16-byte steps into `out` (at least `input.len()` bytes) under the
/// `%XX` byte unit; returns (bytes read, bytes written), always at a unit boundary. Stops
/// early where strict decoding meets a malformed escape, and leaves a `%` in the last two
/// bytes to the scalar kernel when more input may follow (`last == false`).
#[target_feature(enable = "ssse3")]
pub fn decode(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
    last: bool,
) -> (usize, usize) {
    let d = Decoding {
        pct: _mm_set1_epi8(b'%' as i8),
        plus: plus_as_space.then(|| (_mm_set1_epi8(b'+' as i8), _mm_set1_epi8(b' ' as i8))),
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
        prefetch(input.as_ptr().wrapping_add(i + 1024));
        let Some(step) = d.step(chunk, carry, dst) else { break };
        if real < 16 {
            // Escapes in the padded step end inside the input, so nothing is carried out.
            let kept = step.keep & ((1u64 << real) - 1) as u32;
            return (
                i + real,
                w + (KEPT[(kept & 0xFF) as usize] + KEPT[(kept >> 8) as usize]) as usize,
            );
        }
        w += step.written;
        carry = step.carry;
        i += 16;
    }
    (i + KEPT[carry as usize & 3] as usize, w)
}
