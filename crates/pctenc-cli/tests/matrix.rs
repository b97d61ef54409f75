//! Every command that reads records, with every input option (issue 18 §1): TEXT, stdin,
//! `-i FILE`, `--whole`, `--keep-going`, `--threads` and `--json`, each meaning the same
//! everywhere, or refused with the reason in words (exit 2).
//!
//! The rows and columns are not typed here: the commands come from walking the clap model
//! (`args::command()`, the module the binary parses with, included below), the options from
//! [`InputOption::ALL`], and what each combination must do from [`support`], the table the
//! planner itself obeys. A new subcommand fails [`the_model_has_no_unclassified_command`]
//! until it is a record command (then every cell of its row runs) or listed as not reading
//! records, with the reason; a new flag fails until it is classified; a new input option has
//! to join [`InputOption::ALL`], and then every row runs it.

#[allow(dead_code, unused_imports)]
#[path = "../src/args/mod.rs"]
mod args;
mod util;

use args::input::{help_section, support, table, InputOption, Mode, Support};
use util::Dir;

/// Subcommands that read no records, and why.
const NOT_RECORDS: &[(&str, &str)] = &[
    ("profiles", "prints the profile table; reads no input"),
    ("options", "prints the options table; reads no input"),
    ("completions", "prints a shell script; reads no input"),
    ("man", "prints the man page; reads no input"),
    ("template", "expands one template: TEXT is NAME=VALUE, -i FILE one JSON object of variables"),
];

/// Flags that select a [`Mode`] (the rows that share a subcommand).
const MODE_FLAGS: &[&str] = &["segment", "repeat", "until_stable", "equivalent"];

/// Flags that shape what a command does to each record, not where records come from or how
/// many: they are the command's own, and the matrix does not cross them.
const SETTINGS: &[&str] = &[
    "help", "kernel", "color", "profile", "lower", "strict", "lenient", "utf8", "charset",
    "explain", "verbose", "policy", "raw", "context", "format", "fail_on", "options",
];

/// Leaf subcommands of the model, as paths.
fn leaves(cmd: &clap::Command, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, Vec<String>)>) {
    let subs: Vec<&clap::Command> =
        cmd.get_subcommands().filter(|s| s.get_name() != "help").collect();
    if subs.is_empty() && !path.is_empty() {
        let ids = cmd.get_arguments().map(|a| a.get_id().to_string()).collect();
        out.push((path.clone(), ids));
    }
    for s in subs {
        path.push(s.get_name().to_string());
        leaves(s, path, out);
        path.pop();
    }
}

fn model() -> Vec<(Vec<String>, Vec<String>)> {
    let mut cmd = args::command();
    cmd.build();
    let mut out = Vec::new();
    leaves(&cmd, &mut Vec::new(), &mut out);
    out
}

#[test]
fn the_model_has_no_unclassified_command() {
    let mut record_commands = 0;
    for (path, ids) in model() {
        let name = path.join(" ");
        let modes: Vec<Mode> =
            Mode::ALL.into_iter().filter(|m| m.path().join(" ") == name).collect();
        if modes.is_empty() {
            assert!(
                NOT_RECORDS.iter().any(|(n, _)| *n == name),
                "`pctenc {name}` is neither a record command (a Mode in args/input.rs) nor listed \
                 in NOT_RECORDS with its reason"
            );
            continue;
        }
        record_commands += 1;
        for o in InputOption::ALL {
            if let Some(id) = o.arg_id() {
                assert!(ids.contains(&id.to_string()), "`pctenc {name}` lacks {}", o.flag());
            }
        }
        for id in &ids {
            let input = InputOption::ALL.iter().any(|o| o.arg_id() == Some(id.as_str()));
            assert!(
                input || MODE_FLAGS.contains(&id.as_str()) || SETTINGS.contains(&id.as_str()),
                "`pctenc {name}` has an option '{id}' the matrix does not know: an input option \
                 (InputOption), a mode (Mode), or a setting (SETTINGS here)"
            );
        }
        // Its --help says what each input option does there.
        assert!(help_section(&path.iter().map(String::as_str).collect::<Vec<_>>()).is_some());
    }
    // Every mode's subcommand exists.
    let paths: Vec<String> = model().into_iter().map(|(p, _)| p.join(" ")).collect();
    for m in Mode::ALL {
        assert!(paths.contains(&m.path().join(" ")), "{m:?}: no such subcommand");
    }
    assert_eq!(record_commands, 6, "encode, decode, check, normalize, form decode, form encode");
}

/// The mode's arguments before the input, and two records it accepts.
fn sample(m: Mode) -> (Vec<&'static str>, [&'static str; 2]) {
    let argv: Vec<&str> = m.command().split(' ').map(|w| if w == "N" { "2" } else { w }).collect();
    let records = match m {
        Mode::Encode => ["a b", "c/d"],
        Mode::Decode => ["a%20b", "c%2Fd"],
        Mode::DecodeSegment => ["a%20b", "c"],
        Mode::DecodeRepeat | Mode::DecodeUntilStable => ["%2541", "b"],
        Mode::Check => ["/a/%2E%2E/b", "/c"],
        Mode::Normalize => ["HTTP://A/%7e", "b"],
        Mode::NormalizeEquivalent => ["/%61", "/a"],
        Mode::FormDecode => ["a=1", "b=x+y"],
        Mode::FormEncode => [r#"{"a":"1"}"#, r#"[["b","x y"]]"#],
    };
    (argv, records)
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(dir: &Dir, argv: &[&str], stdin: Option<&str>) -> Run {
    let mut cmd = dir.command();
    cmd.args(argv);
    if let Some(s) = stdin {
        cmd.stdin(s);
    }
    let out = cmd.output();
    let r = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!r.stderr.contains("error:"), "{argv:?}: clap refused it:\n{}", r.stderr);
    r
}

#[test]
fn every_mode_with_every_input_option() {
    let dir = Dir::new("matrix");
    let mut cells = 0;
    for m in Mode::ALL {
        let (base, records) = sample(m);
        let with = |extra: &[&'static str], text: bool| -> Vec<&'static str> {
            let mut v = base.clone();
            v.extend_from_slice(extra);
            if text {
                v.extend_from_slice(&records);
            }
            v
        };
        let lines = format!("{}\n{}\n", records[0], records[1]);
        dir.create("in.txt", &lines);
        let text = run(&dir, &with(&[], true), None);
        assert!(text.code == 0 || text.code == 1, "{m:?}: {}", text.stderr);
        assert!(!text.stdout.is_empty(), "{m:?} writes something");
        for o in InputOption::ALL {
            cells += 1;
            let what = format!("{} with {}", o.flag(), m.command());
            let (argv, stdin): (Vec<&str>, Option<&str>) = match o {
                InputOption::Text => (with(&[], true), None),
                InputOption::Stdin => (with(&[], false), Some(lines.as_str())),
                InputOption::File => (with(&["-i", "in.txt"], false), None),
                InputOption::Whole if m == Mode::NormalizeEquivalent => {
                    (with(&["--whole"], true), None)
                }
                InputOption::Whole => (with(&["--whole"], false), Some(records[0])),
                InputOption::KeepGoing => (with(&["--keep-going"], true), None),
                InputOption::Threads if m == Mode::NormalizeEquivalent => {
                    (with(&["--threads", "2"], true), None)
                }
                InputOption::Threads => (with(&["--threads", "2"], false), Some(lines.as_str())),
                InputOption::Json => (with(&["--json"], true), None),
            };
            let got = run(&dir, &argv, stdin);
            match support(m, o) {
                Support::No(why) => {
                    let lead = if o == InputOption::Stdin { "reading stdin" } else { o.flag() };
                    assert_eq!(got.code, 2, "{what}: refused");
                    assert_eq!(
                        got.stderr,
                        format!("pctenc: {lead} with {}: {why}\n", m.command()),
                        "{what}"
                    );
                    assert!(got.stdout.is_empty(), "{what}");
                }
                Support::Yes(_) => {
                    assert_eq!(got.code, text.code, "{what}: exit status\n{}", got.stderr);
                    match o {
                        InputOption::Whole if m == Mode::NormalizeEquivalent => {
                            assert_eq!(got.stdout, text.stdout, "{what}")
                        }
                        InputOption::Whole => {
                            // The first record alone, as one whole input.
                            let mut first = with(&[], false);
                            first.push(records[0]);
                            let one = run(&dir, &first, None);
                            match m {
                                // Its JSON line, as jq writes one.
                                Mode::FormDecode | Mode::FormEncode => {
                                    assert_eq!(got.stdout, one.stdout, "{what}")
                                }
                                // Findings of the whole input name no line.
                                Mode::Check => {
                                    assert!(
                                        !got.stdout.is_empty() && !got.stdout.contains("line 1"),
                                        "{what}: {}",
                                        got.stdout
                                    );
                                    assert_eq!(
                                        got.stdout,
                                        one.stdout.replace(" line 1", ""),
                                        "{what}"
                                    );
                                }
                                // Exactly the result, nothing added.
                                _ => assert_eq!(
                                    Some(got.stdout.as_str()),
                                    one.stdout.strip_suffix('\n'),
                                    "{what}"
                                ),
                            }
                        }
                        InputOption::Json if m == Mode::Check => {
                            for line in got.stdout.lines() {
                                let v: serde_json::Value = serde_json::from_str(line)
                                    .unwrap_or_else(|e| panic!("{what}: {line}: {e}"));
                                assert!(
                                    v["code"].is_string() && v["line"].is_u64(),
                                    "{what}: {line}"
                                );
                            }
                            assert!(!got.stdout.is_empty(), "{what}");
                        }
                        // The same records, the same output, however they arrive.
                        _ => assert_eq!(got.stdout, text.stdout, "{what}"),
                    }
                }
            }
        }
    }
    assert_eq!(cells, Mode::ALL.len() * InputOption::ALL.len());
}

#[test]
fn text_and_files_together_are_refused_in_words() {
    let dir = Dir::new("matrix-both");
    dir.create("f", "x\n");
    for m in Mode::ALL {
        let (mut argv, records) = sample(m);
        argv.extend(["-i", "f", records[0]]);
        let got = run(&dir, &argv, None);
        assert_eq!(got.code, 2, "{m:?}");
        assert!(
            got.stderr.contains("TEXT arguments and -i FILE both say what the input is"),
            "{m:?}: {}",
            got.stderr
        );
    }
}

#[test]
fn docs_cli_md_has_the_table_of_the_code() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md"))
        .expect("docs/cli.md");
    let want = table();
    assert!(
        page.contains(&want),
        "docs/cli.md's input-option table differs from args::input::table(); the table is:\n\n{want}"
    );
}

#[test]
fn keep_going_means_the_same_in_every_command_that_rejects() {
    // Without it the run stops at the first rejected record (exit 1); with it every record is
    // reported, an empty line stands in for the rejected one, and the exit is 1 at the end.
    let dir = Dir::new("matrix-keep-going");
    for (argv, input, stopped, went_on) in [
        (&["decode"][..], "a%20\n%zz\nb\n", "a \n", "a \n\nb\n"),
        (&["form", "encode"], "{\"a\":1}\nbad\n{\"b\":2}\n", "a=1\n", "a=1\n\nb=2\n"),
        (&["decode", "--segment"], "a\n%2e%2e\nb\n", "a\n", "a\n\nb\n"),
    ] {
        let mut cmd = dir.command();
        cmd.args(argv).stdin(input);
        let out = cmd.output();
        assert_eq!(
            (out.status.code(), out.stdout.as_slice()),
            (Some(1), stopped.as_bytes()),
            "{argv:?}"
        );
        let mut cmd = dir.command();
        cmd.args(argv).args(["--keep-going"]).stdin(input);
        let out = cmd.output();
        assert_eq!(
            (out.status.code(), out.stdout.as_slice()),
            (Some(1), went_on.as_bytes()),
            "{argv:?}"
        );
        let reports = String::from_utf8_lossy(&out.stderr).lines().count();
        assert_eq!(reports, 1, "{argv:?}: one rejected record, one report");
    }
}

/// A valid value for an option that takes one: its first possible value, or this table's.
fn sample_value(a: &clap::Arg) -> String {
    if let Some(v) = a.get_possible_values().first() {
        return v.get_name().to_string();
    }
    let id = a.get_id().as_str();
    let v = match id {
        "profile" => "rfc3986",
        "charset" => "utf-8",
        "repeat" => "2",
        "threads" => "1",
        "inputs" => "in.txt",
        "kernel" => "scalar",
        // The library's options as text: none, which every command takes.
        "options" => "",
        other => panic!("give option '{other}' a sample value in matrix.rs"),
    };
    v.to_string()
}

#[test]
fn no_two_options_meet_clap_s_generic_conflict_line() {
    // Every pair of options of every record command: run together, they work, or the planner
    // refuses them in words (`pctenc: ...`, exit 2), never clap's "cannot be used with" or
    // "required arguments were not provided", which say which but not why.
    let dir = Dir::new("matrix-pairs");
    dir.create("in.txt", "x\n");
    let mut cmd = args::command();
    cmd.build();
    let mut pairs = 0;
    for (path, _) in model() {
        if !Mode::ALL.iter().any(|m| m.path().join(" ") == path.join(" ")) {
            continue;
        }
        let mut sub = &cmd;
        for p in &path {
            sub = sub.find_subcommand(p).unwrap();
        }
        let opts: Vec<&clap::Arg> = sub
            .get_arguments()
            .filter(|a| !a.is_positional() && a.get_id() != "help" && a.get_id() != "version")
            .collect();
        let words = |a: &clap::Arg| -> Vec<String> {
            let flag = format!("--{}", a.get_long().unwrap());
            if a.get_action().takes_values() {
                vec![flag, sample_value(a)]
            } else {
                vec![flag]
            }
        };
        for (i, a) in opts.iter().enumerate() {
            for b in &opts[i + 1..] {
                let mut argv: Vec<String> = path.clone();
                argv.extend(words(a));
                argv.extend(words(b));
                if path.join(" ") == "form encode" {
                    argv.push("{}".into());
                } else {
                    argv.push("x".into());
                }
                let mut c = dir.command();
                let out = c.args(&argv).stdin("").output();
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(!err.contains("error:"), "{argv:?}: clap's words, not ours:\n{err}");
                if out.status.code() == Some(2) {
                    assert!(err.starts_with("pctenc: "), "{argv:?}: {err}");
                }
                pairs += 1;
            }
        }
    }
    assert!(pairs > 300, "{pairs} pairs");
    println!("{pairs} pairs of options ran");
}
