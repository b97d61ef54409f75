//! The `spark` and `duckdb` profiles against what the engines' SQL built-ins were observed to
//! do (`tests/data/engines.json`, written by `scripts/engines/record.py`, which runs pyspark
//! and DuckDB): every recorded input, both directions, including which inputs fail and why.
//!
//! The live comparison (the built-in and pctenc on the same values in one session) is the
//! Python suite's job (`scripts/test.d/45-engines.sh`); this file keeps the Rust side honest
//! without Python.

use pctenc::profile::by_name;
use pctenc::{DecodeError, Profile};
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engines.json");

fn load() -> Value {
    let text = std::fs::read_to_string(DATA).unwrap_or_else(|e| panic!("{DATA}: {e}"));
    serde_json::from_str(&text).expect("json")
}

fn records<'a>(doc: &'a Value, engine: &str, func: &str) -> &'a [Value] {
    let recs = doc[engine][func].as_array().unwrap_or_else(|| panic!("{engine}.{func}"));
    assert!(recs.len() > 400, "{engine}.{func}: {} records", recs.len());
    recs
}

fn profile(name: &str) -> &'static Profile {
    by_name(name).unwrap_or_else(|| panic!("no profile {name}"))
}

/// `(input, expected)` for the non-null inputs; expected is `Ok(text)` or `Err(error)`.
fn cases(recs: &[Value]) -> impl Iterator<Item = (&str, Result<Option<&str>, &str>)> {
    recs.iter().filter_map(|r| {
        let input = r[0].as_str()?;
        let out = match &r[1] {
            Value::String(s) => Ok(Some(s.as_str())),
            Value::Null => Ok(None),
            Value::Object(o) => Err(o["error"].as_str().expect("error text")),
            v => panic!("unexpected record output {v}"),
        };
        Some((input, out))
    })
}

#[test]
fn spark_is_java_urlencoder() {
    assert_eq!(profile("spark").name(), "java-urlencoder");
}

#[test]
fn spark_url_encode() {
    let doc = load();
    let p = profile("spark");
    for (input, want) in cases(records(&doc, "spark", "url_encode")) {
        assert_eq!(Ok(Some(p.encode(input).as_ref())), want, "url_encode({input:?})");
    }
}

#[test]
fn spark_url_decode_fails_exactly_where_spark_does() {
    let doc = load();
    let p = profile("spark");
    let (mut ok, mut failed) = (0, 0);
    for (input, want) in cases(records(&doc, "spark", "url_decode")) {
        match (p.decode_str(input), want) {
            (Ok(got), Ok(Some(want))) => {
                assert_eq!(got, want, "url_decode({input:?})");
                ok += 1;
            }
            (Err(e), Err(class)) => {
                assert_eq!(class, "CANNOT_DECODE_URL", "url_decode({input:?})");
                // Only a malformed escape fails; bad UTF-8 becomes U+FFFD.
                assert!(
                    matches!(
                        e,
                        DecodeError::InvalidEscape { .. } | DecodeError::TruncatedEscape { .. }
                    ),
                    "url_decode({input:?}): {e:?}"
                );
                failed += 1;
            }
            (got, want) => panic!("url_decode({input:?}): pctenc {got:?}, Spark {want:?}"),
        }
    }
    assert!(ok > 300 && failed > 50, "{ok} decoded, {failed} failed");
}

#[test]
fn spark_try_url_decode_is_null_exactly_where_url_decode_fails() {
    let doc = load();
    let p = profile("spark");
    for (input, want) in cases(records(&doc, "spark", "try_url_decode")) {
        let got = p.decode_str(input).ok();
        assert_eq!(got.as_deref(), want.expect("try_url_decode never fails"), "{input:?}");
    }
}

/// A Spark string that is not UTF-8 (`CAST(binary AS STRING)`) reaches the built-ins as a
/// Java `String`, which replaced its invalid bytes. The Spark adapter reproduces that repair
/// with two profiles (escape every byte, then decode as Java does): checked here on the
/// recorded strings, so the composition the adapter uses is proven without Python.
#[test]
fn spark_strings_that_are_not_utf8_are_read_as_java_strings() {
    let doc = load();
    let spark = profile("spark");
    let java_string = |raw: &[u8]| -> String {
        let escaped = profile("rfc3986").encode(raw);
        spark.decode_str(escaped.as_ref()).expect("escapes are well-formed").into_owned()
    };
    let section = &doc["spark_not_utf8_hex_input"];
    let mut n = 0;
    for r in section["url_encode"].as_array().expect("url_encode") {
        let raw = hex(r[0].as_str().unwrap());
        assert_eq!(spark.encode(&java_string(&raw)), r[1].as_str().unwrap(), "{}", r[0]);
        n += 1;
    }
    for r in section["try_url_decode"].as_array().expect("try_url_decode") {
        let raw = hex(r[0].as_str().unwrap());
        let got = spark.decode_str(java_string(&raw).as_str()).ok().map(|c| c.into_owned());
        assert_eq!(got.as_deref(), r[1].as_str(), "{}", r[0]);
        n += 1;
    }
    assert!(n > 100);
}

#[test]
fn duckdb_url_encode() {
    let doc = load();
    let p = profile("duckdb");
    for (input, want) in cases(records(&doc, "duckdb", "url_encode")) {
        assert_eq!(Ok(Some(p.encode(input).as_ref())), want, "url_encode({input:?})");
    }
}

#[test]
fn duckdb_url_decode_fails_only_on_bad_utf8() {
    let doc = load();
    let p = profile("duckdb");
    let (mut ok, mut failed) = (0, 0);
    for (input, want) in cases(records(&doc, "duckdb", "url_decode")) {
        match (p.decode(input), want) {
            (Ok(got), Ok(Some(want))) => {
                assert_eq!(got.as_ref(), want.as_bytes(), "url_decode({input:?})");
                ok += 1;
            }
            (Err(e), Err(msg)) => {
                assert_eq!(msg, "invalid UTF8", "url_decode({input:?})");
                assert!(matches!(e, DecodeError::InvalidUtf8 { .. }), "{input:?}: {e:?}");
                failed += 1;
            }
            (got, want) => panic!("url_decode({input:?}): pctenc {got:?}, DuckDB {want:?}"),
        }
    }
    assert!(ok > 150 && failed > 150, "{ok} decoded, {failed} failed");
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}
