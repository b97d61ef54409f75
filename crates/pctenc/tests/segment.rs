//! Safe segment decoding: the Servlet 6 canonicalization cases (Tomcat's table rows that
//! concern decoding), preserve mode (G13), error spans and the policy presets.

use std::borrow::Cow;

use pctenc::lint::Utf8Problem;
use pctenc::segment::{
    decode_segment, split_path, Allow, Encoded, PathParams, SegmentErrorKind as K, SegmentPolicy,
};
use pctenc::Utf8;

fn path(p: &str, policy: &SegmentPolicy) -> Result<Vec<String>, (K, usize)> {
    split_path(p, policy)
        .map(|v| v.iter().map(|s| String::from_utf8_lossy(s).into_owned()).collect())
        .map_err(|e| (e.kind, e.offset))
}

#[test]
fn servlet6_rows() {
    let s6 = SegmentPolicy::servlet6();
    let ok = |p: &str, want: &[&str]| {
        assert_eq!(path(p, &s6), Ok(want.iter().map(|s| s.to_string()).collect()), "{p}")
    };
    let bad = |p: &str, kind: K, at: usize| assert_eq!(path(p, &s6), Err((kind, at)), "{p}");
    ok("/foo/bar", &["foo", "bar"]);
    ok("/foo;/bar", &["foo", "bar"]);
    ok("/foo;jsessionid=1/bar;a=b", &["foo", "bar"]);
    ok("/foo%20bar", &["foo bar"]);
    ok("/foo/", &["foo", ""]);
    bad("/foo/%2e%2E/bar", K::DotSegment, 5);
    bad("/foo/.%2e/bar", K::DotSegment, 5);
    bad("/foo/../bar", K::DotSegment, 5);
    bad("/foo/..;/bar", K::PathParameter, 5);
    bad("/foo/.;x/bar", K::PathParameter, 5);
    bad("/foo/;x/bar", K::PathParameter, 5);
    bad("/foo%3Bx/bar", K::PathParameter, 4);
    bad("/foo%E2%82", K::InvalidUtf8(Utf8Problem::Truncated), 4);
    bad("/foo%-1/bar", K::MalformedEscape, 4);
    bad("/foo%/bar", K::MalformedEscape, 4);
    bad("/foo%2Fb%25r", K::EncodedSlash, 4);
    bad("/good%20/bad%/%20mix%", K::MalformedEscape, 12);
    bad("/foo%00/bar", K::EncodedNul, 4);
    bad("/foo%5Cbar", K::EncodedBackslash, 4);
    bad("/foo\\bar", K::RawBackslash, 4);
    bad("/foo%7Fbar", K::EncodedControl, 4);
}

#[test]
fn preserve_keeps_separators_and_percent_encoded() {
    let keep = SegmentPolicy {
        encoded_slash: Encoded::Preserve,
        encoded_backslash: Encoded::Preserve,
        ..SegmentPolicy::strict()
    };
    assert_eq!(decode_segment("a%2fb%25z%41", &keep).unwrap(), &b"a%2fb%25zA"[..]);
    // `%25` then `c` and `%41`: a full decode would find the escape `%cA`.
    let e = decode_segment("a%2fb%25c%41", &keep).unwrap_err();
    assert_eq!((e.kind, e.offset, e.len), (K::DoubleEncoding, 5, 7));
    assert_eq!(decode_segment("%252F", &keep).unwrap_err().kind, K::DoubleEncoding);
    assert_eq!(decode_segment("%25zz", &keep).unwrap(), &b"%25zz"[..]);
    let decode = SegmentPolicy { encoded_slash: Encoded::Decode, ..SegmentPolicy::strict() };
    assert_eq!(decode_segment("a%2Fb", &decode).unwrap(), &b"a/b"[..]);
    // Without preserve, '%' decodes, and a following escape is double encoding.
    assert_eq!(decode_segment("100%25", &SegmentPolicy::strict()).unwrap(), &b"100%"[..]);
    let e = decode_segment("x%2541", &SegmentPolicy::strict()).unwrap_err();
    assert_eq!((e.kind, e.offset, e.len), (K::DoubleEncoding, 1, 5));
}

#[test]
fn error_spans_name_the_offending_bytes() {
    let strict = SegmentPolicy::strict();
    for (input, kind, at, len) in [
        ("ab%zz", K::MalformedEscape, 2, 2),
        ("ab%4", K::MalformedEscape, 2, 2),
        ("ab%", K::MalformedEscape, 2, 1),
        ("a%u2215", K::Utf16Escape, 1, 6),
        ("a/b", K::RawSeparator, 1, 1),
        ("a\tb", K::RawControl, 1, 1),
        ("a%0d", K::EncodedCrLf, 1, 3),
        ("é%C0%AEx", K::InvalidUtf8(Utf8Problem::Overlong), 2, 6),
        ("ok%ED%A0%80", K::InvalidUtf8(Utf8Problem::Surrogate), 2, 9),
        ("ok\u{80}", K::InvalidUtf8(Utf8Problem::Unexpected), 2, 1),
    ] {
        let input = input.replace('\u{80}', "");
        let bytes = if input == "ok" { b"ok\x80".to_vec() } else { input.into_bytes() };
        let e = decode_segment(&bytes, &strict).unwrap_err();
        assert_eq!(
            (e.kind, e.offset, e.len),
            (kind, at, len),
            "{:?}",
            String::from_utf8_lossy(&bytes)
        );
        assert!(!e.to_string().is_empty() && !e.kind.as_str().is_empty());
    }
}

#[test]
fn presets_and_knobs() {
    assert_eq!(SegmentPolicy::default(), SegmentPolicy::strict());
    for (name, preset) in [
        ("strict", SegmentPolicy::strict()),
        ("servlet6", SegmentPolicy::servlet6()),
        ("lenient", SegmentPolicy::lenient()),
    ] {
        assert_eq!(SegmentPolicy::by_name(name), Some(preset), "{name}");
    }
    for name in ["", "Strict", "servlet", "rfc3986"] {
        assert_eq!(SegmentPolicy::by_name(name), None, "{name:?}");
    }
    assert!(matches!(decode_segment("plain", &SegmentPolicy::strict()).unwrap(), Cow::Borrowed(_)));
    let lenient = SegmentPolicy::lenient();
    assert_eq!(
        decode_segment("%%32%65/%2F\\%00%C0", &lenient).unwrap(),
        "%2e//\\\0\u{FFFD}".as_bytes()
    );
    let bytes = SegmentPolicy { utf8: Utf8::Bytes, ..SegmentPolicy::strict() };
    assert_eq!(decode_segment("%FF", &bytes).unwrap(), &b"\xff"[..]);
    let nul = SegmentPolicy { nul: Allow::Allow, ..SegmentPolicy::strict() };
    assert_eq!(decode_segment("a%00", &nul).unwrap(), &b"a\0"[..]);
    let dots = SegmentPolicy { dot_segments: Allow::Allow, ..SegmentPolicy::strict() };
    assert_eq!(decode_segment("%2e%2e", &dots).unwrap(), &b".."[..]);
    let reject = SegmentPolicy { path_params: PathParams::Reject, ..SegmentPolicy::strict() };
    assert_eq!(decode_segment("a;b", &reject).unwrap_err().kind, K::PathParameter);
    let short = SegmentPolicy { max_len: Some(3), ..SegmentPolicy::strict() };
    let e = decode_segment("abcdef", &short).unwrap_err();
    assert_eq!((e.kind, e.offset, e.len), (K::TooLong, 3, 3));
    assert_eq!(path("", &SegmentPolicy::strict()), Ok(vec![]));
    assert_eq!(path("a//b", &SegmentPolicy::strict()), Ok(vec!["a".into(), "".into(), "b".into()]));
}

/// Preserving either separator keeps `%25` as written (so that no later decode confuses a
/// kept `%2F` with a decoded `%252F`), whichever of the two is preserved.
#[test]
fn preserving_one_separator_keeps_percent_encoded() {
    let strict = SegmentPolicy::strict();
    for policy in [
        SegmentPolicy { encoded_slash: Encoded::Preserve, ..strict },
        SegmentPolicy { encoded_backslash: Encoded::Preserve, ..strict },
        SegmentPolicy {
            encoded_slash: Encoded::Preserve,
            encoded_backslash: Encoded::Decode,
            ..strict
        },
    ] {
        assert_eq!(decode_segment("a%25b", &policy).unwrap(), &b"a%25b"[..], "{policy:?}");
        // `%252F` is double encoding (rejected by strict); allowed, it stays as written.
        let twice = SegmentPolicy { double_encoding: Allow::Allow, ..policy };
        assert_eq!(decode_segment("%252F", &twice).unwrap(), &b"%252F"[..], "{policy:?}");
        assert_eq!(decode_segment("%252F", &policy).unwrap_err().kind, K::DoubleEncoding);
    }
    // Neither preserved: %25 is decoded like any escape.
    assert_eq!(decode_segment("a%25b", &strict).unwrap(), &b"a%b"[..]);
}

/// A raw NUL is the `nul` knob's, not the `controls` one's, as an encoded `%00` is: a policy
/// that allows controls but not NUL rejects it, and one that allows NUL but not controls
/// accepts it.
#[test]
fn raw_nul_follows_the_nul_knob() {
    let strict = SegmentPolicy::strict();
    let controls = SegmentPolicy { controls: Allow::Allow, ..strict };
    let e = decode_segment("a\0b", &controls).unwrap_err();
    assert_eq!((e.kind, e.offset, e.len), (K::RawControl, 1, 1));
    assert_eq!(decode_segment("a\tb", &controls).unwrap(), &b"a\tb"[..]);
    let nul = SegmentPolicy { nul: Allow::Allow, ..strict };
    assert_eq!(decode_segment("a\0b", &nul).unwrap(), &b"a\0b"[..]);
    assert_eq!(decode_segment("a\tb", &nul).unwrap_err().kind, K::RawControl);
}

/// `max_len` is the longest segment accepted: exactly that many bytes pass.
#[test]
fn max_len_is_inclusive() {
    let short = SegmentPolicy { max_len: Some(3), ..SegmentPolicy::strict() };
    assert_eq!(decode_segment("abc", &short).unwrap(), &b"abc"[..]);
    let e = decode_segment("abcd", &short).unwrap_err();
    assert_eq!((e.kind, e.offset, e.len), (K::TooLong, 3, 1));
    let none = SegmentPolicy { max_len: Some(0), ..SegmentPolicy::strict() };
    assert_eq!(decode_segment("", &none).unwrap(), &b""[..]);
}

/// The error codes are a stable contract (the CLI prints them, scripts match on them): each
/// kind keeps its kebab-case name, and no two kinds share one.
#[test]
fn error_codes_are_stable() {
    let codes = [
        (K::MalformedEscape, "malformed-escape"),
        (K::Utf16Escape, "utf16-escape"),
        (K::RawSeparator, "raw-separator"),
        (K::EncodedSlash, "encoded-slash"),
        (K::EncodedBackslash, "encoded-backslash"),
        (K::RawBackslash, "raw-backslash"),
        (K::EncodedNul, "encoded-nul"),
        (K::EncodedCrLf, "encoded-crlf"),
        (K::EncodedControl, "encoded-control"),
        (K::RawControl, "raw-control"),
        (K::DotSegment, "dot-segment"),
        (K::DoubleEncoding, "double-encoding"),
        (K::InvalidUtf8(Utf8Problem::Overlong), "invalid-utf8"),
        (K::InvalidUtf8(Utf8Problem::Truncated), "invalid-utf8"),
        (K::PathParameter, "path-parameter"),
        (K::TooLong, "too-long"),
    ];
    for (kind, code) in codes {
        assert_eq!(kind.as_str(), code, "{kind:?}");
    }
    let mut distinct: Vec<&str> = codes.iter().map(|(_, c)| *c).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), codes.len() - 1, "only the UTF-8 problems share a code");
}
