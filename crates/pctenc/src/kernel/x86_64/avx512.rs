//! The AVX-512 kernel (F, BW, VBMI, VBMI2, with BMI2 and POPCNT): 64 input bytes per step,
//! whole blocks only. The encode tail goes through the same step on a zero-padded masked
//! load (the short-input path); the decode tail through the one-step short path
//! (`DecodeConsts::short`), in at most two pieces, which a short call also takes.
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
//! Why this kernel is not an instance of the generic algorithm (`kernel/generic.rs`), as the
//! others are: the instruction sets really differ here. Where the generic algorithm needs a
//! shuffle table per 4 or 8 bytes (encode) or 8 bytes (decode) to expand or squeeze, VBMI2's
//! byte compress does a whole step in one instruction; the k-masks replace `movemask`
//! round trips, and masked loads and stores replace the padded copies of short inputs and
//! tails, so the steps and the loops around them take other shapes. Compress goes to a register and then to memory
//! with a plain store: the memory form of `VPCOMPRESSB` is microcoded on AMD Zen 4.
//!
//! CPUs with AVX-512 BW but without VBMI2 (Skylake-X, Cascade Lake) run the AVX2 kernel.
//!
//! Where no CPU at hand has AVX-512 (CI included), `scripts/test.d/57-avx512emu.sh` runs this
//! kernel under an emulator against the scalar kernel (`crates/pctenc-emu`).

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::prefetch;
use crate::kernel::generic::{fix_one, has_room, PREFETCH_FROM};
use crate::kernel::tables::{Nibbles, HI_NIBBLE};
use crate::profile::Profile;

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
struct EncodeConsts {
    lo: __m512i,
    hi: __m512i,
    digits: __m512i,
    low4: __m512i,
    plus: bool,
}

impl EncodeConsts {
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    fn new(n: &Nibbles, digits: &[u8; 16]) -> EncodeConsts {
        EncodeConsts {
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

/// What an encode step needs: the profile's constants and the output.
struct EncodeOut {
    e: EncodeConsts,
    pct: __m512i,
    out: *mut u8,
    out_len: usize,
}

impl EncodeOut {
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn new(n: &Nibbles, digits: &[u8; 16], out: &mut [MaybeUninit<u8>]) -> EncodeOut {
        EncodeOut {
            e: EncodeConsts::new(n, digits),
            pct: _mm512_set1_epi8(b'%' as i8),
            out_len: out.len(),
            out: out.as_mut_ptr().cast(),
        }
    }
}

/// Encodes the 64 bytes `$v` at `out + $w` (the caller keeps `$w + ENCODE_ROOM <= out_len`);
/// evaluates to (bytes written, escape mask). A macro, so that the step is inlined at each
/// of its sites (as in the AVX2 kernel).
macro_rules! encode_step {
    ($c:expr, $v:expr, $w:expr) => {{
        let (c, v, w): (&EncodeOut, __m512i, usize) = (&$c, $v, $w);
        debug_assert!(w + ENCODE_ROOM <= c.out_len);
        // SAFETY (every store below): the caller keeps w + ENCODE_ROOM <= out.len(), and the
        // stores stay below w + ENCODE_ROOM, as each comment says.
        let dst = c.out.wrapping_add(w);
        let (mask, lo_n, hi_n) = c.e.classify(v);
        let x = c.e.text(v);
        if mask == 0 {
            // SAFETY: 64 <= ENCODE_ROOM bytes.
            unsafe { _mm512_storeu_si512(dst.cast(), x) };
            (64usize, 0u64)
        } else {
            let h = _mm512_shuffle_epi8(c.e.digits, hi_n);
            let l = _mm512_shuffle_epi8(c.e.digits, lo_n);
            let mut o = 0usize;
            for (g, idx) in TRIPLE.iter().enumerate() {
                // SAFETY: each table row is 64 readable bytes.
                let idx = unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) };
                let esc = mask >> (16 * g) & 0xFFFF;
                let first = _pdep_u64(esc, FIRST);
                let t = _mm512_permutex2var_epi8(x, idx, h);
                let t = _mm512_mask_permutexvar_epi8(t, FIRST << 2, idx, l);
                let t = _mm512_mask_mov_epi8(t, first, c.pct);
                let keep = FIRST | first << 1 | first << 2;
                let packed = _mm512_maskz_compress_epi8(keep, t);
                debug_assert!(o <= 48 * g);
                // SAFETY: each earlier group of 16 bytes wrote at most 48, so o <= 48 * g <=
                // 144 and o + 64 <= 208 = ENCODE_ROOM.
                unsafe { _mm512_storeu_si512(dst.add(o).cast(), packed) };
                o += 16 + 2 * esc.count_ones() as usize;
            }
            (o, mask)
        }
    }};
}

/// The whole steps of `$input` from `$at` (bytes read, bytes written), then the tail
/// through one masked load: evaluates to [`encode`]'s result, given that the output has
/// room for the whole input ([`has_room`]). A macro for the reason [`encode_step`] is one.
macro_rules! encode_from {
    ($c:expr, $input:expr, $at:expr) => {{
        let (c, input): (&EncodeOut, &[u8]) = (&$c, $input);
        let (mut i, mut w): (usize, usize) = $at;
        let len = input.len();
        let in_ptr = input.as_ptr();
        while i + 64 <= len {
            // SAFETY: i + 64 <= len: the 64 bytes at `i` are the input's.
            let v = unsafe { _mm512_loadu_si512(in_ptr.add(i).cast()) };
            let (written, _) = encode_step!(c, v, w);
            w += written;
            i += 64;
        }
        if i < len {
            // The tail (the short-input path): one masked load, padded with zeros.
            let rest = len - i;
            let (_, mask) = encode_step!(c, load_padded(&input[i..]), w);
            w += rest + 2 * _bzhi_u64(mask, rest as u32).count_ones() as usize;
            i = len;
        }
        (i, w)
    }};
}

/// Encodes `input` in 64-byte steps, the tail through a zero-padded step (the short-input
/// path), if `out` has room for the whole encoding plus [`ENCODE_ROOM`] (callers reserve
/// it); returns (bytes read, bytes written): all of the input, or nothing without the room
/// (the scalar kernel then does it all). Bytes of `out` past `written` may have been
/// written too.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
pub(crate) fn encode(p: &Profile, input: &[u8], out: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    let (n, digits) = (p.nibbles(), crate::kernel::digits(p));
    if !has_room(input, out, ENCODE_ROOM) {
        return (0, 0);
    }
    let len = input.len();
    if len <= 64 {
        // A short value with nothing to escape (a slug, an identifier, a number): one
        // masked load, one store, and none of the expansion's setup, which lives in
        // `encode_steps` (its registers would be saved and restored here too).
        let e = EncodeConsts::new(n, digits);
        // SAFETY: the mask selects the first `len <= 64` bytes (`bzhi` of 64 keeps all), and
        // a masked load reads only the selected bytes, so only bytes of `input` are read.
        let v = unsafe {
            _mm512_maskz_loadu_epi8(_bzhi_u64(u64::MAX, len as u32), input.as_ptr().cast())
        };
        let (mask, _, _) = e.classify(v);
        if _bzhi_u64(mask, len as u32) == 0 {
            // SAFETY: `has_room`: out.len() >= 3 * len + ENCODE_ROOM >= 64.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), e.text(v)) };
            return (len, len);
        }
    }
    encode_steps(n, digits, input, out)
}

/// [`encode`] past its short clean case: the steps (with prefetches on long inputs, in a
/// function of their own), the tail through one masked load.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
#[inline(never)]
fn encode_steps(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    if !has_room(input, out, ENCODE_ROOM) {
        return (0, 0);
    }
    if input.len() >= PREFETCH_FROM {
        return encode_far(n, digits, input, out);
    }
    // The output is reached only through the encoder's pointer from here (see the AVX2
    // kernel: a use of `out` would invalidate the pointer under Stacked Borrows).
    let c = EncodeOut::new(n, digits, out);
    encode_from!(c, input, (0, 0))
}

/// [`encode`] of a long input: the steps with prefetches 1 KiB ahead (hints only, as in the
/// AVX2 kernel: input and output, the output for writing), then the rest as [`encode`]
/// does it.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
#[inline(never)]
fn encode_far(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    if !has_room(input, out, ENCODE_ROOM) {
        return (0, 0);
    }
    let c = EncodeOut::new(n, digits, out);
    let in_ptr = input.as_ptr();
    let len = input.len();
    // First the bytes up to the input's next 64-byte boundary (one masked step), so that
    // the loads below do not each span two cache lines.
    let head = in_ptr.align_offset(64).min(len);
    let (mut i, mut w) = (head, 0usize);
    if head > 0 {
        let (_, mask) = encode_step!(c, load_padded(&input[..head]), 0);
        w = head + 2 * _bzhi_u64(mask, head as u32).count_ones() as usize;
    }
    while i + 64 <= len {
        prefetch::<false>(in_ptr.wrapping_add(i + 1024));
        prefetch::<true>(c.out.wrapping_add(w + 1024));
        // SAFETY: i + 64 <= len: the 64 bytes at `i` are the input's.
        let v = unsafe { _mm512_loadu_si512(in_ptr.add(i).cast()) };
        let (written, _) = encode_step!(c, v, w);
        w += written;
        i += 64;
    }
    encode_from!(c, input, (i, w))
}

/// The `VPERMB` indices that move lane i + 1 to lane i (the last lane's is masked off).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
#[inline]
fn next_lane() -> __m512i {
    const NEXT: [u8; 64] = {
        let mut t = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            t[i] = ((i + 1) & 63) as u8;
            i += 1;
        }
        t
    };
    // SAFETY: NEXT is 64 readable bytes.
    unsafe { _mm512_loadu_si512(NEXT.as_ptr().cast()) }
}

/// Each ASCII byte's hex digit value, or 0x80 where it is not a hex digit.
const HEX_VALUE: [u8; 128] = {
    let mut t = [0x80u8; 128];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        t[i] = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => 0x80,
        };
        i += 1;
    }
    t
};

/// The bytes of `b` (fewer than 64) followed by zeros: one masked load, no copy.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
#[inline]
fn load_padded(b: &[u8]) -> __m512i {
    let n = b.len().min(63);
    // SAFETY: the mask selects the first `n <= b.len()` bytes, and a masked load reads only
    // the selected bytes (masked-off bytes are neither read nor able to fault), so only
    // bytes of `b` are accessed.
    unsafe { _mm512_maskz_loadu_epi8(_bzhi_u64(u64::MAX, n as u32), b.as_ptr().cast()) }
}

/// How many leading bytes of `input` the profile writes unchanged (a space that becomes `+`
/// is a change).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
pub(crate) fn clean_prefix(p: &Profile, input: &[u8]) -> usize {
    let e = EncodeConsts::new(p.nibbles(), &[0; 16]);
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

/// The decode constants, broadcast once per call.
struct DecodeConsts {
    pct: __m512i,
    plus: bool,
    reject: bool,
}

/// One decode step's result.
struct Decoded {
    written: usize,
    carry: u64,
}

impl DecodeConsts {
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

    /// The lanes of `a` that are not hex digits (bit mask), and in lane i the byte
    /// `hex(a[i]) << 4 | hex(a[i + 1])` (garbage where either is no digit): one `VPERMT2B`
    /// lookup over [`HEX_VALUE`] and one byte shift, for the one-step short path, where
    /// every vector instruction counts (they all compete for the same two ports).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn hex_lanes(a: __m512i) -> (u64, __m512i) {
        // SAFETY: HEX_VALUE has 128 readable bytes: these are its two halves.
        let (t0, t1) = unsafe {
            (
                _mm512_loadu_si512(HEX_VALUE.as_ptr().cast()),
                _mm512_loadu_si512(HEX_VALUE.as_ptr().add(64).cast()),
            )
        };
        let h = _mm512_permutex2var_epi8(t0, a, t1);
        // The lookup reads the low 7 bits; a byte >= 0x80 is no digit, which its own high
        // bit says.
        let bad = _mm512_movepi8_mask(_mm512_or_si512(h, a));
        let next = _mm512_permutexvar_epi8(next_lane(), h);
        // 0xEA: (A & B) | C, the high nibble from lane i, the low one from lane i + 1.
        let pair = _mm512_ternarylogic_epi32::<0xEA>(
            _mm512_slli_epi16::<4>(h),
            _mm512_set1_epi8(0xF0u8 as i8),
            next,
        );
        (bad, pair)
    }

    /// The `%` bytes of `a` and `a` with `+` read as a space where the profile says so: the
    /// first look at a block, which decides its path.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn scan(&self, a: __m512i) -> (u64, __m512i) {
        let pm = _mm512_cmpeq_epi8_mask(a, self.pct);
        let text = if self.plus {
            let plus = _mm512_cmpeq_epi8_mask(a, _mm512_set1_epi8(b'+' as i8));
            _mm512_mask_mov_epi8(a, plus, _mm512_set1_epi8(b' ' as i8))
        } else {
            a
        };
        (pm, text)
    }

    /// Decodes `input` (0 to 64 bytes) into `out` in one step: one masked load (bytes past
    /// the end read as zeros, which are neither `%` nor hex: an escape cut short by the end
    /// is malformed, as for the scalar kernel), one compress, one store; returns (bytes read,
    /// bytes written). All of `input` is read, except where more input may follow
    /// (`last == false`) and a `%` sits in its last two bytes: the step then ends before that
    /// `%` (its escape may go on in the next piece). `None` where strict decoding met a
    /// malformed escape (the scalar kernel reports it).
    ///
    /// No branch on whether the input has a `%`: on values where some have one and some do
    /// not (the `sparse` corpus in 64-byte calls, about one in three), that branch
    /// mispredicted often enough to cost more than the whole step (4.5x `percent-encoding`
    /// with it, 6.5x without; input without any `%` went from 8.0x to 6.0x).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn short(
        &self,
        input: &[u8],
        out: &mut [MaybeUninit<u8>],
        last: bool,
    ) -> Option<(usize, usize)> {
        let mut n = input.len();
        if n > 64 || out.len() < n {
            return None;
        }
        let mut k = _bzhi_u64(u64::MAX, n as u32);
        let p = input.as_ptr();
        // The one load: its mask selects the n bytes of `input`, and a masked load reads only
        // the selected bytes; the others can neither be read nor fault.
        // SAFETY: the mask `k` selects the n bytes of `input` (see above).
        let a = unsafe { _mm512_maskz_loadu_epi8(k, p.cast()) };
        let (mut pm, text) = self.scan(a);
        let dst = out.as_mut_ptr().cast::<i8>();
        // `%` in the last two lanes (`k >> 2` holds the lanes before them).
        let cut = pm & !(k >> 2);
        if !last && cut != 0 {
            // End before the first of them. No valid escape reaches it (its digits would
            // include that `%`), so the lanes before it decode as they would with the rest
            // of the input there.
            n = cut.trailing_zeros() as usize;
            k = _bzhi_u64(u64::MAX, n as u32);
            pm &= k;
        }
        // One lookup on `a` serves both digits of every escape: the digit flags move by bit
        // shifts of the mask; the value of the escape at lane i is `pair` at lane i + 1 (its
        // first digit), so that lane keeps it and the `%` and the second digit go.
        let (bad, pair) = DecodeConsts::hex_lanes(a);
        // The shifts bring in zeros: lanes past the vector are not digits either.
        let digit = !bad;
        let valid = pm & digit >> 1 & digit >> 2;
        if self.reject && valid != pm {
            return None;
        }
        // Escapes never overlap (both digits of a valid one are not `%`), so the three masks
        // below mark disjoint lanes, and the output keeps the input's order.
        let decoded = _mm512_mask_mov_epi8(text, valid << 1, pair);
        let keep = !(valid | valid << 2) & k;
        let written = keep.count_ones() as usize;
        let packed = _mm512_maskz_compress_epi8(keep, decoded);
        if out.len() >= 64 {
            // SAFETY: `out` has 64 bytes; those past `written` are zeros of the compress, and
            // callers take only the first `written`.
            unsafe { _mm512_storeu_si512(dst.cast(), packed) };
        } else {
            // SAFETY: the mask selects the first `written <= n` bytes of `out`.
            unsafe { _mm512_mask_storeu_epi8(dst, _bzhi_u64(u64::MAX, written as u32), packed) };
        }
        Some((n, written))
    }

    /// Decodes the 64 bytes at the start of `chunk` (the 2 after are look-ahead) into `dst`,
    /// given their [`scan`](DecodeConsts::scan); `carry` marks leading bytes that an escape of
    /// the previous step consumed. `None`: strict decoding met a malformed escape here.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    #[inline]
    fn step(
        &self,
        chunk: &[u8; 66],
        carry: u64,
        (pm, text): (u64, __m512i),
        dst: &mut [MaybeUninit<u8>; 64],
    ) -> Option<Decoded> {
        if pm | carry == 0 {
            store64(dst, text);
            return Some(Decoded { written: 64, carry: 0 });
        }
        let (ok1, hi) = DecodeConsts::hex(load_at(chunk, 1));
        let (ok2, lo) = DecodeConsts::hex(load_at(chunk, 2));
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
        Some(Decoded { written: keep.count_ones() as usize, carry })
    }
}

/// Decodes all of a short `input` (at most 128 bytes) into `out` (at least `input.len()`
/// bytes) in one or two masked steps, as [`decode`] does for such input, without its setup:
/// the short-call path. Returns the bytes written, in a register; `None` where the steps
/// cannot finish the input: strict decoding met a malformed escape (see `DecodeConsts::short`),
/// or, rarely, an escape crossing the first 64 bytes leaves more than 64 for the second step.
///
/// Columns of URLs, the shape the batch API sees, hold many values of 65 to 128 bytes: the
/// general path cost them several times a step.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
pub fn decode_short(
    plus_as_space: bool,
    reject: bool,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    let d = DecodeConsts { pct: _mm512_set1_epi8(b'%' as i8), plus: plus_as_space, reject };
    if input.len() <= 64 {
        return d.short(input, out, true).map(|(_, written)| written);
    }
    let (read, written) = d.short(&input[..64], out, false)?;
    let (_, more) = d.short(&input[read..], out.get_mut(written..)?, true)?;
    Some(written + more)
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
    let d = DecodeConsts { pct: _mm512_set1_epi8(b'%' as i8), plus: plus_as_space, reject };
    let (mut i, mut w, mut carry) = (0usize, 0usize, 0u64);
    let far = input.len() >= PREFETCH_FROM;
    // The bulk: every whole block whose look-ahead is in the input. `w <= i` throughout
    // (decoding never writes more than it reads), so one bound covers input and output.
    let bulk_end = input.len().min(out.len());
    // Whether the last block had two escapes or more: then the next one probably has too,
    // and the run loop would only look at it twice.
    let mut dense = false;
    let (in_ptr, out_ptr) = (input.as_ptr(), out.as_mut_ptr());
    while i + 66 <= bulk_end {
        debug_assert!(w <= i);
        if carry == 0 && !dense && !d.plus {
            // Runs without `%`: one compare, one test and one store per 64 bytes, the stores
            // aligned to 64. An unaligned 64-byte store spans two cache lines every time
            // (a 32-byte one half the time), which kept this loop behind AVX2's on input
            // without `%` (0.81 of memcpy against 0.91, the 16 MiB `slug` corpus); memcpy
            // aligns its stores too. The first block is stored unaligned, and the loop
            // starts at the next 64-byte boundary of the output (storing some bytes twice).
            let mis = (out_ptr as usize).wrapping_add(w) & 63;
            if mis != 0 {
                // SAFETY: i + 66 <= bulk_end (the loop condition): as for the loop below.
                let a = unsafe { _mm512_loadu_si512(in_ptr.add(i).cast()) };
                let pm = _mm512_cmpeq_epi8_mask(a, d.pct);
                // SAFETY: as for the load, and as in the loop below.
                unsafe { _mm512_storeu_si512(out_ptr.add(w).cast(), a) };
                // Up to the boundary, unless a `%` comes first (then the loop below starts
                // where it is, unaligned for this run).
                let adv = 64 - mis;
                if pm & ((1u64 << adv) - 1) == 0 {
                    i += adv;
                    w += adv;
                }
            }
            while i + 66 <= bulk_end {
                // SAFETY: i + 64 <= input.len(); w + 64 <= i + 64 < out.len() (`w <= i`), and
                // `out` is reached only through `out_ptr` in this loop.
                let a = unsafe { _mm512_loadu_si512(in_ptr.add(i).cast()) };
                let pm = _mm512_cmpeq_epi8_mask(a, d.pct);
                // SAFETY: as for the load.
                unsafe { _mm512_storeu_si512(out_ptr.add(w).cast(), a) };
                if far {
                    prefetch::<false>(input.as_ptr().wrapping_add(i + 1024));
                }
                if pm == 0 {
                    i += 64;
                    w += 64;
                    continue;
                }
                if pm & (pm - 1) != 0 {
                    break; // two or more: the block steps below
                }
                // One escape in 64 bytes (sparse input): fixed in place, as in the generic
                // kernels.
                let p = pm.trailing_zeros() as usize;
                let dst = out_ptr.cast::<u8>();
                // SAFETY: p < 64 and i + 66 <= input.len(): the two bytes after the `%` are
                // the input's; w + p < w + 64 <= out.len() as above.
                let fixed = unsafe {
                    if reject {
                        fix_one::<true>(in_ptr, dst, (i, w), p)
                    } else {
                        fix_one::<false>(in_ptr, dst, (i, w), p)
                    }
                };
                match fixed {
                    Ok(at) => (i, w) = at,
                    Err(at) => return at,
                }
            }
            if i + 66 > bulk_end {
                break;
            }
        }
        // SAFETY: i + 66 <= input.len(): the 66 bytes at `i` are the input's.
        let chunk: &[u8; 66] = unsafe { &*in_ptr.add(i).cast::<[u8; 66]>() };
        // SAFETY: w + 64 <= i + 64 < bulk_end <= out.len(), and nothing else refers to `out`
        // while this loop runs (the pointer was taken once, above).
        let dst: &mut [MaybeUninit<u8>; 64] =
            unsafe { &mut *out_ptr.add(w).cast::<[MaybeUninit<u8>; 64]>() };
        if far {
            prefetch::<false>(input.as_ptr().wrapping_add(i + 1024));
        }
        let scan = d.scan(load_at(chunk, 0));
        let pm = scan.0;
        if carry == 0 && pm == 0 {
            // No escape: the block as it is, and the run loop takes over from the next one.
            // A block with escapes goes through the step even when it has just one: the
            // fixed-stride step is one compress here, and branching on the escape count
            // (as the run loop does) mispredicts on input where blocks with one and with
            // several escapes alternate (the `malformed` corpus ran at 3.3x percent-encoding
            // that way, 5.9x with the step).
            dense = false;
            store64(dst, scan.1);
            i += 64;
            w += 64;
            continue;
        }
        let Some(step) = d.step(chunk, carry, scan, dst) else {
            return (i + carry.count_ones() as usize, w);
        };
        dense = true;
        w += step.written;
        carry = step.carry;
        i += 64;
    }
    // The end: what the bulk left (at most 65 bytes, as it stops short of 66), in masked
    // steps of up to 64 bytes. The digits of an escape of the last block, `carry`, are
    // skipped: they are a prefix of the rest. A piece that is not the end of the input is
    // decoded only where no escape crosses its end (`short` with `last == false`); where a
    // step cannot finish, the scalar kernel takes over (strict decoding met a malformed
    // escape, or an escape is cut by the piece's end or by the end of input that more may
    // follow).
    i += carry.count_ones() as usize;
    while i < input.len() {
        let piece = &input[i..input.len().min(i + 64)];
        let end = last && i + piece.len() == input.len();
        match out.get_mut(w..).and_then(|o| d.short(piece, o, end)) {
            Some((r, wr)) if r > 0 => {
                i += r;
                w += wr;
            }
            _ => break,
        }
    }
    (i, w)
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
