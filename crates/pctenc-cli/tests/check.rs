//! Transcripts of `pctenc check`: the lint's findings as text and JSON lines, the exit code
//! `--fail-on` decides, and the security.md §7.3 seeds.

mod util;

use serde_json::Value;

/// The findings of `args` (with `--format jsonl`) parsed, and the exit code.
fn jsonl(dir: &util::Dir, args: &[&str], stdin: &str) -> (Vec<Value>, i32) {
    let mut cmd = dir.command();
    let out = cmd.args(["check", "--format", "jsonl"]).args(args).stdin(stdin).output();
    assert!(out.stderr.is_empty(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let values = text.lines().map(|l| serde_json::from_str(l).expect(l)).collect();
    (values, out.status.code().unwrap())
}

/// `(code, severity, offset, len, line)` of each finding.
fn summary(values: &[Value]) -> Vec<(String, String, u64, u64, u64)> {
    values
        .iter()
        .map(|v| {
            (
                v["code"].as_str().unwrap().to_string(),
                v["severity"].as_str().unwrap().to_string(),
                v["offset"].as_u64().unwrap(),
                v["len"].as_u64().unwrap(),
                v["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn has(values: &[Value], code: &str, offset: u64, len: u64) -> bool {
    summary(values).iter().any(|(c, _, o, l, _)| c == code && *o == offset && *l == len)
}

clitest!(text_shows_the_line_with_a_caret_under_the_span, |dir, cmd| {
    cmd.args(["check", "--context", "path", "/a/%2E%2E/b"]);
    cmd.expect(
        1,
        "critical encoded-dot-segment line 1 bytes 3..9: segment '%2E%2E' decodes to a dot segment\n  /a/%2E%2E/b\n     ^^^^^^\n",
        "",
    );
});

clitest!(clean_input_writes_nothing_and_exits_0, |dir, cmd| {
    cmd.args(["check", "--context", "path", "/a/b-c_d~e", "/x/y"]);
    eqnice!("", cmd.stdout());
});

clitest!(fail_on_sets_the_threshold, |dir, cmd| {
    // double-encoded is medium in a query: below the default (high), at or above medium.
    let (v, code) = jsonl(&dir, &["--context", "query", "a=%252e"], "");
    assert_eq!(summary(&v), [("double-encoded".into(), "medium".into(), 2, 5, 1)]);
    assert_eq!(v[0]["depth"], 2);
    assert_eq!(code, 0);
    for (fail_on, want) in [("critical", 0), ("high", 0), ("medium", 1), ("low", 1), ("info", 1)] {
        let (_, code) = jsonl(&dir, &["--context", "query", "--fail-on", fail_on, "a=%252e"], "");
        assert_eq!(code, want, "--fail-on {fail_on}");
    }
    cmd.args(["check", "--fail-on", "severe", "x"]);
    let out = cmd.output();
    assert_eq!(out.status.code(), Some(2));
});

clitest!(seeds_from_security_md_7_3, |dir, cmd| {
    let (v, code) = jsonl(&dir, &["--context", "path", "%2e%2e%2f"], "");
    assert!(has(&v, "encoded-slash", 6, 3), "{v:?}");
    assert_eq!(code, 1);
    let (v, code) = jsonl(&dir, &["--context", "path", "%252e"], "");
    assert!(has(&v, "double-encoded", 0, 5), "{v:?}");
    assert_eq!(v.iter().find(|v| v["code"] == "double-encoded").unwrap()["depth"], 2);
    assert_eq!(code, 1);
    let (v, code) = jsonl(&dir, &["--context", "path", "%c0%ae"], "");
    assert!(has(&v, "overlong-utf8", 0, 6), "{v:?}");
    assert_eq!(code, 1);
    let (v, code) = jsonl(&dir, &["--context", "path", "%u002e"], "");
    assert!(has(&v, "utf16-escape", 0, 6), "{v:?}");
    assert_eq!(code, 1);
    let (v, code) = jsonl(&dir, &["--context", "query", "a=%0d%0a"], "");
    assert!(has(&v, "encoded-crlf", 2, 3) && has(&v, "encoded-crlf", 5, 3), "{v:?}");
    assert!(has(&v, "lowercase-hex", 2, 3), "{v:?}");
    assert_eq!(code, 1);
    let (v, _) = jsonl(&dir, &["--context", "path", "/a/%2e%2e/b"], "");
    assert_eq!(v[0]["severity"], "critical");
    assert_eq!(v[0]["code"], "encoded-dot-segment");
    // The CLI writes what the library finds, nothing else.
    for seed in ["%2e%2e%2f", "%252e", "%c0%ae", "%u002e", "%0d%0a"] {
        let (v, _) = jsonl(&dir, &["--context", "path", seed], "");
        let lib = pctenc::lint::check(seed, pctenc::lint::Context::Path);
        let want: Vec<_> = lib.iter().map(|f| pctenc::lint::to_json(f, Some(1))).collect();
        let got: Vec<_> = v.iter().map(|v| v.to_string()).collect();
        assert_eq!(got, want, "{seed}");
    }
    let _ = cmd;
});

clitest!(each_line_is_checked_with_its_number_and_offsets_within_it, |dir, cmd| {
    let (v, code) = jsonl(&dir, &["--context", "path"], "/ok\n/a%2Fb\r\n\n/%00\n");
    let s = summary(&v);
    assert!(s.contains(&("encoded-slash".into(), "high".into(), 2, 3, 2)), "{s:?}");
    assert!(s.contains(&("encoded-nul".into(), "critical".into(), 1, 3, 4)), "{s:?}");
    assert!(s.iter().all(|f| f.4 == 2 || f.4 == 4), "{s:?}");
    assert_eq!(code, 1);
    // Files are read in order, as one input; TEXT arguments are numbered like lines.
    let a = dir.create("a", "/x\n");
    let b = dir.create("b", "/%2F\n");
    let (v, _) = jsonl(
        &dir,
        &["--context", "path", "-i", a.to_str().unwrap(), "-i", b.to_str().unwrap()],
        "",
    );
    assert!(has(&v, "encoded-slash", 1, 3) && v.iter().all(|v| v["line"] == 2), "{v:?}");
    let (v, _) = jsonl(&dir, &["--context", "path", "/x", "/%2F"], "");
    assert!(v.iter().all(|v| v["line"] == 2), "{v:?}");
    cmd.args(["check", "-i", "missing"]);
    let out = cmd.output();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read 'missing'"), "{out:?}");
});

clitest!(controls_and_bidi_are_shown_escaped, |dir, cmd| {
    // A raw ESC, a bidi override and a raw CR inside the line never reach the output raw.
    cmd.args(["check", "--context", "query", "--fail-on", "critical"])
        .stdin("a=\x1b[2J\u{202e}%0a\rb\n");
    let out = cmd.output();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.is_empty());
    assert!(
        !text.contains('\x1b') && !text.contains('\u{202e}') && !text.contains('\r'),
        "{text:?}"
    );
    assert!(text.contains("\\x1b[2J\\u{202e}%0a\\rb"), "{text}");
    let (v, _) = jsonl(&dir, &["--context", "query"], "a=\x1b\u{202e}\n");
    assert!(v.iter().any(|v| v["code"] == "bidi-control"), "{v:?}");
});

clitest!(colour_only_when_asked_or_on_a_terminal, |dir, cmd| {
    cmd.args(["--color", "always", "check", "--context", "path", "/a/%2E%2E/b"]);
    let out = cmd.output();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("\x1b[") && text.contains("critical"), "{text:?}");
    let mut cmd = dir.command();
    cmd.args(["check", "--context", "path", "/a/%2E%2E/b"]).env("NO_COLOR", "1");
    assert!(!String::from_utf8(cmd.output().stdout).unwrap().contains('\x1b'));
});

clitest!(a_line_over_the_cap_is_a_size_limit_finding, |dir, cmd| {
    let long = format!("{}%2F\n", "a".repeat(1 << 20));
    let (v, code) = jsonl(&dir, &["--context", "path"], &long);
    assert_eq!(summary(&v), [("size-limit".into(), "medium".into(), 1 << 20, 3, 1)]);
    assert_eq!(code, 0);
    let _ = cmd;
});
