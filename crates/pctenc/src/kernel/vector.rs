//! The vector operations of the one generic algorithm ([`super::generic`]), implemented
//! per instruction set (`x86_64/`, `aarch64/`, `wasm32/`) as lists of intrinsics (`ops!`,
//! `bytes!`, below). [`Bytes`] is what copying a short value without `%` needs, all that the
//! x86_64 baseline (SSE2) offers; [`Vector`] a kernel's full width, in 16-byte [`Lane`]s,
//! where the tables apply (`PSHUFB` and its kin do not cross 16 bytes). docs/kernels.md,
//! "The vector trait", has the list of what differs per instruction set, and why.
//!
//! # Safety
//!
//! The traits are `unsafe` to implement: a method may execute its type's instruction set,
//! because a value of the type exists only where the CPU has it. The only ways to make one
//! are [`Bytes::splat`], [`Bytes::load`] and [`Vector::table`], whose callers promise it
//! (the kernels' `#[target_feature]` entry points, `generic::entry_points!`). Loads and
//! stores are `unsafe` for their pointers too.

/// Byte vectors: what a short copy needs.
///
/// # Safety
/// See the module docs.
pub(crate) unsafe trait Bytes: Copy {
    /// Bytes per vector.
    const BYTES: usize;
    /// `b` in every byte. Safety: the CPU has the type's instruction set.
    unsafe fn splat(b: u8) -> Self;
    /// The [`BYTES`](Bytes::BYTES) bytes at `p`, unaligned. Safety: as
    /// [`splat`](Bytes::splat), and `p` is valid for reads of `BYTES` bytes.
    unsafe fn load(p: *const u8) -> Self;
    /// Stores the vector at `p`, unaligned. Safety: `p` is valid for writes of `BYTES` bytes.
    unsafe fn store(self, p: *mut u8);
    /// `0xFF` where the bytes are equal, else `0`.
    fn eq(self, b: Self) -> Self;
    fn or(self, b: Self) -> Self;
    /// Bit `i` is set where byte `i` is. Only for comparison results, whose bytes are all
    /// ones or all zeros (NEON sums the bytes' bit weights).
    fn movemask(self) -> u64;
}

/// A kernel's vector: 16, 32 or 64 bytes, in [`LANES`](Vector::LANES) lanes of 16.
///
/// # Safety
/// See the module docs.
pub(crate) unsafe trait Vector: Bytes {
    /// 16-byte lanes per vector: 1, 2 or 4.
    const LANES: usize;
    type Lane: Lane;
    /// A 16-byte table in every lane. Safety: as [`Bytes::splat`].
    unsafe fn table(t: &[u8; 16]) -> Self;
    /// [`pair_order`](Vector::pair_order)'s index vectors, made once per call: none (zeros
    /// the compiler drops) with one lane. Safety: as [`Bytes::splat`].
    #[inline(always)]
    unsafe fn order() -> (Self, Self) {
        // SAFETY: the caller's promise.
        unsafe { (Self::splat(0), Self::splat(0)) }
    }
    fn and(self, b: Self) -> Self;
    /// `!self & b`.
    fn andnot(self, b: Self) -> Self;
    /// Byte-wise wrapping addition.
    fn add(self, b: Self) -> Self;
    /// Each byte's high nibble, `(b >> 4) & 15`.
    fn high_nibbles(self) -> Self;
    /// Each byte shifted left by 4. Only for bytes below 16: on x86 the shift is 16 bits
    /// wide, and the high nibble of an even byte lands in the low nibble of the next one.
    fn shl4(self) -> Self;
    /// `self[idx]` per lane, `self` a 16-byte table, `idx` below 16 or with bit 7 set for a zero:
    /// `PSHUFB`'s semantics, which `TBL` and `swizzle` share for such indices ([`super::tables`]).
    fn lookup(self, idx: Self) -> Self;
    /// `b` where `self` (all ones or all zeros per byte) is set, else `a`.
    fn select(self, a: Self, b: Self) -> Self;
    /// Per lane, the 4-byte units of `self` and `b` interleaved: `[a0 b0 a1 b1]` of the low
    /// half (`zip32::<false>`) or `[a2 b2 a3 b3]` of the high half (`zip32::<true>`).
    fn zip32<const HIGH: bool>(self, b: Self) -> Self;
    /// Per lane, the 8-byte halves: `[a0 b0]` or, `HIGH`, `[a1 b1]`.
    fn zip64<const HIGH: bool>(self, b: Self) -> Self;
    /// The 4-byte groups in the order of the expansion table: identity with one lane; with
    /// two, groups 0, 2, 4, 6 in lane 0 and 1, 3, 5, 7 in lane 1, so that the interleaves put
    /// groups `2k` and `2k + 1` in one vector. `INVERSE` undoes it. Not called where the
    /// vector [compresses](Vector::COMPRESS).
    #[inline(always)]
    fn pair_order<const INVERSE: bool>(self, _order: &(Self, Self)) -> Self {
        debug_assert!(Self::LANES == 1);
        self
    }
    /// The vector moved down by `N` bytes (`N` is 1 or 2), zeros in the top `N`: byte `i`
    /// is byte `i + N`.
    fn ahead<const N: usize>(self) -> Self;
    /// Lane `i` (below [`LANES`](Vector::LANES)).
    fn lane(self, i: usize) -> Self::Lane;
    /// The decoder's hex-digit tables, made once per call. Safety: as [`Bytes::splat`].
    #[inline(always)]
    unsafe fn hex_tables() -> [Self; 3] {
        use super::tables::{HEX_ADJUST, HEX_HI, HEX_LO};
        // SAFETY: the caller's promise.
        unsafe { [Self::table(&HEX_LO), Self::table(&HEX_HI), Self::table(&HEX_ADJUST)] }
    }
    /// `one`, `two`: a block 1 and 2 bytes on. Bit 7 of `bad` is set where either is no hex
    /// digit (every bit, by nibbles); `value`, the byte they spell; `t`: [`Vector::hex_tables`].
    #[inline(always)]
    fn hex_pair(one: Self, two: Self, [lo_t, hi_t, adjust]: &[Self; 3]) -> (Self, Self) {
        // SAFETY: `one` exists, so the CPU has the instruction set (the module docs).
        let (low4, zero) = unsafe { (Self::splat(0x0F), Self::splat(0)) };
        let (l1, h1, l2, h2) =
            (one.and(low4), one.high_nibbles(), two.and(low4), two.high_nibbles());
        let (ok1, ok2) =
            (lo_t.lookup(l1).and(hi_t.lookup(h1)), lo_t.lookup(l2).and(hi_t.lookup(h2)));
        // The value of a letter `G`-`O` or `g`-`o` at byte j + 1 is 16 or more; `shl4` may
        // carry it into lane j + 1, whose byte is that letter, not a `%`: never taken.
        let value = l1.add(adjust.lookup(h1)).shl4().or(l2.add(adjust.lookup(h2)));
        (ok1.eq(zero).or(ok2.eq(zero)), value)
    }
    /// Whether [`load_at`](Vector::load_at) masks: short input read in place, not copied.
    const MASKED: bool = false;
    /// The `B` bytes at `q + k` of the `n` at `q`, zeros from byte `n` on (without masks, `q`
    /// is a zero-padded copy). Safety: `n` bytes at `q` readable; without masks, `B` at `q + k`.
    #[inline(always)]
    unsafe fn load_at(q: *const u8, _n: usize, k: usize) -> Self {
        // SAFETY: the caller's promise.
        unsafe { Self::load(q.wrapping_add(k)) }
    }
    /// `x`, which the compiler must take as it is (AVX2: so that one register addresses a
    /// pattern and its lengths; docs/kernels.md, "Bulk loop").
    #[inline(always)]
    fn opaque(x: usize) -> usize {
        x
    }
    /// Whether the instruction set compresses bytes by a mask (AVX-512 VBMI2's
    /// `VPCOMPRESSB`): then [`expand`](Vector::expand) encodes every block with escapes and
    /// [`compact`](Vector::compact) is one instruction, where the tables take a shuffle per 4
    /// or 8 bytes; the encoder's light units and heavy groups (and their tables) go unused.
    const COMPRESS: bool = false;
    /// With [`COMPRESS`](Vector::COMPRESS): stores the encoding of a block with escapes
    /// (`mask`) at `dst`, given `x` (the block as written where kept), `h` and `l` (each
    /// byte's hex digits) and `pct` (`%` in every byte); returns `B + 2 * escapes`. Safety:
    /// as [`Bytes::splat`], and `dst` is valid for writes of `encode_room` bytes.
    unsafe fn expand(_x: Self, _h: Self, _l: Self, _pct: Self, _mask: u64, _dst: *mut u8) -> usize {
        unreachable!("only a COMPRESS vector expands a block whole")
    }
    /// Stores the bytes `keep` marks, in order, at `dst`, and returns how many: per 8-byte
    /// half through [`Lane::compact8`], unless the instruction set compresses. Safety: `dst`
    /// is valid for writes of `B` bytes.
    #[inline(always)]
    unsafe fn compact(self, keep: u64, dst: *mut u8) -> usize {
        let mut o = 0;
        for lane in 0..Self::LANES {
            let (l, k) = (self.lane(lane), (keep >> (16 * lane)) as usize);
            let (k0, k1) = (k & 0xFF, k >> 8 & 0xFF);
            // SAFETY: each half stores 8 bytes at no more than 8 per earlier half: within B.
            unsafe {
                l.compact8::<false>(k0, dst.add(o));
                o += super::tables::KEPT[k0] as usize;
                l.compact8::<true>(k1, dst.add(o));
            }
            o += super::tables::KEPT[k1] as usize;
        }
        o
    }
    /// Hints the cache to fetch the line at `p` for reading (`_WRITE`: for writing). Never
    /// faults; a no-op where the instruction set has no such hint.
    #[inline(always)]
    fn prefetch<const WRITE: bool>(_p: *const u8) {}
}

/// One 16-byte lane: where the expansion and compaction tables apply, a one-lane
/// [`Vector`] itself.
///
/// # Safety
/// See the module docs.
pub(crate) unsafe trait Lane: Vector {
    /// Gathers the bytes `keep` marks (bit `j`: byte `8 * HIGH + j`) of one 8-byte half to
    /// the front and stores 8 bytes at `p` ([`super::tables::COMPACT`]). Safety: `p` is
    /// valid for writes of 8 bytes.
    unsafe fn compact8<const HIGH: bool>(self, keep: usize, p: *mut u8);
}

/// The [`Vector`] items every one-lane (16-byte) vector shares: it is its own lane.
macro_rules! one_lane {
    () => {
        const LANES: usize = 1;
        type Lane = Self;
        #[inline(always)]
        unsafe fn table(t: &[u8; 16]) -> Self {
            // SAFETY: `t` is 16 readable bytes; the instruction set as the caller promises.
            unsafe { <Self as $crate::kernel::vector::Bytes>::load(t.as_ptr()) }
        }
        #[inline(always)]
        fn lane(self, _: usize) -> Self {
            self
        }
    };
}
pub(crate) use one_lane;

/// The [`Lane`] impl of a one-lane vector `$t` (a newtype of the instruction set's vector):
/// `compact8` is `$body`, which stores the bytes of `$v` (the inner vector) picked by the 8
/// indices of `$idx` (a `u64`) at `$p`.
macro_rules! own_lane {
    ($t:ident, compact8($v:ident, $idx:ident, $p:ident) => $body:expr) => {
        // SAFETY: as for the type's `Bytes`.
        unsafe impl $crate::kernel::vector::Lane for $t {
            #[inline(always)]
            unsafe fn compact8<const HIGH: bool>(self, keep: usize, $p: *mut u8) {
                let $idx: u64 = $crate::kernel::tables::COMPACT[HIGH as usize][keep & 0xFF];
                let $v = self.0;
                // SAFETY: the caller's bound (8 bytes at `$p`); the instruction set as for
                // the type's other methods.
                unsafe { $body }
            }
        }
    };
}
pub(crate) use own_lane;

/// `unsafe { $e }` in a method of a vector type, for its instruction set.
macro_rules! simd {
    ($e:expr) => {
        // SAFETY: a value of the type (`self`) exists only where the CPU has its instruction
        // set (`kernel::vector`).
        unsafe { $e }
    };
}
pub(crate) use simd;

/// Methods of [`Bytes`] or [`Vector`] that are one intrinsic on the inner vector, written
/// inside the impl: `name(b) => f` is `f(self.0, b.0)`, `name() => f` is `f(self.0)`, and
/// `name<HIGH>(b) => lo, hi` is `hi(self.0, b.0)` where `HIGH`, else `lo(self.0, b.0)`;
/// each result wrapped in `$t`.
macro_rules! ops {
    ($t:ident: $($name:ident $(<$high:ident>)? ($($b:ident)?) => $f:expr $(, $g:expr)?;)*) => {$(
        #[inline(always)]
        #[allow(unused_unsafe)] // wasm's intrinsics are safe functions
        fn $name$(<const $high: bool>)?(self $(, $b: Self)?) -> Self {
            $t($crate::kernel::vector::simd!(
                $crate::kernel::vector::ops!(@pick $($high)? [$f $(, $g)?] (self.0 $(, $b.0)?))
            ))
        }
    )*};
    (@pick [$f:expr] ($($a:expr),*)) => { $f($($a),*) };
    (@pick $high:ident [$lo:expr, $hi:expr] ($($a:expr),*)) => {
        if $high { $hi($($a),*) } else { $lo($($a),*) }
    };
}
pub(crate) use ops;

/// The [`Bytes`] impl of `$t`, `$n` bytes wide, from its intrinsics (unaligned loads and
/// stores); `$items` are its other methods (`eq`, `or`, `movemask`).
macro_rules! bytes {
    ($t:ident($n:literal): splat $splat:expr, load $load:expr, store $store:expr; $($items:tt)*) => {
        // SAFETY: a value of `$t` is made only by `splat`, `load` and `Vector::table`, whose
        // callers promise the instruction set, and every method executes only that.
        unsafe impl $crate::kernel::vector::Bytes for $t {
            const BYTES: usize = $n;
            #[inline(always)]
            #[allow(unused_unsafe)]
            unsafe fn splat(b: u8) -> Self {
                // SAFETY: the caller's promise.
                $t(unsafe { $splat(b as _) })
            }
            #[inline(always)]
            unsafe fn load(p: *const u8) -> Self {
                // SAFETY: the caller's promise and bound; the load needs no alignment.
                $t(unsafe { $load(p.cast()) })
            }
            #[inline(always)]
            unsafe fn store(self, p: *mut u8) {
                // SAFETY: the caller's bound; the store needs no alignment.
                unsafe { $store(p.cast(), self.0) }
            }
            $($items)*
        }
    };
}
pub(crate) use bytes;
