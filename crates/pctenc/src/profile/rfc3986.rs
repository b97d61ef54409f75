//! The RFC 3986 family: one profile per URI component.
//!
//! Each set is "everything but what the component's ABNF allows unescaped", built from the
//! RFC's own productions (§2.2, §2.3, §3). `%` is escaped by all of them, so every one round
//! trips. Decoding is strict (§2.1: `pct-encoded = "%" HEXDIG HEXDIG`, so a stray `%` is not a
//! URI) and yields bytes: RFC 3986 says nothing of the character encoding of what it carries.

use super::{Decoding, Profile};
use crate::set::AsciiSet;

/// `unreserved` (§2.3): `A-Z a-z 0-9 - . _ ~`. Everything else is escaped by [`RFC3986`].
const UNRESERVED_ESCAPED: AsciiSet = AsciiSet::NON_UNRESERVED;

/// `sub-delims` (§2.2): `! $ & ' ( ) * + , ; =`.
const SUB_DELIMS: &[u8] = b"!$&'()*+,;=";

/// Escapes everything but the unreserved characters: the safe choice for any data placed in
/// any component, and what OAuth, AWS SigV4, PHP `rawurlencode` and others converge on.
/// RFC 3986 §2.3.
///
/// ```
/// assert_eq!(pctenc::profile::rfc3986::RFC3986.encode("a b/ü~"), "a%20b%2F%C3%BC~");
/// ```
pub const RFC3986: &Profile = &Profile::new(UNRESERVED_ESCAPED)
    .with_decoding(Decoding::STRICT)
    .named("rfc3986", &["rfc3986-unreserved"], "RFC 3986 §2.3 unreserved");

/// A path segment (`segment`, §3.3): keeps `pchar` = unreserved, sub-delims, `:` and `@`;
/// escapes `/`, `?` and `#`.
///
/// ```
/// assert_eq!(pctenc::profile::rfc3986::SEGMENT.encode("a/b c:@!"), "a%2Fb%20c:@!");
/// ```
pub const SEGMENT: &Profile = &Profile::new(
    UNRESERVED_ESCAPED.remove_all(SUB_DELIMS).remove_all(b":@"),
)
.named("rfc3986-segment", &["rfc3986-pchar"], "RFC 3986 §3.3 segment (pchar)");

/// A whole path (`path-abempty`, §3.3): `pchar` and `/`.
///
/// ```
/// assert_eq!(pctenc::profile::rfc3986::PATH.encode("/a b/c?d"), "/a%20b/c%3Fd");
/// ```
pub const PATH: &Profile = &Profile::new(SEGMENT.set().remove(b'/')).named(
    "rfc3986-path",
    &[],
    "RFC 3986 §3.3 path (pchar / \"/\")",
);

/// A query or a fragment (§3.4, §3.5): `pchar`, `/` and `?`. The two productions are the
/// same, so `rfc3986-fragment` is an alias.
///
/// ```
/// assert_eq!(pctenc::profile::rfc3986::QUERY.encode("a=1&b=2 3?/#"), "a=1&b=2%203?/%23");
/// ```
pub const QUERY: &Profile = &Profile::new(PATH.set().remove(b'?')).named(
    "rfc3986-query",
    &["rfc3986-fragment"],
    "RFC 3986 §3.4 query, §3.5 fragment (pchar / \"/\" / \"?\")",
);

/// The userinfo subcomponent (§3.2.1): unreserved, sub-delims and `:`.
///
/// ```
/// assert_eq!(pctenc::profile::rfc3986::USERINFO.encode("user:p@ss"), "user:p%40ss");
/// ```
pub const USERINFO: &Profile = &Profile::new(
    UNRESERVED_ESCAPED.remove_all(SUB_DELIMS).remove(b':'),
)
.named("rfc3986-userinfo", &[], "RFC 3986 §3.2.1 userinfo");

/// A registered name (`reg-name`, §3.2.2): unreserved and sub-delims.
///
/// ```
/// assert_eq!(pctenc::profile::rfc3986::HOST.encode("ex ample:80"), "ex%20ample%3A80");
/// ```
pub const HOST: &Profile = &Profile::new(UNRESERVED_ESCAPED.remove_all(SUB_DELIMS)).named(
    "rfc3986-host",
    &["rfc3986-reg-name"],
    "RFC 3986 §3.2.2 reg-name",
);

const _: () = assert!(RFC3986.round_trips() && SEGMENT.round_trips() && QUERY.round_trips());
const _: () = assert!(PATH.set().contains(b'?') && !QUERY.set().contains(b'?'));
const _: () = assert!(USERINFO.set().contains(b'@') && !HOST.set().contains(b';'));
