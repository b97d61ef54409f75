//! The older RFCs: RFC 1738 (1994) and RFC 2396 (1998), which RFC 3986 replaced but which
//! old software, old signatures and old test suites still follow.
//!
//! Both escape everything their grammar does not let data use unescaped, write `%20` and
//! upper-case hex, and decode strictly to bytes (an escape is `%` HEXDIG HEXDIG in both).

use super::{Decoding, Profile};
use crate::set::AsciiSet;

/// RFC 1738 §2.2: only alphanumerics and `$ - _ . + ! * ' ( ) ,` may be used unencoded in
/// data (the reserved characters only for their reserved purpose, so data escapes them).
///
/// ```
/// use pctenc::profile::legacy::RFC1738;
/// assert_eq!(RFC1738.encode("a b~$+!"), "a%20b%7E$+!");
/// assert!(RFC1738.decode("%zz").is_err());
/// ```
pub const RFC1738: &Profile = &Profile::new(AsciiSet::all_but(
    b"$-_.+!*'(),0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
))
.with_decoding(Decoding::STRICT)
.named("rfc1738", &[], "RFC 1738 §2.2 (alphanumerics and \"$-_.+!*'(),\")");

/// RFC 2396 §2.3 `unreserved` = alphanum / mark (`- _ . ! ~ * ' ( )`); everything else is
/// escaped. This was Perl URI::Escape's default before URI 1.53 and Java's `URI` era set.
///
/// ```
/// use pctenc::profile::legacy::RFC2396;
/// assert_eq!(RFC2396.encode("a b!~*'()/"), "a%20b!~*'()%2F");
/// ```
pub const RFC2396: &Profile = &Profile::new(AsciiSet::all_but(
    b"-_.!~*'()0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
))
.with_decoding(Decoding::STRICT)
.named("rfc2396", &["rfc2396-unreserved"], "RFC 2396 §2.3 unreserved (alphanum / mark)");

const _: () = assert!(RFC1738.set().contains(b'~') && !RFC1738.set().contains(b'$'));
const _: () = assert!(!RFC2396.set().contains(b'~') && RFC2396.set().contains(b'$'));
const _: () = assert!(RFC1738.round_trips() && RFC2396.round_trips());
