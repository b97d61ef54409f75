//! Legacy charsets: escapes of Shift_JIS, GBK, Big5, EUC-KR, windows-1251... bytes, both ways,
//! and detection of the charset of escaped bytes that are not UTF-8 (feature `charsets`).
//!
//! Before UTF-8 won, a URL or form carried the bytes of the page's encoding: `こんにちは` in a
//! Shift_JIS page's query is `%82%B1%82%F1%82%C9%82%BF%82%CD`, and logs and old links still
//! hold such escapes. Browsers still write them (a form or query of a page in a legacy
//! encoding), by the URL Standard's *percent-encode after encoding*: the text is encoded with
//! the Encoding Standard's encoder, each byte is escaped by the set, and a character the
//! encoding cannot represent is written as the escaped HTML reference `%26%23NNNN%3B`
//! (`&#NNNN;`). The encoders and decoders are [`encoding_rs`]'s (the Encoding Standard's own,
//! as in Firefox); labels are the standard's (`"sjis"`, `"latin1"`, `"gbk"`...), found with
//! [`for_label`].
//!
//! | method on [`Profile`](crate::Profile) | what it does |
//! |---|---|
//! | [`encode_with`](crate::Profile::encode_with), [`encode_with_append`](crate::Profile::encode_with_append) | text → bytes in an encoding → escapes; unmappable characters as escaped `&#NNNN;` |
//! | [`try_encode_with`](crate::Profile::try_encode_with) | the same, but an unmappable character is an [`UnmappableError`] naming it and its offset |
//! | [`decode_with`](crate::Profile::decode_with) | escapes → bytes → text in an encoding; invalid bytes an error naming their offset, or U+FFFD ([`Invalid`]) |
//! | [`decode_auto`](crate::Profile::decode_auto) | as `decode_with`, with the encoding [`detect`]ed when the bytes are not UTF-8 |
//! | [`Detector`] | the guess over a stream of decoded bytes, fed chunk by chunk |
//! | [`Encoder`], [`Decoder`] | `encode_with` and `decode_with`, chunk by chunk, in bounded memory |
//!
//! # Example: a Shift_JIS query, both ways
//!
//! ```
//! use pctenc::charset::{self, Invalid};
//! use pctenc::profile::whatwg::SPECIAL_QUERY;
//!
//! let sjis = charset::for_label("shift_jis").unwrap();
//! assert_eq!(SPECIAL_QUERY.encode_with("こんにちは", sjis), "%82%B1%82%F1%82%C9%82%BF%82%CD");
//! assert_eq!(SPECIAL_QUERY.encode_with("‽", sjis), "%26%238253%3B"); // not in Shift_JIS
//!
//! let d = SPECIAL_QUERY.decode_auto("%82%B1%82%F1%82%C9%82%BF%82%CD", Invalid::Error).unwrap();
//! assert_eq!((&*d.text, d.encoding.name()), ("こんにちは", "Shift_JIS"));
//! ```
//!
//! # Detection is a guess
//!
//! [`detect`] is [`chardetng`], the detector Firefox uses for unlabelled legacy pages. It is
//! good on text of a few dozen characters and more, and can only guess on a word or two: two
//! escaped bytes may be a valid character in five encodings. `docs/charsets.md` records its
//! measured accuracy by language, encoding and length. Valid UTF-8 is never second-guessed.

mod decode;
mod detect;
mod encode;
mod stream;

pub use decode::{Decoded, Invalid};
pub use detect::{detect, Detector};
pub use encode::{CharsetEncodeError, UnmappableError};
pub use stream::{Decoder, Encoder};

/// The encoding library, re-exported so that callers can name encodings
/// (`pctenc::charset::encoding_rs::SHIFT_JIS`) without depending on it themselves.
pub use encoding_rs;
pub use encoding_rs::Encoding;

/// The encoding for a WHATWG label (ASCII case-insensitive, surrounding whitespace ignored),
/// as `<meta charset>` and `TextDecoder` read labels.
///
/// ```
/// let e = pctenc::charset::for_label(" Latin1 ").unwrap();
/// assert_eq!(e.name(), "windows-1252");
/// assert!(pctenc::charset::for_label("auto").is_none());
/// ```
pub fn for_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.as_bytes())
}
