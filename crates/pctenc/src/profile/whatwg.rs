//! The WHATWG URL Standard family: its eight percent-encode sets.
//!
//! Each set is built from its parent exactly as §1.3 of the URL Standard builds it
//! (<https://url.spec.whatwg.org/#percent-encoded-bytes>). Every set also holds every code point
//! above `~`, so non-ASCII bytes and DEL are always escaped. Encoding takes a string (a
//! USVString), so encoder input that is not UTF-8 is read lossily, as a browser would. Decoding
//! is the standard's *percent-decode*: it never fails, a `%` without two hex digits stays
//! literal, and the result is bytes. Only [`FORM`] reads `+` as a space and yields text.

use super::{Decoding, Malformed, Profile, Space, Utf8};
use crate::set::AsciiSet;

/// The C0 control percent-encode set: controls and non-ASCII only.
///
/// ```
/// assert_eq!(pctenc::profile::whatwg::C0_CONTROL.encode("a b\t€"), "a b%09%E2%82%AC");
/// ```
pub const C0_CONTROL: &Profile = &whatwg(AsciiSet::C0_CONTROL).named(
    "url-c0",
    &["url-c0-control"],
    "URL Standard §1.3 C0 control percent-encode set",
);

/// The fragment percent-encode set: C0 control set + space `"` `<` `>` `` ` ``.
///
/// ```
/// assert_eq!(pctenc::profile::whatwg::FRAGMENT.encode("a b`#"), "a%20b%60#");
/// ```
pub const FRAGMENT: &Profile = &whatwg(C0_CONTROL.set().add_all(b" \"<>`")).named(
    "url-fragment",
    &[],
    "URL Standard §1.3 fragment percent-encode set",
);

/// The query percent-encode set: C0 control set + space `"` `#` `<` `>`.
///
/// ```
/// assert_eq!(pctenc::profile::whatwg::QUERY.encode("a b#c`"), "a%20b%23c`");
/// ```
pub const QUERY: &Profile = &whatwg(C0_CONTROL.set().add_all(b" \"#<>")).named(
    "url-query",
    &[],
    "URL Standard §1.3 query percent-encode set",
);

/// The special-query percent-encode set (queries of http, https, ws, wss, ftp, file):
/// query set + `'`.
///
/// ```
/// assert_eq!(pctenc::profile::whatwg::SPECIAL_QUERY.encode("it's"), "it%27s");
/// ```
pub const SPECIAL_QUERY: &Profile = &whatwg(QUERY.set().add(b'\'')).named(
    "url-special-query",
    &[],
    "URL Standard §1.3 special-query percent-encode set",
);

/// The path percent-encode set: query set + `?` `^` `` ` `` `{` `}` (`^` since 2025-03).
///
/// ```
/// assert_eq!(pctenc::profile::whatwg::PATH.encode("/a b?{x}^"), "/a%20b%3F%7Bx%7D%5E");
/// ```
pub const PATH: &Profile = &whatwg(QUERY.set().add_all(b"?^`{}")).named(
    "url-path",
    &[],
    "URL Standard §1.3 path percent-encode set",
);

/// The userinfo percent-encode set: path set + `/` `:` `;` `=` `@` `[` `\` `]` `|`.
///
/// ```
/// assert_eq!(pctenc::profile::whatwg::USERINFO.encode("Say what‽"), "Say%20what%E2%80%BD");
/// ```
pub const USERINFO: &Profile = &whatwg(PATH.set().add_all(b"/:;=@[\\]|")).named(
    "url-userinfo",
    &[],
    "URL Standard §1.3 userinfo percent-encode set",
);

/// The component percent-encode set: userinfo set + `$` `%` `&` `+` `,`. Encodes as
/// `encodeURIComponent` does, but decodes leniently to bytes (use `js-component` for its
/// decoder).
///
/// ```
/// assert_eq!(pctenc::profile::whatwg::COMPONENT.encode("100% a+b"), "100%25%20a%2Bb");
/// ```
pub const COMPONENT: &Profile = &whatwg(USERINFO.set().add_all(b"$%&+,")).named(
    "url-component",
    &[],
    "URL Standard §1.3 component percent-encode set",
);

/// application/x-www-form-urlencoded, as `URLSearchParams`: component set + `!` `'` `(` `)`
/// `~`, space written `+`; decoding reads `+` as space, passes malformed escapes through and
/// decodes UTF-8 with U+FFFD for invalid bytes (§5.1 parser, §5.2 serializer).
///
/// ```
/// use pctenc::profile::whatwg::FORM;
/// assert_eq!(FORM.encode("a b+c~"), "a+b%2Bc%7E");
/// assert_eq!(FORM.decode_str("a+b%2Bc%zz").unwrap(), "a b+c%zz");
/// ```
pub const FORM: &Profile = &whatwg(COMPONENT.set().add_all(b"!'()~"))
    .with_space(Space::Plus)
    .with_decoding(Decoding {
        malformed: Malformed::PassThrough,
        plus_as_space: true,
        keep_escaped: AsciiSet::EMPTY,
        utf8: Utf8::Lossy,
    })
    .named(
        "form",
        &["application/x-www-form-urlencoded", "urlencoded"],
        "URL Standard §5 application/x-www-form-urlencoded (URLSearchParams)",
    );

const fn whatwg(set: AsciiSet) -> Profile {
    Profile::new(set).with_input_utf8(Utf8::Lossy).with_decoding(Decoding::LENIENT)
}

const _: () = assert!(QUERY.set().contains(b'#') && !QUERY.set().contains(b'`'));
const _: () = assert!(FRAGMENT.set().contains(b'`') && !FRAGMENT.set().contains(b'#'));
const _: () =
    assert!(!USERINFO.set().contains(b'%') && COMPONENT.round_trips() && FORM.round_trips());
