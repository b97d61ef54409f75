//! `pctenc profiles`: what each named profile escapes, as a table for people or JSON for
//! programs. Both are computed from the profiles themselves ([`pctenc::profile::ALL`]), so
//! they cannot drift from what the encoder does.

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use pctenc::{HexCase, Malformed, Profile, Space, Unit, Utf8};
use serde_json::{json, Value};

/// The columns: space, then `!` to `~`.
fn columns() -> impl Iterator<Item = u8> {
    0x20u8..0x7f
}

/// What the encoder writes for the printable ASCII byte `b`: `%`, `+` or `.` (kept).
fn mark(p: &Profile, b: u8) -> char {
    if !p.set().contains(b) {
        '.'
    } else if b == b' ' && p.space() == Space::Plus {
        '+'
    } else {
        '%'
    }
}

/// The table: one row per profile, one column per printable ASCII character, a legend.
pub fn table(mut out: impl Write, color: bool) -> io::Result<()> {
    let width = pctenc::profile::ALL.iter().map(|p| p.name().len()).max().unwrap_or(0) + 2;
    let head = if color { Style::new().bold() } else { Style::new() };
    let escaped = Style::new().fg_color(Some(AnsiColor::Red.into()));
    let plus = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
    let kept = Style::new().fg_color(Some(AnsiColor::Green.into())).dimmed();
    let header: String =
        columns().map(|b| if b == b' ' { '\u{2420}' } else { b as char }).collect();
    writeln!(out, "{head}{:width$}{header}{head:#}", "profile")?;
    for p in pctenc::profile::ALL {
        let mut row = format!("{:width$}", p.name());
        for b in columns() {
            let m = mark(p, b);
            if color {
                let style = match m {
                    '%' => escaped,
                    '+' => plus,
                    _ => kept,
                };
                row.push_str(&format!("{style}{m}{style:#}"));
            } else {
                row.push(m);
            }
        }
        writeln!(out, "{row}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "% escaped   . kept as is   + space written as '+'   (\u{2420} is the space column; \
         control and non-ASCII bytes are escaped by every profile)"
    )?;
    writeln!(out, "'pctenc profiles --json' adds aliases, decode policies and sources.")?;
    out.flush()
}

/// The JSON array.
pub fn json(mut out: impl Write) -> io::Result<()> {
    let all: Vec<Value> = pctenc::profile::ALL.iter().map(|p| describe(p)).collect();
    let text = serde_json::to_string_pretty(&Value::Array(all)).map_err(io::Error::other)?;
    writeln!(out, "{text}")?;
    out.flush()
}

/// One profile as JSON.
fn describe(p: &Profile) -> Value {
    let d = p.decoding();
    json!({
        "name": p.name(),
        "aliases": p.aliases(),
        "unencoded": p.set().unencoded_printable(),
        "space": match (p.set().contains(b' '), p.space()) {
            (false, _) => " ",
            (true, Space::Percent) => "%20",
            (true, Space::Plus) => "+",
        },
        "hex": match p.hex_case() {
            HexCase::Upper => "upper",
            HexCase::Lower => "lower",
        },
        "unit": match p.unit() {
            Unit::Byte => "byte",
            _ => "utf16",
        },
        "decode": {
            "malformed": match d.malformed {
                Malformed::Reject => "reject",
                Malformed::PassThrough => "pass-through",
            },
            "plus_as_space": d.plus_as_space,
            "kept_escapes": (0u8..0x80).filter(|&b| d.keep_escaped.contains(b)).map(char::from).collect::<String>(),
            "utf8": utf8(d.utf8),
        },
        "input_utf8": utf8(p.input_utf8()),
        "source": p.source(),
    })
}

fn utf8(policy: Utf8) -> &'static str {
    match policy {
        Utf8::Strict => "strict",
        Utf8::Lossy => "lossy",
        Utf8::Bytes => "bytes",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_encoder() {
        for p in pctenc::profile::ALL {
            for b in columns() {
                let input = [b];
                let encoded = p.encode(&input);
                let want = match encoded.as_bytes() {
                    [x] if *x == b => '.',
                    b"+" => '+',
                    _ => '%',
                };
                assert_eq!(mark(p, b), want, "{} {:?}", p.name(), b as char);
            }
        }
    }

    #[test]
    fn every_profile_escapes_controls_and_non_ascii_as_the_legend_says() {
        for p in pctenc::profile::ALL {
            for b in (0u8..0x20).chain(0x7f..=0xff) {
                assert_ne!(p.encode(&[b]).as_bytes(), [b], "{} {b:#x}", p.name());
            }
        }
    }

    #[test]
    fn table_rows_align() {
        let mut out = Vec::new();
        table(&mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let width = lines[0].chars().count();
        assert_eq!(width, lines[0].find('\u{2420}').unwrap() + 95);
        for line in &lines[1..=pctenc::profile::ALL.len()] {
            assert_eq!(line.chars().count(), width, "{line}");
        }
    }
}
