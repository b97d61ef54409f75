//! Observed runtime behaviour (`runtimes/*.json`) against the profiles of this issue: the
//! unencoded ASCII set, the space, the hex case, non-ASCII handling and lone surrogates of
//! each encoder, and every decode probe of each decoder.
//!
//! Node's `encodeURI*`, `escape`, `URLSearchParams` and their decoders are our `js-*` and
//! `form` profiles. libcurl and PHP's raw functions are, byte for byte, RFC 3986's unreserved
//! set and the WHATWG percent-decode (research/peers.md §1), so they are checked too. Every
//! other function of node.json is listed in [`NOT_HERE`] with the reason.

use pctenc::profile::{js, rfc3986, whatwg};
use pctenc::Profile;
use serde_json::Value;

use crate::data::{self, show};
use crate::ledger::Ledger;

/// What a runtime function is, in our terms.
#[derive(Clone, Copy)]
enum Role {
    Encode(&'static Profile),
    Decode(&'static Profile),
    /// `URLSearchParams(string)`: probes give the parsed pairs.
    FormParse,
}

const COVERED: &[(&str, &str, Role)] = &[
    ("node.json", "encodeURI", Role::Encode(js::URI)),
    ("node.json", "encodeURIComponent", Role::Encode(js::COMPONENT)),
    ("node.json", "escape", Role::Encode(js::ESCAPE)),
    ("node.json", "URLSearchParams.toString", Role::Encode(whatwg::FORM)),
    ("node.json", "decodeURI", Role::Decode(js::URI)),
    ("node.json", "decodeURIComponent", Role::Decode(js::COMPONENT)),
    ("node.json", "unescape", Role::Decode(js::ESCAPE)),
    ("node.json", "URLSearchParams(parse)", Role::FormParse),
    ("libcurl.json", "curl_easy_escape", Role::Encode(rfc3986::RFC3986)),
    ("libcurl.json", "curl_easy_unescape", Role::Decode(whatwg::COMPONENT)),
    ("php.json", "rawurlencode", Role::Encode(rfc3986::RFC3986)),
    ("php.json", "rawurldecode", Role::Decode(whatwg::COMPONENT)),
];

/// Functions of node.json that no profile of this issue claims to be.
const NOT_HERE: &[(&str, &str)] = &[
    ("querystring.escape", "Node's querystring dialect is not a profile of this issue"),
    ("querystring.unescape", "Node's querystring dialect is not a profile of this issue"),
];

fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    (got == want).then_some(()).ok_or_else(|| format!("{what}: got {got:?}, want {want:?}"))
}

/// The ASCII bytes `p` writes as they are, found by encoding each alone.
fn unencoded_ascii(p: &Profile) -> String {
    (0u8..0x80).filter(|&b| p.encode(&[b]) == char::from(b).to_string()).map(char::from).collect()
}

fn check_encoder(ledger: &mut Ledger, id: &str, p: &Profile, f: &Value) {
    for (key, fact) in f.as_object().expect("an object") {
        let id = format!("{id} {key}");
        let outcome = match (key.as_str(), fact) {
            ("unencoded_ascii", Value::String(s)) => same(key, unencoded_ascii(p), s.clone()),
            ("space", Value::String(s)) => same(key, p.encode(" ").into_owned(), s.clone()),
            ("hex_case", Value::String(s)) => {
                let want = if s == "upper" { "%0A%7F" } else { "%0a%7f" };
                same(key, p.encode("\n\u{7F}").into_owned(), want.to_string())
            }
            ("non_ascii", Value::String(s)) if s == "UTF-8" => {
                let text = "é€😀";
                let want: String = text.bytes().map(|b| format!("%{b:02X}")).collect();
                same(key, p.encode(text).into_owned(), want)
            }
            ("non_ascii", _) => Ok(()), // prose; `sample` states the fact
            ("sample", Value::String(s)) => same(key, p.encode("é€😀").into_owned(), s.clone()),
            // A JS string with a lone surrogate reaches us as WTF-8.
            ("lone_surrogate", Value::Object(o)) if o.contains_key("throws") => {
                match p.try_encode(&data::wtf8(&[0xD800])) {
                    Err(e) if e.offset == 0 => Ok(()),
                    other => Err(format!("JS throws URIError, we gave {other:?}")),
                }
            }
            ("lone_surrogate", Value::String(s)) => {
                let got = format!("a={}", p.encode(&data::wtf8(&[0xD800])));
                same(key, got, s.clone())
            }
            ("note", _) => continue,
            (other, _) => panic!("{id}: a fact this test does not know: {other} = {fact}"),
        };
        ledger.check(&id, outcome);
    }
}

fn check_probes(ledger: &mut Ledger, id: &str, role: Role, f: &Value) {
    for (key, fact) in f.as_object().expect("an object") {
        match key.as_str() {
            "keeps_escapes_of" => {
                // decodeURI keeps the escape of exactly these bytes, as written.
                let want = fact.as_str().expect("a string").to_string();
                let Role::Decode(p) = role else { panic!("{id}: keeps_escapes_of") };
                let kept: String = (0u8..0x80)
                    .filter(|b| {
                        let e = format!("%{b:02x}");
                        p.decode(&e).map(|d| *d == *e.as_bytes()).unwrap_or(false)
                    })
                    .map(char::from)
                    .collect();
                ledger.check(&format!("{id} keeps_escapes_of"), same(key, kept, want));
            }
            "note" => {}
            "probes" => {
                for (probe, want) in fact.as_object().expect("probes") {
                    let outcome = check_probe(role, probe, want);
                    ledger.check(&format!("{id} probe {probe:?}"), outcome);
                }
            }
            other => panic!("{id}: a fact this test does not know: {other}"),
        }
    }
}

fn check_probe(role: Role, probe: &str, want: &Value) -> Result<(), String> {
    match role {
        Role::Decode(p) => {
            let got = p.decode(probe).map(|c| c.into_owned());
            match (got, want) {
                (Err(_), w) if w.get("throws").is_some() => Ok(()),
                (Ok(out), w) if w["out"].is_string() => {
                    same("out", show(&out), show(w["out"].as_str().unwrap().as_bytes()))
                }
                (Ok(out), w) if w["out_hex"].is_string() => {
                    same("out", show(&out), show(&data::unhex(w["out_hex"].as_str().unwrap())))
                }
                (got, w) => Err(format!("got {got:?}, want {w}")),
            }
        }
        Role::FormParse => {
            let got = crate::wpt::parse(probe.as_bytes())?;
            let want: crate::wpt::Pairs = want["out"]
                .as_array()
                .expect("pairs")
                .iter()
                .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_str().unwrap().to_string()))
                .collect();
            same("pairs", got, want)
        }
        Role::Encode(_) => unreachable!("encoders have no probes"),
    }
}

#[test]
fn runtime_observations() {
    let mut ledger = Ledger::new("runtimes");
    let mut files: Vec<&str> = COVERED.iter().map(|c| c.0).collect();
    files.dedup();
    for file in files {
        let doc = data::load(&format!("runtimes/{file}"));
        let functions = doc["functions"].as_object().expect("functions");
        if file == "node.json" {
            for name in functions.keys() {
                let covered = COVERED.iter().any(|c| c.0 == file && c.1 == name);
                let excused = NOT_HERE.iter().any(|n| n.0 == name);
                assert!(
                    covered != excused,
                    "node.json {name}: covered or excused, not both/neither"
                );
            }
        }
        for &(_, name, role) in COVERED.iter().filter(|c| c.0 == file) {
            let f = functions.get(name).unwrap_or_else(|| panic!("{file} has no {name}"));
            let id = format!("{file} {name}");
            match role {
                Role::Encode(p) => check_encoder(&mut ledger, &id, p, f),
                _ => check_probes(&mut ledger, &id, role, f),
            }
        }
    }
    for (name, why) in NOT_HERE {
        println!("runtimes: node.json {name} not checked: {why}");
    }
    ledger.finish();
}
