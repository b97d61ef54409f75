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
