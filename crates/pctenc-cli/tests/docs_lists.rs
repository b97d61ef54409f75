//! The lists in README.md, docs/ and the library's rustdoc are checked against the code
//! (issue 18 §3): the kernels, the profile names and the command-line options. A list that
//! drifts from the code fails here, naming what is missing or unknown.
//!
//! What each list is checked against:
//! - kernels: the `kernels!` table that declares the `Kernel` enum in
//!   `crates/pctenc/src/kernel/mod.rs`, read as source so that the kernels of every
//!   architecture count, not only this machine's (its rows are `cfg`'d per architecture),
//!   and cross-checked with `Kernel::available()` here;
//! - profiles: `pctenc::profile::ALL` and `pctenc::by_name`;
//! - options: the clap model the binary parses with (`src/args`, included below).

#[allow(dead_code, unused_imports)]
#[path = "../src/args/mod.rs"]
mod args;

use std::collections::BTreeSet;
use std::path::Path;

fn read(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// `(name, label)` of every kernel: the name `Kernel::name` gives, and, for the SIMD ones, the
/// instruction set its documentation names ("AVX-512"), read from the `kernels!` table that
/// declares the enum (one line a kernel: `Variant "name", "doc",`).
fn kernels() -> Vec<(String, Option<String>)> {
    let src = read("crates/pctenc/src/kernel/mod.rs");
    let table = src.split("\nkernels! {").nth(1).expect("the kernels! table");
    let table = table.split("\n}").next().unwrap();
    let mut out = Vec::new();
    for line in table.lines().map(str::trim) {
        let Some((variant, rest)) = line.split_once(" \"") else { continue };
        if !variant.chars().all(char::is_alphanumeric) {
            continue;
        }
        let mut quoted = rest.split('"');
        let name = quoted.next().expect("the kernel's name").to_string();
        let doc = quoted.nth(1).expect("the kernel's doc");
        let mut words = doc.split_whitespace();
        let label = match words.next() {
            Some("x86_64" | "aarch64" | "wasm32") => {
                Some(words.next().unwrap().trim_end_matches(':').to_string())
            }
            _ => None,
        };
        out.push((name, label));
    }
    out
}

#[test]
fn kernel_lists_name_every_kernel() {
    let all = kernels();
    let names: BTreeSet<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.len() >= 6, "{names:?}");
    for k in pctenc::Kernel::available() {
        assert!(names.contains(k.name()), "{} runs here but is not in the enum's source", k.name());
    }
    // README: the PCTENC_KERNEL list, and the `simd` feature's list of instruction sets.
    let readme = read("README.md");
    let listed = readme.split("PCTENC_KERNEL=").nth(1).expect("README names PCTENC_KERNEL");
    let listed: BTreeSet<&str> = listed.split('`').next().unwrap().split('|').collect();
    assert_eq!(listed, names, "README's PCTENC_KERNEL list");
    let features = readme.split("`simd` (default:").nth(1).expect("README's simd feature");
    let features = &features[..features.find(").").unwrap_or(features.len())];
    // lib.rs, the crate's tour: the `simd` feature's paragraph.
    let lib = read("crates/pctenc/src/lib.rs");
    let lib_simd = lib.split("- `simd` (default):").nth(1).expect("lib.rs's simd feature");
    let lib_simd = lib_simd.split("\n//!\n").next().unwrap();
    for (name, label) in &all {
        let Some(label) = label else { continue };
        assert!(features.contains(label.as_str()), "README's simd feature omits {label} ({name})");
        assert!(lib_simd.contains(label.as_str()), "lib.rs's simd feature omits {label} ({name})");
    }
}

/// The backticked words of `cell`.
fn ticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

#[test]
fn profile_lists_name_real_profiles_and_miss_none() {
    // docs/profiles.md: the `profile` column of every table names profiles that exist, and
    // every named profile is somewhere on the page.
    let page = read("docs/profiles.md");
    let mut column = None;
    let mut named = BTreeSet::new();
    for line in page.lines() {
        if !line.starts_with('|') {
            column = None;
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        if column.is_none() {
            column = cells.iter().position(|c| *c == "profile");
            continue;
        }
        let Some(col) = column else { continue };
        let Some(cell) = cells.get(col) else { continue };
        if cell.starts_with("---") {
            continue;
        }
        for t in ticked(cell) {
            // Flags, Rust paths, commands and outputs in the cell are not profile names.
            let word = t.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if t.starts_with('-') || !word {
                continue;
            }
            let p = pctenc::by_name(t)
                .unwrap_or_else(|| panic!("docs/profiles.md: `{t}` is no profile"));
            named.insert(p.name());
        }
    }
    for p in pctenc::profile::ALL {
        assert!(named.contains(p.name()), "docs/profiles.md does not name {}", p.name());
    }
    // The rustdoc table of the runtime, legacy and protocol profiles (profile/mod.rs): every
    // name and alias in its first column is one.
    let docs = read("crates/pctenc/src/profile/mod.rs");
    let mut rows = 0;
    for line in docs.lines().filter_map(|l| l.strip_prefix("//! | `")) {
        let first = line.split(" | ").next().unwrap();
        let primary = first.split('`').next().unwrap();
        let p = pctenc::by_name(primary).unwrap_or_else(|| panic!("profile/mod.rs: {primary}"));
        assert_eq!(p.name(), primary, "profile/mod.rs lists an alias as a name");
        for alias in ticked(&format!("`{first}")).into_iter().skip(1) {
            assert_eq!(pctenc::by_name(alias).map(|a| a.name()), Some(primary), "{alias}");
        }
        rows += 1;
    }
    assert!(rows >= 20, "profile/mod.rs's table: {rows} rows");
}

/// Every long option of every command in the clap model.
fn long_options() -> BTreeSet<String> {
    fn walk(cmd: &clap::Command, out: &mut BTreeSet<String>) {
        for a in cmd.get_arguments() {
            if let Some(l) = a.get_long() {
                out.insert(format!("--{l}"));
            }
        }
        for s in cmd.get_subcommands() {
            walk(s, out);
        }
    }
    let mut cmd = args::command();
    cmd.build();
    let mut out = BTreeSet::new();
    walk(&cmd, &mut out);
    out
}

#[test]
fn option_lists_name_real_options_and_miss_none() {
    let known = long_options();
    let mut pages = vec![("README.md".to_string(), read("README.md"))];
    for e in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            let name = format!("docs/{}", p.file_name().unwrap().to_string_lossy());
            pages.push((name.clone(), read(&name)));
        }
    }
    // Every `--option` a page shows in backticks in a `pctenc ...` span is one pctenc has,
    // and so is every option alone in backticks on the pages about the command line (README's
    // section, docs/cli.md); other pages name other tools' options (`serve-playground.sh
    // --no-cargo`) alone too.
    for (name, text) in &pages {
        let cli_page = name == "docs/cli.md";
        let text = if name == "README.md" {
            text.split("## Command line").nth(1).unwrap().split("\n## ").next().unwrap()
        } else {
            text.as_str()
        };
        // Fenced blocks are transcripts (tests/transcripts.rs runs them), not spans.
        let prose: String = text.split("```").step_by(2).collect::<Vec<_>>().join(" ");
        for t in ticked(&prose) {
            let words: Vec<&str> = t.split_whitespace().collect();
            let alone = t.starts_with("--") && (cli_page || name == "README.md");
            let pctenc_span = words.first() == Some(&"pctenc") || alone;
            for w in &words {
                let opt = w.split(['=', '[', ']', ',', ')', '(']).find(|s| s.starts_with("--"));
                let Some(opt) = opt else { continue };
                if !pctenc_span || opt == "--" {
                    continue;
                }
                let opt = opt.split('/').next().unwrap();
                assert!(
                    known.contains(opt),
                    "{name}: `{t}` names {opt}, which pctenc does not have"
                );
            }
        }
    }
    // README's command-line section names every option of every command.
    let readme = &pages[0].1;
    let cli = readme.split("## Command line").nth(1).unwrap().split("\n## ").next().unwrap();
    let missing: Vec<&String> =
        known.iter().filter(|o| *o != "--help" && !cli.contains(o.as_str())).collect();
    assert!(missing.is_empty(), "README's command-line section does not name {missing:?}");
}

/// The figures of docs/charsets.md: the detection table is what CI's floors are derived from
/// (`crates/pctenc/tests/charset_accuracy.rs`: each floor is the documented figure minus 10
/// points at 8 and 32 characters, 3 at 128, rounded down), and the versions it names are the
/// ones Cargo.lock builds, so a re-measure is due whenever either changes.
#[test]
fn charset_figures_agree_with_the_floors_and_the_lock_file() {
    let page = read("docs/charsets.md");
    let floors_src = read("crates/pctenc/tests/charset_accuracy.rs");
    let mut rows = 0;
    for line in page.lines().filter(|l| l.starts_with("| ") && l.contains(" | ")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let Ok(at8) = cells.get(3).unwrap_or(&"").parse::<f64>() else { continue };
        if cells[0] == "language" {
            continue;
        }
        let figure = |i: usize| cells[i].parse::<f64>().unwrap();
        let (language, charset) = (cells[0], cells[1]);
        let key = format!("(\"{language}\", \"{charset}\", ");
        let floors = floors_src.split(&key).nth(1).unwrap_or_else(|| {
            panic!("charset_accuracy.rs has no floor for {language} / {charset}")
        });
        let floors: Vec<f64> = floors
            .split(')')
            .next()
            .unwrap()
            .split(',')
            .map(|f| f.trim().parse().unwrap())
            .collect();
        for (floor, doc, margin) in
            [(floors[0], at8, 10.0), (floors[1], figure(5), 10.0), (floors[2], figure(7), 3.0)]
        {
            assert_eq!(
                floor,
                (doc - margin).floor(),
                "{language} / {charset}: floor {floor} for the documented {doc}"
            );
        }
        rows += 1;
    }
    assert_eq!(rows, floors_src.matches("\", \"").count(), "every floor has its row on the page");
    let lock = read("Cargo.lock");
    for krate in ["chardetng", "encoding_rs"] {
        let version = lock
            .split(&format!("name = \"{krate}\"\nversion = \""))
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or_else(|| panic!("{krate} in Cargo.lock"));
        assert!(
            page.contains(&format!("{krate} {version}")),
            "docs/charsets.md's table was measured with another {krate} than Cargo.lock's {version}: re-measure"
        );
    }
}

/// docs/security.md: the table of lint codes is `lint::Code::ALL`, in order, with the severity
/// each has in a path (`lint::severity`); every test it names as proof (`FILE.rs::name`)
/// exists.
#[test]
fn security_page_lists_the_codes_and_tests_that_exist() {
    use pctenc::lint::{severity, Code, Context, Severity};
    let page = read("docs/security.md");
    let (mut codes, mut severities) = (Vec::new(), 0);
    for line in page.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let Some(code) = ticked(cells[0]).first().and_then(|c| Code::by_name(c)) else { continue };
        codes.push(code);
        // The path column: its first word is the severity in a path, or "—" for a code the
        // path context does not report.
        let first = cells[2].split([';', ' ']).next().unwrap();
        if let Some(s) = Severity::by_name(first) {
            assert_eq!(severity(code, Context::Path), s, "{}: path severity", code.as_str());
            severities += 1;
        }
    }
    assert!(severities >= 15, "{severities} path severities checked");
    assert_eq!(codes, Code::ALL, "docs/security.md's codes, in order, are lint::Code::ALL");
    // Every `FILE.rs::name` the page cites is a function in a file of that name.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    let mut stack = vec![root.join("crates"), root.join("fuzz")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.map(|e| e.unwrap().path()) {
            if e.is_dir() && !e.ends_with("target") {
                stack.push(e);
            } else if e.extension().is_some_and(|x| x == "rs") {
                files.push(e);
            }
        }
    }
    let mut cited = 0;
    for t in ticked(&page) {
        let Some((file, name)) = t.split_once(".rs::") else { continue };
        let file = format!("{}.rs", file.rsplit('/').next().unwrap());
        let found = files.iter().any(|f| {
            f.file_name().is_some_and(|n| n.to_string_lossy() == file)
                && std::fs::read_to_string(f).unwrap_or_default().contains(&format!("fn {name}"))
        });
        assert!(found, "docs/security.md cites {t}, which is no function in a {file}");
        cited += 1;
    }
    assert!(cited >= 10, "{cited} tests cited");
}
