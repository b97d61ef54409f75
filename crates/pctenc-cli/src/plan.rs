//! `plan`: [`Args`] to a [`Plan`]. Resolves names (`--profile` through `pctenc::by_name`,
//! `--kernel` through `Kernel::by_name`), applies the flags to the profile's const knobs, and
//! is the only code that looks at the environment: terminals, `NO_COLOR`, `CI`, input sizes.
//! What it decides is plain data that [`crate::exec`] carries out without seeing a flag.

use std::io::IsTerminal;
use std::path::PathBuf;

use pctenc::charset::{Encoding, Invalid};
use pctenc::options::{self as contract, Op, Options};
use pctenc::{Kernel, Profile, Utf8};

pub mod input;
mod lines;
mod options;

pub use crate::args::input::Mode;
pub use lines::{LinesIo, NormalizePlan, RepeatPlan, SegmentPlan, UNTIL_STABLE_PASSES};

use crate::args::check::CheckFormat;
use crate::args::form::FormIo;
use crate::args::{Args, CodecArgs, ColorWhen, Command, FormAction, TemplateArgs};

/// Inputs (in bytes) below this size get no progress bar: they finish before one helps.
pub const PROGRESS_THRESHOLD: u64 = 32 << 20;

/// Everything `exec` needs to know.
#[derive(Debug)]
pub struct Plan {
    /// The kernel to force, if `--kernel` named one.
    pub kernel: Option<Kernel>,
    /// Whether messages on stderr may be coloured.
    pub stderr_color: bool,
    /// The work.
    pub task: Task,
}

/// The work of one run (one value per run, so the variants' sizes do not matter).
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Task {
    /// Print the version and the kernel.
    Version,
    /// Encode or decode.
    Codec(CodecPlan),
    /// `decode --segment`.
    Segment(SegmentPlan),
    /// `decode --repeat N` / `--until-stable`.
    Repeat(RepeatPlan),
    /// `normalize`.
    Normalize(NormalizePlan),
    /// `check`: lint the input.
    Check(CheckPlan),
    /// `form decode` / `form encode`.
    Form(FormPlan),
    /// `template`: expand a URI Template.
    Template(TemplateArgs),
    /// The options of every operation (`pctenc options`).
    Options,
    /// The profiles table (`color`) or JSON.
    Profiles {
        /// JSON instead of the table.
        json: bool,
        /// Colour the table.
        color: bool,
    },
    /// Shell completions.
    Completions(clap_complete::Shell),
    /// The man page.
    Man,
}

/// Encode or decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Percent-encode.
    Encode,
    /// Percent-decode.
    Decode,
}

/// Where the records come from.
#[derive(Debug)]
pub enum Source {
    /// TEXT arguments, one record each.
    Texts(Vec<Vec<u8>>),
    /// Streams read in order as one input (stdin, or the `-i` files).
    Streams(Vec<Input>),
}

/// One input stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

/// The progress bar, when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Total input size, when every input's size is known.
    pub total: Option<u64>,
    /// Show nothing until this many bytes are done (for inputs of unknown size).
    pub quiet_until: u64,
}

/// An `encode` or `decode` run.
#[derive(Debug)]
pub struct CodecPlan {
    /// Which way.
    pub direction: Direction,
    /// The profile with every flag applied.
    pub profile: Profile,
    /// Where the records come from.
    pub source: Source,
    /// The whole input is one record, written with nothing added.
    pub whole: bool,
    /// Report each rejected record and go on.
    pub keep_going: bool,
    /// Threads for records mode (at least 1; see `exec::parallel`).
    pub threads: usize,
    /// stdout is a terminal: escape control and bidi characters visibly.
    pub terminal: bool,
    /// Show progress on stderr.
    pub progress: Option<Progress>,
    /// Text in a legacy charset (`--charset`), or the profile's own UTF-8.
    pub charset: Charset,
    /// With a charset: write `ENCODING<TAB>` before each record's text.
    pub explain: bool,
    /// With a charset: say on stderr which encoding each record was decoded with.
    pub verbose: bool,
    /// `-p rfc8187`: whole `charset'language'value` ext-values, not just the value part.
    pub ext_value: bool,
}

/// The text's charset under `--charset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// No `--charset`: the profile's own UTF-8 handling.
    Profile,
    /// This encoding; on encode, `strict` makes an unmappable character an error and
    /// `invalid` says what input that is not UTF-8 does; on decode, `invalid` says what
    /// bytes invalid in the encoding do.
    Fixed {
        /// The encoding.
        encoding: &'static Encoding,
        /// Unmappable characters are errors (encode).
        strict: bool,
        /// Invalid bytes are errors or U+FFFD (input not UTF-8 on encode, bytes invalid in
        /// the encoding on decode).
        invalid: Invalid,
    },
    /// Detect per record (decode).
    Auto {
        /// Invalid bytes are errors or U+FFFD.
        invalid: Invalid,
    },
}

/// A `form decode` or `form encode` run.
#[derive(Debug)]
pub struct FormPlan {
    /// Which way.
    pub direction: Direction,
    /// The form's charset (UTF-8 without --charset).
    pub encoding: &'static Encoding,
    /// Where the strings or JSON values come from.
    pub source: Source,
    /// The whole input is one string or one JSON value.
    pub whole: bool,
    /// Report each rejected record (invalid JSON) and go on.
    pub keep_going: bool,
}

/// A `check` run.
#[derive(Debug)]
pub struct CheckPlan {
    /// What the input is, and the limits.
    pub lint: pctenc::lint::Options,
    /// One JSON object per finding instead of text.
    pub jsonl: bool,
    /// Exit 1 when a finding is at least this severe.
    pub fail_on: pctenc::lint::Severity,
    /// Where the inputs come from (TEXT arguments, or lines of the streams).
    pub source: Source,
    /// The whole input is one record (offsets from its start, no line numbers).
    pub whole: bool,
    /// Colour the text findings.
    pub color: bool,
}

/// A usage error found while planning (exit 2).
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Turns `args` into a plan, reading the process environment.
pub fn plan(args: Args) -> Result<Plan, UsageError> {
    plan_with(args, &Env::current())
}

/// What the plan depends on outside argv.
#[derive(Debug, Clone)]
pub struct Env {
    /// stdout is a terminal.
    pub stdout_tty: bool,
    /// stderr is a terminal.
    pub stderr_tty: bool,
    /// `NO_COLOR` is set and not empty.
    pub no_color: bool,
    /// `CI` is set and not empty or "false", or TERM is "dumb".
    pub no_progress: bool,
}

impl Env {
    fn current() -> Env {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
        let dumb = std::env::var_os("TERM").is_some_and(|v| v == "dumb");
        Env {
            stdout_tty: std::io::stdout().is_terminal(),
            stderr_tty: std::io::stderr().is_terminal(),
            no_color: set("NO_COLOR"),
            no_progress: ci || dumb,
        }
    }

    fn color(&self, when: ColorWhen, tty: bool) -> bool {
        match when {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => tty && !self.no_color,
        }
    }
}

/// [`plan`] with the environment given (tests).
pub fn plan_with(args: Args, env: &Env) -> Result<Plan, UsageError> {
    let kernel = args.global.kernel.as_deref().map(kernel_by_name).transpose()?;
    let stderr_color = env.color(args.global.color, env.stderr_tty);
    let task = match args.command {
        _ if args.global.version => Task::Version,
        None => return Err(UsageError("a command is needed; see 'pctenc --help'".into())),
        Some(Command::Encode(c)) if c.segment || c.repeat.is_some() || c.until_stable => {
            return Err(UsageError("--segment, --repeat and --until-stable are for decode".into()))
        }
        Some(Command::Encode(c) | Command::Decode(c)) if combinations(&c).is_err() => {
            return Err(combinations(&c).unwrap_err())
        }
        Some(Command::Encode(c)) => Task::Codec(codec(Mode::Encode, c, env)?),
        Some(Command::Decode(c)) if c.segment => {
            let o = options::codec(Op::DecodeSegment, &c)?;
            Task::Segment(lines::segment(&o, codec(Mode::DecodeSegment, c, env)?))
        }
        Some(Command::Decode(c)) if c.repeat.is_some() || c.until_stable => {
            let (n, until) = (c.repeat, c.until_stable);
            let mode = if until { Mode::DecodeUntilStable } else { Mode::DecodeRepeat };
            Task::Repeat(lines::repeat(n, until, codec(mode, c, env)?))
        }
        Some(Command::Decode(c)) => Task::Codec(codec(Mode::Decode, c, env)?),
        Some(Command::Normalize(n)) => {
            let mode = if n.equivalent { Mode::NormalizeEquivalent } else { Mode::Normalize };
            let context = options::normalize(&n)?.context();
            let input = input::plan(mode, n.input)?;
            Task::Normalize(lines::normalize(
                context,
                n.equivalent,
                LinesIo {
                    source: input.source,
                    whole: input.whole,
                    keep_going: input.keep_going,
                    terminal: env.stdout_tty && !n.raw,
                },
            )?)
        }
        Some(Command::Check(c)) => {
            let o = options::check(&c)?;
            let input = input::plan(Mode::Check, c.input)?;
            Task::Check(CheckPlan {
                lint: o.lint_options(),
                jsonl: c.format == CheckFormat::Jsonl || input.json,
                fail_on: o.fail_on(),
                source: input.source,
                whole: input.whole,
                color: env.color(args.global.color, env.stdout_tty),
            })
        }
        Some(Command::Form(f)) => Task::Form(form(f.action)?),
        Some(Command::Template(t)) => Task::Template(t),
        Some(Command::Options) => Task::Options,
        Some(Command::Profiles(p)) => {
            Task::Profiles { json: p.json, color: env.color(args.global.color, env.stdout_tty) }
        }
        Some(Command::Completions { shell }) => Task::Completions(shell),
        Some(Command::Man) => Task::Man,
    };
    Ok(Plan { kernel, stderr_color, task })
}

/// Refuses, with the reason in words, the `encode`/`decode` flags that cannot mean anything
/// together (clap's generic "cannot be used with" line says which, not why).
fn combinations(c: &CodecArgs) -> Result<(), UsageError> {
    let no = |why: &str| Err(UsageError(why.to_string()));
    if c.strict && c.lenient {
        return no("--strict and --lenient say opposite things about a '%' that starts no \
                   escape: give one");
    }
    if c.explain && c.charset.is_none() {
        return no("--explain names the charset each record was decoded with: it needs --charset");
    }
    if c.segment && (c.repeat.is_some() || c.until_stable) {
        return no("--segment decodes once: a segment that still holds escapes after one \
                   decode is double encoded, which --segment rejects; --repeat and \
                   --until-stable do not apply");
    }
    if c.repeat.is_some() && c.until_stable {
        return no("--repeat N stops after N decodes, --until-stable when a decode changes \
                   nothing: give one");
    }
    if (c.repeat.is_some() || c.until_stable) && c.charset.is_some() {
        return no("--charset with --repeat or --until-stable: the layers are decoded by the \
                   profile, as bytes and UTF-8; reading the last layer in a legacy charset is \
                   not supported");
    }
    Ok(())
}

fn kernel_by_name(name: &str) -> Result<Kernel, UsageError> {
    Kernel::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = Kernel::available().iter().map(|k| k.name()).collect();
        UsageError(format!("unknown kernel '{name}'; available here: {}", names.join(", ")))
    })
}

fn codec(mode: Mode, c: CodecArgs, env: &Env) -> Result<CodecPlan, UsageError> {
    let direction = if mode == Mode::Encode { Direction::Encode } else { Direction::Decode };
    let op = match mode {
        Mode::Encode => Op::Encode,
        Mode::DecodeSegment => Op::DecodeSegment,
        _ => Op::Decode,
    };
    let o = options::codec(op, &c)?;
    let profile = o.profile();
    let ext_value = o.ext_value();
    let charset = charset(&o);
    let input = input::plan(mode, c.input)?;
    let source = input.source;
    let progress = match &source {
        Source::Streams(inputs) if env.stderr_tty && !env.no_progress => progress_for(inputs),
        _ => None,
    };
    Ok(CodecPlan {
        direction,
        profile,
        source,
        whole: input.whole,
        keep_going: input.keep_going,
        threads: input.threads,
        terminal: env.stdout_tty && !c.raw,
        progress,
        charset,
        explain: c.explain,
        verbose: c.verbose,
        ext_value,
    })
}

/// The charset the options name, with what they say about it: `unmappable=error` on encode,
/// `utf8=lossy` (U+FFFD for invalid input, not an error; the library has refused the
/// combinations that mean nothing).
fn charset(o: &Options) -> Charset {
    let invalid = if o.utf8() == Some(Utf8::Lossy) { Invalid::Replace } else { Invalid::Error };
    match o.charset() {
        None => Charset::Profile,
        Some(contract::Charset::Auto) => Charset::Auto { invalid },
        Some(contract::Charset::Encoding(encoding)) => {
            Charset::Fixed { encoding, strict: o.unmappable_is_error(), invalid }
        }
    }
}

fn form(action: FormAction) -> Result<FormPlan, UsageError> {
    let (direction, mode, op, io): (Direction, Mode, Op, FormIo) = match action {
        FormAction::Decode(io) => (Direction::Decode, Mode::FormDecode, Op::FormParse, io),
        FormAction::Encode(io) => (Direction::Encode, Mode::FormEncode, Op::FormSerialize, io),
    };
    let encoding = match options::form(op, &io)?.charset() {
        Some(contract::Charset::Encoding(e)) => e,
        _ => pctenc::charset::encoding_rs::UTF_8,
    };
    let input = input::plan(mode, io.input)?;
    Ok(FormPlan {
        direction,
        encoding,
        source: input.source,
        whole: input.whole,
        keep_going: input.keep_going,
    })
}

/// A bar for inputs of known total size at or above the threshold; a counter that shows up
/// after the threshold for inputs of unknown size (pipes).
fn progress_for(inputs: &[Input]) -> Option<Progress> {
    let total = inputs.iter().map(input_size).sum::<Option<u64>>();
    match total {
        Some(n) if n < PROGRESS_THRESHOLD => None,
        _ => Some(Progress { total, quiet_until: PROGRESS_THRESHOLD }),
    }
}

/// The size of a regular file input; `None` for pipes, terminals and unreadable inputs
/// (whose error `exec` reports when it opens them).
fn input_size(input: &Input) -> Option<u64> {
    let meta = match input {
        Input::File(p) => std::fs::metadata(p).ok()?,
        Input::Stdin => stdin_metadata()?,
    };
    meta.is_file().then_some(meta.len())
}

#[cfg(unix)]
fn stdin_metadata() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    std::fs::File::from(fd).metadata().ok()
}

#[cfg(not(unix))]
fn stdin_metadata() -> Option<std::fs::Metadata> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::parse;

    const PIPES: Env =
        Env { stdout_tty: false, stderr_tty: false, no_color: false, no_progress: false };

    fn planned(argv: &[&str], env: &Env) -> Result<Plan, UsageError> {
        plan_with(parse(argv).unwrap(), env)
    }

    fn codec_plan(argv: &[&str]) -> CodecPlan {
        match planned(argv, &PIPES).unwrap().task {
            Task::Codec(c) => c,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn flags_reach_the_profile_knobs() {
        use pctenc::{HexCase, Malformed};
        let c =
            codec_plan(&["pctenc", "encode", "-p", "js-component", "--lower", "--utf8", "lossy"]);
        assert_eq!(c.profile.name(), "js-component");
        assert_eq!(c.profile.hex_case(), HexCase::Lower);
        assert_eq!(c.profile.input_utf8(), Utf8::Lossy);
        let c = codec_plan(&["pctenc", "decode", "-p", "url-query", "--strict"]);
        assert_eq!(c.profile.decoding().malformed, Malformed::Reject);
        let c = codec_plan(&["pctenc", "decode", "-p", "js-component", "--lenient"]);
        assert_eq!(c.profile.decoding().malformed, Malformed::PassThrough);
        // Decoding gives text: rfc3986 keeps bytes, so its decode is utf8=strict.
        let c = codec_plan(&["pctenc", "decode"]);
        assert_eq!(c.profile.name(), "rfc3986");
        let strict = pctenc::profile::rfc3986::RFC3986.with_output_utf8(Utf8::Strict);
        assert_eq!(c.profile.decoding(), strict.decoding());
        let c = codec_plan(&["pctenc", "decode", "-p", "js-component", "--utf8", "lossy"]);
        assert_eq!(c.profile.decoding().utf8, Utf8::Lossy);
    }

    #[test]
    fn unknown_profile_lists_close_names() {
        let e = planned(&["pctenc", "encode", "-p", "rfc396"], &PIPES).unwrap_err();
        assert!(e.0.starts_with("unknown profile 'rfc396'; did you mean rfc3986"), "{e}");
        let e = planned(&["pctenc", "encode", "-p", "component"], &PIPES).unwrap_err();
        assert!(e.0.contains("js-component") && e.0.contains("url-component"), "{e}");
        let e = planned(&["pctenc", "encode", "-p", "zzzzzz"], &PIPES).unwrap_err();
        assert_eq!(e.0, "unknown profile 'zzzzzz' ('pctenc profiles' lists them all)");
        // The words are the library's, so every front end suggests the same names.
        for typo in ["rfc396", "componnet", "dotnet", "url"] {
            let e = planned(&["pctenc", "encode", "-p", typo], &PIPES).unwrap_err();
            let library = pctenc::profile::suggest::UnknownProfile::new(typo);
            assert!(!library.close_names().is_empty(), "{typo}");
            assert_eq!(e.0, format!("{library} ('pctenc profiles' lists them all)"));
        }
    }

    #[test]
    fn unknown_kernel_lists_the_available_ones() {
        let e = planned(&["pctenc", "--kernel", "avx9", "profiles"], &PIPES).unwrap_err();
        let names: Vec<&str> = Kernel::available().iter().map(|k| k.name()).collect();
        assert!(names.contains(&"scalar"));
        assert_eq!(e.0, format!("unknown kernel 'avx9'; available here: {}", names.join(", ")));
        let p = planned(&["pctenc", "--kernel", "scalar", "profiles"], &PIPES).unwrap();
        assert_eq!(p.kernel, Some(Kernel::Scalar));
    }

    #[test]
    fn sources() {
        assert!(
            matches!(codec_plan(&["pctenc", "encode"]).source, Source::Streams(ref v) if v == &[Input::Stdin])
        );
        let c = codec_plan(&["pctenc", "encode", "-i", "a", "-i", "-"]);
        assert!(
            matches!(c.source, Source::Streams(ref v) if v == &[Input::File("a".into()), Input::Stdin])
        );
        let c = codec_plan(&["pctenc", "encode", "x", "y"]);
        assert!(matches!(c.source, Source::Texts(ref v) if v == &[b"x".to_vec(), b"y".to_vec()]));
    }

    #[test]
    fn terminal_escaping_and_colour_follow_the_environment() {
        let tty = Env { stdout_tty: true, stderr_tty: true, ..PIPES };
        let plan = |argv: &[&str], env: &Env| planned(argv, env).unwrap();
        assert!(matches!(
            plan(&["pctenc", "decode"], &tty).task,
            Task::Codec(CodecPlan { terminal: true, .. })
        ));
        assert!(matches!(
            plan(&["pctenc", "decode", "--raw"], &tty).task,
            Task::Codec(CodecPlan { terminal: false, .. })
        ));
        assert!(matches!(
            plan(&["pctenc", "decode"], &PIPES).task,
            Task::Codec(CodecPlan { terminal: false, .. })
        ));
        assert!(matches!(
            plan(&["pctenc", "profiles"], &tty).task,
            Task::Profiles { color: true, .. }
        ));
        let no_color = Env { no_color: true, ..tty.clone() };
        assert!(matches!(
            plan(&["pctenc", "profiles"], &no_color).task,
            Task::Profiles { color: false, .. }
        ));
        assert!(matches!(
            plan(&["pctenc", "--color", "always", "profiles"], &PIPES).task,
            Task::Profiles { color: true, .. }
        ));
        assert!(matches!(
            plan(&["pctenc", "--color", "never", "profiles"], &tty).task,
            Task::Profiles { color: false, .. }
        ));
        assert!(plan(&["pctenc", "profiles"], &tty).stderr_color);
        assert!(!plan(&["pctenc", "profiles"], &PIPES).stderr_color);
    }

    #[test]
    fn progress_only_on_a_terminal_outside_ci() {
        let tty = Env { stderr_tty: true, ..PIPES };
        let progress = |env: &Env, argv: &[&str]| match planned(argv, env).unwrap().task {
            Task::Codec(c) => c.progress,
            other => panic!("{other:?}"),
        };
        // A missing file has no known size: a counter that stays quiet below the threshold.
        let argv = ["pctenc", "encode", "-i", "/nonexistent/pctenc-test"];
        assert_eq!(
            progress(&tty, &argv),
            Some(Progress { total: None, quiet_until: PROGRESS_THRESHOLD })
        );
        assert_eq!(progress(&PIPES, &argv), None);
        assert_eq!(progress(&Env { no_progress: true, ..tty.clone() }, &argv), None);
        assert_eq!(progress(&tty, &["pctenc", "encode", "text"]), None);
        // A small regular file: no bar.
        let small = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
        assert_eq!(progress(&tty, &["pctenc", "encode", "-i", small]), None);
    }

    #[test]
    fn charset_flags_shape_the_charset() {
        use pctenc::charset::encoding_rs::SHIFT_JIS;
        let c = codec_plan(&["pctenc", "encode", "--charset", "sjis", "--strict"]);
        let want = Charset::Fixed { encoding: SHIFT_JIS, strict: true, invalid: Invalid::Error };
        assert_eq!(c.charset, want);
        let c = codec_plan(&["pctenc", "decode", "--charset", "Auto", "--utf8", "lossy"]);
        assert_eq!(c.charset, Charset::Auto { invalid: Invalid::Replace });
        assert_eq!(codec_plan(&["pctenc", "decode"]).charset, Charset::Profile);
        assert!(codec_plan(&["pctenc", "encode", "-p", "ext-value"]).ext_value);
        assert!(!codec_plan(&["pctenc", "encode", "-p", "rfc3986"]).ext_value);
    }

    #[test]
    fn version_wins_over_a_missing_command() {
        assert!(matches!(planned(&["pctenc", "-V"], &PIPES).unwrap().task, Task::Version));
        let e = planned(&["pctenc", "--kernel", "scalar"], &PIPES).unwrap_err();
        assert!(e.0.starts_with("a command is needed"));
    }
}
