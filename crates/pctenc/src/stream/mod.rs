//! Streaming: encode and decode input that arrives in chunks, in bounded memory.
//!
//! A chunk boundary can cut an escape (`%4` | `1`), a `%uXXXX` or a surrogate pair, or a
//! UTF-8 sequence in two. The streaming types keep that unfinished piece (a few bytes) and
//! finish it with the next chunk, so the output is exactly that of a one-shot call, whatever
//! the chunk sizes, and error offsets count from the start of the whole stream.
//!
//! ```
//! use pctenc::{profile::rfc3986::RFC3986, stream::Decoder};
//! let mut d = Decoder::new(RFC3986);
//! let mut out = Vec::new();
//! for chunk in [&b"a%"[..], b"2", b"0b%4", b"1"] {
//!     d.push(chunk, &mut out).unwrap();
//! }
//! d.finish(&mut out).unwrap();
//! assert_eq!(out, b"a bA");
//! ```

mod decoder;
mod encoder;
#[cfg(feature = "std")]
mod io;

pub use decoder::Decoder;
pub use encoder::Encoder;
#[cfg(feature = "std")]
pub use io::{DecodeWriter, EncodeWriter};
