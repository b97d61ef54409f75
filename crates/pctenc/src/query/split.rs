//! The split of a query into raw pairs: `&` between pairs, the first `=` between a name and
//! its value, empty pieces skipped; one pass over the bytes, nothing decoded.
//!
//! Queries are short (a few pairs of a few bytes each), and a call to a SIMD search costs
//! more than a short piece: a pick that searched for `&`, `=`, `%` and `+` with `memchr`
//! spent more instructions there than decoding the whole row. So the split reads each byte
//! once through a class table, and notes as it goes whether a name or value holds a `%` or
//! `+`: the parser then copies those without one without looking at them again.

/// The byte ends a pair.
const AMP: u8 = 1;
/// The byte may end a name.
const EQ: u8 = 2;
/// A `%`: the part has an escape to decode.
pub(crate) const PCT: u8 = 4;
/// A `+`: a space to form decoders.
pub(crate) const PLUS: u8 = 8;
/// A `#`: the end of a URL's query.
const HASH: u8 = 16;

/// The class of each byte.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'&' as usize] = AMP;
    t[b'=' as usize] = EQ;
    t[b'%' as usize] = PCT;
    t[b'+' as usize] = PLUS;
    t[b'#' as usize] = HASH;
    t
};

/// One `name=value` piece of a query, as written, with where each part starts in the value
/// the query came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawPair<'a> {
    /// The name, before decoding.
    pub name: &'a [u8],
    /// The value, before decoding (empty when the piece has no `=`).
    pub value: &'a [u8],
    /// The byte offset of `name` in the value.
    pub name_at: usize,
    /// The byte offset of `value` in the value.
    pub value_at: usize,
    /// [`PCT`] and [`PLUS`] if the name holds a `%` or a `+`.
    pub(crate) name_marks: u8,
    /// The same for the value.
    pub(crate) value_marks: u8,
}

/// The raw pairs of a query: split on `&`, empty pieces skipped, each piece split at its
/// first `=` ([`Parser::raw_pairs`](super::Parser::raw_pairs), [`crate::form::parse_raw`]).
///
/// ```
/// use pctenc::query::RawPairs;
/// let pairs: Vec<_> = RawPairs::new(b"a=1=2&&b", 10).map(|p| (p.name, p.value, p.value_at)).collect();
/// assert_eq!(pairs, [(&b"a"[..], &b"1=2"[..], 12), (&b"b"[..], &b""[..], 18)]);
/// ```
#[derive(Clone, Debug)]
pub struct RawPairs<'a> {
    rest: &'a [u8],
    /// The offset of `rest` in the value.
    at: usize,
    /// [`HASH`] when a `#` ends the query (the rest of a URL after its `?`), else 0.
    stop: u8,
}

impl<'a> RawPairs<'a> {
    /// The pairs of `query`, whose first byte is at offset `at` of the value it came from.
    pub fn new(query: &'a [u8], at: usize) -> Self {
        RawPairs { rest: query, at, stop: 0 }
    }

    /// The pairs of the query that starts `rest` and ends at its first `#`, if any (what
    /// follows a URL's `?`): the split finds the end, with no search of its own.
    pub(crate) fn until_fragment(rest: &'a [u8], at: usize) -> Self {
        RawPairs { rest, at, stop: HASH }
    }
}

impl<'a> Iterator for RawPairs<'a> {
    type Item = RawPair<'a>;

    #[inline]
    fn next(&mut self) -> Option<RawPair<'a>> {
        let bytes = self.rest;
        let n = bytes.len();
        let mut i = 0;
        while i < n && bytes[i] == b'&' {
            i += 1;
        }
        if i == n || CLASS[bytes[i] as usize] & self.stop != 0 {
            self.rest = &[];
            return None;
        }
        let start = i;
        let mut eq = n;
        let (mut name_marks, mut value_marks) = (0u8, 0u8);
        let ends = AMP | self.stop;
        while i < n {
            let c = CLASS[bytes[i] as usize];
            if c != 0 {
                if c & ends != 0 {
                    break;
                }
                if eq < i {
                    value_marks |= c;
                } else if c == EQ {
                    eq = i;
                } else {
                    name_marks |= c;
                }
            }
            i += 1;
        }
        let at = self.at;
        // The next call starts after the '&'; a '#' (or the end) ends the query.
        if i < n && bytes[i] == b'&' {
            self.rest = &bytes[i + 1..];
            self.at += i + 1;
        } else {
            self.rest = &[];
        }
        let (name_end, value_start) = if eq < i { (eq, eq + 1) } else { (i, i) };
        Some(RawPair {
            name: &bytes[start..name_end],
            value: &bytes[value_start..i],
            name_at: at + start,
            value_at: at + value_start,
            name_marks: name_marks & (PCT | PLUS),
            value_marks: value_marks & (PCT | PLUS),
        })
    }
}

/// The marks of `part` scanned on its own ([`PCT`], [`PLUS`]), for parts that did not come
/// from a split.
pub(crate) fn marks(part: &[u8]) -> u8 {
    part.iter().fold(0, |m, &b| m | CLASS[b as usize]) & (PCT | PLUS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    type Piece<'a> = (&'a [u8], &'a [u8], usize, usize, u8, u8);

    fn split(q: &[u8], fragment: bool) -> Vec<Piece<'_>> {
        let pairs = if fragment { RawPairs::until_fragment(q, 10) } else { RawPairs::new(q, 10) };
        pairs
            .map(|p| (p.name, p.value, p.name_at, p.value_at, p.name_marks, p.value_marks))
            .collect()
    }

    #[test]
    fn pieces_offsets_and_marks() {
        assert_eq!(
            split(b"&a=1&&b&=c=d&%+=x+%&", false),
            [
                (&b"a"[..], &b"1"[..], 11, 13, 0, 0),
                (&b"b"[..], &b""[..], 16, 17, 0, 0),
                (&b""[..], &b"c=d"[..], 18, 19, 0, 0),
                (&b"%+"[..], &b"x+%"[..], 23, 26, PCT | PLUS, PCT | PLUS),
            ]
        );
        assert!(split(b"&&&", false).is_empty());
        assert_eq!(marks(b"a+b"), PLUS);
    }

    #[test]
    fn a_hash_ends_the_query_only_after_a_question_mark() {
        assert_eq!(split(b"a=1#b=2", false)[0].1, b"1#b=2");
        assert_eq!(split(b"a=1#b=2", true), [(&b"a"[..], &b"1"[..], 10, 12, 0, 0)]);
        assert_eq!(split(b"a=1&#b", true).len(), 1);
        assert!(split(b"#a=1", true).is_empty());
        assert_eq!(split(b"a=#&b", false)[0].1, b"#");
    }
}
