//! Kernels: the loops that do the work, behind one choice made once.
//!
//! [`scalar`] is always compiled: the oracle, and what finishes what a SIMD kernel leaves.
//! `generic` is the SIMD algorithm, written once over the operations of `vector`, each
//! instruction set a thin instance of it (`x86_64/`, `aarch64/`, `wasm32/`); [`tables`]
//! holds the lookup tables, derived from the readable definitions.
//!
//! A SIMD kernel takes whole blocks and reports how far it got, `(read, written)`; the
//! scalar kernel does the rest, and all of what a SIMD kernel does not implement (`%u`
//! escapes, kept escapes). The choice is made once: [`Kernel::detect`] asks the CPU (cached),
//! [`Kernel::force`] overrides it; each kernel's entry points are a row of one table
//! (`BUILT`, made by `kernels!`, the only place that says which kernel exists where), and a
//! call loads the chosen row (`ACTIVE`) once. The design: docs/kernels.md.

#[cfg(all(pctenc_simd, target_arch = "aarch64"))]
mod aarch64;
#[cfg(pctenc_simd)]
mod generic;
pub mod scalar;
pub mod tables;
#[cfg(pctenc_simd)]
mod vector;
#[cfg(all(pctenc_simd, target_arch = "wasm32"))]
mod wasm32;
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
mod x86_64;

use alloc::string::String;
use alloc::vec::Vec;
use core::mem::MaybeUninit;
#[cfg(pctenc_simd)]
use core::sync::atomic::AtomicPtr;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::error::DecodeError;
use crate::profile::{Decoding, Profile, Unit};
use crate::set::AsciiSet;
use scalar::Progress;

/// The kernels, each once: its name, where it exists, whether this CPU runs it, its entry
/// points (a module with those of [`Ops`]), and whether [`short`] copies a value without `%`
/// itself before calling it.
macro_rules! kernels {
    ($($(#[cfg($where:meta)])? $kernel:ident $name:literal, $doc:literal,
        runs: $runs:expr, entries: $entries:path, copy_clean: $copy:literal;)*) => {
        // In the order of `KERNELS` and `BUILT`: `kernel as usize` is its index in both.
        /// A kernel that can run on this CPU.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Kernel {
            $(#[doc = $doc] $(#[cfg($where)])? $kernel,)*
        }

        /// Every kernel this build has, slowest first (each needs what the one before it
        /// needs).
        const KERNELS: &[Kernel] = &[$($(#[cfg($where)])? Kernel::$kernel,)*];

        /// The entry points of each kernel of [`KERNELS`].
        static BUILT: [Ops; KERNELS.len()] = [$($(#[cfg($where)])? {
            use $entries as e;
            Ops {
                kernel: Kernel::$kernel,
                clean_prefix: e::clean_prefix,
                encode: e::encode,
                decode: e::decode,
                decode_short: e::decode_short,
                copy_clean: $copy,
            }
        },)*];

        impl Kernel {
            /// The kernel's name, as `--kernel` takes it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($(#[cfg($where)])? Kernel::$kernel => $name,)*
                }
            }

            /// Whether this CPU runs the kernel (asks the CPU; [`Kernel::available`] caches
            /// the answer).
            fn runs(self) -> bool {
                match self {
                    $($(#[cfg($where)])? Kernel::$kernel => $runs,)*
                }
            }
        }
    };
}

kernels! {
    Scalar "scalar", "The table-driven scalar kernel: portable, the oracle for the others.",
        runs: true, entries: none, copy_clean: false;
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Ssse3 "ssse3", "x86_64 SSSE3: 16 bytes per step, for CPUs without AVX2.",
        runs: x86_64::has!("ssse3"), entries: x86_64::ssse3, copy_clean: true;
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Avx2 "avx2", "x86_64 AVX2 (with POPCNT): 32 bytes per step.",
        runs: x86_64::has!("avx2", "popcnt"), entries: x86_64::avx2, copy_clean: true;
    // AVX-512 F and BW, the byte permutes of VBMI, the byte compress of VBMI2, BMI2's PDEP.
    // Its decode step takes no branch on the bytes (`generic::Dec::step`), which an inline
    // copy of values without `%` would add (it mispredicts on columns where some values have
    // one).
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Avx512 "avx512", "x86_64 AVX-512 with VBMI2's byte compress (and BMI2, POPCNT): 64 bytes per step.",
        runs: x86_64::has!("avx2", "popcnt", "avx512f", "avx512bw", "avx512vbmi", "avx512vbmi2",
            "bmi2"),
        entries: x86_64::avx512, copy_clean: false;
    #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
    Simd128 "simd128", "wasm32 simd128: 16 bytes per step; built only with `-C target-feature=+simd128`.",
        runs: true, entries: wasm32::simd128, copy_clean: true;
    #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
    Neon "neon", "aarch64 NEON: 16 bytes per step.",
        runs: true, entries: aarch64::neon, copy_clean: true;
}

/// The type of a kernel's entry point: `unsafe` to call with SIMD kernels (their target
/// features; see `call!`); a build with none has no `unsafe` at all.
#[cfg(pctenc_simd)]
macro_rules! entry {
    (($($arg:ty),*) -> $ret:ty) => { unsafe fn($($arg),*) -> $ret };
}
#[cfg(not(pctenc_simd))]
macro_rules! entry {
    (($($arg:ty),*) -> $ret:ty) => { fn($($arg),*) -> $ret };
}

/// A kernel's output: what it writes, it initialises (and reports), the rest it may not.
pub(crate) type Out<'a> = &'a mut [MaybeUninit<u8>];

/// One kernel's row of the dispatch table.
struct Ops {
    kernel: Kernel,
    /// How many leading bytes of the input the profile writes unchanged.
    clean_prefix: entry!((&Profile, &[u8]) -> usize),
    /// Encodes whole blocks into the output if it has [`ROOM`] past `3 * n`: `(read, written)`.
    encode: entry!((&Profile, &[u8], Out) -> (usize, usize)),
    /// Decodes `%XX` bytes (`+` as space, [`strict`]): `(read, written)` at a unit boundary.
    decode: entry!((bool, bool, &[u8], Out, bool) -> (usize, usize)),
    /// Decodes all of a value of at most [`SHORT_DECODE`] bytes, or `None`.
    #[cfg_attr(not(pctenc_simd), allow(dead_code))]
    decode_short: entry!((bool, bool, &[u8], Out) -> Option<usize>),
    /// Whether the short path copies a value without `%` itself first.
    #[cfg_attr(not(pctenc_simd), allow(dead_code))]
    copy_clean: bool,
}

/// Calls entry point `$f` of the kernel row `$ops`.
macro_rules! call {
    ($ops:expr, $f:ident($($arg:expr),*)) => {{
        #[cfg(pctenc_simd)]
        // SAFETY: rows come from `ops()`, which returns only kernels of `Kernel::available`,
        // and that lists a kernel only where the CPU has its instructions: the target
        // features of its entry points.
        let r = unsafe { ($ops.$f)($($arg),*) };
        #[cfg(not(pctenc_simd))]
        let r = ($ops.$f)($($arg),*);
        r
    }};
}

/// The scalar kernel's row: no bulk step, everything left to [`scalar`].
mod none {
    use super::{scalar, Out, Profile};
    pub(super) fn clean_prefix(p: &Profile, input: &[u8]) -> usize {
        scalar::clean_prefix(p.table(), input)
    }
    pub(super) fn encode(_: &Profile, _: &[u8], _: Out) -> (usize, usize) {
        (0, 0)
    }
    pub(super) fn decode(_: bool, _: bool, _: &[u8], _: Out, _: bool) -> (usize, usize) {
        (0, 0)
    }
    pub(super) fn decode_short(_: bool, _: bool, _: &[u8], _: Out) -> Option<usize> {
        None
    }
}

/// The row of the kernel in use ([`Kernel::current`]), null until one is chosen:
/// [`Kernel::force`] stores it directly, so a call finds its entry points in one load.
#[cfg(pctenc_simd)]
static ACTIVE: AtomicPtr<Ops> = AtomicPtr::new(core::ptr::null_mut());

/// [`Kernel::detect`]'s choice, as its index in [`BUILT`] plus one; 0 means "not chosen yet".
static CHOSEN: AtomicU8 = AtomicU8::new(0);

/// How many kernels of [`BUILT`] this CPU runs, plus one; 0 means "not asked yet".
static DETECTED: AtomicU8 = AtomicU8::new(0);

/// The row of the kernel in use: one load.
#[inline(always)]
fn ops() -> &'static Ops {
    #[cfg(pctenc_simd)]
    {
        let row = ACTIVE.load(Ordering::Relaxed);
        if row.is_null() {
            return first_use();
        }
        // SAFETY: `ACTIVE` holds null or a pointer to a row of the static `BUILT` (`force`
        // and `first_use` store nothing else), never written through.
        unsafe { &*row }
    }
    #[cfg(not(pctenc_simd))]
    &BUILT[0]
}

/// [`ops`] before any kernel was chosen: detection's choice, unless a concurrent
/// [`Kernel::force`] stored one meanwhile (it wins).
#[cfg(pctenc_simd)]
#[cold]
#[inline(never)]
fn first_use() -> &'static Ops {
    let detected = &BUILT[Kernel::detect() as usize];
    let row = core::ptr::from_ref(detected).cast_mut();
    match ACTIVE.compare_exchange(core::ptr::null_mut(), row, Ordering::Relaxed, Ordering::Relaxed)
    {
        Ok(_) => detected,
        // SAFETY: as in `ops`: a row of `BUILT`.
        Err(other) => unsafe { &*other },
    }
}

impl Kernel {
    /// The fastest kernel this CPU supports (asked once, then cached); with `std`, the
    /// available kernel that the `PCTENC_KERNEL` environment variable names instead, if any.
    /// The variable runs a whole test suite or program under one kernel without a code
    /// change (`PCTENC_KERNEL=scalar cargo test`); [`Kernel::force`] still overrides it.
    pub fn detect() -> Kernel {
        let n = CHOSEN.load(Ordering::Relaxed) as usize;
        if n > 0 {
            return KERNELS[n - 1];
        }
        let fastest = *Kernel::available().last().unwrap_or(&Kernel::Scalar);
        #[cfg(feature = "std")]
        let fastest = std::env::var("PCTENC_KERNEL")
            .ok()
            .and_then(|name| Kernel::by_name(&name))
            .unwrap_or(fastest);
        CHOSEN.store(fastest as u8 + 1, Ordering::Relaxed);
        fastest
    }

    /// Every kernel this CPU supports, slowest first.
    ///
    /// ```
    /// assert_eq!(pctenc::Kernel::available()[0], pctenc::Kernel::Scalar);
    /// ```
    pub fn available() -> &'static [Kernel] {
        let mut n = DETECTED.load(Ordering::Relaxed) as usize;
        if n == 0 {
            n = 1 + KERNELS.iter().take_while(|k| k.runs()).count();
            DETECTED.store(n as u8, Ordering::Relaxed);
        }
        &KERNELS[..n - 1]
    }

    /// The kernel the library uses now: the one [`Kernel::force`] chose, else
    /// [`Kernel::detect`]'s.
    #[inline]
    pub fn current() -> Kernel {
        ops().kernel
    }

    /// Makes every later call in this process use `kernel` (the CLI's `--kernel`, tests and
    /// benches); `None` goes back to detection. A kernel this CPU lacks is never selected:
    /// forcing one runs the scalar kernel instead.
    ///
    /// ```
    /// use pctenc::Kernel;
    /// Kernel::force(Some(Kernel::Scalar));
    /// assert_eq!(Kernel::current(), Kernel::Scalar);
    /// Kernel::force(None);
    /// ```
    pub fn force(kernel: Option<Kernel>) {
        let k = match kernel {
            Some(k) if Kernel::available().contains(&k) => k,
            Some(_) => Kernel::Scalar,
            None => Kernel::detect(),
        };
        #[cfg(pctenc_simd)]
        ACTIVE.store(core::ptr::from_ref(&BUILT[k as usize]).cast_mut(), Ordering::Relaxed);
        #[cfg(not(pctenc_simd))]
        let _ = k;
    }

    /// Finds an available kernel by name.
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::available().iter().copied().find(|k| k.name() == name)
    }
}

/// Output bytes past `3 * n` that a SIMD encoder may store into (its last step's full-width
/// stores): the most any kernel needs (AVX-512's 208; AVX2's 112), which `entry_points!`
/// checks for each.
pub(crate) const ROOM: usize = 208;

/// Output room of one [`encode_block`] call: any kernel, any [`scalar::BLOCK`] of input.
#[cfg(pctenc_simd)]
const ENCODE_BUF: usize = 3 * scalar::BLOCK + ROOM;

/// Input bytes per step of [`encode_append_vec`]: bounds how far ahead the output vector
/// reserves (3 bytes per input byte).
const VEC_STEP: usize = 64 << 10;

/// Inputs up to this long go through a small stack buffer when encoded by the scalar kernel.
const SHORT: usize = 256;

/// The capacity that lets [`encode_append_vec`] encode `n` bytes without growing the vector
/// (up to [`VEC_STEP`]; beyond, it grows per step).
pub(crate) const fn encode_capacity(n: usize) -> usize {
    3 * if n < VEC_STEP { n } else { VEC_STEP } + ROOM
}

/// Views initialised bytes as possibly-uninitialised ones, the SIMD kernels' output type.
#[cfg(pctenc_simd)]
fn as_uninit(s: &mut [u8]) -> Out<'_> {
    // SAFETY: `MaybeUninit<u8>` has the layout of `u8`, and every kernel writes only
    // initialised bytes through the view, so `s` stays initialised.
    unsafe { &mut *(s as *mut [u8] as *mut [MaybeUninit<u8>]) }
}

/// Whether a value under 64 bytes is UTF-8: from 16 bytes on under the AVX2 and AVX-512
/// kernels by simdutf8's AVX2 step (its own entry hands such values to std's validator: about
/// 240 instructions a decoded 60-byte URL against 130), else by std's.
pub(crate) fn is_utf8_short(bytes: &[u8]) -> bool {
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    if bytes.len() >= 16 && matches!(ops().kernel, Kernel::Avx2 | Kernel::Avx512) {
        // SAFETY: the kernel in use runs on this CPU, and both need AVX2.
        return unsafe { simdutf8::basic::imp::x86::avx2::validate_utf8(bytes) }.is_ok();
    }
    core::str::from_utf8(bytes).is_ok()
}

/// How many leading bytes of `input` the profile writes unchanged.
pub(crate) fn clean_prefix(p: &Profile, input: &[u8]) -> usize {
    call!(ops(), clean_prefix(p, input))
}

/// Encodes `input` (at most [`scalar::BLOCK`] bytes) in the byte unit and hands the result
/// to `sink`, in one piece or a few.
///
/// Nothing is zero-filled in advance (docs/kernels.md, "Dispatch table"): a SIMD kernel
/// writes into an uninitialised stack buffer, the scalar kernel into a small zeroed one.
pub(crate) fn encode_block<E>(
    p: &Profile,
    input: &[u8],
    sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let input = &input[..input.len().min(scalar::BLOCK)];
    #[cfg(pctenc_simd)]
    let input = {
        let mut buf = [MaybeUninit::<u8>::uninit(); ENCODE_BUF];
        let (read, written) = call!(ops(), encode(p, input, &mut buf));
        let written = written.min(buf.len());
        if written > 0 {
            // SAFETY: the kernel initialised the first `written` bytes of `buf` (its
            // contract: `written` counts the bytes it stored), and `min` keeps them in bounds.
            sink(unsafe { core::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), written) })?;
        }
        &input[read..]
    };
    encode_scalar(p, input, sink)
}

/// The scalar kernel's encoding of `input` (all of it, or what a SIMD kernel left), handed
/// to `sink` through a small buffer (see [`encode_block`]).
fn encode_scalar<E>(
    p: &Profile,
    input: &[u8],
    sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut buf = [0u8; scalar::encode_slice_len(SHORT)];
    for piece in input.chunks(SHORT) {
        let n = scalar::encode_slice(p.table(), piece, &mut buf);
        sink(&buf[..n])?;
    }
    Ok(())
}

/// Appends the byte-unit encoding of `input` to `out`, the SIMD kernel writing straight
/// into the vector's spare capacity (no staging buffer, no zero-fill).
#[inline]
pub(crate) fn encode_append_vec(p: &Profile, input: &[u8], out: &mut Vec<u8>) {
    if input.len() <= VEC_STEP {
        return encode_piece(p, input, out);
    }
    for piece in input.chunks(VEC_STEP) {
        encode_piece(p, piece, out);
    }
}

/// One [`VEC_STEP`] at most of [`encode_append_vec`].
#[inline(always)]
fn encode_piece(p: &Profile, piece: &[u8], out: &mut Vec<u8>) {
    debug_assert!(piece.len() <= VEC_STEP);
    // `encode_capacity(piece.len())`, without its `min`: the piece is one step at most.
    out.reserve(3 * piece.len() + ROOM);
    let (read, written) = call!(ops(), encode(p, piece, out.spare_capacity_mut()));
    grow(out, written);
    if read < piece.len() {
        encode_rest(p, &piece[read..], out);
    }
}

/// [`encode_append_vec`] on a string's bytes. Only for profiles whose byte kernel keeps
/// nothing but ASCII (`Profile::direct` in encode.rs: no kept non-ASCII text, no kept
/// escapes): every kernel then writes ASCII only.
#[inline]
pub(crate) fn encode_append_string(p: &Profile, input: &[u8], out: &mut String) {
    debug_assert!(!p.keeps_non_ascii());
    #[cfg(pctenc_simd)]
    {
        let start = out.len();
        // SAFETY: the byte kernels write only ASCII here: `%`, hex digits, `+`, and the
        // bytes the profile keeps, which are ASCII (the nibble tables and the scalar table
        // escape every byte >= 0x80; the caller excludes profiles that keep non-ASCII text).
        // So the string stays UTF-8 at every point where code outside this function could
        // observe it (a panic inside leaves only whole ASCII output behind).
        let bytes = unsafe { out.as_mut_vec() };
        encode_append_vec(p, input, bytes);
        debug_assert!(bytes[start..].is_ascii());
    }
    // Without SIMD kernels, no `unsafe` at all: the scalar kernel's output goes through a
    // small buffer and `push_str` (checked as UTF-8, which ASCII always is).
    #[cfg(not(pctenc_simd))]
    let Ok(()) = encode_scalar::<core::convert::Infallible>(p, input, &mut |b| {
        out.push_str(core::str::from_utf8(b).expect("the byte kernels write ASCII"));
        Ok(())
    });
}

/// The scalar kernel's part of [`encode_append_vec`], out of its inlined path.
#[inline(never)]
fn encode_rest(p: &Profile, rest: &[u8], out: &mut Vec<u8>) {
    let Ok(()) = encode_scalar::<core::convert::Infallible>(p, rest, &mut |b| {
        out.extend_from_slice(b);
        Ok(())
    });
}

/// Takes the `written` bytes of spare capacity that a SIMD kernel initialised into `out`.
#[inline(always)]
fn grow(out: &mut Vec<u8>, written: usize) {
    assert!(written <= out.capacity() - out.len());
    #[cfg(pctenc_simd)]
    // SAFETY: the kernel initialised the first `written` bytes of the spare capacity (its
    // contract: `written` counts the bytes it stored), and the assert keeps them in bounds.
    unsafe {
        out.set_len(out.len() + written)
    };
    #[cfg(not(pctenc_simd))]
    debug_assert_eq!(written, 0, "only SIMD kernels write to spare capacity");
}

/// Whether a SIMD kernel decodes under `d`: the `%XX` byte unit and no kept escapes (every
/// runtime quirk is the scalar kernel's).
#[inline(always)]
fn simd_decodes(d: &Decoding, unit: Unit) -> bool {
    unit == Unit::Byte && d.keep_escaped == AsciiSet::EMPTY
}

/// Whether a SIMD kernel decodes `d` strictly: stops at the first `%` without two hex digits,
/// where the scalar kernel takes over. Only `Malformed::PassThrough` is lenient here: Java's
/// signed hex and ClickHouse's kept triplets are strict as far as `%XX` goes (docs/kernels.md,
/// "Strict decoding").
#[inline(always)]
fn strict(d: &Decoding) -> bool {
    d.malformed != crate::profile::Malformed::PassThrough
}

/// The SIMD part of a decode: whole blocks, `(read, written)`.
#[inline(always)]
fn decode_bulk(
    ops: &Ops,
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: Out,
    last: bool,
) -> (usize, usize) {
    if !simd_decodes(d, unit) {
        return (0, 0);
    }
    call!(ops, decode(d.plus_as_space, strict(d), input, out, last))
}

/// Decodes as [`scalar::decode`] does (same contract, same errors) into a slice of at least
/// `input.len()` bytes, the current kernel taking whole blocks first.
pub(crate) fn decode_slice(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut [u8],
    last: bool,
) -> Result<Progress, DecodeError> {
    #[cfg(pctenc_simd)]
    let (read, written) = decode_bulk(ops(), d, unit, input, as_uninit(out), last);
    #[cfg(not(pctenc_simd))]
    let (read, written) = decode_bulk(ops(), d, unit, input, &mut [], last);
    let rest = scalar::decode(d, unit, &input[read..], &mut out[written..], last)
        .map_err(|e| e.shifted(read))?;
    Ok(Progress { read: read + rest.read, written: written + rest.written })
}

/// Decodes as [`decode_slice`] does, appending to `out`; on error `out` may hold part of
/// the output (callers truncate). A whole short value takes the kernel's one-step path
/// ([`short`]), inlined; everything else, and a short value it cannot finish, the bulk
/// kernel (docs/kernels.md, "Short-value step"). Every decode of the library reaches the
/// kernels through this function or [`decode_slice`].
#[inline(always)]
pub(crate) fn decode_vec(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut Vec<u8>,
    last: bool,
) -> Result<Progress, DecodeError> {
    let ops = ops();
    #[cfg(pctenc_simd)]
    if last && input.len() <= SHORT_DECODE && simd_decodes(d, unit) {
        if let Some(written) = short(ops, d, input, out) {
            return Ok(Progress { read: input.len(), written });
        }
    }
    decode_vec_bulk(ops, d, unit, input, out, last)
}

/// [`decode_vec`] of any input.
#[inline(never)]
fn decode_vec_bulk(
    ops: &Ops,
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut Vec<u8>,
    last: bool,
) -> Result<Progress, DecodeError> {
    // 2B bytes of room past the input's length (128 for AVX-512) let the padded tail steps
    // (full-width stores) store in place.
    out.reserve(input.len() + 128);
    let (read, written) = decode_bulk(ops, d, unit, input, out.spare_capacity_mut(), last);
    grow(out, written);
    if read == input.len() {
        return Ok(Progress { read, written });
    }
    let at = out.len();
    out.resize(at + input.len() - read, 0);
    let rest = scalar::decode(d, unit, &input[read..], &mut out[at..], last)
        .map_err(|e| e.shifted(read))?;
    out.truncate(at + rest.written);
    Ok(Progress { read: read + rest.read, written: written + rest.written })
}

/// Inputs up to this long may take [`short`] (one or two AVX-512 steps, two to four AVX2
/// ones), and the spare capacity it makes sure of in one compare: its whole-block stores (AVX2's
/// second value stores 64 bytes past the first's output) and a value without `%`.
#[cfg(pctenc_simd)]
const SHORT_DECODE: usize = 128;

/// Appends the decoding of a short `input` under `d`'s escapes (its `plus_as_space` and
/// `malformed`; the caller applies the UTF-8 policy) to `out` in one step of the current
/// kernel, writing into its spare capacity (grown to [`SHORT_DECODE`] bytes first where it is
/// shorter); `None` where that is not possible, and then `out` is as it was, its capacity
/// aside: another kernel, or strict decoding met a malformed escape. The whole of a short
/// call, inlined into the caller (docs/kernels.md, "Short-value step").
#[cfg(pctenc_simd)]
#[inline(always)]
fn short(ops: &Ops, d: &Decoding, input: &[u8], out: &mut Vec<u8>) -> Option<usize> {
    if out.capacity() - out.len() < SHORT_DECODE {
        reserve_short(out);
    }
    let spare = out.spare_capacity_mut();
    let room = spare.len();
    // SAFETY: the spare capacity was at least `SHORT_DECODE`, or `reserve_short` made it so
    // (`Vec::reserve`'s guarantee). Told to the compiler, the room checks below fold away.
    unsafe { core::hint::assert_unchecked(room >= SHORT_DECODE) };
    let written = if ops.copy_clean && !d.plus_as_space && generic::copy_clean::<Base>(input, spare)
    {
        input.len()
    } else {
        call!(ops, decode_short(d.plus_as_space, strict(d), input, spare))?
    };
    debug_assert!(written <= room);
    // SAFETY: the copy or the step initialised the first `written` bytes of the spare
    // capacity (their contract), and `min` keeps the length within the capacity.
    unsafe { out.set_len(out.len() + written.min(room)) };
    Some(written)
}

/// The vector every CPU of the target has: what [`short`] copies values without `%` with.
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
type Base = x86_64::Sse2;
#[cfg(all(pctenc_simd, target_arch = "aarch64"))]
type Base = aarch64::neon::Neon;
#[cfg(all(pctenc_simd, target_arch = "wasm32"))]
type Base = wasm32::simd128::Simd128;

/// Grows `out` for [`short`] (a fresh vector, or one at its capacity).
#[cfg(pctenc_simd)]
#[cold]
#[inline(never)]
fn reserve_short(out: &mut Vec<u8>) {
    out.reserve(SHORT_DECODE);
}
