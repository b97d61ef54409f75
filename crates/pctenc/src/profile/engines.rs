//! The data-engine family: what the SQL built-ins of Spark and DuckDB do, so that a column
//! decoded in one engine and re-encoded in another comes out byte for byte as each engine's own
//! function would write it.
//!
//! Both were observed by running the engines (pyspark 4.3.0 on OpenJDK 17, DuckDB 2.0.0) with
//! `scripts/engines/record.py`, which writes `crates/pctenc/tests/data/engines.json`; the
//! tests in `tests/engines.rs` replay that file, and the Python suite
//! (`scripts/test.d/45-engines.sh`) compares each engine's built-in with pctenc live.
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

use super::{Decoding, Profile, Utf8};
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
