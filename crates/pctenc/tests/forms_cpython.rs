//! CPython's `parse_qsl`, `parse_qs` and `urlencode` cases (`cpython/cpython-urllib-cases.json`,
//! recorded from CPython 3.11's own tests) replayed against the WHATWG form parser and
//! serializer.
//!
//! Python's functions are not the WHATWG algorithms, so every case ends in one of two ways:
//! it matches, or it differs for a reason in the explicit list [`DIFFERENCES`], and is counted
//! there. A listed difference is either *modelled* (Python's rule applied to our output gives
//! Python's result exactly, which proves the difference is that rule and nothing else) or
//! *declared* (a predicate on the call says the option is in play; the case must then really
//! differ). A case that differs without a listed reason fails the test.
//!
//! How the harness turns a Python call into pairs (not a difference of the format): `dict`s
//! and sequences of 2-tuples are pairs in order; with `doseq=True` a sequence value becomes one
//! pair per element; a non-string value becomes its `str()` (`1` → `"1"`, `None` → `"None"`,
//! a list → its `repr`); `parse_qs` groups the values of one name in order of first
//! appearance; `bytes` keys and values are escaped byte by byte (the profile's byte API, as a
//! USVString cannot hold them); `encoding="latin-1"` is the WHATWG label `latin1`.

#![cfg(feature = "charsets")]

use std::collections::BTreeMap;

use pctenc::charset::{for_label, Encoding};
use pctenc::form;
use pctenc::profile::whatwg::FORM;
use pctenc::Utf8;
use serde_json::Value;

/// Why a case may differ from the WHATWG rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Why {
    /// `keep_blank_values=False` (Python's default) drops pairs whose value is empty; the
    /// WHATWG parser keeps them. Modelled.
    KeepBlankValues,
    /// `separator=';'`: Python splits on `;` only; the WHATWG parser splits on `&` only.
    /// Modelled (swap the two, then parse).
    Separator,
    /// `encoding='ascii'`: Python's ASCII codec; the WHATWG label `ascii` means windows-1252.
    /// Declared.
    AsciiCodec,
    /// `errors='ignore'`: Python drops undecodable bytes; WHATWG writes U+FFFD. Declared.
    ErrorsIgnore,
    /// A `str` input with raw non-ASCII characters and a legacy `encoding`: Python keeps the
    /// characters as they are and decodes only the escapes; the WHATWG string parser encodes
    /// the whole string as UTF-8 first. Declared.
    RawTextWithLegacyEncoding,
    /// `safe=`: extra characters Python leaves unescaped; the WHATWG form set is fixed.
    /// Declared.
    Safe,
    /// `quote_via=quote`: space as `%20`; the WHATWG serializer writes `+`. Declared.
    QuoteVia,
}

const DIFFERENCES: &[Why] = &[
    Why::KeepBlankValues,
    Why::Separator,
    Why::AsciiCodec,
    Why::ErrorsIgnore,
    Why::RawTextWithLegacyEncoding,
    Why::Safe,
    Why::QuoteVia,
];

fn load() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/testdata/cpython/cpython-urllib-cases.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}")))
        .expect("json")
}

/// A Python `str` or `bytes` value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum PyStr {
    Str(String),
    Bytes(Vec<u8>),
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex")).collect()
}

fn py_str(v: &Value) -> Option<PyStr> {
    match v {
        Value::String(s) => Some(PyStr::Str(s.clone())),
        Value::Object(o) if o.contains_key("bytes_hex") => {
            Some(PyStr::Bytes(hex(o["bytes_hex"].as_str()?)))
        }
        _ => None,
    }
}

/// Python's `str(v)` for the values the cases use.
fn py_to_str(v: &Value) -> PyStr {
    if let Some(s) = py_str(v) {
        return s;
    }
    PyStr::Str(match v {
        Value::Null => "None".into(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::Array(items) => {
            let reprs: Vec<String> = items
                .iter()
                .map(|i| match py_to_str(i) {
                    PyStr::Str(s) if i.is_string() => format!("'{s}'"),
                    PyStr::Str(s) => s,
                    PyStr::Bytes(b) => format!("{b:?}"),
                })
                .collect();
            format!("[{}]", reprs.join(", "))
        }
        other => panic!("no str() for {other}"),
    })
}

/// The elements of a Python sequence value (list, tuple, or a dict's keys).
fn py_seq(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Array(a) => Some(a.clone()),
        Value::Object(o) if o.contains_key("tuple") => o["tuple"].as_array().cloned(),
        Value::Object(o) if o.contains_key("pairs") => {
            Some(o["pairs"].as_array()?.iter().map(|p| p[0].clone()).collect())
        }
        _ => None,
    }
}

/// `urlencode`'s first argument as (key, value) Python values.
fn query_items(q: &Value) -> Vec<(Value, Value)> {
    let items: Vec<Value> = match q {
        Value::Object(o) if o.contains_key("pairs") => o["pairs"].as_array().unwrap().clone(),
        other => py_seq(other).expect("query sequence"),
    };
    items
        .iter()
        .map(|it| {
            let kv = py_seq(it).expect("2-tuple");
            (kv[0].clone(), kv[1].clone())
        })
        .collect()
}

fn kw<'a>(case: &'a Value, name: &str) -> Option<&'a Value> {
    case.get("kwargs").and_then(|k| k.get(name))
}

/// The WHATWG-label encoding Python's `encoding=` names, if it is one.
fn encoding_of(case: &Value) -> Option<&'static Encoding> {
    match kw(case, "encoding").and_then(Value::as_str) {
        None => Some(pctenc::charset::encoding_rs::UTF_8),
        // Python's codec name; the WHATWG label is "latin1" (both mean windows-1252 here:
        // the cases use no byte in 0x80..0x9F, where ISO-8859-1 and windows-1252 differ).
        Some("latin-1") => for_label("latin1"),
        Some(label) => for_label(label),
    }
}

/// Our parse of `input` as Python-shaped pairs.
fn whatwg_parse(input: &PyStr, encoding: &'static Encoding) -> Vec<(PyStr, PyStr)> {
    match input {
        PyStr::Bytes(b) => form::parse_bytes(b)
            .map(|(n, v)| (PyStr::Bytes(n.into_owned()), PyStr::Bytes(v.into_owned())))
            .collect(),
        PyStr::Str(s) => form::parse_with(s.as_bytes(), encoding)
            .map(|(n, v)| (PyStr::Str(n.into_owned()), PyStr::Str(v.into_owned())))
            .collect(),
    }
}

fn is_empty(s: &PyStr) -> bool {
    match s {
        PyStr::Str(s) => s.is_empty(),
        PyStr::Bytes(b) => b.is_empty(),
    }
}

/// `parse_qs` from `parse_qsl`: values grouped by name, in order of first appearance.
fn group(pairs: Vec<(PyStr, PyStr)>) -> Vec<(PyStr, Vec<PyStr>)> {
    let mut out: Vec<(PyStr, Vec<PyStr>)> = Vec::new();
    for (n, v) in pairs {
        match out.iter_mut().find(|(k, _)| *k == n) {
            Some(slot) => slot.1.push(v),
            None => out.push((n, vec![v])),
        }
    }
    out
}

fn expected_qsl(r: &Value) -> Vec<(PyStr, PyStr)> {
    r.as_array().unwrap().iter().map(|p| (py_str(&p[0]).unwrap(), py_str(&p[1]).unwrap())).collect()
}

fn expected_qs(r: &Value) -> Vec<(PyStr, Vec<PyStr>)> {
    r["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let vals = p[1].as_array().unwrap().iter().map(|v| py_str(v).unwrap()).collect();
            (py_str(&p[0]).unwrap(), vals)
        })
        .collect()
}

/// Replays one parse_qsl / parse_qs case: `None` when it matches, else the reason.
fn replay_parse(case: &Value, grouped: bool) -> Result<Option<Why>, String> {
    let input = py_str(&case["args"][0]).ok_or("input")?;
    let keep_blank = kw(case, "keep_blank_values").and_then(Value::as_bool).unwrap_or(false);
    let separator = kw(case, "separator").and_then(py_str);
    let errors = kw(case, "errors").and_then(Value::as_str);
    let label = kw(case, "encoding").and_then(Value::as_str);
    let encoding = encoding_of(case).ok_or("unknown encoding label")?;
    let matches = |ours: Vec<(PyStr, PyStr)>| -> bool {
        if grouped {
            group(ours) == expected_qs(&case["result"])
        } else {
            ours == expected_qsl(&case["result"])
        }
    };
    let drop_blank = |p: Vec<(PyStr, PyStr)>| -> Vec<(PyStr, PyStr)> {
        p.into_iter().filter(|(_, v)| keep_blank || !is_empty(v)).collect()
    };
    let ours = whatwg_parse(&input, encoding);
    if matches(ours.clone()) {
        return Ok(None);
    }
    let semicolon = matches!(&separator, Some(PyStr::Str(s)) if s == ";")
        || matches!(&separator, Some(PyStr::Bytes(b)) if b == b";");
    if semicolon {
        let swap = |b: u8| match b {
            b';' => b'&',
            b'&' => b';',
            b => b,
        };
        let swapped = match &input {
            PyStr::Str(s) => PyStr::Str(String::from_utf8(s.bytes().map(swap).collect()).unwrap()),
            PyStr::Bytes(b) => PyStr::Bytes(b.iter().copied().map(swap).collect()),
        };
        if matches(drop_blank(whatwg_parse(&swapped, encoding))) {
            return Ok(Some(Why::Separator));
        }
        return Err("separator model does not explain it".into());
    }
    if !keep_blank && matches(drop_blank(ours)) {
        return Ok(Some(Why::KeepBlankValues));
    }
    if label.is_some_and(|l| l.eq_ignore_ascii_case("ascii")) {
        return Ok(Some(if errors == Some("ignore") {
            Why::ErrorsIgnore
        } else {
            Why::AsciiCodec
        }));
    }
    if let PyStr::Str(s) = &input {
        if !s.is_ascii() && encoding != pctenc::charset::encoding_rs::UTF_8 {
            return Ok(Some(Why::RawTextWithLegacyEncoding));
        }
    }
    Err("differs without a listed reason".into())
}

/// One urlencode key or value, serialized.
fn serialize_part(s: &PyStr, encoding: &'static Encoding, out: &mut String) {
    match s {
        PyStr::Str(t) => FORM.encode_with_append(t, encoding, out),
        PyStr::Bytes(b) => FORM.with_input_utf8(Utf8::Bytes).encode_append(b, out),
    }
}

fn replay_urlencode(case: &Value) -> Result<Option<Why>, String> {
    let args = case["args"].as_array().unwrap();
    let doseq = args.get(1).and_then(Value::as_bool).unwrap_or(false)
        || kw(case, "doseq").and_then(Value::as_bool).unwrap_or(false);
    let label = kw(case, "encoding").and_then(Value::as_str);
    let encoding = encoding_of(case).ok_or("unknown encoding label")?;
    let mut pairs = Vec::new();
    for (k, v) in query_items(&args[0]) {
        let key = py_to_str(&k);
        match (doseq, py_str(&v), py_seq(&v)) {
            (true, None, Some(items)) => {
                pairs.extend(items.iter().map(|i| (key.clone(), py_to_str(i))));
            }
            _ => pairs.push((key, py_to_str(&v))),
        }
    }
    let mut ours = String::new();
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            ours.push('&');
        }
        serialize_part(k, encoding, &mut ours);
        ours.push('=');
        serialize_part(v, encoding, &mut ours);
    }
    let expected = case["result"].as_str().ok_or("result")?;
    if ours == expected {
        return Ok(None);
    }
    if kw(case, "safe").and_then(Value::as_str).is_some_and(|s| !s.is_empty()) {
        return Ok(Some(Why::Safe));
    }
    if kw(case, "quote_via").is_some() {
        return Ok(Some(Why::QuoteVia));
    }
    if label.is_some_and(|l| l.eq_ignore_ascii_case("ascii")) {
        return Ok(Some(Why::AsciiCodec));
    }
    Err(format!("differs without a listed reason: ours {ours:?}, python {expected:?}"))
}

#[test]
fn cpython_parse_qsl_parse_qs_urlencode() {
    let data = load();
    let mut matched = 0;
    let mut differ: BTreeMap<Why, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut total = 0;
    for case in data["cases"].as_array().unwrap() {
        let f = case["fn"].as_str().unwrap();
        let outcome = match f {
            "urllib.parse.parse_qsl" => replay_parse(case, false),
            "urllib.parse.parse_qs" => replay_parse(case, true),
            "urllib.parse.urlencode" => replay_urlencode(case),
            _ => continue,
        };
        total += 1;
        match outcome {
            Ok(None) => matched += 1,
            Ok(Some(why)) => *differ.entry(why).or_default() += 1,
            Err(e) => failures.push(format!("{f} {}: {e}", case["args"])),
        }
    }
    println!("cpython form cases: {total} replayed, {matched} match the WHATWG rules");
    for (why, n) in &differ {
        println!("  {n:3} differ: {why:?}");
    }
    assert!(failures.is_empty(), "{} unexplained:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(total, 73 + 73 + 35, "every parse_qsl, parse_qs and urlencode case ran");
    for why in DIFFERENCES {
        assert!(differ.contains_key(why), "{why:?} is listed but explains no case");
    }
}
