//! Flags to the library's options: each flag becomes the `(key, value)` pair it is a
//! shorthand for, `-O` adds the user's compact text, and [`pctenc::options::Options`] does the
//! rest (words, defaults, "did you mean", conflicts), so the CLI says what every front end
//! says. Only the flags' own spelling is the CLI's: `--strict` is `malformed=strict` when
//! decoding and `unmappable=error` when encoding in a charset, `--lower` is `lower=true`.

use pctenc::options::{OptionError, OptionErrorKind, Options};

use super::UsageError;
use crate::args::check::CheckArgs;
use crate::args::codec::CodecArgs;
use crate::args::form::FormIo;
use crate::args::normalize::NormalizeArgs;
use pctenc::options::Op;

/// The options of `op` from `pairs` (flags) and `text` (`-O`).
fn build(
    op: Op,
    pairs: &[(&str, Option<&str>)],
    text: Option<&str>,
) -> Result<Options, UsageError> {
    let mut o = Options::new(op);
    for (key, value) in pairs {
        if let Some(v) = value {
            o.set(key, v).map_err(usage)?;
        }
    }
    if let Some(t) = text {
        o.set_text(t).map_err(usage)?;
    }
    o.validate().map_err(usage)?;
    Ok(o)
}

/// The library's message; for an unknown profile, where the CLI lists them all.
pub fn usage(e: OptionError) -> UsageError {
    match e.kind() {
        OptionErrorKind::BadValue { .. } if e.option() == "profile" => {
            UsageError(format!("{e} ('pctenc profiles' lists them all)"))
        }
        _ => UsageError(e.to_string()),
    }
}

/// `encode`, `decode` (and its `--segment`, `--repeat`, `--until-stable` modes).
pub fn codec(op: Op, c: &CodecArgs) -> Result<Options, UsageError> {
    let flag = |on: bool, value: &'static str| on.then_some(value);
    let strict = match op {
        Op::Encode => ("unmappable", flag(c.strict, "error")),
        _ => ("malformed", flag(c.strict, "strict")),
    };
    build(
        op,
        &[
            ("profile", c.profile.as_deref()),
            ("lower", flag(c.lower, "true")),
            strict,
            ("malformed", flag(c.lenient, "lenient")),
            ("utf8", c.utf8.as_deref()),
            ("charset", c.charset.as_deref()),
            ("policy", c.policy.as_deref()),
        ],
        c.options.options.as_deref(),
    )
}

/// `check`.
pub fn check(c: &CheckArgs) -> Result<Options, UsageError> {
    build(
        Op::Check,
        &[("context", c.context.as_deref()), ("fail_on", c.fail_on.as_deref())],
        c.options.options.as_deref(),
    )
}

/// `normalize`.
pub fn normalize(n: &NormalizeArgs) -> Result<Options, UsageError> {
    build(Op::Normalize, &[("context", n.context.as_deref())], n.options.options.as_deref())
}

/// `form decode` / `form encode`.
pub fn form(op: Op, io: &FormIo) -> Result<Options, UsageError> {
    build(op, &[("charset", io.charset.as_deref())], io.options.options.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{parse, Command};

    fn codec_args(argv: &[&str]) -> CodecArgs {
        match parse(argv).unwrap().command {
            Some(Command::Encode(c) | Command::Decode(c)) => c,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn flags_are_shorthands_for_pairs() {
        let c = codec_args(&["pctenc", "encode", "-p", "form", "--lower", "--utf8", "lossy"]);
        let o = codec(Op::Encode, &c).unwrap();
        assert_eq!(o.to_string(), "profile=form, hex=lower, utf8=lossy");
        let c = codec_args(&["pctenc", "decode", "--strict", "-O", "plus=true, utf8=bytes"]);
        assert_eq!(
            codec(Op::Decode, &c).unwrap().to_string(),
            "malformed=strict, utf8=bytes, plus=true"
        );
        let c = codec_args(&["pctenc", "encode", "--strict", "--charset", "sjis"]);
        assert!(codec(Op::Encode, &c).unwrap().unmappable_is_error());
    }

    #[test]
    fn the_library_words_every_refusal() {
        let err = |argv: &[&str], op| codec(op, &codec_args(argv)).unwrap_err().0;
        assert_eq!(
            err(&["pctenc", "decode", "--utf8", "lossey"], Op::Decode),
            "unknown utf8 'lossey'; did you mean lossy? (utf8 takes strict|lossy|bytes)"
        );
        assert!(err(&["pctenc", "decode", "--lower"], Op::Decode)
            .starts_with("decode has no option lower"));
        assert_eq!(
            err(&["pctenc", "decode", "-p", "form", "-O", "profile=js-uri"], Op::Decode),
            "option profile is given twice"
        );
        assert!(err(&["pctenc", "encode", "-p", "rfc396"], Op::Encode)
            .ends_with("('pctenc profiles' lists them all)"));
    }
}
