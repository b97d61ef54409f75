//! The protocol family: percent-encoding as protocols other than URLs define it.
//!
//! OAuth 1.0 signatures (RFC 5849), HTTP header parameters (RFC 8187), ALPN protocol ids in
//! `Alt-Svc` (RFC 7639 / RFC 7838), URI Template expansions (RFC 6570), IRIs (RFC 3987),
//! `mailto:` URIs (RFC 6068) and HTML's multipart/form-data field names. Each takes its set
//! from the protocol's grammar; where a protocol says its text is UTF-8, encoding input that
//! is not UTF-8 is an error in [`Profile::try_encode`] and decoding to something that is not
//! UTF-8 is an error.
//!
//! RFC 8187 values carry their charset in front (`UTF-8''%E2%82%AC`): the profile encodes and
//! decodes the value part, and [`rfc8187`] reads and writes the whole `ext-value`.

pub mod rfc8187;

use super::{Decoding, Malformed, Profile, Utf8};
use crate::set::AsciiSet;

/// Decoding of the protocols that define only well-formed escapes of UTF-8 text.
const STRICT_UTF8: Decoding = Decoding { utf8: Utf8::Strict, ..Decoding::STRICT };

/// RFC 3986 `reserved` (§2.2): gen-delims and sub-delims.
const RESERVED: &[u8] = b":/?#[]@!$&'()*+,;=";

/// OAuth 1.0 (RFC 5849 §3.6): UTF-8, every octet but unreserved escaped, upper-case hex,
/// space `%20`. RFC 6570's simple string expansion (`{var}`, RFC 6570 §3.2.2 "U") is the
/// same rule on the same text, so `uri-template` is an alias.
///
/// ```
/// use pctenc::profile::protocols::OAUTH1;
/// assert_eq!(OAUTH1.encode("=%3D & ✈"), "%3D%253D%20%26%20%E2%9C%88");
/// assert!(OAUTH1.try_encode(b"\xff").is_err()); // text MUST be UTF-8
/// ```
pub const OAUTH1: &Profile = &Profile::new(AsciiSet::NON_UNRESERVED)
    .with_input_utf8(Utf8::Strict)
    .with_decoding(STRICT_UTF8)
    .named(
        "oauth1",
        &["rfc5849", "uri-template"],
        "RFC 5849 §3.6 (OAuth 1.0); RFC 6570 §3.2.2 simple expansion (U)",
    );

/// RFC 6570 reserved expansion (`{+var}`, `{#var}`, §3.2.3 "U+R"): unreserved and reserved
/// characters stay, existing valid escapes stay, and everything else (a lone `%` included) is
/// escaped as UTF-8.
///
/// ```
/// use pctenc::profile::protocols::URI_TEMPLATE_RESERVED;
/// assert_eq!(URI_TEMPLATE_RESERVED.encode("/foo/bar?q=a b"), "/foo/bar?q=a%20b");
/// assert_eq!(URI_TEMPLATE_RESERVED.encode("50% %2F"), "50%25%20%2F");
/// ```
pub const URI_TEMPLATE_RESERVED: &Profile =
    &Profile::new(AsciiSet::NON_UNRESERVED.remove_all(RESERVED))
        .with_valid_escapes_kept()
        .with_input_utf8(Utf8::Strict)
        .with_decoding(STRICT_UTF8)
        .named("uri-template-reserved", &[], "RFC 6570 §3.2.3 reserved expansion (U+R)");

/// RFC 3987 §3.1 IRI to URI: non-ASCII as UTF-8 escapes, and the ASCII characters a URI
/// cannot hold (controls, space, `" < > \ ^ ` { | }`, DEL, a lone `%`); existing escapes and
/// reserved characters stay. Decoding is §3.2 URI to IRI: escapes of `%`, reserved and
/// disallowed ASCII stay, as do escapes that are not UTF-8 or decode to characters an IRI
/// must not show (bidi controls, non-characters); malformed escapes pass through.
///
/// ```
/// use pctenc::profile::protocols::IRI;
/// assert_eq!(IRI.encode("http://ex.org/red%09rosé#red"), "http://ex.org/red%09ros%C3%A9#red");
/// assert_eq!(IRI.decode_str("/D%C3%BCrst/D%FCrst/%2F/%e2%80%ae").unwrap(), "/Dürst/D%FCrst/%2F/%e2%80%ae");
/// ```
pub const IRI: &Profile = &Profile::new(AsciiSet::C0_CONTROL.add_all(b" \"<>\\^`{|}%"))
    .with_valid_escapes_kept()
    .with_input_utf8(Utf8::Lossy)
    .with_decoding(Decoding {
        malformed: Malformed::PassThrough,
        plus_as_space: false,
        keep_escaped: AsciiSet::C0_CONTROL.add_all(b" \"<>\\^`{|}%").add_all(RESERVED),
        utf8: Utf8::Iri,
    })
    .named("iri", &["rfc3987"], "RFC 3987 §3.1 IRI to URI, §3.2 URI to IRI");

/// `mailto:` (RFC 6068 §2): `qchar` = unreserved and `! $ ' ( ) * + , ; : @` stay; `% & = ? #
/// /` and everything else are escaped, as UTF-8 (§2: text MUST be UTF-8). This is the rule
/// for header field names and values (`hfname`, `hfvalue`), and safe in addresses too.
///
/// ```
/// use pctenc::profile::protocols::MAILTO;
/// assert_eq!(MAILTO.encode("Hi & bye?"), "Hi%20%26%20bye%3F");
/// assert_eq!(MAILTO.decode_str("caf%C3%A9").unwrap(), "café");
/// ```
pub const MAILTO: &Profile = &Profile::new(AsciiSet::NON_UNRESERVED.remove_all(b"!$'()*+,;:@"))
    .with_input_utf8(Utf8::Strict)
    .with_decoding(STRICT_UTF8)
    .named("mailto", &["rfc6068"], "RFC 6068 §2 qchar (mailto hfname / hfvalue)");

/// HTML multipart/form-data field names and file names (HTML §4.10.21.8): only `"`, CR and
/// LF are escaped, as `%22`, `%0D`, `%0A`; everything else, non-ASCII text included, is sent
/// as it is. Decoding reads back exactly those three escapes and leaves every other escape of an
/// ASCII byte, and every other `%`, as written (an escape of a non-ASCII byte is decoded).
///
/// ```
/// use pctenc::profile::protocols::MULTIPART_NAME;
/// assert_eq!(MULTIPART_NAME.encode("a \"b\"\r\né%"), "a %22b%22%0D%0Aé%");
/// assert_eq!(MULTIPART_NAME.decode("%22%41%0a").unwrap(), &b"\"%41\n"[..]);
/// ```
pub const MULTIPART_NAME: &Profile = &Profile::new(AsciiSet::EMPTY.add_all(b"\"\r\n"))
    .with_non_ascii_kept()
    .with_decoding(Decoding {
        keep_escaped: AsciiSet::ALL.remove_all(b"\"\r\n"),
        ..Decoding::LENIENT
    })
    .named("multipart-name", &["form-data-name"], "HTML §4.10.21.8 multipart/form-data names");

/// ALPN protocol ids in HTTP (`Alt-Svc`, RFC 7838 §3; RFC 7639 §2): every octet that is not
/// a `tchar` is escaped, `%` always, no other `tchar` ever; upper-case hex, the single form.
///
/// ```
/// use pctenc::profile::protocols::ALPN;
/// assert_eq!(ALPN.encode("http/1.1"), "http%2F1.1");
/// assert_eq!(ALPN.encode("h2"), "h2");
/// ```
pub const ALPN: &Profile = &Profile::new(AsciiSet::all_but(
    b"!#$&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
))
.with_decoding(Decoding::STRICT)
.named("alpn", &["rfc7838", "alt-svc"], "RFC 7838 §3 / RFC 7639 §2 protocol-id");

/// RFC 8187 `attr-char` (§3.2.1): the value part of an HTTP header parameter's `ext-value`
/// (`filename*=UTF-8''…`). See [`rfc8187`] for the whole `charset'language'value`.
///
/// ```
/// use pctenc::profile::protocols::RFC8187;
/// assert_eq!(RFC8187.encode("€ rates"), "%E2%82%AC%20rates");
/// assert_eq!(RFC8187.decode_str("%c2%a3").unwrap(), "£");
/// ```
pub const RFC8187: &Profile = &Profile::new(AsciiSet::all_but(
    b"!#$&+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
))
.with_input_utf8(Utf8::Strict)
.with_decoding(STRICT_UTF8)
.with_ext_value()
.named("rfc8187", &["rfc5987", "ext-value"], "RFC 8187 §3.2.1 attr-char (ext-value)");

const _: () = assert!(ALPN.set().contains(b'%') && !ALPN.set().contains(b'\''));
const _: () = assert!(RFC8187.set().contains(b'\'') && !RFC8187.set().contains(b'|'));
const _: () = assert!(!MAILTO.set().contains(b'@') && MAILTO.set().contains(b'&'));
const _: () = assert!(IRI.set().contains(b'%') && !IRI.set().contains(b'#'));
const _: () = assert!(URI_TEMPLATE_RESERVED.keeps_valid_escapes() && IRI.keeps_valid_escapes());
const _: () = assert!(MULTIPART_NAME.keeps_non_ascii() && !MULTIPART_NAME.set().contains(b'%'));
