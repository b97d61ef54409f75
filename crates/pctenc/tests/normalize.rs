//! Normalization (RFC 3986 §6.2.2.1-2) and repeated decoding: tables and properties.

#[path = "support/cases.rs"]
mod support;

use pctenc::decode::repeat::RepeatStop;
use pctenc::lint::Context;
use pctenc::normalize::{equivalent, normalize};
use pctenc::profile::{rfc3986, whatwg};
use pctenc::DecodeError;
use proptest::prelude::*;

#[test]
fn normal_forms() {
    for (ctx, input, want) in [
        (Context::Path, "/%7Euser/%2fa%3f", "/~user/%2Fa%3F"),
        (Context::Path, "%zz%4%", "%zz%4%"),
        (Context::Path, "%c3%a9%2D%2e%5F", "%C3%A9-._"),
        (Context::Query, "a=%41%26b", "a=A%26b"),
        (Context::Form, "a%20b+c%2b", "a+b+c%2B"),
        // Only a form writes an escaped space as `+`.
        (Context::Query, "a%20b", "a%20b"),
        (Context::Path, "a%20b", "a%20b"),
        (Context::Host, "WWW.%45xample.COM", "www.example.com"),
        (
            Context::Url,
            "HTTPS://User%41@Ex%41mple.ORG:80/%7E%2f?%61=%62#%63",
            "https://UserA@example.org:80/~%2F?a=b#c",
        ),
    ] {
        assert_eq!(String::from_utf8(normalize(input, ctx).into_owned()).unwrap(), want, "{input}");
    }
}

#[test]
fn equivalence_is_equal_normal_forms() {
    assert!(equivalent("q=%7e%41", "q=~A", Context::Query));
    assert!(equivalent("a+b", "a%20b", Context::Form));
    assert!(!equivalent("a+b", "a%20b", Context::Query));
    assert!(!equivalent("%2F", "/", Context::Path));
    assert!(!equivalent("a", "b", Context::Url));
}

#[test]
fn repeated_decoding_reports_depth_and_why_it_stopped() {
    let r = whatwg::COMPONENT.decode_repeat("%252e%252e%252f", 100).unwrap();
    assert_eq!((r.output.as_ref(), r.depth, r.stop), (&b"../"[..], 2, RepeatStop::Stable));
    let r = whatwg::COMPONENT.decode_repeat("plain", 3).unwrap();
    assert_eq!((r.depth, r.stop), (0, RepeatStop::Stable));
    let r = whatwg::COMPONENT.decode_repeat("%2525252541", 2).unwrap();
    assert_eq!((r.output.as_ref(), r.depth, r.stop), (&b"%252541"[..], 2, RepeatStop::Limit));
    let r = rfc3986::RFC3986.decode_repeat("100%25", 5).unwrap();
    assert_eq!((r.output.as_ref(), r.depth), (&b"100%"[..], 1));
    assert_eq!(r.stop, RepeatStop::Invalid(DecodeError::TruncatedEscape { offset: 3 }));
    assert_eq!(
        rfc3986::RFC3986.decode_repeat("%zz", 5).unwrap_err(),
        DecodeError::InvalidEscape { offset: 0 }
    );
}

fn hostile() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(b"%%%25aAfF7eE2Zz./+ \xc3\xa9".to_vec()), 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: support::cases(1000), ..ProptestConfig::default() })]

    #[test]
    fn normalizing_is_idempotent_shrinks_and_keeps_the_meaning(data in hostile()) {
        for &ctx in pctenc::lint::Context::ALL {
            let once = normalize(&data, ctx).into_owned();
            let twice = normalize(&once, ctx);
            prop_assert_eq!(twice.as_ref(), once.as_slice());
            prop_assert!(once.len() <= data.len());
            prop_assert!(equivalent(&data, &once, ctx));
        }
        for ctx in [Context::Path, Context::Query, Context::Segment, Context::Fragment] {
            let once = normalize(&data, ctx);
            prop_assert_eq!(whatwg::COMPONENT.decode(&once).unwrap(), whatwg::COMPONENT.decode(&data).unwrap());
        }
    }

    #[test]
    fn escaping_unreserved_text_is_equivalent(s in "[A-Za-z0-9._~-]{0,20}") {
        let escaped: String = s.bytes().map(|b| format!("%{b:02x}")).collect();
        prop_assert!(equivalent(&s, &escaped, Context::Path));
        let upper: String = s.bytes().map(|b| format!("%{b:02X}")).collect();
        let normal = normalize(&upper, Context::Path);
        prop_assert_eq!(normal.as_ref(), s.as_bytes());
    }

    #[test]
    fn repeat_stops_at_a_fixed_point(data in hostile(), passes in 0usize..6) {
        let r = whatwg::COMPONENT.decode_repeat(&data, passes).unwrap();
        prop_assert!(r.depth <= passes);
        let again = whatwg::COMPONENT.decode(r.output.as_ref()).unwrap();
        prop_assert_eq!(again.as_ref() == r.output.as_ref(), r.stop == RepeatStop::Stable);
    }
}
