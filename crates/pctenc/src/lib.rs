//! Percent-encoding ("URL encoding") in every dialect, exact in both directions.
//!
//! "URL-encode" means twenty different things: RFC 3986 per URI component, the WHATWG URL
//! Standard's sets, HTML forms (`+` for space), JavaScript's `encodeURI`,
//! `encodeURIComponent` and `escape` (with its `%uXXXX`), and every runtime's own variant.
//! Decoders disagree too, above all about a `%` that does not start an escape. pctenc names
//! each dialect a [`Profile`] and reproduces its source byte for byte, both ways.
//!
//! # Example: encode and decode with a named profile
//!
//! ```
//! use pctenc::profile::{js, rfc3986, whatwg};
//!
//! assert_eq!(rfc3986::RFC3986.encode("a b/ü"), "a%20b%2F%C3%BC");
//! assert_eq!(whatwg::FORM.encode("a b&c"), "a+b%26c");
//! assert_eq!(js::COMPONENT.decode_str("%E2%82%AC").unwrap(), "€");
//! // decodeURIComponent throws on a stray '%'; the WHATWG percent-decode keeps it.
//! assert!(js::COMPONENT.decode("100%").is_err());
//! assert_eq!(whatwg::COMPONENT.decode("100%").unwrap(), &b"100%"[..]);
//! ```
//!
//! # Example: find a profile by name
//!
//! ```
//! let p = pctenc::by_name("rfc3986-segment").unwrap();
//! assert_eq!(p.encode("a/b"), "a%2Fb");
//! ```
//!
//! # The data flow
//!
//! ```text
//! input bytes ──► Profile  (which bytes to escape, space rule, hex case, unit, decode policy)
//!             ──► kernel   (scalar reference; block-wise, reports how far it got)
//!             ──► output   (Cow / append to String or Vec / into &mut [u8] / lazy Display / stream)
//! ```
//!
//! - [`set`]: [`AsciiSet`], the ASCII bytes a profile escapes (const, composable).
//! - [`profile`]: [`Profile`] and the named profiles, by family; [`by_name`].
//! - [`kernel`]: the loops; [`Kernel`] says which one runs.
//! - [`encode`] and [`decode`]: the verbs in every output shape; [`decode::repeat`] decodes
//!   until the text stops changing and reports how deep it went.
//! - [`stream`]: chunked [`Encoder`](stream::Encoder) / [`Decoder`](stream::Decoder) and
//!   `io::Write` adapters, for input of any size in bounded memory.
//! - [`error`]: errors that say where (a byte offset) and why.
//!
//! Built on those:
//!
//! - [`batch`]: a whole column of rows (Arrow's offsets + values layout) in one call, with a
//!   per-row error policy: what the Python package's `pctenc.arrow` and the data engines use.
//! - [`form`]: application/x-www-form-urlencoded pairs: the parser, the serializer, and HTML
//!   form submission's extra steps.
//! - [`query`]: query strings as data: find the query of a URL, read its pairs under any
//!   profile, pick one name's values without decoding the rest, build a query from pairs; one
//!   value, or a whole column in Arrow's `list<struct<key, value>>` and `string` layouts.
//! - `charset` (feature `charsets`): escapes of legacy encodings (Shift_JIS, GBK, Big5,
//!   EUC-KR, windows-1251...) both ways, as browsers write them, and detection of the
//!   encoding of escaped bytes that are not UTF-8.
//! - [`template`]: RFC 6570 URI Templates ([`Template`](template::Template)), built on the
//!   `uri-template` and `uri-template-reserved` profiles.
//! - [`lint`]: `check`, the findings an attacker's encoding leaves (`%2e%2e`, `%252f`,
//!   `%C0%AE`...), each with a stable code, a severity per URL component and an exact span.
//! - [`segment`]: decode one path segment safely ([`segment::decode_segment`]) or split a path
//!   on raw `/` and decode each segment ([`segment::split_path`]), refusing what a later layer
//!   could read differently.
//! - [`normalize`]: RFC 3986 §6.2.2 normal form of the encoding, and equivalence.
//!
//! And over all of it, the contract every front end keeps:
//!
//! - [`show`]: the one rule for showing text to a person: which characters (controls, C1,
//!   bidi, zero-width, line separators, BOM) never reach a terminal as they are.
//! - [`options`]: every option word (profile, `malformed`, `utf8`, `hex`, `plus`, `charset`,
//!   `context`, `policy`, `on_error`...), parsed from text, defaulted per operation, with
//!   "did you mean" for a misspelt one; and the operations run on one value, whose answers
//!   the conformance table (`conformance/`) holds for every front end to check.
//!
//! # Output shapes
//!
//! | encode | decode | output | allocates |
//! |---|---|---|---|
//! | [`Profile::encode`] | [`Profile::decode`], [`Profile::decode_str`] | `Cow`, borrowing when unchanged | only if changed |
//! | [`Profile::encode_append`], [`Profile::encode_append_vec`] | [`Profile::decode_append`] | appends to a `String` / `Vec` | if capacity is short |
//! | [`Profile::encode_into`] | [`Profile::decode_into`] | into `&mut [u8]` | never (but see `decode_into`) |
//! | [`Profile::display`] | — (decoding can fail) | lazy `Display` | never |
//! | [`stream::Encoder`] | [`stream::Decoder`] | chunk by chunk | its output vector |
//!
//! [`max_encoded_len`]`(n) == 3 * n` bounds every encoding and `input.len()` every decoding,
//! but for the lossy repair of invalid UTF-8 (U+FFFD in place of each invalid byte).
//!
//! # Crate features
//!
//! - `std` (default): `std::error::Error` for the errors, the `io::Write` adapters,
//!   runtime CPU detection in `memchr`, and "did you mean" for unknown profile names
//!   (`profile::suggest`, through `strsim`). Without it the crate is `no_std` + `alloc`.
//! - `charsets` (default): the `charset` module and the legacy-encoding options of [`form`],
//!   through `encoding_rs` (the Encoding Standard's encoders and decoders) and `chardetng`
//!   (Firefox's charset detector). Both are `no_std`.
//! - `simd` (default): the SIMD kernels (x86_64 SSSE3, AVX2 and AVX-512 (VBMI2), chosen at
//!   run time by CPU detection; aarch64 NEON, part of that architecture's baseline; wasm32
//!   simd128 when the build enables `-C target-feature=+simd128`, since wasm cannot detect
//!   features at run time), see [`Kernel`]. Without it the crate forbids `unsafe` code. This
//!   list is checked against [`Kernel`]'s variants by the CLI's `tests/docs_lists.rs`.
//!
//! # Unsafe
//!
//! Only inside [`kernel`], and only with the `simd` feature: the SIMD kernels' unaligned
//! loads and stores, and the one call per operation into a `#[target_feature]` function,
//! each with a `// SAFETY:` comment naming its guard. The rest of the crate denies `unsafe`.

#![no_std]
#![cfg_attr(not(feature = "simd"), forbid(unsafe_code))]
#![cfg_attr(feature = "simd", deny(unsafe_code))]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod batch;
#[cfg(feature = "charsets")]
pub mod charset;
pub mod decode;
pub mod encode;
pub mod error;
pub mod form;
#[cfg_attr(feature = "simd", allow(unsafe_code))]
pub mod kernel;
pub mod lint;
pub mod normalize;
pub mod options;
pub mod profile;
pub mod query;
pub mod segment;
pub mod set;
pub mod show;
pub mod stream;
pub mod template;

pub use encode::max_encoded_len;
pub use error::{DecodeError, DecodeSliceError, EncodeError, OutputTooSmall};
pub use kernel::Kernel;
pub use profile::{by_name, Decoding, HexCase, Malformed, Profile, Space, Unit, Utf8};
pub use set::AsciiSet;
