//! Transcripts of the whole-record decodes and `normalize`: `decode --segment` (each
//! rejection named with its kind and offset), `decode --repeat N` / `--until-stable` (the
//! output after the layers, the depth on stderr), `normalize` and `--equivalent`.

mod util;

use pctenc::segment::{decode_segment, SegmentPolicy};

// ---- decode --segment ----------------------------------------------------------------------

clitest!(segment_decodes_a_plain_segment, |dir, cmd| {
    cmd.args(["decode", "--segment", "report%20Q1.pdf", "caf%C3%A9", ""]);
    eqnice!("report Q1.pdf\ncafé\n\n", cmd.stdout());
});

clitest!(segment_rejections_name_their_kind_and_offset, |dir, cmd| {
    // (input, kind, offset): a few of security.md §7.1's rejections under the strict preset.
    for (input, kind, offset) in [
        ("..%2fetc", "encoded-slash", 2),
        ("a%5Cb", "encoded-backslash", 1),
        ("%2e%2e", "dot-segment", 0),
        ("%2E", "dot-segment", 0),
        ("x%00", "encoded-nul", 1),
        ("a%0d%0a", "encoded-crlf", 1),
        ("%252e", "double-encoding", 0),
        ("%c0%ae", "invalid-utf8 (overlong)", 0),
        ("%u002e", "utf16-escape", 0),
        ("ab%zz", "malformed-escape", 2),
        ("a/b", "raw-separator", 1),
    ] {
        let mut cmd = dir.command();
        let out = cmd.args(["decode", "--segment", input]).output();
        assert_eq!(out.status.code(), Some(1), "{input}: {out:?}");
        assert!(out.stdout.is_empty(), "{input}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        let want = format!("pctenc: argument 1, byte {offset}: {kind} at ");
        assert!(
            err.starts_with(&want) && err.ends_with(", rejected by --policy strict\n"),
            "{input}: {err}"
        );
        // The library says the same.
        let e = decode_segment(input, &SegmentPolicy::strict()).unwrap_err();
        assert_eq!((e.offset, kind.starts_with(e.kind.as_str())), (offset, true), "{input}");
    }
    let _ = cmd;
});

clitest!(segment_keep_going_reports_each_line_and_goes_on, |dir, cmd| {
    cmd.args(["decode", "--segment", "--keep-going"]).stdin("a%20b\n%2e%2e\r\nc\n..%2f\n");
    cmd.expect(
        1,
        "a b\n\nc\n\n",
        "pctenc: line 2, byte 0: dot-segment at \"%2e%2e\", rejected by --policy strict\n\
         pctenc: line 4, byte 2: encoded-slash at \"%2f\", rejected by --policy strict\n",
    );
});

clitest!(segment_stops_at_the_first_rejection_without_keep_going, |dir, cmd| {
    cmd.args(["decode", "--segment"]).stdin("a\n%2e%2e\nc\n");
    cmd.expect(
        1,
        "a\n",
        "pctenc: line 2, byte 0: dot-segment at \"%2e%2e\", rejected by --policy strict\n",
    );
});

clitest!(segment_policies, |dir, cmd| {
    cmd.args(["decode", "--segment", "--policy", "servlet6", "a;jsessionid=1", "b%20c"]);
    eqnice!("a\nb c\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "--segment", "--policy", "servlet6", "..;x"]);
    cmd.expect(
        1,
        "",
        "pctenc: argument 1, byte 0: path-parameter at \"..;\", rejected by --policy servlet6\n",
    );
    let mut cmd = dir.command();
    cmd.args(["decode", "--segment", "--policy", "lenient", "%2e%2e%2f%FF", "100%"]);
    eqnice!("../\u{FFFD}\n100%\n", cmd.stdout());
    let mut cmd = dir.command();
    let out = cmd.args(["decode", "--segment", "--policy", "loose", "x"]).output();
    assert_eq!(out.status.code(), Some(2));
    let mut cmd = dir.command();
    let out = cmd.args(["decode", "--policy", "lenient", "x"]).output();
    assert_eq!(out.status.code(), Some(2), "--policy needs --segment");
    let mut cmd = dir.command();
    let out = cmd.args(["encode", "--segment", "x"]).output();
    assert_eq!(out.status.code(), Some(2), "--segment is for decode");
});

clitest!(segment_output_is_escaped_on_no_terminal_only_when_asked, |dir, cmd| {
    // To a pipe the decoded bytes are raw (the lenient policy lets a control through).
    cmd.args(["decode", "--segment", "--policy", "lenient", "a%1bb"]);
    eqnice!(b"a\x1bb\n", cmd.stdout());
});

// ---- decode --repeat / --until-stable ------------------------------------------------------

clitest!(repeat_decodes_n_layers_and_reports_depth_with_v, |dir, cmd| {
    cmd.args(["decode", "--repeat", "2", "%25252e", "%41", "plain"]);
    eqnice!("%2e\nA\nplain\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "--repeat", "2", "-v", "%25252e", "%41"]);
    cmd.expect(
        0,
        "%2e\nA\n",
        "pctenc: argument 1: depth 2 (limit: another decode would change it)\n\
         pctenc: argument 2: depth 1 (stable)\n",
    );
    // The CLI writes what the library computes.
    let r = pctenc::profile::rfc3986::RFC3986.decode_repeat("%2525%252541", 2).unwrap();
    let mut cmd = dir.command();
    let mut want = r.output.to_vec();
    want.push(b'\n');
    eqnice!(want, cmd.args(["decode", "--repeat", "2", "%2525%252541"]).stdout());
});

clitest!(until_stable_reports_the_depth_always, |dir, cmd| {
    cmd.args(["decode", "--until-stable"]).stdin("%25252e%25252e\nplain\n%252F\n");
    cmd.expect(
        0,
        "..\nplain\n/\n",
        "pctenc: line 1: depth 3 (stable)\npctenc: line 2: depth 0 (stable)\npctenc: line 3: depth 2 (stable)\n",
    );
});

clitest!(until_stable_rejects_a_chain_deeper_than_its_limit, |dir, cmd| {
    let deep = format!("%{}41", "25".repeat(70));
    cmd.args(["decode", "--until-stable", &deep]);
    cmd.expect(
        1,
        "",
        "pctenc: argument 1: still changing after 64 decodes (--repeat N decodes N times)\n",
    );
    // --repeat goes as deep as asked.
    let mut cmd = dir.command();
    eqnice!("A\n", cmd.args(["decode", "--repeat", "71", &deep]).stdout());
});

clitest!(repeat_first_layer_errors_reject_later_ones_end_the_layers, |dir, cmd| {
    cmd.args(["decode", "--until-stable", "-p", "rfc3986", "--strict", "%2541%zz"]);
    let out = cmd.output();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("pctenc: argument 1, byte 5: invalid-escape"),
        "{out:?}"
    );
    // %2525zz decodes twice, to %zz, which a strict profile cannot decode again.
    let mut cmd = dir.command();
    cmd.args(["decode", "--until-stable", "--strict", "%2525zz"]);
    let out = cmd.output();
    eqnice!("%zz\n", out.stdout);
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("pctenc: argument 1: depth 2 (another decode would fail"),
        "{out:?}"
    );
    assert_eq!(out.status.code(), Some(0));
    let mut cmd = dir.command();
    let out = cmd.args(["decode", "--repeat", "0", "x"]).output();
    assert_eq!(out.status.code(), Some(2));
});

// ---- normalize ------------------------------------------------------------------------------

clitest!(normalize_per_context, |dir, cmd| {
    cmd.args(["normalize", "--context", "path", "/%7euser/a%2fb%zz", "/plain"]);
    eqnice!("/~user/a%2Fb%zz\n/plain\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["normalize"]).stdin("HTTP://%41.Example/%61?q=%7e\r\nx\n");
    eqnice!("http://a.example/a?q=~\nx\n", cmd.stdout());
    let mut cmd = dir.command();
    eqnice!("a+b-\n", cmd.args(["normalize", "--context", "form", "a%20b%2d"]).stdout());
    for input in ["/%7e%2f", "HTTP://%41.Example/%61", "a%20b"] {
        for ctx in pctenc::lint::Context::ALL {
            let mut cmd = dir.command();
            let mut want = pctenc::normalize::normalize(input, *ctx).to_vec();
            want.push(b'\n');
            eqnice!(want, cmd.args(["normalize", "--context", ctx.as_str(), input]).stdout());
        }
    }
});

clitest!(equivalent_compares_two_inputs, |dir, cmd| {
    cmd.args(["normalize", "--equivalent", "--context", "path", "/%61%2f", "/a%2F"]);
    eqnice!("equivalent\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["normalize", "--equivalent", "--context", "path", "/a%2Fb", "/a/b"]);
    cmd.expect(1, "different\n", "");
    let mut cmd = dir.command();
    cmd.args(["normalize", "--equivalent", "--context", "form", "a+b", "a%20b"]);
    eqnice!("equivalent\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["normalize", "--equivalent", "a"]);
    cmd.expect(2, "", "pctenc: --equivalent compares exactly two TEXT arguments\n");
});
