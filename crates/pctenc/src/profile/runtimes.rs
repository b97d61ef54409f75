//! The runtime family: what the percent-encoding functions of Python, Go, PHP, Java, .NET,
//! libcurl and Perl really do, both directions, byte for byte.
//!
//! Each profile reproduces one encoder and its inverse as observed by running the runtime
//! (CPython 3.11, Go 1.19, PHP 8.2, OpenJDK 17, libcurl 7.88, Perl URI::Escape 5.17; see
//! `../shared/testdata/runtimes/`) or, for .NET, as read from dotnet/runtime's source. The
//! decoders differ more than the encoders: Go and Java reject a malformed escape, the others
//! pass it through; Go, PHP, Perl and curl return raw bytes, Python and .NET replace what is
//! not UTF-8 (per maximal subpart), Java replaces an encoded surrogate by one U+FFFD, and
//! .NET's `Uri.UnescapeDataString` leaves such escapes encoded.
//!
//! Two functions share a profile (one is an alias of the other) only where both directions
//! are identical: `curl_easy_escape`/`curl_easy_unescape` are PHP's
//! `rawurlencode`/`rawurldecode` byte for byte.

use super::{Decoding, HexCase, Malformed, Profile, Space, Unit, Utf8};
use crate::set::AsciiSet;

/// RFC 3986 unreserved: the 66 bytes that nearly every runtime leaves as they are.
const UNRESERVED: AsciiSet = AsciiSet::NON_UNRESERVED;

/// Pass-through decoding that replaces invalid UTF-8 by U+FFFD (per maximal subpart).
const LENIENT_LOSSY: Decoding = Decoding { utf8: Utf8::Lossy, ..Decoding::LENIENT };

/// Python `urllib.parse.quote(s)` (default `safe='/'`) / `unquote(s)`: `/` is kept; `unquote`
/// passes malformed escapes through and replaces invalid UTF-8 (`errors='replace'`).
///
/// ```
/// use pctenc::profile::runtimes::PY_QUOTE;
/// assert_eq!(PY_QUOTE.encode("/a b~"), "/a%20b~");
/// assert_eq!(PY_QUOTE.decode_str("%zz+%FF").unwrap(), "%zz+\u{FFFD}");
/// ```
pub const PY_QUOTE: &Profile = &Profile::new(UNRESERVED.remove(b'/'))
    .with_decoding(LENIENT_LOSSY)
    .named("py-quote", &["quote", "unquote"], "CPython urllib.parse.quote (safe='/') / unquote");

/// Python `urllib.parse.quote_plus(s)` / `unquote_plus(s)`: space is `+`, `/` is escaped.
///
/// ```
/// use pctenc::profile::runtimes::PY_QUOTE_PLUS;
/// assert_eq!(PY_QUOTE_PLUS.encode("a b/c"), "a+b%2Fc");
/// assert_eq!(PY_QUOTE_PLUS.decode_str("a+b%2B%").unwrap(), "a b+%");
/// ```
pub const PY_QUOTE_PLUS: &Profile = &Profile::new(UNRESERVED)
    .with_space(Space::Plus)
    .with_decoding(Decoding { plus_as_space: true, ..LENIENT_LOSSY })
    .named(
        "py-quote-plus",
        &["quote_plus", "unquote_plus"],
        "CPython urllib.parse.quote_plus / unquote_plus",
    );

/// Go `net/url.QueryEscape` / `QueryUnescape`: space is `+`; a malformed escape is an
/// `EscapeError` naming it; decoded bytes are not checked.
///
/// ```
/// use pctenc::profile::runtimes::GO_QUERY;
/// assert_eq!(GO_QUERY.encode("a b+~"), "a+b%2B~");
/// assert_eq!(GO_QUERY.decode("a+%FF").unwrap(), &b"a \xff"[..]);
/// assert_eq!(GO_QUERY.decode("123%45%6").unwrap_err().offset(), 6); // invalid URL escape "%6"
/// ```
pub const GO_QUERY: &Profile = &Profile::new(UNRESERVED)
    .with_space(Space::Plus)
    .with_decoding(Decoding { plus_as_space: true, ..Decoding::STRICT })
    .named("go-query", &["queryescape", "queryunescape"], "Go net/url.QueryEscape / QueryUnescape");

/// Go `net/url.PathEscape` / `PathUnescape`: a path segment, so `/ ; , ?` are escaped and
/// `$ & + : = @` kept; `+` decodes to `+`.
///
/// ```
/// use pctenc::profile::runtimes::GO_PATH;
/// assert_eq!(GO_PATH.encode("a b/c+d:e"), "a%20b%2Fc+d:e");
/// assert!(GO_PATH.decode("%zz").is_err());
/// ```
pub const GO_PATH: &Profile = &Profile::new(UNRESERVED.remove_all(b"$&+:=@"))
    .with_decoding(Decoding::STRICT)
    .named("go-path", &["pathescape", "pathunescape"], "Go net/url.PathEscape / PathUnescape");

/// PHP `urlencode` / `urldecode`: `~` is escaped (unlike `rawurlencode`), space is `+`; the
/// decoder passes malformed escapes through and returns raw bytes.
///
/// ```
/// use pctenc::profile::runtimes::PHP_URLENCODE;
/// assert_eq!(PHP_URLENCODE.encode("a b~*"), "a+b%7E%2A");
/// assert_eq!(PHP_URLENCODE.decode("a+%zz").unwrap(), &b"a %zz"[..]);
/// ```
pub const PHP_URLENCODE: &Profile = &Profile::new(UNRESERVED.add(b'~'))
    .with_space(Space::Plus)
    .with_decoding(Decoding { plus_as_space: true, ..Decoding::LENIENT })
    .named("php-urlencode", &["urlencode", "urldecode"], "PHP urlencode / urldecode");

/// PHP `rawurlencode` / `rawurldecode` (RFC 3986 unreserved, space `%20`, raw bytes, malformed
/// escapes passed through), which libcurl's `curl_easy_escape` / `curl_easy_unescape` match
/// byte for byte in both directions: hence the alias `curl`. So is Perl's `uri_escape` /
/// `uri_unescape` on the bytes a script reads (see [`PERL_URI_ESCAPE`]): hence the alias
/// `perl-uri-escape`.
///
/// ```
/// use pctenc::profile::runtimes::PHP_RAWURLENCODE;
/// assert_eq!(PHP_RAWURLENCODE.encode("a b~+"), "a%20b~%2B");
/// assert_eq!(PHP_RAWURLENCODE.decode("a+%4%FF").unwrap(), &b"a+%4\xff"[..]);
/// assert_eq!(pctenc::by_name("curl").unwrap().name(), "php-rawurlencode");
/// ```
pub const PHP_RAWURLENCODE: &Profile =
    &Profile::new(UNRESERVED).with_decoding(Decoding::LENIENT).named(
        "php-rawurlencode",
        &[
            "curl",
            "curl_easy_escape",
            "curl_easy_unescape",
            "perl-uri-escape",
            "rawurldecode",
            "rawurlencode",
            "uri_escape",
            "uri_unescape",
        ],
        "PHP rawurlencode / rawurldecode; libcurl curl_easy_escape / curl_easy_unescape; \
         Perl URI::Escape uri_escape / uri_unescape on the bytes a script reads (URI 5.17)",
    );

/// Java `URLEncoder.encode(s, UTF_8)` / `URLDecoder.decode(s, UTF_8)`: the form set (`*` kept,
/// `~` escaped), space `+`. The decoder throws on a malformed escape, except that
/// `Integer.parseInt` takes a sign (`%+1` is U+0001, `%-1` throws), and replaces invalid UTF-8
/// with Java's decoder (one U+FFFD per encoded surrogate).
///
/// ```
/// use pctenc::profile::runtimes::JAVA_URLENCODER;
/// assert_eq!(JAVA_URLENCODER.encode("a b~*"), "a+b%7E*");
/// assert_eq!(JAVA_URLENCODER.decode_str("%+1+%ED%A0%80").unwrap(), "\u{1} \u{FFFD}");
/// assert!(JAVA_URLENCODER.decode("%-1").is_err());
/// ```
pub const JAVA_URLENCODER: &Profile = &Profile::new(UNRESERVED.add(b'~').remove(b'*'))
    .with_space(Space::Plus)
    .with_decoding(Decoding {
        malformed: Malformed::RejectSigned,
        plus_as_space: true,
        keep_escaped: AsciiSet::EMPTY,
        utf8: Utf8::LossyJava,
    })
    .named(
        "java-urlencoder",
        &["spark", "urldecoder", "urlencoder"],
        "Java java.net.URLEncoder.encode / URLDecoder.decode (UTF-8)",
    );

/// .NET `Uri.EscapeDataString` / `Uri.UnescapeDataString`: RFC 3986 unreserved; input that is
/// not UTF-8 becomes U+FFFD; the decoder passes malformed escapes through and leaves escapes
/// of bytes that are not UTF-8 as they are. Read from dotnet/runtime's source (not run).
///
/// ```
/// use pctenc::profile::runtimes::DOTNET_ESCAPEDATASTRING;
/// assert_eq!(DOTNET_ESCAPEDATASTRING.encode("a b+"), "a%20b%2B");
/// assert_eq!(DOTNET_ESCAPEDATASTRING.decode_str("%C3%A9%FF%zz").unwrap(), "é%FF%zz");
/// ```
pub const DOTNET_ESCAPEDATASTRING: &Profile = &Profile::new(UNRESERVED)
    .with_input_utf8(Utf8::Lossy)
    .with_decoding(Decoding { utf8: Utf8::KeepEscaped, ..Decoding::LENIENT })
    .named(
        "dotnet-escapedatastring",
        &["escapedatastring", "unescapedatastring"],
        ".NET System.Uri.EscapeDataString / UnescapeDataString (from source)",
    );

/// The 69 bytes .NET's `WebUtility` and `HttpUtility` keep: the form set plus `! ( )`.
const DOTNET_URL_SAFE: AsciiSet = UNRESERVED.add(b'~').remove_all(b"!()*");

/// .NET `WebUtility.UrlEncode` / `UrlDecode`: upper-case hex, space `+`; the decoder passes
/// malformed escapes through and replaces invalid UTF-8. Read from source (not run).
///
/// ```
/// use pctenc::profile::runtimes::DOTNET_WEBUTILITY;
/// assert_eq!(DOTNET_WEBUTILITY.encode("(a b)é"), "(a+b)%C3%A9");
/// assert_eq!(DOTNET_WEBUTILITY.decode_str("a+%FF%u00e9").unwrap(), "a \u{FFFD}%u00e9");
/// ```
pub const DOTNET_WEBUTILITY: &Profile = &Profile::new(DOTNET_URL_SAFE)
    .with_space(Space::Plus)
    .with_input_utf8(Utf8::Lossy)
    .with_decoding(Decoding { plus_as_space: true, ..LENIENT_LOSSY })
    .named(
        "dotnet-webutility",
        &["webutility.urlencode", "webutility.urldecode"],
        ".NET System.Net.WebUtility.UrlEncode / UrlDecode (from source)",
    );

/// .NET `HttpUtility.UrlEncode` / `UrlDecode`: as `WebUtility` but with lower-case hex, and the
/// decoder also reads `%uXXXX`. Read from source (not run).
///
/// ```
/// use pctenc::profile::runtimes::DOTNET_HTTPUTILITY;
/// assert_eq!(DOTNET_HTTPUTILITY.encode("(a b)é"), "(a+b)%c3%a9");
/// assert_eq!(DOTNET_HTTPUTILITY.decode_str("a+%u00e9%uD800").unwrap(), "a é\u{FFFD}");
/// ```
pub const DOTNET_HTTPUTILITY: &Profile = &Profile::new(DOTNET_URL_SAFE)
    .with_space(Space::Plus)
    .with_hex(HexCase::Lower)
    .with_unit(Unit::ByteOrU16)
    .with_input_utf8(Utf8::Lossy)
    .with_decoding(Decoding { plus_as_space: true, ..LENIENT_LOSSY })
    .named(
        "dotnet-httputility",
        &["httputility.urlencode", "httputility.urldecode"],
        ".NET System.Web.HttpUtility.UrlEncode / UrlDecode (from source)",
    );

/// Perl `URI::Escape::uri_escape` / `uri_unescape` as Perl scripts call them: on the bytes
/// they read from `@ARGV`, STDIN or a file, which stay bytes unless the script decodes them.
/// The set is the URI 1.53+ default (RFC 3986 unreserved), each byte is one `%XX`, and
/// `uri_unescape` returns octets and leaves a malformed escape as it is: byte for byte
/// [`PHP_RAWURLENCODE`] in both directions, so `perl-uri-escape` is one of its aliases and
/// this constant is the same profile.
///
/// A script that decodes its input first (`utf8::decode`, `use open ':encoding(UTF-8)'`,
/// `decode('UTF-8', ...)`) hands `uri_escape` characters instead: that is
/// [`PERL_URI_ESCAPE_DECODED`].
///
/// ```
/// use pctenc::profile::runtimes::PERL_URI_ESCAPE;
/// // perl -MURI::Escape -e 'print uri_escape("é€")'  (a UTF-8 source without `use utf8`)
/// assert_eq!(PERL_URI_ESCAPE.encode("é€"), "%C3%A9%E2%82%AC");
/// assert_eq!(PERL_URI_ESCAPE.encode(b"\xe9~"), "%E9~");
/// assert_eq!(PERL_URI_ESCAPE.decode("%E9+%zz").unwrap(), &b"\xe9+%zz"[..]);
/// assert_eq!(pctenc::by_name("perl-uri-escape").unwrap(), PERL_URI_ESCAPE);
/// ```
pub const PERL_URI_ESCAPE: &Profile = PHP_RAWURLENCODE;

/// Perl `URI::Escape::uri_escape` on a decoded character string (the script called
/// `utf8::decode` or read through an `:encoding(UTF-8)` layer), and `uri_unescape`: a
/// character up to U+00FF is one `%XX` of its Latin-1 value, a wider one makes `uri_escape`
/// die ("Can't escape \x{20AC}, try uri_escape_utf8() instead"): an
/// [`EncodeError`](crate::EncodeError) from [`Profile::try_encode`], and its UTF-8 bytes (as
/// `uri_escape_utf8`) from the infallible methods. Input that is not UTF-8 could not have
/// been decoded: an error too. `uri_unescape` returns octets, as with [`PERL_URI_ESCAPE`].
///
/// ```
/// use pctenc::profile::runtimes::PERL_URI_ESCAPE_DECODED;
/// assert_eq!(PERL_URI_ESCAPE_DECODED.try_encode("é~").unwrap(), "%E9~");
/// assert_eq!(PERL_URI_ESCAPE_DECODED.try_encode("a€").unwrap_err().offset, 1);
/// assert_eq!(PERL_URI_ESCAPE_DECODED.decode("%E9+%zz").unwrap(), &b"\xe9+%zz"[..]);
/// ```
pub const PERL_URI_ESCAPE_DECODED: &Profile = &Profile::new(UNRESERVED)
    .with_unit(Unit::Latin1)
    .with_input_utf8(Utf8::Strict)
    .with_decoding(Decoding::LENIENT)
    .named(
        "perl-uri-escape-decoded",
        &[],
        "Perl URI::Escape uri_escape on a decoded character string / uri_unescape (URI 5.17)",
    );

// Set facts, as the runtimes' tables state them.
const _: () = assert!(!PY_QUOTE.set().contains(b'/') && PY_QUOTE_PLUS.set().contains(b'/'));
const _: () = assert!(PHP_URLENCODE.set().contains(b'~') && !PHP_RAWURLENCODE.set().contains(b'~'));
const _: () =
    assert!(!JAVA_URLENCODER.set().contains(b'*') && JAVA_URLENCODER.set().contains(b'~'));
const _: () = assert!(GO_PATH.set().contains(b';') && !GO_PATH.set().contains(b'+'));
const _: () = assert!(!DOTNET_URL_SAFE.contains(b'!') && DOTNET_URL_SAFE.contains(b'~'));
const _: () =
    assert!(DOTNET_HTTPUTILITY.set().contains(b'~') && !DOTNET_WEBUTILITY.set().contains(b'('));
