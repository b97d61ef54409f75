//! [`Space`]: how a profile writes a space.
//!
//! A module of its own because two layers need it: the profile that chooses it, and the
//! kernels' classification tables ([`super::nibbles`]) that are built from it. Both look down
//! here; this module looks at nothing.

/// How a space (`0x20`) that the set escapes is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// `%20`, as every URI and IRI dialect writes it.
    Percent,
    /// `+`, as HTML forms (application/x-www-form-urlencoded) write it.
    Plus,
}
