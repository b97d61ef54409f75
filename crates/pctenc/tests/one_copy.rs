//! One contract, one place: no option word table, alias table or default is spelt outside the
//! library's options module (`pctenc::options`) and the profiles' own definitions. A front end
//! that lists `"strict", "lenient"` itself, copies an alias table, or writes the library's
//! default (`profile="rfc3986"`) into its own signature has a second copy that can drift; this
//! test reads the Rust, JavaScript, HTML and Python sources of every front end and fails on one.
//!
//! The words come from the library's own tables (`words::OPTIONS`, the profile name table), so
//! a new word is checked as soon as it exists. What counts as a copy:
//!
//! - two or more distinct words of one option as string literals within five lines of code
//!   (a list, a match, a menu), or a profile's name with one of its aliases;
//! - an option's own name and its single-word default on one line of code (`profile =
//!   "rfc3986"`, `context ?? 'url'`).
//!
//! Comments, doc comments, docstrings and `#[cfg(test)]` items are not code: docs and tests
//! may name the words (a test module is skipped to its closing brace; the code after it is
//! read). Hits that are not copies are listed in [`EXPECTED`] with the reason; one that is gone
//! fails too, so the list cannot go stale. The Python type stubs take the words from one
//! generated file, [`GENERATED`], checked against the library's table here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pctenc::options::words::{self, Values};

/// Known false positives, each with its reason: `(file, what, why)`. One listed here that is
/// gone fails the test, so the list cannot go stale.
const EXPECTED: &[(&str, &str, &str)] = &[
    ("crates/pctenc-py/python/pctenc/__init__.py", "context words", MODULES),
    ("crates/pctenc-py/python/pctenc/__init__.py", "input words", MODULES),
    ("crates/pctenc-py/python/pctenc/__init__.pyi", "context words", MODULES),
    ("crates/pctenc-py/python/pctenc/__init__.pyi", "input words", MODULES),
    ("crates/pctenc-py/python/pctenc/spark.py", "default profile=rfc3986", RFC3986),
    ("web/app.js", "default profile=form", FRAGMENT),
];

/// The one file outside the library that spells the words, generated from its table by
/// `examples/python_words.rs`: Python type stubs cannot ask the native module for the table,
/// so mypy and editors read the words from this file, which every other stub imports.
/// [`the_generated_stub_words_are_the_librarys`] fails when it is not what the generator
/// writes, so it is the table itself, not a copy that can drift.
const GENERATED: &str = "crates/pctenc-py/python/pctenc/_words.pyi";

#[path = "../examples/python_words.rs"]
mod python_words;

const MODULES: &str = "not option words: `__all__` names the submodules `form` and `query`, which \
                       the rule reads as two words of `context` and of `input`";

const RFC3986: &str = "not the default spelt again: spark.py escapes the bytes of a value that is \
                       not UTF-8 with rfc3986 on purpose (any profile that escapes every \
                       non-ASCII byte would do) before Java's decoder reads them";

const FRAGMENT: &str = "not the query operations' default spelt again: the playground writes its \
                        link's fragment with the form profile on purpose, as URLSearchParams \
                        would";

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Source files of the front ends (and of the core outside its options module and profile
/// definitions), relative to the root.
fn sources() -> Vec<String> {
    let mut out = Vec::new();
    let dirs = [
        ("crates/pctenc/src", "rs"),
        ("crates/pctenc-cli/src", "rs"),
        ("crates/pctenc-wasm/src", "rs"),
        ("crates/pctenc-py/src", "rs"),
        ("crates/pctenc-py/python/pctenc", "py"),
        ("crates/pctenc-py/python/pctenc", "pyi"),
        ("npm", "js"),
        ("npm", "ts"),
        ("web", "js"),
        ("web", "html"),
    ];
    for (dir, ext) in dirs {
        walk(&root().join(dir), ext, &mut out);
    }
    out.retain(|f| {
        !f.starts_with("crates/pctenc/src/options/")
            && !f.starts_with("crates/pctenc/src/profile/")
            // Generated from the library's table by npm/build.mjs (not committed).
            && f != "npm/options.d.ts"
            && f != GENERATED
            && !f.contains("/node_modules/")
            && !f.contains("/dist/")
    });
    out
}

fn walk(dir: &Path, ext: &str, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            if !matches!(name.as_str(), "node_modules" | "dist" | "tests" | "test" | "target") {
                walk(&p, ext, out);
            }
        } else if name.ends_with(&format!(".{ext}")) {
            let rel = p.strip_prefix(root()).unwrap().to_string_lossy().into_owned();
            out.push(rel.replace("crates/pctenc/../../", ""));
        }
    }
}

/// The file's lines of code: without comments, docstrings and test modules (emptied, so line
/// numbers stay). A `#[cfg(test)]` item is skipped to its end (its braces matched, strings,
/// characters and comments read past), so code after a test module is read too.
fn code(file: &str, text: &str) -> Vec<String> {
    let python = file.ends_with(".py") || file.ends_with(".pyi");
    let lines: Vec<&str> = text.lines().collect();
    let tests = if python { vec![false; lines.len()] } else { test_items(&lines) };
    let mut out = Vec::new();
    let mut in_doc = false;
    for (line, in_tests) in lines.iter().zip(tests) {
        let t = line.trim_start();
        if python && in_doc {
            in_doc = !t.contains("\"\"\"");
            out.push(String::new());
            continue;
        }
        if python && (t.starts_with("\"\"\"") || t.starts_with("r\"\"\"")) {
            let body = &t[t.find("\"\"\"").unwrap() + 3..];
            in_doc = !body.contains("\"\"\"");
            out.push(String::new());
            continue;
        }
        let comment = t.starts_with("//")
            || t.starts_with("/*")
            || t.starts_with('*')
            || (python && t.starts_with('#'));
        if in_tests || comment {
            out.push(String::new());
        } else {
            out.push(line.to_string());
        }
    }
    out
}

/// For each line of Rust source, whether it belongs to a `#[cfg(test)]` item: from the
/// attribute to the brace that closes the item's first `{` (or to its `;`).
fn test_items(lines: &[&str]) -> Vec<bool> {
    let mut out = vec![false; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].trim_start().starts_with("#[cfg(test)]") {
            i += 1;
            continue;
        }
        let (mut depth, mut opened, mut lexer) = (0usize, false, Lexer::default());
        let mut j = i;
        'item: while j < lines.len() {
            out[j] = true;
            let attr = if j == i { "#[cfg(test)]".len() } else { 0 };
            let body = &lines[j].trim_start()[attr..];
            for c in lexer.code(body) {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => {
                        depth = depth.saturating_sub(1);
                        if opened && depth == 0 {
                            break 'item;
                        }
                    }
                    ';' if !opened => break 'item,
                    _ => {}
                }
            }
            j += 1;
        }
        i = j + 1;
    }
    out
}

/// Reads Rust source line by line, giving the characters outside strings, character
/// literals and comments (block comments and raw strings may span lines).
#[derive(Default)]
struct Lexer {
    /// Inside a block comment (its depth), a string, or a raw string (its `#` count).
    block: usize,
    string: bool,
    raw: Option<usize>,
}

impl Lexer {
    fn code(&mut self, line: &str) -> Vec<char> {
        let b: Vec<char> = line.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let next = b.get(i + 1).copied();
            if self.block > 0 {
                if b[i] == '*' && next == Some('/') {
                    self.block -= 1;
                    i += 1;
                } else if b[i] == '/' && next == Some('*') {
                    self.block += 1;
                    i += 1;
                }
            } else if let Some(hashes) = self.raw {
                if b[i] == '"' && b[i + 1..].iter().take_while(|c| **c == '#').count() >= hashes {
                    self.raw = None;
                    i += hashes;
                }
            } else if self.string {
                if b[i] == '\\' {
                    i += 1;
                } else if b[i] == '"' {
                    self.string = false;
                }
            } else if b[i] == '/' && next == Some('/') {
                break;
            } else if b[i] == '/' && next == Some('*') {
                self.block = 1;
                i += 1;
            } else if b[i] == '"' {
                self.string = true;
            } else if b[i] == 'r'
                && matches!(next, Some('"' | '#'))
                && !ident(b.get(i.wrapping_sub(1)))
            {
                let hashes = b[i + 1..].iter().take_while(|c| **c == '#').count();
                if b.get(i + 1 + hashes) == Some(&'"') {
                    self.raw = Some(hashes);
                    i += 1 + hashes;
                } else {
                    out.push(b[i]);
                }
            } else if b[i] == '\'' {
                // A character literal ('{', '\'', '\u{7b}'); a lifetime has no closing quote.
                let close = if next == Some('\\') {
                    b[i + 2..].iter().position(|c| *c == '\'').map(|p| i + 2 + p)
                } else if b.get(i + 2) == Some(&'\'') {
                    Some(i + 2)
                } else {
                    None
                };
                match close {
                    Some(end) => i = end,
                    None => out.push(b[i]),
                }
            } else {
                out.push(b[i]);
            }
            i += 1;
        }
        out
    }
}

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The string literals of a line (`"..."` or `'...'`), as written.
fn literals(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if q == b'"' || q == b'\'' {
            if let Some(end) = line[i + 1..].find(q as char) {
                out.push(&line[i + 1..i + 1 + end]);
                i += end + 2;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// `(what, words, the word a hit must include)`: each option's words, and each profile's
/// names (its own name required).
fn groups() -> Vec<(String, BTreeSet<&'static str>, Option<&'static str>)> {
    let mut out = Vec::new();
    for o in words::OPTIONS {
        if let Values::Words(ws) = o.values {
            let set =
                ws.iter().flat_map(|w| std::iter::once(w.name).chain(w.aliases.iter().copied()));
            out.push((format!("{} words", o.name), set.collect(), None));
        }
    }
    for p in pctenc::profile::ALL {
        if !p.aliases().is_empty() {
            let set = std::iter::once(p.name()).chain(p.aliases().iter().copied());
            out.push((format!("profile {} names", p.name()), set.collect(), Some(p.name())));
        }
    }
    out
}

/// `(what, key spellings, default)`: the options whose default is one word.
fn defaults() -> Vec<(String, Vec<String>, &'static str)> {
    let mut out = Vec::new();
    for o in words::OPTIONS {
        for (_, d) in o.defaults {
            let single = !d.contains(' ')
                && (words::find_word(o.words(), d).is_some() || o.values == Values::Profile);
            if single {
                let camel: String = o
                    .name
                    .split('_')
                    .enumerate()
                    .map(
                        |(i, w)| {
                            if i == 0 {
                                w.to_string()
                            } else {
                                w[..1].to_uppercase() + &w[1..]
                            }
                        },
                    )
                    .collect();
                let spellings = vec![o.name.to_string(), o.name.replace('_', "-"), camel];
                out.push((format!("default {}={d}", o.name), spellings, *d));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Every copy in `file`: `(line number, what)`.
fn copies(file: &str, lines: &[String]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let lits: Vec<Vec<&str>> = lines.iter().map(|l| literals(l)).collect();
    for (what, set, name) in groups() {
        for start in 0..lines.len() {
            let window = &lits[start..(start + 5).min(lines.len())];
            let hit: BTreeSet<&str> =
                window.iter().flatten().copied().filter(|l| set.contains(l)).collect();
            // A profile's aliases are often function names (`quote`, `escape`): an alias
            // table has the profile's own name in it too.
            let named = name.is_none_or(|n| hit.contains(n));
            if hit.len() >= 2 && named && lits[start].iter().any(|l| set.contains(l)) {
                found.push((start + 1, what.clone()));
                break;
            }
        }
    }
    for (what, keys, default) in defaults() {
        for (n, line) in lines.iter().enumerate() {
            let has_key = keys.iter().any(|k| {
                line.match_indices(k.as_str()).any(|(i, _)| {
                    let before = line[..i].chars().next_back();
                    let after = line[i + k.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                })
            });
            if has_key && literals(line).contains(&default) {
                found.push((n + 1, what.clone()));
                break;
            }
        }
    }
    let _ = file;
    found
}

#[test]
fn no_option_word_alias_or_default_is_spelt_twice() {
    let files = sources();
    assert!(files.iter().any(|f| f.ends_with("npm/manual.js")), "{files:?}");
    assert!(files.iter().any(|f| f.ends_with("python/pctenc/spark.py")), "{files:?}");
    let mut unexpected = Vec::new();
    let mut seen = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for (line, what) in copies(file, &code(file, &text)) {
            if EXPECTED.iter().any(|(f, w, _)| f == file && *w == what) {
                seen.insert((file.clone(), what));
            } else {
                unexpected.push(format!("{file}:{line}: {what}"));
            }
        }
    }
    let stale: Vec<_> = EXPECTED
        .iter()
        .filter(|(f, w, _)| !seen.contains(&(f.to_string(), w.to_string())))
        .map(|(f, w, _)| format!("{f}: {w}"))
        .collect();
    println!(
        "one copy: {} files read, {} hits listed as not copies, each with its reason",
        files.len(),
        seen.len()
    );
    assert!(
        unexpected.is_empty(),
        "option words, aliases or defaults spelt outside pctenc::options (take them from the \
         library's table):\n{}",
        unexpected.join("\n")
    );
    assert!(
        stale.is_empty(),
        "expected copies that are gone; remove them from EXPECTED:\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_generated_stub_words_are_the_librarys() {
    let path = root().join(GENERATED);
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{GENERATED}: {e}"));
    assert!(
        committed == python_words::render(),
        "{GENERATED} is not what the library's table gives; regenerate it:\n  \
         cargo run -p pctenc --example python_words > {GENERATED}"
    );
    // It is the copy the check would otherwise find, in full.
    let found = copies(GENERATED, &code(GENERATED, &committed));
    assert!(found.iter().any(|(_, w)| w == "on_error words"), "{found:?}");
}

#[test]
fn the_check_finds_a_copy() {
    let js = [
        "const WORDS = ['strict',",
        "  'lenient'];",
        "function f(o) { return o.context ?? 'url'; }",
    ];
    let lines: Vec<String> = js.iter().map(|s| s.to_string()).collect();
    let found: Vec<String> = copies("x.js", &lines).into_iter().map(|(_, w)| w).collect();
    assert!(found.contains(&"malformed words".to_string()), "{found:?}");
    assert!(found.contains(&"default context=url".to_string()), "{found:?}");
    let py = ["_JAVA = {\"spark\", \"java-urlencoder\"}"];
    let lines: Vec<String> = py.iter().map(|s| s.to_string()).collect();
    assert_eq!(copies("x.py", &lines)[0].1, "profile java-urlencoder names");
    // Docs and tests may name the words.
    let doc = "/// strict or lenient: 'strict', 'lenient'";
    assert!(copies("x.rs", &code("x.rs", doc)).is_empty());
    // A test module is skipped to its closing brace (braces in its strings, characters and
    // comments do not count), and the code after it is read.
    let rust = r#"
#[cfg(test)]
mod tests {
    const T: &[&str] = &["strict", "lenient", "{"];
    fn f() -> char { '}' } // }
    /* } */
    const R: &str = r"}";
}
const AFTER: &[&str] = &["raise", "null"];
"#;
    let found = copies("x.rs", &code("x.rs", rust));
    assert_eq!(found, [(9, "on_error words".to_string())]);
    let item = "#[cfg(test)]\nuse x::{A, B};\nconst C: [&str; 2] = [\"upper\", \"lower\"];";
    assert_eq!(copies("x.rs", &code("x.rs", item)), [(3, "hex words".to_string())]);
    // A docstring that closes at the end of a text line ends there.
    let py = "def f():\n    \"\"\"Doc,\n    'strict' 'lenient'.\"\"\"\n    x = ('raise', 'null')\n";
    assert_eq!(copies("x.py", &code("x.py", py)), [(4, "on_error words".to_string())]);
}
