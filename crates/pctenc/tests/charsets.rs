//! Legacy charsets: `wpt/percent-encoding.json` in full, the URL Standard's example table, the
//! corpus round trips, strict errors with offsets, and auto-detection of one short phrase per
//! charset family.
#![cfg(feature = "charsets")]

#[path = "support/corpus.rs"]
mod corpus;

use pctenc::charset::{detect, for_label, Decoder, Invalid};
use pctenc::profile::whatwg::{self, COMPONENT, FORM, FRAGMENT, SPECIAL_QUERY};
use pctenc::{by_name, DecodeError};
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = format!("{}/../../../shared/testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// wpt checks the `utf-8` column as a URL fragment and the others as the query of a
/// document in that encoding (special-query set).
#[test]
fn wpt_percent_encoding_in_full() {
    let data = load("wpt/percent-encoding.json");
    let mut pairs = 0;
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        for (label, expected) in case["output"].as_object().unwrap() {
            let expected = expected.as_str().unwrap();
            let got = if label == "utf-8" {
                FRAGMENT.encode(input).into_owned()
            } else {
                let encoding = for_label(label).unwrap_or_else(|| panic!("label {label}"));
                SPECIAL_QUERY.encode_with(input, encoding).into_owned()
            };
            assert_eq!(got, expected, "{input:?} in {label}");
            pairs += 1;
        }
    }
    assert_eq!(pairs, 14, "every (input, encoding) pair ran");
}

/// The URL Standard's example table (spec_examples), every row.
#[test]
fn whatwg_example_table() {
    let data = load("whatwg-url/whatwg-url-percent-encoding.json");
    let set = |name: &str| {
        let name = match name {
            "application/x-www-form-urlencoded" => "form".to_owned(),
            other => format!("url-{other}"),
        };
        by_name(&name).unwrap()
    };
    let hex = |s: &str| -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    };
    let rows = data["spec_examples"].as_array().unwrap();
    let mut legacy = 0;
    for row in rows {
        let op = row["operation"].as_str().unwrap();
        let expected = row.get("output").and_then(Value::as_str);
        match op {
            "percent-encode byte" => {
                let b = row["input_byte"].as_u64().unwrap() as u8;
                // The component set holds both bytes of the table (# and DEL).
                assert_eq!(COMPONENT.encode(&[b]), expected.unwrap());
            }
            "percent-decode byte sequence" | "percent-decode string" => {
                let out = whatwg::C0_CONTROL.decode(row["input"].as_str().unwrap()).unwrap();
                assert_eq!(out.into_owned(), hex(row["output_bytes_hex"].as_str().unwrap()));
            }
            "percent-encode after encoding" => {
                let e = for_label(row["encoding"].as_str().unwrap()).unwrap();
                let p = set(row["set"].as_str().unwrap());
                assert_eq!(p.encode_with(row["input"].as_str().unwrap(), e), expected.unwrap());
                legacy += 1;
            }
            "UTF-8 percent-encode code point" | "UTF-8 percent-encode string" => {
                let p = set(row["set"].as_str().unwrap());
                assert_eq!(p.encode(row["input"].as_str().unwrap()), expected.unwrap());
            }
            other => panic!("unknown operation {other}"),
        }
    }
    assert_eq!((rows.len(), legacy), (12, 5));
}

/// `%82%B1...` decodes to こんにちは with detection, and likewise a short phrase in each family.
#[test]
fn auto_detection_per_family() {
    let jp = COMPONENT.decode_auto("%82%B1%82%F1%82%C9%82%BF%82%CD", Invalid::Error).unwrap();
    assert_eq!((&*jp.text, jp.encoding.name()), ("こんにちは", "Shift_JIS"));
    let phrases = [
        ("euc-jp", "日本語のテキスト"),
        ("iso-2022-jp", "こんにちは"),
        ("gbk", "你好，世界"),
        ("gb18030", "北京欢迎你"),
        ("big5", "繁體中文"),
        ("euc-kr", "안녕하세요"),
        ("windows-1251", "Привет, мир"),
        ("koi8-r", "Привет, мир"),
        ("windows-1250", "Příliš žluťoučký kůň"),
        ("iso-8859-2", "Příliš žluťoučký kůň"),
        ("windows-1252", "Größe café"),
    ];
    for (label, text) in phrases {
        let escaped = FORM.encode_with(text, for_label(label).unwrap());
        let d = FORM.decode_auto(&*escaped, Invalid::Error).unwrap();
        assert_eq!(d.text, text, "{label}: {escaped} detected as {}", d.encoding.name());
    }
}

/// Valid UTF-8 is never second-guessed, even where a legacy reading exists.
#[test]
fn utf8_wins() {
    let d = COMPONENT.decode_auto("%C3%A9t%C3%A9", Invalid::Error).unwrap();
    assert_eq!((&*d.text, d.encoding.name()), ("été", "UTF-8"));
    assert_eq!(detect(b"plain ascii").name(), "UTF-8");
}

/// Every corpus sentence encodes strictly in each of its charsets and decodes back.
#[test]
fn corpus_round_trips() {
    let mut n = 0;
    for lang in corpus::LANGUAGES {
        for label in lang.charsets {
            let e = for_label(label).unwrap();
            for s in lang.sentences {
                let escaped = FORM.try_encode_with(s, e).unwrap_or_else(|err| panic!("{err}"));
                assert!(escaped.is_ascii());
                let back = FORM.decode_with(&*escaped, e, Invalid::Error).unwrap();
                assert_eq!(back, *s, "{label}");
                // The streaming decoder, fed 7 bytes at a time, agrees.
                let mut d = Decoder::new(FORM, e, Invalid::Error);
                let mut out = String::new();
                for chunk in escaped.as_bytes().chunks(7) {
                    d.push(chunk, &mut out).unwrap();
                }
                d.finish(&mut out).unwrap();
                assert_eq!(out, *s);
                n += 1;
            }
        }
    }
    assert!(n >= 200, "{n} round trips");
}

#[test]
fn strict_encode_names_character_and_offset() {
    let sjis = for_label("sjis").unwrap();
    let e = SPECIAL_QUERY.try_encode_with("日本€x", sjis).unwrap_err();
    assert_eq!((e.ch, e.offset, e.encoding), ('€', 6, "Shift_JIS"));
    assert_eq!(
        e.to_string(),
        "unmappable character U+20AC '€' at byte 6: Shift_JIS cannot represent it"
    );
    // Lenient: the escaped HTML reference, as browsers send it. The trail byte of 本 is
    // 0x7B, `{`, which the special-query set leaves as it is.
    assert_eq!(SPECIAL_QUERY.encode_with("日本€x", sjis), "%93%FA%96{%26%238364%3Bx");
    // UTF-16 labels write UTF-8 (the output encoding).
    assert_eq!(SPECIAL_QUERY.encode_with("€", for_label("utf-16le").unwrap()), "%E2%82%AC");
}

#[test]
fn strict_decode_names_offset() {
    let gbk = for_label("gbk").unwrap();
    // "%D6%D0" is 中; "%FF" is not a GBK lead byte.
    let e = COMPONENT.decode_with("ab%D6%D0%FFc", gbk, Invalid::Error).unwrap_err();
    assert_eq!(e, DecodeError::InvalidCharset { offset: 8, encoding: "GBK" });
    assert_eq!(e.to_string(), "invalid GBK at byte 8: the decoded bytes are not GBK");
    assert_eq!(
        COMPONENT.decode_with("ab%D6%D0%FFc", gbk, Invalid::Replace).unwrap(),
        "ab中\u{FFFD}c"
    );
    // A truncated double-byte character at the end.
    let big5 = for_label("big5").unwrap();
    let e = COMPONENT.decode_with("%A4%A4%A4", big5, Invalid::Error).unwrap_err();
    assert_eq!(e.offset(), 6);
    // UTF-8 reports as UTF-8.
    let e = COMPONENT.decode_with("%C3", for_label("utf8").unwrap(), Invalid::Error).unwrap_err();
    assert_eq!(e, DecodeError::InvalidUtf8 { offset: 0 });
    // The profile's escape policy still applies first.
    let strict = by_name("rfc3986").unwrap();
    let e = strict.decode_with("%A4%A", big5, Invalid::Error).unwrap_err();
    assert_eq!(e, DecodeError::TruncatedEscape { offset: 3 });
}

/// Found by the `charset` fuzz target: an invalid sequence before a bad escape is the error,
/// one-shot and streamed in any chunking (the one-shot decoder reported the escape, and the
/// streaming one did too when both were in one chunk).
#[test]
fn r7_invalid_bytes_before_a_bad_escape_win_in_every_chunking() {
    let rfc = by_name("rfc3986").unwrap();
    let sjis = for_label("shift_jis").unwrap();
    let euc_jp = for_label("euc-jp").unwrap();
    // 0xFF is never a Shift_JIS byte; 0xA1 0x20 breaks an EUC-JP pair; "%zz" is the escape.
    for (input, encoding, want) in [
        (&b"ok%FFa%zz"[..], sjis, DecodeError::InvalidCharset { offset: 2, encoding: "Shift_JIS" }),
        (b"%A1 %z", euc_jp, DecodeError::InvalidCharset { offset: 0, encoding: "EUC-JP" }),
        (b"%C3x%", for_label("utf-8").unwrap(), DecodeError::InvalidUtf8 { offset: 0 }),
    ] {
        assert_eq!(rfc.decode_with(input, encoding, Invalid::Error), Err(want), "{input:?}");
        for cut in 0..=input.len() {
            let mut d = Decoder::new(rfc, encoding, Invalid::Error);
            let mut out = String::new();
            let got = d
                .push(&input[..cut], &mut out)
                .and_then(|()| d.push(&input[cut..], &mut out))
                .and_then(|()| d.finish(&mut out));
            assert_eq!(got, Err(want), "{input:?} cut at {cut}");
        }
    }
    // A sequence the bad escape cuts short is not invalid yet: the escape is the error.
    let big5 = for_label("big5").unwrap();
    let e = rfc.decode_with("%A4%zz", big5, Invalid::Error).unwrap_err();
    assert_eq!(e, DecodeError::InvalidEscape { offset: 3 });
}

/// Found by the `charset` fuzz target: the ISO-2022-JP encoder reports ESC, SO and SI as an
/// unmappable U+FFFD, and the strict encoder subtracted U+FFFD's three bytes from the one it
/// had read (an overflow at the start of the text). The error names the character itself.
#[test]
fn r7_iso_2022_jp_control_bytes_are_named_and_placed() {
    let jis = for_label("iso-2022-jp").unwrap();
    for (text, ch, offset) in
        [("\u{1b}", '\u{1b}', 0), ("ab\u{e}c", '\u{e}', 2), ("日\u{f}", '\u{f}', 3)]
    {
        let e = SPECIAL_QUERY.try_encode_with(text, jis).unwrap_err();
        assert_eq!((e.ch, e.offset, e.encoding), (ch, offset, "ISO-2022-JP"), "{text:?}");
    }
    // Lenient, it is the escaped reference of U+FFFD, as the Encoding Standard says.
    assert_eq!(SPECIAL_QUERY.encode_with("a\u{1b}", jis), "a%26%2365533%3B");
}
