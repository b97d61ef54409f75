//! The verbs the page calls, each a thin call into the library.
//!
//! | op | output slot | metadata |
//! |---|---|---|
//! | `encode` | the encoded records | `ok`, `errors` (offset, code, message, record) |
//! | `decode` | the decoded records (bytes) | as `encode`, plus `utf8` (is the output text) |
//! | `encode`, `decode` with `charset` | as above, in that legacy encoding | plus `charset`: the encoding used or detected ([`crate::charset`]) |
//! | `explain-encode`, `explain-decode` | nothing | `items`: the per-character view ([`crate::explain`]) |
//! | `check` | the CLI's text report | `findings` (code, severity, offset, len, line, message), `count`, `worst` ([`crate::check`]) |
//! | `normalize` | the normal form of each record | `changed` |
//! | `decode-repeat` | each record decoded until stable | `depth`, `stop` |
//! | `profiles` | nothing | `profiles`: the table of named profiles |
//! | `version` | nothing | `version` |
//! | `kernel` | nothing | `kernel`: the kernel the library runs (`simd128` where the build enabled it, else `scalar`), `available` |
//!
//! Records per line follow the CLI: each line is one record, each result is written followed
//! by `\n`. A record that fails writes an empty line, so output line `n` always belongs to
//! input line `n`, and the error names its offset in the whole input.

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
    let req: Request = match serde_json::from_slice(request) {
        Ok(r) => r,
        Err(e) => return bad(format!("bad request: {e}")),
    };
    let meta_only = |meta: Value| Outcome { output: Vec::new(), meta };
    match req.op.as_str() {
        "profiles" => meta_only(json!({"ok": true, "profiles": profiles()})),
        "version" => meta_only(json!({"ok": true, "version": env!("CARGO_PKG_VERSION")})),
        "kernel" => meta_only(kernel()),
        "check" | "normalize" => match crate::check::context(req.knobs.context.as_deref()) {
            Ok(ctx) if req.op == "check" => crate::check::check(ctx, input, req.knobs.lines),
            Ok(ctx) => crate::check::normalize(ctx, input, req.knobs.lines),
            Err(e) => bad(e),
        },
        op => {
            let profile = match req.knobs.profile() {
                Ok(p) => p,
                Err(e) => return bad(e),
            };
            let charset = match crate::charset::from_knobs(&req.knobs, op == "decode") {
                Ok(c) => c,
                Err(e) => return bad(e),
            };
            let lines = req.knobs.lines;
            match (op, charset) {
                ("encode", Some((crate::charset::Charset::Fixed(enc), _))) => {
                    crate::charset::encode(&profile, enc, input, lines)
                }
                ("decode", Some((c, invalid))) => {
                    crate::charset::decode(&profile, c, invalid, input, lines)
                }
                ("encode", _) => encode(&profile, input, lines),
                ("decode", _) => decode(&profile, input, lines),
                ("decode-repeat", _) => decode_repeat(&profile, input, lines, req.knobs.passes),
                ("explain-encode", _) => meta_only(crate::explain::encode(&profile, input)),
                ("explain-decode", _) => meta_only(crate::explain::decode(&profile, input)),
                (other, _) => bad(format!("unknown op '{other}'")),
            }
        }
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

/// `encode`: [`Profile::try_encode`] per record (input that is not UTF-8 is an error only
/// where the profile's input policy is strict).
pub fn encode(profile: &Profile, input: &[u8], lines: bool) -> Outcome {
    let (output, errors) = each_record(input, lines, |start, rec, out| {
        match profile.try_encode(rec) {
            Ok(s) => out.extend_from_slice(s.as_bytes()),
            Err(e) => {
                let offset = start + e.offset;
                let msg = pctenc::EncodeError { offset }.to_string();
                return Err(error(0, offset, "invalid-input-utf8", msg));
            }
        }
        Ok(())
    });
    Outcome { meta: json!({"ok": errors.is_empty(), "errors": errors}), output }
}

/// `decode`: [`Profile::decode`] per record. `utf8` in the metadata says whether the output
/// is text (it may not be under `--utf8 bytes`).
pub fn decode(profile: &Profile, input: &[u8], lines: bool) -> Outcome {
    let (output, errors) = each_record(input, lines, |start, rec, out| {
        match profile.decode(rec) {
            Ok(b) => out.extend_from_slice(&b),
            Err(e) => return Err(decode_error(e.shifted(start))),
        }
        Ok(())
    });
    let utf8 = core::str::from_utf8(&output).is_ok();
    Outcome { meta: json!({"ok": errors.is_empty(), "errors": errors, "utf8": utf8}), output }
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
                "malformed": if matches!(d.malformed, Malformed::PassThrough | Malformed::PassThroughTriplet) { "lenient" } else { "strict" },
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
        let o = call(r#"{"op":"decode","profile":"rfc3986","utf8":"strict"}"#, b"%FF");
        assert_eq!(o.meta["errors"][0]["code"], "invalid-utf8");
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
