//! Regression tests for library bugs that the property tests of issue 2 found, one per bug,
//! named `r<issue>_<what>`.

use std::borrow::Cow;

use pctenc::profile::{js, whatwg};

/// `encode_into` names a size that is certainly enough, even where lossy input turns one
/// byte into the nine of `%EF%BF%BD` (or the six of `%uFFFD`).
#[test]
fn r2_encode_into_needed_covers_lossy_input() {
    for p in [whatwg::FORM, js::ESCAPE] {
        let want = p.encode(b"\xff");
        let mut buf = [0u8; 3];
        let e = p.encode_into(b"\xff", &mut buf).unwrap_err();
        let mut retry = vec![0u8; e.needed];
        assert_eq!(p.encode_into(b"\xff", &mut retry), Ok(want.len()), "{}", p.name());
    }
}

/// `decode_into` names a size that is certainly enough when the buffer is shorter than the
/// input and a lossy repair will need more.
#[test]
fn r2_decode_into_needed_covers_lossy_repair() {
    let p = whatwg::FORM;
    let e = match p.decode_into(b"\x80", &mut []) {
        Err(pctenc::DecodeSliceError::OutputTooSmall(e)) => e,
        other => panic!("{other:?}"),
    };
    let mut retry = vec![0u8; e.needed];
    assert_eq!(p.decode_into(b"\x80", &mut retry), Ok(3));
}

/// `decode` borrows whenever the output equals the input: a malformed escape passed through
/// or an escape kept as written changes nothing.
#[test]
fn r2_decode_borrows_when_nothing_changes() {
    assert!(matches!(whatwg::COMPONENT.decode("100%zz"), Ok(Cow::Borrowed(_))));
    assert!(matches!(js::URI.decode("a%2Fb"), Ok(Cow::Borrowed(_))));
    assert!(matches!(whatwg::COMPONENT.decode("a%20b"), Ok(Cow::Owned(_))));
}

/// The first error in input order wins, in one-shot and streaming decoding alike: invalid
/// UTF-8 before a malformed escape is reported first, whatever the chunking.
#[test]
fn r2_first_error_in_input_order() {
    use pctenc::stream::Decoder;
    use pctenc::DecodeError::{InvalidEscape, InvalidUtf8, TruncatedEscape};
    let stream = |parts: &[&str]| {
        let mut d = Decoder::new(js::URI);
        let mut out = Vec::new();
        parts
            .iter()
            .try_for_each(|p| d.push(p.as_bytes(), &mut out))
            .and_then(|()| d.finish(&mut out))
    };
    for (input, want) in [
        ("%FF%", InvalidUtf8 { offset: 0 }),
        ("%FF%zz", InvalidUtf8 { offset: 0 }),
        ("a%E2%zz", InvalidEscape { offset: 4 }), // cut short, not yet invalid
        ("%E2%", TruncatedEscape { offset: 3 }),
    ] {
        assert_eq!(js::URI.decode(input).unwrap_err(), want, "{input}");
        let mut buf = [0u8; 16];
        assert_eq!(js::URI.decode_into(input, &mut buf), Err(want.into()), "{input}");
        for i in 0..=input.len() {
            assert_eq!(stream(&[&input[..i], &input[i..]]), Err(want), "{input} split at {i}");
        }
    }
}

/// Under strict UTF-8 the raw input is text too: a raw `\xC3` before `%A9` decodes to a valid
/// `é`, but `decodeURIComponent` could never be given that input. One-shot and streaming
/// report the raw byte's offset, for every split.
#[test]
fn r2_strict_rejects_raw_bytes_that_are_not_utf8() {
    use pctenc::profile::js::COMPONENT;
    use pctenc::stream::Decoder;
    for (input, offset) in [
        (&b"a\xC3%A9"[..], 1),
        (b"%C3\xA9", 3),
        (b"%E2\x82%AC", 3),
        (b"ok\xFF", 2),
        (b"%C3%28\xFF", 0),
    ] {
        let want: Result<Vec<u8>, _> = Err(pctenc::DecodeError::InvalidUtf8 { offset });
        assert_eq!(COMPONENT.decode(input).map(|c| c.into_owned()), want, "{input:?}");
        for cut in 0..=input.len() {
            let mut d = Decoder::new(COMPONENT);
            let mut out = Vec::new();
            let got = d
                .push(&input[..cut], &mut out)
                .and_then(|()| d.push(&input[cut..], &mut out))
                .and_then(|()| d.finish(&mut out))
                .map(|()| out);
            assert_eq!(got, want, "{input:?} cut at {cut}");
        }
    }
}

/// Found by a random-chunking property run: for profiles that keep valid escapes, a chunk
/// can end with an unfinished UTF-8 sequence followed by an unfinished escape (five bytes),
/// which overflowed the streaming encoder's three-byte tail buffer.
#[test]
fn r2_stream_encoder_holds_utf8_and_escape_tails() {
    use pctenc::stream::Encoder;
    let p = pctenc::by_name("uri-template-reserved").unwrap();
    let input = b"a\xE2\x82%41\xAC%4";
    let want = p.encode(input).into_owned().into_bytes();
    for cut in 0..=input.len() {
        for cut2 in cut..=input.len() {
            let mut e = Encoder::with_input_utf8(p, pctenc::Utf8::Lossy);
            let mut out = Vec::new();
            for part in [&input[..cut], &input[cut..cut2], &input[cut2..]] {
                e.push(part, &mut out).unwrap();
            }
            e.finish(&mut out).unwrap();
            let mut one = Encoder::with_input_utf8(p, pctenc::Utf8::Lossy);
            let mut whole = Vec::new();
            one.push(input, &mut whole).unwrap();
            one.finish(&mut whole).unwrap();
            assert_eq!(out, whole, "cuts {cut},{cut2}");
        }
    }
    assert!(!want.is_empty());
}
