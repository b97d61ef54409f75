//! The data-engine family: what the SQL built-ins of Spark, DuckDB and ClickHouse do, so that
//! a column decoded in one engine and re-encoded in another comes out byte for byte as each
//! engine's own function would write it.
//!
//! Spark and DuckDB were observed by running the engines (pyspark 4.3.0 on OpenJDK 17, DuckDB
//! 2.0.0) with `scripts/engines/record.py`, which writes `crates/pctenc/tests/data/engines.json`;
//! ClickHouse (26.9, through the `chdb` package) with `scripts/engines/record_clickhouse.py`,
//! which writes `tests/data/clickhouse.json`. The tests in `tests/engines.rs` and
//! `tests/clickhouse.rs` replay those files, and the Python suite
//! (`scripts/test.d/45-engines.sh`) compares Spark's and DuckDB's built-ins with pctenc live.
//!
//! - **Spark** `url_encode` / `url_decode` / `try_url_decode` call Java's `URLEncoder` /
//!   `URLDecoder` with UTF-8, so `spark` is an alias of
//!   [`java-urlencoder`](super::runtimes::JAVA_URLENCODER): `+` decodes to a space, a
//!   malformed escape fails the query (`CANNOT_DECODE_URL`; `try_url_decode` returns NULL
//!   instead), `%+1` is U+0001 (`Integer.parseInt` takes a sign), and decoded bytes that are
//!   not UTF-8 silently become U+FFFD (one per encoded surrogate), in both functions. A Spark
//!   string holding bytes that are not UTF-8 (from `CAST(binary AS STRING)`) is first read as
//!   a Java `String`, which repairs it the same way: the engine adapter (`pctenc.spark`) does
//!   that repair, since the profile sees bytes.
//! - **DuckDB** has a dialect of its own: [`DUCKDB`].
//! - **ClickHouse** has two: [`CLICKHOUSE`] (`encodeURLComponent` / `decodeURLComponent`)
//!   and [`CLICKHOUSE_FORM`] (`encodeURLFormComponent` / `decodeURLFormComponent`). Its
//!   strings are bytes, so its decoders never check UTF-8, and a malformed escape keeps the
//!   two bytes after its `%` unread ([`Malformed::PassThroughTriplet`]), which no other
//!   runtime does. Their function names are not aliases: `encodeURLComponent` is one letter
//!   from JavaScript's `encodeURIComponent` (the `js-component` alias), and a slip between
//!   them must be an unknown name, not the other dialect.

use super::{Decoding, Malformed, Profile, Space, Utf8};
use crate::set::AsciiSet;

/// DuckDB [`url_encode` / `url_decode`](https://duckdb.org/docs/stable/sql/functions/text):
/// unreserved kept, malformed escapes kept, `+` kept, bad UTF-8 an error.
///
/// The encoder keeps RFC 3986 unreserved (`A-Za-z0-9-._~`) and escapes the rest with
/// upper-case hex, space as `%20`. `url_decode` keeps a malformed escape as it is (`%zz`,
/// `%4`, a lone `%`: `%%41` is `%A`), leaves `+` alone, and fails the query when the decoded
/// bytes are not UTF-8 ("decoded value is invalid UTF8"): no other runtime pairs lenient
/// escapes with strict UTF-8.
///
/// ```
/// use pctenc::profile::engines::DUCKDB;
/// assert_eq!(DUCKDB.encode("a b+~*"), "a%20b%2B~%2A");
/// assert_eq!(DUCKDB.decode_str("a+%zz%%41%C3%A9").unwrap(), "a+%zz%Aé");
/// assert_eq!(DUCKDB.decode("ok%C3").unwrap_err().offset(), 2);
/// ```
pub const DUCKDB: &Profile = &Profile::new(AsciiSet::NON_UNRESERVED)
    .with_decoding(Decoding { utf8: Utf8::Strict, ..Decoding::LENIENT })
    .named("duckdb", &[], "DuckDB url_encode / url_decode (observed, DuckDB 2.0.0)");

/// ClickHouse [`encodeURLComponent` / `decodeURLComponent`](https://clickhouse.com/docs/sql-reference/functions/url-functions):
/// unreserved kept, bytes in and out, a malformed escape kept with the two bytes after it.
///
/// The encoder keeps RFC 3986 unreserved (`A-Za-z0-9-._~`) and escapes every other byte,
/// including bytes that are not UTF-8, with upper-case hex, space as `%20` (the same bytes as
/// [`DUCKDB`]'s encoder). The decoder decodes `%XX` in either case to any byte (no UTF-8
/// check: `%FF` is the byte 0xFF), leaves `+` alone, and keeps a `%` that does not start an
/// escape together with the two bytes after it, which are not read again: `%%41` stays
/// `%%41` (where [`DUCKDB`] and the WHATWG decoder give `%A`).
///
/// ```
/// use pctenc::profile::engines::CLICKHOUSE;
/// assert_eq!(CLICKHOUSE.encode("a b+~*"), "a%20b%2B~%2A");
/// assert_eq!(CLICKHOUSE.decode("a+%zz%%41%41%FF").unwrap(), &b"a+%zz%%41A\xff"[..]);
/// ```
pub const CLICKHOUSE: &Profile = &Profile::new(AsciiSet::NON_UNRESERVED)
    .with_decoding(Decoding { malformed: Malformed::PassThroughTriplet, ..Decoding::LENIENT })
    .named(
        "clickhouse",
        &[],
        "ClickHouse encodeURLComponent / decodeURLComponent (observed, ClickHouse 26.9 via chdb)",
    );

/// ClickHouse [`encodeURLFormComponent` / `decodeURLFormComponent`](https://clickhouse.com/docs/sql-reference/functions/url-functions):
/// as [`CLICKHOUSE`], with space written as `+` and `+` decoded to a space.
///
/// A `+` inside a kept malformed triplet stays `+` (`%z+` is kept as written), as ClickHouse
/// does.
///
/// ```
/// use pctenc::profile::engines::CLICKHOUSE_FORM;
/// assert_eq!(CLICKHOUSE_FORM.encode("a b+~"), "a+b%2B~");
/// assert_eq!(CLICKHOUSE_FORM.decode("a+b%20%z+c+").unwrap(), &b"a b %z+c "[..]);
/// ```
pub const CLICKHOUSE_FORM: &Profile = &Profile::new(AsciiSet::NON_UNRESERVED)
    .with_space(Space::Plus)
    .with_decoding(Decoding {
        malformed: Malformed::PassThroughTriplet,
        plus_as_space: true,
        ..Decoding::LENIENT
    })
    .named(
        "clickhouse-form",
        &[],
        "ClickHouse encodeURLFormComponent / decodeURLFormComponent (observed, ClickHouse 26.9 via chdb)",
    );
