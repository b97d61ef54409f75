//! Every `$ pctenc ...` command shown in README.md and docs/*.md runs, and prints what the page
//! says (issue 18 §3).
//!
//! The format, which every page follows and new pages are picked up in (every `docs/*.md` is
//! read, not a list): inside a fenced block, a line `$ COMMAND` that calls `pctenc` is run
//! with `sh` in a scratch directory, with the built binary first on PATH; the lines after it,
//! up to the next `$ ` line or the block's end, are its output, stdout and stderr as they
//! interleave (`2>&1`). Two annotations at the end of an output line, after two spaces or
//! more, are not output: `(stderr)` says where the line goes, `(exit N)` that the command
//! exits N (without it, 0). A `# comment` after a command is the shell's.
//!
//! Commands that cannot run here are listed in [`EXCLUDED`] with the reason; an exclusion
//! that matches nothing fails, so the list cannot go stale.

mod util;

use std::path::{Path, PathBuf};

/// `(page, command, why it is not run)`.
const EXCLUDED: &[(&str, &str, &str)] = &[
    (
        "README.md",
        "pctenc encode --whole -i in.bin > out.txt   # whole input = one record, binary safe, nothing added",
        "needs a file in.bin of the reader's; tests/cli.rs runs --whole on files",
    ),
    (
        "README.md",
        "pctenc decode --keep-going -i log.txt       # report every bad line, decode the rest",
        "needs the reader's log.txt; tests/cli.rs runs --keep-going",
    ),
    (
        "README.md",
        "pctenc profiles [--json]                    # what each profile escapes",
        "a synopsis ([--json] is optional), not a command; tests/cli.rs runs both forms",
    ),
    (
        "README.md",
        "pctenc completions bash; pctenc man         # from the same clap model",
        "its output (a shell script, a man page) is not shown; tests/cli.rs runs both",
    ),
];

/// One command of a page and what the page says it prints.
#[derive(Debug)]
struct Shown {
    page: String,
    line: usize,
    command: String,
    output: String,
    exit: i32,
}

/// The pages: README.md and every docs/*.md.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

/// Splits `(stderr)` / `(exit N)` off an output line.
fn annotation(line: &str) -> (&str, Option<i32>) {
    let trimmed = line.trim_end();
    if let Some(open) = trimmed.rfind("  (") {
        let note = &trimmed[open + 3..];
        if let Some(note) = note.strip_suffix(')') {
            let body = trimmed[..open].trim_end();
            if note == "stderr" {
                return (body, None);
            }
            if let Some(n) = note.strip_prefix("exit ").and_then(|n| n.parse().ok()) {
                return (body, Some(n));
            }
        }
    }
    (line, None)
}

/// The commands a page shows, with their output.
fn parse(name: &str, text: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut in_block = false;
    let mut current: Option<Shown> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            shown.extend(current.take());
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            shown.extend(current.take());
            let calls_pctenc = command
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .any(|w| w == "pctenc");
            if calls_pctenc {
                current = Some(Shown {
                    page: name.to_string(),
                    line: i + 1,
                    command: command.to_string(),
                    output: String::new(),
                    exit: 0,
                });
            }
        } else if let Some(c) = &mut current {
            let (body, exit) = annotation(line);
            if let Some(n) = exit {
                c.exit = n;
            }
            c.output.push_str(body);
            c.output.push('\n');
        }
    }
    shown
}

#[test]
fn the_parser_reads_the_format() {
    let page = "text\n```text\n$ pctenc a  # note\nout\nerr   (stderr)\nlast  (exit 1)\n$ cargo x\nno\n```\n$ pctenc outside\n";
    let s = parse("p.md", page);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].command.as_str(), s[0].line), ("pctenc a  # note", 3));
    assert_eq!((s[0].output.as_str(), s[0].exit), ("out\nerr\nlast\n", 1));
    assert_eq!(annotation("depth 3 (stable)            (stderr)"), ("depth 3 (stable)", None));
    assert_eq!(annotation("a (b)"), ("a (b)", None));
}

#[test]
fn every_command_in_the_docs_prints_what_the_page_says() {
    let dir = util::Dir::new("transcripts");
    let bin_dir = Path::new(util::BIN).parent().unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let (mut ran, mut excluded) = (0, vec![false; EXCLUDED.len()]);
    let mut failures = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.file_name().unwrap().to_string_lossy();
        let name = if name == "README.md" { name.to_string() } else { format!("docs/{name}") };
        for s in parse(&name, &text) {
            let page_name = s.page.rsplit('/').next().unwrap();
            if let Some(k) =
                EXCLUDED.iter().position(|(p, c, _)| *p == page_name && *c == s.command)
            {
                excluded[k] = true;
                assert!(
                    s.output.is_empty(),
                    "{}:{}: an excluded command shows output",
                    s.page,
                    s.line
                );
                continue;
            }
            let out = std::process::Command::new("sh")
                .args(["-c", &format!("{{\n{}\n}} 2>&1", s.command)])
                .env("PATH", &path)
                .env_remove("NO_COLOR")
                .current_dir(&dir.path)
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let got = String::from_utf8_lossy(&out.stdout);
            let code = out.status.code().unwrap_or(-1);
            if got != s.output || code != s.exit {
                failures.push(format!(
                    "{}:{}: $ {}\n-- the page says (exit {}) --\n{}-- it printed (exit {code}) --\n{got}",
                    s.page, s.line, s.command, s.exit, s.output
                ));
            }
            ran += 1;
        }
    }
    for (k, seen) in excluded.iter().enumerate() {
        assert!(seen, "EXCLUDED[{k}] matches no command any more: {:?}", EXCLUDED[k]);
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} commands differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(ran >= 20, "only {ran} commands ran");
    println!("{ran} commands ran, {} excluded with their reason", EXCLUDED.len());
}
