//! The verbs the page calls, each a thin call into the library.
//!
//! | op | output slot | metadata |
//! |---|---|---|
//! | `encode`, `decode`, `try-decode`, `decode-segment` | each record's result ([`pctenc::options::Options::run`]) | `ok`, `errors` (offset, code, message, record), `nulls` (records with no value), `utf8` (is the output text) |
//! | `encode`, `decode` with `charset` | as above, in that legacy encoding | plus `charset`: the encoding used or detected ([`crate::charset`]) |
//! | `form-parse` | nothing | `pairs` (one list of `[name, value]` per record) |
//! | `form-serialize` | the urlencoded string | the input is a JSON array of `[name, value]` pairs |
//! | `explain-encode`, `explain-decode` | nothing | `items`: the per-character view ([`crate::explain`]) |
//! | `check` | the CLI's text report | `findings` (code, severity, offset, len, message; line per record), `count`, `worst`, `fails` ([`crate::check`]) |
//! | `normalize` | the normal form of each record | `changed` |
//! | `decode-repeat` | each record decoded until stable | `depth`, `stop` |
//! | `profiles` | nothing | `profiles`: the table of named profiles |
//! | `options` | nothing | `options`: every option, its words and its default per operation |
//! | `version` | nothing | `version` |
//! | `kernel` | nothing | `kernel`: the kernel the library runs (`simd128` where the build enabled it, else `scalar`), `available` |
//!
//! Every other field of the request is an option of the library's table
//! ([`crate::request`]): a verb gets exactly the options, defaults and refusals of its
//! operation in every other front end.
//!
//! Records per line follow the CLI: each line is one record, each result is written followed
//! by `\n`. A record that fails writes an empty line, so output line `n` always belongs to
//! input line `n`, and the error names its offset in the whole input.

use pctenc::options::{words, Op, Options, Output};
use pctenc::{Malformed, Profile, Space};
use serde_json::{json, Value};

use crate::outcome::{decode_error, each_record, error, Outcome};
use crate::request::Request;

/// Runs one request (JSON bytes) on `input`. Never panics: a request that cannot be
/// understood yields `{"ok":false,"bad_request":"why"}`.
pub fn run(request: &[u8], input: &[u8]) -> Outcome {
    let bad = |why: String| Outcome {
        output: Vec::new(),
        meta: json!({"ok": false, "bad_request": why}),
    };
    let req = match Request::parse(request) {
        Ok(r) => r,
        Err(e) => return bad(e),
    };
    let meta_only = |meta: Value| Outcome { output: Vec::new(), meta };
    let op = match req.op.as_str() {
        "profiles" => return meta_only(json!({"ok": true, "profiles": profiles()})),
        "options" => return meta_only(json!({"ok": true, "options": options_table()})),
        "version" => return meta_only(json!({"ok": true, "version": env!("CARGO_PKG_VERSION")})),
        "kernel" => return meta_only(kernel()),
        "encode" | "explain-encode" => Op::Encode,
        "decode" | "explain-decode" | "decode-repeat" => Op::Decode,
        other => match Op::by_name(other) {
            Some(op) => op,
            None => return bad(format!("unknown op '{other}'")),
        },
    };
    let o = match req.options(op) {
        Ok(o) => o,
        Err(e) => {
            let meta = json!({"ok": false, "bad_request": e.to_string(), "code": e.code(),
                "option": e.option()});
            return Outcome { output: Vec::new(), meta };
        }
    };
    let lines = req.lines;
    match req.op.as_str() {
        "check" => crate::check::check(&o, input, lines),
        "normalize" => crate::check::normalize(o.context(), input, lines),
        "explain-encode" => meta_only(crate::explain::encode(&o.profile(), input)),
        "explain-decode" => meta_only(crate::explain::decode(&o.profile(), input)),
        "decode-repeat" => decode_repeat(&o.profile(), input, lines, req.passes),
        "form-serialize" => form_serialize(&o, input),
        "encode" | "decode" if !o.is_set(pctenc::options::Key::OnError) => {
            match crate::charset::from_options(&o) {
                Some((crate::charset::Charset::Fixed(enc), invalid)) if op == Op::Encode => {
                    let strict = o.unmappable_is_error();
                    crate::charset::encode(&o.profile(), enc, strict, invalid, input, lines)
                }
                Some((c, invalid)) => {
                    crate::charset::decode(&o.profile(), c, invalid, input, lines)
                }
                None => contract(&o, input, lines),
            }
        }
        _ => contract(&o, input, lines),
    }
}

/// Every option of the library's table: its words, and its default for each operation that
/// takes it (the page's menus, the npm package's `options()`).
pub fn options_table() -> Vec<Value> {
    words::OPTIONS
        .iter()
        .map(|o| {
            let words: Vec<Value> = o
                .words()
                .iter()
                .map(|w| json!({"name": w.name, "aliases": w.aliases, "about": w.about}))
                .collect();
            let defaults: serde_json::Map<String, Value> = Op::ALL
                .iter()
                .filter_map(|op| Some((op.name().to_string(), json!(o.default_for(*op)?))))
                .collect();
            let kind = match o.values {
                words::Values::Words(_) => "words",
                words::Values::Bool => "bool",
                words::Values::Profile => "profile",
                words::Values::Charset => "charset",
                words::Values::Count => "count",
            };
            // `lower=true|false` is a spelling of `hex`.
            let alias =
                (words::option_by_key(words::LOWER_ALIAS) == Some(o)).then_some(words::LOWER_ALIAS);
            json!({"name": o.name, "kind": kind, "values": o.expected().to_string(),
                "words": words, "about": o.about, "defaults": defaults, "bool_alias": alias})
        })
        .collect()
}

/// Any operation of the contract, record by record, through [`Options::run`]: what every
/// front end's call gives.
pub fn contract(o: &Options, input: &[u8], lines: bool) -> Outcome {
    let (mut nulls, mut pairs) = (Vec::new(), Vec::new());
    let mut n = 0;
    let (output, errors) = each_record(input, lines, |start, rec, out| {
        let result = o.run(rec);
        n += 1;
        match result {
            Ok(Output::Bytes(b)) => out.extend_from_slice(&b),
            Ok(Output::Null) => nulls.push(n - 1),
            Ok(Output::Pairs(p)) => pairs.push(json!(p)),
            // Options::run gives no list of values (query-param-all is Options::run_key's).
            Ok(Output::Values(v)) => pairs.push(json!(v)),
            Ok(Output::Findings { .. }) => unreachable!("check has its own verb"),
            Err(f) => return Err(error(0, start + f.offset, f.code, f.message)),
        }
        Ok(())
    });
    let utf8 = core::str::from_utf8(&output).is_ok();
    let mut meta = json!({"ok": errors.is_empty(), "errors": errors, "nulls": nulls, "utf8": utf8});
    if o.op() == Op::FormParse {
        meta["pairs"] = json!(pairs);
    }
    Outcome { meta, output }
}

/// `form-serialize`: the input is a JSON array of `[name, value]` string pairs.
fn form_serialize(o: &Options, input: &[u8]) -> Outcome {
    let pairs: Vec<(String, String)> = match serde_json::from_slice(input) {
        Ok(p) => p,
        Err(e) => {
            return Outcome {
                output: Vec::new(),
                meta: json!({"ok": false, "bad_request": format!("form-serialize takes a JSON array of [name, value] strings: {e}")}),
            }
        }
    };
    match o.run_pairs(&pairs) {
        Ok(Output::Bytes(b)) => Outcome { output: b, meta: json!({"ok": true, "errors": []}) },
        Ok(_) => unreachable!("form-serialize gives bytes"),
        Err(f) => Outcome {
            output: Vec::new(),
            meta: json!({"ok": false, "errors": [error(0, f.offset, f.code, f.message)]}),
        },
    }
}

/// The kernel the library runs and the ones this build has. Wasm has no run-time feature
/// detection: the module has the simd128 kernel only if it was built with
/// `-C target-feature=+simd128` (web/build.mjs does), and then every engine that loads it
/// runs it. The page shows the answer, so a build that lost the flag is visible.
///
/// ```
/// let out = pctenc_wasm::ops::run(br#"{"op":"kernel"}"#, b"");
/// assert_eq!(out.meta["kernel"], pctenc::Kernel::current().name());
/// assert_eq!(out.meta["available"][0], "scalar");
/// ```
pub fn kernel() -> Value {
    let available: Vec<&str> = pctenc::Kernel::available().iter().map(|k| k.name()).collect();
    json!({"ok": true, "kernel": pctenc::Kernel::current().name(), "available": available})
}

/// The most passes `decode-repeat` makes, whatever the request asks: the bound on its work.
pub const MAX_PASSES: usize = 64;

/// `decode-repeat`: [`Profile::decode_repeat`] per record, up to `passes` (at most
/// [`MAX_PASSES`]): the text once decoding stops changing it. `depth` is the most passes
/// any record took; `stop` is `stable` when every record is, else `limit` or `invalid` (a
/// later pass would fail, its error in `stop_error`, offset in that pass's input).
pub fn decode_repeat(
    profile: &Profile,
    input: &[u8],
    lines: bool,
    passes: Option<usize>,
) -> Outcome {
    use pctenc::decode::repeat::RepeatStop;
    let passes = passes.unwrap_or(MAX_PASSES).min(MAX_PASSES);
    let (mut depth, mut stop, mut stop_error) = (0, "stable", Value::Null);
    let (output, errors) = each_record(input, lines, |start, rec, out| {
        let r = profile.decode_repeat(rec, passes).map_err(|e| decode_error(e.shifted(start)))?;
        depth = depth.max(r.depth);
        match r.stop {
            RepeatStop::Stable => {}
            RepeatStop::Limit => stop = "limit",
            RepeatStop::Invalid(e) => {
                stop = "invalid";
                stop_error = decode_error(e);
            }
        }
        out.extend_from_slice(&r.output);
        Ok(())
    });
    let meta = json!({"ok": errors.is_empty(), "errors": errors, "depth": depth, "stop": stop,
        "stop_error": stop_error});
    Outcome { output, meta }
}

/// The table of named profiles: what each escapes and how it decodes.
pub fn profiles() -> Vec<Value> {
    pctenc::profile::ALL
        .iter()
        .map(|p| {
            let set = p.set();
            let escaped: String = (0x20u8..0x7F).filter(|&b| set.contains(b)).map(char::from).collect();
            let d = p.decoding();
            let kept: String = (0x20u8..0x7F).filter(|&b| d.keep_escaped.contains(b)).map(char::from).collect();
            json!({
                "name": p.name(),
                "aliases": p.aliases(),
                "source": p.source(),
                "escapes": escaped,
                "keeps": set.unencoded_printable(),
                "controls": (0u8..0x20).chain([0x7F]).filter(|&b| set.contains(b)).count(),
                "space": if p.space() == Space::Plus && set.contains(b' ') { "+" } else if set.contains(b' ') { "%20" } else { " " },
                "unit": p.unit().name(),
                "input_utf8": p.input_utf8().name(),
                // The word of the `malformed` option that gives the profile's behaviour.
                "malformed": words::MALFORMED[usize::from(matches!(d.malformed, Malformed::PassThrough | Malformed::PassThroughTriplet))].name,
                "malformed_policy": d.malformed.name(),
                "plus_as_space": d.plus_as_space,
                "keep_escaped": kept,
                "output_utf8": d.utf8.name(),
                "round_trips": p.round_trips(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(req: &str, input: &[u8]) -> Outcome {
        run(req.as_bytes(), input)
    }

    #[test]
    fn encode_and_decode_with_knobs() {
        let o = call(r#"{"op":"encode","profile":"js-component","hex":"lower"}"#, "é&".as_bytes());
        assert_eq!(o.output, b"%c3%a9%26");
        let o = call(r#"{"op":"decode","profile":"form"}"#, b"a+b%2B");
        assert_eq!(o.output, b"a b+");
        let o = call(r#"{"op":"decode","profile":"rfc3986"}"#, b"%FF");
        assert_eq!(o.meta["errors"][0]["code"], "invalid-utf8"); // decoding gives text
        let o = call(r#"{"op":"decode","profile":"rfc3986","utf8":"bytes"}"#, b"%FF");
        assert_eq!((o.output.as_slice(), &o.meta["utf8"]), (&[0xFF][..], &json!(false)));
        let o = call(r#"{"op":"try-decode"}"#, b"100%");
        assert_eq!(o.meta["nulls"], json!([0]));
        let o = call(r#"{"op":"form-parse","lines":true}"#, b"a=1&b\nc=%41");
        assert_eq!(o.meta["pairs"], json!([[["a", "1"], ["b", ""]], [["c", "A"]]]));
        let o = call(r#"{"op":"form-serialize"}"#, br#"[["ab","zz"],["cd","yy"]]"#);
        assert_eq!(o.output, b"ab=zz&cd=yy");
    }

    #[test]
    fn decode_repeat_reports_depth_and_why_it_stopped() {
        let o = call(r#"{"op":"decode-repeat","profile":"rfc3986"}"#, b"a%252520b");
        assert_eq!((o.output.as_slice(), o.meta["depth"].as_u64()), (&b"a b"[..], Some(3)));
        assert_eq!(o.meta["stop"], "stable");
        let o = call(r#"{"op":"decode-repeat","profile":"rfc3986","passes":1}"#, b"a%252520b");
        assert_eq!(
            (o.output.as_slice(), o.meta["stop"].as_str()),
            (&b"a%2520b"[..], Some("limit"))
        );
        // strict: %2525 decodes to %25, then to a lone % that the next pass refuses
        let o = call(r#"{"op":"decode-repeat","profile":"rfc3986"}"#, b"%2525");
        assert_eq!((o.output.as_slice(), o.meta["stop"].as_str()), (&b"%"[..], Some("invalid")));
    }

    #[test]
    fn lines_keep_alignment_and_whole_input_offsets() {
        let o = call(r#"{"op":"decode","profile":"rfc3986","lines":true}"#, b"a%20\r\n100%\nb");
        assert_eq!(o.output, b"a \n\nb\n");
        assert_eq!(o.meta["errors"][0]["offset"], 9);
        assert_eq!(o.meta["errors"][0]["record"], 1);
        assert_eq!(o.meta["ok"], false);
    }

    #[test]
    fn bad_requests_are_reported_not_panicked() {
        for req in [
            "",
            "{",
            r#"{"op":"x"}"#,
            r#"{"op":"encode","hex":"green"}"#,
            r#"{"op":"encode","nope":1}"#,
            r#"{"op":"decode","lower":true}"#,
        ] {
            assert!(call(req, b"").meta["bad_request"].is_string(), "{req}");
        }
    }

    #[test]
    fn profiles_table_lists_every_named_profile() {
        let t = profiles();
        assert_eq!(t.len(), pctenc::profile::ALL.len());
        let query = t.iter().find(|p| p["name"] == "url-query").unwrap();
        assert_eq!(query["escapes"], " \"#<>");
    }
}
