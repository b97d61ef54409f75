//! The options of `form`: application/x-www-form-urlencoded strings to JSON pairs and back.
//!
//! `form decode` reads urlencoded strings (one per line, or the whole input with `--whole`)
//! and writes one JSON array of `[name, value]` pairs per string; `form encode` reads JSON
//! values (one per line, or the whole input with `--whole`) and writes one urlencoded string
//! per value, each followed by `\n`.

use clap::{Args as ClapArgs, Subcommand};

use super::input::InputArgs;
use super::options::OptionsArg;

pub(crate) const FORM_EXAMPLES: &str = "\
Examples:
  $ pctenc form decode 'q=caf%C3%A9+au+lait&lang=fr&flag'
  [[\"q\",\"café au lait\"],[\"lang\",\"fr\"],[\"flag\",\"\"]]
  $ pctenc form decode --charset shift_jis 'q=%82%B1%82%F1'
  [[\"q\",\"こん\"]]
  $ pctenc form encode '[[\"q\",\"a b&c\"],[\"n\",\"1\"]]'
  q=a+b%26c&n=1
  $ pctenc form encode '{\"q\":\"€\",\"n\":2}'
  q=%E2%82%AC&n=2
  $ pctenc form encode --charset windows-1252 '{\"q\":\"café ☕\"}'
  q=caf%E9+%26%239749%3B
  $ pctenc form decode --whole -i body.txt     (a request body, newlines included)";

/// `form decode` or `form encode`.
#[derive(Debug, Clone, ClapArgs)]
pub struct FormArgs {
    /// Which way.
    #[command(subcommand)]
    pub action: FormAction,
}

/// The two directions of `form`.
#[derive(Debug, Clone, Subcommand)]
pub enum FormAction {
    /// Urlencoded strings to JSON: one `[["name","value"],...]` array per string. Never
    /// fails: a stray '%' stays, bytes invalid in the charset become U+FFFD (the URL
    /// Standard's parser). Control, C1 and bidi characters are written as \uXXXX escapes.
    #[command(after_help = FORM_EXAMPLES)]
    Decode(FormIo),
    /// JSON to urlencoded strings: each JSON value (an array of [name, value] arrays, or an
    /// object; values strings, numbers or booleans) becomes one string followed by a newline.
    /// Invalid JSON is an error naming its line and column (exit 1). A blank line writes an
    /// empty line.
    #[command(after_help = FORM_EXAMPLES)]
    Encode(FormIo),
}

#[cfg(test)]
impl FormAction {
    /// The options of either direction.
    pub fn io(&self) -> &FormIo {
        match self {
            FormAction::Decode(io) | FormAction::Encode(io) => io,
        }
    }
}

/// The options both directions take.
#[derive(Debug, Clone, ClapArgs)]
pub struct FormIo {
    /// The charset of the form's bytes (any WHATWG label; default UTF-8). Encode: a
    /// character the charset lacks is written as the escaped `&#NNNN;`, as browsers do.
    #[arg(long, value_name = "LABEL")]
    pub charset: Option<String>,

    /// The library's options as text (`-O charset=shift_jis`).
    #[command(flatten)]
    pub options: OptionsArg,

    /// The input options every record command shares: a record is one string (decode)
    /// or one JSON value (encode).
    #[command(flatten)]
    pub input: InputArgs,
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};
    use super::*;

    fn form(argv: &[&str]) -> FormAction {
        match parse(argv).unwrap_or_else(|e| panic!("{argv:?}: {e}")).command {
            Some(Command::Form(f)) => f.action,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn both_directions_take_the_same_options() {
        let FormAction::Decode(d) = form(&["pctenc", "form", "decode", "--charset", "gbk", "a=b"])
        else {
            panic!()
        };
        assert_eq!((d.charset.as_deref(), d.input.text.len()), (Some("gbk"), 1));
        let FormAction::Encode(e) = form(&["pctenc", "form", "encode", "--whole", "-i", "x"])
        else {
            panic!()
        };
        assert!(e.input.whole && e.input.inputs == [std::path::PathBuf::from("x")]);
        assert!(parse(["pctenc", "form"]).is_err());
    }
}
