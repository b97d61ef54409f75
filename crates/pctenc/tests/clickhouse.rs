//! The `clickhouse` and `clickhouse-form` profiles against what ClickHouse's URL functions
//! were observed to do (`tests/data/clickhouse.json`, written by
//! `scripts/engines/record_clickhouse.py`, which runs ClickHouse through the `chdb` package):
//! every recorded input, both directions, byte for byte, on every kernel this CPU has, in one
//! call and through the streaming decoder fed one byte at a time (a kept malformed triplet
//! must wait for its two bytes across chunks).

use pctenc::profile::by_name;
use pctenc::stream::Decoder;
use pctenc::{Kernel, Profile};
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/clickhouse.json");

fn load() -> Value {
    let text = std::fs::read_to_string(DATA).unwrap_or_else(|e| panic!("{DATA}: {e}"));
    serde_json::from_str(&text).expect("json")
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex")).collect()
}

/// `(input, output)` pairs of one function.
fn records(doc: &Value, func: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
    let recs = doc["clickhouse"][func].as_array().unwrap_or_else(|| panic!("{func}"));
    assert!(recs.len() > 500, "{func}: {} records", recs.len());
    recs.iter()
        .map(|r| (hex(r[0].as_str().expect("input")), hex(r[1].as_str().expect("output"))))
        .collect()
}

fn profile(name: &str) -> &'static Profile {
    by_name(name).unwrap_or_else(|| panic!("no profile {name}"))
}

fn streamed(p: &Profile, input: &[u8]) -> Vec<u8> {
    let (mut d, mut out) = (Decoder::new(p), Vec::new());
    for b in input.chunks(1) {
        d.push(b, &mut out).expect("ClickHouse's decoders never fail");
    }
    d.finish(&mut out).expect("never fails");
    out
}

fn check(profile_name: &str, encode: &str, decode: &str) {
    let doc = load();
    let p = profile(profile_name);
    let (enc, dec) = (records(&doc, encode), records(&doc, decode));
    for &kernel in Kernel::available() {
        Kernel::force(Some(kernel));
        for (input, want) in &enc {
            assert_eq!(p.encode(input).as_bytes(), want, "{kernel:?} {encode}({input:?})");
        }
        for (input, want) in &dec {
            let got = p.decode(input).unwrap_or_else(|e| panic!("{decode}({input:?}): {e}"));
            assert_eq!(&*got, &want[..], "{kernel:?} {decode}({input:?})");
        }
    }
    Kernel::force(None);
    for (input, want) in &dec {
        assert_eq!(&streamed(p, input), want, "streamed {decode}({input:?})");
    }
}

#[test]
fn clickhouse_is_encode_and_decode_url_component() {
    check("clickhouse", "encodeURLComponent", "decodeURLComponent");
}

#[test]
fn clickhouse_form_is_encode_and_decode_url_form_component() {
    check("clickhouse-form", "encodeURLFormComponent", "decodeURLFormComponent");
}

/// The recording holds the cases the profiles turn on, so that a re-recording that lost them
/// fails here rather than proving less.
#[test]
fn the_recording_covers_the_edge_cases() {
    let doc = load();
    let dec = records(&doc, "decodeURLComponent");
    let has = |input: &[u8], output: &[u8]| dec.iter().any(|(i, o)| i == input && o == output);
    assert!(has(b"%%41%41", b"%%41A"), "a kept triplet hides a valid escape");
    assert!(has(b"%FF", b"\xff"), "bytes that are not UTF-8 come out as they are");
    assert!(has(b"a%2", b"a%2"), "a truncated escape is kept");
    assert!(has(b"%00", b"\0") && has(b"a+b", b"a+b"));
    let form = records(&doc, "decodeURLFormComponent");
    assert!(form.iter().any(|(i, o)| i == b"%z+" && o == b"%z+"), "+ inside a triplet");
    assert!(form.iter().any(|(i, o)| i == b"%+1+" && o == b"%+1 "));
}
