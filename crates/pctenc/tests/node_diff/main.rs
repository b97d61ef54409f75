//! Live differential test against Node.js: seeded random inputs through `js-component`,
//! `js-uri`, `js-escape` and `form`, and through the JavaScript functions they reproduce,
//! compared byte for byte, rejection included (`Err` <-> `URIError`).
//!
//! One `node` process runs `oracle.js` over the whole batch (JSON on stdin and stdout;
//! strings travel as UTF-16 code units so that lone surrogates survive). A JS string reaches
//! the library as its UTF-8 bytes, or WTF-8 when it holds a lone surrogate (see
//! `tests/conformance/data.rs`). Without `node` the test says it is skipped, and fails when
//! the environment variable `CI` is set: CI must never pass it silently.
//! `scripts/deps.d/10-node.sh` installs Node where it is missing.

#[path = "../conformance/data.rs"]
#[allow(dead_code)]
mod data;
mod gen;
#[path = "../conformance/ledger.rs"]
mod ledger;

use std::borrow::Cow;
use std::io::Write;
use std::process::{Command, Stdio};

use pctenc::profile::{js, whatwg};
use pctenc::Utf8;
use serde_json::{json, Value};

use data::show;
use ledger::Ledger;

/// Random inputs (half of them clean: no malformed escape, no invalid UTF-8); each goes
/// through all nine functions.
const INPUTS: usize = 2500;
/// Random inputs with a lone surrogate, for the encoders.
const LONE: usize = 300;
const SEED: u64 = 0x7063_7465_6e63_0002;

/// One call: the function's name in `oracle.js`, and its argument as UTF-16 code units.
struct Case {
    function: &'static str,
    units: Vec<u16>,
}

fn cases() -> Vec<Case> {
    let mut rng = gen::Rng::new(SEED);
    let mut cases = Vec::new();
    for i in 0..INPUTS {
        let s = gen::string(&mut rng, 12, i % 2 == 0);
        let units: Vec<u16> = s.encode_utf16().collect();
        for function in ["encodeURI", "encodeURIComponent", "escape", "formEncode"] {
            cases.push(Case { function, units: units.clone() });
        }
        for function in ["decodeURI", "decodeURIComponent", "unescape"] {
            cases.push(Case { function, units: units.clone() });
        }
        // The value of one pair: `&` would end it.
        let value: Vec<u16> = s.replace('&', "").encode_utf16().collect();
        cases.push(Case { function: "formDecodeUtf8First", units: value.clone() });
        cases.push(Case { function: "formDecode", units: value });
    }
    for _ in 0..LONE {
        let s = gen::string(&mut rng, 6, false);
        let units = gen::with_lone_surrogate(&mut rng, &s);
        for function in ["encodeURI", "encodeURIComponent"] {
            cases.push(Case { function, units: units.clone() });
        }
    }
    // Known gaps (tests/expected_failures.txt): a lone surrogate read as WTF-8.
    for units in [&[0xD800u16][..], &[0x61, 0xDC00, 0x62], &[0xD83D, 0x41]] {
        for function in ["escape", "formEncode"] {
            cases.push(Case { function, units: units.to_vec() });
        }
    }
    cases
}

/// Runs `oracle.js` over `cases`; `None` if there is no `node` to run.
fn run_node(cases: &[Case]) -> Option<(String, Vec<Value>)> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/node_diff/oracle.js");
    let mut child =
        match Command::new("node").arg(script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()
        {
            Ok(child) => child,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => panic!("cannot start node: {e}"),
        };
    let batch: Vec<Value> =
        cases.iter().map(|c| json!({"fn": c.function, "units": c.units})).collect();
    let body = serde_json::to_vec(&batch).expect("JSON");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&body));
    let output = child.wait_with_output().expect("node runs");
    writer.join().expect("writer thread").expect("write to node");
    assert!(output.status.success(), "node failed: {}", output.status);
    let reply: Value = serde_json::from_slice(&output.stdout).expect("node writes JSON");
    let version = reply["node"].as_str().unwrap_or("?").to_string();
    let results = reply["results"].as_array().expect("results").clone();
    assert_eq!(results.len(), cases.len(), "one result per case");
    Some((version, results))
}

/// Our side of one call: `Ok(bytes)` or `Err(message)` for a rejection.
fn ours(function: &str, input: &[u8]) -> Result<Vec<u8>, String> {
    let text = |c: Cow<'_, str>| c.into_owned().into_bytes();
    let bytes = |c: Cow<'_, [u8]>| c.into_owned();
    match function {
        "encodeURI" => js::URI.try_encode(input).map(text).map_err(|e| e.to_string()),
        "encodeURIComponent" => {
            js::COMPONENT.try_encode(input).map(text).map_err(|e| e.to_string())
        }
        "escape" => js::ESCAPE.try_encode(input).map(text).map_err(|e| e.to_string()),
        "formEncode" => Ok(text(whatwg::FORM.encode(input))),
        "decodeURI" => js::URI.decode(input).map(bytes).map_err(|e| e.to_string()),
        "decodeURIComponent" => js::COMPONENT.decode(input).map(bytes).map_err(|e| e.to_string()),
        "unescape" => js::ESCAPE.decode(input).map(bytes).map_err(|e| e.to_string()),
        "formDecode" | "formDecodeUtf8First" => {
            whatwg::FORM.decode(input).map(bytes).map_err(|e| e.to_string())
        }
        other => panic!("unknown function {other}"),
    }
}

fn compare(case: &Case, node: &Value) -> Result<(), String> {
    let input = data::wtf8(&case.units);
    let got = ours(case.function, &input);
    let Some(units) = node.get("ok") else {
        let name = node["err"].as_str().unwrap_or("?");
        return match got {
            Err(_) if name == "URIError" => match data::first_lone_surrogate(&case.units) {
                // A rejected lone surrogate is named where it is.
                Some(at) if case.function.starts_with("encode") => {
                    let offset = js::COMPONENT.try_encode(&input).err().map(|e| e.offset);
                    (offset == Some(at))
                        .then_some(())
                        .ok_or(format!("error offset {offset:?}, surrogate at {at}"))
                }
                _ => Ok(()),
            },
            Err(e) => Err(format!("node threw {name}, we rejected: {e}")),
            Ok(out) => Err(format!("node threw {name}, we gave {:?}", show(&out))),
        };
    };
    let units = data::units(units);
    // unescape can make lone surrogates: the profile's Lossy policy writes U+FFFD for each,
    // and with Utf8::Bytes the result is their WTF-8.
    let want = String::from_utf16_lossy(&units).into_bytes();
    if case.function == "unescape" {
        let wtf8 = js::ESCAPE.with_output_utf8(Utf8::Bytes).decode(&input).map(Cow::into_owned);
        if wtf8.as_deref() != Ok(&data::wtf8(&units)[..]) {
            return Err(format!(
                "with Utf8::Bytes: got {wtf8:?}, want WTF-8 {:?}",
                show(&data::wtf8(&units))
            ));
        }
    }
    match got {
        Ok(out) if out == want => Ok(()),
        Ok(out) => Err(format!("node gave {:?}, we gave {:?}", show(&want), show(&out))),
        Err(e) => Err(format!("node gave {:?}, we rejected: {e}", show(&want))),
    }
}

/// Whether Node 20's `URLSearchParams` parse leaves the URL Standard on this value: it
/// first tries `decodeURIComponent`, and where that throws it falls back to querystring's
/// `unescapeBuffer`, which keeps only the low byte of each UTF-16 unit of non-ASCII text
/// (`new URLSearchParams("a=ü%FF").get("a")` is "\u{FFFD}\u{FFFD}", not "ü\u{FFFD}"). Such
/// values are compared through `formDecodeUtf8First` instead, which does the standard's
/// first step (UTF-8 encode) before handing Node the string.
fn node_leaves_the_standard(case: &Case) -> bool {
    let s = String::from_utf16_lossy(&case.units);
    case.function == "formDecode" && !s.is_ascii() && js::COMPONENT.decode(&s).is_err()
}

#[test]
fn node_differential() {
    let cases = cases();
    let Some((version, results)) = run_node(&cases) else {
        println!(
            "node_differential: SKIPPED: no `node` on PATH (scripts/deps.d/10-node.sh installs it)"
        );
        assert!(std::env::var_os("CI").is_none(), "node is missing and CI is set: not skipping");
        return;
    };
    let mut ledger = Ledger::new("node");
    let mut per_function = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    let mut node_deviations = 0usize;
    for (case, node) in cases.iter().zip(&results) {
        let mut outcome = compare(case, node);
        if outcome.is_err() && node_leaves_the_standard(case) {
            node_deviations += 1;
            outcome = Ok(());
        }
        let entry = per_function.entry(case.function).or_default();
        entry.0 += 1;
        entry.1 += usize::from(node.get("err").is_some());
        let id = format!("{} utf16{:?}", case.function, case.units);
        ledger.check(
            &id,
            outcome.map_err(|e| format!("{e} (input {:?})", show(&data::wtf8(&case.units)))),
        );
    }
    println!("node_differential: Node {version}, {} calls", cases.len());
    for (function, (n, thrown)) in per_function {
        println!("  {function}: {n} calls, {thrown} threw URIError");
    }
    println!(
        "  formDecode: Node's URLSearchParams left the URL Standard on {node_deviations} values \
         (non-ASCII text + an escape decodeURIComponent rejects); formDecodeUtf8First checks them"
    );
    ledger.finish();
}
