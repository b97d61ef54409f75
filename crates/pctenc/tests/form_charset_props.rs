//! Properties of forms and charsets: serialize then parse is the identity on pairs, nothing
//! panics on any bytes, chunked charset streams equal the one-shot calls, and encoding then
//! decoding with a legacy charset gives the text back with unmappable characters as `&#NNNN;`.

use pctenc::form;
use proptest::prelude::*;

proptest! {
    #[test]
    fn serialize_then_parse_is_identity(pairs in prop::collection::vec((".*", ".*"), 0..6)) {
        let s = form::serialize(&pairs);
        let back: Vec<(String, String)> =
            form::parse(s.as_bytes()).map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
        prop_assert_eq!(back, pairs);
    }

    #[test]
    fn parse_is_lossy_parse_bytes(input in prop::collection::vec(any::<u8>(), 0..64)) {
        let text: Vec<_> = form::parse(&input).collect();
        let bytes: Vec<_> = form::parse_bytes(&input).collect();
        prop_assert_eq!(text.len(), bytes.len());
        for ((n, v), (bn, bv)) in text.iter().zip(&bytes) {
            prop_assert_eq!(n, &String::from_utf8_lossy(bn));
            prop_assert_eq!(v, &String::from_utf8_lossy(bv));
        }
    }
}

#[cfg(feature = "charsets")]
mod charsets {
    use pctenc::charset::encoding_rs::{
        Encoding, BIG5, EUC_JP, EUC_KR, GB18030, GBK, ISO_2022_JP, KOI8_R, SHIFT_JIS, UTF_8,
        WINDOWS_1250, WINDOWS_1251, WINDOWS_1252,
    };
    use pctenc::charset::{Decoder, Encoder, Invalid};
    use pctenc::profile::whatwg::FORM;
    use proptest::prelude::*;

    /// A profile that keeps valid escapes (`uri-template-reserved`) writes the same whether
    /// its input is cut inside an escape or not: the streaming encoder waits for the rest of
    /// `%` or `%X`, also where it follows a bad UTF-8 sequence cut between chunks. (Found by
    /// `utf8_is_the_profiles_own_encoding`: cut after `%`, the `%` came out as `%25`.)
    #[test]
    fn an_escape_cut_between_chunks_is_still_kept() {
        let streamed = |p: &pctenc::Profile, pieces: &[&[u8]]| {
            let mut enc = Encoder::new(p, UTF_8, true);
            let mut out = String::new();
            for piece in pieces {
                enc.push(piece, &mut out).unwrap();
            }
            enc.finish(&mut out).unwrap();
            out
        };
        let text = ["\u{a1}%0a b", "%", "%4", "a%41b%zz%", "%%41%4%41", "%e2%82%ac%"];
        let not_utf8: [&[u8]; 3] = [b"\xe2%41", b"a\xe2%4", b"\xf0\x9f%%41\xe2"];
        for input in text.iter().map(|t| t.as_bytes()).chain(not_utf8) {
            for p in pctenc::profile::ALL {
                let want = streamed(p, &[input]);
                if let Ok(text) = core::str::from_utf8(input) {
                    assert_eq!(want, p.encode(text), "{} {text:?}", p.name());
                }
                for i in 0..=input.len() {
                    for j in i..=input.len() {
                        let got = streamed(p, &[&input[..i], &input[i..j], &input[j..]]);
                        assert_eq!(got, want, "{} {input:?} cut at {i} and {j}", p.name());
                    }
                }
            }
        }
    }

    const ENCODINGS: &[&Encoding] = &[
        SHIFT_JIS,
        EUC_JP,
        ISO_2022_JP,
        GBK,
        GB18030,
        BIG5,
        EUC_KR,
        WINDOWS_1251,
        KOI8_R,
        WINDOWS_1250,
        WINDOWS_1252,
        UTF_8,
    ];

    /// Escaped-looking input: escapes, `+`, stray `%`, raw bytes.
    fn escaped() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(
            prop_oneof![
                any::<u8>().prop_map(|b| format!("%{b:02X}").into_bytes()),
                Just(b"+".to_vec()),
                Just(b"%".to_vec()),
                any::<u8>().prop_map(|b| vec![b]),
            ],
            0..24,
        )
        .prop_map(|v| v.concat())
    }

    proptest! {
        #[test]
        fn chunked_decoder_equals_one_shot(
            input in escaped(),
            which in 0..ENCODINGS.len(),
            cut in any::<prop::sample::Index>(),
            lossy in any::<bool>(),
        ) {
            let e = ENCODINGS[which];
            let invalid = if lossy { Invalid::Replace } else { Invalid::Error };
            let whole = FORM.decode_with(&input, e, invalid).map(|t| t.into_owned());
            let i = cut.index(input.len() + 1);
            let mut d = Decoder::new(FORM, e, invalid);
            let mut out = String::new();
            let r = d.push(&input[..i], &mut out)
                .and_then(|()| d.push(&input[i..], &mut out))
                .and_then(|()| d.finish(&mut out))
                .map(|()| out);
            prop_assert_eq!(r, whole);
        }

        #[test]
        fn encode_then_decode_gives_text_back(text in ".*", which in 0..ENCODINGS.len()) {
            let e = ENCODINGS[which];
            let escaped = FORM.encode_with(&text, e);
            prop_assert!(escaped.is_ascii());
            let back = FORM.decode_with(&*escaped, e, Invalid::Replace).unwrap();
            // encoding_rs's own encoder with HTML-reference replacement is the oracle.
            let (bytes, _, _) = e.encode(&text);
            prop_assert_eq!(back, e.decode_without_bom_handling(&bytes).0);
        }

        #[test]
        fn chunked_encoder_equals_one_shot(
            text in ".*",
            which in 0..ENCODINGS.len(),
            cut in any::<prop::sample::Index>(),
        ) {
            let e = ENCODINGS[which];
            let bytes = text.as_bytes();
            let i = cut.index(bytes.len() + 1);
            let mut enc = Encoder::new(FORM, e, false);
            let mut out = String::new();
            enc.push(&bytes[..i], &mut out).unwrap();
            enc.push(&bytes[i..], &mut out).unwrap();
            enc.finish(&mut out).unwrap();
            prop_assert_eq!(out, FORM.encode_with(&text, e));
        }

        #[test]
        fn utf8_is_the_profiles_own_encoding(text in ".*", cut in any::<prop::sample::Index>()) {
            for p in pctenc::profile::ALL {
                prop_assert_eq!(p.encode_with(&text, UTF_8), p.encode(&text), "{}", p.name());
                let i = cut.index(text.len() + 1);
                let mut enc = Encoder::new(p, UTF_8, true);
                let mut out = String::new();
                enc.push(&text.as_bytes()[..i], &mut out).unwrap();
                enc.push(&text.as_bytes()[i..], &mut out).unwrap();
                enc.finish(&mut out).unwrap();
                prop_assert_eq!(out, p.encode(&text), "{} streaming", p.name());
            }
        }

        #[test]
        fn auto_never_panics(input in escaped()) {
            let _ = FORM.decode_auto(&input, Invalid::Error);
            let d = FORM.decode_auto(&input, Invalid::Replace).unwrap();
            prop_assert_eq!(d.encoding, pctenc::charset::detect(&FORM.with_output_utf8(pctenc::Utf8::Bytes).decode(&input).unwrap()));
        }
    }
}
