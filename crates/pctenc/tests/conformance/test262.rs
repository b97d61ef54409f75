//! test262's URI and Annex B cases (`test262/test262-uri-cases.json`, 1820 recorded calls)
//! against `js-uri`, `js-component` and `js-escape`.
//!
//! Mapping: a JS string argument becomes its UTF-8 bytes, or its WTF-8 bytes when it holds a
//! lone surrogate (see [`crate::data`]). `encodeURI*` must then fail in `try_encode` exactly
//! where JavaScript throws `URIError`, at the offset of the lone surrogate. The decoders take
//! the bytes and must fail where JavaScript throws. A result that holds a lone surrogate is
//! compared under the profile's own UTF-8 policy: `Lossy` against U+FFFD per lone surrogate,
//! and additionally `with_output_utf8(Utf8::Bytes)` against the WTF-8 form.

use std::borrow::Cow;

use pctenc::profile::js;
use pctenc::{Profile, Utf8};
use serde_json::Value;

use crate::data::{self, show};
use crate::ledger::Ledger;

/// What JavaScript returned.
enum Expect {
    Throws,
    /// The result's bytes under the profile's policy, and its WTF-8 form if it is not
    /// well-formed (for the `Utf8::Bytes` check).
    Out(Vec<u8>, Option<Vec<u8>>),
}

fn profile(function: &str) -> &'static Profile {
    match function {
        "encodeURI" | "decodeURI" => js::URI,
        "encodeURIComponent" | "decodeURIComponent" => js::COMPONENT,
        "escape" | "unescape" => js::ESCAPE,
        other => panic!("test262 data names an unknown function {other}"),
    }
}

/// Runs one function of ours; `Err` is a message standing for a thrown `URIError`.
fn run(function: &str, p: &Profile, input: &[u8]) -> Result<Vec<u8>, String> {
    let owned = |c: Cow<'_, str>| c.into_owned().into_bytes();
    match function {
        "encodeURI" | "encodeURIComponent" | "escape" => {
            p.try_encode(input).map(owned).map_err(|e| e.to_string())
        }
        _ => p.decode(input).map(Cow::into_owned).map_err(|e| e.to_string()),
    }
}

fn check_case(case: &Value) -> (String, Result<(), String>) {
    let function = data::str_field(case, "fn");
    let p = profile(function);
    let (input, lone_at, input_id) = match case["input"].as_str() {
        Some(s) => (s.as_bytes().to_vec(), None, serde_json::to_string(s).unwrap()),
        None => {
            let units = data::units(&case["input_utf16"]);
            (data::wtf8(&units), data::first_lone_surrogate(&units), format!("utf16{units:?}"))
        }
    };
    let id = format!("{function} {input_id}");
    let expect = if case.get("throws").is_some() {
        Expect::Throws
    } else if let Some(s) = case["expected"].as_str() {
        Expect::Out(s.as_bytes().to_vec(), None)
    } else {
        let units = data::units(&case["expected_utf16"]);
        let lossy = String::from_utf16_lossy(&units).into_bytes();
        let wtf8 = data::wtf8(&units);
        // decodeURI* promise well-formed output: the JS result itself is what we must give.
        match p.decoding().utf8 {
            Utf8::Lossy => Expect::Out(lossy, Some(wtf8)),
            _ => Expect::Out(wtf8, None),
        }
    };
    let got = run(function, p, &input);
    let outcome = match (&expect, got) {
        (Expect::Throws, Err(e)) => match (lone_at, function.starts_with("encode")) {
            // The error names the lone surrogate, as the caller needs to find it.
            (Some(at), true) => match p.try_encode(&input) {
                Err(err) if err.offset == at => Ok(()),
                _ => Err(format!("error at the wrong offset (lone surrogate at {at}): {e}")),
            },
            _ => Ok(()),
        },
        (Expect::Throws, Ok(out)) => Err(format!("JS throws URIError, we gave {:?}", show(&out))),
        (Expect::Out(want, wtf8), Ok(out)) if out == *want => match wtf8 {
            Some(w) => {
                let bytes = p.with_output_utf8(Utf8::Bytes).decode(&input).map(Cow::into_owned);
                match bytes {
                    Ok(b) if b == *w => Ok(()),
                    other => {
                        Err(format!("with Utf8::Bytes want WTF-8 {:?}, got {other:?}", show(w)))
                    }
                }
            }
            None => Ok(()),
        },
        (Expect::Out(want, _), Ok(out)) => {
            Err(format!("want {:?}, got {:?}", show(want), show(&out)))
        }
        (Expect::Out(want, _), Err(e)) => Err(format!("want {:?}, got error {e}", show(want))),
    };
    (id, outcome)
}

#[test]
fn test262_uri_cases() {
    let doc = data::load("test262/test262-uri-cases.json");
    let mut ledger = Ledger::new("test262");
    let mut total = 0;
    for file in doc["files"].as_array().expect("files") {
        for case in file["cases"].as_array().expect("cases") {
            let (id, outcome) = check_case(case);
            let outcome = outcome.map_err(|e| format!("{e} [{}]", data::str_field(file, "path")));
            ledger.check(&id, outcome);
            total += 1;
        }
    }
    assert_eq!(total, doc["total_cases"].as_u64().expect("total_cases") as usize);
    println!("test262: {total} recorded calls read");
    ledger.finish();
}
