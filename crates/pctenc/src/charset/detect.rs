//! Detection: which legacy encoding escaped bytes that are not UTF-8 are in.
//!
//! The guess is [`chardetng`]'s, the detector Firefox uses for unlabelled pages, given no
//! top-level domain and allowed to answer UTF-8. UTF-8 is checked first and never
//! second-guessed: valid UTF-8 without an ESC byte is UTF-8 (ESC may start ISO-2022-JP, which is
//! 7-bit and so valid UTF-8 too).

use encoding_rs::Encoding;

/// Guesses the encoding of `bytes` (decoded escapes, typically).
///
/// Valid UTF-8 without an ESC byte is UTF-8. Anything else goes to [`chardetng`], told no
/// top-level domain and allowed to answer UTF-8; ISO-2022-JP, which is 7-bit and so valid
/// UTF-8, is recognised by its escape sequences.
///
/// ```
/// use pctenc::charset::detect;
/// assert_eq!(detect("こんにちは".as_bytes()).name(), "UTF-8");
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
/// Memory stays bounded: chardetng keeps statistics, not the bytes; the UTF-8 check carries at
/// most three bytes between chunks. A caller that must decode a long stream in one pass can
/// detect on a prefix, then decode the whole stream with [`Decoder`](super::Decoder).
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
    /// Whether everything so far is UTF-8 without ESC (an unfinished sequence may be carried).
    utf8: bool,
    carry: [u8; 4],
    carry_len: usize,
}

impl Default for Detector {
    fn default() -> Self {
        Detector::new()
    }
}

impl core::fmt::Debug for Detector {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Detector").field("utf8", &self.utf8).finish_non_exhaustive()
    }
}

impl Detector {
    /// A detector that has seen nothing.
    pub fn new() -> Detector {
        Detector {
            inner: chardetng::EncodingDetector::new(),
            utf8: true,
            carry: [0; 4],
            carry_len: 0,
        }
    }

    /// Feeds the next decoded bytes.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.inner.feed(bytes, false);
        if !self.utf8 || bytes.is_empty() {
            return;
        }
        if bytes.contains(&0x1B) {
            self.utf8 = false;
            return;
        }
        // Complete a carried sequence, then check the rest.
        let mut rest = bytes;
        while self.carry_len > 0 {
            let Some((&b, tail)) = rest.split_first() else { return };
            self.carry[self.carry_len] = b;
            self.carry_len += 1;
            rest = tail;
            match core::str::from_utf8(&self.carry[..self.carry_len]) {
                Ok(_) => self.carry_len = 0,
                Err(e) if e.error_len().is_some() => {
                    self.utf8 = false;
                    return;
                }
                Err(_) => {}
            }
        }
        if let Err(e) = core::str::from_utf8(rest) {
            if e.error_len().is_some() {
                self.utf8 = false;
            } else {
                let tail = &rest[e.valid_up_to()..];
                self.carry[..tail.len()].copy_from_slice(tail);
                self.carry_len = tail.len();
            }
        }
    }

    /// The guess for the bytes fed so far, taken as the prefix of a longer stream: a UTF-8
    /// sequence cut at the end does not count against UTF-8.
    pub fn guess(&self) -> &'static Encoding {
        if self.utf8 {
            return encoding_rs::UTF_8;
        }
        self.inner.guess(None, true)
    }

    /// The guess for the whole stream, now that it has ended.
    pub fn finish(mut self) -> &'static Encoding {
        if self.utf8 && self.carry_len == 0 {
            return encoding_rs::UTF_8;
        }
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
}
