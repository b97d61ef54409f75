//! Writes the reference results the wasm build is checked against: every request below run
//! through the bridge compiled for the host (the very functions `pctenc_run` calls in the
//! browser), one JSON line per case: `{"req": {...}, "in": hex, "out": hex, "meta": {...}}`.
//! `web/tests/conformance.test.mjs` replays each line through the `.wasm` under Node and
//! requires the same output bytes and the same metadata.
//!
//! Inputs: every string in the shared conformance data (test262, WHATWG URL, wpt, the
//! recorded runtimes, CPython, Go), each of the 256 single bytes, and pseudo-random byte
//! strings rich in `%`, hex digits, `u`, `+`, newlines and non-ASCII bytes (including invalid
//! UTF-8). Each input meets several profiles in both directions with the knobs in rotation,
//! and `check` and `normalize` in one of the URL contexts (in rotation). Last, a few
//! misspelt profile names, whose error names the profiles they were probably meant to be.
//!
//! ```text
//! cargo run --example native_results -p pctenc-wasm -- web/tests/artifacts/native-results.jsonl
//! ```

use std::fmt::Write as _;
use std::io::Write as _;

use pctenc::options::words::{option_by_key, Op};
use serde_json::{json, Value};

const TESTDATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata/");

/// The data files whose strings become inputs.
const FILES: &[&str] = &[
    "test262/test262-uri-cases.json",
    "whatwg-url/whatwg-url-percent-encoding.json",
    "wpt/percent-encoding.json",
    "wpt/urlencoded-parser-data.json",
    "wpt/urlsearchparams-cases.json",
    "runtimes/node.json",
    "runtimes/cpython.json",
    "cpython/cpython-urllib-cases.json",
    "go/go-net-url-cases.json",
];

/// Knob variants, applied in rotation.
const VARIANTS: &[&str] = &[
    "",
    r#","malformed":"strict""#,
    r#","malformed":"lenient""#,
    r#","hex":"lower""#,
    r#","utf8":"strict""#,
    r#","utf8":"lossy""#,
    r#","utf8":"bytes""#,
    r#","lines":true"#,
    r#","plus":true"#,
    r#","plus":false,"malformed":"strict""#,
    r#","charset":"auto""#,
    r#","charset":"shift_jis""#,
    r#","charset":"windows-1251","utf8":"lossy""#,
];

/// Every string in `v` (no longer than 300 bytes), and `*_utf16` code-unit arrays as WTF-8
/// bytes, so lone surrogates reach the encoders as the invalid UTF-8 they are.
fn strings(v: &Value, key: &str, out: &mut Vec<Vec<u8>>) {
    match v {
        Value::String(s) if s.len() <= 300 => out.push(s.as_bytes().to_vec()),
        Value::Array(a) if key.ends_with("_utf16") => {
            let units = a.iter().filter_map(Value::as_u64).map(|u| u as u16);
            let mut bytes = Vec::new();
            let mut buf = [0u8; 4];
            for r in char::decode_utf16(units) {
                match r {
                    Ok(ch) => bytes.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes()),
                    // WTF-8: a lone surrogate's three bytes, as UTF-8 would write it if it could.
                    Err(e) => {
                        let u = e.unpaired_surrogate();
                        bytes.extend_from_slice(&[
                            0xE0 | (u >> 12) as u8,
                            0x80 | ((u >> 6) & 0x3F) as u8,
                            0x80 | (u & 0x3F) as u8,
                        ]);
                    }
                }
            }
            out.push(bytes);
        }
        Value::Array(a) => a.iter().for_each(|x| strings(x, key, out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| strings(x, k, out)),
        _ => {}
    }
}

/// Misspelt profile names: their requests fail with the library's "did you mean", which the
/// npm package must repeat word for word (npm/test/native.test.mjs).
const MISSPELT: &[&str] = &[
    "rfc396",
    "componnet",
    "js-componnet",
    "encodeURIComponnet",
    "FORMM",
    "dotnet",
    "url",
    "zzzzzz",
];

/// A small deterministic generator (xorshift), so the set is the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::with_capacity(2 * bytes.len()), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: native_results OUT.jsonl")?;
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for f in FILES {
        let text =
            std::fs::read_to_string(format!("{TESTDATA}{f}")).map_err(|e| format!("{f}: {e}"))?;
        strings(&serde_json::from_str(&text)?, "", &mut inputs);
    }
    let mut seen = std::collections::HashSet::new();
    inputs.retain(|i| seen.insert(i.clone()));
    let from_data = inputs.len();
    inputs.extend((0u8..=255).map(|b| vec![b]));
    let alphabet: &[u8] =
        b"%%%%uU+ \n\r0123456789abcdefABCDEFzZ#&=/?~\xc3\xa9\xe2\x82\xac\xff\xed\xa0\x80";
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..400 {
        let len = (rng.next() % 24) as usize;
        inputs.push(
            (0..len).map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize]).collect(),
        );
    }

    let profiles: Vec<&str> = pctenc::profile::ALL.iter().map(|p| p.name()).collect();
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
    let mut cases = 0usize;
    for (i, input) in inputs.iter().enumerate() {
        // Single bytes meet every profile; other inputs four profiles each, in rotation.
        let chosen: Vec<&str> = if input.len() == 1 {
            profiles.clone()
        } else {
            (0..4).map(|k| profiles[(i * 4 + k) % profiles.len()]).collect()
        };
        for (k, profile) in chosen.iter().enumerate() {
            let variant = VARIANTS[(i + k) % VARIANTS.len()];
            let mut ops = vec!["encode", "decode"];
            if i % 7 == 0 {
                ops.extend(["explain-encode", "explain-decode"]);
            }
            if k == 0 {
                ops.extend(["check", "normalize"]);
            }
            if k == 1 {
                ops.push("decode-repeat");
            }
            for op in ops {
                // check and normalize read a context (in rotation) and no profile.
                let ctx = pctenc::lint::Context::ALL[i % pctenc::lint::Context::ALL.len()].as_str();
                let target = match op {
                    "check" | "normalize" => format!(r#""context":"{ctx}""#),
                    _ => format!(r#""profile":"{profile}""#),
                };
                let mut req: Value =
                    serde_json::from_str(&format!(r#"{{"op":"{op}",{target}{variant}}}"#))?;
                // The variant's options that this verb's operation takes (the library's table
                // says which; a refused option is tested by the conformance table).
                let model = match op {
                    "encode" | "explain-encode" => Op::Encode,
                    "check" => Op::Check,
                    "normalize" => Op::Normalize,
                    _ => Op::Decode,
                };
                if let Value::Object(fields) = &mut req {
                    fields.retain(|k, _| {
                        matches!(k.as_str(), "op" | "lines")
                            || option_by_key(k).is_some_and(|o| o.applies_to(model))
                    });
                }
                let r = pctenc_wasm::ops::run(req.to_string().as_bytes(), input);
                let line =
                    json!({"req": req, "in": hex(input), "out": hex(&r.output), "meta": r.meta});
                writeln!(out, "{line}")?;
                cases += 1;
            }
        }
    }
    for name in MISSPELT {
        let req = json!({"op": "encode", "profile": name});
        let r = pctenc_wasm::ops::run(req.to_string().as_bytes(), b"x");
        writeln!(out, "{}", json!({"req": req, "in": hex(b"x"), "out": "", "meta": r.meta}))?;
        cases += 1;
    }
    out.flush()?;
    eprintln!(
        "{path}: {cases} cases from {} inputs ({from_data} from ../shared/testdata)",
        inputs.len()
    );
    Ok(())
}
