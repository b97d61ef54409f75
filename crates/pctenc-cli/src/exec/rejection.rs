//! [`Rejection`]: why the library rejected a record, whichever verb ran.
//!
//! A module of its own because two rooms use it: the record engine ([`super::codec`]) makes
//! rejections, and the reporter ([`super::report`]) words them. Both look down here; this
//! module looks only at the library and at the charset adapter's error.

use pctenc::charset::UnmappableError;
use pctenc::profile::protocols::rfc8187::ExtValueError;
use pctenc::{DecodeError, EncodeError};

use super::charset::CharsetError;

/// Why the library rejected a record.
#[derive(Clone, Debug)]
pub enum Rejection {
    /// The encoder's input is not UTF-8 and the policy is strict.
    Encode(EncodeError),
    /// The decoder's input is malformed, or its output not UTF-8 (or not in its charset).
    Decode(DecodeError),
    /// A character the charset cannot represent (`--charset` with `--strict`).
    Unmappable(UnmappableError),
    /// Input to encode in a charset (`--charset`) that is not UTF-8: a charset encodes text.
    CharsetNotText(EncodeError),
    /// An RFC 8187 ext-value that does not parse.
    ExtValue(ExtValueError),
}

impl Rejection {
    /// The offset of the offending byte, from the start of the record.
    pub fn offset(&self) -> usize {
        match self {
            Rejection::Encode(e) | Rejection::CharsetNotText(e) => e.offset,
            Rejection::Decode(e) => e.offset(),
            Rejection::Unmappable(e) => e.offset,
            Rejection::ExtValue(e) => e.offset(),
        }
    }

    /// The library's stable code for it, as every front end names it.
    pub fn code(&self) -> &'static str {
        match self {
            Rejection::Encode(_) | Rejection::CharsetNotText(_) => EncodeError::CODE,
            Rejection::Decode(e) => e.code(),
            Rejection::Unmappable(_) => UnmappableError::CODE,
            Rejection::ExtValue(e) => e.code(),
        }
    }
}

impl From<CharsetError> for Rejection {
    fn from(e: CharsetError) -> Self {
        match e {
            CharsetError::Unmappable(e) => Rejection::Unmappable(e),
            CharsetError::NotText(e) => Rejection::CharsetNotText(e),
            CharsetError::Decode(e) => Rejection::Decode(e),
        }
    }
}
