//! The JavaScript family: ECMA-262's `encodeURI`, `encodeURIComponent` and Annex B `escape`,
//! each with its inverse.
//!
//! JavaScript functions take strings, so these encoders reject input that is not UTF-8 where
//! JavaScript throws `URIError` (a lone surrogate), and `escape`, which never throws, reads it
//! lossily. `decodeURI` and `decodeURIComponent` throw on any malformed escape and on escapes
//! that are not UTF-8 (overlong forms, surrogates, truncated sequences); `unescape` never fails.

use super::{Decoding, Malformed, Profile, Unit, Utf8};
use crate::set::AsciiSet;

/// `encodeURI` / `decodeURI` (ECMA-262 §19.2.6.2-3): keeps the reserved characters, so it
/// encodes a whole URI. `decodeURI` leaves the escapes of `# $ & + , / : ; = ? @` as they are
/// written, so that decoding cannot change the URI's structure.
///
/// ```
/// use pctenc::profile::js::URI;
/// assert_eq!(URI.encode("/a b?q=€#f"), "/a%20b?q=%E2%82%AC#f");
/// assert_eq!(URI.decode_str("%2f%20%E2%82%AC").unwrap(), "%2f €");
/// assert!(URI.decode_str("%E2%82").is_err()); // URIError
/// ```
pub const URI: &Profile = &Profile::new(AsciiSet::all_but(
    b"!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~",
))
.with_input_utf8(Utf8::Strict)
.with_decoding(Decoding {
    malformed: Malformed::Reject,
    plus_as_space: false,
    keep_escaped: AsciiSet::EMPTY.add_all(b"#$&+,/:;=?@"),
    utf8: Utf8::Strict,
})
.named("js-uri", &["decodeuri", "encodeuri"], "ECMA-262 §19.2.6 encodeURI / decodeURI");

/// `encodeURIComponent` / `decodeURIComponent` (ECMA-262 §19.2.6.4-5).
///
/// ```
/// use pctenc::profile::js::COMPONENT;
/// assert_eq!(COMPONENT.encode("a&b=c d/é"), "a%26b%3Dc%20d%2F%C3%A9");
/// assert!(COMPONENT.decode_str("100%").is_err()); // URIError
/// ```
pub const COMPONENT: &Profile = &Profile::new(AsciiSet::all_but(
    b"!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~",
))
.with_input_utf8(Utf8::Strict)
.with_decoding(Decoding { utf8: Utf8::Strict, ..Decoding::STRICT })
.named(
    "js-component",
    &["decodeuricomponent", "encodeuricomponent"],
    "ECMA-262 §19.2.6 encodeURIComponent / decodeURIComponent",
);

/// `escape` / `unescape` (ECMA-262 Annex B.2.1): U+0080..U+00FF as `%XX` of the Latin-1
/// value, everything above as `%uXXXX` per UTF-16 code unit. `unescape` passes malformed
/// escapes through; a lone surrogate it produces becomes U+FFFD (as when JavaScript writes the
/// string out as UTF-8), or is kept as WTF-8 with [`Utf8::Bytes`].
///
/// ```
/// use pctenc::profile::js::ESCAPE;
/// assert_eq!(ESCAPE.encode("é€😀 +"), "%E9%u20AC%uD83D%uDE00%20+");
/// assert_eq!(ESCAPE.decode_str("%E9%u20ac%zz").unwrap(), "é€%zz");
/// ```
pub const ESCAPE: &Profile = &Profile::new(AsciiSet::all_but(
    b"*+-./0123456789@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz",
))
.with_unit(Unit::Utf16)
.with_input_utf8(Utf8::Lossy)
.with_decoding(Decoding { utf8: Utf8::Lossy, ..Decoding::LENIENT })
.named("js-escape", &["escape", "unescape"], "ECMA-262 Annex B.2.1 escape / unescape");

const _: () = assert!(URI.round_trips() && COMPONENT.round_trips() && ESCAPE.round_trips());
