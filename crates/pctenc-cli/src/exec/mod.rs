//! `exec`: carries out a [`Plan`]. It never sees a flag: everything it needs was decided by
//! [`crate::plan`].
//!
//! - [`codec`]: the record engine that streams `encode`/`decode` through the library's
//!   [`pctenc::stream`] types in bounded memory;
//! - [`charset`]: `--charset` records through the library's charset codecs and detector;
//! - [`check`]: `pctenc check`, the lint's findings as text or JSON lines;
//! - [`held`]: whole lines (up to a cap) for the commands that read a value at once;
//! - [`segment`], [`repeat`]: `decode --segment`, `decode --repeat`/`--until-stable`;
//! - [`normalize`]: `pctenc normalize`, RFC 3986 normal forms and `--equivalent`;
//! - [`form`]: `pctenc form decode|encode`, urlencoded strings to JSON pairs and back;
//! - [`template`]: `pctenc template`, RFC 6570 expansion;
//! - [`input`]: reads the inputs in large blocks and splits them into records;
//! - [`terminal`]: shows control and bidi characters visibly when stdout is a terminal;
//! - [`report`]: the messages for rejected input, with a short escaped snippet;
//! - [`progress`]: the progress bar on stderr;
//! - [`profiles`]: `pctenc profiles` (table and JSON).

pub mod charset;
pub mod check;
pub mod codec;
pub mod form;
pub mod held;
pub mod input;
pub mod normalize;
pub mod parallel;
pub mod profiles;
pub mod progress;
pub mod rejection;
pub mod repeat;
pub mod report;
pub mod segment;
pub mod template;
pub mod terminal;

use std::io::{self, Write};

use anyhow::Context;
use pctenc::Kernel;

use crate::plan::{Plan, Source, Task};

/// How a run that did not fail ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything was accepted (exit 0).
    Done,
    /// Some input was rejected and reported (exit 1).
    Rejected,
}

/// stdout for writers that write large blocks of their own (the codec engine): on Unix a
/// duplicate of its file descriptor, unbuffered. `Stdout` is line-buffered, and its line
/// buffer searches every block written for its last newline: a third of the instructions of
/// `encode --whole` on text without line breaks.
fn block_stdout() -> Box<dyn Write + Send> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(std::fs::File::from(fd));
        }
    }
    Box::new(io::stdout())
}

/// Runs the plan. I/O errors come back with their context; a closed stdout comes back as
/// an error whose chain holds [`io::ErrorKind::BrokenPipe`], which `main` turns into a quiet 0.
pub fn run(plan: Plan) -> anyhow::Result<Outcome> {
    if plan.kernel.is_some() {
        Kernel::force(plan.kernel);
    }
    let stdout = io::stdout().lock();
    match plan.task {
        Task::Version => {
            version(stdout).context("cannot write to stdout")?;
            Ok(Outcome::Done)
        }
        Task::Codec(c) => {
            let reporter = report::Reporter::new(plan.stderr_color);
            let progress = progress::Progress::new(c.progress);
            if let Source::Streams(inputs) = &c.source {
                if parallel::applies(&c) {
                    // The workers write in turn, to a handle they can share.
                    drop(stdout);
                    let out = block_stdout();
                    let result = parallel::streams(&c, inputs, out, reporter, &progress);
                    progress.finish();
                    return match result {
                        Ok(0) => Ok(Outcome::Done),
                        Ok(_) | Err(codec::Halt::Rejected) => Ok(Outcome::Rejected),
                        Err(codec::Halt::Fail(e)) => Err(e),
                    };
                }
            }
            drop(stdout);
            let mut engine = codec::Engine::new(&c, block_stdout(), reporter);
            let result = match &c.source {
                Source::Texts(texts) => input::texts(texts, &mut engine),
                Source::Streams(inputs) => input::streams(inputs, c.whole, &mut engine, &progress),
            };
            progress.finish();
            match result {
                Ok(()) => Ok(engine.outcome()),
                Err(codec::Halt::Rejected) => Ok(Outcome::Rejected),
                Err(codec::Halt::Fail(e)) => Err(e),
            }
        }
        Task::Form(f) => {
            let naming = match (&f.source, f.whole) {
                (Source::Texts(_), _) => Some("argument"),
                (Source::Streams(_), false) => Some("line"),
                (Source::Streams(_), true) => None,
            };
            let mut records =
                form::FormRecords::new(f.direction, f.encoding, naming, f.keep_going, stdout);
            let result = match &f.source {
                Source::Texts(texts) => input::texts(texts, &mut records),
                Source::Streams(inputs) => {
                    input::streams(inputs, f.whole, &mut records, &progress::Progress::new(None))
                }
            };
            match result {
                Ok(()) if records.failures > 0 => Ok(Outcome::Rejected),
                Ok(()) => Ok(Outcome::Done),
                Err(codec::Halt::Rejected) => Ok(Outcome::Rejected),
                Err(codec::Halt::Fail(e)) => Err(e),
            }
        }
        Task::Check(c) => {
            let held = held::Held::new(check::Checker::new(&c, stdout), held::MAX_LINE);
            let held = drive(&c.source, c.whole, held)?;
            Ok(if held.handler.failed { Outcome::Rejected } else { Outcome::Done })
        }
        Task::Segment(s) => {
            let out = held::LineOut::new(&s.io, stdout, report::Reporter::new(plan.stderr_color));
            let segments = segment::Segments::new(s.policy, s.policy_name, out);
            let held = drive(&s.io.source, s.io.whole, held::Held::new(segments, held::MAX_LINE))?;
            Ok(held.handler.out.outcome())
        }
        Task::Repeat(r) => {
            let out = held::LineOut::new(&r.io, stdout, report::Reporter::new(plan.stderr_color));
            let layers = repeat::Repeat::new(&r, out);
            let held = drive(&r.io.source, r.io.whole, held::Held::new(layers, held::MAX_LINE))?;
            Ok(held.handler.out.outcome())
        }
        Task::Normalize(n) => match &n.io.source {
            Source::Texts(t) if n.equivalent => normalize::compare(&t[0], &t[1], n.context, stdout)
                .context("cannot write to stdout"),
            _ => {
                let out =
                    held::LineOut::new(&n.io, stdout, report::Reporter::new(plan.stderr_color));
                let normalizer = normalize::Normalizer::new(n.context, out);
                let held =
                    drive(&n.io.source, n.io.whole, held::Held::new(normalizer, held::MAX_LINE))?;
                Ok(held.handler.out.outcome())
            }
        },
        Task::Template(t) => template::run(&t, stdout),
        Task::Options => {
            let mut out = stdout;
            let text = pctenc::options::words::listing();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .context("cannot write to stdout")?;
            Ok(Outcome::Done)
        }
        Task::Profiles { json, color } => {
            let out = anstream::AutoStream::new(stdout, color_choice(color));
            if json { profiles::json(out) } else { profiles::table(out, color) }
                .context("cannot write to stdout")?;
            Ok(Outcome::Done)
        }
        Task::Completions(shell) => {
            // clap_complete panics on a failed write, so it writes to memory first.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut crate::args::command(), "pctenc", &mut script);
            let mut out = stdout;
            out.write_all(&script).and_then(|()| out.flush()).context("cannot write to stdout")?;
            Ok(Outcome::Done)
        }
        Task::Man => {
            let mut out = io::BufWriter::new(stdout);
            clap_mangen::Man::new(crate::args::command())
                .render(&mut out)
                .context("cannot write to stdout")?;
            out.flush().context("cannot write to stdout")?;
            Ok(Outcome::Done)
        }
    }
}

/// Feeds TEXT arguments, stream lines or (`whole`) the whole stream to a line handler; I/O
/// errors come back.
fn drive<H: held::LineHandler>(
    source: &Source,
    whole: bool,
    mut held: held::Held<H>,
) -> anyhow::Result<held::Held<H>> {
    let result = match source {
        Source::Texts(texts) => input::texts(texts, &mut held),
        Source::Streams(inputs) => {
            input::streams(inputs, whole, &mut held, &progress::Progress::new(None))
        }
    };
    match result {
        Ok(()) | Err(codec::Halt::Rejected) => Ok(held),
        Err(codec::Halt::Fail(e)) => Err(e),
    }
}

/// `pctenc --version`: the version, and the kernel in use (after `--kernel`).
fn version(mut out: impl Write) -> io::Result<()> {
    let available: Vec<&str> = Kernel::available().iter().map(|k| k.name()).collect();
    writeln!(out, "pctenc {}", env!("CARGO_PKG_VERSION"))?;
    writeln!(out, "kernel: {} (available: {})", Kernel::current().name(), available.join(", "))?;
    out.flush()
}

/// The anstream choice for a colour decision already made by the plan.
pub(crate) fn color_choice(color: bool) -> anstream::ColorChoice {
    if color {
        anstream::ColorChoice::Always
    } else {
        anstream::ColorChoice::Never
    }
}

/// Whether `e`'s chain holds a broken pipe: the reader went away, which is not an error.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
