//! The options of `check`: the URL component the input is, how findings are written, and
//! which severity makes the run fail.
//!
//! The context and severity names come from the library's own tables ([`Context::ALL`],
//! [`Severity::ALL`]), so `--help`, the completions and the library cannot disagree.

use clap::builder::PossibleValuesParser;
use clap::{Args as ClapArgs, ValueEnum};
use pctenc::lint::{Context, Severity};

use super::input::InputArgs;

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
    /// What the input is: one URL component, or a whole URL or request target (`url`, split
    /// into components first).
    #[arg(long, value_name = "CONTEXT", default_value = "url", value_parser = contexts())]
    pub context: String,

    /// text: each finding with its line and a caret under the span; jsonl: one JSON object
    /// per finding (`code`, `severity`, `offset`, `len`, `line`, `message`, `depth`).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text, value_name = "FORMAT")]
    pub format: CheckFormat,

    /// Exit 1 when a finding is at least this severe.
    #[arg(long, value_name = "SEVERITY", default_value = "high", value_parser = severities())]
    pub fail_on: String,

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

/// The `--context` names, from the library's table.
pub(crate) fn contexts() -> PossibleValuesParser {
    PossibleValuesParser::new(Context::ALL.iter().map(|c| c.as_str()))
}

fn severities() -> PossibleValuesParser {
    PossibleValuesParser::new(Severity::ALL.iter().rev().map(|s| s.as_str()))
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
    fn defaults() {
        let c = check(&["pctenc", "check", "x"]);
        assert_eq!(
            (c.context.as_str(), c.format, c.fail_on.as_str()),
            ("url", CheckFormat::Text, "high")
        );
    }

    #[test]
    fn names_come_from_the_library() {
        for ctx in Context::ALL {
            assert_eq!(
                check(&["pctenc", "check", "--context", ctx.as_str()]).context,
                ctx.as_str()
            );
        }
        for s in Severity::ALL {
            assert_eq!(check(&["pctenc", "check", "--fail-on", s.as_str()]).fail_on, s.as_str());
        }
        assert!(parse(["pctenc", "check", "--context", "body"]).is_err());
        assert!(parse(["pctenc", "check", "--fail-on", "severe"]).is_err());
        assert!(parse(["pctenc", "check", "--format", "json"]).is_err());
    }
}
