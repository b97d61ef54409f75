//! The Python and Go profiles against their own test suites' tables:
//! `../shared/testdata/cpython/cpython-urllib-cases.json` (recorded from CPython 3.11's
//! tests) and `../shared/testdata/go/go-net-url-cases.json` (Go's `url_test.go` tables).
//!
//! Every case is counted as passed, out of scope (with the reason: forms belong to the forms
//! issue; Python type errors and codec error handlers are not percent-encoding), or expected
//! to fail (listed with the reason; the test fails if one of them starts passing).

use std::collections::BTreeMap;

use pctenc::profile::by_name;
use pctenc::{Profile, Utf8};
use serde_json::Value;

const TESTDATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata");

/// CPython cases pctenc is known not to reproduce: `(test, input as JSON)`, with the reason.
const PY_EXPECTED_FAILURES: &[(&str, &str, &str)] = &[];

fn load(path: &str) -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(format!("{TESTDATA}/{path}"))
            .unwrap_or_else(|e| panic!("{TESTDATA}/{path}: {e}")),
    )
    .unwrap()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

/// A JSON-encoded Python `str` or `bytes` argument, as bytes (str as UTF-8), and whether it
/// was a `str`. `None` for values that are neither (None, tuples, lone surrogates).
fn arg(v: &Value) -> Option<(Vec<u8>, bool)> {
    match v {
        Value::String(s) => Some((s.as_bytes().to_vec(), true)),
        Value::Object(o) => o.get("bytes_hex").and_then(Value::as_str).map(|h| (unhex(h), false)),
        _ => None,
    }
}

/// Latin-1 encoding of text (Python `encoding='latin-1'`, `errors='strict'`).
fn latin1(text: &[u8]) -> Option<Vec<u8>> {
    std::str::from_utf8(text).ok()?.chars().map(|c| u8::try_from(c as u32).ok()).collect()
}

enum Outcome {
    Pass,
    OutOfScope(&'static str),
    Fail(String),
}

fn python_case(case: &Value) -> Outcome {
    let func = case["fn"].as_str().unwrap().trim_start_matches("urllib.parse.");
    let kwargs = case["kwargs"].as_object().cloned().unwrap_or_default();
    let kw = |k: &str| kwargs.get(k).filter(|v| !v.is_null());
    let name = match func {
        "quote" | "quote_from_bytes" | "unquote" | "unquote_to_bytes" => "py-quote",
        "quote_plus" | "unquote_plus" => "py-quote-plus",
        _ => {
            return Outcome::OutOfScope("forms (urlencode / parse_qs / parse_qsl): the forms issue")
        }
    };
    if case.get("raises").is_some_and(|r| r == "TypeError" || r == "AttributeError") {
        return Outcome::OutOfScope("a Python type error (None, tuple, str for bytes)");
    }
    if kw("errors").is_some_and(|e| e != "strict" && e != "replace") {
        return Outcome::OutOfScope(
            "a codec error handler (ignore / xmlcharrefreplace): the charset layer",
        );
    }
    if kw("errors").is_some_and(|e| e == "replace") && func.starts_with("quote") {
        return Outcome::OutOfScope("a codec error handler on encode: the charset layer");
    }
    let Some((input, is_str)) = arg(&case["args"][0]) else {
        return Outcome::OutOfScope("an argument that is not str or bytes");
    };
    let mut p = *by_name(name).unwrap();
    let latin = kw("encoding").is_some_and(|e| e == "latin-1");
    if func.starts_with("quote") {
        // safe= (positional or keyword): its ASCII characters are not escaped.
        let safe = case["args"].get(1).or(kw("safe")).and_then(arg);
        if let Some((safe, _)) = safe {
            let set = safe.iter().filter(|b| b.is_ascii()).fold(p.set(), |s, &b| s.remove(b));
            p = Profile::new(set).with_space(p.space()).with_decoding(p.decoding());
        }
        let input = if latin && is_str {
            match latin1(&input) {
                Some(b) => b,
                None if case["raises"] == "UnicodeEncodeError" => return Outcome::Pass,
                None => return Outcome::Fail("latin-1 input".into()),
            }
        } else {
            input
        };
        let got = p.encode(&input);
        return match case["result"].as_str() {
            Some(want) if want == got => Outcome::Pass,
            want => Outcome::Fail(format!("got {got:?}, want {want:?}")),
        };
    }
    // Decoders.
    if func == "unquote_to_bytes" {
        let got = p.with_output_utf8(Utf8::Bytes).decode(&input).unwrap().into_owned();
        let want = arg(&case["result"]).map(|r| r.0);
        return if want.as_ref() == Some(&got) {
            Outcome::Pass
        } else {
            Outcome::Fail(format!("got {got:?}"))
        };
    }
    let got = if latin {
        // As Python does: the ASCII runs are unquoted to bytes and read as Latin-1; the text
        // between them is kept.
        let text = String::from_utf8(input).unwrap();
        let mut out = String::new();
        for run in text.split_inclusive(|c: char| !c.is_ascii()) {
            let (ascii, rest) =
                run.split_at(run.find(|c: char| !c.is_ascii()).unwrap_or(run.len()));
            let raw = p.with_output_utf8(Utf8::Bytes).decode(ascii).unwrap();
            out.extend(raw.iter().map(|&b| char::from(b)));
            out.push_str(rest);
        }
        out
    } else {
        p.decode_str(&input).unwrap().into_owned()
    };
    // Python unquote of str keeps non-ASCII text as it is, which the UTF-8 bytes do too.
    match case["result"].as_str() {
        Some(want) if want == got => Outcome::Pass,
        want => Outcome::Fail(format!("got {got:?}, want {want:?}")),
    }
}

#[test]
fn cpython_urllib_cases() {
    let data = load("cpython/cpython-urllib-cases.json");
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len() as u64, data["count"].as_u64().unwrap());
    let (mut pass, mut failures) = (0, Vec::new());
    let mut scope: BTreeMap<&str, usize> = BTreeMap::new();
    for case in cases {
        match python_case(case) {
            Outcome::Pass => pass += 1,
            Outcome::OutOfScope(why) => *scope.entry(why).or_default() += 1,
            Outcome::Fail(msg) => {
                failures.push((case["test"].to_string(), case["args"].to_string(), msg))
            }
        }
    }
    for (test, args, msg) in &failures {
        let expected = PY_EXPECTED_FAILURES.iter().any(|e| *test == e.0 && *args == e.1);
        assert!(expected, "{test} {args}: {msg}");
    }
    assert_eq!(failures.len(), PY_EXPECTED_FAILURES.len(), "an expected failure now passes");
    let out: usize = scope.values().sum();
    println!("cpython: {pass} passed, {} expected failures, {out} out of scope:", failures.len());
    for (why, n) in &scope {
        println!("  {n:4}  {why}");
    }
    assert_eq!(pass + failures.len() + out, cases.len());
}

fn go_error(p: &Profile, input: &str) -> Result<Vec<u8>, String> {
    p.decode(input).map(|c| c.into_owned()).map_err(|e| {
        let at = e.offset();
        input[at..input.len().min(at + 3)].to_string()
    })
}

#[test]
fn go_net_url_cases() {
    let data = load("go/go-net-url-cases.json");
    let (query, path) = (by_name("go-query").unwrap(), by_name("go-path").unwrap());
    let mut n = 0;
    for c in data["unescape"].as_array().unwrap() {
        let input = c["in"].as_str().unwrap();
        let want = match c["err"].as_str() {
            Some(e) => Err(e.to_string()),
            None => Ok(c["out"].as_str().unwrap().as_bytes().to_vec()),
        };
        assert_eq!(go_error(query, input), want, "QueryUnescape({input:?})");
        // The same table applies to PathUnescape with "+" written as "%20".
        let input = input.replace('+', "%20");
        assert_eq!(go_error(path, &input), want, "PathUnescape({input:?})");
        n += 2;
    }
    for (table, p) in [("query_escape", query), ("path_escape", path)] {
        for c in data[table].as_array().unwrap() {
            let (input, out) = (c["in"].as_str().unwrap(), c["out"].as_str().unwrap());
            assert_eq!(p.encode(input), out, "{table}({input:?})");
            assert_eq!(p.decode(out).unwrap(), input.as_bytes(), "{table} round trip");
            n += 2;
        }
    }
    for c in data["escape_benchmarks"].as_array().unwrap() {
        let input = c["unescaped"].as_str().unwrap();
        assert_eq!(query.encode(input), c["query"].as_str().unwrap());
        assert_eq!(path.encode(input), c["path"].as_str().unwrap());
        n += 2;
    }
    let forms = data["encode_query"].as_array().unwrap().len()
        + data["parse_query"].as_array().unwrap().len();
    println!("go: {n} checks passed, 0 expected failures, {forms} out of scope (Values.Encode / ParseQuery: the forms issue)");
    assert_eq!(n, 13 * 2 + 5 * 2 + 7 * 2 + 4 * 2);
}
