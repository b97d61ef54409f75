//! Every kernel == the scalar kernel, for every profile, every output shape, every block edge.
//!
//! [`Kernel::force`] is process-wide, so every test takes [`LOCK`] first. The oracle is the
//! scalar kernel: each case runs once under `Kernel::Scalar` and again under every other
//! kernel this CPU has, and the results (outputs, errors and their offsets) must be equal.
//! Seeds are padded with 0..=[`PAD`] inert bytes before and after, so every seed crosses
//! every 16-, 32- and 64-byte block edge and the SIMD kernels' short-input path.

#[path = "support/kernel_cases.rs"]
mod kernel_cases;
#[path = "support/cases.rs"]
mod support;

// kernel_cases.rs names `alloc`: it is shared with a no_std crate (crates/pctenc-emu).
extern crate alloc;

use std::sync::Mutex;

use kernel_cases::{run, seeds};
use pctenc::profile::ALL;
use pctenc::stream::Encoder;
use pctenc::{Kernel, Profile};
use proptest::prelude::*;

/// Serialises the tests of this file: they all switch the process-wide kernel.
static LOCK: Mutex<()> = Mutex::new(());

/// Inert bytes added before and after each seed: past two 64-byte (AVX-512) steps plus
/// look-ahead.
const PAD: usize = 130;

/// Runs `input` under the scalar kernel and every other one; panics on any difference,
/// naming every kernel that differs: all of them run before the verdict, so a fault in the
/// algorithm they share shows in each instruction set it reaches, not only the first.
fn check(p: &Profile, input: &[u8], split: usize) {
    Kernel::force(Some(Kernel::Scalar));
    let want = run(p, input, split);
    let mut differ = Vec::new();
    for &k in &Kernel::available()[1..] {
        Kernel::force(Some(k));
        let got = run(p, input, split);
        Kernel::force(Some(Kernel::Scalar));
        if got != want {
            differ.push((k.name(), got));
        }
    }
    if let Some((_, got)) = differ.first() {
        let names: Vec<&str> = differ.iter().map(|(name, _)| *name).collect();
        assert_eq!(
            got,
            &want,
            "kernels {names:?} differ from scalar (the first shown): profile {} input {:?}",
            p.name(),
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn every_kernel_matches_scalar_on_padded_seeds() {
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let mut cases = 0usize;
    // PCTENC_PAD_STRIDE=n takes every n-th prefix length (and the last): the aarch64 suite
    // runs under qemu, where the whole sweep takes twelve minutes (38 s natively).
    let stride = std::env::var("PCTENC_PAD_STRIDE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    for seed in seeds() {
        for pre in (0..=PAD).filter(|&pre| pre % stride == 0 || pre == PAD) {
            // After the seed: every length up to the first block edges, then a sample.
            for post in (0..=PAD).filter(|&n| {
                n <= 4
                    || (28..=36).contains(&n)
                    || (60..=68).contains(&n)
                    || n == PAD
                    || (pre + n) % 17 == 0
            }) {
                let mut input = vec![b'a'; pre];
                input.extend_from_slice(&seed);
                input.extend(std::iter::repeat_n(b'a', post));
                for p in ALL {
                    check(p, &input, pre + seed.len() / 2);
                    cases += 1;
                }
            }
        }
    }
    Kernel::force(None);
    assert!(cases > 10_000 / stride, "{cases} cases");
}

/// Inputs past the SIMD encoders' prefetch threshold (4 KiB: their long-input loop), each
/// length around it and one with a tail, text-like and all-clean, through `encode` (the
/// vector path) and `encode_append` (the string path).
#[test]
fn every_kernel_matches_scalar_on_long_inputs() {
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let alphabet: &[u8] = b"The quick brown fox/jumps?over=the lazy dog%\xc3\xa9~";
    let text: Vec<u8> = (0..20_000).map(|i| alphabet[i * 7 % alphabet.len()]).collect();
    let clean = vec![b'x'; 20_000];
    for p in ALL {
        for input in [&text, &clean] {
            for len in [4095, 4096, 4097, 4159, 4160, 4161, 13_000 + 13] {
                let input = &input[..len];
                Kernel::force(Some(Kernel::Scalar));
                let want = p.encode(input).into_owned();
                for &k in &Kernel::available()[1..] {
                    Kernel::force(Some(k));
                    assert_eq!(
                        p.encode(input),
                        want,
                        "kernel {} profile {} len {len}",
                        k.name(),
                        p.name()
                    );
                    let mut s = String::from("x=");
                    p.encode_append(input, &mut s);
                    assert_eq!(s[2..], want, "kernel {} profile {} len {len}", k.name(), p.name());
                }
            }
        }
    }
    Kernel::force(None);
}

/// Bytes that matter to the kernels, often; anything else, sometimes.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b"%%%+ uaAfF09gGzZ/?#&=~-._".to_vec()),
        1 => any::<u8>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: support::cases(2000), ..ProptestConfig::default() })]

    #[test]
    fn every_kernel_matches_scalar(input in prop::collection::vec(interesting_byte(), 0..300), split in 0usize..300) {
        let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        for p in ALL {
            check(p, &input, split);
        }
        Kernel::force(None);
    }
}

#[test]
fn available_kernels_are_named_and_forceable() {
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let all = Kernel::available();
    assert_eq!(all[0], Kernel::Scalar);
    // PCTENC_KERNEL (scripts/test.d/51-kernels.sh) picks the detected kernel if available.
    let named = std::env::var("PCTENC_KERNEL").ok().and_then(|n| Kernel::by_name(&n));
    assert_eq!(Kernel::detect(), named.unwrap_or(*all.last().unwrap()));
    for &k in all {
        assert_eq!(Kernel::by_name(k.name()), Some(k));
        Kernel::force(Some(k));
        assert_eq!(Kernel::current(), k);
    }
    Kernel::force(None);
    assert_eq!(Kernel::current(), Kernel::detect());
}

#[test]
fn encoder_stream_matches_for_every_kernel() {
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let text: Vec<u8> = seeds().concat();
    for p in ALL {
        Kernel::force(Some(Kernel::Scalar));
        let want = p.try_encode(&text).map(|c| c.into_owned().into_bytes());
        for &k in Kernel::available() {
            Kernel::force(Some(k));
            for step in [1usize, 7, 31, 32, 33, 100] {
                let mut e = Encoder::new(p);
                let mut out = Vec::new();
                let got = text
                    .chunks(step)
                    .try_for_each(|c| e.push(c, &mut out))
                    .and_then(|()| e.finish(&mut out))
                    .map(|()| out);
                assert_eq!(got, want, "{} {} step {step}", k.name(), p.name());
            }
        }
    }
    Kernel::force(None);
}
