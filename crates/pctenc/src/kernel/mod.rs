//! Kernels: the loops that do the work, behind one choice made once.
//!
//! [`scalar`] is always compiled: it is the reference that every faster kernel is tested
//! against, and it finishes whatever a SIMD kernel leaves. A SIMD kernel takes whole blocks
//! and reports how far it got, `(read, written)`; the scalar kernel does the rest:
//!
//! ```text
//! let (read, written) = simd::encode(profile, input, out);   // whole blocks (+ padded tail)
//! written + scalar(&input[read..], &mut out[written..])       // whatever is left
//! ```
//!
//! What a SIMD kernel does not implement goes to the scalar kernel whole: decoding
//! `Unit::Utf16` (`unescape`) and profiles with `keep_escaped` bytes (`decodeURI`).
//! Strict decoding is validated in bulk; at the first block with a malformed escape the SIMD
//! kernel stops, and the scalar kernel finds the exact error and its offset.
//!
//! Built so far: `ssse3`, `avx2` and `avx512` (VBMI2) on x86_64 (`x86_64/`), `neon` on
//! aarch64 (`aarch64/`, NEON being in the aarch64 baseline), and `simd128` on wasm32
//! (`wasm32/`, compiled only when the build enables `simd128`, since wasm cannot detect it at
//! run time), with the lookup tables derived from each profile's
//! [`AsciiSet`](crate::AsciiSet) in [`tables`].
//! Other targets run the scalar kernel.
//!
//! The choice is made once: [`Kernel::detect`] asks the CPU (cached), [`Kernel::force`]
//! overrides it process-wide (the CLI's `--kernel`, tests, benches). A [`Kernel`] value only
//! runs if the CPU supports it: [`Kernel::current`] returns only members of
//! [`Kernel::available`], and the dispatch below runs only what `current` returns.

#[cfg(all(pctenc_simd, target_arch = "aarch64"))]
mod aarch64;
pub mod scalar;
pub mod tables;
#[cfg(all(pctenc_simd, target_arch = "wasm32"))]
mod wasm32;
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
mod x86_64;

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::error::DecodeError;
use crate::profile::{Decoding, Malformed, Profile, Unit};
#[cfg(pctenc_simd)]
use crate::profile::{HexCase, HEX_LOWER, HEX_UPPER};
use scalar::Progress;

/// The kernel in use ([`Kernel::current`]), as its index in [`BUILT`] plus one; 0 means "not
/// chosen yet". [`Kernel::force`] stores it directly, so reading the kernel on every call is
/// one load: the dispatch costs a handful of instructions, not a search of the available list.
static ACTIVE: AtomicU8 = AtomicU8::new(0);

/// A kernel that can run on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// The table-driven scalar kernel: portable, the oracle for the others.
    Scalar,
    /// x86_64 SSSE3: 16 bytes per step, for CPUs without AVX2.
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Ssse3,
    /// x86_64 AVX2 (with POPCNT): 32 bytes per step.
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Avx2,
    /// x86_64 AVX-512 with VBMI2's byte compress (and BMI2, POPCNT): 64 bytes per step.
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Avx512,
    /// wasm32 simd128: 16 bytes per step; built only with `-C target-feature=+simd128`.
    #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
    Simd128,
    /// aarch64 NEON: 16 bytes per step.
    #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
    Neon,
}

/// Every kernel this build has, slowest first; each needs what the one before it needs.
const BUILT: &[Kernel] = &[
    Kernel::Scalar,
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Kernel::Ssse3,
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Kernel::Avx2,
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    Kernel::Avx512,
    #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
    Kernel::Simd128,
    #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
    Kernel::Neon,
];

/// [`Kernel::detect`]'s choice, as its index in [`BUILT`] plus one; 0 means "not chosen yet".
static CHOSEN: AtomicU8 = AtomicU8::new(0);

/// How many kernels of [`BUILT`] this CPU runs, plus one; 0 means "not asked yet".
static DETECTED: AtomicU8 = AtomicU8::new(0);

/// Whether this CPU runs `kernel` (asks the CPU; [`Kernel::available`] caches the answer).
fn supported(kernel: Kernel) -> bool {
    match kernel {
        Kernel::Scalar => true,
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        Kernel::Ssse3 => x86_64::has_ssse3(),
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        Kernel::Avx2 => x86_64::has_avx2(),
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        Kernel::Avx512 => x86_64::has_avx512(),
        // Compiled only when the build enables simd128, and a module using it runs only on
        // an engine that has it.
        #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
        Kernel::Simd128 => true,
        // Compiled only for targets whose baseline has NEON (build.rs).
        #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
        Kernel::Neon => true,
    }
}

/// `kernel`'s index in [`BUILT`] plus one (the encoding of [`ACTIVE`] and [`CHOSEN`]).
fn index(kernel: Kernel) -> u8 {
    BUILT.iter().position(|k| *k == kernel).unwrap_or(0) as u8 + 1
}

impl Kernel {
    /// The fastest kernel this CPU supports (asked once, then cached); with `std`, the
    /// available kernel that the `PCTENC_KERNEL` environment variable names instead, if any.
    /// The variable runs a whole test suite or program under one kernel without a code
    /// change (`PCTENC_KERNEL=scalar cargo test`); [`Kernel::force`] still overrides it.
    pub fn detect() -> Kernel {
        let n = CHOSEN.load(Ordering::Relaxed) as usize;
        if n > 0 {
            return BUILT[n - 1];
        }
        let fastest = *Kernel::available().last().unwrap_or(&Kernel::Scalar);
        #[cfg(feature = "std")]
        let fastest = std::env::var("PCTENC_KERNEL")
            .ok()
            .and_then(|name| Kernel::by_name(&name))
            .unwrap_or(fastest);
        CHOSEN.store(index(fastest), Ordering::Relaxed);
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
            n = 1 + BUILT.iter().take_while(|k| supported(**k)).count();
            DETECTED.store(n as u8, Ordering::Relaxed);
        }
        &BUILT[..n - 1]
    }

    /// The kernel's name, as `--kernel` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
            Kernel::Ssse3 => "ssse3",
            #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
            Kernel::Avx2 => "avx2",
            #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
            Kernel::Avx512 => "avx512",
            #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
            Kernel::Simd128 => "simd128",
            #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
            Kernel::Neon => "neon",
        }
    }

    /// The kernel the library uses now: the one [`Kernel::force`] chose, else
    /// [`Kernel::detect`]'s.
    #[inline]
    pub fn current() -> Kernel {
        match ACTIVE.load(Ordering::Relaxed) as usize {
            0 => Kernel::first_use(),
            n => BUILT.get(n - 1).copied().unwrap_or(Kernel::Scalar),
        }
    }

    /// [`Kernel::current`] before any kernel was chosen: detection's choice, unless a
    /// concurrent [`Kernel::force`] stored one meanwhile (it wins).
    #[cold]
    fn first_use() -> Kernel {
        let detected = Kernel::detect();
        match ACTIVE.compare_exchange(0, index(detected), Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => detected,
            Err(n) => BUILT.get(n as usize - 1).copied().unwrap_or(Kernel::Scalar),
        }
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
        ACTIVE.store(index(k), Ordering::Relaxed);
    }

    /// Finds an available kernel by name.
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::available().iter().copied().find(|k| k.name() == name)
    }
}

/// Output bytes past `3 * n` that a SIMD encoder may store into (its last step's full-width
/// stores): the largest `ENCODE_ROOM` of the kernels (AVX-512's 208; AVX2's 112).
pub(crate) const ROOM: usize = 208;

#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
const _: () = assert!(
    ROOM >= x86_64::avx512::ENCODE_ROOM
        && ROOM >= x86_64::avx2::ENCODE_ROOM
        && ROOM >= x86_64::ssse3::ENCODE_ROOM
);
#[cfg(all(pctenc_simd, target_arch = "aarch64"))]
const _: () = assert!(ROOM >= aarch64::neon::ENCODE_ROOM);
#[cfg(all(pctenc_simd, target_arch = "wasm32"))]
const _: () = assert!(ROOM >= wasm32::simd128::ENCODE_ROOM);

/// Output room of one [`encode_block`] call: any kernel, any [`scalar::BLOCK`] of input.
#[cfg(pctenc_simd)]
pub(crate) const ENCODE_BUF: usize = 3 * scalar::BLOCK + ROOM;

/// Input bytes per step of [`encode_append_vec`]: bounds how far ahead the output vector
/// reserves (3 bytes per input byte).
pub(crate) const VEC_STEP: usize = 64 << 10;

/// Inputs up to this long go through a small stack buffer when encoded by the scalar kernel.
const SHORT: usize = 256;

/// The capacity that lets [`encode_append_vec`] encode `n` bytes without growing the vector
/// (up to [`VEC_STEP`]; beyond, it grows per step).
pub(crate) const fn encode_capacity(n: usize) -> usize {
    3 * if n < VEC_STEP { n } else { VEC_STEP } + ROOM
}

/// The hex digits `p` writes.
#[cfg(pctenc_simd)]
fn digits(p: &Profile) -> &'static [u8; 16] {
    match p.hex_case() {
        HexCase::Upper => HEX_UPPER,
        HexCase::Lower => HEX_LOWER,
    }
}

/// Views initialised bytes as possibly-uninitialised ones, the SIMD kernels' output type.
#[cfg(pctenc_simd)]
fn as_uninit(s: &mut [u8]) -> &mut [MaybeUninit<u8>] {
    // SAFETY: `MaybeUninit<u8>` has the layout of `u8`, and every kernel writes only
    // initialised bytes through the view, so `s` stays initialised.
    unsafe { &mut *(s as *mut [u8] as *mut [MaybeUninit<u8>]) }
}

/// How many leading bytes of `input` the profile writes unchanged.
pub(crate) fn clean_prefix(p: &Profile, input: &[u8]) -> usize {
    match Kernel::current() {
        Kernel::Scalar => scalar::clean_prefix(p.table(), input),
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: `current` returns only available kernels, and `available` lists Avx2 only
        // where the CPU has AVX2.
        Kernel::Avx2 => unsafe { x86_64::avx2::clean_prefix(p.nibbles(), input) },
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as for Avx2: `available` lists Avx512 only where the CPU has AVX-512 F,
        // BW, VBMI, VBMI2 and BMI2 (`x86_64::has_avx512`).
        Kernel::Avx512 => unsafe { x86_64::avx512::clean_prefix(p.nibbles(), input) },
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as for Avx2: `available` lists Ssse3 only where the CPU has SSSE3.
        Kernel::Ssse3 => unsafe { x86_64::ssse3::clean_prefix(p.nibbles(), input) },
        #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
        Kernel::Simd128 => wasm32::simd128::clean_prefix(p.nibbles(), input),
        #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
        // SAFETY: the kernel is compiled only for targets whose baseline has NEON
        // (build.rs), so every CPU this code runs on has it.
        Kernel::Neon => unsafe { aarch64::neon::clean_prefix(p.nibbles(), input) },
    }
}

/// The SIMD part of encoding `input` in the byte unit into `out` with the current kernel:
/// `(read, written)`.
#[inline]
fn encode_bulk(p: &Profile, input: &[u8], out: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    // The x86_64 kernels by their index in `ACTIVE`: a load and a compare or two, where
    // `Kernel::current` would look the kernel up in `BUILT` before the `match` below (a
    // 64-byte call counts every instruction).
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    match ACTIVE.load(Ordering::Relaxed) {
        // SAFETY: `ACTIVE` holds the index of an available kernel only (`force` and
        // `first_use` store nothing else), and `available` lists Avx512 only where the CPU
        // has what the AVX-512 kernel needs.
        AVX512 => return unsafe { x86_64::avx512::encode(p.nibbles(), digits(p), input, out) },
        // SAFETY: as for Avx512: the CPU has AVX2.
        AVX2 => return unsafe { x86_64::avx2::encode(p.nibbles(), digits(p), input, out) },
        _ => {}
    }
    match Kernel::current() {
        Kernel::Scalar => {
            let _ = (p, input, out);
            (0, 0)
        }
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as in `clean_prefix`: the CPU has AVX2.
        Kernel::Avx2 => unsafe { x86_64::avx2::encode(p.nibbles(), digits(p), input, out) },
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as in `clean_prefix`: the CPU has what the AVX-512 kernel needs.
        Kernel::Avx512 => unsafe { x86_64::avx512::encode(p.nibbles(), digits(p), input, out) },
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as in `clean_prefix`: the CPU has SSSE3.
        Kernel::Ssse3 => unsafe { x86_64::ssse3::encode(p.nibbles(), digits(p), input, out) },
        #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
        Kernel::Simd128 => wasm32::simd128::encode(p.nibbles(), digits(p), input, out),
        #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
        // SAFETY: as in `clean_prefix`: NEON is in the target's baseline.
        Kernel::Neon => unsafe { aarch64::neon::encode(p.nibbles(), digits(p), input, out) },
    }
}

/// [`ACTIVE`]'s value for the AVX2 and AVX-512 kernels.
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
const AVX2: u8 = built_index(Kernel::Avx2);
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
const AVX512: u8 = built_index(Kernel::Avx512);

/// `index` at compile time: `kernel`'s position in [`BUILT`] plus one.
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
const fn built_index(kernel: Kernel) -> u8 {
    let mut i = 0;
    while i < BUILT.len() {
        if BUILT[i] as u8 == kernel as u8 {
            return i as u8 + 1;
        }
        i += 1;
    }
    panic!("every kernel is in BUILT")
}

/// Encodes `input` (at most [`scalar::BLOCK`] bytes) in the byte unit and hands the result
/// to `sink`, in one piece or a few.
///
/// Nothing is zero-filled in advance: a SIMD kernel writes into an uninitialised stack
/// buffer, and only what it leaves goes through the scalar kernel's small zeroed buffer.
/// (Zeroing a whole block buffer per call cost more than the encoding of a short record.)
pub(crate) fn encode_block<E>(
    p: &Profile,
    input: &[u8],
    sink: &mut impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let input = &input[..input.len().min(scalar::BLOCK)];
    #[cfg(pctenc_simd)]
    let rest = {
        let mut buf = [MaybeUninit::<u8>::uninit(); ENCODE_BUF];
        let (read, written) = encode_bulk(p, input, &mut buf);
        let written = written.min(buf.len());
        if written > 0 {
            // SAFETY: the kernel initialised the first `written` bytes of `buf` (its
            // contract: `written` counts the bytes it stored), and `min` keeps them in bounds.
            sink(unsafe { core::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), written) })?;
        }
        &input[read..]
    };
    #[cfg(not(pctenc_simd))]
    let rest = input;
    if rest.is_empty() {
        return Ok(());
    }
    let mut buf = [0u8; scalar::encode_slice_len(SHORT)];
    for piece in rest.chunks(SHORT) {
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

/// Appends the byte-unit encoding of `input` to `out`: [`encode_append_vec`] on the
/// string's bytes.
///
/// Only for profiles whose byte kernel keeps nothing but ASCII (`Profile::direct` in
/// encode.rs: no kept non-ASCII text, no kept escapes): every kernel then writes ASCII only.
#[cfg(pctenc_simd)]
#[inline]
pub(crate) fn encode_append_string(p: &Profile, input: &[u8], out: &mut alloc::string::String) {
    debug_assert!(!p.keeps_non_ascii());
    let start = out.len();
    // SAFETY: the byte kernels write only ASCII here: `%`, hex digits, `+`, and the bytes the
    // profile keeps, which are ASCII (the nibble tables and the scalar table escape every
    // byte >= 0x80; the caller excludes profiles that keep non-ASCII text). So the string
    // stays UTF-8 at every point where code outside this function could observe it (a panic
    // inside leaves only whole ASCII output behind).
    let bytes = unsafe { out.as_mut_vec() };
    encode_append_vec(p, input, bytes);
    debug_assert!(bytes[start..].is_ascii());
}

/// [`encode_append_string`] of a build without SIMD kernels, which has no `unsafe` at all:
/// the scalar kernel's output goes through a small buffer and `push_str` (checked as UTF-8,
/// which ASCII always is).
#[cfg(not(pctenc_simd))]
pub(crate) fn encode_append_string(p: &Profile, input: &[u8], out: &mut alloc::string::String) {
    let mut buf = [0u8; scalar::encode_slice_len(SHORT)];
    for piece in input.chunks(SHORT) {
        let n = scalar::encode_slice(p.table(), piece, &mut buf);
        out.push_str(core::str::from_utf8(&buf[..n]).expect("the byte kernels write ASCII"));
    }
}

/// One [`VEC_STEP`] at most of [`encode_append_vec`].
#[inline]
fn encode_piece(p: &Profile, piece: &[u8], out: &mut Vec<u8>) {
    debug_assert!(piece.len() <= VEC_STEP);
    // `encode_capacity(piece.len())`, without its `min`: the piece is one step at most.
    out.reserve(3 * piece.len() + ROOM);
    let (read, written) = encode_bulk(p, piece, out.spare_capacity_mut());
    debug_assert!(written <= out.capacity() - out.len());
    grow(out, written);
    if read < piece.len() {
        encode_rest(p, &piece[read..], out);
    }
}

/// The scalar kernel's part of [`encode_piece`]: all of the input for the scalar kernel,
/// else whatever a SIMD kernel left.
#[inline(never)]
fn encode_rest(p: &Profile, rest: &[u8], out: &mut Vec<u8>) {
    if rest.len() <= SHORT {
        // Short: the scalar table loop into a small buffer, rather than zeroing a block buffer.
        let mut buf = [0u8; 3 * SHORT + 1];
        let mut w = 0;
        for &b in rest {
            let e = p.table()[b as usize];
            buf[w..w + 4].copy_from_slice(&e.to_le_bytes());
            w += (e >> 24) as usize;
        }
        out.extend_from_slice(&buf[..w]);
        return;
    }
    let mut buf = [0u8; 3 * scalar::BLOCK + 1];
    for block in rest.chunks(scalar::BLOCK) {
        let n = scalar::encode_block(p.table(), block, &mut buf);
        out.extend_from_slice(&buf[..n]);
    }
}

/// Takes `written` bytes of spare capacity that a SIMD kernel just initialised into `out`.
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

/// Decodes as [`scalar::decode`] does (same contract, same errors), with the current kernel
/// taking whole blocks first.
pub(crate) fn decode(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut [u8],
    last: bool,
) -> Result<Progress, DecodeError> {
    #[cfg(pctenc_simd)]
    let (read, written) = decode_bulk(Kernel::current(), d, unit, input, as_uninit(out), last);
    #[cfg(not(pctenc_simd))]
    let (read, written) = (0, 0);
    let rest = scalar::decode(d, unit, &input[read..], &mut out[written..], last)
        .map_err(|e| e.shifted(read))?;
    Ok(Progress { read: read + rest.read, written: written + rest.written })
}

/// As [`decode`], appending to `out`; on error `out` may hold part of the output (callers
/// truncate). A whole short value takes [`decode_append_short`] first (the batch API calls
/// this once per row).
#[inline]
pub(crate) fn decode_append(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut Vec<u8>,
    last: bool,
) -> Result<Progress, DecodeError> {
    let start = out.len();
    if last && decode_append_short(d, unit, input, out) {
        return Ok(Progress { read: input.len(), written: out.len() - start });
    }
    decode_append_bulk(d, unit, input, out, last)
}

/// [`decode_append`] of any input.
#[inline(never)]
fn decode_append_bulk(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut Vec<u8>,
    last: bool,
) -> Result<Progress, DecodeError> {
    // 64 bytes of room past the input's length let the padded tail step (a full-width store
    // of the widest kernel) store in place.
    out.reserve(input.len() + 64);
    let (read, written) =
        decode_bulk(Kernel::current(), d, unit, input, out.spare_capacity_mut(), last);
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

/// Inputs up to this long may take [`decode_append_short`]: one or two steps of the AVX-512
/// kernel, two to four of the AVX2 kernel.
pub(crate) const SHORT_DECODE: usize = 128;

/// Appends the decoding of a short `input` under `d`'s escapes (its `plus_as_space` and
/// `malformed`; the caller applies the UTF-8 policy) to `out` in one step of the current
/// kernel, writing into its spare capacity (grown to [`SHORT_ROOM`] bytes first where it is
/// shorter); `false` where that is not possible, and then `out` is as it was, its capacity
/// aside: an input longer than [`SHORT_DECODE`], another unit than bytes, kept escapes,
/// another kernel, or strict decoding met a malformed escape.
///
/// This is the whole of a short call, small enough to be inlined into the caller: one load
/// of [`ACTIVE`] compared against the two kernels that have a short step, and the step,
/// which returns the count of bytes written in a register. The general path
/// ([`decode_append`]) costs a few hundred instructions more on a 64-byte value: a second
/// dispatch, the policy match of [`decode_bulk`], the bulk kernel's setup and tail loop,
/// and results through memory.
#[inline(always)]
pub(crate) fn decode_append_short(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut Vec<u8>,
) -> bool {
    if input.len() > SHORT_DECODE || unit != Unit::Byte || d.keep_escaped != crate::AsciiSet::EMPTY
    {
        return false;
    }
    #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
    {
        // A kept triplet is the scalar kernel's: the SIMD steps stop at it, as when strict.
        let (plus_as_space, reject) = (d.plus_as_space, d.malformed != Malformed::PassThrough);
        let k = ACTIVE.load(Ordering::Relaxed);
        if k != AVX512 && k != AVX2 {
            if k == 0 {
                // The first call of the process: choose now, or the general path, which may
                // never ask (input without `%` is copied), would keep every call off this one.
                choose_now();
            }
            return false;
        }
        if k == AVX2 && !plus_as_space {
            // A value without `%` is copied here, inlined: the AVX2 step would cost a call,
            // and under 32 bytes a zero-padded copy (AVX-512's masked step has neither).
            if out.capacity() - out.len() < SHORT_ROOM {
                reserve_short(out);
            }
            let spare = out.spare_capacity_mut();
            // SAFETY: the spare capacity was at least `SHORT_ROOM`, or `reserve_short` made
            // it so (`Vec::reserve`'s guarantee). Told to the compiler, the room check
            // inside `copy_clean` folds away.
            unsafe { core::hint::assert_unchecked(spare.len() >= x86_64::clean::MAX) };
            if x86_64::clean::copy_clean(input, spare) {
                // SAFETY: `copy_clean` initialised the first `input.len()` bytes of the spare
                // capacity (its contract), at most `MAX` of the `SHORT_ROOM` there are.
                unsafe { out.set_len(out.len() + input.len().min(x86_64::clean::MAX)) };
                return true;
            }
        }
        if out.capacity() - out.len() < SHORT_ROOM {
            reserve_short(out);
        }
        let spare = out.spare_capacity_mut();
        let room = spare.len();
        let written = if k == AVX512 {
            // SAFETY: ACTIVE holds only kernels of `Kernel::available` (`force` and
            // `first_use` store nothing else), which lists Avx512 only where the CPU has what
            // the AVX-512 kernel needs (`x86_64::has_avx512`).
            unsafe { x86_64::avx512::decode_short(plus_as_space, reject, input, spare) }
        } else {
            // SAFETY: as for Avx512: `available` lists Avx2 only where the CPU has AVX2.
            unsafe { x86_64::avx2::decode_short(plus_as_space, reject, input, spare) }
        };
        let Some(written) = written else { return false };
        debug_assert!(written <= room);
        // SAFETY: the step initialised the first `written` bytes of the spare capacity (its
        // contract), and `min` keeps the length within the capacity whatever it returns.
        unsafe { out.set_len(out.len() + written.min(room)) };
        true
    }
    #[cfg(not(all(pctenc_simd, target_arch = "x86_64")))]
    {
        let _ = out;
        false
    }
}

/// Spare capacity [`decode_append_short`] makes sure of: the AVX2 step's whole-block stores
/// (64 bytes past each of its two values' starts), and the input's length for AVX-512's
/// steps (their masked stores need no more). One constant keeps the check one compare.
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
const SHORT_ROOM: usize = SHORT_DECODE;
// The inline copy of a value without `%` stores within its first `MAX` bytes, and the AVX2
// step's second value needs 64 bytes past the first value's output (at most 64).
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
const _: () = assert!(SHORT_ROOM >= x86_64::clean::MAX && SHORT_ROOM >= 2 * 64);

/// Grows `out` for [`decode_append_short`] (a fresh vector, or one at its capacity).
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
#[cold]
#[inline(never)]
fn reserve_short(out: &mut Vec<u8>) {
    out.reserve(SHORT_ROOM);
}

/// Makes the kernel choice that [`Kernel::current`] makes on first use.
#[cfg(all(pctenc_simd, target_arch = "x86_64"))]
#[cold]
#[inline(never)]
fn choose_now() {
    let _ = Kernel::current();
}

/// The SIMD part of [`decode`]: whole blocks, `(read, written)`.
fn decode_bulk(
    kernel: Kernel,
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
    last: bool,
) -> (usize, usize) {
    // The SIMD kernels know `%XX` bytes with strict or lenient escapes; every runtime quirk
    // (UTF-16 or Latin-1 units, kept escapes) is the scalar kernel's. Java's signed hex
    // (`%+1`) is strict decoding as far as the kernels go: `%` HEXDIG HEXDIG decodes the same
    // under both, and at the first `%` without two hex digits a strict kernel stops, so the
    // scalar kernel reads `%+1` (or reports the error) and everything after it. ClickHouse's
    // kept triplets (`%zz` and the bytes after it) are likewise strict as far as they go.
    let reject = d.malformed != Malformed::PassThrough;
    if unit != Unit::Byte || d.keep_escaped != crate::AsciiSet::EMPTY {
        return (0, 0);
    }
    match kernel {
        Kernel::Scalar => {
            let _ = (reject, input, out, last);
            (0, 0)
        }
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as in `clean_prefix`: the CPU has AVX2.
        Kernel::Avx2 => unsafe { x86_64::avx2::decode(d.plus_as_space, reject, input, out, last) },
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as in `clean_prefix`: the CPU has what the AVX-512 kernel needs.
        Kernel::Avx512 => unsafe {
            x86_64::avx512::decode(d.plus_as_space, reject, input, out, last)
        },
        #[cfg(all(pctenc_simd, target_arch = "x86_64"))]
        // SAFETY: as in `clean_prefix`: the CPU has SSSE3.
        Kernel::Ssse3 => unsafe {
            x86_64::ssse3::decode(d.plus_as_space, reject, input, out, last)
        },
        #[cfg(all(pctenc_simd, target_arch = "wasm32"))]
        Kernel::Simd128 => wasm32::simd128::decode(d.plus_as_space, reject, input, out, last),
        #[cfg(all(pctenc_simd, target_arch = "aarch64"))]
        // SAFETY: as in `clean_prefix`: NEON is in the target's baseline.
        Kernel::Neon => unsafe { aarch64::neon::decode(d.plus_as_space, reject, input, out, last) },
    }
}
