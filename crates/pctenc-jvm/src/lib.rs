//! pctenc for the JVM: the native library behind the `org.pctenc` Java classes and the Spark
//! SQL functions `pct_encode`, `pct_decode`, `pct_try_decode` and the query functions
//! (`pct_query_param`, `pct_parse_query`, `pct_build_query`).
//!
//! The Java side (`jvm/`) holds the API: `org.pctenc.Pctenc` (a profile with its options,
//! compiled once), `org.pctenc.PctencQuery` (a query operation with its options),
//! `org.pctenc.PctencException`, and `org.pctenc.spark` (the Catalyst expressions). This
//! crate is built as `libpctenc_jvm.so`, carried inside the jar and loaded by
//! `org.pctenc.Native`; it has no percent-encoding logic of its own.
//!
//! ```text
//! Java: Pctenc.of(profile, options) ──► Native.compile ──► codec::Codec (interned) ─► handle
//! Java: pctenc.decode(byte[])       ──► copy into the thread's Scratch ─► Native.runAt(handle,
//!                                       address, len, out, room) ─► ffi ─► codec ─► core
//! Java: pctenc.encode(String)       ──► its UTF-16 into the Scratch ─► Native.runUtf16 ─►
//!                                       ffi_string ─► utf16 (to UTF-8) ─► codec ─► core
//! Java: pctenc.decode(String)       ──► getBytes into the Scratch ─► Native.runUtf8 ─►
//!                                       ffi_string ─► codec ─► core ─► utf16 (to UTF-16)
//! ```
//!
//! - [`codec`]: a profile and its options, compiled once, run on one value at a time
//!   through the core's per-value batch functions (the same rules as a column row).
//! - [`query`]: the query operations (`pct_query_param`, `pct_parse_query`,
//!   `pct_build_query`) compiled once, run on one row at a time through the core's column
//!   functions.
//! - [`utf16`]: Java's UTF-16 to UTF-8 and back by the JDK's rules, for the `String` calls;
//!   `utf8_x86`, its UTF-8 eight units at a time on x86-64 (SSE4.1).
//! - `ffi`, `ffi_string` (the `String` calls): the JNI exports. These and `utf8_x86` are
//!   the only modules with `unsafe`.
//!
//! `scripts/build/jvm.sh` builds this crate and the jar; docs/engines.md says how to use it.

#![deny(unsafe_code)]

pub mod codec;
#[allow(unsafe_code)]
mod ffi;
#[allow(unsafe_code)]
mod ffi_string;
pub mod query;
pub mod utf16;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod utf8_x86;
