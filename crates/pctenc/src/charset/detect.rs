//! Detection: which legacy encoding escaped bytes that are not UTF-8 are in.
//!
//! The guess is [`chardetng`]'s, the detector Firefox uses for unlabelled pages, given no
//! top-level domain and allowed to answer UTF-8. Allowed to, it never second-guesses UTF-8:
//! its UTF-8 candidate is encoding_rs's decoder without replacement, and it wins whenever
//! it is still valid, so input that is UTF-8 (ASCII included) is UTF-8, and a sequence cut
//! at the end of a prefix does not count against it. The one exception comes first:
//! ISO-2022-JP, which is 7-bit and so valid UTF-8 too, recognised by its escape sequences.

use encoding_rs::Encoding;

/// Guesses the encoding of `bytes` (decoded escapes, typically).
///
/// Valid UTF-8 is UTF-8, unless it is ASCII with ISO-2022-JP's escape sequences; anything
/// else is [`chardetng`]'s guess, told no top-level domain.
///
/// ```
/// use pctenc::charset::detect;
/// assert_eq!(detect("こんにちは".as_bytes()).name(), "UTF-8");
/// assert_eq!(detect(b"plain ASCII").name(), "UTF-8");
/// // "Привет, мир! Как дела?" in windows-1251
/// let cp1251 = b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0! \xca\xe0\xea \xe4\xe5\xeb\xe0?";
/// assert_eq!(detect(cp1251).name(), "windows-1251");
/// ```
pub fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut d = Detector::new();
    d.feed(bytes);
    d.finish()
}

/// [`detect`] over a stream: feed the decoded bytes chunk by chunk, then [`finish`] for the
/// guess over the whole stream, or ask [`guess`] after a prefix large enough to decide (such
/// as the first 64 KiB).
///
/// [`finish`]: Detector::finish
/// [`guess`]: Detector::guess
///
/// Memory stays bounded: chardetng keeps statistics, not the bytes. A caller that must decode
/// a long stream in one pass can detect on a prefix, then decode the whole stream with
/// [`Decoder`](super::Decoder).
///
/// ```
/// use pctenc::charset::Detector;
/// let mut d = Detector::new();
/// for chunk in [&b"\x82\xB1\x82"[..], b"\xF1\x82\xC9\x82\xBF\x82\xCD"] {
///     d.feed(chunk);
/// }
/// assert_eq!(d.guess().name(), "Shift_JIS");
/// assert_eq!(d.finish().name(), "Shift_JIS");
/// ```
pub struct Detector {
    inner: chardetng::EncodingDetector,
}

impl Default for Detector {
    fn default() -> Self {
        Detector { inner: chardetng::EncodingDetector::new() }
    }
}

impl core::fmt::Debug for Detector {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Detector").finish_non_exhaustive()
    }
}

impl Detector {
    /// A detector that has seen nothing.
    pub fn new() -> Detector {
        Detector::default()
    }

    /// Feeds the next decoded bytes.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.inner.feed(bytes, false);
    }

    /// The guess for the bytes fed so far, taken as the prefix of a longer stream: a UTF-8
    /// sequence cut at the end does not count against UTF-8.
    pub fn guess(&self) -> &'static Encoding {
        self.inner.guess(None, true)
    }

    /// The guess for the whole stream, now that it has ended.
    pub fn finish(mut self) -> &'static Encoding {
        self.inner.feed(&[], true);
        self.inner.guess(None, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunked_detection_equals_one_shot() {
        let samples: &[&[u8]] = &[
            "日本語のテキストです".as_bytes(),
            b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0! \xca\xe0\xea \xe4\xe5\xeb\xe0?",
            b"\x1b$BF|K\\\x1b(B",
            b"\xe2\x82",
            b"caf\xe9 cr\xe8me",
        ];
        for s in samples {
            let whole = detect(s);
            for i in 0..=s.len() {
                let mut d = Detector::new();
                d.feed(&s[..i]);
                d.feed(&s[i..]);
                assert_eq!(d.finish(), whole, "{s:?} split at {i}");
            }
        }
        // A sequence cut at the end of a prefix does not count against UTF-8; at the end of
        // the stream it does.
        let mut d = Detector::new();
        d.feed("é".as_bytes().get(..1).unwrap_or_default());
        assert_eq!(d.guess(), encoding_rs::UTF_8);
        assert_ne!(d.finish(), encoding_rs::UTF_8);
    }

    /// What the module promises of a prefix's guess and of the whole stream's, chunk by
    /// chunk: (chunks, guess after them, finish); "legacy" is any guess but UTF-8 (which
    /// one is chardetng's business).
    #[test]
    fn guesses_follow_the_utf8_rule() {
        let utf8 = "UTF-8";
        let cases: &[(&[&[u8]], &str, &str)] = &[
            (&[b"plain", b" ASCII"], utf8, utf8),
            (&[b""], utf8, utf8),
            // A three-byte sequence in three chunks, then more text.
            (&[b"\xe6", b"\x97", b"\xa5 ok"], utf8, utf8),
            // A sequence completed, then a byte no UTF-8 has: not UTF-8 from there on.
            (&[b"\xc3", b"\xa9\xff"], "legacy", "legacy"),
            // Cut at the end: fine for a prefix, not for the stream.
            (&[b"caf", b"\xc3"], utf8, "legacy"),
            // ESC with non-ASCII UTF-8 is not ISO-2022-JP.
            (&[b"\x1b", "é".as_bytes()], utf8, utf8),
            (&[b"\x1b$BF|K\\", b"\x1b(B"], "ISO-2022-JP", "ISO-2022-JP"),
        ];
        fn named(e: &'static Encoding, want: &str) -> &'static str {
            if want == "legacy" && e != encoding_rs::UTF_8 {
                "legacy"
            } else {
                e.name()
            }
        }
        for &(chunks, guess, finish) in cases {
            let mut d = Detector::new();
            chunks.iter().for_each(|c| d.feed(c));
            assert_eq!(named(d.guess(), guess), guess, "guess of {chunks:?}");
            assert_eq!(named(d.finish(), finish), finish, "finish of {chunks:?}");
        }
        assert_eq!(alloc::format!("{:?}", Detector::new()), "Detector { .. }");
    }
}
