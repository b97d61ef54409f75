//! [`Profile`]: one dialect of percent-encoding, as const data.
//!
//! A profile is everything that differs between dialects: which ASCII bytes are escaped
//! ([`AsciiSet`]), how a space is written ([`Space`]), the hex case ([`HexCase`]), the unit
//! of escaping ([`Unit`]: bytes as `%XX`, or JavaScript's `escape` with `%uXXXX`), what the
//! encoder does with input that is not UTF-8, and how decoding behaves ([`Decoding`]).
//!
//! Named profiles live in the family modules ([`rfc3986`], [`whatwg`], [`js`], [`runtimes`],
//! [`engines`], [`legacy`], [`protocols`]) and are found by
//! name through [`by_name`], which searches the one sorted table ([`names::TABLE`]) that the
//! library, the CLI and the playground share. An unknown name gets the same "did you mean"
//! in every front end from [`suggest`] (with the `std` feature).
//!
//! # The runtime, legacy and protocol profiles
//!
//! | name (aliases) | constant | source |
//! |---|---|---|
//! | `py-quote` | [`runtimes::PY_QUOTE`] | Python `quote` (safe `/`) / `unquote` |
//! | `py-quote-plus` | [`runtimes::PY_QUOTE_PLUS`] | Python `quote_plus` / `unquote_plus` |
//! | `go-query` | [`runtimes::GO_QUERY`] | Go `QueryEscape` / `QueryUnescape` |
//! | `go-path` | [`runtimes::GO_PATH`] | Go `PathEscape` / `PathUnescape` |
//! | `php-urlencode` | [`runtimes::PHP_URLENCODE`] | PHP `urlencode` / `urldecode` |
//! | `php-rawurlencode` (`curl`, `perl-uri-escape`) | [`runtimes::PHP_RAWURLENCODE`] | PHP `rawurlencode`; libcurl `curl_easy_escape`; Perl `uri_escape` on bytes |
//! | `java-urlencoder` (`spark`) | [`runtimes::JAVA_URLENCODER`] | Java `URLEncoder` / `URLDecoder`; Spark `url_encode` / `url_decode` |
//! | `dotnet-escapedatastring` | [`runtimes::DOTNET_ESCAPEDATASTRING`] | .NET `Uri.EscapeDataString` |
//! | `dotnet-webutility` | [`runtimes::DOTNET_WEBUTILITY`] | .NET `WebUtility.UrlEncode` |
//! | `dotnet-httputility` | [`runtimes::DOTNET_HTTPUTILITY`] | .NET `HttpUtility.UrlEncode` (lower-case hex) |
//! | `perl-uri-escape-decoded` | [`runtimes::PERL_URI_ESCAPE_DECODED`] | Perl `URI::Escape::uri_escape` on a decoded string |
//! | `duckdb` | [`engines::DUCKDB`] | DuckDB `url_encode` / `url_decode` |
//! | `clickhouse` | [`engines::CLICKHOUSE`] | ClickHouse `encodeURLComponent` / `decodeURLComponent` |
//! | `clickhouse-form` | [`engines::CLICKHOUSE_FORM`] | ClickHouse `encodeURLFormComponent` / `decodeURLFormComponent` |
//! | `rfc1738` | [`legacy::RFC1738`] | RFC 1738 §2.2 |
//! | `rfc2396` | [`legacy::RFC2396`] | RFC 2396 §2.3 |
//! | `oauth1` (`uri-template`) | [`protocols::OAUTH1`] | RFC 5849 §3.6; RFC 6570 `{var}` |
//! | `uri-template-reserved` | [`protocols::URI_TEMPLATE_RESERVED`] | RFC 6570 `{+var}` |
//! | `rfc8187` | [`protocols::RFC8187`] | RFC 8187 attr-char ([`protocols::rfc8187`] for `ext-value`) |
//! | `alpn` | [`protocols::ALPN`] | RFC 7838 §3 / RFC 7639 §2 |
//! | `iri` | [`protocols::IRI`] | RFC 3987 §3.1 / §3.2 |
//! | `mailto` | [`protocols::MAILTO`] | RFC 6068 §2 |
//! | `multipart-name` | [`protocols::MULTIPART_NAME`] | HTML multipart/form-data names |
//!
//! Each constant's documentation has a doctest; `docs/profiles.md` says which profile matches
//! which function, and how each is verified.
//!
//! # Why the set of names is closed
//!
//! A name is a promise: `js-component` means "byte for byte what `encodeURIComponent` and
//! `decodeURIComponent` do", proved by tests against recorded and live runtime behaviour. An
//! open registry could not keep that promise, so custom dialects are built as values instead:
//! every knob is a `const fn`, so a custom profile is a compile-time constant too.
//!
//! ```
//! use pctenc::{AsciiSet, HexCase, Profile};
//! const MINE: Profile = Profile::new(AsciiSet::NON_UNRESERVED.remove(b'/')).with_hex(HexCase::Lower);
//! assert_eq!(MINE.encode("a b/é"), "a%20b/%c3%a9");
//! ```

pub mod engines;
pub mod js;
pub mod legacy;
pub mod names;
pub mod nibbles;
pub mod protocols;
pub mod rfc3986;
pub mod runtimes;
pub mod space;
#[cfg(feature = "std")]
pub mod suggest;
pub mod whatwg;

pub use names::{by_name, ALL};
pub use space::Space;

use crate::set::AsciiSet;
use nibbles::Nibbles;

/// The case of the hex digits an encoder writes. Decoders accept both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexCase {
    /// `%C3%A9`: what RFC 3986 §2.1 recommends and nearly everyone writes.
    Upper,
    /// `%c3%a9`: .NET's `HttpUtility`, and some hand-written encoders.
    Lower,
}

impl HexCase {
    /// The hex digits of this case, indexed by nibble.
    pub(crate) const fn digits(self) -> &'static [u8; 16] {
        match self {
            HexCase::Upper => HEX_UPPER,
            HexCase::Lower => HEX_LOWER,
        }
    }
}

/// The unit of escaping: what one escape stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unit {
    /// `%XX` is one byte; text is escaped as its UTF-8 bytes. Every dialect but one.
    Byte,
    /// JavaScript's `escape`/`unescape` (ECMA-262 Annex B): `%XX` is the code point U+00XX
    /// (Latin-1, not a UTF-8 byte) and `%uXXXX` one UTF-16 code unit.
    Utf16,
    /// Text is escaped as Latin-1: a character up to U+00FF is one `%XX`, a character above
    /// it cannot be written (an [`EncodeError`](crate::EncodeError) where the input policy is
    /// [`Utf8::Strict`], its UTF-8 bytes otherwise), and bytes that are not UTF-8 are escaped
    /// as they are. Decoding is by byte. Perl's `URI::Escape::uri_escape` on a decoded string.
    Latin1,
    /// `%XX` is one byte, as [`Unit::Byte`], and decoding also reads `%uXXXX` as one UTF-16
    /// code unit, written as UTF-8 (.NET's `HttpUtility.UrlDecode`). Encoding is by byte.
    ByteOrU16,
}

impl Unit {
    /// Whether the decoder reads `%uXXXX`.
    pub(crate) const fn reads_u_escapes(self) -> bool {
        matches!(self, Unit::Utf16 | Unit::ByteOrU16)
    }
}

/// What a decoder does with a `%` that does not start a well-formed escape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Malformed {
    /// Keep the `%` as a literal byte and go on (the WHATWG percent-decode, Python, PHP...).
    PassThrough,
    /// Fail with [`DecodeError::InvalidEscape`](crate::DecodeError::InvalidEscape) or
    /// [`DecodeError::TruncatedEscape`](crate::DecodeError::TruncatedEscape), naming the offset
    /// (JavaScript's `decodeURIComponent`, Go, Java).
    Reject,
    /// As [`Malformed::Reject`], except that a sign followed by one hex digit is read as a
    /// signed number: `%+1` is byte 0x01 and `%-0` byte 0x00, while `%-1` (negative) is an
    /// error. Java's `URLDecoder`, which parses the two characters with `Integer.parseInt`.
    RejectSigned,
    /// Keep the `%` and the two bytes after it as they are written, none of them read again
    /// (`%%41` stays `%%41`, `%z+` stays `%z+` even where `+` is a space), and go on after
    /// them; fewer than two bytes left are kept as they are. ClickHouse's
    /// `decodeURLComponent` and `decodeURLFormComponent`.
    PassThroughTriplet,
}

/// What to do with bytes that are not UTF-8: the decoder's output, or the encoder's input.
///
/// Validity is that of Unicode Table 3-7 (as [`core::str::from_utf8`]): overlong forms,
/// surrogates and code points above U+10FFFF are invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Utf8 {
    /// Invalid UTF-8 is an error naming its offset.
    Strict,
    /// Each maximal invalid subpart becomes U+FFFD, as [`String::from_utf8_lossy`] and the
    /// WHATWG "UTF-8 decode without BOM" do.
    ///
    /// [`String::from_utf8_lossy`]: alloc::string::String::from_utf8_lossy
    Lossy,
    /// Bytes are bytes: no check, no change.
    Bytes,
    /// As [`Utf8::Lossy`], except that an encoded surrogate (`ED` followed by `A0..BF`), whole
    /// or cut short, is one U+FFFD rather than one per byte: Java's UTF-8 decoder. Only for
    /// decoding (an encoder reads it as `Lossy`).
    LossyJava,
    /// Escapes whose bytes are not valid UTF-8 stay as they were written (.NET's
    /// `Uri.UnescapeDataString`); a raw input byte in a sequence that is not UTF-8 has no
    /// escape to stay as, and is an error naming it, as under [`Utf8::Strict`]. Only for
    /// decoding.
    KeepEscaped,
    /// RFC 3987 §3.2 (URI to IRI): as [`Utf8::KeepEscaped`], and escapes of characters that an
    /// IRI must not show decoded also stay (characters outside `ucschar` / `iprivate`, and the
    /// bidi formatting characters of §4.1). Only for decoding.
    Iri,
}

impl Utf8 {
    /// Whether the policy needs the escapes of the whole input to repair it (streaming
    /// decoders then hold their input until the end).
    pub(crate) const fn keeps_escapes(self) -> bool {
        matches!(self, Utf8::KeepEscaped | Utf8::Iri)
    }
}

/// Stable lower-case names for the knobs, shared by `pctenc profiles --json`, Python's
/// `pctenc.profiles()`, the CLI's flags and the playground, so that every front end says the
/// same thing: this table is the only place the words are spelt. Each is the variant's name
/// in kebab case (`PassThrough` is `pass-through`), which a test holds it to.
macro_rules! knob_names {
    ($($ty:ident { $($variant:ident => $name:literal),* $(,)? })*) => {$(
        impl $ty {
            /// Every value, in the table's order.
            #[allow(dead_code)] // read by from_name and the tests
            pub(crate) const VARIANTS: &'static [$ty] = &[$($ty::$variant),*];

            /// The knob's stable name (as `pctenc profiles --json` writes it).
            pub const fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),* }
            }

            /// Finds a value by its [`name`](Self::name).
            pub fn from_name(name: &str) -> Option<$ty> {
                Self::VARIANTS.iter().copied().find(|v| v.name() == name)
            }
        }
    )*};
}

knob_names! {
    Space { Percent => "%20", Plus => "+" }
    HexCase { Upper => "upper", Lower => "lower" }
    Unit { Byte => "byte", Utf16 => "utf16", Latin1 => "latin1", ByteOrU16 => "byte-or-u16" }
    Malformed {
        PassThrough => "pass-through",
        Reject => "reject",
        RejectSigned => "reject-signed",
        PassThroughTriplet => "pass-through-triplet",
    }
    Utf8 {
        Strict => "strict",
        Lossy => "lossy",
        Bytes => "bytes",
        LossyJava => "lossy-java",
        KeepEscaped => "keep-escaped",
        Iri => "iri",
    }
}

/// How a profile decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoding {
    /// What a malformed escape does.
    pub malformed: Malformed,
    /// Whether `+` decodes to a space (forms only).
    pub plus_as_space: bool,
    /// Escapes that decode to one of these ASCII bytes stay as they were written, case kept
    /// (`decodeURI` keeps `%2F`, so that decoding does not change the URI's structure).
    pub keep_escaped: AsciiSet,
    /// What happens to decoded bytes that are not UTF-8.
    pub utf8: Utf8,
}

impl Decoding {
    /// The WHATWG percent-decode: malformed escapes pass through, `+` is `+`, bytes are bytes.
    pub const LENIENT: Decoding = Decoding {
        malformed: Malformed::PassThrough,
        plus_as_space: false,
        keep_escaped: AsciiSet::EMPTY,
        utf8: Utf8::Bytes,
    };

    /// An escape is exactly `%` HEXDIG HEXDIG; anything else is an error. Bytes are bytes.
    pub const STRICT: Decoding = Decoding { malformed: Malformed::Reject, ..Decoding::LENIENT };
}

/// One encode table entry per byte: little-endian `[b0, b1, b2, len]`, where the first `len`
/// bytes are what the encoder writes for that byte (1 for a kept byte or `+`, 3 for `%XX`).
/// Writing all four bytes and advancing by `len` makes the scalar encoder branch-free.
pub(crate) type EncodeTable = [u32; 256];

/// A percent-encoding dialect: set + space rule + hex case + unit + decode policy.
///
/// Profiles are plain `Copy` data; named ones are constants (see [`by_name`]). The methods
/// that encode and decode are in [`crate::encode`] and [`crate::decode`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Profile {
    name: &'static str,
    aliases: &'static [&'static str],
    source: &'static str,
    set: AsciiSet,
    space: Space,
    hex: HexCase,
    unit: Unit,
    input_utf8: Utf8,
    decoding: Decoding,
    keep_valid_escapes: bool,
    keep_non_ascii: bool,
    ext_value: bool,
    table: EncodeTable,
    nibbles: Nibbles,
}

impl Profile {
    /// A profile that escapes the bytes of `set` and every non-ASCII byte, writes upper-case
    /// `%XX`, space as `%20`, takes any bytes as input, and decodes strictly to bytes.
    pub const fn new(set: AsciiSet) -> Profile {
        Profile {
            name: "custom",
            aliases: &[],
            source: "",
            set,
            space: Space::Percent,
            hex: HexCase::Upper,
            unit: Unit::Byte,
            input_utf8: Utf8::Bytes,
            decoding: Decoding::STRICT,
            keep_valid_escapes: false,
            keep_non_ascii: false,
            ext_value: false,
            table: build_table(set, Space::Percent, HexCase::Upper),
            nibbles: Nibbles::new(set, Space::Percent),
        }
    }

    /// Names the profile: its name, its aliases, and where its definition comes from.
    pub const fn named(
        mut self,
        name: &'static str,
        aliases: &'static [&'static str],
        source: &'static str,
    ) -> Profile {
        self.name = name;
        self.aliases = aliases;
        self.source = source;
        self
    }

    /// With space written as `space` (where the set escapes space at all).
    pub const fn with_space(mut self, space: Space) -> Profile {
        self.space = space;
        self.table = build_table(self.set, self.space, self.hex);
        self.nibbles = Nibbles::new(self.set, self.space);
        self
    }

    /// With hex digits written in `hex` case.
    pub const fn with_hex(mut self, hex: HexCase) -> Profile {
        self.hex = hex;
        self.table = build_table(self.set, self.space, self.hex);
        self
    }

    /// With `unit` as the unit of escaping.
    pub const fn with_unit(mut self, unit: Unit) -> Profile {
        self.unit = unit;
        self
    }

    /// With `policy` for encoder input that is not UTF-8.
    pub const fn with_input_utf8(mut self, policy: Utf8) -> Profile {
        self.input_utf8 = policy;
        self
    }

    /// Encoding keeps every `%` that starts a valid escape (`%` HEXDIG HEXDIG) as it is and
    /// escapes only a lone `%` (where the set holds `%`): RFC 6570 reserved expansion
    /// (`{+var}`) and RFC 3987 §3.1 IRI-to-URI mapping, which must not double-encode.
    pub const fn with_valid_escapes_kept(mut self) -> Profile {
        self.keep_valid_escapes = true;
        self
    }

    /// Encoding writes non-ASCII text as it is (only ASCII bytes of the set are escaped;
    /// bytes that are not UTF-8 still are): HTML's multipart/form-data names.
    pub const fn with_non_ascii_kept(mut self) -> Profile {
        self.keep_non_ascii = true;
        self
    }

    /// Its values are the value part of RFC 8187 `ext-value`s (`charset'language'value`):
    /// front ends that read and write whole records frame them as such
    /// ([`protocols::rfc8187`]).
    pub const fn with_ext_value(mut self) -> Profile {
        self.ext_value = true;
        self
    }

    /// With `decoding` as the whole decode policy.
    pub const fn with_decoding(mut self, decoding: Decoding) -> Profile {
        self.decoding = decoding;
        self
    }

    /// With `malformed` as the malformed-escape policy (`--strict` / `--lenient`).
    pub const fn with_malformed(mut self, malformed: Malformed) -> Profile {
        self.decoding.malformed = malformed;
        self
    }

    /// With `policy` for decoded bytes that are not UTF-8.
    pub const fn with_output_utf8(mut self, policy: Utf8) -> Profile {
        self.decoding.utf8 = policy;
        self
    }

    /// The profile's name, as [`by_name`] finds it (`"custom"` for unnamed ones).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Other names that find the same profile.
    pub const fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    /// Where the definition comes from: a spec section or a runtime function.
    pub const fn source(&self) -> &'static str {
        self.source
    }

    /// The ASCII bytes this profile escapes.
    pub const fn set(&self) -> AsciiSet {
        self.set
    }

    /// How an escaped space is written.
    pub const fn space(&self) -> Space {
        self.space
    }

    /// The case of the hex digits written.
    pub const fn hex_case(&self) -> HexCase {
        self.hex
    }

    /// The unit of escaping.
    pub const fn unit(&self) -> Unit {
        self.unit
    }

    /// What the encoder does with input that is not UTF-8.
    pub const fn input_utf8(&self) -> Utf8 {
        self.input_utf8
    }

    /// The decode policy.
    pub const fn decoding(&self) -> Decoding {
        self.decoding
    }

    /// The decode policy, borrowed: what the library's own decoders pass on.
    pub(crate) const fn policy(&self) -> &Decoding {
        &self.decoding
    }

    /// Whether encoding keeps existing valid escapes (see
    /// [`Profile::with_valid_escapes_kept`]).
    pub const fn keeps_valid_escapes(&self) -> bool {
        self.keep_valid_escapes
    }

    /// Whether encoding keeps non-ASCII text (see [`Profile::with_non_ascii_kept`]).
    pub const fn keeps_non_ascii(&self) -> bool {
        self.keep_non_ascii
    }

    /// Whether a whole record is an RFC 8187 `ext-value` (see [`Profile::with_ext_value`]).
    ///
    /// ```
    /// use pctenc::profile::{protocols::RFC8187, rfc3986::RFC3986};
    /// assert!(RFC8187.is_ext_value() && !RFC3986.is_ext_value());
    /// ```
    pub const fn is_ext_value(&self) -> bool {
        self.ext_value
    }

    /// Whether the encoder writes `byte` escaped (non-ASCII bytes are, unless the profile
    /// keeps non-ASCII text).
    #[inline]
    pub const fn escapes(&self, byte: u8) -> bool {
        (byte >= 0x80 && !self.keep_non_ascii) || self.set.contains(byte)
    }

    /// Whether encoding goes byte by byte through the table alone (no knob needs the text).
    pub(crate) const fn bytewise(&self, policy: Utf8) -> bool {
        matches!(self.unit, Unit::Byte | Unit::ByteOrU16)
            && matches!(policy, Utf8::Bytes)
            && !self.keep_valid_escapes
            && !self.keep_non_ascii
    }

    /// Whether `decode(encode(x)) == x` holds for every input: the set escapes `%`, and
    /// `+` too where `+` decodes to a space.
    ///
    /// Knobs that break it: keeping valid escapes on encode (`%41` stays and decodes to
    /// `A`), Latin-1 text (`é` decodes to the byte 0xE9), and escapes the decoder keeps that
    /// the encoder writes.
    pub const fn round_trips(&self) -> bool {
        let mut b = 0u8;
        while b < 0x80 {
            if self.set.contains(b) && self.decoding.keep_escaped.contains(b) {
                return false;
            }
            b += 1;
        }
        self.set.contains(b'%')
            && (!self.decoding.plus_as_space || self.set.contains(b'+'))
            && !self.keep_valid_escapes
            && !matches!(self.unit, Unit::Latin1)
    }

    #[inline]
    pub(crate) const fn table(&self) -> &EncodeTable {
        &self.table
    }

    /// The SIMD kernels' classification tables (see [`nibbles`]).
    #[inline]
    #[cfg_attr(not(pctenc_simd), allow(dead_code))]
    pub(crate) const fn nibbles(&self) -> &Nibbles {
        &self.nibbles
    }
}

impl core::fmt::Debug for Profile {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Profile")
            .field("name", &self.name)
            .field("set", &self.set)
            .field("space", &self.space)
            .field("hex", &self.hex)
            .field("unit", &self.unit)
            .field("input_utf8", &self.input_utf8)
            .field("decoding", &self.decoding)
            .field("keep_valid_escapes", &self.keep_valid_escapes)
            .field("keep_non_ascii", &self.keep_non_ascii)
            .field("ext_value", &self.ext_value)
            .finish()
    }
}

/// Upper-case hex digits, indexed by nibble.
pub(crate) const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";
/// Lower-case hex digits, indexed by nibble.
pub(crate) const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

/// Builds the branch-free encode table from the readable definition.
const fn build_table(set: AsciiSet, space: Space, hex: HexCase) -> EncodeTable {
    let digits = hex.digits();
    let mut table = [0u32; 256];
    let mut b = 0usize;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte == b' ' && set.contains(b' ') && matches!(space, Space::Plus) {
            b'+' as u32 | 1 << 24
        } else if byte >= 0x80 || set.contains(byte) {
            b'%' as u32 | (digits[b >> 4] as u32) << 8 | (digits[b & 15] as u32) << 16 | 3 << 24
        } else {
            byte as u32 | 1 << 24
        };
        b += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_definition() {
        let p = Profile::new(AsciiSet::C0_CONTROL.add(b' ')).with_space(Space::Plus);
        let t = p.table();
        assert_eq!(t[b'a' as usize].to_le_bytes(), [b'a', 0, 0, 1]);
        assert_eq!(t[b' ' as usize].to_le_bytes(), [b'+', 0, 0, 1]);
        assert_eq!(t[0xE9].to_le_bytes(), [b'%', b'E', b'9', 3]);
        let lower = p.with_hex(HexCase::Lower);
        assert_eq!(lower.table()[0x0A].to_le_bytes(), [b'%', b'0', b'a', 3]);
    }

    /// `PassThrough` -> `pass-through`, `ByteOrU16` -> `byte-or-u16`: how the front ends
    /// spelt the policies before the table was theirs, so their output did not change.
    fn kebab(value: impl core::fmt::Debug) -> alloc::string::String {
        let mut out = alloc::string::String::new();
        for (i, c) in alloc::format!("{value:?}").chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }

    #[test]
    fn knob_names_are_the_variants_in_kebab_case() {
        fn check<T: Copy + PartialEq + core::fmt::Debug>(
            all: &[T],
            name: fn(T) -> &'static str,
            from_name: fn(&str) -> Option<T>,
        ) {
            for &v in all {
                assert_eq!(name(v), kebab(v));
                assert_eq!(from_name(name(v)), Some(v));
            }
        }
        check(HexCase::VARIANTS, HexCase::name, HexCase::from_name);
        check(Unit::VARIANTS, Unit::name, Unit::from_name);
        check(Malformed::VARIANTS, Malformed::name, Malformed::from_name);
        check(Utf8::VARIANTS, Utf8::name, Utf8::from_name);
        assert_eq!(Malformed::PassThrough.name(), "pass-through");
        assert_eq!(Unit::ByteOrU16.name(), "byte-or-u16");
        assert_eq!(Utf8::from_name("nope"), None);
        // Space is named by what it writes, not by its variant.
        assert_eq!((Space::Percent.name(), Space::from_name("+")), ("%20", Some(Space::Plus)));
    }

    #[test]
    fn a_named_profile_says_where_it_comes_from() {
        assert_eq!(rfc3986::RFC3986.source(), "RFC 3986 §2.3 unreserved");
        assert_eq!(Profile::new(AsciiSet::EMPTY).source(), "");
    }

    /// `escapes` is what the encoder does: every ASCII byte of the set and every non-ASCII
    /// byte, unless the profile keeps non-ASCII text.
    #[test]
    fn escapes_is_what_the_encoder_writes_escaped() {
        let keeps = Profile::new(AsciiSet::NON_UNRESERVED).with_non_ascii_kept();
        for p in ALL.iter().copied().chain([&keeps]) {
            for b in 0..0x80u8 {
                assert_eq!(p.escapes(b), p.set().contains(b), "{} {b:#x}", p.name());
            }
            for b in 0x80..=0xFFu8 {
                assert_eq!(p.escapes(b), !p.keeps_non_ascii(), "{} {b:#x}", p.name());
            }
            assert_eq!(p.encode("é").contains('%'), p.escapes(0xC3), "{}", p.name());
        }
        assert_eq!(keeps.encode("é %"), "é%20%25");
    }

    /// The byte-by-byte fast path is only for profiles whose encoder needs no text: keeping
    /// valid escapes needs to see them.
    #[test]
    fn bytes_in_with_valid_escapes_kept_keeps_them() {
        let p = Profile::new(AsciiSet::NON_UNRESERVED).with_valid_escapes_kept();
        assert_eq!(p.input_utf8(), Utf8::Bytes);
        assert_eq!(p.encode(b"%41 %4\xFF"), "%41%20%254%FF");
        let mut out = alloc::vec::Vec::new();
        let mut e = crate::stream::Encoder::new(&p);
        e.push(b"%4", &mut out).unwrap();
        e.push(b"1 \xFF", &mut out).unwrap();
        e.finish(&mut out).unwrap();
        assert_eq!(out, b"%41%20%FF");
    }

    /// An escape the decoder keeps as written but the encoder writes cannot come back: no
    /// named profile has one (decodeURI's kept escapes are of bytes encodeURI leaves alone).
    #[test]
    fn a_kept_escape_the_encoder_writes_breaks_the_round_trip() {
        let set = AsciiSet::NON_UNRESERVED;
        assert!(Profile::new(set).round_trips());
        for kept in [b'!', b'/', 0x7F] {
            let p = Profile::new(set).with_decoding(Decoding {
                keep_escaped: AsciiSet::EMPTY.add(kept),
                ..Decoding::STRICT
            });
            assert!(!p.round_trips(), "{kept:#x}");
            let byte = [kept];
            let encoded = p.encode(&byte);
            assert_eq!(p.decode(encoded.as_bytes()).unwrap(), encoded.as_bytes(), "{kept:#x}");
        }
    }

    /// Only the policies that keep invalid escapes as written hold a stream's input until
    /// its end; under the others, each push hands over every byte that is certain.
    #[test]
    fn only_the_kept_escape_policies_hold_a_stream_back() {
        for (p, chunk, certain) in
            [(rfc3986::RFC3986, &b"ab%41"[..], &b"abA"[..]), (whatwg::FORM, b"a+b%41%", b"a bA")]
        {
            let mut decoder = crate::stream::Decoder::new(p);
            let mut out = alloc::vec::Vec::new();
            decoder.push(chunk, &mut out).unwrap();
            assert_eq!(out, certain, "{}", p.name());
        }
    }

    /// Debug shows the definition, not the 1 KiB of tables built from it.
    #[test]
    fn debug_shows_the_definition() {
        let shown = alloc::format!("{:?}", whatwg::FORM);
        assert!(shown.starts_with("Profile { name: \"form\", set: "), "{shown}");
        for field in ["space: Plus", "hex: Upper", "plus_as_space: true", "ext_value: false"] {
            assert!(shown.contains(field), "{field} in {shown}");
        }
        assert!(!shown.contains("table"), "{shown}");
    }

    #[test]
    fn nibbles_classify_every_profile_exactly() {
        for p in ALL {
            let n = Nibbles::new(p.set(), p.space());
            for b in 0..=255u8 {
                let plus = b == b' ' && n.plus;
                // The byte kernels escape every non-ASCII byte: profiles that keep non-ASCII
                // text copy it around the kernel (encode.rs), never through it.
                let escaped = b >= 0x80 || p.set().contains(b);
                assert_eq!(n.kept(b), !escaped || plus, "{} {b:#x}", p.name());
            }
        }
    }
}
