//! The options of `normalize`: the URL component the input is, and `--equivalent`.

use clap::Args as ClapArgs;
use pctenc::options::Key;

use super::input::InputArgs;
use super::options::{OptionsArg, Words};

pub(crate) const NORMALIZE_EXAMPLES: &str = "\
Examples:
  $ pctenc normalize --context path '/%7euser/a%2fb'
  /~user/a%2Fb
  $ pctenc normalize 'HTTP://%41.Example/%61?q=%7e'
  http://a.example/a?q=~
  $ pctenc normalize --context form 'a%20b%2d'
  a+b-
  $ pctenc normalize --equivalent --context path '/%61%2f' '/a%2F'
  equivalent
  $ pctenc normalize --equivalent --context path '/a%2Fb' '/a/b'; echo \"exit $?\"
  different
  exit 1

Upper-case hex in escapes, escapes of unreserved characters decoded, host and scheme in
lower case (RFC 3986 §6.2.2.1-2); nothing else changes. --equivalent: exit 0 when the two
normalize alike, 1 when not.";

/// Options of `normalize`.
#[derive(Debug, Clone, ClapArgs)]
pub struct NormalizeArgs {
    /// What the input is (help from the library's table).
    #[arg(long, value_name = "CONTEXT", value_parser = Words(Key::Context))]
    pub context: Option<String>,

    /// Compare the two TEXT arguments: print `equivalent` (exit 0) or `different` (exit 1).
    #[arg(long)]
    pub equivalent: bool,

    /// Write control and bidi characters raw even to a terminal.
    #[arg(long)]
    pub raw: bool,

    /// The library's options as text (`-O context=path`).
    #[command(flatten)]
    pub options: OptionsArg,

    /// The input options every record command shares.
    #[command(flatten)]
    pub input: InputArgs,
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};
    use super::*;

    fn normalize(argv: &[&str]) -> NormalizeArgs {
        match parse(argv).unwrap_or_else(|e| panic!("{argv:?}: {e}")).command {
            Some(Command::Normalize(n)) => n,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn options() {
        let n = normalize(&["pctenc", "normalize", "x"]);
        assert_eq!((n.context, n.equivalent), (None, false));
        let n = normalize(&["pctenc", "normalize", "--equivalent", "--context", "host", "a", "b"]);
        assert!(n.equivalent && n.context.as_deref() == Some("host") && n.input.text.len() == 2);
    }
}
