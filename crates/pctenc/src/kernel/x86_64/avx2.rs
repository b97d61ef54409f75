//! The AVX2 kernel: 32 input bytes per step, whole blocks only; the tail goes through the
//! same step on a zero-padded copy (the short-input path).
//!
//! ```text
//! encode step:  v = load 32
//!               kept = lo[v & 15] & HI[v >> 4] != 0          (any AsciiSet, see tables.rs)
//!               no escape  → store v (space → '+' blended in for forms), advance 32
//!               else       → per 4 bytes: PSHUFB [x0..3 H0..3 L0..3 %%%%] by EXPAND[mask4],
//!                            store 16, advance 4 + 2·popcount(mask4)
//! decode step:  a, b, c = load 32 at +0, +1, +2
//!               valid = (a == '%') & hex(b) & hex(c)         (all escapes in parallel)
//!               strict and a '%' that is not valid → stop; scalar finds the exact error
//!               out = blend(a, hex(b) << 4 | hex(c), valid), drop valid<<1 | valid<<2 | carry
//!               carry = the 0..2 digit bytes of the next block that an escape here consumed
//! ```
//!
//! The fixed 32-byte stride with a carried 2-bit mask keeps the steps independent: the next
//! load never waits for this block's escape count (the research notes measured 2.4 → 5 GB/s
//! for dense input from this alone).

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use crate::kernel::tables::{Nibbles, COMPACT, EXPAND, GROUP_LEN, HI_NIBBLE};

/// Output bytes one encode step may touch: 96 for 32 escapes, plus the 4 bytes of slack of
/// the last 16-byte store of a 12-byte group, rounded up.
pub const ENCODE_ROOM: usize = 112;

#[target_feature(enable = "avx2")]
fn load32(b: &[u8; 32]) -> __m256i {
    // SAFETY: `b` is 32 readable bytes, and `loadu` has no alignment requirement.
    unsafe { _mm256_loadu_si256(b.as_ptr().cast()) }
}

#[target_feature(enable = "avx2")]
fn load_at(b: &[u8; 34], at: usize) -> __m256i {
    debug_assert!(at <= 2);
    let at = at.min(2);
    // SAFETY: `at <= 2`, so the 32 bytes at `at` lie inside the 34 of `b`.
    unsafe { _mm256_loadu_si256(b.as_ptr().add(at).cast()) }
}

#[target_feature(enable = "avx2")]
fn store32(b: &mut [MaybeUninit<u8>; 32], v: __m256i) {
    // SAFETY: `b` is 32 writable bytes, and `storeu` has no alignment requirement.
    unsafe { _mm256_storeu_si256(b.as_mut_ptr().cast(), v) }
}

/// The profile's constants, broadcast once per call.
struct Encoding {
    lo: __m256i,
    hi: __m256i,
    digits: __m256i,
    low4: __m256i,
    plus: bool,
}

impl Encoding {
    #[target_feature(enable = "avx2")]
    fn new(n: &Nibbles, digits: &[u8; 16]) -> Encoding {
        let b = |t: &[u8; 16]| {
            // SAFETY: `t` is 16 readable bytes.
            _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
        };
        Encoding {
            lo: b(&n.lo),
            hi: b(&HI_NIBBLE),
            digits: b(digits),
            low4: _mm256_set1_epi8(0x0F),
            plus: n.plus,
        }
    }

    /// The escape mask of `v` (bit i = byte i is escaped) and the nibble vectors.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn classify(&self, v: __m256i) -> (u32, __m256i, __m256i) {
        let lo_n = _mm256_and_si256(v, self.low4);
        let hi_n = _mm256_and_si256(_mm256_srli_epi16::<4>(v), self.low4);
        let kept = _mm256_and_si256(
            _mm256_shuffle_epi8(self.lo, lo_n),
            _mm256_shuffle_epi8(self.hi, hi_n),
        );
        let esc = _mm256_cmpeq_epi8(kept, _mm256_setzero_si256());
        (_mm256_movemask_epi8(esc) as u32, lo_n, hi_n)
    }
}

/// Encodes `input` in 32-byte steps, the tail through a zero-padded step (the short-input
/// path), as far as `out` has [`ENCODE_ROOM`] bytes of room at the write position; returns
/// (bytes read, bytes written). Bytes of `out` past `written` may have been written too.
#[target_feature(enable = "avx2,popcnt")]
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
    let pct = _mm256_set1_epi8(b'%' as i8);
    // Encodes one 32-byte chunk at `out_ptr + w`; returns (bytes written, escape mask). A
    // closure, so that it inherits the target features and is inlined at both call sites.
    let step = |chunk: &[u8; 32], w: usize| -> (usize, u32) {
        debug_assert!(w + ENCODE_ROOM <= out_len);
        // SAFETY (every store below): the caller keeps w + ENCODE_ROOM <= out.len(), and the
        // stores stay below w + ENCODE_ROOM, as each comment says.
        let dst = out_ptr.wrapping_add(w);
        let v = load32(chunk);
        let (mask, lo_n, hi_n) = e.classify(v);
        let x = if e.plus {
            let sp = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8));
            _mm256_blendv_epi8(v, _mm256_set1_epi8(b'+' as i8), sp)
        } else {
            v
        };
        if mask == 0 {
            // SAFETY: 32 <= ENCODE_ROOM bytes.
            unsafe { _mm256_storeu_si256(dst.cast(), x) };
            return (32, 0);
        }
        let h = _mm256_shuffle_epi8(e.digits, hi_n);
        let l = _mm256_shuffle_epi8(e.digits, lo_n);
        // Per 128-bit lane: [x h] and [l %] interleaved by 4 bytes, then by 8: each 16-byte
        // half of g0..g3 is one group's source [x0..3 H0..3 L0..3 %%%%]. Lane 0 holds groups
        // 0..3, lane 1 groups 4..7.
        let xh_lo = _mm256_unpacklo_epi32(x, h);
        let lp_lo = _mm256_unpacklo_epi32(l, pct);
        let xh_hi = _mm256_unpackhi_epi32(x, h);
        let lp_hi = _mm256_unpackhi_epi32(l, pct);
        let g0 = _mm256_unpacklo_epi64(xh_lo, lp_lo);
        let g1 = _mm256_unpackhi_epi64(xh_lo, lp_lo);
        let g2 = _mm256_unpacklo_epi64(xh_hi, lp_hi);
        let g3 = _mm256_unpackhi_epi64(xh_hi, lp_hi);
        let srcs = [
            _mm256_castsi256_si128(g0),
            _mm256_castsi256_si128(g1),
            _mm256_castsi256_si128(g2),
            _mm256_castsi256_si128(g3),
            _mm256_extracti128_si256::<1>(g0),
            _mm256_extracti128_si256::<1>(g1),
            _mm256_extracti128_si256::<1>(g2),
            _mm256_extracti128_si256::<1>(g3),
        ];
        let mut o = 0usize;
        for (g, src) in srcs.into_iter().enumerate() {
            let m = (mask >> (4 * g) & 15) as usize;
            // SAFETY: EXPAND[m] is 16 readable bytes.
            let pattern = unsafe { _mm_loadu_si128(EXPAND[m].as_ptr().cast()) };
            debug_assert!(o <= 12 * g);
            // SAFETY: each earlier group of 4 bytes wrote at most 12, so o <= 12 * g <= 84
            // and o + 16 <= 100 <= ENCODE_ROOM.
            unsafe { _mm_storeu_si128(dst.add(o).cast(), _mm_shuffle_epi8(src, pattern)) };
            o += GROUP_LEN[m] as usize;
        }
        (o, mask)
    };
    // The whole chunks, then (if the input ends before `limit` does) the tail, zero-padded:
    // one loop with one call of `step`, which is then inlined.
    let full = limit / 32 * 32;
    let tail = if limit == input.len() { &input[full..] } else { &[][..] };
    let mut padded = [0u8; 32];
    if !tail.is_empty() {
        padded[..tail.len()].copy_from_slice(tail);
    }
    let chunks = input[..full].chunks_exact(32).map(|c| c.try_into().expect("chunks_exact(32)"));
    let (mut i, mut w) = (0usize, 0usize);
    for chunk in chunks.chain((!tail.is_empty()).then_some(&padded)) {
        // Hints only: prefetching any address is harmless. The output is prefetched for
        // writing too (see `prefetch_write`).
        prefetch(input.as_ptr().wrapping_add(i + 1024));
        prefetch_write(out_ptr.wrapping_add(w + 1024));
        let (written, mask) = step(chunk, w);
        if i < full {
            w += written;
            i += 32;
        } else {
            w += tail.len() + 2 * (mask & ((1u32 << tail.len()) - 1)).count_ones() as usize;
            i += tail.len();
        }
    }
    (i, w)
}

/// How many leading bytes of `input` the profile writes unchanged (a space that becomes `+`
/// is a change).
#[target_feature(enable = "avx2")]
pub fn clean_prefix(n: &Nibbles, input: &[u8]) -> usize {
    let e = Encoding::new(n, &[0; 16]);
    let changed = |v: __m256i| {
        let (mut mask, _, _) = e.classify(v);
        if e.plus {
            let sp = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8));
            mask |= _mm256_movemask_epi8(sp) as u32;
        }
        mask
    };
    let mut chunks = input.chunks_exact(32);
    let mut i = 0usize;
    for chunk in chunks.by_ref() {
        let mask = changed(load32(chunk.try_into().expect("chunks_exact(32)")));
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 32;
    }
    let rest = chunks.remainder();
    let mut padded = [0u8; 32];
    padded[..rest.len()].copy_from_slice(rest);
    let mask = changed(load32(&padded));
    i + (mask | 1 << rest.len()).trailing_zeros() as usize
}

/// Hints the cache to fetch the line at `p`.
#[target_feature(enable = "avx2")]
#[inline]
fn prefetch(p: *const u8) {
    // A prefetch reads nothing the program can observe and never faults, whatever the
    // address (callers build it with `wrapping_add`; it is never dereferenced).
    _mm_prefetch::<_MM_HINT_T0>(p.cast());
}

/// Hints the cache to fetch the line at `p` for writing (`PREFETCHW`: the line arrives in
/// the exclusive state, so the store that follows needs no second request for ownership).
/// On the 16 MiB encode benchmarks this took ascii-clean from 2.3 to 3.5 GiB/s and binary
/// from 3.0 to 3.4 GiB/s (as the research prototype found: stores to lines not in the cache
/// otherwise wait for a read first). Decode writes no more than it reads, and gained nothing
/// measurable from it.
#[target_feature(enable = "avx2")]
#[inline]
fn prefetch_write(p: *mut u8) {
    // As `prefetch`: nothing observable is read or written, and no address faults (a CPU
    // without PREFETCHW runs the instruction as a no-op).
    _mm_prefetch::<_MM_HINT_ET0>(p.cast_const().cast());
}

/// The decode constants, broadcast once per call.
struct Decoding {
    pct: __m256i,
    plus: Option<(__m256i, __m256i)>,
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
    #[target_feature(enable = "avx2")]
    #[inline]
    fn hex(x: __m256i) -> (__m256i, __m256i) {
        let t = _mm256_sub_epi8(x, _mm256_set1_epi8(b'0' as i8));
        let digit = _mm256_cmpeq_epi8(_mm256_min_epu8(t, _mm256_set1_epi8(9)), t);
        let u = _mm256_sub_epi8(
            _mm256_or_si256(x, _mm256_set1_epi8(0x20)),
            _mm256_set1_epi8(b'a' as i8),
        );
        let letter = _mm256_cmpeq_epi8(_mm256_min_epu8(u, _mm256_set1_epi8(5)), u);
        let value = _mm256_and_si256(
            _mm256_add_epi8(x, _mm256_and_si256(letter, _mm256_set1_epi8(9))),
            _mm256_set1_epi8(0x0F),
        );
        (_mm256_or_si256(digit, letter), value)
    }

    /// Decodes the 32 bytes at the start of `chunk` (the 2 after are look-ahead) into `dst`;
    /// `carry` marks leading bytes that an escape of the previous step consumed. `None`:
    /// strict decoding met a malformed escape here.
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    fn step(&self, chunk: &[u8; 34], carry: u32, dst: &mut [MaybeUninit<u8>; 32]) -> Option<Step> {
        let a = load_at(chunk, 0);
        let pct = _mm256_cmpeq_epi8(a, self.pct);
        let pm = _mm256_movemask_epi8(pct) as u32;
        let text = match self.plus {
            Some((plus, space)) => _mm256_blendv_epi8(a, space, _mm256_cmpeq_epi8(a, plus)),
            None => a,
        };
        if pm | carry == 0 {
            store32(dst, text);
            return Some(Step { written: 32, carry: 0, keep: u32::MAX });
        }
        let (ok1, hi) = Decoding::hex(load_at(chunk, 1));
        let (ok2, lo) = Decoding::hex(load_at(chunk, 2));
        let valid_v = _mm256_and_si256(pct, _mm256_and_si256(ok1, ok2));
        let valid = _mm256_movemask_epi8(valid_v) as u32;
        if self.reject && valid != pm {
            return None;
        }
        let value = _mm256_or_si256(_mm256_slli_epi16::<4>(hi), lo);
        let decoded = _mm256_blendv_epi8(text, value, valid_v);
        let wide = (valid as u64) << 1 | (valid as u64) << 2;
        let keep = !(wide as u32 | carry);
        let carry = (wide >> 32) as u32;
        if keep == u32::MAX {
            store32(dst, decoded);
            return Some(Step { written: 32, carry, keep });
        }
        let halves = [_mm256_castsi256_si128(decoded), _mm256_extracti128_si256::<1>(decoded)];
        let mut o = 0usize;
        for g in 0..4 {
            let k = (keep >> (8 * g) & 0xFF) as usize;
            let idx = COMPACT[k] | if g % 2 == 1 { 0x0808_0808_0808_0808 } else { 0 };
            let out = _mm_shuffle_epi8(halves[g / 2], _mm_cvtsi64_si128(idx as i64));
            debug_assert!(o <= 8 * g);
            // SAFETY: each earlier group of 8 bytes wrote at most 8, so o <= 8 * g <= 24 and
            // o + 8 <= 32 = dst.len().
            unsafe { _mm_storel_epi64(dst.as_mut_ptr().add(o).cast(), out) };
            o += k.count_ones() as usize;
        }
        Some(Step { written: o, carry, keep })
    }
}

/// Decodes `input` in 32-byte steps into `out` (at least `input.len()` bytes) under the
/// `%XX` byte unit; returns (bytes read, bytes written), always at a unit boundary. Stops
/// early where strict decoding meets a malformed escape, and leaves a `%` in the last two
/// bytes to the scalar kernel when more input may follow (`last == false`).
#[target_feature(enable = "avx2,popcnt")]
pub fn decode(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
    last: bool,
) -> (usize, usize) {
    let d = Decoding {
        pct: _mm256_set1_epi8(b'%' as i8),
        plus: plus_as_space.then(|| (_mm256_set1_epi8(b'+' as i8), _mm256_set1_epi8(b' ' as i8))),
        reject,
    };
    let (mut i, mut w, mut carry) = (0usize, 0usize, 0u32);
    let mut padded = [0u8; 34];
    // One call site for the step, so that it is inlined.
    loop {
        let rest = input.len() - i;
        let (chunk, real) = match input.get(i..i + 34) {
            Some(c) => (<&[u8; 34]>::try_from(c).expect("slice of 34"), 32),
            // The short-input path: a zero-padded step. Zeros are neither '%' nor hex, so an
            // escape cut short by the end is malformed here, as it is for the scalar kernel;
            // when more input may follow, a '%' in the last two bytes goes to the scalar kernel.
            None if rest > 0
                && rest <= 32
                && (last || !input[i..].iter().rev().take(2).any(|&b| b == b'%')) =>
            {
                padded[..rest].copy_from_slice(&input[i..]);
                (&padded, rest)
            }
            None => break,
        };
        let Some(dst) = out.get_mut(w..w + 32) else { break };
        let dst: &mut [MaybeUninit<u8>; 32] = dst.try_into().expect("slice of 32");
        prefetch(input.as_ptr().wrapping_add(i + 1024));
        let Some(step) = d.step(chunk, carry, dst) else { break };
        if real < 32 {
            // Escapes in the padded step end inside the input, so nothing is carried out.
            let kept = step.keep & ((1u64 << real) - 1) as u32;
            return (i + real, w + kept.count_ones() as usize);
        }
        w += step.written;
        carry = step.carry;
        i += 32;
    }
    (i + carry.count_ones() as usize, w)
}
