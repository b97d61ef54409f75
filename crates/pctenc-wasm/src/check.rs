//! The lint verbs: `check` (what an attacker's encoding leaves, `pctenc check`) and
//! `normalize` (RFC 3986 §6.2.2 normal form, `pctenc normalize`), both read in a URL context.
//!
//! Each finding is the library's own JSON ([`pctenc::lint::to_json`], the CLI's `--json`
//! line), so the page, the command line and a log pipeline see the same fields: `code`,
//! `severity`, `offset` and `len` (the exact byte span, in the whole input), `message`, and
//! `line` where the input is read per line (as the CLI reads it). The context, the limits
//! and `fail_on` are the library's options, with its defaults (`context=url`). The output slot holds the CLI's text report
//! ([`pctenc::lint::render_text`]): the copy button then copies what `pctenc check` prints.
//!
//! ```
//! let out = pctenc_wasm::ops::run(br#"{"op":"check","context":"path"}"#, b"/a/%2e%2e/b");
//! assert_eq!(out.meta["findings"][0]["code"], "encoded-dot-segment");
//! assert_eq!((out.meta["findings"][0]["offset"].as_u64(), out.meta["findings"][0]["len"].as_u64()), (Some(3), Some(6)));
//! ```

use pctenc::lint::{self, Context};
use pctenc::options::Options;
use serde_json::{json, Value};

use crate::outcome::Outcome;
use crate::request::records;

/// The most findings listed (`truncated` says when there were more): a pasted log of
/// attacks must not build an unbounded list.
pub const MAX_FINDINGS: usize = 1000;

/// `check`: the findings of [`lint::check_with`] (or [`lint::check_lines`] per record), and
/// `fails`: whether one reaches the options' `fail_on` (the CLI's exit status 1).
pub fn check(o: &Options, input: &[u8], lines: bool) -> Outcome {
    let options = o.lint_options();
    let found: Vec<(Option<u64>, lint::Finding)> = if lines {
        lint::check_lines(input, &options).into_iter().map(|(n, f)| (Some(n), f)).collect()
    } else {
        lint::check_with(input, &options).into_iter().map(|f| (None, f)).collect()
    };
    let mut output = String::new();
    let mut findings = Vec::new();
    for (line, f) in found.iter().take(MAX_FINDINGS) {
        output.push_str(&lint::render_text(input, f, *line));
        if !output.ends_with('\n') {
            output.push('\n');
        }
        // to_json writes valid JSON by construction; a failure would be a library bug,
        // reported rather than panicked on.
        let mut v = serde_json::from_str::<Value>(&lint::to_json(f, *line))
            .unwrap_or_else(|e| json!({"code": "internal", "message": e.to_string()}));
        if line.is_none() {
            v.as_object_mut().map(|m| m.remove("line"));
        }
        findings.push(v);
    }
    let worst = found.iter().map(|(_, f)| f.severity).max();
    let fails = worst.is_some_and(|w| w >= o.fail_on());
    Outcome {
        output: output.into_bytes(),
        meta: json!({
            "ok": true, "context": options.context.as_str(), "findings": findings,
            "count": found.len(), "worst": worst.map(|s| s.as_str()), "fails": fails,
            "truncated": found.len() > MAX_FINDINGS,
        }),
    }
}

/// `normalize`: [`pctenc::normalize::normalize`] of each record; `changed` counts the records
/// it rewrote.
pub fn normalize(ctx: Context, input: &[u8], lines: bool) -> Outcome {
    let mut output = Vec::with_capacity(input.len());
    let mut changed = 0usize;
    for (_, rec) in records(input, lines) {
        let n = pctenc::normalize::normalize(rec, ctx);
        changed += usize::from(n.as_ref() != rec);
        output.extend_from_slice(&n);
        if lines {
            output.push(b'\n');
        }
    }
    Outcome { output, meta: json!({"ok": true, "context": ctx.as_str(), "changed": changed}) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(name: &str) -> Options {
        Options::parse(pctenc::options::Op::Check, &format!("context={name}")).unwrap()
    }

    #[test]
    fn findings_are_the_library_json_with_whole_input_offsets() {
        let o = check(&ctx("path"), b"/ok\n/a%2Fb\r\n", true);
        let f = &o.meta["findings"][0];
        assert_eq!(
            (f["code"].as_str(), f["line"].as_u64(), f["offset"].as_u64()),
            (Some("encoded-slash"), Some(2), Some(6))
        );
        assert_eq!(f["severity"], "high");
        assert!(String::from_utf8(o.output).unwrap().contains("%2F"));
        assert_eq!(check(&ctx("query"), b"a=b", false).meta["findings"], json!([]));
        assert_eq!(check(&ctx("query"), b"a=b", false).meta["worst"], Value::Null);
        let o = check(&ctx("path"), b"/a%2Fb", false);
        assert_eq!(
            (o.meta["findings"][0].get("line"), o.meta["fails"].as_bool()),
            (None, Some(true))
        );
    }

    #[test]
    fn normalize_per_record_counts_changes() {
        let o = normalize(Context::Form, b"a%20b%2d\nok", true);
        assert_eq!(o.output, b"a+b-\nok\n");
        assert_eq!(o.meta["changed"], 1);
    }
}
