//! A small suite sized for Miri (`scripts/test.d/62-miri.sh`): every kernel this build can
//! run, on short inputs that cross the SIMD block edges, against the scalar kernel; the
//! streaming decoder on a cut escape. Miri checks the kernels' `unsafe` loads and stores
//! (bounds, initialisation, alignment) on each path. Natively it is a fast sanity test.

use pctenc::profile::by_name;
use pctenc::stream::Decoder;
use pctenc::Kernel;

/// Inputs rich in escapes, near-escapes and UTF-8, repeated up to `len` bytes.
fn input(len: usize, seed: usize) -> Vec<u8> {
    let alphabet: &[u8] = b"a%2F%zz +\xc3\xa9%E2%82%AC%u00e9/?#%4";
    (0..len).map(|i| alphabet[(i * 7 + seed) % alphabet.len()]).collect()
}

#[test]
fn every_kernel_matches_scalar_across_block_edges() {
    let profiles = ["url-component", "form", "rfc3986-unreserved", "js-component"];
    let lens: Vec<usize> = if cfg!(miri) {
        vec![0, 1, 3, 5, 8, 15, 16, 17, 31, 33, 34, 40, 64, 66, 97]
    } else {
        (0..130).collect()
    };
    let mut checked = 0;
    for name in profiles {
        let p = by_name(name).unwrap();
        for &len in &lens {
            let data = input(len, len);
            // A value with nothing to escape but a last byte: the encoders' short clean path
            // and the step after it.
            let mut clean = vec![b'a'; len];
            if let Some(b) = clean.last_mut() {
                *b = if len % 2 == 0 { b'a' } else { b'/' };
            }
            Kernel::force(Some(Kernel::Scalar));
            let (enc, dec) = (
                p.try_encode(&data).map(|c| c.into_owned()),
                p.decode(&data).map(|c| c.into_owned()),
            );
            let (all, all_clean) = (p.encode(&data).into_owned(), p.encode(&clean).into_owned());
            // Appended after bytes already there: the short decode path, whose value without
            // `%` is copied inline (word and SSE2 loads and stores) and whose AVX2 step reads
            // values of 34 bytes or more in place.
            let append = |x: &[u8]| {
                let mut v = b"kept".to_vec();
                p.decode_append(x, &mut v).map(|()| v)
            };
            let (app, app_clean) = (append(&data), append(&clean));
            for &k in Kernel::available() {
                Kernel::force(Some(k));
                assert_eq!(p.try_encode(&data).map(|c| c.into_owned()), enc, "{name} {len} {k:?}");
                assert_eq!(p.decode(&data).map(|c| c.into_owned()), dec, "{name} {len} {k:?}");
                assert_eq!(p.encode(&data), all, "{name} {len} {k:?}");
                assert_eq!(p.encode(&clean), all_clean, "{name} {len} {k:?} clean");
                assert_eq!(append(&data), app, "{name} {len} {k:?} appended");
                assert_eq!(append(&clean), app_clean, "{name} {len} {k:?} appended clean");
                checked += 1;
            }
        }
    }
    Kernel::force(None);
    let names: Vec<&str> = Kernel::available().iter().map(|k| k.name()).collect();
    // The detected kernel shows whether PCTENC_KERNEL reached the test (cross runners such
    // as scripts/wasi-run.mjs must pass the environment on).
    println!("miri suite: kernels {} (detected {})", names.join(" "), Kernel::detect().name());
    assert!(checked >= profiles.len() * lens.len());
}

#[test]
fn streaming_decoder_joins_a_cut_escape() {
    let p = by_name("url-component").unwrap();
    let mut d = Decoder::new(p);
    let mut out = Vec::new();
    for chunk in [&b"a%E2%8"[..], b"2%AC", b"%"] {
        d.push(chunk, &mut out).unwrap();
    }
    d.push(b"41", &mut out).unwrap();
    d.finish(&mut out).unwrap();
    assert_eq!(out, "a€A".as_bytes());
}
