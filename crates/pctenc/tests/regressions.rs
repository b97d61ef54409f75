//! Regression tests for library bugs that the property tests of issue 2 found, one per bug,
//! named `r<issue>_<what>`.

use std::borrow::Cow;

use pctenc::profile::{js, whatwg};

/// `decode` borrows whenever the output equals the input: a malformed escape passed through
/// or an escape kept as written changes nothing.
#[test]
fn r2_decode_borrows_when_nothing_changes() {
    assert!(matches!(whatwg::COMPONENT.decode("100%zz"), Ok(Cow::Borrowed(_))));
    assert!(matches!(js::URI.decode("a%2Fb"), Ok(Cow::Borrowed(_))));
    assert!(matches!(whatwg::COMPONENT.decode("a%20b"), Ok(Cow::Owned(_))));
}
