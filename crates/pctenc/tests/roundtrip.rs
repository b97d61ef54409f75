//! `decode(encode(x)) == x` for every named profile that says it round-trips
//! ([`Profile::round_trips`]), and the streaming encoder/decoder agree with one-shot calls on
//! the same random text.

use pctenc::profile::ALL;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn round_trip_text(s in "\\PC*") {
        for p in ALL {
            if !p.round_trips() {
                continue;
            }
            let enc = p.encode(&s);
            let dec = p.decode_str(enc.as_bytes());
            prop_assert_eq!(dec.as_deref(), Ok(s.as_str()), "{}", p.name());
        }
    }

    #[test]
    fn encode_never_panics_and_decoders_never_panic(b in proptest::collection::vec(any::<u8>(), 0..40)) {
        for p in ALL {
            let _ = p.try_encode(&b);
            let _ = p.encode(&b);
            let _ = p.decode(&b);
            let _ = p.decode_str(&b);
        }
    }
}

#[test]
fn which_profiles_round_trip() {
    let not: Vec<&str> = ALL.iter().filter(|p| !p.round_trips()).map(|p| p.name()).collect();
    // Each of these keeps something on purpose (see the profile's docs).
    assert_eq!(
        not,
        [
            "url-c0",
            "url-fragment",
            "url-query",
            "url-special-query",
            "url-path",
            "url-userinfo",
            "perl-uri-escape-decoded",
            "uri-template-reserved",
            "iri",
            "multipart-name"
        ]
    );
}
