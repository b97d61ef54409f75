//! The conformance table (`conformance/cases.jsonl`, format in `conformance/README.md`) run
//! through the built `pctenc`: every case the CLI can express gives the table's result, and
//! the ones it cannot are listed in `conformance/cannot-express/cli.txt` with their reasons.
//!
//! Fast by batching: the cases that share an operation and options run in one process, one
//! TEXT argument each, with `--keep-going` (a rejected record is reported on stderr as
//! `argument N, byte M: CODE at ...`, and its line of output is empty). A case whose input
//! cannot be an argument (a NUL byte) or whose output holds a newline runs alone, with
//! `--whole` and the input on stdin. `check`'s `fails` is the exit status, so a batch checks
//! it as one: exit 1 exactly when some case of the batch fails.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_pctenc");
const TABLE: &str = include_str!("../../../conformance/cases.jsonl");
const EXCLUDED: &str = include_str!("../../../conformance/cannot-express/cli.txt");

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

fn bytes(case: &Value, name: &str) -> Option<Vec<u8>> {
    if let Some(s) = case[name].as_str() {
        return Some(s.as_bytes().to_vec());
    }
    case[format!("{name}_hex")].as_str().map(hex)
}

/// What a case gave, in one comparable shape.
#[derive(Clone, Debug, PartialEq)]
enum Got {
    Bytes(Vec<u8>),
    Null,
    Error(String, u64),
    Json(Value),
}

fn expected(case: &Value) -> Got {
    let e = &case["error"];
    if !e.is_null() {
        return Got::Error(e["code"].as_str().unwrap().into(), e["offset"].as_u64().unwrap_or(0));
    }
    if !case["findings"].is_null() {
        return Got::Json(case["findings"].clone());
    }
    if !case["output_pairs"].is_null() {
        return Got::Json(case["output_pairs"].clone());
    }
    bytes(case, "output").map_or(Got::Null, Got::Bytes)
}

/// The subcommand of an operation.
fn command(op: &str) -> &'static [&'static str] {
    match op {
        "encode" => &["encode"],
        "decode" | "try-decode" => &["decode"],
        "decode-segment" => &["decode", "--segment"],
        "check" => &["check", "--format", "jsonl"],
        "normalize" => &["normalize"],
        "form-parse" => &["form", "decode"],
        "form-serialize" => &["form", "encode"],
        other => panic!("unknown operation {other}"),
    }
}

/// The record a case hands the CLI: its input bytes, or its pairs as JSON (`form encode`).
fn record(case: &Value) -> Vec<u8> {
    bytes(case, "input").unwrap_or_else(|| case["input_pairs"].to_string().into_bytes())
}

struct Run {
    stdout: Vec<u8>,
    stderr: String,
    status: i32,
}

fn run(op: &str, options: &str, args: Vec<OsString>, stdin: Option<&[u8]>) -> Run {
    let mut cmd = Command::new(BIN);
    cmd.args(command(op)).args(["-O", options, "--keep-going"]);
    if stdin.is_some() {
        cmd.arg("--whole");
    }
    cmd.arg("--").args(args);
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.map(<[u8]>::to_vec).unwrap_or_default();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    Run {
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// `pctenc: argument N, byte M: CODE at ...` (or `input, byte M` under `--whole`): the
/// rejections of a run, by record (1-based; 1 for the whole input).
fn rejections(stderr: &str) -> BTreeMap<usize, (String, u64)> {
    let mut out = BTreeMap::new();
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix("pctenc: ") else { continue };
        let (place, rest) = rest.split_once(", byte ").unwrap_or(("", ""));
        let n = match place.strip_prefix("argument ") {
            Some(n) => n.parse().unwrap(),
            None if place == "input" => 1,
            None => continue,
        };
        let (offset, rest) = rest.split_once(": ").unwrap();
        let code = rest.split(' ').next().unwrap().to_string();
        out.insert(n, (code, offset.parse().unwrap()));
    }
    out
}

/// The results of `cases` (same operation and options) from one run.
fn batch(op: &str, options: &str, cases: &[&Value], whole: bool) -> (Vec<Got>, Run) {
    let records: Vec<Vec<u8>> = cases.iter().map(|c| record(c)).collect();
    let r = if whole {
        run(op, options, Vec::new(), Some(&records[0]))
    } else {
        run(op, options, records.into_iter().map(OsString::from_vec).collect(), None)
    };
    let rejected = rejections(&r.stderr);
    let got = if op == "check" {
        let mut per: BTreeMap<u64, Vec<Value>> = BTreeMap::new();
        for l in r.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let mut f: Value = serde_json::from_slice(l).unwrap();
            let line = f["line"].as_u64().unwrap_or(1);
            f.as_object_mut().unwrap().remove("line");
            per.entry(line).or_default().push(f);
        }
        (1..=cases.len() as u64)
            .map(|n| Got::Json(Value::Array(per.remove(&n).unwrap_or_default())))
            .collect()
    } else {
        let mut lines: Vec<&[u8]> = if whole {
            vec![&r.stdout[..]]
        } else {
            r.stdout.strip_suffix(b"\n").unwrap_or(&r.stdout).split(|&b| b == b'\n').collect()
        };
        if r.stdout.is_empty() {
            lines = vec![&[][..]; cases.len()];
        }
        (0..cases.len())
            .map(|i| match rejected.get(&(i + 1)) {
                Some(_) if op == "try-decode" => Got::Null,
                Some((code, offset)) => Got::Error(code.clone(), *offset),
                None if op == "form-parse" => {
                    Got::Json(serde_json::from_slice(lines[i]).unwrap_or(Value::Null))
                }
                None => Got::Bytes(lines.get(i).map_or(Vec::new(), |l| l.to_vec())),
            })
            .collect()
    };
    (got, r)
}

/// One entry of `cannot-express/cli.txt`.
struct Exclusion {
    text: String,
    used: usize,
}

fn excluded(case: &Value, rule: &str) -> bool {
    let (kind, arg) = rule.split_once(' ').unwrap_or((rule, ""));
    let options = case["options"].as_str().unwrap();
    let key = |k: &str| {
        k.chars().filter(|c| *c != '_' && *c != '-').collect::<String>().to_ascii_lowercase()
    };
    match kind {
        "id" => case["id"] == arg,
        "op" => case["op"] == arg,
        "option" => options.split(',').filter_map(|kv| kv.split_once('=')).any(|(k, v)| {
            let (want_k, want_v) = arg.split_once('=').unwrap_or((arg, ""));
            key(k.trim()) == key(want_k)
                && (want_v.is_empty() || v.trim().eq_ignore_ascii_case(want_v))
        }),
        "input-not-utf8" => !case["input_hex"].is_null(),
        "output-not-utf8" => !case["output_hex"].is_null(),
        "option-error" => !case["error"]["option"].is_null(),
        other => panic!("cli.txt: unknown rule {other}"),
    }
}

#[test]
fn cli_runs_the_conformance_table() {
    let cases: Vec<Value> = TABLE.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut exclusions: Vec<Exclusion> = EXCLUDED
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (entry, why) =
                l.split_once(" -- ").unwrap_or_else(|| panic!("cli.txt: no ' -- reason' in {l:?}"));
            assert!(!why.trim().is_empty(), "cli.txt: {l:?} gives no reason");
            Exclusion { text: entry.trim().to_string(), used: 0 }
        })
        .collect();
    let mut groups: BTreeMap<(String, String), Vec<&Value>> = BTreeMap::new();
    let mut skipped = 0;
    for c in &cases {
        if let Some(e) = exclusions.iter_mut().find(|e| excluded(c, &e.text)) {
            e.used += 1;
            skipped += 1;
            continue;
        }
        let key =
            (c["op"].as_str().unwrap().to_string(), c["options"].as_str().unwrap().to_string());
        groups.entry(key).or_default().push(c);
    }
    let (mut ran, mut spawned, mut failed) = (0, 0, Vec::new());
    for ((op, options), group) in &groups {
        if !group[0]["error"]["option"].is_null() {
            // The options are refused: one run says so for every case of the group.
            let r = run(op, options, vec!["x".into()], None);
            spawned += 1;
            for c in group {
                let want = c["error"]["message"].as_str().unwrap();
                if r.status != 2 || !r.stderr.contains(want) {
                    failed.push(format!(
                        "{}: want exit 2 and {want:?}, got {} {:?}",
                        c["id"], r.status, r.stderr
                    ));
                }
                ran += 1;
            }
            continue;
        }
        let alone = |c: &Value| {
            record(c).contains(&0)
                || bytes(c, "output").is_some_and(|o| o.contains(&b'\n'))
                || (op == "check" && record(c).contains(&b'\n'))
        };
        let (single, batched): (Vec<&Value>, Vec<&Value>) = group.iter().partition(|c| alone(c));
        let mut runs: Vec<(Vec<&Value>, bool)> =
            single.into_iter().map(|c| (vec![c], true)).collect();
        if !batched.is_empty() {
            runs.push((batched, false));
        }
        for (cases, whole) in runs {
            let (got, r) = batch(op, options, &cases, whole);
            spawned += 1;
            let mut fails = false;
            for (c, g) in cases.iter().zip(got) {
                ran += 1;
                fails |= c["fails"].as_bool().unwrap_or(false);
                let want = expected(c);
                if want != g {
                    failed.push(format!(
                        "{} [{options}] {:?}: want {want:?}, got {g:?}\n    stderr: {}",
                        c["id"],
                        String::from_utf8_lossy(&record(c)),
                        r.stderr.trim()
                    ));
                }
            }
            let want_status = if op == "check" {
                i32::from(fails)
            } else {
                i32::from(cases.iter().any(|c| {
                    !c["error"].is_null()
                        || (op == "try-decode" && c.get("output") == Some(&Value::Null))
                }))
            };
            if r.status != want_status {
                failed.push(format!(
                    "{op} [{options}]: exit {} for {} cases, want {want_status}",
                    r.status,
                    cases.len()
                ));
            }
        }
    }
    for e in &exclusions {
        assert!(e.used > 0, "cli.txt: '{}' matches no case: remove it", e.text);
    }
    println!(
        "conformance (cli): {ran} cases run, {skipped} cannot express \
         (conformance/cannot-express/cli.txt), {spawned} processes"
    );
    assert_eq!(ran + skipped, cases.len());
    assert!(
        failed.is_empty(),
        "{} of {ran} cases differ:\n{}",
        failed.len(),
        failed[..failed.len().min(400)].join("\n")
    );
}
