//! Writes the Python package's option word types (`crates/pctenc-py/python/pctenc/_words.pyi`):
//! one `Literal` alias per option that takes words, read from the library's options table
//! ([`pctenc::options::OPTIONS`]), so the type stubs spell no word themselves (a stub cannot
//! ask the native module for its table; mypy and editors read the file). Deterministic;
//! regenerate after a change to the table with
//!
//! ```sh
//! cargo run -p pctenc --example python_words > crates/pctenc-py/python/pctenc/_words.pyi
//! ```
//!
//! `tests/one_copy.rs` fails when the committed file is not what this writes, and accepts that
//! one file as the only copy of the words outside the library.

use std::fmt::Write;

use pctenc::options::{Values, OPTIONS};
use pctenc::Utf8;

/// The stub module's text.
pub fn render() -> String {
    let mut out = String::new();
    out.push_str(
        "\"\"\"The option words of pctenc as Literal types, for the other stubs to import.\n\n\
         GENERATED from the library's options table (pctenc::options::OPTIONS) by\n\
         `cargo run -p pctenc --example python_words > crates/pctenc-py/python/pctenc/_words.pyi`:\n\
         do not edit; crates/pctenc/tests/one_copy.rs fails when this file is not what that\n\
         writes. Each alias holds an option's words and their aliases (the library also takes\n\
         them in any ASCII case).\"\"\"\n\nfrom typing import Literal\n",
    );
    for o in OPTIONS {
        let Values::Words(words) = o.values else { continue };
        let all =
            words.iter().flat_map(|w| std::iter::once(w.name).chain(w.aliases.iter().copied()));
        let _ = write!(out, "\n# {}: {}\n{} = {}\n", o.name, o.about, alias(o.name), literal(all));
    }
    // The utf8 words by what a decoded result is: the overloads of `decode` return `bytes`
    // for these and `str` for the others.
    let utf8 = pctenc::options::words::UTF8;
    let bytes = |name: &str| name == Utf8::Bytes.name();
    let names = |keep: bool| {
        utf8.iter()
            .filter(move |w| bytes(w.name) == keep)
            .flat_map(|w| std::iter::once(w.name).chain(w.aliases.iter().copied()))
    };
    let _ = write!(
        out,
        "\n# utf8 words whose decoded result is text (str), and the one that gives bytes\n\
         Utf8Text = {}\nUtf8Bytes = {}\n",
        literal(names(false)),
        literal(names(true))
    );
    out
}

/// `on_error` -> `OnError`, `utf8` -> `Utf8`.
fn alias(name: &str) -> String {
    name.split('_')
        .map(|part| {
            let mut c = part.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect()
}

/// `Literal["a", "b"]`.
fn literal<'a>(words: impl Iterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = words.map(|w| format!("\"{w}\"")).collect();
    format!("Literal[{}]", quoted.join(", "))
}

#[allow(dead_code)]
fn main() {
    print!("{}", render());
}
