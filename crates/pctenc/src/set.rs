//! [`AsciiSet`]: the ASCII bytes a profile escapes.
//!
//! A set is 128 bits, one per ASCII byte; a bit that is set means "write this byte as `%XX`".
//! Bytes `>= 0x80` are not in any set: whether they are escaped is the profile's business
//! (they always are, except for profiles that say otherwise). Sets are built in `const`
//! context from a parent set, exactly as the spec that defines them does:
//!
//! ```
//! use pctenc::AsciiSet;
//! // The WHATWG query percent-encode set: the C0 control set plus space, ", #, < and >.
//! const QUERY: AsciiSet = AsciiSet::C0_CONTROL.add_all(b" \"#<>");
//! assert!(QUERY.contains(b'#') && !QUERY.contains(b'?'));
//! ```

use core::fmt;

/// A set of ASCII bytes (`0x00..=0x7F`): the ones a profile writes as `%XX`.
///
/// All operations are `const fn`, so named sets are compile-time constants.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    bits: u128,
}

impl AsciiSet {
    /// The empty set: no ASCII byte is escaped.
    pub const EMPTY: AsciiSet = AsciiSet { bits: 0 };

    /// Every ASCII byte.
    pub const ALL: AsciiSet = AsciiSet { bits: u128::MAX };

    /// The C0 controls `0x00..=0x1F` and DEL `0x7F`: the WHATWG *C0 control percent-encode
    /// set* (which also holds every code point above `~`, and so DEL).
    /// <https://url.spec.whatwg.org/#c0-control-percent-encode-set>
    pub const C0_CONTROL: AsciiSet = AsciiSet::EMPTY.add_range(0x00, 0x1F).add(0x7F);

    /// Every byte but the RFC 3986 *unreserved* characters `A-Z a-z 0-9 - . _ ~`.
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-2.3>
    pub const NON_UNRESERVED: AsciiSet = AsciiSet::ALL
        .remove_range(b'A', b'Z')
        .remove_range(b'a', b'z')
        .remove_range(b'0', b'9')
        .remove_all(b"-._~");

    /// The set that escapes everything but `unencoded`: how runtimes document their encoders.
    ///
    /// ```
    /// use pctenc::AsciiSet;
    /// assert_eq!(AsciiSet::all_but(b"abc").unencoded_ascii(), "abc");
    /// ```
    pub const fn all_but(unencoded: &[u8]) -> AsciiSet {
        AsciiSet::ALL.remove_all(unencoded)
    }

    /// Adds one ASCII byte.
    ///
    /// # Panics
    /// If `byte >= 0x80` (at compile time when used in a `const`).
    pub const fn add(self, byte: u8) -> AsciiSet {
        assert!(byte < 0x80, "AsciiSet holds ASCII bytes only");
        AsciiSet { bits: self.bits | (1u128 << byte) }
    }

    /// Removes one ASCII byte.
    ///
    /// # Panics
    /// If `byte >= 0x80`.
    pub const fn remove(self, byte: u8) -> AsciiSet {
        assert!(byte < 0x80, "AsciiSet holds ASCII bytes only");
        AsciiSet { bits: self.bits & !(1u128 << byte) }
    }

    /// Adds every byte of `bytes`.
    pub const fn add_all(mut self, bytes: &[u8]) -> AsciiSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.add(bytes[i]);
            i += 1;
        }
        self
    }

    /// Removes every byte of `bytes`.
    pub const fn remove_all(mut self, bytes: &[u8]) -> AsciiSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.remove(bytes[i]);
            i += 1;
        }
        self
    }

    /// Adds the bytes `lo..=hi`.
    pub const fn add_range(mut self, lo: u8, hi: u8) -> AsciiSet {
        let mut b = lo;
        while b <= hi {
            self = self.add(b);
            if b == hi {
                break;
            }
            b += 1;
        }
        self
    }

    /// Removes the bytes `lo..=hi`.
    pub const fn remove_range(mut self, lo: u8, hi: u8) -> AsciiSet {
        let mut b = lo;
        while b <= hi {
            self = self.remove(b);
            if b == hi {
                break;
            }
            b += 1;
        }
        self
    }

    /// The bytes in `self` or in `other`.
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        AsciiSet { bits: self.bits | other.bits }
    }

    /// The ASCII bytes not in `self`.
    pub const fn complement(self) -> AsciiSet {
        AsciiSet { bits: !self.bits }
    }

    /// Whether `byte` is in the set. Always `false` for `byte >= 0x80`.
    #[inline]
    pub const fn contains(self, byte: u8) -> bool {
        byte < 0x80 && (self.bits >> byte) & 1 == 1
    }

    /// The printable ASCII characters (`' '..='~'`) that are *not* in the set, in byte order:
    /// the form in which runtime documentation and `pctenc profiles --json` state a set.
    pub fn unencoded_printable(self) -> alloc::string::String {
        (0x20u8..0x7F).filter(|&b| !self.contains(b)).map(char::from).collect()
    }

    /// Every ASCII byte not in the set, as a string in byte order (controls included).
    pub fn unencoded_ascii(self) -> alloc::string::String {
        (0u8..0x80).filter(|&b| !self.contains(b)).map(char::from).collect()
    }
}

impl fmt::Debug for AsciiSet {
    /// Shows the escaped printable characters, and how many controls are in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let controls = (0u8..0x20).chain([0x7F]).filter(|&b| self.contains(b)).count();
        let printable: alloc::string::String =
            (0x20u8..0x7F).filter(|&b| self.contains(b)).map(char::from).collect();
        write!(f, "AsciiSet({printable:?} + {controls} controls)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants() {
        assert_eq!(
            AsciiSet::NON_UNRESERVED.unencoded_ascii(),
            "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        assert_eq!(AsciiSet::C0_CONTROL.unencoded_ascii().len(), 95);
        assert_eq!(AsciiSet::C0_CONTROL.complement().unencoded_ascii().len(), 33);
        assert!(!AsciiSet::ALL.contains(0x80));
        assert_eq!(AsciiSet::EMPTY.add_range(0, 0x7F), AsciiSet::ALL);
        assert_eq!(AsciiSet::ALL.remove_range(0, 0x7F), AsciiSet::EMPTY);
    }

    /// Sets are composed from others (`NON_UNRESERVED.add(b'/')`): adding a byte the set
    /// already has keeps it, and a union has the bytes of both.
    #[test]
    fn composing_sets() {
        let a = AsciiSet::EMPTY.add(b'a');
        assert_eq!(a.add(b'a'), a);
        assert!(AsciiSet::NON_UNRESERVED.add(b'%').contains(b'%'));
        let ab = a.union(AsciiSet::EMPTY.add(b'b'));
        assert!(ab.contains(b'a') && ab.contains(b'b') && !ab.contains(b'c'));
        assert_eq!(AsciiSet::C0_CONTROL.union(AsciiSet::EMPTY), AsciiSet::C0_CONTROL);
        // Sets that share bytes keep them (an exclusive or would drop them).
        assert_eq!(ab.union(a), ab);
        assert_eq!(AsciiSet::NON_UNRESERVED.union(AsciiSet::C0_CONTROL), AsciiSet::NON_UNRESERVED);
        assert_eq!(a.add_all(b"ab").remove_all(b"a"), AsciiSet::EMPTY.add(b'b'));
    }

    /// What `pctenc profiles --json` shows as a profile's `keeps`: the printable characters
    /// left as they are.
    #[test]
    fn unencoded_printable_is_what_a_profile_keeps() {
        assert_eq!(
            AsciiSet::NON_UNRESERVED.unencoded_printable(),
            "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        assert_eq!(AsciiSet::ALL.unencoded_printable(), "");
        assert_eq!(AsciiSet::C0_CONTROL.unencoded_printable().len(), 95);
    }

    #[test]
    fn debug_is_readable() {
        let s = alloc::format!("{:?}", AsciiSet::C0_CONTROL.add(b' '));
        assert_eq!(s, "AsciiSet(\" \" + 33 controls)");
    }
}
