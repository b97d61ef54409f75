//! The input options every command that reads records takes, with one meaning everywhere:
//! TEXT arguments, `-i FILE` (repeatable, `-` for stdin), stdin when neither is given,
//! `--whole`, `--keep-going`, `--threads` and `--json`.
//!
//! One struct, flattened into each such command, so that a flag cannot be spelt, documented
//! or parsed differently from one command to the next. [`support`] says, per [`Mode`], what
//! each option does there, and where a combination cannot mean anything (`--json` where the
//! output has no structure), why: the planner refuses it with that reason (exit 2),
//! `docs/cli.md` shows [`table`] (a test compares the two), and `tests/matrix.rs` runs every
//! mode with every option, walking the clap model so that no command or option is left out.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Args as ClapArgs;

/// The input options (see the module docs).
#[derive(Debug, Clone, Default, ClapArgs)]
#[command(next_help_heading = "Input")]
pub struct InputArgs {
    /// Read this file ('-' for stdin); repeat to read several, in order, as one input.
    #[arg(short = 'i', long = "input", value_name = "FILE")]
    pub inputs: Vec<PathBuf>,

    /// Treat the entire input as one record and write exactly its result, with nothing
    /// added (binary safe).
    #[arg(long)]
    pub whole: bool,

    /// Report every rejected record and go on; exit 1 at the end if any was rejected.
    #[arg(long)]
    pub keep_going: bool,

    /// Threads for records read from stdin or files (0, the default: one per core; 1: none
    /// besides the main one). Output and exit status are the same for every N; commands
    /// that hold each record whole use one.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,

    /// Write JSON, where the output has structure (check: one object per finding; form
    /// decode: always JSON); elsewhere an error says why not.
    #[arg(long)]
    pub json: bool,

    /// Records to process, one each; without them the input is read from -i FILE or stdin.
    #[arg(value_name = "TEXT")]
    pub text: Vec<OsString>,
}

/// A way a command runs that changes what its input options can mean: a subcommand, or a
/// subcommand with the flag that changes its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `encode`.
    Encode,
    /// `decode`.
    Decode,
    /// `decode --segment`.
    DecodeSegment,
    /// `decode --repeat N`.
    DecodeRepeat,
    /// `decode --until-stable`.
    DecodeUntilStable,
    /// `check`.
    Check,
    /// `normalize`.
    Normalize,
    /// `normalize --equivalent`.
    NormalizeEquivalent,
    /// `form decode`.
    FormDecode,
    /// `form encode`.
    FormEncode,
}

impl Mode {
    /// Every mode, in the order of the docs' table.
    pub const ALL: [Mode; 10] = [
        Mode::Encode,
        Mode::Decode,
        Mode::DecodeSegment,
        Mode::DecodeRepeat,
        Mode::DecodeUntilStable,
        Mode::Check,
        Mode::Normalize,
        Mode::NormalizeEquivalent,
        Mode::FormDecode,
        Mode::FormEncode,
    ];

    /// The command line that selects the mode.
    pub const fn command(self) -> &'static str {
        match self {
            Mode::Encode => "encode",
            Mode::Decode => "decode",
            Mode::DecodeSegment => "decode --segment",
            Mode::DecodeRepeat => "decode --repeat N",
            Mode::DecodeUntilStable => "decode --until-stable",
            Mode::Check => "check",
            Mode::Normalize => "normalize",
            Mode::NormalizeEquivalent => "normalize --equivalent",
            Mode::FormDecode => "form decode",
            Mode::FormEncode => "form encode",
        }
    }
}

/// One of the input options every record command declares ([`InputArgs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputOption {
    /// TEXT arguments: one record each.
    Text,
    /// Standard input, when there is neither TEXT nor `-i`.
    Stdin,
    /// `-i FILE` (repeatable; `-` is stdin).
    File,
    /// `--whole`.
    Whole,
    /// `--keep-going`.
    KeepGoing,
    /// `--threads N`.
    Threads,
    /// `--json`.
    Json,
}

impl InputOption {
    /// Every option, in the order of the docs' table.
    pub const ALL: [InputOption; 7] = [
        InputOption::Text,
        InputOption::Stdin,
        InputOption::File,
        InputOption::Whole,
        InputOption::KeepGoing,
        InputOption::Threads,
        InputOption::Json,
    ];

    /// How the option is written.
    pub const fn flag(self) -> &'static str {
        match self {
            InputOption::Text => "TEXT",
            InputOption::Stdin => "stdin",
            InputOption::File => "-i FILE",
            InputOption::Whole => "--whole",
            InputOption::KeepGoing => "--keep-going",
            InputOption::Threads => "--threads N",
            InputOption::Json => "--json",
        }
    }

    /// The id of its argument in the clap model (stdin has none: it is the absence of both).
    #[allow(dead_code)] // tests/matrix.rs, which includes this module, walks the model with it
    pub const fn arg_id(self) -> Option<&'static str> {
        match self {
            InputOption::Text => Some("text"),
            InputOption::Stdin => None,
            InputOption::File => Some("inputs"),
            InputOption::Whole => Some("whole"),
            InputOption::KeepGoing => Some("keep_going"),
            InputOption::Threads => Some("threads"),
            InputOption::Json => Some("json"),
        }
    }
}

/// What an option does in a mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// Taken, with the same meaning as everywhere; the note says what it does here when that
    /// needs saying (empty when it does not).
    Yes(&'static str),
    /// Refused (exit 2) for this reason.
    No(&'static str),
}

/// What `option` does in `mode`: the one table the planner, the docs and the tests share.
pub const fn support(mode: Mode, option: InputOption) -> Support {
    use InputOption as O;
    use Mode as M;
    match (mode, option) {
        (M::NormalizeEquivalent, O::Text) => Support::Yes("exactly two, compared"),
        (M::NormalizeEquivalent, O::Stdin | O::File) => Support::No(
            "--equivalent compares exactly two TEXT arguments; records read from stdin or \
             files come one at a time, with nothing to compare them with",
        ),
        (_, O::Text | O::Stdin | O::File) => Support::Yes(""),
        (M::NormalizeEquivalent, O::Whole) => Support::Yes("each TEXT is already whole"),
        (M::FormDecode, O::Whole) => Support::Yes("one form; its JSON ends with a newline"),
        (M::FormEncode, O::Whole) => Support::Yes("one JSON value"),
        (M::Check, O::Whole) => Support::Yes("offsets count from the start of the input"),
        (_, O::Whole) => Support::Yes(""),
        (M::Check, O::KeepGoing) => {
            Support::Yes("always goes on: a finding is reported, not a rejected record")
        }
        (M::FormDecode, O::KeepGoing) => Support::Yes("never rejects a record"),
        (M::NormalizeEquivalent, O::KeepGoing) => Support::Yes("one comparison"),
        (_, O::KeepGoing) => Support::Yes(""),
        (M::Encode | M::Decode, O::Threads) => Support::Yes(""),
        (_, O::Threads) => Support::Yes("runs on one thread: each record is held whole"),
        (M::Check, O::Json) => Support::Yes("one object per finding (= --format jsonl)"),
        (M::FormDecode, O::Json) => Support::Yes("its output is always JSON"),
        (
            M::Encode | M::Decode | M::DecodeSegment | M::DecodeRepeat | M::DecodeUntilStable,
            O::Json,
        ) => Support::No(
            "the output is each record's result as it is, one per line: it has no \
                 structure to write as JSON",
        ),
        (M::Normalize, O::Json) => Support::No(
            "the output is each record's normal form as it is, one per line: it has no \
             structure to write as JSON",
        ),
        (M::NormalizeEquivalent, O::Json) => Support::No(
            "the answer is the exit status (0 equivalent, 1 different) and one word: it has no \
             structure to write as JSON",
        ),
        (M::FormEncode, O::Json) => Support::No(
            "the output is urlencoded strings; JSON is what form encode reads, not what it \
             writes",
        ),
    }
}

/// The table of [`support`] as Markdown: a row per mode, a column per option; `yes`, `yes:
/// NOTE`, or `no: REASON`. `docs/cli.md` holds a copy that tests/matrix.rs compares with this.
#[allow(dead_code)] // tests/matrix.rs, which includes this module
pub fn table() -> String {
    let mut t = String::from("| command |");
    for o in InputOption::ALL {
        t.push_str(&format!(" `{}` |", o.flag()));
    }
    t.push_str("\n|---|");
    t.push_str(&"---|".repeat(InputOption::ALL.len()));
    t.push('\n');
    for m in Mode::ALL {
        t.push_str(&format!("| `{}` |", m.command()));
        for o in InputOption::ALL {
            match support(m, o) {
                Support::Yes("") => t.push_str(" yes |"),
                Support::Yes(note) => t.push_str(&format!(" yes: {note} |")),
                Support::No(why) => t.push_str(&format!(" **no**: {why} |")),
            }
        }
        t.push('\n');
    }
    t
}

impl Mode {
    /// The subcommand path that runs the mode (`["form", "decode"]`).
    pub fn path(self) -> &'static [&'static str] {
        match self {
            Mode::Encode => &["encode"],
            Mode::Decode | Mode::DecodeSegment | Mode::DecodeRepeat | Mode::DecodeUntilStable => {
                &["decode"]
            }
            Mode::Check => &["check"],
            Mode::Normalize | Mode::NormalizeEquivalent => &["normalize"],
            Mode::FormDecode => &["form", "decode"],
            Mode::FormEncode => &["form", "encode"],
        }
    }
}

/// The `--help` section of the subcommand at `path`: what each input option does in each of
/// its modes, from [`support`].
pub fn help_section(path: &[&str]) -> Option<String> {
    let modes: Vec<Mode> = Mode::ALL.into_iter().filter(|m| m.path() == path).collect();
    if modes.is_empty() {
        return None;
    }
    let mut s =
        String::from("Input options (the same in every command; docs/cli.md has the table):");
    for m in modes {
        let (yes, other): (Vec<InputOption>, Vec<InputOption>) =
            InputOption::ALL.into_iter().partition(|&o| support(m, o) == Support::Yes(""));
        let names: Vec<&str> = yes.iter().map(|o| o.flag()).collect();
        s.push_str(&format!("\n  {}: {}", m.command(), names.join(", ")));
        for o in other {
            match support(m, o) {
                Support::Yes(note) => s.push_str(&format!("\n    {}: {note}", o.flag())),
                Support::No(why) => s.push_str(&format!("\n    {}: not taken: {why}", o.flag())),
            }
        }
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};

    use super::*;

    #[test]
    fn whole_keep_going_and_threads_mean_something_everywhere() {
        for m in Mode::ALL {
            assert!(matches!(support(m, InputOption::Text), Support::Yes(_)), "{m:?}");
            assert!(matches!(support(m, InputOption::Whole), Support::Yes(_)), "{m:?}");
            assert!(matches!(support(m, InputOption::KeepGoing), Support::Yes(_)), "{m:?}");
            assert!(matches!(support(m, InputOption::Threads), Support::Yes(_)), "{m:?}");
        }
        assert_eq!(table().lines().count(), 2 + Mode::ALL.len());
    }

    #[test]
    fn every_record_command_takes_the_same_options() {
        let argv = |cmd: &[&'static str]| {
            let mut v = vec!["pctenc"];
            v.extend_from_slice(cmd);
            v.extend(["-i", "a", "--input", "-", "--whole", "--keep-going", "--threads", "3"]);
            v.push("--json");
            v
        };
        for cmd in [&["encode"][..], &["decode"], &["check"], &["normalize"], &["form", "decode"]] {
            let parsed = parse(argv(cmd)).unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
            let i = match parsed.command {
                Some(Command::Encode(c) | Command::Decode(c)) => c.input,
                Some(Command::Check(c)) => c.input,
                Some(Command::Normalize(n)) => n.input,
                Some(Command::Form(f)) => f.action.io().input.clone(),
                other => panic!("{other:?}"),
            };
            assert_eq!(i.inputs.len(), 2, "{cmd:?}");
            assert!(i.whole && i.keep_going && i.json && i.threads == 3, "{cmd:?}");
        }
    }
}
