//! web-platform-tests for application/x-www-form-urlencoded, at the level of names and values:
//! `wpt/urlencoded-parser-data.json` (35 cases) and `wpt/urlsearchparams-cases.json` (66).
//!
//! The `form` profile is the value codec: percent-decode with `+` as space and lossy UTF-8,
//! and the serializer's percent-encode. Splitting a body into pairs is the forms module's job
//! (another issue); so that every case of the files runs, this test splits inline with
//! nothing but what URL Standard §5.1 says (split on `&`, drop empty sequences, split at the
//! first `=`) and joins with `=` and `&` (§5.2). No library code does the splitting.

use pctenc::profile::whatwg::FORM;
use serde_json::Value;

use crate::data::{self, show};
use crate::ledger::Ledger;

pub type Pairs = Vec<(String, String)>;

/// The urlencoded parser (§5.1): the inline split, `form` for each name and value.
pub fn parse(input: &[u8]) -> Result<Pairs, String> {
    let value = |b: &[u8]| FORM.decode_str(b).map(|c| c.into_owned()).map_err(|e| e.to_string());
    input
        .split(|&b| b == b'&')
        .filter(|seq| !seq.is_empty())
        .map(|seq| {
            let (name, val) = match seq.iter().position(|&b| b == b'=') {
                Some(i) => (&seq[..i], &seq[i + 1..]),
                None => (seq, &b""[..]),
            };
            Ok((value(name)?, value(val)?))
        })
        .collect()
}

/// The urlencoded serializer (§5.2): `form` for each name and value.
fn serialize<'a>(pairs: impl IntoIterator<Item = (&'a [u8], &'a [u8])>) -> String {
    let encoded: Vec<String> =
        pairs.into_iter().map(|(n, v)| format!("{}={}", FORM.encode(n), FORM.encode(v))).collect();
    encoded.join("&")
}

fn pairs(v: &Value) -> Pairs {
    let text = |x: &Value| x.as_str().expect("a string").to_string();
    v.as_array().expect("a list of pairs").iter().map(|p| (text(&p[0]), text(&p[1]))).collect()
}

fn same<T: PartialEq + std::fmt::Debug>(got: T, want: T) -> Result<(), String> {
    (got == want).then_some(()).ok_or_else(|| format!("got {got:?}, want {want:?}"))
}

#[test]
fn wpt_urlencoded_parser_data() {
    let doc = data::load("wpt/urlencoded-parser-data.json");
    let mut ledger = Ledger::new("wpt-urlencoded-parser");
    for case in doc.as_array().expect("cases") {
        let input = data::str_field(case, "input");
        let outcome = parse(input.as_bytes()).and_then(|got| same(got, pairs(&case["output"])));
        ledger.check(&format!("{input:?}"), outcome);
    }
    ledger.finish();
}

#[test]
fn wpt_urlsearchparams_serialize_parse() {
    let doc = data::load("wpt/urlsearchparams-cases.json");
    let mut ledger = Ledger::new("wpt-urlsearchparams");
    for case in doc["serialize"].as_array().expect("serialize") {
        let want = data::str_field(case, "expected");
        let ps = pairs(&case["pairs"]);
        let got = serialize(ps.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())));
        ledger.check(&format!("serialize {}", case["pairs"]), same(got.as_str(), want));
    }
    for case in doc["reserialize"].as_array().expect("reserialize") {
        let input = data::str_field(case, "input");
        // The URLSearchParams constructor strips one leading '?' before parsing.
        let body = input.strip_prefix('?').unwrap_or(input);
        let outcome = parse(body.as_bytes()).and_then(|ps| {
            let got = serialize(ps.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())));
            same(got.as_str(), data::str_field(case, "expected"))
        });
        ledger.check(&format!("reserialize {input:?}"), outcome);
    }
    for case in doc["parse"].as_array().expect("parse") {
        let input = data::str_field(case, "input");
        let outcome = parse(input.as_bytes()).and_then(|got| same(got, pairs(&case["pairs"])));
        ledger.check(&format!("parse {input:?}"), outcome);
    }
    for case in doc["construct_from_record"].as_array().expect("construct_from_record") {
        let name = data::str_field(case, "name");
        let want = pairs(&case["pairs"]);
        let record: Vec<(Vec<u16>, Vec<u16>)> = case["record_utf16"]
            .as_array()
            .expect("record")
            .iter()
            .map(|kv| (data::units(&kv[0]), data::units(&kv[1])))
            .collect();
        // (a) The caller converts to USVString (`String::from_utf16_lossy`, one U+FFFD per
        // lone surrogate); `form` must then serialize and parse it back unchanged.
        let usv: Vec<(String, String)> = record
            .iter()
            .map(|(k, v)| (String::from_utf16_lossy(k), String::from_utf16_lossy(v)))
            .collect();
        let wire = serialize(record_pairs(&usv).iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())));
        ledger.check(
            &format!("record {name}"),
            parse(wire.as_bytes()).and_then(|g| same(g, want.clone())),
        );
        // (b) The strings reach `form` as WTF-8 bytes and its lossy input policy makes them
        // USVStrings.
        let wtf8: Vec<(Vec<u8>, Vec<u8>)> =
            record.iter().map(|(k, v)| (data::wtf8(k), data::wtf8(v))).collect();
        let outcome = parse(serialize(wtf8.iter().map(|(n, v)| (&n[..], &v[..]))).as_bytes())
            .and_then(|ps| same(record_pairs(&ps), want.clone()))
            .map_err(|e| {
                format!("{e} (input {:?})", wtf8.iter().map(|(k, _)| show(k)).collect::<Vec<_>>())
            });
        ledger.check(&format!("record-wtf8 {name}"), outcome);
    }
    ledger.finish();
}

/// WebIDL record conversion: a key seen again replaces the value and keeps its place.
fn record_pairs(entries: &[(String, String)]) -> Pairs {
    let mut out: Pairs = Vec::new();
    for (k, v) in entries {
        match out.iter_mut().find(|(n, _)| n == k) {
            Some(slot) => slot.1 = v.clone(),
            None => out.push((k.clone(), v.clone())),
        }
    }
    out
}
