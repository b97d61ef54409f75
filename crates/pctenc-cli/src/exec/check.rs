//! `pctenc check`: the library's lint ([`pctenc::lint`]) over each TEXT argument or each
//! input line, findings written as text for people or JSON lines for programs.
//!
//! Offsets count from the start of the line (of the argument, for TEXT), and `line` is the
//! line's (argument's) number, so a finding reads as line and column. Neither format ever
//! copies a raw control or bidi character from the input: the library's renderers escape
//! them. Colour (severity and carets) only when the plan said so: a terminal without
//! `NO_COLOR`, or `--color always`.
//!
//! A line longer than [`MAX_LINE`] is checked up to the cap and its rest reported as one
//! `size-limit` finding, so memory stays bounded on any input.

use std::io::{BufWriter, Write};

use anstyle::{AnsiColor, Style};
use pctenc::lint::{self, check_with, Code, Context, Finding, Options, Severity};

use super::codec::Halt;
use super::held::{flush, LineHandler, MAX_LINE};

/// Writes the findings of each line.
pub struct Checker<W: Write> {
    lint: Options,
    jsonl: bool,
    fail_on: Severity,
    color: bool,
    /// `--whole`: one record, whose findings name no line.
    whole: bool,
    out: BufWriter<W>,
    /// A finding reached `fail_on`.
    pub failed: bool,
}

impl<W: Write> Checker<W> {
    /// A checker writing to `out`.
    pub fn new(plan: &crate::plan::CheckPlan, out: W) -> Checker<W> {
        Checker {
            lint: plan.lint,
            jsonl: plan.jsonl,
            fail_on: plan.fail_on,
            color: plan.color,
            whole: plan.whole && matches!(plan.source, crate::plan::Source::Streams(_)),
            out: BufWriter::new(out),
            failed: false,
        }
    }

    fn write(&mut self, bytes: &[u8], f: &Finding, number: u64) -> std::io::Result<()> {
        let number = (!self.whole).then_some(number);
        if self.jsonl {
            return writeln!(self.out, "{}", lint::to_json(f, number));
        }
        let text = lint::render_text(bytes, f, number);
        if !self.color {
            return self.out.write_all(text.as_bytes());
        }
        let style = severity_style(f.severity);
        for (i, l) in text.lines().enumerate() {
            match i {
                0 => {
                    let (sev, rest) = l.split_once(' ').unwrap_or((l, ""));
                    writeln!(self.out, "{style}{sev}{style:#} {rest}")?;
                }
                2 => {
                    let carets = l.trim_start_matches(' ');
                    let pad = &l[..l.len() - carets.len()];
                    writeln!(self.out, "{pad}{style}{carets}{style:#}")?;
                }
                _ => writeln!(self.out, "{l}")?,
            }
        }
        Ok(())
    }
}

impl<W: Write> LineHandler for Checker<W> {
    fn line(&mut self, number: u64, bytes: &[u8], len: u64) -> Result<(), Halt> {
        let mut findings = check_with(bytes, &self.lint);
        if len > bytes.len() as u64 {
            findings.push(size_limit(self.lint.context, bytes.len(), len));
        }
        for f in &findings {
            self.failed |= f.severity >= self.fail_on;
            self.write(bytes, f, number)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Halt> {
        flush(&mut self.out)
    }
}

/// The finding for a line cut at `kept` bytes of `len`, as the library words its own.
fn size_limit(context: Context, kept: usize, len: u64) -> Finding {
    Finding {
        code: Code::SizeLimit,
        severity: lint::severity(Code::SizeLimit, context),
        offset: kept,
        len: usize::try_from(len - kept as u64).unwrap_or(usize::MAX - kept),
        message: format!("input is {len} bytes, over the limit of {MAX_LINE}"),
        depth: None,
    }
}

fn severity_style(s: Severity) -> Style {
    let color = match s {
        Severity::Critical | Severity::High => AnsiColor::Red,
        Severity::Medium => AnsiColor::Yellow,
        Severity::Low | Severity::Info => AnsiColor::Cyan,
    };
    let style = Style::new().fg_color(Some(color.into()));
    if s == Severity::Critical {
        style.bold()
    } else {
        style
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{CheckPlan, Source};

    fn run(context: Context, color: bool, lines: &[&[u8]]) -> (String, bool) {
        let plan = CheckPlan {
            lint: Options::new(context),
            jsonl: false,
            fail_on: Severity::Critical,
            source: Source::Texts(Vec::new()),
            whole: false,
            color,
        };
        let mut out = Vec::new();
        let mut c = Checker::new(&plan, &mut out);
        for (i, l) in lines.iter().enumerate() {
            c.line(i as u64 + 1, l, l.len() as u64).unwrap();
        }
        c.flush().unwrap();
        let failed = c.failed;
        drop(c);
        (String::from_utf8(out).unwrap(), failed)
    }

    #[test]
    fn colour_wraps_severity_and_carets_only() {
        let (plain, failed) = run(Context::Path, false, &[b"/a/%2e%2e/b"]);
        assert!(failed);
        let (coloured, _) = run(Context::Path, true, &[b"/a/%2e%2e/b"]);
        assert_ne!(plain, coloured);
        let mut stripped = String::new();
        let mut rest = coloured.as_str();
        while let Some(at) = rest.find('\x1b') {
            stripped.push_str(&rest[..at]);
            rest = &rest[at + rest[at..].find('m').unwrap() + 1..];
        }
        stripped.push_str(rest);
        assert_eq!(stripped, plain);
    }

    #[test]
    fn an_overlong_line_is_a_size_limit_finding() {
        let f = size_limit(Context::Query, MAX_LINE, MAX_LINE as u64 + 10);
        assert_eq!((f.code, f.offset, f.len), (Code::SizeLimit, MAX_LINE, 10));
    }
}
