//! The contract's options on the command line: `-O/--options 'KEY=VALUE, ...'` (the
//! library's compact text form, as the SQL functions take it) on every command that takes
//! options, and the flags (`--utf8`, `--context`...) whose words come from the library's
//! table ([`pctenc::options::words`]).
//!
//! Flags stay strings here: the planner hands them to [`pctenc::options::Options`], which
//! says what a misspelt word was meant to be, in the same words as every other front end.
//! The table still feeds clap's help and completions ([`Words`]), and [`with_model_help`]
//! writes each such flag's help and default from it, so `--help` cannot disagree with the
//! library.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::Args as ClapArgs;
use pctenc::options::words::{self, Key, Op};

/// `-O/--options`, flattened into each command that takes options.
#[derive(Debug, Clone, Default, ClapArgs)]
pub struct OptionsArg {
    /// Options as KEY=VALUE pairs separated by commas, as the SQL functions take them
    /// (`pctenc options` lists every key and word): the flags are shorthands for them.
    #[arg(short = 'O', long = "options", value_name = "KEY=VALUE,...")]
    pub options: Option<String>,
}

/// A flag whose value is a word of the library's table: any string is accepted here (the
/// planner's [`pctenc::options::Options`] says what is wrong with it); the words are offered
/// to help and completions.
#[derive(Clone, Copy, Debug)]
pub struct Words(pub Key);

impl TypedValueParser for Words {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_owned)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let words = words::info(self.0).words();
        (!words.is_empty())
            .then(|| Box::new(words.iter().map(|w| PossibleValue::new(w.name).help(w.about))) as _)
    }
}

/// `(subcommand path, argument id, option, operation)`: the flags that set an option of the
/// library's table, whose help and default come from it.
const MODEL_ARGS: &[(&[&str], &str, Key, Op)] = &[
    (&["encode"], "profile", Key::Profile, Op::Encode),
    (&["decode"], "profile", Key::Profile, Op::Decode),
    (&["encode"], "utf8", Key::Utf8, Op::Encode),
    (&["decode"], "utf8", Key::Utf8, Op::Decode),
    (&["encode"], "charset", Key::Charset, Op::Encode),
    (&["decode"], "charset", Key::Charset, Op::Decode),
    (&["decode"], "policy", Key::Policy, Op::DecodeSegment),
    (&["check"], "context", Key::Context, Op::Check),
    (&["check"], "fail_on", Key::FailOn, Op::Check),
    (&["normalize"], "context", Key::Context, Op::Normalize),
];

/// `cmd` with the help of each flag of [`MODEL_ARGS`] written from the library's table:
/// what it does, and its default for the command's operation.
pub fn with_model_help(mut cmd: clap::Command) -> clap::Command {
    for (path, id, key, op) in MODEL_ARGS {
        let info = words::info(*key);
        let default = info.default_for(*op).unwrap_or("none");
        let help =
            format!("{} (-O {}=...) [default: {default}]", capitalized(info.about), info.name);
        cmd = match path {
            [sub] => cmd.mut_subcommand(*sub, |s| s.mut_arg(*id, |a| a.help(help.clone()))),
            _ => cmd,
        };
    }
    cmd
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::super::{command, parse, Command};
    use super::*;

    #[test]
    fn word_flags_offer_the_library_words_and_defaults() {
        let help = command().find_subcommand_mut("check").unwrap().render_long_help().to_string();
        for w in words::CONTEXT {
            assert!(help.contains(w.name), "{}", w.name);
        }
        assert!(help.contains("[default: url]") && help.contains("[default: high]"), "{help}");
        let help = command().find_subcommand_mut("decode").unwrap().render_long_help().to_string();
        assert!(
            help.contains("-O utf8=...") && help.contains("strict where the profile keeps bytes"),
            "{help}"
        );
    }

    #[test]
    fn any_word_parses_the_planner_judges_it() {
        match parse(["pctenc", "decode", "--utf8", "lossey", "-O", "profile=form"]).unwrap().command
        {
            Some(Command::Decode(c)) => {
                assert_eq!(c.utf8.as_deref(), Some("lossey"));
                assert_eq!(c.options.options.as_deref(), Some("profile=form"));
            }
            other => panic!("{other:?}"),
        }
    }
}
