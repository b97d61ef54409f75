//! Property and exhaustive tests of the library against a naive oracle and against itself.
//!
//! - [`naive`]: the oracle, written from the definitions; [`gen`]: inputs and profiles.
//! - [`oracle`]: kernel == oracle (encode, lenient and strict decode, error kinds and
//!   offsets), and `decode(encode(x)) == x`, for random and named profiles.
//! - [`shapes`]: every output shape agrees, `Cow::Borrowed` exactly when nothing changes,
//!   output bounds, and `*_into` at every too-short length.
//! - [`escapes`]: `%` followed by each of the 65,536 byte pairs.
//! - [`padding`]: seed vectors with inert bytes before and after, under every kernel.
//! - [`stream`]: streaming == one-shot for random chunkings.

mod escapes;
mod gen;
mod naive;
mod oracle;
mod padding;
mod shapes;
mod stream;
