//! On a terminal: control and bidi characters shown escaped, the progress bar on stderr.
//! The binary runs on a pseudo-terminal made by util-linux `script`; a machine without it
//! fails these tests loudly rather than skipping them.

mod util;

use std::process::Command;

/// Runs `pctenc ARGS` (a shell fragment) with stdin, stdout and stderr on a terminal, and
/// returns everything the terminal received. The terminal turns `\n` into `\r\n`.
fn on_terminal(dir: &util::Dir, args: &str, env: &[(&str, &str)]) -> Vec<u8> {
    on_terminal_exit(dir, args, env, 0)
}

/// As [`on_terminal`], expecting exit `code`.
fn on_terminal_exit(dir: &util::Dir, args: &str, env: &[(&str, &str)], code: i32) -> Vec<u8> {
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{} {args}", util::BIN), "/dev/null"])
        .current_dir(&dir.path)
        .env_remove("NO_COLOR")
        .env_remove("CI");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("these tests need util-linux `script` for a pseudo-terminal");
    assert_eq!(out.status.code(), Some(code), "{out:?}");
    out.stdout
}

clitest!(decoded_controls_and_bidi_are_escaped_on_a_terminal, |dir, cmd| {
    let got = on_terminal(&dir, "decode '%1b]0;owned%07x%E2%80%AEfdp.exe' 'a%0Ab%C2%9B'", &[]);
    eqnice!(b"\\x1b]0;owned\\x07x\\u{202e}fdp.exe\r\na\\nb\\u{009b}\r\n", got);
    // The same output to a pipe is raw.
    cmd.args(["decode", "%1b]0;owned%07x%E2%80%AEfdp.exe"]);
    eqnice!(b"\x1b]0;owned\x07x\xe2\x80\xaefdp.exe\n", cmd.stdout());
});

clitest!(raw_writes_controls_to_the_terminal_and_whole_keeps_newlines, |dir, cmd| {
    eqnice!(b"\x1b[1mx\r\n", on_terminal(&dir, "decode --raw '%1b[1mx'", &[]));
    eqnice!(
        b"\\x1b[1mx\r\ny\t\\xff",
        on_terminal(&dir, "decode --whole --utf8 bytes '%1b[1mx%0Ay%09%FF'", &[])
    );
});

clitest!(progress_bar_for_a_large_file_on_a_terminal_only, |dir, cmd| {
    dir.create("big", vec![b'a'; 33 << 20]);
    let got = String::from_utf8_lossy(&on_terminal(&dir, "encode --whole -i big > out", &[]))
        .into_owned();
    // The rate's unit depends on the machine's speed (MiB/s or GiB/s).
    assert!(got.contains("iB/s") && got.contains("33.00 MiB"), "{got:?}");
    assert_eq!(std::fs::metadata(dir.path.join("out")).unwrap().len(), 33 << 20);
    // Not in CI, and never for a small file.
    let got = on_terminal(&dir, "encode --whole -i big > out", &[("CI", "true")]);
    assert!(got.is_empty(), "{:?}", String::from_utf8_lossy(&got));
    dir.create("small", "a b\n");
    assert!(on_terminal(&dir, "encode -i small > out", &[]).is_empty());
});

clitest!(rejection_messages_are_coloured_on_a_terminal_unless_no_color, |dir, cmd| {
    let got = on_terminal_exit(&dir, "decode %zz", &[], 1);
    assert!(
        got.starts_with(b"pctenc: \x1b[1margument 1, byte 0\x1b[0m: \x1b[1m\x1b[31minvalid-escape"),
        "{got:?}"
    );
    let got = on_terminal_exit(&dir, "decode %zz", &[("NO_COLOR", "1")], 1);
    eqnice!(
        "pctenc: argument 1, byte 0: invalid-escape at \"%zz\": '%' must be followed by two hex digits (--lenient keeps it)\r\n",
        got
    );
});

clitest!(explain_keeps_its_tab_on_a_terminal, |dir, cmd| {
    let got = on_terminal(&dir, "decode --charset shift_jis --explain '%82%B1%09%1b'", &[]);
    eqnice!("Shift_JIS\tこ\\t\\x1b\r\n".as_bytes(), got);
});

clitest!(check_colours_on_a_terminal_unless_no_color, |dir, cmd| {
    let got = on_terminal_exit(&dir, "check --context path '/a/%2E%2E/b'", &[], 1);
    let text = String::from_utf8_lossy(&got);
    assert!(text.contains("\x1b[") && text.contains("^^^^^^"), "{text:?}");
    let got = on_terminal_exit(&dir, "check --context path '/a/%2E%2E/b'", &[("NO_COLOR", "1")], 1);
    assert!(!got.contains(&0x1b), "{:?}", String::from_utf8_lossy(&got));
    let _ = cmd;
});

clitest!(segment_repeat_and_normalize_output_is_escaped_on_a_terminal, |dir, cmd| {
    let got = on_terminal(&dir, "decode --segment --policy lenient 'a%1b[2Jb'", &[]);
    eqnice!(b"a\\x1b[2Jb\r\n", got);
    let got = on_terminal(&dir, "decode --repeat 2 '%251b%E2%80%AE' 2>/dev/null", &[]);
    eqnice!(b"\\x1b\\u{202e}\r\n", got);
    let got = on_terminal(&dir, "normalize --context query 'a=%1B'", &[]);
    eqnice!(b"a=%1B\r\n", got);
    let got = on_terminal(&dir, "decode --segment --policy lenient --raw 'a%1b[1mb'", &[]);
    eqnice!(b"a\x1b[1mb\r\n", got);
    let _ = cmd;
});

/// The characters the library's one rule hides ([`pctenc::show::hidden`]), one of each kind:
/// C0 (ESC, BEL), DEL, C1 (NEL, CSI), ALM, LRM, RLO, LRI, PDI, LINE and PARAGRAPH SEPARATOR,
/// ZERO WIDTH SPACE, WORD JOINER, BOM, INTERLINEAR ANNOTATION ANCHOR.
const HOSTILE: &[char] = &[
    '\u{1b}', '\u{7}', '\u{7f}', '\u{85}', '\u{9b}', '\u{61c}', '\u{200e}', '\u{202e}', '\u{2066}',
    '\u{2069}', '\u{2028}', '\u{2029}', '\u{200b}', '\u{2060}', '\u{feff}', '\u{fff9}',
];

clitest!(every_output_path_shows_the_hostile_set_escaped, |dir, cmd| {
    for c in HOSTILE {
        assert!(pctenc::show::hidden(*c), "{c:?}");
    }
    let raw: String = HOSTILE.iter().map(|c| format!("x{c}")).collect();
    let escaped: String = HOSTILE
        .iter()
        .flat_map(|c| c.to_string().into_bytes())
        .map(|b| format!("%{b:02X}"))
        .collect();
    // Raw in the input: what normalize, check, encode (profiles that keep non-ASCII) and the
    // error messages quote; escaped: what the decoders turn into the raw characters.
    dir.create("raw.txt", format!("{raw}\n"));
    dir.create("escaped.txt", format!("{escaped}\n"));
    dir.create("double.txt", format!("{}\n", escaped.replace('%', "%25")));
    dir.create("bad.txt", format!("%zz{raw}\n"));
    dir.create("form.txt", format!("{escaped}={escaped}&{raw}\n"));
    dir.create("json.txt", format!("{{\"{raw}\":\"{raw}\"}}\n"));
    let paths: &[(&str, i32)] = &[
        ("decode -i escaped.txt", 0),
        ("decode --whole -i escaped.txt", 0),
        ("decode --utf8 lossy -i escaped.txt", 0),
        ("decode --charset utf-8 --explain -i escaped.txt", 0),
        ("decode --segment --policy lenient -i escaped.txt", 0),
        ("decode --repeat 2 -i double.txt", 0),
        ("decode --until-stable -i double.txt", 0),
        ("encode -p multipart-name -i raw.txt", 0),
        ("encode -p iri -i raw.txt", 0),
        ("normalize -i raw.txt", 0),
        ("normalize --context form -i escaped.txt", 0),
        ("check -i raw.txt", 1),
        ("check -i escaped.txt", 0),
        ("check --format jsonl -i escaped.txt", 0),
        ("form decode -i form.txt", 0),
        ("form encode -i json.txt", 1),
        ("decode -i bad.txt", 1),
        ("decode --segment -i escaped.txt", 1),
        ("encode -p perl-uri-escape-decoded -i raw.txt", 1),
    ];
    for (args, code) in paths {
        // stdout and stderr both on the terminal; no colour, whose codes start with ESC too.
        let got = on_terminal_exit(&dir, args, &[("NO_COLOR", "1")], *code);
        let text = String::from_utf8_lossy(&got);
        assert!(!got.is_empty(), "{args}: no output");
        for c in HOSTILE {
            assert!(!text.contains(*c), "{args}: raw {c:?} on the terminal: {text:?}");
        }
    }
    let _ = cmd;
});
