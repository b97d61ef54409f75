//! Kernel == naive oracle, and `decode(encode(x)) == x`.

use pctenc::profile::ALL;
use pctenc::{Malformed, Profile, Unit, Utf8};
use proptest::prelude::*;

use crate::gen::{self, bytes, custom_profile, lib_decode, oracle_decode, oracle_encode, text};

/// The named profiles the naive oracle models: byte units, strict or lenient escapes, and
/// the standard UTF-8 policies. The others are runtime quirks with their own oracles:
/// `js-escape` (UTF-16 units), `perl-uri-escape-decoded` (Latin-1 units), `dotnet-httputility`
/// (`%uXXXX`), `java-urlencoder` (`%+1`, one U+FFFD per encoded surrogate),
/// `dotnet-escapedatastring` and `iri` (invalid escapes kept), `multipart-name` (non-ASCII
/// kept) and `uri-template-reserved` (valid escapes kept) are checked against the real
/// runtimes (scripts/differential, tests/node_diff) and their recorded behaviour
/// (tests/runtimes.rs). `modelled_by_oracle` below keeps this list from growing silently.
fn oracle_models(p: &Profile) -> bool {
    let d = p.decoding();
    p.unit() == Unit::Byte
        && !p.keeps_non_ascii()
        && !p.keeps_valid_escapes()
        && matches!(
            d.malformed,
            Malformed::Reject | Malformed::PassThrough | Malformed::PassThroughTriplet
        )
        && matches!(d.utf8, Utf8::Strict | Utf8::Lossy | Utf8::Bytes)
}

fn byte_profiles() -> impl Strategy<Value = &'static Profile> {
    let named: Vec<&Profile> = ALL.iter().copied().filter(|p| oracle_models(p)).collect();
    proptest::sample::select(named)
}

#[test]
fn modelled_by_oracle() {
    let mut left_out: Vec<&str> =
        ALL.iter().filter(|p| !oracle_models(p)).map(|p| p.name()).collect();
    left_out.sort_unstable();
    assert_eq!(
        left_out,
        [
            "dotnet-escapedatastring",
            "dotnet-httputility",
            "iri",
            "java-urlencoder",
            "js-escape",
            "multipart-name",
            "perl-uri-escape-decoded",
            "uri-template-reserved"
        ]
    );
}

fn any_named() -> impl Strategy<Value = &'static Profile> {
    proptest::sample::select(ALL)
}

proptest! {
    #![proptest_config(crate::gen::config(1000))]

    #[test]
    fn encode_matches_oracle(p in custom_profile(), x in bytes()) {
        prop_assert_eq!(p.encode(&x), oracle_encode(&p, &x));
    }

    #[test]
    fn decode_matches_oracle(p in custom_profile(), x in bytes()) {
        prop_assert_eq!(lib_decode(&p, &x), oracle_decode(&p, &x));
    }

    #[test]
    fn named_profiles_match_oracle(p in byte_profiles(), x in bytes()) {
        prop_assert_eq!(p.with_input_utf8(Utf8::Bytes).encode(&x), oracle_encode(p, &x));
        prop_assert_eq!(lib_decode(p, &x), oracle_decode(p, &x));
        // The profile's own input policy: Strict fails where the input stops being UTF-8,
        // Lossy encodes the lossy conversion.
        let utf8 = std::str::from_utf8(&x);
        match (p.input_utf8(), utf8) {
            (Utf8::Strict, Err(e)) => {
                prop_assert_eq!(p.try_encode(&x).map_err(|e| e.offset), Err(e.valid_up_to()));
            }
            (Utf8::Lossy, _) => {
                let lossy = String::from_utf8_lossy(&x);
                prop_assert_eq!(p.try_encode(&x).unwrap(), oracle_encode(p, lossy.as_bytes()));
            }
            _ => prop_assert_eq!(p.try_encode(&x).unwrap(), oracle_encode(p, &x)),
        }
    }

    /// `decode(encode(x)) == x` wherever `round_trips()` says so: for text where the profile
    /// reads text strictly, against the lossy conversion where it reads lossily.
    #[test]
    fn round_trip(p in any_named(), x in bytes(), t in text()) {
        prop_assume!(p.round_trips());
        // Any bytes round trip only where both sides read bytes; otherwise the domain is text.
        let bytes_both_ways = p.input_utf8() == Utf8::Bytes && p.decoding().utf8 == Utf8::Bytes;
        let (input, want): (&[u8], Vec<u8>) = match p.input_utf8() {
            Utf8::Bytes if bytes_both_ways => (&x, x.clone()),
            _ => (t.as_bytes(), t.as_bytes().to_vec()),
        };
        let encoded = p.try_encode(input).unwrap();
        prop_assert_eq!(p.decode(&*encoded).map(|c| c.into_owned()), Ok(want));
    }

    /// Without `%` (and `+` where it means space) in the input, every profile round trips,
    /// including those whose set keeps `%`.
    #[test]
    fn round_trip_without_percent(p in any_named(), t in text()) {
        let t: String = t.chars().filter(|&c| c != '%' && c != '+').collect();
        if p.decoding().utf8 == Utf8::Iri {
            // URI -> IRI keeps the escapes of what an IRI must not show (space, controls,
            // bidi formatting characters): by design not the inverse of IRI -> URI.
            return Ok(());
        }
        if p.unit() == Unit::Latin1 {
            // Latin-1 units: characters up to U+00FF, one byte each, decoded to that byte.
            let t: String = t.chars().filter(|&c| (c as u32) < 0x100).collect();
            let latin1: Vec<u8> = t.chars().map(|c| c as u8).collect();
            let encoded = p.try_encode(&t).unwrap();
            prop_assert_eq!(p.decode(&*encoded).unwrap().into_owned(), latin1);
        } else {
            let encoded = p.try_encode(&t).unwrap();
            prop_assert_eq!(p.decode_str(&*encoded).unwrap(), t.as_str());
        }
    }
}

/// The oracle itself is checked on the spec's examples, so a wrong oracle cannot agree with
/// a wrong kernel unnoticed.
#[test]
fn oracle_on_spec_examples() {
    let lenient = |s: &[u8]| {
        crate::naive::decode(s, false, false, |_| false)
            .map(|v| v.into_iter().map(|u| u.0).collect::<Vec<u8>>())
    };
    assert_eq!(lenient(b"%25%s%1G"), Ok(b"%%s%1G".to_vec())); // URL Standard §1.3
    assert_eq!(lenient("‽%25%2E".as_bytes()), Ok(b"\xE2\x80\xBD%.".to_vec()));
    let strict = |s: &[u8]| crate::naive::decode(s, true, false, |_| false).map(|_| ());
    assert_eq!(strict(b"ab%4"), Err(("truncated-escape", 2)));
    assert_eq!(strict(b"ab%"), Err(("truncated-escape", 2)));
    assert_eq!(strict(b"ab%4g"), Err(("invalid-escape", 2)));
    assert_eq!(strict(b"%g"), Err(("invalid-escape", 0)));
    assert_eq!(crate::naive::encode(b"a b\xff", |b| b >= 0x80 || b == b' ', true, true), "a+b%FF");
    let js = pctenc::profile::js::URI;
    assert_eq!(gen::oracle_decode(js, b"%2f%E2%82%AC"), Ok("%2f€".as_bytes().to_vec()));
    assert_eq!(gen::oracle_decode(js, b"ab%E2%82"), Err(("invalid-utf8", 2)));
}
