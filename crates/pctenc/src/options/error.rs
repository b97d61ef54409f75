//! [`OptionError`]: an option a front end was given that the contract does not take, named,
//! with the words it was probably meant to be. Every front end shows this message (adding
//! only where its full list is, in its own terms), so a misspelt word reads the same from
//! the CLI, Python, JavaScript and SQL.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::words::{OptionInfo, Values};
use super::Op;

/// What is wrong with an option.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionErrorKind {
    /// No option has this key.
    UnknownOption,
    /// The option exists, but this operation does not take it.
    NotApplicable,
    /// The option does not take this value.
    BadValue {
        /// The value as given.
        value: String,
    },
    /// The option was given twice (`hex` and `lower` set the same option).
    Twice,
    /// Two options that cannot mean anything together.
    Conflict {
        /// The other option.
        with: &'static str,
        /// Why, in words.
        why: &'static str,
    },
    /// The compact text form is not `key=value, key=value`.
    Syntax {
        /// The piece that is not `key=value`.
        piece: String,
    },
}

/// An option that the contract does not take: which, why, and what was probably meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    op: Op,
    option: String,
    kind: OptionErrorKind,
    close: Vec<&'static str>,
    /// For a value error: the option's entry, to say what it takes.
    info: Option<&'static OptionInfo>,
}

impl OptionError {
    pub(crate) fn new(
        op: Op,
        option: &str,
        kind: OptionErrorKind,
        close: Vec<&'static str>,
        info: Option<&'static OptionInfo>,
    ) -> OptionError {
        OptionError { op, option: option.into(), kind, close, info }
    }

    /// A stable kebab-case code: `unknown-option`, `option-not-applicable`,
    /// `bad-option-value`, `option-twice`, `option-conflict`, `bad-options-syntax`.
    pub fn code(&self) -> &'static str {
        match self.kind {
            OptionErrorKind::UnknownOption => "unknown-option",
            OptionErrorKind::NotApplicable => "option-not-applicable",
            OptionErrorKind::BadValue { .. } => "bad-option-value",
            OptionErrorKind::Twice => "option-twice",
            OptionErrorKind::Conflict { .. } => "option-conflict",
            OptionErrorKind::Syntax { .. } => "bad-options-syntax",
        }
    }

    /// The option the error is about: its name when it has one (`utf8`), else the key as
    /// given.
    pub fn option(&self) -> &str {
        &self.option
    }

    /// The operation the options were for.
    pub fn op(&self) -> Op {
        self.op
    }

    /// What is wrong.
    pub fn kind(&self) -> &OptionErrorKind {
        &self.kind
    }

    /// The words it was probably meant to be, best first (maybe none).
    pub fn close_names(&self) -> &[&'static str] {
        &self.close
    }
}

/// `; did you mean a, b?` when there are close words.
fn did_you_mean(f: &mut fmt::Formatter<'_>, close: &[&str]) -> fmt::Result {
    if let Some((first, rest)) = close.split_first() {
        write!(f, "; did you mean {first}")?;
        for n in rest {
            write!(f, ", {n}")?;
        }
        f.write_str("?")?;
    }
    Ok(())
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let takes = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            write!(f, " ({} takes", self.op)?;
            for (i, o) in self.op.options().enumerate() {
                write!(f, "{} {}", if i == 0 { "" } else { "," }, o.name)?;
            }
            f.write_str(")")
        };
        match &self.kind {
            OptionErrorKind::UnknownOption => {
                write!(f, "unknown option '{}'", self.option)?;
                did_you_mean(f, &self.close)?;
                takes(f)
            }
            OptionErrorKind::NotApplicable => {
                write!(f, "{} has no option {}", self.op, self.option)?;
                takes(f)
            }
            OptionErrorKind::BadValue { value } => {
                let Some(info) = self.info else {
                    return write!(f, "bad value '{value}' for option {}", self.option);
                };
                if info.values == Values::Profile {
                    // The library's long-standing words for an unknown profile
                    // (profile::suggest::UnknownProfile), which front ends match.
                    write!(f, "unknown profile '{value}'")?;
                    return did_you_mean(f, &self.close);
                }
                write!(f, "unknown {} '{value}'", self.option)?;
                did_you_mean(f, &self.close)?;
                if self.option == info.name {
                    write!(f, " ({} takes {})", info.name, info.expected())
                } else {
                    // `lower`, the true/false spelling of `hex`.
                    write!(f, " ({} takes true|false)", self.option)
                }
            }
            OptionErrorKind::Twice => write!(f, "option {} is given twice", self.option),
            OptionErrorKind::Conflict { with, why } => {
                write!(f, "{} with {}: {why}", self.option, with)
            }
            OptionErrorKind::Syntax { piece } => write!(
                f,
                "options are written key=value, separated by commas: '{piece}' is not key=value"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for OptionError {}
