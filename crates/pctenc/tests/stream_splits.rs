//! Streaming == one-shot for every split of short inputs into three chunks, and for every
//! split into any number of chunks (all 2^(n-1) of them) of shorter ones, every profile.
//! Random chunkings of random inputs are in `tests/properties/stream.rs`.

use pctenc::profile::ALL;
use pctenc::stream::{Decoder, Encoder};
use pctenc::{DecodeError, EncodeError};

const SAMPLES: &[&[u8]] = &[
    b"a%20b%zz%4",
    b"%E2%82%AC%E2%82",
    b"%uD83D%uDE00%uD83Dx%u12",
    b"caf\xc3\xa9+%2B%",
    b"\xe2\x82\xac\xff%C3%A9",
    b"%%41%2f%2F%25%u00e9",
    // A raw byte that is not text after an escaped sequence it would finish, then a byte
    // that breaks that sequence: strict decoding reports the sequence, which starts first.
    b"%E2\x82%41",
];

fn decode_chunks(p: &pctenc::Profile, parts: &[&[u8]]) -> Result<Vec<u8>, DecodeError> {
    let mut d = Decoder::new(p);
    let mut out = Vec::new();
    for part in parts {
        d.push(part, &mut out)?;
    }
    d.finish(&mut out)?;
    Ok(out)
}

fn encode_chunks(p: &pctenc::Profile, parts: &[&[u8]]) -> Result<Vec<u8>, EncodeError> {
    let mut e = Encoder::new(p);
    let mut out = Vec::new();
    for part in parts {
        e.push(part, &mut out)?;
    }
    e.finish(&mut out)?;
    Ok(out)
}

/// Every cut of `s` into three chunks (empty ones included).
fn three_way_splits(s: &[u8]) -> impl Iterator<Item = [&[u8]; 3]> + '_ {
    (0..=s.len()).flat_map(move |i| (i..=s.len()).map(move |j| [&s[..i], &s[i..j], &s[j..]]))
}

#[test]
fn every_three_way_split_matches_one_shot() {
    for p in ALL {
        for &s in SAMPLES {
            let want_dec = p.decode(s).map(|c| c.into_owned());
            let want_enc = p.try_encode(s).map(|c| c.into_owned().into_bytes());
            for parts in three_way_splits(s) {
                let what =
                    || format!("{} {:?} split {parts:?}", p.name(), String::from_utf8_lossy(s));
                assert_eq!(decode_chunks(p, &parts), want_dec, "decode {}", what());
                assert_eq!(encode_chunks(p, &parts), want_enc, "encode {}", what());
            }
        }
    }
}

/// Under the `bytes` input policy every byte-by-byte profile (JavaScript's `escape` too,
/// whose unit is a byte or a `%u` code unit) streams through the kernel's direct append:
/// the same bytes as the one-shot call, which goes through the profile's table.
#[test]
fn every_three_way_split_matches_one_shot_under_the_bytes_policy() {
    for p in ALL {
        let p = &p.with_input_utf8(pctenc::Utf8::Bytes);
        for &s in SAMPLES {
            let want = p.try_encode(s).map(|c| c.into_owned().into_bytes());
            for parts in three_way_splits(s) {
                assert_eq!(encode_chunks(p, &parts), want, "{} encode {parts:?}", p.name());
            }
        }
    }
}

/// Short inputs where every byte boundary matters: escapes, `%u` pairs, UTF-8 sequences and
/// errors cut anywhere.
const SHORT: &[&[u8]] = &[
    b"%E2%82%AC%",
    b"%uD83D%uDE00",
    b"%uD83D%u12x",
    b"\xe2\x82\xac\xc3",
    b"%FF%zz%4",
    b"+%2B%2f%25%",
    b"\xf0\x9f\x98\x80%F0",
];

/// Every way to cut `s` into non-empty chunks: one per subset of the `len - 1` boundaries.
fn every_split(s: &[u8]) -> impl Iterator<Item = Vec<&[u8]>> + '_ {
    let cuts = s.len().saturating_sub(1);
    (0u32..1 << cuts).map(move |mask| {
        let mut parts = Vec::new();
        let mut start = 0;
        for i in 1..s.len() {
            if mask >> (i - 1) & 1 == 1 {
                parts.push(&s[start..i]);
                start = i;
            }
        }
        parts.push(&s[start..]);
        parts
    })
}

#[test]
fn every_split_into_any_number_of_chunks_matches_one_shot() {
    let mut splits = 0usize;
    for p in ALL {
        for &s in SHORT {
            let want_dec = p.decode(s).map(|c| c.into_owned());
            let want_enc = p.try_encode(s).map(|c| c.into_owned().into_bytes());
            for parts in every_split(s) {
                assert_eq!(decode_chunks(p, &parts), want_dec, "{} decode {parts:?}", p.name());
                assert_eq!(encode_chunks(p, &parts), want_enc, "{} encode {parts:?}", p.name());
                splits += 1;
            }
        }
    }
    let per_profile: usize = SHORT.iter().map(|s| 1 << (s.len() - 1)).sum();
    assert_eq!(splits, per_profile * ALL.len());
}

/// r6: an invalid UTF-8 sequence before a bad escape is the first error, however the input
/// is cut (a one-byte first chunk used to report it, the whole input the escape).
#[test]
fn r6_utf8_error_before_a_bad_escape_wins_in_every_chunking() {
    let p = pctenc::profile::js::COMPONENT;
    for s in [&b"\xaeb%3"[..], b"%E2x%zz", b"a%C0%AE%"] {
        let one = p.decode(s).map(|c| c.into_owned());
        assert!(matches!(one, Err(DecodeError::InvalidUtf8 { .. })), "{s:?}: {one:?}");
        for i in 0..=s.len() {
            assert_eq!(decode_chunks(p, &[&s[..i], &s[i..]]), one, "{s:?} cut at {i}");
        }
    }
}

/// r5: a raw UTF-8 lead byte alone at the end of a chunk, followed by a chunk too short to
/// complete its sequence (`F0` then `%u`), is already invalid when the next chunk arrives:
/// the strict input check used to wait for the sequence's full length and let the bad
/// escape after it be reported first. Found by `invariants_props::stream` in CI.
#[test]
fn r5_short_chunk_after_a_raw_lead_byte_still_reports_it_first() {
    for name in ["js-uri", "js-component"] {
        let p = pctenc::profile::by_name(name).unwrap();
        for s in [&b"000\x00000\xf0%u"[..], b"\xe2%", b"\xf0\x9f%zz", b"\xf0x"] {
            let one = p.decode(s).map(|c| c.into_owned());
            assert!(matches!(one, Err(DecodeError::InvalidUtf8 { .. })), "{s:?}: {one:?}");
            for parts in every_split(s) {
                assert_eq!(decode_chunks(p, &parts), one, "{name} {parts:?}");
            }
        }
    }
}

/// Found by the `stream` fuzz target (with `--strict` on a profile that keeps invalid escapes,
/// which holds its input to cut it safely): a cut right after a `%` decoded the `%` alone, a
/// truncated escape, where the whole input has an invalid one.
#[test]
fn r7_kept_escapes_never_cut_a_percent_from_what_decides_it() {
    for name in ["dotnet-escapedatastring", "iri"] {
        let strict = pctenc::by_name(name).unwrap().with_malformed(pctenc::Malformed::Reject);
        for input in [&b"%\xc6"[..], b"a%4\xc6", b"%E9%", b"ab%zz", b"%C3%A9%u00"] {
            let one = strict.decode(input).map(|c| c.into_owned());
            for parts in every_split(input) {
                assert_eq!(decode_chunks(&strict, &parts), one, "{name} {parts:?}");
            }
        }
    }
}

/// A run of `%` under a kept-escapes policy that passes malformed escapes through is cut like
/// any other text: the decoder holds a few bytes, not the run.
#[test]
fn kept_escapes_hold_little_on_a_run_of_percent() {
    let p = pctenc::by_name("dotnet-escapedatastring").unwrap();
    let mut d = Decoder::new(p);
    let mut out = Vec::new();
    for n in 1..=10_000 {
        d.push(b"%%%%%%%%", &mut out).unwrap();
        assert!(out.len() + 12 >= 8 * n, "{} of {} bytes out", out.len(), 8 * n);
    }
    d.finish(&mut out).unwrap();
    assert_eq!(out, vec![b'%'; 80_000]);
}

/// `Decoder::position` is the offset of the next byte of the stream: every byte pushed so far,
/// whether written out, pending in an unfinished unit or held for a kept-escapes repair.
#[test]
fn position_counts_every_byte_pushed() {
    for p in ALL {
        for &s in SAMPLES {
            for cut in 0..=s.len() {
                let mut d = Decoder::new(p);
                let mut out = Vec::new();
                let mut pushed = 0;
                for part in [&s[..cut], &s[cut..]] {
                    if d.push(part, &mut out).is_err() {
                        break;
                    }
                    pushed += part.len();
                    assert_eq!(d.position(), pushed, "{} {:?} cut at {cut}", p.name(), s);
                }
            }
        }
    }
}

/// `Encoder::reset` starts a new stream: the failure, the offset and any unfinished UTF-8
/// sequence of the stream before are gone.
#[test]
fn a_reset_encoder_starts_a_clean_stream() {
    let strict = pctenc::profile::rfc3986::RFC3986.with_input_utf8(pctenc::Utf8::Strict);
    let mut e = Encoder::new(&strict);
    let mut out = Vec::new();
    assert!(e.push(b"a\xFF", &mut out).is_err());
    e.reset();
    out.clear();
    e.push(b"b \xE2\x82", &mut out).unwrap(); // ends inside a sequence
    e.reset();
    out.clear();
    e.push(b"c d", &mut out).unwrap();
    e.finish(&mut out).unwrap();
    assert_eq!(out, b"c%20d");
    e.reset();
    assert_eq!(e.push(b"\xFF", &mut out).unwrap_err().offset, 0);
}

/// The `io::Write` adapters pass `flush` on to the writer they wrap (and `finish` flushes it
/// once more).
#[cfg(feature = "std")]
#[test]
fn the_writers_flush_what_they_wrap() {
    use pctenc::stream::{DecodeWriter, EncodeWriter};
    use std::io::Write;
    #[derive(Default)]
    struct Flushes(usize);
    impl Write for Flushes {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.0 += 1;
            Ok(())
        }
    }
    let p = &pctenc::profile::rfc3986::RFC3986;
    let mut w = EncodeWriter::new(p, Flushes::default());
    w.flush().unwrap();
    assert_eq!(w.finish().unwrap().0, 2);
    let mut w = DecodeWriter::new(p, Flushes::default());
    w.flush().unwrap();
    assert_eq!(w.finish().unwrap().0, 2);
}
