//! Every output shape gives the same answer; `Cow::Borrowed` exactly when nothing changes;
//! output bounds; `encode_into` / `decode_into` at every buffer length.

use std::borrow::Cow;

use pctenc::profile::ALL;
use pctenc::stream::{Decoder, Encoder};
use pctenc::{DecodeSliceError, Profile, Utf8};
use proptest::prelude::*;

use crate::gen::{bytes, custom_profile};

/// A byte that no encoder writes and that marks untouched buffer space.
const SENTINEL: u8 = 0xAA;

fn named_or_custom() -> impl Strategy<Value = Profile> {
    prop_oneof![proptest::sample::select(ALL).prop_map(|p| *p), custom_profile()]
}

fn check_encode_shapes(p: &Profile, x: &[u8]) -> Result<(), TestCaseError> {
    let cow = p.encode(x);
    let s: &str = &cow;
    prop_assert_eq!(matches!(cow, Cow::Borrowed(_)), s.as_bytes() == x, "Borrowed iff unchanged");
    let mut appended = String::from("pre");
    p.encode_append(x, &mut appended);
    prop_assert_eq!(&appended[3..], s);
    let mut vec = b"pre".to_vec();
    p.encode_append_vec(x, &mut vec);
    prop_assert_eq!(&vec[3..], s.as_bytes());
    prop_assert_eq!(p.display(x).to_string(), s);
    let mut buf = vec![SENTINEL; s.len() + 5];
    prop_assert_eq!(p.encode_into(x, &mut buf), Ok(s.len()));
    prop_assert_eq!(&buf[..s.len()], s.as_bytes());
    // try_encode and the streaming encoder apply the input policy strictly; where the input
    // is accepted they agree with `encode`.
    let tried = p.try_encode(x).map(Cow::into_owned);
    // Latin-1 units read bytes that are not UTF-8 as characters, and cannot write the
    // characters above U+00FF.
    let accepted = if p.unit() == pctenc::Unit::Latin1 {
        x.utf8_chunks().all(|c| c.valid().chars().all(|c| (c as u32) < 0x100))
    } else {
        p.input_utf8() != Utf8::Strict || std::str::from_utf8(x).is_ok()
    };
    if accepted {
        prop_assert_eq!(tried.as_deref(), Ok(s));
    } else {
        prop_assert!(tried.is_err());
    }
    let mut e = Encoder::new(p);
    let mut out = Vec::new();
    let streamed = e.push(x, &mut out).and_then(|()| e.finish(&mut out)).map(|()| out);
    prop_assert_eq!(streamed, tried.clone().map(String::into_bytes));
    #[cfg(feature = "std")]
    {
        use std::io::Write;
        let mut w = pctenc::stream::EncodeWriter::new(p, Vec::new());
        let written = w.write_all(x).and_then(|()| w.finish()).map_err(|_| ());
        prop_assert_eq!(written, tried.map(String::into_bytes).map_err(|_| ()));
    }
    // Bounds: 3 bytes per input byte for text and for bytes read as bytes; a byte that is
    // not UTF-8 and is read lossily becomes U+FFFD (`%EF%BF%BD`, or `%uFFFD`).
    let valid = std::str::from_utf8(x).is_ok() || p.input_utf8() == Utf8::Bytes;
    let bound = if valid { 3 * x.len() } else { 9 * x.len() };
    prop_assert!(s.len() <= bound, "{} bytes from {}", s.len(), x.len());
    if valid {
        prop_assert!(s.len() <= pctenc::max_encoded_len(x.len()));
    }
    Ok(())
}

fn check_decode_shapes(p: &Profile, x: &[u8]) -> Result<(), TestCaseError> {
    let cow = p.decode(x);
    let want = cow.clone().map(Cow::into_owned);
    if let Ok(c) = &cow {
        prop_assert_eq!(matches!(c, Cow::Borrowed(_)), **c == *x, "Borrowed iff unchanged");
        let lossy = matches!(p.decoding().utf8, Utf8::Lossy | Utf8::LossyJava);
        let bound = if lossy { 3 * x.len() } else { x.len() };
        prop_assert!(c.len() <= bound, "{} bytes from {}", c.len(), x.len());
    }
    let text = p.decode_str(x).map(Cow::into_owned);
    let as_text = |b: Vec<u8>| match p.decoding().utf8 {
        // These keep bytes that are not UTF-8 (as bytes or as the escapes that wrote them).
        Utf8::Bytes | Utf8::KeepEscaped | Utf8::Iri => String::from_utf8_lossy(&b).into_owned(),
        _ => String::from_utf8(b).expect("decoded text is UTF-8"),
    };
    if p.unit() == pctenc::Unit::Byte || p.decoding().utf8 != Utf8::Bytes {
        prop_assert_eq!(text, want.clone().map(as_text));
    }
    let mut appended = b"pre".to_vec();
    let r = p.decode_append(x, &mut appended);
    match &want {
        Ok(w) => prop_assert_eq!((r, &appended[3..]), (Ok(()), &w[..])),
        Err(e) => prop_assert_eq!((r, &appended[..]), (Err(*e), &b"pre"[..])),
    }
    let mut buf = vec![SENTINEL; x.len().max(want.as_ref().map_or(0, Vec::len)) + 5];
    let into = p.decode_into(x, &mut buf).map(|n| buf[..n].to_vec());
    prop_assert_eq!(into, want.clone().map_err(DecodeSliceError::Decode));
    let mut d = Decoder::new(p);
    let mut out = Vec::new();
    let streamed = d.push(x, &mut out).and_then(|()| d.finish(&mut out)).map(|()| out);
    prop_assert_eq!(&streamed, &want);
    #[cfg(feature = "std")]
    {
        use std::io::Write;
        let mut w = pctenc::stream::DecodeWriter::new(p, Vec::new());
        let written = w.write_all(x).and_then(|()| w.finish()).map_err(|_| ());
        prop_assert_eq!(written, want.map_err(|_| ()));
    }
    Ok(())
}

/// `encode_into` at every length from 0 to the encoded length: too short is
/// `OutputTooSmall` with a prefix of the encoding written and nothing else touched, and
/// `needed` bytes are then enough.
fn check_encode_into_lengths(p: &Profile, x: &[u8]) -> Result<(), TestCaseError> {
    let full = p.encode(x);
    for len in 0..=full.len() {
        let mut buf = vec![SENTINEL; len];
        match p.encode_into(x, &mut buf) {
            Ok(n) => prop_assert_eq!((len, &buf[..n]), (full.len(), full.as_bytes())),
            Err(e) => {
                prop_assert!(len < full.len(), "OutputTooSmall with {len} of {} bytes", full.len());
                // The written prefix: where `buf` stops agreeing with the encoding (profiles that
                // keep non-ASCII may write the sentinel's value themselves).
                let w = buf.iter().zip(full.as_bytes()).take_while(|(a, b)| a == b).count();
                prop_assert_eq!(&buf[..w], &full.as_bytes()[..w], "a prefix is written");
                prop_assert!(buf[w..].iter().all(|&b| b == SENTINEL), "nothing after it");
                let mut retry = vec![0; e.needed];
                prop_assert_eq!(p.encode_into(x, &mut retry), Ok(full.len()), "needed is enough");
            }
        }
    }
    Ok(())
}

/// `decode_into` at every length: documented to need `input.len()` bytes (more only for a
/// lossy repair), and to say how many it needs.
fn check_decode_into_lengths(p: &Profile, x: &[u8]) -> Result<(), TestCaseError> {
    let full = p.decode(x).map(Cow::into_owned);
    let need = x.len().max(full.as_ref().map_or(0, Vec::len));
    for len in 0..=need {
        let mut buf = vec![SENTINEL; len];
        match (p.decode_into(x, &mut buf), &full) {
            (Ok(n), Ok(f)) => prop_assert_eq!((len, &buf[..n]), (need, &f[..])),
            (Err(DecodeSliceError::Decode(e)), Err(f)) => {
                prop_assert_eq!((len >= x.len(), e), (true, *f));
            }
            (Err(DecodeSliceError::OutputTooSmall(e)), _) => {
                prop_assert!(len < need, "OutputTooSmall with {len} of {need} bytes");
                let mut retry = vec![0; e.needed];
                let again = p.decode_into(x, &mut retry);
                prop_assert!(!matches!(again, Err(DecodeSliceError::OutputTooSmall(_))));
            }
            (got, f) => prop_assert!(false, "len {len}: got {got:?}, decode gives {f:?}"),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::gen::config(1000))]

    #[test]
    fn encode_shapes_agree(p in named_or_custom(), x in bytes()) {
        check_encode_shapes(&p, &x)?;
    }

    #[test]
    fn decode_shapes_agree(p in named_or_custom(), x in bytes()) {
        check_decode_shapes(&p, &x)?;
    }

    #[test]
    fn into_reports_every_short_length(p in named_or_custom(), x in bytes()) {
        check_encode_into_lengths(&p, &x)?;
        check_decode_into_lengths(&p, &x)?;
    }
}
