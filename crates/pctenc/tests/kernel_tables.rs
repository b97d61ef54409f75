//! The scalar kernel and the SIMD kernels' lookup tables, against their definitions: the
//! scalar decoder against a one-unit-at-a-time reference, the tables against the bytes each
//! pattern must write. Both are public (`pctenc::kernel::{scalar, tables}`), so they are
//! tested from outside; `tests/kernels.rs` then holds every other kernel to the scalar one.

use pctenc::kernel::scalar::{decode, escape, Progress, Step, UNHEX};
use pctenc::kernel::tables::{
    COMPACT, EXPAND, EXPAND_PAIR, GROUP_LEN, HEX_ADJUST, HEX_HI, HEX_LO, LIGHT, LIGHT_BAD,
    LIGHT_MAX, PAIR_LEN,
};
use pctenc::profile::ALL;
use pctenc::{DecodeError, Decoding, Malformed, Unit, Utf8};

#[test]
fn unhex_is_exact() {
    for b in 0..=255u8 {
        let expect = (b as char).to_digit(16).map_or(0xFF, |d| d as u8);
        assert_eq!(UNHEX[b as usize], expect, "{b:#x}");
    }
}

#[test]
fn incomplete_escape_is_left_unread() {
    let mut out = [0u8; 8];
    let p = decode(&Decoding::STRICT, Unit::Byte, b"ab%4", &mut out, false).unwrap();
    assert_eq!(p, Progress { read: 2, written: 2 });
    let e = decode(&Decoding::STRICT, Unit::Byte, b"ab%4", &mut out, true).unwrap_err();
    assert_eq!(e, DecodeError::TruncatedEscape { offset: 2 });
}

/// The definition `decode` must match: one unit at a time, every `%` through `escape`.
fn decode_reference(
    d: &Decoding,
    unit: Unit,
    input: &[u8],
    last: bool,
) -> Result<(Vec<u8>, usize), DecodeError> {
    let (mut i, mut out) = (0, Vec::new());
    while let Some(&b) = input.get(i) {
        if b == b'+' && d.plus_as_space {
            out.push(b' ');
            i += 1;
        } else if b != b'%' {
            out.push(b);
            i += 1;
        } else {
            match escape(d, unit, input, i, last)? {
                Step::Incomplete => break,
                Step::Unit { read, written, bytes } => {
                    out.extend_from_slice(&bytes[..written]);
                    i += read;
                }
            }
        }
    }
    Ok((out, i))
}

#[test]
fn word_loop_matches_reference() {
    // Short alphabets make every interaction likely: escapes next to each other, across
    // word boundaries, cut at the end, `+`, `%u`, kept escapes, runs longer than the
    // `memchr` switch.
    const ALPHABET: &[u8] = b"%%%%++2F5aGu0D8xyz \xc3\xa9";
    let mut seed = 0x1234_5678_9ABC_DEF0u64;
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let z = (seed ^ (seed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB) >> 11
    };
    let mut cases = 0;
    for round in 0..4000 {
        let len = (next() % 90) as usize;
        let long_run = round % 7 == 0;
        let input: Vec<u8> = (0..len)
            .map(|k| {
                if long_run && k % 40 < 37 {
                    b'a' + (k % 26) as u8
                } else {
                    ALPHABET[(next() % ALPHABET.len() as u64) as usize]
                }
            })
            .collect();
        for p in ALL {
            for d in [p.decoding(), Decoding { plus_as_space: true, ..p.decoding() }] {
                for last in [true, false] {
                    let mut out = vec![0u8; input.len()];
                    let got = decode(&d, p.unit(), &input, &mut out, last)
                        .map(|g| (out[..g.written].to_vec(), g.read));
                    let want = decode_reference(&d, p.unit(), &input, last);
                    assert_eq!(got, want, "{} {:?} last={last}", p.name(), input);
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 4000 * ALL.len() * 4);
}

#[test]
fn high_surrogate_waits_for_its_partner() {
    let d = Decoding { utf8: Utf8::Lossy, ..Decoding::LENIENT };
    let mut out = [0u8; 16];
    let p = decode(&d, Unit::Utf16, b"x%uD83D%uDE", &mut out, false).unwrap();
    assert_eq!(p.read, 1);
    let p = decode(&d, Unit::Utf16, b"x%uD83D%uDE00", &mut out, false).unwrap();
    assert_eq!(&out[..p.written], "x😀".as_bytes());
}

#[test]
fn signed_escapes_as_java_reads_them() {
    let d = Decoding { malformed: Malformed::RejectSigned, ..Decoding::STRICT };
    let mut out = [0u8; 16];
    let mut run = |s: &[u8], last| decode(&d, Unit::Byte, s, &mut out, last);
    assert_eq!(run(b"%+1%-0%+f", true).unwrap().written, 3);
    assert_eq!(run(b"a%-1", true), Err(DecodeError::InvalidEscape { offset: 1 }));
    assert_eq!(run(b"%++1", true), Err(DecodeError::InvalidEscape { offset: 0 }));
    assert_eq!(run(b"%+", true), Err(DecodeError::TruncatedEscape { offset: 0 }));
    assert_eq!(run(b"x%+", false).unwrap(), Progress { read: 1, written: 1 });
}

#[test]
fn byte_or_u16_reads_both_escapes() {
    let d = Decoding { utf8: Utf8::Lossy, ..Decoding::LENIENT };
    let mut out = [0u8; 16];
    let p = decode(&d, Unit::ByteOrU16, b"%C3%A9%u00e9", &mut out, true).unwrap();
    assert_eq!(&out[..p.written], "éé".as_bytes());
}

/// The bytes a pattern writes from `src` (zeros where it has bit 7, `fill` as given).
fn apply(pattern: &[u8], src: &[u8; 16], fill: u8, len: usize) -> Vec<u8> {
    pattern[..len].iter().map(|&i| if i < 16 { src[i as usize] } else { fill }).collect()
}

/// What encoding `bytes` writes, escaped where `m` says: `x`, or `%` and two digits
/// named by the byte's position (`H`+j, `L`+j).
fn expansion(bytes: &[u8], m: usize) -> Vec<u8> {
    let mut want = Vec::new();
    for (j, &x) in bytes.iter().enumerate() {
        if m >> j & 1 == 1 {
            want.extend_from_slice(&[b'%', b'H' + j as u8, b'a' + j as u8]);
        } else {
            want.push(x);
        }
    }
    want
}

#[test]
fn expand_writes_the_escapes() {
    let src = *b"0123HIJKabcd%%%%";
    for (m, pattern) in EXPAND.iter().enumerate() {
        let len = GROUP_LEN[m] as usize;
        assert_eq!(apply(pattern, &src, 0, len), expansion(b"0123", m), "mask {m:04b}");
        assert!(pattern[len..].iter().all(|&i| i >= 0x80));
    }
    for (m, entry) in EXPAND_PAIR.0.iter().enumerate() {
        for (lane, g) in [(0, m & 15), (1, m >> 4)] {
            assert_eq!(entry[16 * lane..16 * lane + 16], EXPAND[g], "mask {m:08b}");
            assert_eq!(PAIR_LEN[m][lane], GROUP_LEN[g], "mask {m:08b}");
        }
    }
}

#[test]
fn light_writes_the_escapes_of_one_unit() {
    let x = *b"01234567";
    for (m, unit) in LIGHT.iter().enumerate() {
        if m.count_ones() > LIGHT_MAX {
            assert_eq!(unit.len, LIGHT_BAD);
            continue;
        }
        // y holds the high digit in place of an escaped byte, z the low digit there and
        // `%` elsewhere.
        let mut src = *b"01234567%%%%%%%%";
        for j in 0..8 {
            if m >> j & 1 == 1 {
                src[j] = b'H' + j as u8;
                src[8 + j] = b'a' + j as u8;
            }
        }
        assert!(unit.len <= 16 && 16 * 16 < LIGHT_BAD);
        assert_eq!(
            apply(&unit.pattern, &src, 0, unit.len as usize),
            expansion(&x, m),
            "mask {m:08b}"
        );
    }
}

#[test]
fn compact_gathers_kept_bytes() {
    for (half, table) in COMPACT.iter().enumerate() {
        for (k, &idx) in table.iter().enumerate() {
            let got: Vec<u8> = idx.to_le_bytes().iter().take_while(|&&i| i < 16).copied().collect();
            let want: Vec<u8> =
                (0..8u8).filter(|j| k >> j & 1 == 1).map(|j| j + 8 * half as u8).collect();
            assert_eq!(got, want, "keep {k:08b}");
            assert!(idx.to_le_bytes()[want.len()..].iter().all(|&i| i >= 0x80));
        }
    }
}

#[test]
fn hex_tables_find_the_digits_and_their_values() {
    for b in 0..=255u8 {
        let (lo, hi) = ((b & 15) as usize, (b >> 4) as usize);
        let digit = (b as char).to_digit(16);
        assert_eq!(HEX_LO[lo] & HEX_HI[hi] != 0, digit.is_some(), "{b:#x}");
        if let Some(d) = digit {
            assert_eq!(u32::from(lo as u8 + HEX_ADJUST[hi]), d, "{b:#x}");
        }
    }
}
