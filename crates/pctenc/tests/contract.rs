//! The conformance table (`conformance/cases.jsonl`; format in `conformance/README.md`): the
//! committed table is exactly what the generator writes, the Rust API gives every case's
//! expected result (through the compact text form, and again through the typed `Profile`
//! API where a case maps onto it), the table covers every profile, operation and option
//! word, and it agrees with what the real runtimes were recorded doing
//! (`../shared/testdata/runtimes`).

#[path = "../../../conformance/gen.rs"]
mod gen;

use pctenc::options::{words, Op, Options, Output, Values};
use serde_json::{json, Value};

const TABLE: &str = include_str!("../../../conformance/cases.jsonl");

fn cases() -> Vec<Value> {
    TABLE
        .lines()
        .enumerate()
        .map(|(n, l)| serde_json::from_str(l).unwrap_or_else(|e| panic!("line {}: {e}", n + 1)))
        .collect()
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

/// The bytes of field `name` (`name` as text, or `name_hex`), if the case has it.
fn bytes(case: &Value, name: &str) -> Option<Vec<u8>> {
    if let Some(s) = case[name].as_str() {
        return Some(s.as_bytes().to_vec());
    }
    case[format!("{name}_hex")].as_str().map(hex)
}

fn pairs(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_str().unwrap().to_string()))
        .collect()
}

/// The expected result of a case, as one JSON value to compare with.
fn expected(case: &Value) -> Value {
    if !case["error"].is_null() {
        let e = &case["error"];
        return json!({"error": e["code"], "offset": e["offset"], "option": e["option"]});
    }
    if !case["findings"].is_null() {
        return json!({"findings": case["findings"], "fails": case["fails"]});
    }
    if !case["output_pairs"].is_null() {
        return json!({"pairs": case["output_pairs"]});
    }
    if !case["output_list"].is_null() {
        return json!({"values": case["output_list"]});
    }
    match bytes(case, "output") {
        Some(b) => json!({"bytes": b}),
        None => json!({"null": true}),
    }
}

/// What the Rust API gives for a case, in the shape of [`expected`].
fn actual(case: &Value) -> Value {
    let op = Op::by_name(case["op"].as_str().unwrap()).expect("a known operation");
    let options = match Options::parse(op, case["options"].as_str().unwrap()) {
        Ok(o) => o,
        Err(e) => return json!({"error": e.code(), "offset": null, "option": e.option()}),
    };
    let result = match (bytes(case, "input"), case["key"].as_str()) {
        (Some(input), Some(key)) => options.run_key(&input, key),
        (Some(input), None) => options.run(&input),
        (None, _) => options.run_pairs(&pairs(&case["input_pairs"])),
    };
    match result {
        Err(e) => json!({"error": e.code, "offset": e.offset, "option": null}),
        Ok(Output::Bytes(b)) => json!({"bytes": b}),
        Ok(Output::Null) => json!({"null": true}),
        Ok(Output::Pairs(p)) => json!({"pairs": p}),
        Ok(Output::Values(v)) => json!({"values": v}),
        Ok(Output::Findings { findings, fails }) => {
            let list: Vec<Value> = findings
                .iter()
                .map(|f| {
                    let mut v = json!({"code": f.code.as_str(), "severity": f.severity.as_str(),
                        "offset": f.offset, "len": f.len, "message": f.message});
                    if let Some(d) = f.depth {
                        v["depth"] = json!(d);
                    }
                    v
                })
                .collect();
            json!({"findings": list, "fails": fails})
        }
    }
}

#[test]
fn committed_table_is_what_the_generator_writes() {
    let fresh = gen::table();
    if fresh == TABLE {
        return;
    }
    let (old, new): (Vec<&str>, Vec<&str>) = (TABLE.lines().collect(), fresh.lines().collect());
    let at = old.iter().zip(&new).position(|(a, b)| a != b).unwrap_or(old.len().min(new.len()));
    panic!(
        "conformance/cases.jsonl is not what the generator writes ({} lines committed, {} \
         generated; first difference at line {}):\n  committed: {}\n  generated: {}\n\
         Review the change, then regenerate: \
         cargo run -p pctenc --example conformance > conformance/cases.jsonl",
        old.len(),
        new.len(),
        at + 1,
        old.get(at).unwrap_or(&"(end)"),
        new.get(at).unwrap_or(&"(end)")
    );
}

#[test]
fn rust_api_runs_every_case() {
    let cases = cases();
    let mut failed = Vec::new();
    for case in &cases {
        let (want, got) = (expected(case), actual(case));
        if want != got {
            failed.push(format!("{}: want {want}, got {got}", case["id"]));
        }
    }
    println!("conformance (Rust API): {} cases run, 0 cannot express", cases.len());
    assert!(
        failed.is_empty(),
        "{} of {} cases differ:\n{}",
        failed.len(),
        cases.len(),
        failed[..failed.len().min(20)].join("\n")
    );
}

/// The scalar `Profile` API (what Rust users call) against the table's encode and decode
/// cases that it expresses: a profile with the options applied, no charset, no ext-value,
/// no `on_error` (a column's policy).
#[test]
fn profile_api_agrees_with_the_table() {
    let mut run = 0;
    let mut failed = Vec::new();
    for case in cases() {
        let op = Op::by_name(case["op"].as_str().unwrap()).unwrap();
        let Ok(o) = Options::parse(op, case["options"].as_str().unwrap()) else { continue };
        if o.charset().is_some() || o.ext_value() || o.is_set(words::Key::OnError) {
            continue;
        }
        let input = bytes(&case, "input").unwrap_or_default();
        let p = o.profile();
        let got = match op {
            Op::Encode => match p.try_encode(&input) {
                Ok(s) => json!({"bytes": s.as_bytes()}),
                Err(e) => json!({"error": "not-text", "offset": e.offset, "option": null}),
            },
            Op::Decode if o.decodes_to_text() => match p.decode_str(&input) {
                Ok(s) => json!({"bytes": s.as_bytes()}),
                Err(e) => json!({"error": e.code(), "offset": e.offset(), "option": null}),
            },
            Op::Decode => match p.decode(&input) {
                Ok(b) => json!({"bytes": &*b}),
                Err(e) => json!({"error": e.code(), "offset": e.offset(), "option": null}),
            },
            _ => continue,
        };
        run += 1;
        let want = expected(&case);
        if want != got {
            failed.push(format!("{}: want {want}, Profile API gives {got}", case["id"]));
        }
    }
    println!("conformance (Profile API): {run} cases run");
    assert!(run > 2000, "{run}");
    assert!(
        failed.is_empty(),
        "{} differ:\n{}",
        failed.len(),
        failed[..failed.len().min(20)].join("\n")
    );
}

#[test]
fn table_covers_every_profile_operation_and_option_word() {
    let cases = cases();
    assert!(cases.len() >= 2000, "{} cases", cases.len());
    let mut ids = std::collections::HashSet::new();
    for c in &cases {
        assert!(ids.insert(c["id"].as_str().unwrap().to_string()), "duplicate id {}", c["id"]);
    }
    let given = |op: Op, key: &str, value: &str| {
        cases.iter().any(|c| {
            c["op"] == op.name()
                && c["error"]["option"].is_null()
                && c["options"].as_str().unwrap().split(',').any(|kv| {
                    kv.split_once('=').is_some_and(|(k, v)| k.trim() == key && v.trim() == value)
                })
        })
    };
    for (name, _) in pctenc::profile::names::names() {
        for op in [Op::Encode, Op::Decode] {
            assert!(given(op, "profile", name), "{op} profile={name}");
        }
    }
    for p in pctenc::profile::ALL {
        assert!(given(Op::TryDecode, "profile", p.name()), "try-decode profile={}", p.name());
    }
    for op in Op::ALL {
        assert!(
            cases.iter().any(|c| c["op"] == op.name() && c["error"]["option"].is_null()),
            "{op}"
        );
        assert!(
            cases.iter().any(|c| c["op"] == op.name() && !c["error"]["option"].is_null()),
            "{op}: a word it refuses"
        );
        for info in op.options() {
            let words: Vec<&str> = match info.values {
                Values::Words(w) => w
                    .iter()
                    .flat_map(|w| std::iter::once(w.name).chain(w.aliases.iter().copied()))
                    .collect(),
                Values::Bool => vec!["true", "false"],
                _ => vec![],
            };
            if words.is_empty() {
                assert!(
                    cases.iter().any(|c| c["op"] == op.name()
                        && c["options"].as_str().unwrap().contains(&format!("{}=", info.name))),
                    "{op} {}",
                    info.name
                );
            }
            for w in words {
                // The query operations read names and values as text: utf8=bytes is refused
                // there (an option error, among the refused words).
                let reads_query = matches!(op, Op::QueryParse | Op::QueryParam | Op::QueryParamAll);
                if reads_query && info.name == "utf8" && w == "bytes" {
                    continue;
                }
                assert!(given(*op, info.name, w), "{op} {}={w}", info.name);
            }
        }
        if *op == Op::Encode {
            assert!(given(Op::Encode, "lower", "true") && given(Op::Encode, "lower", "false"));
        }
    }
}

/// The review: the table's answers for the probes that the real runtimes were run on
/// (`../shared/testdata/runtimes/*.json`) are the runtimes' answers.
#[test]
fn table_agrees_with_recorded_runtimes() {
    let index: std::collections::HashMap<(String, String, Vec<u8>), Value> = cases()
        .into_iter()
        .filter_map(|c| {
            let key = (
                c["op"].as_str()?.to_string(),
                c["options"].as_str()?.to_string(),
                bytes(&c, "input")?,
            );
            Some((key, c))
        })
        .collect();
    let functions = [
        ("node.json", "decodeURIComponent", "profile=js-component"),
        ("node.json", "decodeURI", "profile=js-uri"),
        ("node.json", "unescape", "profile=js-escape"),
        ("node.json", "URLSearchParams(parse)", ""),
        ("cpython.json", "unquote", "profile=py-quote"),
        ("cpython.json", "unquote_plus", "profile=py-quote-plus"),
        ("cpython.json", "unquote_to_bytes", "profile=py-quote, utf8=bytes"),
        ("go.json", "url.QueryUnescape", "profile=go-query, utf8=bytes"),
        ("go.json", "url.PathUnescape", "profile=go-path, utf8=bytes"),
        ("libcurl.json", "curl_easy_unescape", "profile=php-rawurlencode, utf8=bytes"),
        ("php.json", "urldecode", "profile=php-urlencode, utf8=bytes"),
        ("php.json", "rawurldecode", "profile=php-rawurlencode, utf8=bytes"),
        ("perl.json", "uri_unescape", "profile=php-rawurlencode, utf8=bytes"),
        ("openjdk.json", "URLDecoder.decode(s, UTF_8)", "profile=java-urlencoder"),
    ];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata/runtimes");
    let (mut compared, mut failed) = (0, Vec::new());
    for (file, function, options) in functions {
        let path = format!("{dir}/{file}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let data: Value = serde_json::from_str(&text).unwrap();
        let probes = data["functions"][function]["probes"]
            .as_object()
            .unwrap_or_else(|| panic!("{file} {function}"));
        let op = if function == "URLSearchParams(parse)" { "form-parse" } else { "decode" };
        for (input, fact) in probes {
            let key = (op.to_string(), options.to_string(), input.as_bytes().to_vec());
            let case =
                index.get(&key).unwrap_or_else(|| panic!("no case {op} [{options}] {input:?}"));
            let want = if fact.get("throws").is_some() || fact.get("error").is_some() {
                json!({"fails": true})
            } else if let Some(h) = fact["out_hex"].as_str() {
                json!({"bytes": hex(h)})
            } else if op == "form-parse" {
                json!({"pairs": fact["out"]})
            } else {
                json!({"bytes": fact["out"].as_str().unwrap().as_bytes()})
            };
            let got = match expected(case) {
                v if !v["error"].is_null() => json!({"fails": true}),
                v => v,
            };
            compared += 1;
            if want != got {
                failed.push(format!(
                    "{file} {function} {input:?}: runtime {want}, table {got} ({})",
                    case["id"]
                ));
            }
        }
    }
    println!("review: {compared} table cases agree with recorded runtime probes");
    assert!(compared > 200, "{compared}");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
