//! The input options as a plan: [`crate::args::input::support`] says what each option means
//! for each command; this checks the command line against it (a refusal is exit 2 with the
//! reason in words) and turns the options into a [`RecordInput`].

use std::ffi::OsString;
use std::path::PathBuf;

use super::{Input, Source, UsageError};
use crate::args::input::{support, InputOption, Mode, Support};
use crate::args::InputArgs;

/// The input as a plan: where records come from and the options that shape them.
#[derive(Debug)]
pub struct RecordInput {
    /// Where the records come from.
    pub source: Source,
    /// The whole input is one record.
    pub whole: bool,
    /// Report each rejected record and go on.
    pub keep_going: bool,
    /// Threads (at least 1).
    pub threads: usize,
    /// JSON output.
    pub json: bool,
}

/// Checks `args` against [`support`] for `mode` and plans the input.
pub fn plan(mode: Mode, args: InputArgs) -> Result<RecordInput, UsageError> {
    if !args.text.is_empty() && !args.inputs.is_empty() {
        return Err(UsageError(format!(
            "{}: TEXT arguments and -i FILE both say what the input is; give the records as \
             TEXT, or read them with -i (-i - reads stdin)",
            mode.command()
        )));
    }
    let given = |o: InputOption| match o {
        InputOption::Text => !args.text.is_empty(),
        InputOption::Stdin => {
            args.text.is_empty() && (args.inputs.is_empty() || args.inputs.iter().any(|p| p == "-"))
        }
        InputOption::File => !args.inputs.is_empty(),
        InputOption::Whole => args.whole,
        InputOption::KeepGoing => args.keep_going,
        InputOption::Threads => args.threads != 0,
        InputOption::Json => args.json,
    };
    for o in InputOption::ALL {
        if let (true, Support::No(why)) = (given(o), support(mode, o)) {
            let what = if o == InputOption::Stdin { "reading stdin" } else { o.flag() };
            return Err(UsageError(format!("{what} with {}: {why}", mode.command())));
        }
    }
    Ok(RecordInput {
        source: source(args.text, args.inputs),
        whole: args.whole,
        keep_going: args.keep_going,
        threads: match args.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        },
        json: args.json,
    })
}

/// TEXT arguments, or the `-i` inputs, or stdin.
fn source(text: Vec<OsString>, inputs: Vec<PathBuf>) -> Source {
    if !text.is_empty() {
        Source::Texts(text.into_iter().map(os_bytes).collect())
    } else if inputs.is_empty() {
        Source::Streams(vec![Input::Stdin])
    } else {
        let inputs = inputs.into_iter().map(|p| {
            if p.as_os_str() == "-" {
                Input::Stdin
            } else {
                Input::File(p)
            }
        });
        Source::Streams(inputs.collect())
    }
}

#[cfg(unix)]
fn os_bytes(s: OsString) -> Vec<u8> {
    std::os::unix::ffi::OsStringExt::into_vec(s)
}

#[cfg(not(unix))]
fn os_bytes(s: OsString) -> Vec<u8> {
    s.to_string_lossy().into_owned().into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(f: impl FnOnce(&mut InputArgs)) -> InputArgs {
        let mut a = InputArgs::default();
        f(&mut a);
        a
    }

    #[test]
    fn refusals_say_why_in_words() {
        let e = plan(Mode::Encode, args(|a| a.json = true)).unwrap_err();
        assert_eq!(
            e.0,
            "--json with encode: the output is each record's result as it is, one per line: it \
             has no structure to write as JSON"
        );
        let e = plan(Mode::NormalizeEquivalent, args(|_| {})).unwrap_err();
        assert!(e.0.starts_with("reading stdin with normalize --equivalent: "), "{}", e.0);
        let e = plan(
            Mode::Check,
            args(|a| {
                a.text = vec!["x".into()];
                a.inputs = vec!["f".into()];
            }),
        )
        .unwrap_err();
        assert!(e.0.contains("TEXT arguments and -i FILE"), "{}", e.0);
    }
}
