//! Decoding layer by layer, keeping for every decoded byte the input span it came from.
//!
//! Layer 0 is the input; layer `k + 1` is the WHATWG percent-decode of layer `k` (a `%`
//! without two hex digits stays literal, so `%%32%65` becomes `%2e`, then `.`). Each byte of a
//! layer carries the input span `[start, end)` it was made from and its depth: 0 for an input
//! byte, and one more than the deepest of its three bytes for a decoded escape. A byte of
//! depth 2 or more is a double encoding, and its span is exactly the input that spells it.
//!
//! Each layer is one linear pass, and the walk stops when a layer holds no escape or after
//! [`MAX_LAYERS`](super::MAX_LAYERS) layers, so the work is linear in the input.

use alloc::vec::Vec;

/// One decoded layer: bytes, their input spans, and their depths.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layer {
    pub bytes: Vec<u8>,
    pub spans: Vec<(usize, usize)>,
    pub depth: Vec<u8>,
}

impl Layer {
    /// Layer 0: the input itself, each byte its own span, at `base`.
    pub fn input(input: &[u8], base: usize) -> Layer {
        Layer {
            bytes: input.to_vec(),
            spans: (0..input.len()).map(|i| (base + i, base + i + 1)).collect(),
            depth: alloc::vec![0; input.len()],
        }
    }

    /// The input span of bytes `from..to` of this layer (`to > from`).
    pub fn span(&self, from: usize, to: usize) -> (usize, usize) {
        (self.spans[from].0, self.spans[to - 1].1)
    }

    /// The value of the escape at `i`, if a valid one starts there.
    fn escape_at(&self, i: usize) -> Option<u8> {
        super::escape::escape_at(&self.bytes, i)
    }

    /// Whether decoding this layer would change it.
    pub fn has_escape(&self) -> bool {
        memchr::memchr_iter(b'%', &self.bytes).any(|i| self.escape_at(i).is_some())
    }

    /// The next layer: every valid escape decoded once.
    pub fn decode(&self) -> Layer {
        let n = self.bytes.len();
        let mut next = Layer {
            bytes: Vec::with_capacity(n),
            spans: Vec::with_capacity(n),
            depth: Vec::with_capacity(n),
        };
        let mut i = 0;
        while i < n {
            match self.escape_at(i) {
                Some(v) => {
                    let d = self.depth[i].max(self.depth[i + 1]).max(self.depth[i + 2]);
                    next.bytes.push(v);
                    next.spans.push(self.span(i, i + 3));
                    next.depth.push(d.saturating_add(1));
                    i += 3;
                }
                None => {
                    next.bytes.push(self.bytes[i]);
                    next.spans.push(self.spans[i]);
                    next.depth.push(self.depth[i]);
                    i += 1;
                }
            }
        }
        next
    }
}

/// Decodes `input` until it stops changing or `max` layers are done: returns the first
/// decoded layer, the last one if it is deeper than the first, and whether the walk stopped
/// because of `max`.
pub(crate) fn walk(input: &[u8], base: usize, max: usize) -> (Layer, Option<Layer>, bool) {
    let first = Layer::input(input, base).decode();
    if !first.has_escape() {
        return (first, None, false);
    }
    let mut last = first.decode();
    let mut layers = 2;
    while last.has_escape() {
        if layers == max {
            return (first, Some(last), true);
        }
        last = last.decode();
        layers += 1;
    }
    (first, Some(last), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_and_span_of_a_chain() {
        let (first, last, capped) = walk(b"x%25252e", 10, 16);
        let last = last.unwrap();
        assert!(!capped);
        assert_eq!(first.bytes, b"x%252e");
        assert_eq!(last.bytes, b"x.");
        assert_eq!((last.spans[1], last.depth[1]), ((11, 18), 3));
        let last = walk(b"%%32%65", 0, 16).1.unwrap();
        assert_eq!((last.bytes.as_slice(), last.spans[0], last.depth[0]), (&b"."[..], (0, 7), 2));
    }

    #[test]
    fn the_walk_stops_at_the_cap() {
        let mut s = alloc::vec::Vec::from(&b"%"[..]);
        for _ in 0..40 {
            s.extend_from_slice(b"25");
        }
        s.extend_from_slice(b"41");
        let (_, last, capped) = walk(&s, 0, 16);
        assert!(capped && last.unwrap().has_escape());
    }
}
