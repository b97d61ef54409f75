//! application/x-www-form-urlencoded against the web-platform-tests data, in full:
//! `wpt/urlencoded-parser-data.json` (the parser) and `wpt/urlsearchparams-cases.json`
//! (serialize, reserialize, parse, construct_from_record).

use pctenc::form;
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = format!("{}/../../../shared/testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `[[name, value], ...]` as owned strings.
fn pairs(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .expect("pairs array")
        .iter()
        .map(|p| {
            let p = p.as_array().expect("pair");
            (p[0].as_str().expect("name").to_owned(), p[1].as_str().expect("value").to_owned())
        })
        .collect()
}

fn parsed(input: &str) -> Vec<(String, String)> {
    form::parse(input.as_bytes()).map(|(n, v)| (n.into_owned(), v.into_owned())).collect()
}

#[test]
fn wpt_urlencoded_parser_data() {
    let data = load("wpt/urlencoded-parser-data.json");
    let mut n = 0;
    for case in data.as_array().expect("array") {
        let input = case["input"].as_str().expect("input");
        assert_eq!(parsed(input), pairs(&case["output"]), "input {input:?}");
        n += 1;
    }
    assert_eq!(n, 35, "every case of the file ran");
}

#[test]
fn wpt_urlsearchparams_serialize() {
    let data = load("wpt/urlsearchparams-cases.json");
    let cases = data["serialize"].as_array().expect("serialize");
    for case in cases {
        let p = pairs(&case["pairs"]);
        assert_eq!(form::serialize(&p), case["expected"].as_str().unwrap(), "pairs {p:?}");
    }
    assert_eq!(cases.len(), 27);
}

#[test]
fn wpt_urlsearchparams_reserialize() {
    let data = load("wpt/urlsearchparams-cases.json");
    let cases = data["reserialize"].as_array().expect("reserialize");
    for case in cases {
        let input = case["input"].as_str().unwrap();
        // The URLSearchParams constructor strips one leading '?'; the parser does not.
        let body = input.strip_prefix('?').unwrap_or(input);
        let out = form::serialize(form::parse(body.as_bytes()));
        assert_eq!(out, case["expected"].as_str().unwrap(), "input {input:?}");
    }
    assert_eq!(cases.len(), 11);
}

#[test]
fn wpt_urlsearchparams_parse() {
    let data = load("wpt/urlsearchparams-cases.json");
    let cases = data["parse"].as_array().expect("parse");
    for case in cases {
        let input = case["input"].as_str().unwrap();
        assert_eq!(parsed(input), pairs(&case["pairs"]), "input {input:?}");
        // The byte-level parser agrees, byte for byte, where the text is valid UTF-8.
        let bytes: Vec<_> = form::parse_bytes(input.as_bytes())
            .map(|(n, v)| (String::from_utf8(n.into_owned()), String::from_utf8(v.into_owned())))
            .collect();
        for ((n, v), (en, ev)) in bytes.iter().zip(pairs(&case["pairs"])) {
            assert_eq!((n.as_deref(), v.as_deref()), (Ok(&*en), Ok(&*ev)));
        }
    }
    assert_eq!(cases.len(), 23);
}

/// A JS object built from UTF-16 keys: lone surrogates become U+FFFD (USVString), and a
/// repeated key keeps its first position and its last value. Serializing the record and
/// parsing it back gives the entries URLSearchParams holds.
#[test]
fn wpt_urlsearchparams_construct_from_record() {
    let data = load("wpt/urlsearchparams-cases.json");
    let cases = data["construct_from_record"].as_array().expect("construct_from_record");
    let utf16 = |v: &Value| -> String {
        let units: Vec<u16> =
            v.as_array().unwrap().iter().map(|u| u.as_u64().unwrap() as u16).collect();
        String::from_utf16_lossy(&units)
    };
    for case in cases {
        let mut record: Vec<(String, String)> = Vec::new();
        for kv in case["record_utf16"].as_array().unwrap() {
            let (k, v) = (utf16(&kv[0]), utf16(&kv[1]));
            match record.iter_mut().find(|(rk, _)| *rk == k) {
                Some(slot) => slot.1 = v,
                None => record.push((k, v)),
            }
        }
        let serialized = form::serialize(&record);
        assert_eq!(parsed(&serialized), pairs(&case["pairs"]), "{}", case["name"]);
    }
    assert_eq!(cases.len(), 5);
}

#[test]
fn parser_is_lenient_and_borrows() {
    use std::borrow::Cow;
    let all: Vec<_> = form::parse(b"plain=text&esc=%41&bad=%G1%").collect();
    assert!(matches!(all[0], (Cow::Borrowed("plain"), Cow::Borrowed("text"))));
    assert_eq!(all[1].1, "A");
    assert_eq!(all[2].1, "%G1%");
}

#[test]
fn html_submission_steps() {
    let mut s = form::Serializer::new().html();
    s.extend_pairs([("_charset_", "ignored"), ("text", "a\r\nb\nc\rd"), ("x y", "1+1")]);
    let body = s.finish();
    assert_eq!(body, "_charset_=UTF-8&text=a%0D%0Ab%0D%0Ac%0D%0Ad&x+y=1%2B1");
    assert_eq!(
        form::mailto_headers(&body),
        "_charset_=UTF-8&text=a%0D%0Ab%0D%0Ac%0D%0Ad&x%20y=1%2B1"
    );
}

#[cfg(feature = "charsets")]
#[test]
fn html_submission_in_a_legacy_encoding() {
    use pctenc::charset::encoding_rs::{SHIFT_JIS, UTF_16LE};
    let mut s = form::Serializer::new().with_encoding(SHIFT_JIS).html();
    s.append_pair("_charset_", "").append_pair("名前", "山田\n‽");
    assert_eq!(s.finish(), "_charset_=Shift_JIS&%96%BC%91O=%8ER%93c%0D%0A%26%238253%3B");
    // UTF-16 is never an output encoding: forms in UTF-16 pages are sent as UTF-8.
    let mut s = form::Serializer::new().with_encoding(UTF_16LE).html();
    s.append_pair("_charset_", "").append_pair("é", "");
    assert_eq!(s.finish(), "_charset_=UTF-8&%C3%A9=");
    // And back: the parser with the same encoding.
    let back: Vec<_> = form::parse_with(b"%96%BC%91O=%8ER%93c", SHIFT_JIS).collect();
    assert_eq!(back, [("名前".into(), "山田".into())]);
}

/// `form::declared_charset`: the first `_charset_` field (name matched ASCII
/// case-insensitively, after decoding), its value a WHATWG label; none, or an unknown label,
/// is `None`.
#[cfg(feature = "charsets")]
#[test]
fn declared_charset_is_the_first_charset_field() {
    use pctenc::charset::encoding_rs::{EUC_KR, SHIFT_JIS, WINDOWS_1252};
    let declared = |body: &[u8]| form::declared_charset(body).map(|e| e.name());
    assert_eq!(declared(b"_charset_=Shift_JIS&q=%82%B1"), Some(SHIFT_JIS.name()));
    assert_eq!(declared(b"q=1&_CHARSET_=euc-kr"), Some(EUC_KR.name()));
    assert_eq!(declared(b"%5Fcharset%5F=latin1"), Some(WINDOWS_1252.name()));
    assert_eq!(declared(b"_charset_=+sjis+&_charset_=euc-kr"), Some(SHIFT_JIS.name()));
    assert_eq!(declared(b"_charset_=klingon"), None);
    assert_eq!(declared(b"charset=sjis&_charset=sjis"), None);
    assert_eq!(declared(b""), None);
}

/// HTML's newline normalization (form submission): a lone CR or LF becomes CRLF, and text
/// already normal comes back borrowed, with no copy.
#[test]
fn newlines_are_normalized_and_normal_text_is_not_copied() {
    use std::borrow::Cow;
    for (input, want) in [
        ("a\rb\nc\r\nd", "a\r\nb\r\nc\r\nd"),
        ("\n", "\r\n"),
        ("\r", "\r\n"),
        ("x\n\r", "x\r\n\r\n"),
        ("\r\r\n", "\r\n\r\n"),
    ] {
        let got = form::normalize_newlines(input);
        assert_eq!(got, want, "{input:?}");
        assert!(matches!(got, Cow::Owned(_)), "{input:?} needed a change");
    }
    for normal in ["", "plain", "a\r\nb", "\r\n", "\r\n\r\nz", "é\r\n"] {
        let got = form::normalize_newlines(normal);
        assert!(matches!(got, Cow::Borrowed(s) if s == normal), "{normal:?}: {got:?}");
    }
}
