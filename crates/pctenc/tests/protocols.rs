//! The protocol profiles against the RFC examples in
//! `../shared/testdata/rfc/rfc-examples.json`: OAuth 1.0 (RFC 5849), RFC 8187 ext-values,
//! ALPN protocol ids (RFC 7639 / RFC 7838) and IRIs (RFC 3987).

use pctenc::profile::protocols::rfc8187::{decode_ext_value, encode_ext_value};
use pctenc::profile::protocols::{ALPN, IRI, MULTIPART_NAME, OAUTH1, RFC8187};
use pctenc::Profile;
use serde_json::Value;

const DATA: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata/rfc/rfc-examples.json");

fn data() -> Value {
    serde_json::from_str(&std::fs::read_to_string(DATA).unwrap_or_else(|e| panic!("{DATA}: {e}")))
        .unwrap()
}

fn kept_ascii(p: &Profile) -> String {
    (0u8..0x80).filter(|&b| p.encode(&[b]).as_bytes() == [b]).map(char::from).collect()
}

fn pairs(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn oauth1() {
    let d = &data()["oauth1_rfc5849"];
    assert_eq!(kept_ascii(OAUTH1), d["unencoded_ascii"].as_str().unwrap());
    let cases = pairs(&d["parameter_encoding_cases"]);
    for (input, want) in &cases {
        assert_eq!(OAUTH1.encode(input), *want, "{input:?}");
        assert_eq!(OAUTH1.decode_str(want).unwrap(), *input);
    }
    // §3.4.1.3.2: encode names and values, sort by name then value, join; §3.4.1.1: the base
    // string encodes the method, base URI and that string once more.
    let mut params: Vec<(String, String)> = pairs(&d["section_3_4_1_3_decoded_parameters"])
        .into_iter()
        .map(|(k, v)| (OAUTH1.encode(&k).into_owned(), OAUTH1.encode(&v).into_owned()))
        .collect();
    params.sort();
    let normalized: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let normalized = normalized.join("&");
    assert_eq!(normalized, d["section_3_4_1_3_2_normalized_parameters"].as_str().unwrap());
    let base = format!(
        "POST&{}&{}",
        OAUTH1.encode("http://example.com/request"),
        OAUTH1.encode(&normalized)
    );
    assert_eq!(base, d["section_3_4_1_1_signature_base_string"].as_str().unwrap());
    println!("oauth1: 1 set + {} parameter cases x2 + normalized + base string", cases.len());
}

#[test]
fn rfc8187() {
    let d = &data()["rfc8187_ext_value"];
    assert_eq!(kept_ascii(RFC8187), d["unencoded_ascii"].as_str().unwrap());
    let examples = d["examples"].as_array().unwrap();
    for e in examples {
        let param = e["header_param"].as_str().unwrap();
        let ext = &param[param.find('=').unwrap() + 1..];
        let v = decode_ext_value(ext).unwrap();
        assert_eq!(v.charset, e["charset"].as_str().unwrap());
        assert_eq!(v.language, e["language"].as_str().unwrap());
        assert_eq!(v.value, e["decoded"].as_str().unwrap(), "{param}");
        if v.charset.eq_ignore_ascii_case("utf-8") {
            // Our writer's form is the same value with upper-case hex.
            assert_eq!(encode_ext_value(&v.value), format!("UTF-8''{}", RFC8187.encode(&v.value)));
            assert_eq!(decode_ext_value(&encode_ext_value(&v.value)).unwrap().value, v.value);
        }
    }
    assert!(decode_ext_value("UTF-8''%FF").is_err());
    assert!(decode_ext_value("koi8-r''%FF").is_err());
    assert_eq!(decode_ext_value("UTF-8'").unwrap_err().offset(), 6);
    println!("rfc8187: 1 set + {} examples", examples.len());
}

#[test]
fn alpn() {
    let d = &data()["alpn_protocol_id_rfc7639_rfc7838"];
    assert_eq!(kept_ascii(ALPN), d["unencoded_ascii"].as_str().unwrap());
    let mut n = 0;
    for table in ["examples", "derived_examples_not_from_rfc"] {
        for (input, want) in pairs(&d[table]) {
            assert_eq!(ALPN.encode(&input), want, "{input:?}");
            assert_eq!(ALPN.decode(&want).unwrap(), input.as_bytes());
            n += 1;
        }
    }
    println!("alpn: 1 set + {n} examples");
}

#[test]
fn iri() {
    let d = &data()["iri_rfc3987"];
    let mut n = 0;
    for e in d["iri_to_uri"].as_array().unwrap() {
        let iri = e["iri"].as_str().unwrap();
        let uri = e["uri"].as_str().or(e["uri_percent_encoded_host"].as_str()).unwrap();
        assert_eq!(IRI.encode(iri), uri, "{iri}");
        n += 1;
    }
    for e in d["uri_to_iri"].as_array().unwrap() {
        let uri = e["uri"].as_str().unwrap();
        let got = IRI.decode_str(uri).unwrap();
        if let Some(iri) = e["iri"].as_str() {
            assert_eq!(got, iri, "{uri}");
        } else {
            assert!(e["iri_path_must_stay_encoded"].as_bool().unwrap());
            assert_eq!(got, uri, "the RLO escape stays");
        }
        n += 1;
    }
    println!("iri: {n} examples");
}

/// HTML's multipart/form-data names escape only `"`, CR and LF (`%22`, `%0D`, `%0A`): reading
/// a name back undoes those three, in either hex case, and leaves every other escape of an
/// ASCII byte as written. (An escape of a non-ASCII byte is decoded: the kept escapes are an
/// `AsciiSet`.)
#[test]
fn multipart_names_read_back_only_their_three_escapes() {
    for (name, read) in [
        ("%22a%22%0D%0a", "\"a\"\r\n"),
        ("%41%2520%7e%7F", "%41%2520%7e%7F"),
        ("%C3%A9", "é"),
        ("100%", "100%"),
    ] {
        assert_eq!(MULTIPART_NAME.decode_str(name).unwrap(), read, "{name}");
    }
    let name = "a \"b\"\r\n%41 é";
    let sent = MULTIPART_NAME.encode(name);
    assert_eq!(sent, "a %22b%22%0D%0A%41 é");
    assert_eq!(MULTIPART_NAME.decode_str(sent.as_bytes()).unwrap(), name);
}

/// Each way an `ext-value` can fail has a stable code (what the CLI's JSON and the front ends
/// show), the offset it names and a message.
#[test]
fn ext_value_errors_name_their_code_offset_and_cause() {
    for (input, code, offset, message) in [
        ("UTF-8'en", "missing-quote", 8, "no second '"),
        ("koi8-r''abc", "unsupported-charset", 0, "unsupported charset"),
        ("UTF-8''a b", "invalid-char", 8, "byte 8 is not an attr-char"),
        ("UTF-8''ab%zz", "invalid-escape", 9, ""),
        ("UTF-8''%FF", "invalid-utf8", 7, ""),
        ("US-ASCII''a%41%E9", "invalid-utf8", 14, ""),
    ] {
        let e = decode_ext_value(input).unwrap_err();
        assert_eq!((e.code(), e.offset()), (code, offset), "{input}");
        assert!(e.to_string().contains(message), "{input}: {e}");
    }
    assert_eq!(decode_ext_value("us-ascii''a%41%7E").unwrap().value, "aA~");
}
