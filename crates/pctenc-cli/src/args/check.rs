//! The options of `check`: the URL component the input is, how findings are written, and
//! which severity makes the run fail.
//!
//! The context and severity words, their help and their defaults come from the library's
//! options table, so `--help`, the completions and the library cannot disagree.

use clap::{Args as ClapArgs, ValueEnum};
use pctenc::options::Key;

use super::input::InputArgs;
use super::options::{OptionsArg, Words};

pub(crate) const CHECK_EXAMPLES: &str = "\
Examples:
  $ pctenc check --context path '/a/%2E%2E/b'; echo \"exit $?\"
  critical encoded-dot-segment line 1 bytes 3..9: segment '%2E%2E' decodes to a dot segment
    /a/%2E%2E/b
       ^^^^^^
  exit 1
  $ pctenc check --format jsonl --context query 'a=%252e' | cut -d, -f1-5
  {\"code\":\"double-encoded\",\"severity\":\"medium\",\"offset\":2,\"len\":5,\"line\":1
  $ pctenc check --fail-on medium 'a=%252e' > /dev/null; echo \"exit $?\"
  exit 1
  $ pctenc check --context path -i access.log      (each line of a log on its own)

Offsets count from the start of the line (the argument, for TEXT); `line` is its number.
Exit status: 1 when a finding reaches --fail-on, else 0; 2 on a usage or I/O error.";

/// Options of `check`.
#[derive(Debug, Clone, ClapArgs)]
pub struct CheckArgs {
    /// What the input is (help from the library's table).
    #[arg(long, value_name = "CONTEXT", value_parser = Words(Key::Context))]
    pub context: Option<String>,

    /// text: each finding with its line and a caret under the span; jsonl: one JSON object
    /// per finding (`code`, `severity`, `offset`, `len`, `line`, `message`, `depth`).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text, value_name = "FORMAT")]
    pub format: CheckFormat,

    /// Exit 1 when a finding is at least this severe (help from the library's table).
    #[arg(long, value_name = "SEVERITY", value_parser = Words(Key::FailOn))]
    pub fail_on: Option<String>,

    /// The library's options as text (`-O context=path,max_len=4096`).
    #[command(flatten)]
    pub options: OptionsArg,

    /// The input options every record command shares (`--json` is `--format jsonl`).
    #[command(flatten)]
    pub input: InputArgs,
}

/// `check --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// For people: the line, a caret under the span.
    Text,
    /// For programs: one JSON object per line.
    Jsonl,
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};
    use super::*;

    fn check(argv: &[&str]) -> CheckArgs {
        match parse(argv).unwrap_or_else(|e| panic!("{argv:?}: {e}")).command {
            Some(Command::Check(c)) => c,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn defaults_are_the_library_s() {
        let c = check(&["pctenc", "check", "x"]);
        assert_eq!((c.context, c.format, c.fail_on), (None, CheckFormat::Text, None));
    }

    #[test]
    fn words_reach_the_planner_as_given() {
        let c = check(&["pctenc", "check", "--context", "body", "--fail-on", "crit"]);
        assert_eq!((c.context.as_deref(), c.fail_on.as_deref()), (Some("body"), Some("crit")));
        assert!(parse(["pctenc", "check", "--format", "json"]).is_err());
    }
}
