//! The cases of the AVX-512 emulator test and their digests, shared by the two programs that
//! compute them: the guest (`src/bin/guest.rs`, the AVX-512 kernel, run under bochscpu by
//! `run.py`) and the oracle (`src/bin/oracle.rs`, the scalar kernel, run natively). Both
//! enumerate the same inputs ([`cases`]) and reduce what every profile produces for each
//! ([`kernel_cases::run`], the one definition `tests/kernels.rs` uses too) to a 64-bit
//! digest, so the emulator returns 8 bytes per case and profile instead of every output; on
//! a mismatch `run.py` asks both for the whole outputs of that case ([`show`]).

#![no_std]

extern crate alloc;

#[path = "../../pctenc/tests/support/kernel_cases.rs"]
pub mod kernel_cases;

use alloc::vec::Vec;
use core::fmt::{self, Write};

use kernel_cases::{run, seeds, Outputs};
use pctenc::profile::ALL;

/// How many profiles each case runs through (every one of [`ALL`]).
pub const PROFILES: usize = ALL.len();

/// Inert bytes put before a seed: around every 16-, 32- and 64-byte edge, and past two
/// 64-byte steps plus look-ahead.
const PRE: [usize; 20] =
    [0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 47, 62, 63, 64, 65, 66, 127, 128, 129, 130];
/// Inert bytes put after a seed: the encode and decode tails of every length class.
const POST: [usize; 17] = [0, 1, 2, 3, 4, 30, 31, 32, 33, 61, 62, 63, 64, 65, 66, 67, 130];
/// Seeded random inputs, of bytes the kernels care about (as the property test draws them).
const RANDOM: usize = 150;

/// One case: the input, and where the stream decoder's first piece ends.
pub type Case = (Vec<u8>, usize);

/// Every case, in order: `(input, split)`, where `split` cuts the input for the stream
/// decoder. The padded seeds, then random inputs, then inputs past the encoders'
/// prefetch threshold (4 KiB).
pub fn cases() -> Vec<Case> {
    let mut all = Vec::new();
    // Every `pre` with two `post`s, rotated by seed: each seed meets every `pre`, and every
    // `post` with several `pre`s (all 340 pairs would take 8x as long under the emulator).
    for (s, seed) in seeds().into_iter().enumerate() {
        for (i, pre) in PRE.into_iter().enumerate() {
            for post in [i + s, 5 * i + s + 8].map(|j| POST[j % POST.len()]) {
                let mut input = alloc::vec![b'a'; pre];
                input.extend_from_slice(&seed);
                input.resize(input.len() + post, b'a');
                all.push((input, pre + seed.len() / 2));
            }
        }
    }
    let interesting = b"%%%+ uaAfF09gGzZ/?#&=~-._";
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        // xorshift64: the same sequence in the guest and the oracle.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..RANDOM {
        let len = (next() % 300) as usize;
        let input: Vec<u8> = (0..len)
            .map(|_| {
                let r = next();
                if r % 5 == 0 {
                    (r >> 8) as u8
                } else {
                    interesting[(r >> 8) as usize % interesting.len()]
                }
            })
            .collect();
        let split = (next() % 300) as usize;
        all.push((input, split));
    }
    let alphabet: &[u8] = b"The quick brown fox/jumps?over=the lazy dog%\xc3\xa9~";
    // Text on both sides of the threshold and with a tail; all clean at it and at a step past
    // it (each of these takes a second or more under the emulator).
    for len in [4095, 4097, 4161] {
        all.push(((0..len).map(|i| alphabet[i * 7 % alphabet.len()]).collect(), len / 3));
    }
    for len in [4096, 4160] {
        all.push((alloc::vec![b'x'; len], len / 2));
    }
    all
}

/// FNV-1a, 64 bits: a digest of outputs, not a defence against an adversary.
struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 = (self.0 ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
    /// A result: its tag, then the bytes (length first) or the error's `Debug` form.
    fn result<T: AsRef<[u8]>, E: fmt::Debug>(&mut self, r: &Result<T, E>) {
        match r {
            Ok(v) => {
                self.bytes(&[1]);
                self.bytes(&(v.as_ref().len() as u64).to_le_bytes());
                self.bytes(v.as_ref());
            }
            Err(e) => {
                self.bytes(&[2]);
                let _ = write!(self, "{e:?}");
            }
        }
    }
}

impl Write for Fnv {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// The digest of everything one profile produced for one input (every field of [`Outputs`]).
pub fn digest(o: &Outputs) -> u64 {
    let mut h = Fnv(0xCBF2_9CE4_8422_2325);
    h.result::<_, ()>(&Ok(o.encode.as_bytes()));
    h.result(&o.try_encode);
    h.result::<_, ()>(&Ok(&o.encode_into));
    h.result(&o.decode);
    h.result(&o.decode_strict);
    h.result(&o.decode_lenient);
    h.result(&o.decode_into);
    h.result(&o.appended[0]);
    h.result(&o.appended[1]);
    h.result(&o.streamed);
    h.0
}

/// The digest of what profile number `profile` produces for `input` under the current
/// kernel.
pub fn digest_of(input: &[u8], split: usize, profile: usize) -> u64 {
    digest(&run(ALL[profile], input, split))
}

/// Everything profile number `profile` produces for `input`, one output a line (bytes as
/// escaped text), for a report.
pub fn show(out: &mut impl Write, input: &[u8], split: usize, profile: usize) -> fmt::Result {
    /// Bytes as text, every byte that is not printable ASCII escaped.
    struct B<'a>(&'a [u8]);
    impl fmt::Display for B<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.iter().try_for_each(|&b| write!(f, "{}", core::ascii::escape_default(b)))
        }
    }
    fn line<T: AsRef<[u8]>, E: fmt::Debug>(
        out: &mut impl Write,
        name: &str,
        r: &Result<T, E>,
    ) -> fmt::Result {
        match r {
            Ok(v) => writeln!(out, "{name}: Ok \"{}\"", B(v.as_ref())),
            Err(e) => writeln!(out, "{name}: Err {e:?}"),
        }
    }
    let p = ALL[profile];
    writeln!(out, "profile {} split {split} input \"{}\"", p.name(), B(input))?;
    let o = run(p, input, split);
    line::<_, ()>(out, "encode", &Ok(&o.encode))?;
    line(out, "try_encode", &o.try_encode)?;
    line::<_, ()>(out, "encode_into", &Ok(&o.encode_into))?;
    line(out, "decode", &o.decode)?;
    line(out, "decode_strict", &o.decode_strict)?;
    line(out, "decode_lenient", &o.decode_lenient)?;
    line(out, "decode_into", &o.decode_into)?;
    line(out, "appended", &o.appended[0])?;
    line(out, "appended (lenient)", &o.appended[1])?;
    line(out, "streamed", &o.streamed)
}
