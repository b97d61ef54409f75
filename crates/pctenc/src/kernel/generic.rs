//! The SIMD kernels' algorithms, written once over [`Vector`]: every instruction set runs
//! this code, each through its own `#[target_feature]` entry points ([`entry_points!`]).
//! `B` is the vector's width (16, 32 or 64); where it compresses ([`Vector::COMPRESS`]), a
//! block is one expansion or compaction, in place of the light and heavy tables.
//!
//! The algorithms in outline, the design and the measurements behind it: docs/kernels.md
//! ("Encode", "Decode", and the sections named below).
//!
//! Every `unsafe fn` here needs the CPU to have `V`'s instruction set (the entry points
//! promise it); a `Safety:` line says what else it needs.

use core::mem::MaybeUninit;

use super::scalar::{zero_bytes, ONES, UNHEX};
use super::tables::{Nibbles, HI_NIBBLE, LIGHT, LIGHT_BAD, LIGHT_MAX};
use super::tables::{EXPAND, EXPAND_PAIR, GROUP_LEN, PAIR_LEN};
use super::vector::{Bytes, Vector};
use super::Out;

/// Inputs at least this long prefetch [`AHEAD`] bytes ahead (docs/kernels.md, "Prefetch").
pub(crate) const PREFETCH_FROM: usize = 4096;
const AHEAD: usize = 1024;

/// Every call's first request: the lines [`AHEAD`] past its input and output (a column's rows).
#[inline(always)]
pub(crate) fn prefetch_next<V: Vector>(input: &[u8], out: Out) {
    V::prefetch::<false>(input.as_ptr().wrapping_add(AHEAD));
    V::prefetch::<true>(out.as_ptr().cast::<u8>().wrapping_add(AHEAD));
}

/// Blocks per round of the light encoder, which share the loop's own instructions.
const ROUND: usize = 4;

/// Output bytes past `3 * i` that an encode step at input `i` may store into (the heavy
/// step's last lane store; every other step stores less), rounded up to 16.
pub(crate) const fn encode_room<V: Vector>() -> usize {
    (48 * V::LANES + 4).next_multiple_of(16)
}

/// Whether `out` has room for any encoding of `input` (3 bytes per byte) plus `room` (as
/// callers reserve): a bound on the length, so that `3 * len + room` cannot overflow on
/// 32-bit targets either, and one compare, no division.
#[inline(always)]
pub(crate) fn has_room(input: &[u8], out: &[MaybeUninit<u8>], room: usize) -> bool {
    input.len() < usize::MAX / 4 && 3 * input.len() + room <= out.len()
}

/// 64 bytes of ones, then 64 of zeros: loaded from `64 - n`, the first `n` bytes are set.
static REAL: [[u8; 64]; 2] = [[0xFF; 64], [0; 64]];

/// The low `n` bits (`n <= V::BYTES`): a shift and a decrement, except for 64-byte vectors,
/// where `n` may be 64.
#[inline(always)]
fn low<V: Bytes>(n: usize) -> u64 {
    if V::BYTES < 64 {
        (1 << n) - 1
    } else {
        u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
    }
}

/// Where [`Vector::load_at`] reads a short `input` (up to 64 bytes; 128 for 64-byte vectors):
/// in place where `V` masks, else `buf` (zeros), `input` copied to its start in two moves
/// of a constant width, not a `memcpy` (docs/kernels.md, "Short values (encode)").
#[inline(always)]
fn short_source<V: Vector, const N: usize>(input: &[u8], buf: &mut [u8; N]) -> *const u8 {
    if V::MASKED {
        return input.as_ptr();
    }
    /// The first and the last `W` of the `n` bytes: one load and one store each.
    #[inline(always)]
    fn two<const W: usize, const N: usize>(input: &[u8], buf: &mut [u8; N], n: usize) {
        buf[..W].copy_from_slice(&input[..W]);
        buf[n - W..][..W].copy_from_slice(&input[n - W..][..W]);
    }
    let n = input.len().min(N);
    debug_assert!(n <= 64 || V::BYTES == 64 && n <= 128);
    match n {
        64.. if V::BYTES == 64 => two::<64, N>(input, buf, n),
        32.. => two::<32, N>(input, buf, n),
        16.. => two::<16, N>(input, buf, n),
        8.. => two::<8, N>(input, buf, n),
        4.. => two::<4, N>(input, buf, n),
        1.. => {
            buf[0] = input[0];
            buf[n / 2] = input[n / 2];
            buf[n - 1] = input[n - 1];
        }
        0 => {}
    }
    buf.as_ptr()
}

/// The encoder's constants, made once per call.
struct Enc<V: Vector, const PLUS: bool> {
    lo: V,
    hi: V,
    digits: V,
    low4: V,
    zero: V,
    pct: V,
    space: V,
    plus: V,
}

impl<V: Vector, const PLUS: bool> Enc<V, PLUS> {
    #[inline(always)]
    unsafe fn new(n: &Nibbles, digits: &[u8; 16]) -> Self {
        // SAFETY: the caller's promise; the tables are 16 readable bytes.
        unsafe {
            Enc {
                lo: V::table(&n.lo),
                hi: V::table(&HI_NIBBLE),
                digits: V::table(digits),
                low4: V::splat(0x0F),
                zero: V::splat(0),
                pct: V::splat(b'%'),
                space: V::splat(b' '),
                plus: V::splat(b'+'),
            }
        }
    }

    /// The escaped bytes of `v` (all ones) and its nibbles, low and high.
    #[inline(always)]
    fn classify(&self, v: V) -> (V, V, V) {
        let (kept, lo_n, hi_n) = self.kept(v);
        (kept.eq(self.zero), lo_n, hi_n)
    }

    /// The bytes the profile changes, as a mask (a method: closures lack `#[target_feature]`).
    #[inline(always)]
    fn changed(&self, v: V) -> u64 {
        let esc = self.classify(v).0;
        if PLUS { esc.or(v.eq(self.space)) } else { esc }.movemask()
    }

    /// The bytes of `v` written as they are (not zero; see [`Nibbles`]) and its nibbles.
    #[inline(always)]
    fn kept(&self, v: V) -> (V, V, V) {
        let (lo_n, hi_n) = (v.and(self.low4), v.high_nibbles());
        (self.lo.lookup(lo_n).and(self.hi.lookup(hi_n)), lo_n, hi_n)
    }

    /// `v` as written where nothing is escaped: spaces as `+` for forms.
    #[inline(always)]
    fn text(&self, v: V) -> V {
        if PLUS {
            v.eq(self.space).select(v, self.plus)
        } else {
            v
        }
    }

    /// Encodes block `v` at `d`, where [`classify`](Enc::classify) found `esc` (`mask`, not
    /// 0) and the nibbles, as light units; returns the bytes written. Where a unit has more
    /// than [`LIGHT_MAX`] escapes, its length is [`LIGHT_BAD`] and the output wrong; with
    /// `CHECK` that is found before anything is stored, and the result is `None`.
    /// Safety: `d` is valid for writes of as many bytes as the result, plus 16 (without
    /// `CHECK`, of `(2 * LANES - 1) * LIGHT_BAD + 16` where a unit is bad).
    #[inline(always)]
    unsafe fn light<const CHECK: bool>(
        &self,
        (v, esc, lo_n, hi_n): (V, V, V, V),
        mask: u64,
        d: *mut u8,
    ) -> Option<usize> {
        if V::COMPRESS {
            let (h, l) = (self.digits.lookup(hi_n), self.digits.lookup(lo_n));
            // SAFETY: the caller's bound, which covers a heavy step.
            return Some(unsafe { V::expand(self.text(v), h, l, self.pct, mask, d) });
        }
        let y = esc.select(self.text(v), self.digits.lookup(hi_n));
        let z = esc.select(self.pct, self.digits.lookup(lo_n));
        let units = [y.zip64::<false>(z), y.zip64::<true>(z)];
        let m = mask.to_le_bytes();
        if CHECK && (0..2 * V::LANES).map(|k| LIGHT[m[k] as usize].len).sum::<u32>() >= LIGHT_BAD {
            return None;
        }
        // A 32-bit offset: the lengths are added to it straight from the table.
        let mut o = 0u32;
        for lane in 0..V::LANES {
            for (k, unit) in units.iter().enumerate() {
                let u = &LIGHT[m[2 * lane + k] as usize];
                // SAFETY: `pattern` is 16 readable bytes; the store stays within the
                // caller's bound.
                unsafe {
                    unit.lane(lane)
                        .lookup(<V::Lane>::load(u.pattern.as_ptr()))
                        .store(d.add(o as usize))
                };
                o += u.len;
            }
        }
        Some(o as usize)
    }

    /// Encodes block `v` at `d`, light where its units can take it, else heavy: returns the
    /// bytes written and the escape mask. Only the first `real` bytes count (the rest is
    /// padding, written as it comes).
    /// Safety: `d` is valid for writes of [`encode_room`] bytes.
    #[inline(always)]
    unsafe fn block(&self, order: &(V, V), v: V, real: usize, d: *mut u8) -> (usize, u64) {
        let (mut esc, lo_n, hi_n) = self.classify(v);
        if real < V::BYTES {
            // The padding as kept bytes: the light units take their `%` from a kept byte.
            // SAFETY: 64 - real >= 32 and the load ends by byte 96 of `REAL`'s 128.
            esc = esc.and(unsafe { V::load(REAL.as_ptr().cast::<u8>().add(64 - real)) });
        }
        let mask = esc.movemask();
        // SAFETY: the caller's bound covers a heavy step, and so a checked light one.
        unsafe {
            if mask == 0 {
                self.text(v).store(d);
                return (V::BYTES, 0);
            }
            // More escapes than the units hold even spread evenly: straight to heavy.
            if V::COMPRESS || mask.count_ones() <= LIGHT_MAX * 2 * V::LANES as u32 {
                if let Some(o) = self.light::<true>((v, esc, lo_n, hi_n), mask, d) {
                    return (o, mask);
                }
            }
            self.heavy(order, v, d)
        }
    }

    /// Encodes block `v` at `dst` a 4-byte group at a time (`order`: see
    /// [`Vector::pair_order`]); returns the bytes written and the escape mask.
    /// Safety: `dst` is valid for writes of [`encode_room`] bytes.
    #[inline(always)]
    unsafe fn heavy(&self, order: &(V, V), v: V, dst: *mut u8) -> (usize, u64) {
        if V::COMPRESS {
            let (esc, lo_n, hi_n) = self.classify(v);
            let mask = esc.movemask();
            let (h, l) = (self.digits.lookup(hi_n), self.digits.lookup(lo_n));
            // SAFETY: the caller's bound.
            return (unsafe { V::expand(self.text(v), h, l, self.pct, mask, dst) }, mask);
        }
        let vp = v.pair_order::<false>(order);
        let (kept, lo_n, hi_n) = self.kept(vp);
        let mask = kept.pair_order::<true>(order).eq(self.zero).movemask();
        if mask == 0 {
            // SAFETY: B bytes, within the caller's bound.
            unsafe { self.text(v).store(dst) };
            return (V::BYTES, 0);
        }
        let x = self.text(vp);
        let (h, l) = (self.digits.lookup(hi_n), self.digits.lookup(lo_n));
        // Per lane, [x h] and [l %] interleaved by 4 bytes, then by 8: each lane of a source
        // is one group's [x0..3 H0..3 L0..3 %%%%]; with two lanes, source k holds groups 2k
        // and 2k + 1 (pair order), whose escape bits are byte k of `mask`.
        let (xh0, xh1) = (x.zip32::<false>(h), x.zip32::<true>(h));
        let (lp0, lp1) = (l.zip32::<false>(self.pct), l.zip32::<true>(self.pct));
        let sources = [xh0.zip64::<false>(lp0), xh0.zip64::<true>(lp0)];
        let sources = [sources[0], sources[1], xh1.zip64::<false>(lp1), xh1.zip64::<true>(lp1)];
        let bits = 4 * V::LANES;
        let mask4 = (mask as usize) << 2;
        let mut o = 0u32; // as in `light`
        for (k, source) in sources.into_iter().enumerate() {
            let m4 = V::opaque(mask4 >> (bits * k) & ((1 << bits) - 1) << 2);
            // SAFETY: the caller's promise for `V`, and `m4` is 4 times a mask of `bits` bits;
            // each group wrote at most 12 bytes before this one, so each store ends within
            // `encode_room` bytes of `dst`.
            let out = source.lookup(unsafe { expand_pattern::<V>(m4) });
            for lane in 0..V::LANES {
                // SAFETY: as above; `m4` is 4 times a mask of `bits` bits.
                unsafe {
                    out.lane(lane).store(dst.add(o as usize));
                    o += expand_len::<V>(m4, lane);
                }
            }
        }
        (o as usize, mask)
    }
}

/// The expansion pattern of escape mask `m` (`4 * LANES` bits: [`EXPAND`] for one lane,
/// [`EXPAND_PAIR`] for two), given `m4 = 4 * m`, which addresses the patterns (scaled by
/// `B / 4`) and their lengths (by `LANES`) alike (docs/kernels.md, "Bulk loop").
/// Safety: `V` has one lane or two, and `m4` is `4 * m` for such a mask `m`.
#[inline(always)]
unsafe fn expand_pattern<V: Vector>(m4: usize) -> V {
    debug_assert!(V::LANES <= 2 && m4 >> 2 < 1 << (4 * V::LANES));
    let table =
        if V::LANES == 1 { EXPAND.as_ptr().cast::<u8>() } else { EXPAND_PAIR.0.as_ptr().cast() };
    // SAFETY: entry `m` of `B` bytes begins `B * m = B / 4 * m4` bytes in; the caller's
    // promise for `V`.
    unsafe { V::load(table.add(V::BYTES / 4 * m4)) }
}

/// How many bytes lane `lane` of [`expand_pattern`]`(m4)` writes ([`GROUP_LEN`],
/// [`PAIR_LEN`]).
/// Safety: as [`expand_pattern`], and `lane < V::LANES`.
#[inline(always)]
unsafe fn expand_len<V: Vector>(m4: usize, lane: usize) -> u32 {
    let lens =
        if V::LANES == 1 { GROUP_LEN.as_ptr().cast::<u8>() } else { PAIR_LEN.as_ptr().cast() };
    // SAFETY: entry `m` of `LANES` `u32`s begins `4 * LANES * m = LANES * m4` bytes in.
    unsafe { *lens.add(V::LANES * m4).cast::<u32>().add(lane) }
}

/// Where the encoding of a block's last `B - rest` bytes began, given the end of the block's
/// encoding `w` and its escape mask: `B - rest` bytes, plus two per escape, before `w`. A
/// tail of `rest` bytes is encoded as the input's last `B` bytes from there.
#[inline(always)]
fn overlap<V: Vector>(w: usize, mask: u64, rest: usize) -> usize {
    w - (V::BYTES - rest) - 2 * mask.checked_shr(rest as u32).unwrap_or(0).count_ones() as usize
}

/// A short value with nothing to escape (a slug, an identifier, a number), `B` to `2B`
/// bytes: its first and last `B` bytes, classified and stored as they are. `None` for any
/// other input, which [`encode_small`] and [`encode`] take.
#[inline(always)]
pub(crate) unsafe fn encode_clean<V: Vector, const PLUS: bool>(
    n: &Nibbles,
    input: &[u8],
    out: Out,
) -> Option<(usize, usize)> {
    let len = input.len();
    if len < V::BYTES || len > 2 * V::BYTES || !has_room(input, out, encode_room::<V>()) {
        return None;
    }
    // SAFETY: the caller's promise; both loads lie in the input (B <= len), and both stores
    // in `out` (`has_room`: out.len() > len).
    unsafe {
        let e = Enc::<V, PLUS>::new(n, &[0; 16]);
        let (first, last) = (V::load(input.as_ptr()), V::load(input.as_ptr().add(len - V::BYTES)));
        if e.classify(first).0.or(e.classify(last).0).movemask() != 0 {
            return None;
        }
        let dst = out.as_mut_ptr().cast::<u8>();
        e.text(first).store(dst);
        e.text(last).store(dst.add(len - V::BYTES));
    }
    Some((len, len))
}

/// Encodes `input` of at most `2B` bytes as [`encode`] does, with no loop: one block, or
/// two overlapping ones (see [`overlap`]). `None` for a longer input.
#[inline(always)]
pub(crate) unsafe fn encode_small<V: Vector, const PLUS: bool>(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: Out,
) -> Option<(usize, usize)> {
    let (b, len) = (V::BYTES, input.len());
    if len > 2 * b {
        return None;
    }
    if !has_room(input, out, encode_room::<V>()) {
        return Some((0, 0));
    }
    let (src, dst) = (input.as_ptr(), out.as_mut_ptr().cast::<u8>());
    // SAFETY: the caller's promise; loads lie in the input (B <= len, or masked) or the copy,
    // stores within `encode_room` of `3 * len` (`has_room`).
    unsafe {
        let (e, order) = (Enc::<V, PLUS>::new(n, digits), V::order());
        if len < b {
            let mut buf = [0u8; 64];
            let q = short_source::<V, _>(input, &mut buf);
            let (_, mask) = e.block(&order, V::load_at(q, len, 0), len, dst);
            return Some((len, len + 2 * (mask & low::<V>(len)).count_ones() as usize));
        }
        let (o, mask) = e.heavy(&order, V::load(src), dst);
        if len == b {
            return Some((len, o));
        }
        let at = overlap::<V>(o, mask, len - b);
        Some((len, at + e.heavy(&order, V::load(src.add(len - b)), dst.add(at)).0))
    }
}

/// Encodes `input` into `out` if `out` has room for the whole encoding plus
/// [`encode_room`] (callers reserve it); returns (bytes read, bytes written): all of the
/// input, or nothing without the room or for an input shorter than `B` (which
/// [`encode_small`] takes; the scalar kernel then does it all). Bytes of `out` past
/// `written` may have been written too.
#[inline(always)]
pub(crate) unsafe fn encode<V: Vector, const PLUS: bool>(
    n: &Nibbles,
    digits: &[u8; 16],
    input: &[u8],
    out: Out,
) -> (usize, usize) {
    let (b, len) = (V::BYTES, input.len());
    if len < b || !has_room(input, out, encode_room::<V>()) {
        return (0, 0);
    }
    // The output is reached only through `dst` from here: a use of `out` would invalidate
    // the pointer under Stacked Borrows, which Miri checks (scripts/test.d/62-miri.sh).
    let (src, dst) = (input.as_ptr(), out.as_mut_ptr().cast::<u8>());
    // SAFETY: in the whole body, the caller's promise for the vectors. Loads: every whole
    // block lies in the input, and so do the tail's (`B <= len`). Stores: each block starts
    // at `w <= 3 * i`, and `has_room` leaves `encode_room` past `3 * len`, which covers a
    // heavy step; light rounds run only where `slack` input bytes follow, which covers their
    // stores when a unit is bad.
    unsafe {
        let e = Enc::<V, PLUS>::new(n, digits);
        let order = V::order();
        let (mut i, mut w) = (0, 0);
        // Light rounds run while `slack` input follows, for the stores of a round of bad
        // units (docs/kernels.md, "Bulk loop"). A compressing vector's units are never bad.
        let slack = if V::COMPRESS {
            0
        } else {
            ((ROUND * 2 * V::LANES - 1) * LIGHT_BAD as usize + 16).div_ceil(3)
        };
        if len >= slack + ROUND * b {
            let light_end = len - slack;
            if len >= PREFETCH_FROM {
                (i, w) =
                    blocks::<V, PLUS, true>(&e, &order, (src, dst), (i, w), len - AHEAD, light_end);
            }
            (i, w) = blocks::<V, PLUS, false>(&e, &order, (src, dst), (i, w), len, light_end);
        }
        // What the rounds leave, or all of a shorter input: a block at a time.
        while i + b <= len {
            w += e.block(&order, V::load(src.add(i)), b, dst.add(w)).0;
            i += b;
        }
        if i < len {
            // The tail: the input's last B bytes again, from where their encoding began.
            let at = overlap::<V>(w, e.classify(V::load(src.add(i - b))).0.movemask(), len - i);
            (i, w) = (len, at + e.block(&order, V::load(src.add(len - b)), b, dst.add(at)).0);
        }
        (i, w)
    }
}

/// The whole blocks of the input at `src` from `(i, w)` while a block ends by `end`: in
/// light rounds of [`ROUND`] blocks while a round ends by `light_end`, in heavy blocks from a round
/// that a light unit cannot take until a pair has at most `3B / 8` escapes. With `FAR`, each
/// round or block prefetches `AHEAD`. Returns where it stopped.
/// Safety: as in [`encode`], whose bounds these are.
#[inline(always)]
unsafe fn blocks<V: Vector, const PLUS: bool, const FAR: bool>(
    e: &Enc<V, PLUS>,
    order: &(V, V),
    (src, dst): (*const u8, *mut u8),
    (mut i, mut w): (usize, usize),
    end: usize,
    light_end: usize,
) -> (usize, usize) {
    let (b, light_end) = (V::BYTES, light_end.min(end));
    // SAFETY: see `encode`.
    unsafe {
        // Where the last of the `n` bytes ending by `end` start (null, below any `s`, if none).
        let last =
            |end: usize, n: usize| end.checked_sub(n).map_or(core::ptr::null(), |at| src.add(at));
        // The last light round's and the last heavy pair's starts.
        let (round_end, last_pair) = (last(light_end, ROUND * b), last(end, 2 * b));
        'light: loop {
            // Pointers in this loop, which leaves the registers to the units.
            let (mut s, mut d) = (src.add(i), dst.add(w));
            while s <= round_end {
                if FAR {
                    for k in 0..ROUND * b / 64 {
                        V::prefetch::<false>(s.wrapping_add(AHEAD + 64 * k));
                        V::prefetch::<true>(d.wrapping_add(AHEAD + 64 * k));
                    }
                }
                let bad = d.wrapping_add(LIGHT_BAD as usize);
                for k in 0..ROUND {
                    let v = V::load(s.add(k * b));
                    let (esc, lo_n, hi_n) = e.classify(v);
                    let mask = esc.movemask();
                    if mask == 0 {
                        e.text(v).store(d);
                        d = d.add(b);
                    } else if let Some(o) = e.light::<false>((v, esc, lo_n, hi_n), mask, d) {
                        d = d.add(o);
                    }
                }
                if !V::COMPRESS && d >= bad {
                    // A unit with more escapes than one store holds: these blocks again,
                    // heavy, and the next ones, which are probably as dense.
                    d = bad.wrapping_sub(LIGHT_BAD as usize);
                    for k in 0..ROUND {
                        d = d.add(e.heavy(order, V::load(s.add(k * b)), d).0);
                    }
                    s = s.add(ROUND * b);
                    break;
                }
                s = s.add(ROUND * b);
            }
            // Heavy blocks, two a round, until a pair has at most 3B / 8 escapes (an output of
            // at most 2.75 B): the next is probably light again.
            while s <= last_pair {
                if FAR {
                    V::prefetch::<false>(s.wrapping_add(AHEAD));
                    V::prefetch::<true>(d.wrapping_add(AHEAD));
                }
                let first = e.heavy(order, V::load(s), d).0;
                let second = e.heavy(order, V::load(s.add(b)), d.add(first)).0;
                (s, d) = (s.add(2 * b), d.add(first + second));
                if first + second <= 2 * b + 3 * b / 4 && s <= round_end {
                    (i, w) = (s as usize - src as usize, d as usize - dst as usize);
                    continue 'light;
                }
            }
            if s as usize - src as usize + b <= end {
                d = d.add(e.heavy(order, V::load(s), d).0);
                s = s.add(b);
            }
            return (s as usize - src as usize, d as usize - dst as usize);
        }
    }
}

/// How many leading bytes of `input` the profile writes unchanged (a space to `+` is a change).
#[inline(always)]
pub(crate) unsafe fn clean_prefix<V: Vector, const PLUS: bool>(n: &Nibbles, input: &[u8]) -> usize {
    // SAFETY: the caller's promise; each load reads one whole chunk, or `short_source`'s.
    unsafe {
        let e = Enc::<V, PLUS>::new(n, &[0; 16]);
        let mut i = 0;
        while i + V::BYTES <= input.len() {
            let mask = e.changed(V::load(input.as_ptr().add(i)));
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += V::BYTES;
        }
        let mut buf = [0u8; 64];
        let q = short_source::<V, _>(&input[i..], &mut buf);
        let mask = e.changed(V::load_at(q, input.len() - i, 0)) | 1 << (input.len() - i);
        i + mask.trailing_zeros() as usize
    }
}

/// The decoder's constants, made once per call.
struct Dec<V: Vector, const PLUS: bool, const REJECT: bool> {
    pct: V,
    plus: V,
    space: V,
    hex: [V; 3],
}

/// What one decode step did.
struct Decoded {
    written: usize,
    /// The leading bytes of the next block that an escape of this one consumed.
    carry: u64,
    /// The bytes of this block that were kept (the others were an escape's digits).
    keep: u64,
}

impl<V: Vector, const PLUS: bool, const REJECT: bool> Dec<V, PLUS, REJECT> {
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the caller's promise.
        unsafe {
            Dec {
                pct: V::splat(b'%'),
                plus: V::splat(b'+'),
                space: V::splat(b' '),
                hex: V::hex_tables(),
            }
        }
    }

    /// The first look at block `a`: its `%` bytes (a vector and a mask), and `a` as text
    /// (`+` read as a space in forms).
    #[inline(always)]
    fn scan(&self, a: V) -> (V, u64, V) {
        let pct = a.eq(self.pct);
        let text = if PLUS { a.eq(self.plus).select(a, self.space) } else { a };
        (pct, pct.movemask(), text)
    }

    /// Decodes a block given its [`scan`](Dec::scan), into `dst`; `ahead` is the block 1
    /// and 2 bytes on, `carry` marks its leading bytes that an escape of the previous block
    /// consumed. `None`: strict decoding met a malformed escape here.
    /// Safety: `dst` is valid for writes of `B` bytes.
    #[inline(always)]
    unsafe fn step(
        &self,
        (pct, pm, text): (V, u64, V),
        (one, two): (V, V),
        carry: u64,
        dst: *mut u8,
    ) -> Option<Decoded> {
        let full = low::<V>(V::BYTES);
        // No branch on the bytes where the step is a compress (the short path's values,
        // with a `%` in some and not in others, mispredicted it: AVX-512 decoded the 64-byte
        // `sparse` calls at 4.5x percent-encoding with it, 6.5x without).
        if !V::COMPRESS && pm | carry == 0 {
            // SAFETY: the caller's bound.
            unsafe { text.store(dst) };
            return Some(Decoded { written: V::BYTES, carry: 0, keep: full });
        }
        let (bad, digits) = V::hex_pair(one, two, &self.hex);
        let valid_v = bad.andnot(pct);
        let valid = valid_v.movemask();
        if REJECT && valid != pm {
            return None;
        }
        let decoded = valid_v.select(text, digits);
        // The digits of the escapes go, and their overflow into the next block is its carry
        // (128 bits for 64-byte vectors; below that, the compiler keeps to one register).
        let wide = u128::from(valid) << 1 | u128::from(valid) << 2;
        let keep = !(wide as u64 | carry) & full;
        let carry = (wide >> V::BYTES) as u64;
        if !V::COMPRESS && keep == full {
            // SAFETY: the caller's bound.
            unsafe { decoded.store(dst) };
            return Some(Decoded { written: V::BYTES, carry, keep });
        }
        // SAFETY: the caller's bound.
        let written = unsafe { decoded.compact(keep, dst) };
        Some(Decoded { written, carry, keep })
    }

    /// Decodes all of `input` (at most `2B` bytes) into `dst` in one or two padded steps,
    /// as if it ended the input; returns the bytes written. `None` where strict decoding
    /// met a malformed escape. From `B + 2` bytes on, no padded copy: the second step takes
    /// the last `B` bytes, its overlap dropped as a carry (docs/kernels.md, "Short-value step").
    /// Safety: `dst` is valid for writes of `2B` bytes.
    #[inline(always)]
    unsafe fn short(&self, input: &[u8], dst: *mut u8) -> Option<usize> {
        let (b, n, p) = (V::BYTES, input.len(), input.as_ptr());
        debug_assert!(n <= 2 * b);
        // SAFETY: loads in the input (n >= B + 2, or masked) or `buf`; stores in the caller's 2B.
        unsafe {
            if n >= b + 2 {
                let ahead = (V::load(p.add(1)), V::load(p.add(2)));
                let s0 = self.step(self.scan(V::load(p)), ahead, 0, dst)?;
                let skip = 2 * b - n;
                let end = V::load(p.add(n - b));
                // An escape in the overlap was judged by the first step already, on the
                // same bytes: the same verdict here, so strict decoding rejects nothing the
                // first step accepted.
                let carry = s0.carry << skip | low::<V>(skip);
                let ahead = (end.ahead::<1>(), end.ahead::<2>());
                let s1 = self.step(self.scan(end), ahead, carry, dst.add(s0.written))?;
                return Some(s0.written + s1.written);
            }
            let mut buf = [0u8; 2 * 64 + 2];
            let q = short_source::<V, _>(input, &mut buf);
            let ahead = (V::load_at(q, n, 1), V::load_at(q, n, 2));
            let s0 = self.step(self.scan(V::load_at(q, n, 0)), ahead, 0, dst)?;
            if n <= b {
                return Some((s0.keep & low::<V>(n)).count_ones() as usize);
            }
            let ahead = (V::load_at(q, n, b + 1), V::load_at(q, n, b + 2));
            let s1 =
                self.step(self.scan(V::load_at(q, n, b)), ahead, s0.carry, dst.add(s0.written))?;
            Some(s0.written + (s1.keep & low::<V>(n - b)).count_ones() as usize)
        }
    }
}

/// Decodes all of a short `input` (at most `4B` bytes) into `out`, as [`decode`] does for
/// such input but without its setup and loops: the short-call path. Returns the bytes
/// written; `None` where strict decoding met a malformed escape (the scalar kernel reports
/// it), the input is longer, or `out` is shorter than the steps' stores (`4B` bytes).
///
/// Over `2B` bytes, the input is cut in two values where no escape crosses the cut (the
/// first must not hold a `%` in its last two bytes; docs/kernels.md, "Short-value step").
#[inline(always)]
pub(crate) unsafe fn decode_short<V: Vector, const PLUS: bool, const REJECT: bool>(
    input: &[u8],
    out: Out,
) -> Option<usize> {
    let (b, n) = (V::BYTES, input.len());
    if n > 4 * b || out.len() < if n <= 2 * b { 2 * b } else { 4 * b } {
        return None;
    }
    let dst = out.as_mut_ptr().cast::<u8>();
    // SAFETY: the caller's promise; `out` has 4B bytes, and each value's steps store 2B.
    unsafe {
        let d = Dec::<V, PLUS, REJECT>::new();
        if n <= 2 * b {
            return d.short(input, dst);
        }
        let mut cut = 2 * b;
        while input[cut - 2] == b'%' || input[cut - 1] == b'%' {
            cut -= 1;
            // The second value must stay within 2B bytes (a run of `%` this long is rare).
            if cut + 2 * b < n || cut < 2 {
                return None;
            }
        }
        let written = d.short(&input[..cut], dst)?;
        Some(written + d.short(&input[cut..], dst.add(written))?)
    }
}

/// The escape at `src + i + p`, in a block already stored as it is at `dst + w`: its byte
/// written in place. Returns where decoding goes on, or `Err` with where strict decoding
/// stops (a malformed escape: the scalar kernel reports it). Lenient decoding keeps the `%`.
/// Safety: `src + i + p + 2` is readable and `dst + w + p` writable.
#[inline(always)]
pub(crate) unsafe fn fix_one<const REJECT: bool>(
    src: *const u8,
    dst: *mut u8,
    (i, w): (usize, usize),
    p: usize,
) -> Result<(usize, usize), (usize, usize)> {
    // SAFETY: the caller's bounds.
    unsafe {
        let (h, l) = (UNHEX[*src.add(i + p + 1) as usize], UNHEX[*src.add(i + p + 2) as usize]);
        if h | l < 16 {
            *dst.add(w + p) = h << 4 | l;
            return Ok((i + p + 3, w + p + 1));
        }
    }
    if REJECT {
        Err((i + p, w + p))
    } else {
        Ok((i + p + 1, w + p + 1))
    }
}

/// Decodes `input` into `out` (at least `input.len()` bytes) under the `%XX` byte unit;
/// returns (bytes read, bytes written), always at a unit boundary. Stops early where strict
/// decoding meets a malformed escape, and leaves a `%` in the last two bytes to the scalar
/// kernel when more input may follow (`last == false`).
#[inline(always)]
pub(crate) unsafe fn decode<V: Vector, const PLUS: bool, const REJECT: bool>(
    input: &[u8],
    out: Out,
    last: bool,
) -> (usize, usize) {
    let b = V::BYTES;
    // `carry` (2 bits) in 32 bits: docs/kernels.md, "Fixed-stride step".
    let (mut i, mut w, mut carry) = (0usize, 0usize, 0u32);
    let far = input.len() >= PREFETCH_FROM;
    // The bulk: every whole block whose look-ahead is in the input. `w <= i` throughout
    // (decoding never writes more than it reads), so one bound covers input and output.
    let end = input.len().min(out.len());
    let room = out.len();
    // `out` is reached only through `dst` from here (see `encode`).
    let (src, dst) = (input.as_ptr(), out.as_mut_ptr().cast::<u8>());
    // SAFETY: in the whole body, the caller's promise for the vectors. Loads and stores stay
    // below `end` (each comment says how), the fixes within the block they fix.
    unsafe {
        let d = Dec::<V, PLUS, REJECT>::new();
        while i + b + 2 <= end {
            // Here `carry` is 0: the loop below leaves only after a block without one.
            if !PLUS {
                // Runs without `%`: 2B bytes a round, two compares, one test, two stores.
                while i + 2 * b + 2 <= end {
                    let (x, y) = (V::load(src.add(i)), V::load(src.add(i + b)));
                    let (px, py) = (x.eq(d.pct), y.eq(d.pct));
                    x.store(dst.add(w));
                    y.store(dst.add(w + b));
                    if far {
                        V::prefetch::<false>(src.wrapping_add(i + AHEAD));
                    }
                    if px.or(py).movemask() == 0 {
                        (i, w) = (i + 2 * b, w + 2 * b);
                        continue;
                    }
                    let (mx, my) = (px.movemask(), py.movemask());
                    // Two or more: the block steps below. Else one, fixed in place.
                    let p = if V::BYTES < 64 {
                        let pm = mx | my << (b % 64);
                        if pm & (pm - 1) != 0 {
                            break;
                        }
                        pm.trailing_zeros() as usize
                    } else {
                        // 2B bits do not fit a `u64` (as a `u128` for all, dense input
                        // cost AVX2 3% more instructions): one mask at a time.
                        if mx & mx.wrapping_sub(1) | my & my.wrapping_sub(1) != 0
                            || mx != 0 && my != 0
                        {
                            break;
                        }
                        if mx != 0 {
                            mx.trailing_zeros() as usize
                        } else {
                            b + my.trailing_zeros() as usize
                        }
                    };
                    match fix_one::<REJECT>(src, dst, (i, w), p) {
                        Ok(at) => (i, w) = at,
                        Err(at) => return at,
                    }
                }
                if i + b + 2 > end {
                    break;
                }
            }
            // Blocks with escapes, stepped until one has at most one and no carry, at one
            // branch a block (docs/kernels.md, "Fixed-stride step").
            while i + b + 2 <= end {
                if far {
                    V::prefetch::<false>(src.wrapping_add(i + AHEAD));
                }
                let scan = d.scan(V::load(src.add(i)));
                let pm = scan.1;
                // With a byte compress, a block with one escape steps too: branching on the
                // count mispredicts (docs/kernels.md, "Which ISA differences are real").
                let more = if V::COMPRESS { pm } else { pm & pm.wrapping_sub(1) };
                if u64::from(carry) | more == 0 {
                    // At most one: the block as it is, the escape fixed in place.
                    scan.2.store(dst.add(w));
                    (i, w) = if pm == 0 {
                        (i + b, w + b)
                    } else {
                        match fix_one::<REJECT>(src, dst, (i, w), pm.trailing_zeros() as usize) {
                            Ok(at) => at,
                            Err(at) => return at,
                        }
                    };
                    break;
                }
                let ahead = (V::load(src.add(i + 1)), V::load(src.add(i + 2)));
                let Some(s) = d.step(scan, ahead, u64::from(carry), dst.add(w)) else {
                    return (i + carry.count_ones() as usize, w);
                };
                (i, w, carry) = (i + b, w + s.written, s.carry as u32);
            }
        }
        // The end: the carried digits, then the rest (under B + 2 bytes) in at most two
        // padded steps, short of a `%` in its last two bytes unless `last` (docs/kernels.md,
        // "Decode tail").
        i += carry.count_ones() as usize;
        let rest = &input[i.min(input.len())..];
        let cut = match rest {
            _ if last => rest.len(),
            [.., b'%', _] => rest.len() - 2,
            [.., b'%'] => rest.len() - 1,
            _ => rest.len(),
        };
        if cut == 0 || cut > 2 * b || room < w + 2 * b {
            return (i, w);
        }
        match d.short(&rest[..cut], dst.add(w)) {
            Some(written) => (i + cut, w + written),
            None => (i, w),
        }
    }
}

/// Copies `input` (at most 64 bytes) to the start of `out` and returns `true` if it has no
/// `%`; `false`, with `out` untouched, if it has one, or `input` is longer than 64 bytes,
/// or `out` is shorter. Such a value decodes to itself without `+` as a space: the short
/// decode path copies it inline with the target's baseline vector (docs/kernels.md,
/// "Short-value step").
#[inline(always)]
pub(crate) fn copy_clean<V: Bytes>(input: &[u8], out: Out) -> bool {
    const MAX: usize = 64;
    let n = input.len();
    let Some(out) = out.first_chunk_mut::<MAX>() else { return false };
    if n > MAX || V::BYTES != 16 {
        return false;
    }
    let (src, dst) = (input.as_ptr(), out.as_mut_ptr().cast::<u8>());
    if n >= 16 {
        // SAFETY: `V` is the target's baseline vector (every CPU it runs on has it). The
        // loads lie in the input's `n` bytes and the stores in the first `n` of `out`'s 64.
        unsafe {
            let pct = V::splat(b'%');
            let a = V::load(src);
            let d = V::load(src.add(n - 16));
            if n < 32 {
                if a.eq(pct).or(d.eq(pct)).movemask() != 0 {
                    return false;
                }
                a.store(dst);
                d.store(dst.add(n - 16));
                return true;
            }
            // The first 16 bytes alone first: escaped text mostly has a `%` there.
            if a.eq(pct).movemask() != 0 {
                return false;
            }
            let (b, c) = (V::load(src.add(16)), V::load(src.add(n - 32)));
            if b.eq(pct).or(c.eq(pct)).or(d.eq(pct)).movemask() != 0 {
                return false;
            }
            a.store(dst);
            b.store(dst.add(16));
            c.store(dst.add(n - 32));
            d.store(dst.add(n - 16));
        }
        return true;
    }
    // The word test for a `%` byte is exact about whether there is one (only which one may
    // be wrong, and that is not asked).
    let has_pct = |x: u64| zero_bytes(x ^ (ONES * u64::from(b'%'))) != 0;
    if let (true, Some(&a), Some(&b)) = (n >= 8, input.first_chunk::<8>(), input.last_chunk()) {
        if has_pct(u64::from_ne_bytes(a)) || has_pct(u64::from_ne_bytes(b)) {
            return false;
        }
        out[..8].copy_from_slice(&a.map(MaybeUninit::new));
        out[n - 8..n].copy_from_slice(&b.map(MaybeUninit::new));
    } else if let (Some(&a), Some(&b)) = (input.first_chunk::<4>(), input.last_chunk()) {
        if has_pct(u64::from(u32::from_ne_bytes(a)) | u64::from(u32::from_ne_bytes(b)) << 32) {
            return false;
        }
        out[..4].copy_from_slice(&a.map(MaybeUninit::new));
        out[n - 4..n].copy_from_slice(&b.map(MaybeUninit::new));
    } else if n > 0 {
        // Three compares cost less than packing the bytes into a word.
        let (a, b, c) = (input[0], input[n / 2], input[n - 1]);
        if a == b'%' || b == b'%' || c == b'%' {
            return false;
        }
        out[0].write(a);
        out[n / 2].write(b);
        out[n - 1].write(c);
    }
    true
}

/// `f::<V, …>(args)` with the run-time flags `[plus]` or `[plus, reject]` as constant
/// generics: one instance of the algorithm per combination, chosen once per call (a flag at
/// a time, each `if` adding it to the generic arguments).
macro_rules! with_flags {
    ($($f:ident)::+ <$($g:tt),+> [] ($($a:expr),*)) => { $($f)::+::<$($g),+>($($a),*) };
    ($($f:ident)::+ <$($g:tt),+> [$p:expr $(, $rest:expr)*] ($($a:expr),*)) => {
        if $p {
            $crate::kernel::generic::with_flags!($($f)::+ <$($g),+, true> [$($rest),*] ($($a),*))
        } else {
            $crate::kernel::generic::with_flags!($($f)::+ <$($g),+, false> [$($rest),*] ($($a),*))
        }
    };
}
pub(crate) use with_flags;

/// The `#[target_feature]` entry points of a kernel over a [`Vector`] type: `clean_prefix`,
/// `encode`, `decode` and `decode_short`, as `kernel::Ops` describes them, each the generic
/// function of its name with the profile's flags as constants ([`with_flags!`]).
///
/// Each `unsafe` block below rests on one fact: a `#[target_feature]` function runs only
/// where the CPU has its features (its callers promise it), which are `$v`'s.
macro_rules! entry_points {
    ($features:literal, $v:ty) => {
        use $crate::kernel::generic::{self, with_flags};
        use $crate::kernel::Out;
        use $crate::profile::Profile;

        const _: () = assert!(generic::encode_room::<$v>() <= $crate::kernel::ROOM);

        #[target_feature(enable = $features)]
        pub(crate) fn clean_prefix(p: &Profile, input: &[u8]) -> usize {
            let n = p.nibbles();
            // SAFETY: see `entry_points!`.
            unsafe { with_flags!(generic::clean_prefix<$v>[n.plus](n, input)) }
        }

        /// Encodes `input` into `out`: `generic::encode_clean`, else `encode_small`, else
        /// `encode`, the last two `#[inline(never)]` (docs/kernels.md, "Short values (encode)").
        #[target_feature(enable = $features)]
        pub(crate) fn encode(p: &Profile, input: &[u8], out: Out) -> (usize, usize) {
            generic::prefetch_next::<$v>(input, out);
            let n = p.nibbles();
            // SAFETY: see `entry_points!`.
            let clean = unsafe { with_flags!(generic::encode_clean<$v>[n.plus](n, input, out)) };
            match clean {
                Some(done) => done,
                None => encode_small(p, input, out),
            }
        }

        #[target_feature(enable = $features)]
        #[inline(never)]
        fn encode_small(p: &Profile, input: &[u8], out: Out) -> (usize, usize) {
            let (n, digits) = (p.nibbles(), p.hex_case().digits());
            let small =
                // SAFETY: see `entry_points!`.
                unsafe { with_flags!(generic::encode_small<$v>[n.plus](n, digits, input, out)) };
            match small {
                Some(done) => done,
                None => encode_long(p, input, out),
            }
        }

        #[target_feature(enable = $features)]
        #[inline(never)]
        fn encode_long(p: &Profile, input: &[u8], out: Out) -> (usize, usize) {
            let (n, digits) = (p.nibbles(), p.hex_case().digits());
            // SAFETY: see `entry_points!`.
            unsafe { with_flags!(generic::encode<$v>[n.plus](n, digits, input, out)) }
        }

        #[target_feature(enable = $features)]
        pub(crate) fn decode(
            plus: bool,
            strict: bool,
            input: &[u8],
            out: Out,
            last: bool,
        ) -> (usize, usize) {
            generic::prefetch_next::<$v>(input, out);
            // SAFETY: see `entry_points!`.
            unsafe { with_flags!(generic::decode<$v>[plus, strict](input, out, last)) }
        }

        #[target_feature(enable = $features)]
        pub(crate) fn decode_short(
            plus: bool,
            strict: bool,
            input: &[u8],
            out: Out,
        ) -> Option<usize> {
            generic::prefetch_next::<$v>(input, out);
            // SAFETY: see `entry_points!`.
            unsafe { with_flags!(generic::decode_short<$v>[plus, strict](input, out)) }
        }
    };
}
pub(crate) use entry_points;
