//! The runtime profiles against what the runtimes were observed to do
//! (`../shared/testdata/runtimes/*.json`): for every recorded function, the exact set of ASCII
//! bytes it leaves as they are, how it writes a space, its hex case, and every decode probe.
//!
//! Every function in every file is either checked against a profile or listed in
//! `OUT_OF_SCOPE` with the reason; a function in neither fails the test, so new data cannot
//! be skipped silently.

use pctenc::profile::{by_name, ALL};
use pctenc::{Profile, Utf8};
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata/runtimes");

/// `(file, function, profile)`: the function is checked against the profile.
const CHECKED: &[(&str, &str, &str)] = &[
    ("cpython.json", "quote (safe='/')", "py-quote"),
    ("cpython.json", "quote_plus", "py-quote-plus"),
    ("cpython.json", "unquote", "py-quote"),
    ("cpython.json", "unquote_plus", "py-quote-plus"),
    ("go.json", "url.PathEscape", "go-path"),
    ("go.json", "url.PathUnescape", "go-path"),
    ("go.json", "url.QueryEscape", "go-query"),
    ("go.json", "url.QueryUnescape", "go-query"),
    ("libcurl.json", "curl_easy_escape", "curl"),
    ("libcurl.json", "curl_easy_unescape", "curl"),
    ("openjdk.json", "URLEncoder.encode(s, UTF_8)", "java-urlencoder"),
    ("openjdk.json", "URLDecoder.decode(s, UTF_8)", "java-urlencoder"),
    ("perl.json", "uri_escape", "perl-uri-escape-decoded"),
    ("perl.json", "uri_unescape", "perl-uri-escape"),
    ("php.json", "urlencode", "php-urlencode"),
    ("php.json", "urldecode", "php-urlencode"),
    ("php.json", "rawurlencode", "php-rawurlencode"),
    ("php.json", "rawurldecode", "php-rawurlencode"),
    ("dotnet-from-source.json", "Uri.EscapeDataString", "dotnet-escapedatastring"),
    ("dotnet-from-source.json", "WebUtility.UrlEncode", "dotnet-webutility"),
    ("dotnet-from-source.json", "HttpUtility.UrlEncode", "dotnet-httputility"),
    ("node.json", "encodeURI", "js-uri"),
    ("node.json", "encodeURIComponent", "js-component"),
    ("node.json", "escape", "js-escape"),
    ("node.json", "decodeURI", "js-uri"),
    ("node.json", "decodeURIComponent", "js-component"),
    ("node.json", "unescape", "js-escape"),
    ("node.json", "URLSearchParams.toString", "form"),
    ("node.json", "querystring.escape", "url-component"),
];

/// Functions checked by hand below (a variant of a profile, or a note rather than data).
const SPECIAL: &[(&str, &str)] = &[
    ("cpython.json", "quote(safe='')"),
    ("cpython.json", "unquote_to_bytes"),
    ("perl.json", "uri_escape_utf8"),
    ("dotnet-from-source.json", "Uri.UnescapeDataString"),
    ("dotnet-from-source.json", "WebUtility.UrlDecode"),
    ("dotnet-from-source.json", "HttpUtility.UrlDecode"),
];

/// Functions no percent-encoding profile stands for, with the reason.
const OUT_OF_SCOPE: &[(&str, &str, &str)] = &[
    ("cpython.json", "urlencode", "forms (pairs), the forms issue"),
    ("cpython.json", "parse_qsl", "forms (pairs), the forms issue"),
    ("go.json", "url.Values.Encode", "forms (pairs), the forms issue"),
    ("go.json", "url.URL{Path}.EscapedPath", "a URL serializer, not a profile"),
    ("php.json", "http_build_query", "forms (pairs), the forms issue"),
    ("node.json", "URLSearchParams(parse)", "forms (pairs), the forms issue"),
    ("node.json", "querystring.unescape", "no profile: Node-only decoder"),
    ("dotnet-from-source.json", "Uri.EscapeUriString (obsolete)", "obsolete, no profile"),
    ("dotnet-from-source.json", "HttpUtility.UrlPathEncode", "no profile: path-only encoder"),
    ("dotnet-from-source.json", "HttpUtility.UrlEncodeUnicode (obsolete)", "obsolete, no profile"),
];

fn load(file: &str) -> Value {
    let text = std::fs::read_to_string(format!("{DATA}/{file}"))
        .unwrap_or_else(|e| panic!("{DATA}/{file}: {e}"));
    serde_json::from_str(&text).expect("json")
}

fn profile(name: &str) -> &'static Profile {
    by_name(name).unwrap_or_else(|| panic!("no profile {name}"))
}

/// The ASCII bytes `p` writes unchanged, found by encoding each one.
fn kept_ascii(p: &Profile) -> String {
    (0u8..0x80).filter(|&b| p.encode(&[b]).as_bytes() == [b]).map(char::from).collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks one encoder entry; returns the number of facts checked.
fn check_encoder(p: &Profile, f: &Value, what: &str) -> usize {
    let mut n = 0;
    if let Some(set) = f["unencoded_ascii"].as_str() {
        assert_eq!(kept_ascii(p), set, "{what}: unencoded ASCII");
        n += 1;
    }
    if let Some(space) = f["space"].as_str() {
        assert_eq!(p.encode(" "), space, "{what}: space");
        n += 1;
    }
    if let Some(case) = f["hex_case"].as_str() {
        // "é" is escaped by every profile here, with hex letters (E9, or C3 A9).
        let got = p.encode("é").into_owned();
        let want = if case.to_ascii_lowercase().starts_with("lower") {
            got.to_lowercase()
        } else {
            got.to_uppercase()
        };
        assert!(got.starts_with('%'), "{what}: é is escaped");
        assert_eq!(got, want, "{what}: hex case");
        n += 1;
    }
    n
}

/// Checks every decode probe of one decoder entry; returns the number checked.
fn check_probes(p: &Profile, f: &Value, what: &str) -> usize {
    let Some(probes) = f["probes"].as_object() else { return 0 };
    for (input, want) in probes {
        if let Some(out) = want["out"].as_str() {
            assert_eq!(p.decode_str(input).as_deref(), Ok(out), "{what}: {input:?}");
            let bytes = p.decode(input).map(|c| hex(&c));
            assert_eq!(
                bytes.as_deref(),
                Ok(hex(out.as_bytes()).as_str()),
                "{what}: {input:?} as bytes"
            );
        } else if let Some(out) = want["out_hex"].as_str() {
            let got = p.decode(input).map(|c| hex(&c));
            assert_eq!(got.as_deref(), Ok(out), "{what}: {input:?}");
        } else if let Some(err) = want["error"].as_str() {
            // Go: `invalid URL escape "%zz"` names up to three bytes from the bad `%`.
            let e = p.decode(input).expect_err(input);
            let bad = &input[e.offset()..input.len().min(e.offset() + 3)];
            assert_eq!(format!("url.EscapeError: invalid URL escape {bad:?}"), err, "{what}");
        } else if want.get("throws").is_some() {
            assert!(p.decode_str(input).is_err(), "{what}: {input:?} must fail");
        } else {
            panic!("{what}: unknown probe shape {want}");
        }
    }
    probes.len()
}

#[test]
fn every_recorded_runtime_function() {
    let files = [
        "cpython.json",
        "go.json",
        "libcurl.json",
        "node.json",
        "openjdk.json",
        "perl.json",
        "php.json",
        "dotnet-from-source.json",
    ];
    let (mut facts, mut functions, mut out_of_scope) = (0, 0, 0);
    for file in files {
        let data = load(file);
        for (name, f) in data["functions"].as_object().expect("functions") {
            let what = format!("{file} {name}");
            if let Some(&(_, _, pname)) = CHECKED.iter().find(|c| c.0 == file && c.1 == name) {
                let p = profile(pname);
                facts += check_encoder(p, f, &what) + check_probes(p, f, &what);
                functions += 1;
            } else if SPECIAL.iter().any(|s| s.0 == file && s.1 == name) {
                functions += 1;
            } else if OUT_OF_SCOPE.iter().any(|o| o.0 == file && o.1 == name) {
                out_of_scope += 1;
            } else {
                panic!("{what}: recorded but neither checked nor listed as out of scope");
            }
        }
    }
    assert_eq!(functions, CHECKED.len() + SPECIAL.len());
    assert_eq!(out_of_scope, OUT_OF_SCOPE.len());
    println!("runtimes/*.json: {functions} functions, {facts} facts checked, {out_of_scope} out of scope");
}

#[test]
fn special_cases() {
    let py = load("cpython.json");
    let quote_safe_empty = *profile("py-quote");
    let quote_safe_empty =
        Profile::new(quote_safe_empty.set().add(b'/')).with_decoding(quote_safe_empty.decoding());
    check_encoder(&quote_safe_empty, &py["functions"]["quote(safe='')"], "quote(safe='')");
    let to_bytes = profile("py-quote").with_output_utf8(Utf8::Bytes);
    assert_eq!(
        check_probes(&to_bytes, &py["functions"]["unquote_to_bytes"], "unquote_to_bytes"),
        16
    );

    // Perl: uri_escape_utf8 is UTF-8 over the same set (php-rawurlencode); uri_escape dies on
    // characters above U+00FF.
    let perl = load("perl.json");
    assert_eq!(
        perl["functions"]["uri_escape_utf8"]["sample"],
        profile("php-rawurlencode").encode("é€").as_ref()
    );
    // perl.json recorded uri_escape on a decoded string (perl-uri-escape-decoded): Latin-1
    // units, and a wider character dies. On the bytes a script reads (perl-uri-escape, the
    // default), the same call gives uri_escape_utf8's result for UTF-8 input, as the live
    // differential test (scripts/differential, probe.pl) checks on random bytes.
    let decoded = profile("perl-uri-escape-decoded");
    assert_eq!(
        perl["functions"]["uri_escape"]["wide_char"]["throws"],
        "Can't escape \\x{20AC}, try uri_escape_utf8() instead"
    );
    assert!(decoded.try_encode("\u{20AC}").is_err());
    assert_eq!(decoded.try_encode("\u{e9}").unwrap(), "%E9");
    assert_eq!(
        perl["functions"]["uri_escape_utf8"]["sample"],
        profile("perl-uri-escape").try_encode("é€").unwrap().as_ref()
    );

    // Java: a lone surrogate is `?` (%3F) in Java; a Rust string cannot hold one, so the
    // nearest input, bytes that are not UTF-8, is escaped as bytes (documented divergence).
    let java = load("openjdk.json");
    assert_eq!(java["functions"]["URLEncoder.encode(s, UTF_8)"]["lone_surrogate"], "%3F");

    // .NET (from source, not run): ill-formed input becomes U+FFFD; UnescapeDataString keeps
    // escapes that are not UTF-8 and passes malformed ones; WebUtility/HttpUtility replace.
    let p = profile("dotnet-escapedatastring");
    assert_eq!(p.try_encode(b"a\xffb").unwrap(), "a%EF%BF%BDb");
    assert_eq!(p.decode_str("%zz%FF%E2%82%AC%E2%82+").unwrap(), "%zz%FF€%E2%82+");
    assert_eq!(p.decode_str("%c3%a9%c3").unwrap(), "é%c3");
    // Facts from dotnet/runtime's own Uri.UnescapeDataString test data (System.Private.Uri
    // functional tests, UriUnescapeDataString_MemberData): (escaped, unescaped).
    for (escaped, unescaped) in [
        ("%FF%41", "%FFA"),
        ("%C1%81%C3%BC", "%C1%81\u{FC}"),
        ("%E0%83%BC%E8%AF%B6", "%E0%83%BC\u{8BF6}"),
        ("%F0%88%AF%B6%F0%9F%98%80", "%F0%88%AF%B6\u{1F600}"),
        ("%FF%FF%FF", "%FF%FF%FF"),
        ("%CA%E4%88%B2", "%CA\u{4232}"),
        ("%F4%80%80%BA%FD%80%80%BA%CD", "\u{10003A}%FD%80%80%BA%CD"),
        ("%E2%80%8E%F0%90%90", "\u{200E}%F0%90%90"),
        ("%98%C8%D4%F3%D4%A8%7A%CF%DE%41%16", "%98%C8%D4%F3\u{528}z%CF%DEA\u{16}"),
        ("%C6%F3%BC%A1%B8%B5", "%C6\u{FC878}%B5"),
    ] {
        assert_eq!(p.decode_str(escaped).unwrap(), unescaped, "{escaped}");
    }
    // ...and Uri.EscapeDataString: ill-formed UTF-16 is U+FFFD ("\uD800" -> "%EF%BF%BD"). Rust
    // input cannot hold a lone surrogate; bytes that are not UTF-8 (here a surrogate's WTF-8
    // form) become U+FFFD per maximal invalid subpart, three of them.
    assert_eq!(p.try_encode(b"abc\xed\xa0\x80abc").unwrap(), "abc%EF%BF%BD%EF%BF%BD%EF%BF%BDabc");
    let w = profile("dotnet-webutility");
    assert_eq!(w.decode_str("%zz+%FF%4").unwrap(), "%zz \u{FFFD}%4");
    let h = profile("dotnet-httputility");
    assert_eq!(h.decode_str("%u20ac+%uD83D%uDE00%uDC00%FF").unwrap(), "€ 😀\u{FFFD}\u{FFFD}");
}

#[test]
fn aliases_are_identical_in_both_directions() {
    // An alias shares the profile value itself, so both directions are the same code; and
    // no two distinct named profiles are equal in every knob (else one should be an alias).
    for (i, a) in ALL.iter().enumerate() {
        for b in &ALL[i + 1..] {
            let same = a.named("x", &[], "") == b.named("x", &[], "");
            assert!(!same, "{} and {} are identical: make one an alias", a.name(), b.name());
        }
    }
}

/// `unescape` makes a JavaScript string, which may hold a lone surrogate; UTF-8 cannot, so
/// decoding to bytes writes U+FFFD for it, as decoding to text does (not its WTF-8 form).
#[test]
fn unescape_writes_a_lone_surrogate_as_u_fffd() {
    let p = profile("js-escape");
    for (escaped, text) in
        [("%uD800", "\u{FFFD}"), ("%uDC00%uD800a", "\u{FFFD}\u{FFFD}a"), ("%E9%uD83D%uDE00", "é😀")]
    {
        assert_eq!(p.decode(escaped).unwrap(), text.as_bytes(), "{escaped}");
        assert_eq!(p.decode_str(escaped).unwrap(), text, "{escaped}");
    }
}
