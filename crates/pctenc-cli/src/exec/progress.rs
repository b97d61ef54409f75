//! The progress bar: bytes done, throughput and (when the size is known) time left, on
//! stderr. The plan only asks for one when stderr is a terminal outside CI; inputs of
//! unknown size (pipes) show it only once they have passed the plan's threshold, so short
//! runs never flash a bar. indicatif ignores a closed stderr.

use std::cell::Cell;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::plan;

/// A progress bar, or nothing.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    quiet_until: u64,
    shown: Cell<bool>,
}

impl Progress {
    /// A bar as the plan asked, hidden until its threshold for inputs of unknown size.
    pub fn new(plan: Option<plan::Progress>) -> Progress {
        let Some(p) = plan else {
            return Progress { bar: None, quiet_until: 0, shown: Cell::new(false) };
        };
        let (bar, style) = match p.total {
            Some(total) => (
                ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
                "{bytes:>10}/{total_bytes} [{wide_bar}] {binary_bytes_per_sec} eta {eta}",
            ),
            None => (
                ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                "{spinner} {bytes:>10} {binary_bytes_per_sec} {elapsed}",
            ),
        };
        if let Ok(style) = ProgressStyle::with_template(style) {
            bar.set_style(style.progress_chars("=> "));
        }
        let quiet_until = if p.total.is_some() { 0 } else { p.quiet_until };
        let progress = Progress { bar: Some(bar), quiet_until, shown: Cell::new(false) };
        progress.advance(0);
        progress
    }

    /// Counts `n` more input bytes.
    pub fn advance(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
            if !self.shown.get() && bar.position() >= self.quiet_until {
                self.shown.set(true);
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
