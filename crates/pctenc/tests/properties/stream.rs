//! Streaming == one-shot for random chunkings (empty chunks included), for every named
//! profile and random custom ones, through `Encoder`/`Decoder` and the `io::Write` adapters.
//! `tests/stream_splits.rs` does every split of short inputs exhaustively.

use pctenc::profile::ALL;
use pctenc::stream::{Decoder, Encoder};
use pctenc::Profile;
use proptest::prelude::*;

use crate::gen::{bytes, config, custom_profile};

/// Cuts `x` into chunks of the given sizes (cycled), empty chunks included.
fn chunks<'a>(x: &'a [u8], sizes: &[usize]) -> Vec<&'a [u8]> {
    let (mut out, mut rest, mut k) = (Vec::new(), x, 0);
    while !rest.is_empty() {
        let n = sizes[k % sizes.len()].min(rest.len());
        out.push(&rest[..n]);
        rest = &rest[n..];
        k += 1;
    }
    out
}

fn profiles() -> impl Strategy<Value = Profile> {
    prop_oneof![proptest::sample::select(ALL).prop_map(|p| *p), custom_profile()]
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn random_chunkings_match_one_shot(
        p in profiles(),
        x in bytes(),
        sizes in prop::collection::vec(prop_oneof![Just(0usize), 1..4usize, 1..16usize], 1..8),
    ) {
        prop_assume!(sizes.iter().any(|&n| n > 0));
        let parts = chunks(&x, &sizes);
        let want_dec = p.decode(&x).map(|c| c.into_owned());
        let want_enc = p.try_encode(&x).map(|c| c.into_owned().into_bytes());

        let mut d = Decoder::new(&p);
        let mut out = Vec::new();
        let got = parts.iter().try_for_each(|c| d.push(c, &mut out)).and_then(|()| d.finish(&mut out));
        prop_assert_eq!(got.map(|()| out), want_dec.clone());

        let mut e = Encoder::new(&p);
        let mut out = Vec::new();
        let got = parts.iter().try_for_each(|c| e.push(c, &mut out)).and_then(|()| e.finish(&mut out));
        prop_assert_eq!(got.map(|()| out), want_enc.clone());

        #[cfg(feature = "std")]
        {
            use std::io::Write;
            let mut w = pctenc::stream::DecodeWriter::new(&p, Vec::new());
            let got = parts.iter().try_for_each(|c| w.write_all(c)).and_then(|()| w.finish());
            prop_assert_eq!(got.map_err(|_| ()), want_dec.map_err(|_| ()));
            let mut w = pctenc::stream::EncodeWriter::new(&p, Vec::new());
            let got = parts.iter().try_for_each(|c| w.write_all(c)).and_then(|()| w.finish());
            prop_assert_eq!(got.map_err(|_| ()), want_enc.map_err(|_| ()));
        }
    }
}
