//! The lint verbs: `check` (what an attacker's encoding leaves, `pctenc check`) and
//! `normalize` (RFC 3986 §6.2.2 normal form, `pctenc normalize`), both read in a URL context.
//!
//! Each finding is the library's own JSON ([`pctenc::lint::to_json`], the CLI's `--json`
//! line), so the page, the command line and a log pipeline see the same fields: `code`,
//! `severity`, `offset` and `len` (the exact byte span, in the whole input), `line` (records
//! per line) and `message`. The output slot holds the CLI's text report
//! ([`pctenc::lint::render_text`]): the copy button then copies what `pctenc check` prints.
//!
//! ```
//! let out = pctenc_wasm::ops::run(br#"{"op":"check","context":"path"}"#, b"/a/%2e%2e/b");
//! assert_eq!(out.meta["findings"][0]["code"], "encoded-dot-segment");
//! assert_eq!((out.meta["findings"][0]["offset"].as_u64(), out.meta["findings"][0]["len"].as_u64()), (Some(3), Some(6)));
//! ```

use pctenc::lint::{self, Context, Options};
use serde_json::{json, Value};

use crate::outcome::Outcome;
use crate::request::records;

/// The most findings listed (`truncated` says when there were more): a pasted log of
/// attacks must not build an unbounded list.
pub const MAX_FINDINGS: usize = 1000;

/// The context a request names; `path` when absent, as the CLI.
///
/// # Errors
/// The message for an unknown context name.
pub fn context(name: Option<&str>) -> Result<Context, String> {
    let name = name.unwrap_or("path");
    Context::by_name(name).ok_or_else(|| {
        let all: Vec<&str> = Context::ALL.iter().map(|c| c.as_str()).collect();
        format!("unknown context '{name}' (one of {})", all.join(", "))
    })
}

/// `check`: the findings of [`lint::check`] (or [`lint::check_lines`] per record).
pub fn check(ctx: Context, input: &[u8], lines: bool) -> Outcome {
    let options = Options::new(ctx);
    let found: Vec<(Option<u64>, lint::Finding)> = if lines {
        lint::check_lines(input, &options).into_iter().map(|(n, f)| (Some(n), f)).collect()
    } else {
        lint::check(input, ctx).into_iter().map(|f| (None, f)).collect()
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
        findings.push(
            serde_json::from_str::<Value>(&lint::to_json(f, *line))
                .unwrap_or_else(|e| json!({"code": "internal", "message": e.to_string()})),
        );
    }
    let worst = found.iter().map(|(_, f)| f.severity).max().map(|s| s.as_str());
    Outcome {
        output: output.into_bytes(),
        meta: json!({
            "ok": true, "context": ctx.as_str(), "findings": findings, "count": found.len(),
            "worst": worst, "truncated": found.len() > MAX_FINDINGS,
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

    #[test]
    fn findings_are_the_library_json_with_whole_input_offsets() {
        let o = check(Context::Path, b"/ok\n/a%2Fb\r\n", true);
        let f = &o.meta["findings"][0];
        assert_eq!(
            (f["code"].as_str(), f["line"].as_u64(), f["offset"].as_u64()),
            (Some("encoded-slash"), Some(2), Some(6))
        );
        assert_eq!(f["severity"], "high");
        assert!(String::from_utf8(o.output).unwrap().contains("%2F"));
        assert_eq!(check(Context::Query, b"a=b", false).meta["findings"], json!([]));
        assert_eq!(check(Context::Query, b"a=b", false).meta["worst"], Value::Null);
    }

    #[test]
    fn normalize_per_record_counts_changes() {
        let o = normalize(Context::Form, b"a%20b%2d\nok", true);
        assert_eq!(o.output, b"a+b-\nok\n");
        assert_eq!(o.meta["changed"], 1);
        assert!(context(Some("nope")).unwrap_err().contains("one of segment, path"));
    }
}
