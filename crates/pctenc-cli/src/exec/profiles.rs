//! `pctenc profiles`: what each named profile escapes, as a table for people or JSON for
//! programs. Both are computed from the profiles themselves ([`pctenc::profile::ALL`]), and
//! every "escaped or kept" mark by running the profile's encoder, so they cannot drift from
//! what `pctenc encode` does. Both say where each profile comes from (`source`, the spec
//! section or runtime function the library names), so profiles the library adds show up with
//! their source without a change here.

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use pctenc::Profile;
use serde_json::{json, Value};

/// The columns: space, then `!` to `~`.
fn columns() -> impl Iterator<Item = u8> {
    0x20u8..0x7f
}

/// The control bytes, summed up in one column.
fn controls() -> impl Iterator<Item = u8> {
    (0u8..0x20).chain([0x7f])
}

/// Non-ASCII text, summed up in one column: Latin-1, BMP, astral, the last code point.
const NON_ASCII: [&str; 4] = ["é", "€", "😀", "\u{10FFFF}"];

/// What the encoder writes for `input`: `.` kept as is, `+` (a space written as `+`), or
/// `%` escaped.
fn mark(p: &Profile, input: &[u8]) -> char {
    match p.encode(input) {
        out if out.as_bytes() == input => '.',
        out if input == b" " && out == "+" => '+',
        _ => '%',
    }
}

/// One mark for a group of inputs: the common one, or `~` when they differ.
fn group<'a>(p: &Profile, inputs: impl IntoIterator<Item = &'a [u8]>) -> char {
    let mut marks = inputs.into_iter().map(|i| mark(p, i));
    let first = marks.next().unwrap_or('.');
    if marks.all(|m| m == first) {
        first
    } else {
        '~'
    }
}

fn control_mark(p: &Profile) -> char {
    let bytes: Vec<[u8; 1]> = controls().map(|b| [b]).collect();
    group(p, bytes.iter().map(|b| &b[..]))
}

fn non_ascii_mark(p: &Profile) -> char {
    group(p, NON_ASCII.iter().map(|s| s.as_bytes()))
}

/// The table: one row per profile, one column per printable ASCII character, then one for
/// the controls and one for non-ASCII text; a legend.
pub fn table(mut out: impl Write, color: bool) -> io::Result<()> {
    let width = pctenc::profile::ALL.iter().map(|p| p.name().len()).max().unwrap_or(0) + 2;
    let paint = |style: Style| if color { style } else { Style::new() };
    let head = paint(Style::new().bold());
    let style_of = |m: char| match m {
        '%' => paint(Style::new().fg_color(Some(AnsiColor::Red.into()))),
        '+' | '~' => paint(Style::new().fg_color(Some(AnsiColor::Yellow.into()))),
        _ => paint(Style::new().fg_color(Some(AnsiColor::Green.into())).dimmed()),
    };
    let header: String =
        columns().map(|b| if b == b' ' { '\u{2420}' } else { b as char }).collect();
    writeln!(out, "{head}{:width$}{header} \u{2400}é{head:#}", "profile")?;
    for p in pctenc::profile::ALL {
        let mut row = format!("{:width$}", p.name());
        let marks = columns().map(|b| mark(p, &[b]));
        for (i, m) in marks.chain([control_mark(p), non_ascii_mark(p)]).enumerate() {
            if i == 95 {
                row.push(' ');
            }
            let style = style_of(m);
            row.push_str(&format!("{style}{m}{style:#}"));
        }
        writeln!(out, "{row}")?;
    }
    writeln!(out)?;
    writeln!(out, "% escaped   . kept as is   + space written as '+'   ~ some escaped, some kept")?;
    writeln!(out, "\u{2420} space   \u{2400} control bytes 0x00-0x1F and 0x7F   é non-ASCII text")?;
    writeln!(out, "'pctenc profiles --json' adds the decode policies.")?;
    // Where each profile comes from (the library's own words), and its other names.
    writeln!(out)?;
    writeln!(out, "{head}{:width$}source{head:#}", "profile")?;
    for p in pctenc::profile::ALL {
        let aliases = match p.aliases() {
            [] => String::new(),
            names => format!(" (also: {})", names.join(", ")),
        };
        writeln!(out, "{:width$}{}{aliases}", p.name(), p.source())?;
    }
    out.flush()
}

/// The JSON array.
pub fn json(mut out: impl Write) -> io::Result<()> {
    let all: Vec<Value> = pctenc::profile::ALL.iter().map(|p| describe(p)).collect();
    let text = serde_json::to_string_pretty(&Value::Array(all)).map_err(io::Error::other)?;
    // serde_json writes DEL raw, and the colour-aware stdout strips it as a control byte, so
    // `kept_escapes` of iri and multipart-name lost it. DEL can only stand inside a string here,
    // where `\u007f` is the same JSON value.
    let text = text.replace('\u{7f}', "\\u007f");
    writeln!(out, "{text}")?;
    out.flush()
}

/// One profile as JSON. Policies go by the library's names for them (`Malformed::name`:
/// `"pass-through"`), the same words as Python's `pctenc.profiles()` and the playground.
fn describe(p: &Profile) -> Value {
    let d = p.decoding();
    let unencoded: String = columns().filter(|&b| mark(p, &[b]) == '.').map(char::from).collect();
    let group_name = |m: char| match m {
        '.' => "kept",
        '~' => "some",
        _ => "escaped",
    };
    json!({
        "name": p.name(),
        "aliases": p.aliases(),
        "unencoded": unencoded,
        "space": p.encode(" "),
        "controls": group_name(control_mark(p)),
        "non_ascii": group_name(non_ascii_mark(p)),
        "hex": p.hex_case().name(),
        "unit": p.unit().name(),
        "decode": {
            "malformed": d.malformed.name(),
            "plus_as_space": d.plus_as_space,
            "kept_escapes": (0u8..0x80).filter(|&b| d.keep_escaped.contains(b)).map(char::from).collect::<String>(),
            "utf8": d.utf8.name(),
        },
        "input_utf8": p.input_utf8().name(),
        "source": p.source(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks() {
        let form = pctenc::by_name("form").unwrap();
        assert_eq!((mark(form, b" "), mark(form, b"a"), mark(form, b"&")), ('+', '.', '%'));
        assert_eq!((control_mark(form), non_ascii_mark(form)), ('%', '%'));
        let c0 = pctenc::by_name("url-c0").unwrap();
        assert_eq!(mark(c0, b" "), '.');
    }

    #[test]
    fn table_rows_align() {
        let mut out = Vec::new();
        table(&mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let width = lines[0].chars().count();
        assert_eq!(width, lines[0].find('\u{2420}').unwrap() + 95 + 3);
        for line in &lines[1..=pctenc::profile::ALL.len()] {
            assert_eq!(line.chars().count(), width, "{line}");
        }
    }
}
