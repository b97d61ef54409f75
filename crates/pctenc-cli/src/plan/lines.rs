//! The plans of the commands that read each record whole (`decode --segment`, `decode
//! --repeat`/`--until-stable`, `normalize`): made from the same `decode` options as the
//! codec plan, so sources, `--keep-going` and terminal escaping mean the same everywhere.

use pctenc::lint::Context;
use pctenc::segment::SegmentPolicy;
use pctenc::Profile;

use super::{CodecPlan, Source, UsageError};

/// Passes `--until-stable` makes at most: deeper chains are rejected, not followed, since
/// each pass reads the whole record (the lint looks through [`pctenc::lint::MAX_LAYERS`]).
pub const UNTIL_STABLE_PASSES: usize = 64;

/// What every whole-record command shares with `decode`.
#[derive(Debug)]
pub struct LinesIo {
    /// Where the records come from.
    pub source: Source,
    /// The whole input is one record, its result written with nothing added.
    pub whole: bool,
    /// Report each rejected record and go on.
    pub keep_going: bool,
    /// stdout is a terminal: escape control and bidi characters visibly.
    pub terminal: bool,
}

impl From<CodecPlan> for LinesIo {
    fn from(c: CodecPlan) -> Self {
        LinesIo { source: c.source, whole: c.whole, keep_going: c.keep_going, terminal: c.terminal }
    }
}

/// `decode --segment`.
#[derive(Debug)]
pub struct SegmentPlan {
    /// The policy.
    pub policy: SegmentPolicy,
    /// Its name, for messages.
    pub policy_name: &'static str,
    /// Input and output.
    pub io: LinesIo,
}

/// `decode --repeat N` / `--until-stable`.
#[derive(Debug)]
pub struct RepeatPlan {
    /// The profile with every flag applied.
    pub profile: Profile,
    /// At most this many decodes.
    pub passes: usize,
    /// `--until-stable`: still changing after `passes` is a rejection.
    pub until_stable: bool,
    /// Report each record's depth on stderr.
    pub report_depth: bool,
    /// Input and output.
    pub io: LinesIo,
}

/// `normalize`.
#[derive(Debug)]
pub struct NormalizePlan {
    /// What the input is.
    pub context: Context,
    /// Compare the two TEXT arguments instead.
    pub equivalent: bool,
    /// Input and output.
    pub io: LinesIo,
}

/// `decode --segment` from the decode plan and the options (`--policy`, `-O max_len=N`).
pub fn segment(o: &pctenc::options::Options, c: CodecPlan) -> SegmentPlan {
    SegmentPlan { policy: o.segment_policy(), policy_name: o.policy_preset().name(), io: c.into() }
}

/// `decode --repeat N` or `--until-stable` from the decode plan.
pub fn repeat(repeat: Option<u32>, until_stable: bool, c: CodecPlan) -> RepeatPlan {
    let passes = match repeat {
        Some(n) => n as usize,
        None => UNTIL_STABLE_PASSES,
    };
    RepeatPlan {
        profile: c.profile,
        passes,
        until_stable,
        report_depth: until_stable || c.verbose,
        io: c.into(),
    }
}

/// `normalize`; `--equivalent` needs exactly two TEXT arguments.
pub fn normalize(
    context: Context,
    equivalent: bool,
    io: LinesIo,
) -> Result<NormalizePlan, UsageError> {
    if equivalent && !matches!(&io.source, Source::Texts(t) if t.len() == 2) {
        return Err(UsageError("--equivalent compares exactly two TEXT arguments".into()));
    }
    Ok(NormalizePlan { context, equivalent, io })
}
