//! `args`: argv to [`Args`], plain data. No I/O, no lookups: names stay strings here and
//! [`crate::plan`] resolves them. The clap model defined here is also the source of the help
//! text, the shell completions and the man page, so they cannot disagree.
//!
//! Each subcommand's options live in their own file ([`codec`] for `encode`/`decode`,
//! [`form`], [`template`], [`profiles`]), so a new subcommand is one file plus one variant
//! of [`Command`].

pub mod check;
pub mod codec;
pub mod form;
pub mod input;
pub mod normalize;
pub mod options;
pub mod profiles;
pub mod template;

use clap::{Args as ClapArgs, CommandFactory, Parser, Subcommand, ValueEnum};

pub use check::CheckArgs;
pub use codec::CodecArgs;
pub use form::{FormAction, FormArgs};
pub use input::InputArgs;
pub use normalize::NormalizeArgs;
pub use profiles::ProfilesArgs;
pub use template::TemplateArgs;

/// Examples in `$ command` / output form; `tests/cli.rs` runs every one without a
/// `(comment)` and compares its output.
const EXAMPLES: &str = "\
Examples:
  $ pctenc encode 'a b/ü'
  a%20b%2F%C3%BC
  $ pctenc encode -p form 'q=a b&c'
  q%3Da+b%26c
  $ pctenc decode -p js-component '%E2%82%AC' '100%25'
  €
  100%
  $ pctenc decode --lenient '100%'
  100%
  $ printf 'a b\\r\\nc/d' | pctenc encode
  a%20b
  c%2Fd
  $ pctenc encode --whole < in.bin > out.txt     (binary safe: exactly the result)
  $ pctenc decode --charset auto '%82%B1%82%F1%82%C9%82%BF%82%CD'
  こんにちは
  $ pctenc form decode 'a=1&b=x+y'
  [[\"a\",\"1\"],[\"b\",\"x y\"]]
  $ pctenc template '/users/{id}{?fields*}' id=7 'fields=[\"name\",\"mail\"]'
  /users/7?fields=name&fields=mail
  $ pctenc check --context path '/img/%2E%2E/etc/passwd' | head -1
  critical encoded-dot-segment line 1 bytes 5..11: segment '%2E%2E' decodes to a dot segment
  $ pctenc decode --segment '..%2fetc' 2>&1; echo \"exit $?\"
  pctenc: argument 1, byte 2: encoded-slash at \"%2f\", rejected by --policy strict
  exit 1
  $ pctenc normalize 'HTTP://%41.Example/%7euser'
  http://a.example/~user
  $ pctenc profiles                              (what every profile escapes)
  $ pctenc completions bash > ~/.local/share/bash-completion/completions/pctenc   (install)

Exit status: 0 ok, 1 input rejected, 2 usage or I/O error.";

/// The whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "pctenc",
    about = "Percent-encode and decode (URL encoding) in every dialect, exactly",
    long_about = "Percent-encode and decode (\"URL encoding\") in every dialect: RFC 3986 per \
                  component, the WHATWG URL Standard, HTML forms, JavaScript's encodeURI, \
                  encodeURIComponent and escape, each exact in both directions.",
    after_help = EXAMPLES,
    disable_version_flag = true,
    arg_required_else_help = true
)]
pub struct Args {
    /// Options every command takes.
    #[command(flatten)]
    pub global: Global,
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options every command takes.
#[derive(Debug, ClapArgs)]
pub struct Global {
    /// Use this kernel instead of the detected one (see --version for the available ones).
    #[arg(long, global = true, value_name = "NAME")]
    pub kernel: Option<String>,
    /// When to colour the output: auto = on a terminal, unless NO_COLOR is set.
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,
    /// Print the version and the kernel in use.
    #[arg(short = 'V', long)]
    pub version: bool,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// Colour on a terminal, unless NO_COLOR is set.
    Auto,
    /// Always colour (overrides NO_COLOR).
    Always,
    /// Never colour.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Percent-encode each record.
    #[command(after_help = codec::ENCODE_EXAMPLES)]
    Encode(CodecArgs),
    /// Percent-decode each record.
    #[command(after_help = codec::DECODE_EXAMPLES)]
    Decode(CodecArgs),
    /// Find encodings that attacks use (double encoding, encoded dot segments, overlong
    /// UTF-8, CR/LF...), each with its severity and byte span.
    #[command(after_help = check::CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// application/x-www-form-urlencoded strings to JSON pairs, and back.
    Form(FormArgs),
    /// Write the RFC 3986 normal form of each input, or compare two (--equivalent).
    #[command(after_help = normalize::NORMALIZE_EXAMPLES)]
    Normalize(NormalizeArgs),
    /// Expand an RFC 6570 URI Template.
    #[command(after_help = template::TEMPLATE_EXAMPLES)]
    Template(TemplateArgs),
    /// Show what every profile escapes (a table, or --json).
    Profiles(ProfilesArgs),
    /// List every option (-O KEY=VALUE) of every operation: its words and its default.
    Options,
    /// Print shell completions for SHELL.
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
}

/// Parses `argv`; on a usage error, or for `--help`, returns clap's error, which knows how
/// to print itself and whether that is a failure.
pub fn parse<I, T>(argv: I) -> Result<Args, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::FromArgMatches;
    let matches = command().try_get_matches_from(argv)?;
    Args::from_arg_matches(&matches)
}

/// The clap model, for parsing, completions and the man page: the derived one, with each
/// record command's long help (`--help`) ending in what its input options do there.
pub fn command() -> clap::Command {
    options::with_model_help(with_input_help(Args::command(), &mut Vec::new()))
}

fn with_input_help(mut cmd: clap::Command, path: &mut Vec<String>) -> clap::Command {
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        path.push(name.clone());
        cmd = cmd.mut_subcommand(&name, |sub| {
            let sub = with_input_help(sub, path);
            let refs: Vec<&str> = path.iter().map(String::as_str).collect();
            match input::help_section(&refs) {
                Some(section) => {
                    let examples =
                        sub.get_after_help().map(|h| format!("{h}\n\n")).unwrap_or_default();
                    sub.after_long_help(format!("{examples}{section}"))
                }
                None => sub,
            }
        });
        path.pop();
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(argv: &[&str]) -> Args {
        parse(argv).unwrap_or_else(|e| panic!("{argv:?}: {e}"))
    }

    #[test]
    fn model_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn kernel_and_color_are_global() {
        let a = ok(&["pctenc", "encode", "--kernel", "scalar", "--color", "never", "x"]);
        assert_eq!(a.global.kernel.as_deref(), Some("scalar"));
        assert_eq!(a.global.color, ColorWhen::Never);
        let a = ok(&["pctenc", "--kernel", "scalar", "profiles"]);
        assert_eq!(a.global.kernel.as_deref(), Some("scalar"));
    }

    #[test]
    fn version_needs_no_command() {
        let a = ok(&["pctenc", "--version"]);
        assert!(a.global.version && a.command.is_none());
        assert!(ok(&["pctenc", "-V"]).global.version);
    }

    #[test]
    fn no_arguments_is_a_usage_error() {
        assert!(parse(["pctenc"]).is_err());
    }

    #[test]
    fn completions_take_a_known_shell() {
        assert!(matches!(
            ok(&["pctenc", "completions", "bash"]).command,
            Some(Command::Completions { .. })
        ));
        assert!(parse(["pctenc", "completions", "cmd.exe"]).is_err());
    }

    #[test]
    fn help_shows_examples() {
        let help = command().render_long_help().to_string();
        assert!(help.contains("Examples:") && help.contains("$ pctenc encode 'a b/ü'"), "{help}");
    }
}
