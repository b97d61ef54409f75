//! Errors: each says where (a byte offset into the caller's input) and why.

use core::fmt;

/// Why decoding failed. Offsets index the input that was being decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeError {
    /// The `%` at `offset` is not followed by two hex digits (strict decoding).
    InvalidEscape {
        /// Offset of the `%`.
        offset: usize,
    },
    /// The input ends inside the escape that starts at `offset` (strict decoding).
    TruncatedEscape {
        /// Offset of the `%`.
        offset: usize,
    },
    /// The decoded bytes are not UTF-8 (strict UTF-8 policy): the invalid sequence starts
    /// with the escape or byte at `offset`. For `js-escape`, a lone surrogate `%uD800`.
    InvalidUtf8 {
        /// Offset of the escape or raw byte where the invalid sequence starts.
        offset: usize,
    },
    /// The decoded bytes are not valid in the legacy encoding they were decoded with (strict
    /// charset decoding, [`charset`](crate::charset)): the invalid sequence starts with the
    /// escape or byte at `offset`.
    InvalidCharset {
        /// Offset of the escape or raw byte where the invalid sequence starts.
        offset: usize,
        /// The encoding's name (`"Shift_JIS"`).
        encoding: &'static str,
    },
}

impl DecodeError {
    /// The input offset the error names.
    pub const fn offset(&self) -> usize {
        match *self {
            DecodeError::InvalidEscape { offset }
            | DecodeError::TruncatedEscape { offset }
            | DecodeError::InvalidUtf8 { offset }
            | DecodeError::InvalidCharset { offset, .. } => offset,
        }
    }

    /// A stable kebab-case name for the kind of error (used in CLI messages and JSON).
    pub const fn code(&self) -> &'static str {
        match self {
            DecodeError::InvalidEscape { .. } => "invalid-escape",
            DecodeError::TruncatedEscape { .. } => "truncated-escape",
            DecodeError::InvalidUtf8 { .. } => "invalid-utf8",
            DecodeError::InvalidCharset { .. } => "invalid-charset",
        }
    }

    /// The same error with its offset moved by `by` (for errors found in a part of a larger
    /// input, as the streaming decoder and the CLI's records do).
    pub const fn shifted(self, by: usize) -> DecodeError {
        match self {
            DecodeError::InvalidEscape { offset } => {
                DecodeError::InvalidEscape { offset: offset + by }
            }
            DecodeError::TruncatedEscape { offset } => {
                DecodeError::TruncatedEscape { offset: offset + by }
            }
            DecodeError::InvalidUtf8 { offset } => DecodeError::InvalidUtf8 { offset: offset + by },
            DecodeError::InvalidCharset { offset, encoding } => {
                DecodeError::InvalidCharset { offset: offset + by, encoding }
            }
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::InvalidEscape { offset } => {
                write!(f, "invalid escape at byte {offset}: '%' is not followed by two hex digits")
            }
            DecodeError::TruncatedEscape { offset } => {
                write!(f, "truncated escape at byte {offset}: the input ends inside it")
            }
            DecodeError::InvalidUtf8 { offset } => {
                write!(f, "invalid UTF-8 at byte {offset}: the decoded bytes are not UTF-8")
            }
            DecodeError::InvalidCharset { offset, encoding } => {
                write!(
                    f,
                    "invalid {encoding} at byte {offset}: the decoded bytes are not {encoding}"
                )
            }
        }
    }
}

/// Input to an encoder that must be text (its profile's input policy is
/// [`Utf8::Strict`](crate::Utf8::Strict)) is not UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodeError {
    /// Offset of the first byte of the invalid sequence.
    pub offset: usize,
}

impl EncodeError {
    /// The stable code of an encode error, in every front end: the input is not text this
    /// profile can write (not UTF-8 where the profile's input must be, or a character
    /// outside its range).
    pub const CODE: &'static str = "not-text";
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot encode the input at byte {}: not UTF-8, or outside the characters this profile can write", self.offset)
    }
}

/// The output slice is too small; `needed` bytes would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutputTooSmall {
    /// A size that is certainly enough.
    pub needed: usize,
}

impl fmt::Display for OutputTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "output buffer too small: {} bytes needed", self.needed)
    }
}

/// Why [`Profile::decode_into`](crate::Profile::decode_into) failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeSliceError {
    /// The input does not decode.
    Decode(DecodeError),
    /// The output slice is too small.
    OutputTooSmall(OutputTooSmall),
}

impl fmt::Display for DecodeSliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeSliceError::Decode(e) => e.fmt(f),
            DecodeSliceError::OutputTooSmall(e) => e.fmt(f),
        }
    }
}

impl From<DecodeError> for DecodeSliceError {
    fn from(e: DecodeError) -> Self {
        DecodeSliceError::Decode(e)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DecodeError {}
#[cfg(feature = "std")]
impl std::error::Error for EncodeError {}
#[cfg(feature = "std")]
impl std::error::Error for OutputTooSmall {}
#[cfg(feature = "std")]
impl std::error::Error for DecodeSliceError {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn shifted_moves_every_kind_of_offset() {
        for e in [
            DecodeError::InvalidEscape { offset: 2 },
            DecodeError::TruncatedEscape { offset: 2 },
            DecodeError::InvalidUtf8 { offset: 2 },
            DecodeError::InvalidCharset { offset: 2, encoding: "Shift_JIS" },
        ] {
            let moved = e.shifted(5);
            assert_eq!((moved.offset(), moved.code()), (7, e.code()), "{e:?}");
        }
    }

    #[test]
    fn messages_name_the_offset_and_the_size() {
        let e = EncodeError { offset: 3 };
        assert!(e.to_string().starts_with("cannot encode the input at byte 3: "), "{e}");
        let small = OutputTooSmall { needed: 12 };
        assert_eq!(small.to_string(), "output buffer too small: 12 bytes needed");
        assert_eq!(DecodeSliceError::OutputTooSmall(small).to_string(), small.to_string());
        let d = DecodeError::TruncatedEscape { offset: 4 };
        assert_eq!(DecodeSliceError::Decode(d).to_string(), d.to_string());
        assert!(d.to_string().starts_with("truncated escape at byte 4"), "{d}");
    }
}
