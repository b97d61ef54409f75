//! Transcripts of `pctenc`: arguments and stdin in, exact stdout, stderr and exit code out.

mod util;

// ---- records --------------------------------------------------------------------------

clitest!(text_arguments_are_records, |dir, cmd| {
    cmd.args(["encode", "a b/ü", "", "x"]);
    eqnice!("a%20b%2F%C3%BC\n\nx\n", cmd.stdout());
});

clitest!(stdin_lines_are_records, |dir, cmd| {
    cmd.args(["encode"]).stdin("a b\nc/d\n");
    eqnice!("a%20b\nc%2Fd\n", cmd.stdout());
});

clitest!(crlf_is_a_terminator_and_a_lone_cr_is_data, |dir, cmd| {
    cmd.args(["encode"]).stdin("a b\r\nc\rd\r\n\r\n\r");
    eqnice!("a%20b\nc%0Dd\n\n%0D\n", cmd.stdout());
});

clitest!(nothing_else_is_trimmed, |dir, cmd| {
    cmd.args(["encode", "-p", "url-c0"]).stdin("  a \t\n\x0b\n");
    eqnice!("  a %09\n%0B\n", cmd.stdout());
});

clitest!(last_line_without_newline_is_a_record, |dir, cmd| {
    cmd.args(["decode"]).stdin("a%20b\nc%2Fd");
    eqnice!("a b\nc/d\n", cmd.stdout());
});

clitest!(empty_input_writes_nothing, |dir, cmd| {
    cmd.args(["encode"]).stdin("");
    eqnice!("", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["encode"]).stdin("\n");
    eqnice!("\n", cmd.stdout());
});

clitest!(files_are_read_in_order_as_one_input, |dir, cmd| {
    dir.create("one", "a b\nc");
    dir.create("two", "d\ne f\n");
    cmd.args(["encode", "-i", "one", "-i", "two", "-i", "one"]);
    eqnice!("a%20b\ncd\ne%20f\na%20b\nc\n", cmd.stdout());
});

clitest!(dash_reads_stdin_among_files, |dir, cmd| {
    dir.create("f", "x y\n");
    cmd.args(["encode", "-i", "f", "-i", "-"]).stdin("é\n");
    eqnice!("x%20y\n%C3%A9\n", cmd.stdout());
});

clitest!(missing_file_is_an_io_error, |dir, cmd| {
    cmd.args(["encode", "-i", "nope"]);
    cmd.expect(2, "", "pctenc: cannot read 'nope': No such file or directory (os error 2)\n");
});

// ---- --whole --------------------------------------------------------------------------

clitest!(whole_writes_exactly_the_result, |dir, cmd| {
    cmd.args(["encode", "--whole"]).stdin("a b\r\nc\n");
    eqnice!("a%20b%0D%0Ac%0A", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "--whole"]).stdin("a%20b%0D%0Ac%0A");
    eqnice!("a b\r\nc\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["encode", "--whole"]).stdin("");
    eqnice!("", cmd.stdout());
});

clitest!(whole_with_text_adds_nothing, |dir, cmd| {
    cmd.args(["encode", "--whole", "a b", "c"]);
    eqnice!("a%20bc", cmd.stdout());
});

clitest!(whole_is_binary_safe_for_all_256_bytes, |dir, cmd| {
    let all: Vec<u8> = (0..=255u8).collect();
    cmd.args(["encode", "--whole"]).stdin(&all);
    let encoded = cmd.stdout();
    eqnice!(pctenc::profile::rfc3986::RFC3986.encode(&all).as_bytes(), encoded);
    // Decoding gives text; bytes that are not UTF-8 come back with --utf8 bytes.
    let mut cmd = dir.command();
    cmd.args(["decode", "--whole", "--utf8", "bytes"]).stdin(&encoded);
    eqnice!(all, cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "--whole"]).stdin(&encoded);
    cmd.expect(
        1,
        "",
        "pctenc: input, byte 252: invalid-utf8 at \"%80%81%8\"...: the decoded bytes are not UTF-8 (--utf8 lossy replaces them, --utf8 bytes writes them as they are)\n",
    );
    // The same through a file.
    dir.create("all.bin", &all);
    let mut cmd = dir.command();
    cmd.args(["encode", "--whole", "-i", "all.bin"]);
    eqnice!(encoded, cmd.stdout());
});

// ---- profile knobs --------------------------------------------------------------------

clitest!(profiles_and_knobs, |dir, cmd| {
    cmd.args(["encode", "-p", "form", "q=a b&c"]);
    eqnice!("q%3Da+b%26c\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["encode", "--lower", "-p", "encodeURIComponent", "é/"]);
    eqnice!("%c3%a9%2f\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "form", "a+b%26c"]);
    eqnice!("a b&c\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "js-uri", "%2F%20"]);
    eqnice!("%2F \n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "js-escape", "%u20AC%E9"]);
    eqnice!("€é\n", cmd.stdout());
});

clitest!(strict_and_lenient_override_the_profile, |dir, cmd| {
    // rfc3986 decodes strictly; url-query as the WHATWG percent-decode.
    cmd.args(["decode", "--lenient", "100%", "%zz"]);
    eqnice!("100%\n%zz\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "url-query", "100%"]);
    eqnice!("100%\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "url-query", "--strict", "100%"]);
    cmd.expect(
        1,
        "",
        "pctenc: argument 1, byte 3: truncated-escape at \"%\": the record ends inside it (--lenient keeps it)\n",
    );
});

clitest!(utf8_policies, |dir, cmd| {
    cmd.args(["decode", "--utf8", "lossy", "a%FFb"]);
    eqnice!("a\u{FFFD}b\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "--utf8", "bytes", "-p", "js-component", "%FF"]);
    eqnice!(b"\xff\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["encode", "-p", "js-component", "--utf8", "lossy"]).stdin(b"a\xffb\n");
    eqnice!("a%EF%BF%BDb\n", cmd.stdout());
});

// ---- rejected input: exit 1 and the exact message ---------------------------------------

clitest!(invalid_escape_names_line_offset_and_bytes, |dir, cmd| {
    cmd.args(["decode"]).stdin(b"ok%20\nab%zz\x1b]0;x\x07\nnot reached\n");
    cmd.expect(
        1,
        "ok \n",
        "pctenc: line 2, byte 2: invalid-escape at \"%zz\\x1b]0;x\"...: '%' must be followed by two hex digits (--lenient keeps it)\n",
    );
});

clitest!(truncated_escape_at_the_end_of_a_line, |dir, cmd| {
    cmd.args(["decode"]).stdin("abc%4\r\n");
    cmd.expect(1, "", "pctenc: line 1, byte 3: truncated-escape at \"%4\": the record ends inside it (--lenient keeps it)\n");
});

clitest!(whole_offsets_count_from_the_start_of_the_input, |dir, cmd| {
    cmd.args(["decode", "--whole"]).stdin("a\nb\nc%g0");
    cmd.expect(1, "", "pctenc: input, byte 5: invalid-escape at \"%g0\": '%' must be followed by two hex digits (--lenient keeps it)\n");
});

clitest!(decoded_bytes_that_are_not_utf8, |dir, cmd| {
    cmd.args(["decode", "-p", "js-component", "x", "%C3%A9%C3"]);
    cmd.expect(
        1,
        "x\n",
        "pctenc: argument 2, byte 6: invalid-utf8 at \"%C3\": the decoded bytes are not UTF-8 (--utf8 lossy replaces them, --utf8 bytes writes them as they are)\n",
    );
});

clitest!(encoder_input_that_is_not_utf8, |dir, cmd| {
    cmd.args(["encode", "-p", "js-component"]).stdin(b"fine\na\xffb\n");
    cmd.expect(
        1,
        "fine\n",
        "pctenc: line 2, byte 1: not-text at \"\\xffb\": profile js-component encodes text and these bytes are not UTF-8 (--utf8 lossy replaces them, --utf8 bytes escapes them as they are)\n",
    );
    // rfc3986 takes any bytes.
    let mut cmd = dir.command();
    cmd.args(["encode"]).stdin(b"a\xffb\n");
    eqnice!("a%FFb\n", cmd.stdout());
});

// ---- perl-uri-escape: as Perl scripts see their input (issue 18 §2) ---------------------

clitest!(perl_uri_escape_escapes_the_bytes_a_script_reads, |dir, cmd| {
    // perl -MURI::Escape -ne 'chomp; print uri_escape($_), "\n"': the line is bytes.
    cmd.args(["encode", "-p", "perl-uri-escape"]).stdin("é€\n");
    eqnice!("%C3%A9%E2%82%AC\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["encode", "-p", "perl-uri-escape", "--whole"]).stdin(b"\xe9~ \xff");
    eqnice!("%E9~%20%FF", cmd.stdout());
});

clitest!(perl_uri_escape_decoded_names_the_character_it_cannot_write, |dir, cmd| {
    // After utf8::decode, uri_escape("é€") dies at the euro sign, which is valid UTF-8: the
    // message says what is true about it.
    cmd.args(["encode", "-p", "perl-uri-escape-decoded", "é", "é€"]);
    cmd.expect(
        1,
        "%E9\n",
        "pctenc: argument 2, byte 2: not-text at \"€\": U+20AC is outside this profile's range: perl-uri-escape-decoded escapes characters up to U+00FF as one Latin-1 %XX (Perl's uri_escape dies here too; -p perl-uri-escape escapes the UTF-8 bytes, as uri_escape on undecoded input and uri_escape_utf8 do)\n",
    );
});

clitest!(keep_going_reports_every_rejected_record, |dir, cmd| {
    cmd.args(["decode", "--keep-going"]).stdin("a%20\n%zz\nb%41\n%4\nc\n");
    cmd.expect(
        1,
        "a \n\nbA\n\nc\n",
        "pctenc: line 2, byte 0: invalid-escape at \"%zz\": '%' must be followed by two hex digits (--lenient keeps it)\n\
         pctenc: line 4, byte 0: truncated-escape at \"%4\": the record ends inside it (--lenient keeps it)\n",
    );
});

// ---- usage errors: exit 2 -------------------------------------------------------------

clitest!(unknown_profile_lists_close_names, |dir, cmd| {
    cmd.args(["encode", "-p", "js-componnet", "x"]);
    cmd.expect(2, "", "pctenc: unknown profile 'js-componnet'; did you mean js-component? ('pctenc profiles' lists them all)\n");
    let mut cmd = dir.command();
    cmd.args(["encode", "-p", "component", "x"]);
    let out = cmd.output();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("js-component") && err.contains("url-component"), "{err}");
    assert_eq!(out.status.code(), Some(2));
});

clitest!(conflicting_and_unknown_flags, |dir, cmd| {
    for argv in [
        &["decode", "--strict", "--lenient", "x"][..],
        &["decode", "--utf8", "latin1", "x"],
        &["decode", "--frobnicate"],
        &["encode", "-i", "f", "text"],
        &[],
    ] {
        let mut cmd = dir.command();
        let out = cmd.args(argv).output();
        assert_eq!(out.status.code(), Some(2), "{argv:?}");
        assert!(out.stdout.is_empty(), "{argv:?}");
        assert!(!out.stderr.is_empty(), "{argv:?}");
    }
    cmd.args(["--kernel", "scalar"]);
    cmd.expect(2, "", "pctenc: a command is needed; see 'pctenc --help'\n");
});

clitest!(kernel_is_resolved_and_shown, |dir, cmd| {
    cmd.args(["--kernel", "nope", "encode", "x"]);
    let available: Vec<&str> = pctenc::Kernel::available().iter().map(|k| k.name()).collect();
    cmd.expect(
        2,
        "",
        format!("pctenc: unknown kernel 'nope'; available here: {}\n", available.join(", ")),
    );
    for k in pctenc::Kernel::available() {
        let mut cmd = dir.command();
        cmd.args(["encode", "--kernel", k.name(), "a b"]);
        eqnice!("a%20b\n", cmd.stdout());
        let mut cmd = dir.command();
        cmd.args(["--kernel", k.name(), "--version"]);
        let want = format!(
            "pctenc {}\nkernel: {} (available: {})\n",
            env!("CARGO_PKG_VERSION"),
            k.name(),
            available.join(", ")
        );
        eqnice!(want, cmd.stdout());
    }
});

clitest!(version_shows_the_detected_kernel, |dir, cmd| {
    cmd.args(["--version"]);
    let out = String::from_utf8(cmd.stdout()).unwrap();
    let want = format!(
        "pctenc {}\nkernel: {} (",
        env!("CARGO_PKG_VERSION"),
        pctenc::Kernel::detect().name()
    );
    assert!(out.starts_with(&want), "{out}");
});

clitest!(help_shows_examples, |dir, cmd| {
    cmd.args(["--help"]);
    let out = String::from_utf8(cmd.stdout()).unwrap();
    assert!(out.contains("Examples:\n  $ pctenc encode 'a b/ü'"), "{out}");
    let mut cmd = dir.command();
    let out = String::from_utf8(cmd.args(["decode", "--help"]).stdout()).unwrap();
    assert!(out.contains("--keep-going") && out.contains("pctenc decode 'a%20b'"), "{out}");
});

// ---- profiles -------------------------------------------------------------------------

clitest!(profiles_table_has_every_profile_and_a_legend, |dir, cmd| {
    cmd.args(["profiles"]);
    let out = String::from_utf8(cmd.stdout()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("profile ") && lines[0].ends_with("xyz{|}~ \u{2400}é"),
        "{}",
        lines[0]
    );
    let start = lines[0].chars().position(|c| c == '\u{2420}').unwrap();
    for (i, p) in pctenc::profile::ALL.iter().enumerate() {
        let row = lines[i + 1];
        assert_eq!(row.split_whitespace().next(), Some(p.name()));
        // Each cell says what the library's encoder does with its column's character.
        let cells: Vec<char> = row.chars().skip(start).take(95).collect();
        for (b, cell) in (0x20u8..0x7f).zip(cells) {
            let input = [b];
            let want = match p.encode(&input).as_bytes() {
                [x] if *x == b => '.',
                b"+" => '+',
                _ => '%',
            };
            assert_eq!(cell, want, "{} {:?}: {row}", p.name(), b as char);
        }
    }
    assert!(out.contains("% escaped   . kept as is   + space written as '+'"), "{out}");
    // After the legend, where each profile comes from, with its aliases.
    let (_, sources) = out.split_once("\n\nprofile ").unwrap_or_else(|| panic!("{out}"));
    assert_eq!(sources.lines().next().map(str::trim), Some("source"), "{out}");
    let rows: Vec<&str> = sources.lines().skip(1).collect();
    assert_eq!(rows.len(), pctenc::profile::ALL.len());
    for (p, row) in pctenc::profile::ALL.iter().zip(rows) {
        assert!(!p.source().is_empty(), "{}", p.name());
        let want = format!("{} {}", p.name(), p.source());
        assert!(row.split_whitespace().collect::<Vec<_>>().join(" ").starts_with(&want), "{row}");
        for alias in p.aliases() {
            assert!(row.contains(alias), "{row} lacks {alias}");
        }
    }
    assert!(!out.contains('\x1b'), "no colour in a pipe");
});

clitest!(profiles_colour_follows_the_flag_and_no_color, |dir, cmd| {
    cmd.args(["--color", "always", "profiles"]);
    assert!(cmd.stdout().contains(&0x1b));
    let mut cmd = dir.command();
    cmd.args(["--color", "auto", "profiles"]).env("NO_COLOR", "1");
    assert!(!cmd.stdout().contains(&0x1b));
});

clitest!(profiles_json_matches_what_encoding_does, |dir, cmd| {
    cmd.args(["profiles", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&cmd.stdout()).unwrap();
    let list = json.as_array().unwrap();
    assert_eq!(list.len(), pctenc::profile::ALL.len());
    let printable: Vec<String> = (0x20u8..0x7f).map(|b| (b as char).to_string()).collect();
    for p in pctenc::profile::ALL {
        let entry =
            list.iter().find(|e| e["name"] == p.name()).unwrap_or_else(|| panic!("{}", p.name()));
        for key in ["aliases", "space", "hex", "unit", "decode", "input_utf8", "source"] {
            assert!(!entry[key].is_null(), "{} lacks {key}", p.name());
        }
        for key in ["malformed", "plus_as_space", "kept_escapes", "utf8"] {
            assert!(!entry["decode"][key].is_null(), "{} lacks decode.{key}", p.name());
        }
        // Every byte the decoder keeps escaped, DEL included (the stdout filter once dropped it).
        let kept: String = (0u8..0x80)
            .filter(|&b| p.decoding().keep_escaped.contains(b))
            .map(char::from)
            .collect();
        assert_eq!(entry["decode"]["kept_escapes"], kept, "{}", p.name());
        // Encode every printable character with the CLI itself: one record each.
        let mut cmd = dir.command();
        cmd.args(["encode", "-p", p.name(), "--"]).args(&printable);
        let out = String::from_utf8(cmd.stdout()).unwrap();
        let mut encoded: Vec<&str> = out.split_terminator('\n').collect();
        if p.name() == "rfc8187" {
            // `encode -p rfc8187` writes whole ext-values: UTF-8'' and the profile's encoding.
            for e in &mut encoded {
                *e = e.strip_prefix("UTF-8''").unwrap_or_else(|| panic!("rfc8187: {e}"));
            }
        }
        assert_eq!(encoded.len(), 95);
        let kept: String = printable
            .iter()
            .zip(&encoded)
            .filter(|(c, e)| c == e)
            .map(|(c, _)| c.as_str())
            .collect();
        assert_eq!(entry["unencoded"], kept, "{}", p.name());
        assert_eq!(entry["space"], encoded[0], "{}", p.name());
    }
    let form = list.iter().find(|e| e["name"] == "form").unwrap();
    assert_eq!(form["space"], "+");
    assert_eq!(form["decode"]["plus_as_space"], true);
    let uri = list.iter().find(|e| e["name"] == "js-uri").unwrap();
    assert_eq!(uri["decode"]["kept_escapes"], "#$&+,/:;=?@");
    assert_eq!(uri["decode"]["malformed"], "reject");
});

// ---- generated from the clap model ------------------------------------------------------

clitest!(completions_and_man_page, |dir, cmd| {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let mut cmd = dir.command();
        let out = String::from_utf8(cmd.args(["completions", shell]).stdout()).unwrap();
        assert!(out.contains("pctenc") && out.contains("keep-going"), "{shell}: {out}");
    }
    cmd.args(["man"]);
    let out = String::from_utf8(cmd.stdout()).unwrap();
    assert!(out.starts_with(".ie") || out.contains(".TH pctenc"), "{out}");
    assert!(out.contains("encode"), "{out}");
});

// ---- the examples in --help are true ------------------------------------------------------

clitest!(help_examples_do_what_they_say, |dir, cmd| {
    // Each "$ command" line of an Examples section is followed by its exact output; a
    // command with a trailing "(comment)" only illustrates and is not run.
    let bin_dir = std::path::Path::new(util::BIN).parent().unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut ran = 0;
    for help in [
        &["--help"][..],
        &["encode", "--help"],
        &["decode", "--help"],
        &["form", "decode", "--help"],
        &["check", "--help"],
        &["normalize", "--help"],
        &["template", "--help"],
        &["profiles", "--help"],
    ] {
        let mut cmd = dir.command();
        let text = String::from_utf8(cmd.args(help).stdout()).unwrap();
        let examples =
            text.split("Examples:\n").nth(1).unwrap_or_else(|| panic!("{help:?}: {text}"));
        let lines: Vec<&str> = examples.lines().take_while(|l| !l.is_empty()).collect();
        let mut i = 0;
        while i < lines.len() {
            let command =
                lines[i].strip_prefix("  $ ").unwrap_or_else(|| panic!("{help:?}: {}", lines[i]));
            let mut j = i + 1;
            while j < lines.len() && !lines[j].starts_with("  $ ") {
                j += 1;
            }
            let expected: String =
                lines[i + 1..j].iter().map(|l| format!("{}\n", &l[2..])).collect();
            if !command.trim_end().ends_with(')') {
                let out = std::process::Command::new("sh")
                    .args(["-c", command])
                    .env("PATH", &path)
                    .current_dir(&dir.path)
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{command}: {out:?}");
                eqnice!(expected, out.stdout);
                ran += 1;
            } else {
                assert!(expected.is_empty(), "{command}: an illustration shows no output");
            }
            i = j;
        }
    }
    assert!(ran >= 12, "only {ran} examples ran");
});
