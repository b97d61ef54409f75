//! `pctenc decode --repeat N` and `--until-stable`: each record decoded again and again with
//! the library's [`Profile::decode_repeat`], which stops as soon as a decode would change
//! nothing. The output is the record after the last decode that changed it; the depth (how
//! many decodes changed it) goes to stderr, always with `--until-stable` and with `-v` for
//! `--repeat`, as `pctenc: line N: depth D (why it stopped)`.
//!
//! A record whose first decode fails is rejected as `decode` rejects it. A later decode that
//! would fail (a strict profile, and a `%` that the last decode made from `%25`) ends the
//! layers: the output is the last text that decoded. `--until-stable` rejects a record still
//! changing after [`UNTIL_STABLE_PASSES`] decodes: its stable form was not reached.

use std::io::Write;

use pctenc::decode::repeat::RepeatStop;
use pctenc::Profile;

use super::codec::Halt;
use super::held::{LineHandler, LineOut, MAX_LINE};
use crate::plan::{RepeatPlan, UNTIL_STABLE_PASSES};

/// Decodes each record in layers.
pub struct Repeat<W: Write> {
    profile: Profile,
    passes: usize,
    until_stable: bool,
    report_depth: bool,
    /// The output.
    pub out: LineOut<W>,
}

impl<W: Write> Repeat<W> {
    /// Layers as `plan` says, written to `out`.
    pub fn new(plan: &RepeatPlan, out: LineOut<W>) -> Repeat<W> {
        Repeat {
            profile: plan.profile,
            passes: plan.passes,
            until_stable: plan.until_stable,
            report_depth: plan.report_depth,
            out,
        }
    }
}

impl<W: Write> LineHandler for Repeat<W> {
    fn line(&mut self, number: u64, bytes: &[u8], len: u64) -> Result<(), Halt> {
        if len > bytes.len() as u64 {
            let message = format!("a record over {MAX_LINE} bytes is not decoded in layers");
            return self.out.reject(number, Some(bytes.len() as u64), &message);
        }
        let r = match self.profile.decode_repeat(bytes, self.passes) {
            Ok(r) => r,
            Err(e) => {
                let message = format!("{} ({e})", e.code());
                return self.out.reject(number, Some(e.offset() as u64), &message);
            }
        };
        if self.until_stable && r.stop == RepeatStop::Limit {
            let message = format!(
                "still changing after {UNTIL_STABLE_PASSES} decodes (--repeat N decodes N times)"
            );
            return self.out.reject(number, None, &message);
        }
        self.out.write(&r.output)?;
        if self.report_depth {
            let why = match r.stop {
                RepeatStop::Stable => "stable".to_string(),
                RepeatStop::Limit => "limit: another decode would change it".to_string(),
                RepeatStop::Invalid(e) => format!("another decode would fail: {e}"),
            };
            self.out.flush()?;
            let location = self.out.location(number);
            self.out.reporter.note(location, None, &format!("depth {} ({why})", r.depth), false);
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Halt> {
        self.out.flush()
    }
}
