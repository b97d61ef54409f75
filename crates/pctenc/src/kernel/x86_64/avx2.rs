//! The AVX2 kernel: 32 input bytes per step. Encode takes the tail as one more step over
//! the input's last 32 bytes (or a zero-padded copy of a shorter input); decode takes it
//! through a zero-padded step (the short-input path).
//!
//! ```text
//! encode step:  v = VPERMD(load 32)  4-byte groups 0,2,4,6 | 1,3,5,7 (groups 2k, 2k+1 per lane)
//!               kept = lo[v & 15] & HI[v >> 4] != 0          (any AsciiSet, see tables.rs)
//!               no escape  → store v (space → '+' blended in for forms), advance 32
//!               else       → per 8 bytes (two groups, one per lane): VPSHUFB the sources
//!                            [x0..3 H0..3 L0..3 %%%%] by EXPAND_PAIR[mask8], store each
//!                            lane, advance by PAIR_LEN[mask8] (7 instructions per 8 bytes)
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

use crate::kernel::scalar::UNHEX;
use crate::kernel::tables::{Nibbles, COMPACT, EXPAND_PAIR, HI_NIBBLE, PAIR_LEN};

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

    /// `v` with each space written as `+` where the profile says so.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn spaces(&self, v: __m256i) -> __m256i {
        if self.plus {
            let sp = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8));
            _mm256_blendv_epi8(v, _mm256_set1_epi8(b'+' as i8), sp)
        } else {
            v
        }
    }
}

/// What an encode step needs: the profile's constants, the dword orders and the output.
struct Encoder {
    e: Encoding,
    pct: __m256i,
    pair: __m256i,
    unpair: __m256i,
    out: *mut u8,
    out_len: usize,
}

impl Encoder {
    #[target_feature(enable = "avx2")]
    #[inline]
    fn new(n: &Nibbles, digits: &[u8; 16], out: &mut [MaybeUninit<u8>]) -> Encoder {
        let (pair, unpair) = pair_order();
        Encoder {
            e: Encoding::new(n, digits),
            pct: _mm256_set1_epi8(b'%' as i8),
            pair,
            unpair,
            out_len: out.len(),
            out: out.as_mut_ptr().cast(),
        }
    }
}

/// Encodes the 32 bytes `$v` at `out + $w` (the caller keeps `$w + ENCODE_ROOM <= out_len`);
/// evaluates to (bytes written, escape mask). A macro, so that the step is inlined at each
/// of its sites: a closure or function called from several was not, and the call cost more
/// than the step.
///
/// The 4-byte groups are first put in pair order (lane 0 holds groups 0, 2, 4, 6, lane 1
/// groups 1, 3, 5, 7), so that the 32-bit unpacks leave groups 2k and 2k + 1 in the two
/// lanes of one vector, expanded by one `VPSHUFB` with [`EXPAND_PAIR`]`[byte k of mask]`;
/// the escape flags go back to input order for `movemask`.
macro_rules! encode_step {
    ($c:expr, $v:expr, $w:expr) => {{
        let (c, v, w): (&Encoder, __m256i, usize) = (&$c, $v, $w);
        debug_assert!(w + ENCODE_ROOM <= c.out_len);
        // SAFETY (every store below): the caller keeps w + ENCODE_ROOM <= out.len(), and the
        // stores stay below w + ENCODE_ROOM, as each comment says.
        let dst = c.out.wrapping_add(w);
        let e = &c.e;
        let vp = _mm256_permutevar8x32_epi32(v, c.pair);
        let lo_n = _mm256_and_si256(vp, e.low4);
        let hi_n = _mm256_and_si256(_mm256_srli_epi16::<4>(vp), e.low4);
        let kept =
            _mm256_and_si256(_mm256_shuffle_epi8(e.lo, lo_n), _mm256_shuffle_epi8(e.hi, hi_n));
        let esc = _mm256_cmpeq_epi8(kept, _mm256_setzero_si256());
        let mask = _mm256_movemask_epi8(_mm256_permutevar8x32_epi32(esc, c.unpair)) as u32;
        if mask == 0 {
            // SAFETY: 32 <= ENCODE_ROOM bytes.
            unsafe { _mm256_storeu_si256(dst.cast(), e.spaces(v)) };
            (32usize, 0u32)
        } else {
            let x = e.spaces(vp);
            let h = _mm256_shuffle_epi8(e.digits, hi_n);
            let l = _mm256_shuffle_epi8(e.digits, lo_n);
            // Per lane: [x h] and [l %] interleaved by 4 bytes, then by 8: each 16-byte lane
            // of the sources is one group's [x0..3 H0..3 L0..3 %%%%], and source k holds
            // groups 2k (lane 0) and 2k + 1 (lane 1), whose escape bits are byte k of `mask`.
            let xh_lo = _mm256_unpacklo_epi32(x, h);
            let lp_lo = _mm256_unpacklo_epi32(l, c.pct);
            let xh_hi = _mm256_unpackhi_epi32(x, h);
            let lp_hi = _mm256_unpackhi_epi32(l, c.pct);
            let srcs = [
                _mm256_unpacklo_epi64(xh_lo, lp_lo),
                _mm256_unpackhi_epi64(xh_lo, lp_lo),
                _mm256_unpacklo_epi64(xh_hi, lp_hi),
                _mm256_unpackhi_epi64(xh_hi, lp_hi),
            ];
            // A 32-bit offset: the lengths are added to it straight from the table.
            let mut o = 0u32;
            let m4s = u64::from(mask) << 2;
            for (k, src) in srcs.into_iter().enumerate() {
                // The pair's mask times 4: one register addresses both tables (the 32-byte
                // patterns with scale 8, the 8-byte lengths with scale 2).
                let m4 = (m4s >> (8 * k)) as usize & 0x3FC;
                // SAFETY: m4 / 4 < 256, an entry of each table.
                let (pattern, lens) = unsafe {
                    (
                        &*EXPAND_PAIR.0.as_ptr().cast::<u8>().add(m4 * 8).cast::<[u8; 32]>(),
                        &*PAIR_LEN.as_ptr().cast::<u8>().add(m4 * 2).cast::<[u32; 2]>(),
                    )
                };
                let both = _mm256_shuffle_epi8(src, load32(pattern));
                debug_assert!(o as usize <= 24 * k);
                // SAFETY: each earlier group of 4 bytes wrote at most 12, so o <= 24k <= 72;
                // the first store ends at o + 16, the second (after at most 12 bytes of the
                // first group) at o + 28 <= 100 <= ENCODE_ROOM.
                unsafe {
                    let lo = _mm256_castsi256_si128(both);
                    _mm_storeu_si128(dst.add(o as usize).cast(), lo);
                    o += lens[0];
                    let hi = _mm256_extracti128_si256::<1>(both);
                    _mm_storeu_si128(dst.add(o as usize).cast(), hi);
                    o += lens[1];
                }
            }
            (o as usize, mask)
        }
    }};
}

/// The whole steps of `$input` from where `$at` says (bytes read, bytes written, the last
/// step's escape mask), then the tail: evaluates to [`encode`]'s result, given that the
/// output has room for the whole input ([`has_room`]). A macro for the reason
/// [`encode_step`] is one.
macro_rules! encode_from {
    ($c:expr, $input:expr, $at:expr) => {{
        let (c, input): (&Encoder, &[u8]) = (&$c, $input);
        let (mut i, mut w, mut last): (usize, usize, u32) = $at;
        let len = input.len();
        let in_ptr = input.as_ptr();
        let load = |at: usize| {
            debug_assert!(at + 32 <= len);
            // SAFETY: each use reads the 32 bytes at `at`, and at + 32 <= len.
            unsafe { _mm256_loadu_si256(in_ptr.add(at).cast()) }
        };
        let end = len & !31;
        while i < end {
            let (written, mask) = encode_step!(c, load(i), w);
            w += written;
            last = mask;
            i += 32;
        }
        if i < len {
            // The tail: the input's last 32 bytes again if it has 32, else a padded copy.
            // `real` of the step's bytes count (the padding does not).
            let rest = len - i;
            let (v, at, real) = if i >= 32 {
                // Bytes len - 32 .. i were the previous step's last 32 - rest: their
                // encoding began 32 - rest bytes, plus two per escape, before `w`.
                let again = 32 - rest + 2 * (last >> rest).count_ones() as usize;
                (load(len - 32), w - again, 32)
            } else {
                (load_short(input), w, rest)
            };
            let (_, mask) = encode_step!(c, v, at);
            let real_mask = mask & ((1u64 << real) - 1) as u32;
            w = at + real + 2 * real_mask.count_ones() as usize;
            i = len;
        }
        (i, w)
    }};
}

/// Encodes `input` in 32-byte steps into `out`, if `out` has room for the whole encoding
/// plus [`ENCODE_ROOM`] (callers reserve it); returns (bytes read, bytes written): all of
/// the input, or nothing without the room (the scalar kernel then does it all). Bytes of
/// `out` past `written` may have been written too.
///
/// A tail shorter than a step goes through one more step over the input's last 32 bytes,
/// written from where the encoding of the first of them began (the previous step's escape
/// mask says where): those bytes are written again, identically, and nothing is copied. An
/// input shorter than one step goes through a step on a zero-padded copy.
#[target_feature(enable = "avx2,popcnt")]
pub fn encode(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    if !has_room(input, out) {
        return (0, 0);
    }
    let len = input.len();
    if let (true, Some(first), Some(last)) =
        (len <= 64, input.first_chunk::<32>(), input.last_chunk::<32>())
    {
        // A short value with nothing to escape (a slug, an identifier, a number): its first
        // and last 32 bytes, classified and stored as they are, and none of the expansion's
        // setup, which lives in `encode_steps` (its registers would be saved and restored
        // here too).
        let e = Encoding::new(n, digits);
        let head = load32(first);
        if e.classify(head).0 == 0 {
            let tail = load32(last);
            if e.classify(tail).0 == 0 {
                let dst = out.as_mut_ptr().cast::<u8>();
                // SAFETY: `has_room`: out.len() >= 3 * len + ENCODE_ROOM > len, and the
                // stores end at 32 and at len.
                unsafe {
                    _mm256_storeu_si256(dst.cast(), e.spaces(head));
                    _mm256_storeu_si256(dst.add(len - 32).cast(), e.spaces(tail));
                }
                return (len, len);
            }
        }
    }
    encode_steps(n, digits, input, out)
}

/// [`encode`] past its short clean case: the steps (with prefetches on long inputs, in a
/// function of their own) and the tail.
#[target_feature(enable = "avx2,popcnt")]
#[inline(never)]
fn encode_steps(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    if !has_room(input, out) {
        return (0, 0);
    }
    // Long inputs: a function of its own (with prefetches), which keeps the registers and
    // the setup of this one to what a short input needs.
    if input.len() >= PREFETCH_FROM {
        return encode_far(n, digits, input, out);
    }
    // The output is reached only through the encoder's pointer from here: a use of `out`
    // would invalidate the pointer under Stacked Borrows, which Miri checks
    // (scripts/test.d/62-miri.sh).
    let c = Encoder::new(n, digits, out);
    encode_from!(c, input, (0, 0, 0))
}

/// [`encode`] of a long input: two steps per round with the prefetches (hints only:
/// prefetching any address is harmless; the output is prefetched for writing, see
/// `prefetch_write`), then the rest as [`encode`] does it.
#[target_feature(enable = "avx2,popcnt")]
#[inline(never)]
fn encode_far(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    if !has_room(input, out) {
        return (0, 0);
    }
    // As in `encode`: `out` only through the encoder's pointer from here.
    let c = Encoder::new(n, digits, out);
    let in_ptr = input.as_ptr();
    let len = input.len();
    let load = |at: usize| {
        debug_assert!(at + 32 <= len);
        // SAFETY: each use reads the 32 bytes at `at`, and at + 32 <= len.
        unsafe { _mm256_loadu_si256(in_ptr.add(at).cast()) }
    };
    let (mut i, mut w, mut last) = (0usize, 0usize, 0u32);
    while i + 64 <= len {
        prefetch(in_ptr.wrapping_add(i + 1024));
        prefetch_write(c.out.wrapping_add(w + 1024));
        let (written, _) = encode_step!(c, load(i), w);
        w += written;
        let (written, mask) = encode_step!(c, load(i + 32), w);
        w += written;
        last = mask;
        i += 64;
    }
    encode_from!(c, input, (i, w, last))
}

/// Whether `out` has room for any encoding of `input` plus this kernel's [`ENCODE_ROOM`]
/// ([`super::has_encode_room`]).
#[inline]
fn has_room(input: &[u8], out: &[MaybeUninit<u8>]) -> bool {
    super::has_encode_room(input, out, ENCODE_ROOM)
}

/// The dword orders of the encode step: `pair` puts the 4-byte groups 0, 2, 4, 6 in lane 0
/// and 1, 3, 5, 7 in lane 1; `unpair` undoes it.
#[repr(C, align(32))]
struct PairOrder([i32; 8], [i32; 8]);

static PAIR_ORDER: PairOrder = PairOrder([0, 2, 4, 6, 1, 3, 5, 7], [0, 4, 1, 5, 2, 6, 3, 7]);

/// [`PAIR_ORDER`] as vectors, read through volatile loads: the compiler cannot see the
/// constant, so it keeps one `VPERMD` per step rather than splitting the known permutation
/// into a `VPSHUFD` and a `VPERMQ` (one instruction more per step).
#[target_feature(enable = "avx2")]
#[inline]
fn pair_order() -> (__m256i, __m256i) {
    let at = |v: &[i32; 8]| {
        // SAFETY: `v` is 32 bytes of a 32-byte aligned static (`PairOrder`), initialised and
        // never written, and `__m256i` has that size and alignment.
        unsafe { core::ptr::read_volatile(v.as_ptr().cast::<__m256i>()) }
    };
    (at(&PAIR_ORDER.0), at(&PAIR_ORDER.1))
}

/// Inputs at least this long prefetch 1 KiB ahead; shorter ones are in the cache already or
/// end before a prefetch could help.
const PREFETCH_FROM: usize = 4096;

/// The bytes of `b` (fewer than 32) followed by zeros, copied with at most two overlapping
/// loads of 16, 8, 4 or 1 bytes (no call of `memcpy`, which cost more than the step).
#[target_feature(enable = "avx2")]
#[inline]
fn load_short(b: &[u8]) -> __m256i {
    let n = b.len().min(32);
    let mut padded = [0u8; 32];
    if n >= 16 {
        padded[..16].copy_from_slice(&b[..16]);
        padded[n - 16..n].copy_from_slice(&b[n - 16..n]);
    } else if n >= 8 {
        padded[..8].copy_from_slice(&b[..8]);
        padded[n - 8..n].copy_from_slice(&b[n - 8..n]);
    } else if n >= 4 {
        padded[..4].copy_from_slice(&b[..4]);
        padded[n - 4..n].copy_from_slice(&b[n - 4..n]);
    } else if n > 0 {
        padded[0] = b[0];
        padded[n / 2] = b[n / 2];
        padded[n - 1] = b[n - 1];
    }
    load32(&padded)
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

    /// The `%` bytes of `a` (as a vector and a bit mask) and `a` with `+` read as a space
    /// where the profile says so: the first look at a block, which decides its path.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn scan(&self, a: __m256i) -> (__m256i, u32, __m256i) {
        let pct = _mm256_cmpeq_epi8(a, self.pct);
        let text = match self.plus {
            Some((plus, space)) => _mm256_blendv_epi8(a, space, _mm256_cmpeq_epi8(a, plus)),
            None => a,
        };
        (pct, _mm256_movemask_epi8(pct) as u32, text)
    }

    /// Decodes the 32 bytes at the start of `chunk` (the 2 after are look-ahead) into `dst`,
    /// given their [`scan`](Decoding::scan); `carry` marks leading bytes that an escape of
    /// the previous step consumed. `None`: strict decoding met a malformed escape here.
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    fn step(
        &self,
        chunk: &[u8; 34],
        carry: u32,
        scan: (__m256i, u32, __m256i),
        dst: &mut [MaybeUninit<u8>; 32],
    ) -> Option<Step> {
        self.step_on(|| (load_at(chunk, 1), load_at(chunk, 2)), carry, scan, dst)
    }

    /// [`step`](Decoding::step) of a block whose bytes at +1 and +2 (`ahead`, asked only
    /// where the block has an escape) are vectors already: the short path's last block,
    /// shifted in registers rather than reloaded from a copy.
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    fn step_on(
        &self,
        ahead: impl FnOnce() -> (__m256i, __m256i),
        carry: u32,
        (pct, pm, text): (__m256i, u32, __m256i),
        dst: &mut [MaybeUninit<u8>; 32],
    ) -> Option<Step> {
        if pm | carry == 0 {
            store32(dst, text);
            return Some(Step { written: 32, carry: 0, keep: u32::MAX });
        }
        let (one, two) = ahead();
        let (ok1, hi) = Decoding::hex(one);
        let (ok2, lo) = Decoding::hex(two);
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

/// Decodes all of a short `input` (at most 128 bytes) into `out` (at least 64 bytes past
/// what the first 64 bytes of input write: the steps store whole blocks), as [`decode`] does
/// for such input but without its setup and tail loop: the short-call path. Returns the bytes
/// written (all of the input is read), in a register; `None` where strict decoding met a
/// malformed escape (the scalar kernel reports it) or `out` is too short.
///
/// Over 64 bytes, the input is cut in two values of at most 64 bytes where no escape crosses
/// the cut (the first must not hold a `%` in its last two bytes), and each is decoded as
/// below: columns of URLs hold many values of 65 to 128 bytes, which the general path cost
/// several times as much.
///
/// A value without `%` (and no `+` to read) does not come here from the short-call path,
/// which copies it itself (`kernel::x86_64::clean`). Up to 64 bytes, this takes two steps on
/// the input itself from 34 bytes on (the second on the last 32 bytes, shifted in
/// registers), else at most two steps on a zero-padded copy. Zeros are neither `%` nor hex,
/// so an escape cut short by the end is malformed, as for the scalar kernel, and nothing is
/// carried past the input.
#[target_feature(enable = "avx2,popcnt")]
pub fn decode_short(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    let n = input.len();
    if n > 64 {
        return two_values(plus_as_space, reject, input, out);
    }
    let dst = out.first_chunk_mut::<64>()?;
    let d = Decoding {
        pct: _mm256_set1_epi8(b'%' as i8),
        plus: plus_as_space.then(|| (_mm256_set1_epi8(b'+' as i8), _mm256_set1_epi8(b' ' as i8))),
        reject,
    };
    let low = |real: usize| ((1u64 << real) - 1) as u32;
    if let (Some(first), Some(end)) = (input.first_chunk::<34>(), input.last_chunk::<32>()) {
        // 34 bytes or more: no copy. The first step reads the input itself; the second
        // decodes the last 32 bytes `v` (from `n - 32`, overlapping the first step's by
        // `skip` bytes), with the bytes at +1 and +2 shifted in registers (zeros past the
        // end), and drops the overlap as if an escape had consumed it. A copy would cost its
        // stores, and the loads at +1 and +2 from it would each span two of them, which the
        // CPU cannot forward (the 64-byte AVX2 decode ran at a third of AVX-512's speed).
        let lo = dst.first_chunk_mut::<32>().expect("32 of 64");
        let s0 = d.step(first, 0, d.scan(load_at(first, 0)), lo)?;
        let w = s0.written;
        let skip = 64 - n;
        let v = load32(end);
        let up = _mm256_permute2x128_si256::<0x81>(v, v);
        let ahead = || (_mm256_alignr_epi8::<1>(up, v), _mm256_alignr_epi8::<2>(up, v));
        // The first step's carry marks bytes 32 and 33, `skip` bytes into `v`. An escape in
        // the overlap was judged by the first step already, on the same bytes: the same
        // verdict here, so strict decoding rejects nothing the first step accepted.
        let carry = s0.carry << skip | low(skip);
        let next: &mut [MaybeUninit<u8>; 32] =
            (&mut dst[w..w + 32]).try_into().expect("w <= 32: 32 of 64");
        let s1 = d.step_on(ahead, carry, d.scan(v), next)?;
        return Some(w + s1.written);
    }
    let mut buf = [0u8; 66];
    copy_short(input, &mut buf);
    let (first, second) = (buf.first_chunk::<34>(), buf.last_chunk::<34>());
    let (first, second) = (first.expect("34 of 66"), second.expect("34 of 66"));
    let lo = dst.first_chunk_mut::<32>().expect("32 of 64");
    let s0 = d.step(first, 0, d.scan(load_at(first, 0)), lo)?;
    if n <= 32 {
        return Some((s0.keep & low(n)).count_ones() as usize);
    }
    let w = s0.written;
    let next: &mut [MaybeUninit<u8>; 32] =
        (&mut dst[w..w + 32]).try_into().expect("w <= 32: 32 of 64");
    let s1 = d.step(second, s0.carry, d.scan(load_at(second, 0)), next)?;
    Some(w + (s1.keep & low(n - 32)).count_ones() as usize)
}

/// [`decode_short`] of 65 to 128 bytes, in a function of its own, which calls it for each of
/// its two values: the call on 64 bytes or fewer keeps its registers and inlined step (a
/// shared inner function cost it 34-46 instructions more).
#[target_feature(enable = "avx2,popcnt")]
#[inline(never)]
fn two_values(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    let n = input.len();
    if n > 128 {
        return None;
    }
    let mut cut = 64;
    while input[cut - 2] == b'%' || input[cut - 1] == b'%' {
        cut -= 1;
        // The second value must stay within 64 bytes (a run of `%` this long is rare).
        if cut + 64 < n || cut < 2 {
            return None;
        }
    }
    let written = decode_short(plus_as_space, reject, &input[..cut], out)?;
    let more = decode_short(plus_as_space, reject, &input[cut..], out.get_mut(written..)?)?;
    Some(written + more)
}

/// Copies `input` (at most 64 bytes) to the start of `buf`, whose other bytes stay as they
/// are: two overlapping moves of the widest size that fits, not a `memcpy` call.
#[inline]
fn copy_short(input: &[u8], buf: &mut [u8; 66]) {
    let n = input.len();
    if n >= 32 {
        buf[..32].copy_from_slice(&input[..32]);
        buf[n - 32..n].copy_from_slice(&input[n - 32..]);
    } else if n >= 16 {
        buf[..16].copy_from_slice(&input[..16]);
        buf[n - 16..n].copy_from_slice(&input[n - 16..]);
    } else if n >= 8 {
        buf[..8].copy_from_slice(&input[..8]);
        buf[n - 8..n].copy_from_slice(&input[n - 8..]);
    } else if n >= 4 {
        buf[..4].copy_from_slice(&input[..4]);
        buf[n - 4..n].copy_from_slice(&input[n - 4..]);
    } else if n > 0 {
        buf[0] = input[0];
        buf[n / 2] = input[n / 2];
        buf[n - 1] = input[n - 1];
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
    let far = input.len() >= PREFETCH_FROM;
    let mut padded = [0u8; 34];
    // The bulk: every whole block whose look-ahead is in the input. `w <= i` throughout
    // (decoding never writes more than it reads), so one bound covers input and output.
    let bulk_end = input.len().min(out.len());
    // Whether the last block had two escapes or more: then the next one probably has too,
    // and the run loop would only look at it twice.
    let mut dense = false;
    let (in_ptr, out_ptr) = (input.as_ptr(), out.as_mut_ptr());
    while i + 34 <= bulk_end {
        debug_assert!(w <= i);
        if carry == 0 && !dense && d.plus.is_none() {
            // Runs without `%`: 64 bytes per round, two compares, one test, two stores.
            while i + 66 <= bulk_end {
                // SAFETY: i + 64 <= input.len(); w + 64 <= i + 64 < out.len() (`w <= i`), and
                // `out` is reached only through `out_ptr` in this loop.
                let (a, b) = unsafe {
                    (
                        _mm256_loadu_si256(in_ptr.add(i).cast()),
                        _mm256_loadu_si256(in_ptr.add(i + 32).cast()),
                    )
                };
                let (pa, pb) = (_mm256_cmpeq_epi8(a, d.pct), _mm256_cmpeq_epi8(b, d.pct));
                // SAFETY: as for the loads.
                unsafe {
                    _mm256_storeu_si256(out_ptr.add(w).cast(), a);
                    _mm256_storeu_si256(out_ptr.add(w + 32).cast(), b);
                }
                if far {
                    prefetch(input.as_ptr().wrapping_add(i + 1024));
                }
                if _mm256_movemask_epi8(_mm256_or_si256(pa, pb)) == 0 {
                    i += 64;
                    w += 64;
                    continue;
                }
                let pm = _mm256_movemask_epi8(pa) as u32 as u64
                    | (_mm256_movemask_epi8(pb) as u32 as u64) << 32;
                if pm & (pm - 1) != 0 {
                    break; // two or more: the block steps below
                }
                // One escape in 64 bytes (sparse input): fix it in place, go on after it.
                let p = pm.trailing_zeros() as usize;
                // SAFETY: p < 64 and i + 66 <= input.len(): the two bytes after the `%` are
                // the input's; w + p < w + 64 <= out.len() as above.
                let (h, l) = unsafe {
                    (UNHEX[*in_ptr.add(i + p + 1) as usize], UNHEX[*in_ptr.add(i + p + 2) as usize])
                };
                if h | l < 16 {
                    // SAFETY: as for the digits.
                    unsafe { *out_ptr.add(w + p) = MaybeUninit::new(h << 4 | l) };
                    i += p + 3;
                    w += p + 1;
                } else if reject {
                    // Strict decoding stops at a malformed escape: the scalar kernel reports it.
                    return (i + p, w + p);
                } else {
                    // Lenient decoding keeps the `%` as it is (already stored).
                    i += p + 1;
                    w += p + 1;
                }
            }
            if i + 34 > bulk_end {
                break;
            }
        }
        // SAFETY: i + 34 <= input.len(): the 34 bytes at `i` are the input's.
        let chunk: &[u8; 34] = unsafe { &*in_ptr.add(i).cast::<[u8; 34]>() };
        // SAFETY: w + 32 <= i + 32 < bulk_end <= out.len(), and nothing else refers to `out`
        // while this loop runs (the pointer was taken once, above).
        let dst: &mut [MaybeUninit<u8>; 32] =
            unsafe { &mut *out_ptr.add(w).cast::<[MaybeUninit<u8>; 32]>() };
        if far {
            prefetch(input.as_ptr().wrapping_add(i + 1024));
        }
        let scan = d.scan(load_at(chunk, 0));
        let pm = scan.1;
        if carry == 0 && pm & pm.wrapping_sub(1) == 0 {
            dense = false;
            // No escape, or exactly one (sparse input): store the block as it is, fix the one
            // escape in place, and go on right after it. A variable stride, unlike the
            // steps below, but one escape costs a dozen scalar instructions instead of the
            // compaction of a whole block.
            store32(dst, scan.2);
            if pm == 0 {
                i += 32;
                w += 32;
                continue;
            }
            let p = pm.trailing_zeros() as usize;
            let (h, l) = (UNHEX[chunk[p + 1] as usize], UNHEX[chunk[p + 2] as usize]);
            if h | l < 16 {
                dst[p] = MaybeUninit::new(h << 4 | l);
                i += p + 3;
                w += p + 1;
            } else {
                // A malformed escape: strict decoding stops at it (the scalar kernel reports
                // it); lenient decoding keeps the `%` as it is (already stored).
                i += p;
                w += p;
                if reject {
                    break;
                }
                i += 1;
                w += 1;
            }
            continue;
        }
        let Some(step) = d.step(chunk, carry, scan, dst) else {
            return (i + carry.count_ones() as usize, w);
        };
        dense = true;
        w += step.written;
        carry = step.carry;
        i += 32;
    }
    // The end: at most one block more, zero-padded, then the scalar kernel.
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
                if let (0, None, Some(end)) = (carry, d.plus, input.last_chunk::<32>()) {
                    // The input's last 32 bytes hold the rest: without a `%` there, the rest
                    // is copied as it is (no padded copy, no step).
                    let pm = _mm256_movemask_epi8(_mm256_cmpeq_epi8(load32(end), d.pct)) as u32;
                    if pm >> (32 - rest) == 0 {
                        let Some(dst) = out.get_mut(w..w + rest) else { break };
                        // SAFETY: `dst` and the input's rest are `rest` bytes each, and
                        // distinct (`out` is a `&mut`); `MaybeUninit<u8>` has the layout of u8.
                        unsafe {
                            core::ptr::copy_nonoverlapping(
                                input.as_ptr().add(i),
                                dst.as_mut_ptr().cast::<u8>(),
                                rest,
                            )
                        };
                        return (i + rest, w + rest);
                    }
                }
                padded[..rest].copy_from_slice(&input[i..]);
                (&padded, rest)
            }
            None => break,
        };
        let Some(dst) = out.get_mut(w..w + 32) else { break };
        let dst: &mut [MaybeUninit<u8>; 32] = dst.try_into().expect("slice of 32");
        if far {
            prefetch(input.as_ptr().wrapping_add(i + 1024));
        }
        let scan = d.scan(load_at(chunk, 0));
        let pm = scan.1;
        if carry == 0 && real == 32 && pm & pm.wrapping_sub(1) == 0 {
            // No escape, or exactly one (sparse input): store the block as it is, fix the one
            // escape in place, and go on right after it. A variable stride, unlike the
            // steps below, but one escape costs a dozen scalar instructions instead of the
            // compaction of a whole block.
            store32(dst, scan.2);
            if pm == 0 {
                i += 32;
                w += 32;
                continue;
            }
            let p = pm.trailing_zeros() as usize;
            let (h, l) = (UNHEX[chunk[p + 1] as usize], UNHEX[chunk[p + 2] as usize]);
            if h | l < 16 {
                dst[p] = MaybeUninit::new(h << 4 | l);
                i += p + 3;
                w += p + 1;
            } else {
                // A malformed escape: strict decoding stops at it (the scalar kernel reports
                // it); lenient decoding keeps the `%` as it is (already stored).
                i += p;
                w += p;
                if reject {
                    break;
                }
                i += 1;
                w += 1;
            }
            continue;
        }
        let Some(step) = d.step(chunk, carry, scan, dst) else { break };
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
