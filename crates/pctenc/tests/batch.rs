//! The batch API is the one-row API applied to each row: for every named profile, random
//! columns (with nulls and sliced offsets) give row for row what `encode` / `decode` /
//! `decode_str` give, and each per-row error policy does what it says.

use pctenc::batch::{self, BatchError, Decode, OnError, Output, RowError, Rows};
use pctenc::profile::ALL;
use pctenc::{DecodeError, Malformed, Utf8};
use proptest::prelude::*;

/// The one oracle of the batch API, shared with the batch invariant (and its fuzz target).
#[path = "invariants/batch_oracle.rs"]
mod oracle;
use oracle::{expected_decode, expected_encode, one_row};

/// A column: offsets starting at `skip` bytes into the values (as a sliced Arrow array's),
/// and a validity bitmap with the given nulls, starting at bit 5.
struct Column {
    offsets: Vec<i32>,
    values: Vec<u8>,
    bits: Vec<u8>,
    nulls: Vec<bool>,
}

impl Column {
    fn new(rows: &[Vec<u8>], nulls: &[bool], skip: usize) -> Column {
        let mut values = vec![b'#'; skip];
        let mut offsets = vec![skip as i32];
        for r in rows {
            values.extend_from_slice(r);
            offsets.push(values.len() as i32);
        }
        values.extend_from_slice(b"trailing bytes no row owns");
        let mut bits = vec![0u8; (rows.len() + 5).div_ceil(8) + 1];
        for (i, &null) in nulls.iter().enumerate() {
            if !null {
                bits[(i + 5) / 8] |= 1 << ((i + 5) % 8);
            }
        }
        Column { offsets, values, bits, nulls: nulls.to_vec() }
    }

    fn rows(&self) -> Rows<'_, i32> {
        Rows::new(&self.offsets, &self.values).with_validity(&self.bits, 5)
    }
}

fn rows_and_nulls() -> impl Strategy<Value = (Vec<Vec<u8>>, Vec<bool>, usize)> {
    let row = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..24),
        "[a-z%0-9A-F+/ é€]{0,24}".prop_map(|s| s.into_bytes()),
    ];
    (proptest::collection::vec((row, any::<bool>()), 0..12), 0usize..4).prop_map(|(v, skip)| {
        let (rows, nulls) = v.into_iter().unzip();
        (rows, nulls, skip)
    })
}

fn check_shape<P: batch::Offset>(out: &Output<P>, nulls: &[bool]) {
    assert_eq!(out.len(), nulls.len());
    assert_eq!(out.null_count, nulls.iter().filter(|&&n| n).count());
    for (i, &null) in nulls.iter().enumerate() {
        assert_eq!(out.is_valid(i), !null, "row {i}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn encode_is_encode_per_row((rows, nulls, skip) in rows_and_nulls()) {
        let col = Column::new(&rows, &nulls, skip);
        for p in ALL {
            let out = batch::encode::<i32, i64>(p, &col.rows(), OnError::Null).unwrap();
            prop_assert_eq!(out.len(), rows.len());
            for (i, r) in rows.iter().enumerate() {
                if nulls[i] {
                    prop_assert_eq!(out.row(i), b"");
                } else {
                    // A row is what try_encode gives one value, or null where it fails.
                    let want = p.try_encode(r).ok();
                    let got = out.is_valid(i).then(|| out.row(i));
                    prop_assert_eq!(got, want.as_ref().map(|s| s.as_bytes()), "{} row {}", p.name(), i);
                }
            }
            prop_assert!(std::str::from_utf8(&out.values).is_ok());
        }
    }

    #[test]
    fn decode_is_decode_per_row((rows, nulls, skip) in rows_and_nulls()) {
        let col = Column::new(&rows, &nulls, skip);
        for p in ALL {
            // Bytes out: exactly Profile::decode, a failing row null.
            let run = Decode::new(p);
            let out = run.run::<i32, i32>(&col.rows(), OnError::Null).unwrap();
            prop_assert_eq!(out.len(), rows.len());
            for (i, r) in rows.iter().enumerate() {
                let want = if nulls[i] { None } else { p.decode(r).ok().map(|c| c.into_owned()) };
                let got = out.is_valid(i).then(|| out.row(i).to_vec());
                prop_assert_eq!(got, want, "{} row {}", p.name(), i);
            }
            // Text out: every row UTF-8; a row that decodes under the text policy is that.
            let text = Decode::new(p).text();
            for policy in [OnError::Null, OnError::Keep, OnError::Replace] {
                let out = text.run::<i32, i64>(&col.rows(), policy).unwrap();
                if policy == OnError::Null {
                    prop_assert_eq!(out.len(), rows.len());
                } else {
                    check_shape(&out, &col.nulls);
                }
                prop_assert!(std::str::from_utf8(&out.values).is_ok(), "{}", p.name());
                for (i, r) in rows.iter().enumerate() {
                    if nulls[i] {
                        prop_assert!(!out.is_valid(i));
                        continue;
                    }
                    let ok = one_row(p, text.decoding(), r)
                        .ok()
                        .filter(|v| std::str::from_utf8(v).is_ok());
                    match (ok, policy) {
                        (Some(v), _) => prop_assert_eq!(out.row(i), &v[..], "{} row {}", p.name(), i),
                        (None, OnError::Null) => prop_assert!(!out.is_valid(i)),
                        (None, OnError::Keep) => {
                            let want = String::from_utf8_lossy(r);
                            prop_assert_eq!(out.row(i), want.as_bytes());
                        }
                        (None, _) => prop_assert!(out.is_valid(i)),
                    }
                }
            }
        }
    }

    #[test]
    fn raise_names_the_first_bad_row((rows, nulls, skip) in rows_and_nulls()) {
        let col = Column::new(&rows, &nulls, skip);
        let p = pctenc::profile::js::COMPONENT;
        let run = Decode::new(p).text();
        let first_bad = rows.iter().enumerate().find_map(|(i, r)| {
            if nulls[i] { return None; }
            one_row(p, run.decoding(), r).err().map(|e| (i, e))
        });
        match (run.run::<i32, i32>(&col.rows(), OnError::Raise), first_bad) {
            (Ok(out), None) => check_shape(&out, &nulls),
            (Err(BatchError::Row { row, error, .. }), Some((i, e))) => {
                prop_assert_eq!(row, i);
                prop_assert_eq!(error, RowError::Decode(e));
            }
            (got, want) => prop_assert!(false, "got {:?}, want {:?}", got.map(|o| o.len()), want),
        }
    }
}

#[test]
fn replace_is_lenient_with_u_fffd() {
    let rows = Rows::new(&[0i32, 7, 10], b"%zz%C3x%e2%82%ac");
    let out =
        Decode::new(pctenc::profile::js::COMPONENT).text().run::<i32, i32>(&rows, OnError::Replace);
    let out = out.unwrap();
    assert_eq!(out.row(0), "%zz\u{FFFD}x".as_bytes());
    assert_eq!(out.row(1), "\u{FFFD}".as_bytes()); // a lone lead byte, decoded and replaced
                                                   // The row after the bad ones is decoded as usual.
    let rows = Rows::new(&[0i32, 3, 12], b"%zz%E2%82%AC");
    let out = Decode::new(pctenc::profile::js::COMPONENT)
        .text()
        .run::<i32, i32>(&rows, OnError::Replace)
        .unwrap();
    assert_eq!(out.row(1), "€".as_bytes());
    // A text run whose policy was set to `bytes` after `.text()` still writes text: the
    // replacement of a row that is not UTF-8 is lossy, not its bytes.
    let rows = Rows::new(&[0i32, 5], b"a%FFb");
    let bytes_then_text = Decode::new(pctenc::profile::rfc3986::RFC3986).text().utf8(Utf8::Bytes);
    let out = bytes_then_text.run::<i32, i32>(&rows, OnError::Replace).unwrap();
    assert_eq!(out.row(0), "a\u{FFFD}b".as_bytes());
    assert!(out.is_text());
}

#[test]
fn overrides_change_the_policy() {
    let rows = Rows::new(&[0i64, 4, 8], b"100%%FF!");
    let rfc = pctenc::profile::rfc3986::RFC3986;
    let lenient = Decode::new(rfc).malformed(Malformed::PassThrough);
    let out = lenient.run::<i64, i32>(&rows, OnError::Raise).unwrap();
    assert_eq!(out.values, b"100%\xFF!");
    let e = lenient.utf8(Utf8::Strict).run::<i64, i32>(&rows, OnError::Raise).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#"row 1, byte 0: invalid-utf8 at "%FF!": invalid UTF-8 at byte 0: the decoded bytes are not UTF-8"#
    );
}

#[test]
fn keep_escaped_policies_still_give_text() {
    // dotnet-escapedatastring keeps escapes that are not UTF-8; a raw byte that is not UTF-8
    // cannot be text, so it is a row error when the output must be text.
    let p = pctenc::by_name("dotnet-escapedatastring").unwrap();
    let rows = Rows::new(&[0i32, 3, 5], b"%FFa\xFF");
    let run = Decode::new(p).text();
    let out = run.run::<i32, i32>(&rows, OnError::Null).unwrap();
    assert_eq!(out.row(0), b"%FF");
    assert!(!out.is_valid(1));
    match run.run::<i32, i32>(&rows, OnError::Raise) {
        Err(BatchError::Row { row: 1, error, .. }) => assert_eq!(error.offset(), 1),
        other => panic!("{other:?}"),
    }
}

#[test]
fn empty_batch() {
    let rows = Rows::<i32>::new(&[0], b"");
    let out = batch::encode::<i32, i32>(pctenc::profile::rfc3986::RFC3986, &rows, OnError::Raise)
        .unwrap();
    assert_eq!(out.offsets, [0]);
    assert!(out.is_empty() && out.validity.is_none());
    let rows = Rows::<i64>::new(&[], b"");
    assert_eq!(
        Decode::new(pctenc::profile::rfc3986::RFC3986)
            .run::<i64, i64>(&rows, OnError::Raise)
            .unwrap()
            .len(),
        0
    );
}

/// Columns large enough for the fast path to check many stretches of rows at once, with bad
/// rows (malformed escapes, bytes that are not UTF-8, raw or escaped) scattered through them
/// and nulls between: row for row the policy's answer, under every `on_error`, and `Raise`
/// names the first bad row even when it sits early in a stretch.
#[test]
fn long_columns_match_the_per_row_policy() {
    let good: &[&[u8]] =
        &[b"https://example.com/a%20b?q=caf%C3%A9", b"%E2%82%AC%E2%82%AC", b"plain/text", b"x"];
    let bad: &[&[u8]] = &[
        b"%zz",
        b"ok%FF",
        b"\xff raw",
        b"%C3",
        b"%E2%82",
        b"\xC3%A9",
        b"%-1",
        b"https://example.com/a%20b?q=caf%C3%A9&r=%E9t%E9&s=plain-text-after-the-bad-bytes",
    ];
    let mut state = 7u64;
    let mut next = |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m) as usize
    };
    // (2, 4000): bad rows (one as long as the good ones) end many of the stretches, so a
    // stretch checked again from a row before its start would meet rows already settled: a
    // row already made null has no bytes, passes the check and is no longer counted as null.
    for (bad_every, n) in [(0, 4000), (997, 4000), (50, 3000), (2, 500), (2, 4000)] {
        let mut rows: Vec<Vec<u8>> = Vec::new();
        let mut nulls = Vec::new();
        for i in 0..n {
            let row = if bad_every > 0 && i % bad_every == bad_every - 1 {
                bad[next(bad.len() as u64)].to_vec()
            } else {
                good[next(good.len() as u64)].repeat(1 + next(4))
            };
            rows.push(row);
            nulls.push(next(10) == 0);
        }
        let col = Column::new(&rows, &nulls, 1);
        for p in [
            pctenc::profile::js::COMPONENT,
            pctenc::profile::runtimes::PY_QUOTE,
            pctenc::profile::runtimes::JAVA_URLENCODER,
            pctenc::profile::engines::DUCKDB,
        ] {
            let run = Decode::new(p).text();
            for policy in [OnError::Null, OnError::Keep, OnError::Replace, OnError::Raise] {
                let got = run.run::<i32, i32>(&col.rows(), policy);
                // The reference: each row on its own.
                let mut want: Vec<Option<Vec<u8>>> = Vec::new();
                let mut first_bad = None;
                for (i, r) in rows.iter().enumerate() {
                    if nulls[i] {
                        want.push(None);
                        continue;
                    }
                    let ends = [0i32, r.len() as i32];
                    let one = Rows::new(&ends, r);
                    let single = run.run::<i32, i32>(&one, policy);
                    match single {
                        Ok(o) => want.push(o.is_valid(0).then(|| o.row(0).to_vec())),
                        Err(e) => {
                            first_bad.get_or_insert((i, e));
                            want.push(None);
                        }
                    }
                }
                match (got, first_bad, policy) {
                    (
                        Err(BatchError::Row { row, error, .. }),
                        Some((i, BatchError::Row { error: e, .. })),
                        OnError::Raise,
                    ) => {
                        assert_eq!((row, error), (i, e), "{} every {bad_every}", p.name());
                    }
                    (Ok(out), None, _) => {
                        check_shape_loose(&out, rows.len());
                        for (i, w) in want.iter().enumerate() {
                            assert_eq!(
                                out.is_valid(i).then(|| out.row(i).to_vec()),
                                *w,
                                "{} {policy:?} row {i}",
                                p.name()
                            );
                        }
                        assert_eq!(out.null_count, want.iter().filter(|w| w.is_none()).count());
                    }
                    (got, want, _) => panic!(
                        "{} {policy:?} every {bad_every}: {:?} vs {:?}",
                        p.name(),
                        got.err(),
                        want.map(|w| w.0)
                    ),
                }
            }
        }
    }
}

fn check_shape_loose<P: batch::Offset>(out: &Output<P>, n: usize) {
    assert_eq!(out.len(), n);
    if let Some(bits) = &out.validity {
        assert_eq!(bits.len(), n.div_ceil(8));
    }
}

/// Rows for the policy property: text with escapes (valid, malformed, Java's signed `%+1`,
/// escapes of bytes that are not UTF-8), `+`, non-ASCII, raw bytes; up to 80 bytes, so that
/// rows fall on both sides of the 64-byte one-step decode.
fn policy_rows() -> impl Strategy<Value = (Vec<Vec<u8>>, Vec<bool>, usize)> {
    let row = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..80),
        "([a-z/?=&.~ +é€-]|%[0-9A-Fa-f]{2}|%[+-][0-9a-f]|%C3|%E2%82|%FF|%[g-z]|%){0,24}"
            .prop_map(|s| s.into_bytes()),
        // Raw bytes that are not UTF-8 next to escapes that complete them (`\xC3%A9` decodes
        // to text, but its input is not: strict UTF-8 rejects it).
        proptest::collection::vec(
            prop::sample::select(vec![
                &b"\xC3"[..],
                b"%A9",
                b"\xA9",
                b"%C3",
                b"\xE2",
                b"%82%AC",
                b"a",
                b"%",
                b"+",
                b"%2B",
            ]),
            0..12
        )
        .prop_map(|v| v.concat()),
    ];
    (proptest::collection::vec((row, 0u8..8), 0..40), 0usize..4).prop_map(|(v, skip)| {
        let (rows, nulls) = v.into_iter().map(|(r, n)| (r, n == 0)).unzip();
        (rows, nulls, skip)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every profile, bytes and text out, every `on_error`: the batch is the per-row API row
    /// for row (a null stays null; `Raise` stops at the first failing row, with its error
    /// when it is a decode error).
    #[test]
    fn every_policy_is_the_per_row_api((rows, nulls, skip) in policy_rows()) {
        let col = Column::new(&rows, &nulls, skip);
        for p in ALL {
            for text in [false, true] {
                let run = if text { Decode::new(p).text() } else { Decode::new(p) };
                for policy in [OnError::Raise, OnError::Null, OnError::Keep, OnError::Replace] {
                    let mut want = Vec::new();
                    let mut first_bad = None;
                    for (i, r) in rows.iter().enumerate() {
                        if nulls[i] {
                            want.push(None);
                            continue;
                        }
                        match expected_decode(p, run.decoding(), text, policy, r) {
                            Ok(v) => want.push(v),
                            Err(e) => {
                                first_bad = Some((i, e));
                                break;
                            }
                        }
                    }
                    let got = run.run::<i32, i32>(&col.rows(), policy);
                    match (got, first_bad) {
                        (Ok(out), None) => {
                            prop_assert_eq!(out.len(), rows.len());
                            for (i, w) in want.iter().enumerate() {
                                let g = out.is_valid(i).then(|| out.row(i).to_vec());
                                prop_assert_eq!(&g, w, "{} text {} {:?} row {}", p.name(), text, policy, i);
                            }
                            prop_assert_eq!(out.null_count, want.iter().filter(|w| w.is_none()).count());
                            if text {
                                prop_assert!(std::str::from_utf8(&out.values).is_ok());
                            }
                        }
                        (Err(BatchError::Row { row, error, .. }), Some((i, e))) => {
                            prop_assert_eq!(row, i, "{} text {}", p.name(), text);
                            if !matches!(e, RowError::Decode(DecodeError::InvalidUtf8 { .. })) {
                                prop_assert_eq!(error, e, "{} text {}", p.name(), text);
                            }
                        }
                        (got, want) => prop_assert!(
                            false,
                            "{} text {text} {policy:?}: got {:?}, want first bad {:?}",
                            p.name(),
                            got.err(),
                            want.map(|w| w.0)
                        ),
                    }
                }
            }
        }
    }

    /// Every profile, every `on_error`: batch encoding is `encode_append_vec` row for row,
    /// and a row whose encoding is not text (a profile that keeps non-ASCII, over bytes that
    /// are not UTF-8) fails, is null, or is encoded from its lossy text.
    #[test]
    fn every_encode_policy_is_the_per_row_api((rows, nulls, skip) in policy_rows()) {
        let col = Column::new(&rows, &nulls, skip);
        for p in ALL {
            for policy in [OnError::Raise, OnError::Null, OnError::Keep, OnError::Replace] {
                let mut want = Vec::new();
                let mut first_bad = None;
                for (i, r) in rows.iter().enumerate() {
                    if nulls[i] {
                        want.push(None);
                        continue;
                    }
                    match expected_encode(p, policy, r) {
                        Ok(v) => want.push(v),
                        Err(()) => {
                            first_bad = Some(i);
                            break;
                        }
                    }
                }
                match (batch::encode::<i32, i32>(p, &col.rows(), policy), first_bad) {
                    (Ok(out), None) => {
                        for (i, w) in want.iter().enumerate() {
                            let g = out.is_valid(i).then(|| out.row(i).to_vec());
                            prop_assert_eq!(&g, w, "{} {:?} row {}", p.name(), policy, i);
                        }
                        prop_assert!(std::str::from_utf8(&out.values).is_ok());
                    }
                    (Err(BatchError::Row { row, error: RowError::Encode(_), .. }), Some(i)) => {
                        prop_assert_eq!(row, i, "{}", p.name());
                    }
                    (got, want) => prop_assert!(false, "{} {policy:?}: got {:?}, want {:?}", p.name(), got.err(), want),
                }
            }
        }
    }
}

/// A character whose bytes straddle two rows is text as a column but not row by row: each
/// row fails (the fast path once validated only the rows together, and let both through).
#[test]
fn a_character_split_across_rows_is_not_text() {
    let rfc = pctenc::profile::rfc3986::RFC3986;
    // Escaped or raw on either side of the cut; raw on both sides, the input is cut inside a
    // character where the output is.
    let cases = [(&b"%C3%A9"[..], 3), (b"\xC3%A9", 1), (b"%C3\xA9", 3), (b"\xC3\xA9", 1)];
    for (values, cut) in cases {
        let offsets = [0i32, cut, values.len() as i32];
        let rows = Rows::new(&offsets, values);
        let err = Decode::new(rfc).text().run::<i32, i32>(&rows, OnError::Raise).unwrap_err();
        assert!(matches!(err, BatchError::Row { row: 0, .. }), "{values:?}: {err}");
        let out = Decode::new(rfc).text().run::<i32, i32>(&rows, OnError::Null).unwrap();
        assert_eq!(out.null_count, 2, "{values:?}");
        // Lossy: each half becomes U+FFFD on its own.
        let py = pctenc::profile::runtimes::PY_QUOTE;
        let out = Decode::new(py).text().run::<i32, i32>(&rows, OnError::Raise).unwrap();
        assert_eq!(out.row(0), "\u{FFFD}".as_bytes(), "{values:?}");
    }
}

/// Found by the `batch` fuzz target: under `Raise`, a row whose offsets are bad stopped the
/// batch before the rows pending the text check were checked, so an earlier row that is not
/// text was not the error reported.
#[test]
fn r7_errors_come_in_row_order_before_bad_offsets() {
    let rfc = pctenc::profile::rfc3986::RFC3986;
    let values = b"%FFok";
    let offsets = [0i32, 3, 5, 99];
    let rows = Rows::new(&offsets, values);
    let err = Decode::new(rfc).text().run::<i32, i32>(&rows, OnError::Raise).unwrap_err();
    assert!(matches!(err, BatchError::Row { row: 0, .. }), "{err:?}");
    // Without the bad row first, the bad offsets are the error.
    let err = Decode::new(rfc).text().run::<i32, i32>(&rows, OnError::Null).unwrap_err();
    assert_eq!(err, BatchError::BadOffsets { row: 2 });
}

/// Arrow's check of a string array (`GenericStringArray::try_new`), written plainly: offsets
/// from zero or more that never decrease and stay inside the values, the bytes they span
/// UTF-8, every offset on a character boundary of that span.
fn arrow_accepts(offsets: &[i32], values: &[u8]) -> bool {
    let index = |o: i32| usize::try_from(o).ok().filter(|&o| o <= values.len());
    let (Some(first), Some(last)) =
        (offsets.first().copied().and_then(index), offsets.last().copied().and_then(index))
    else {
        return false;
    };
    if offsets.windows(2).any(|w| w[1] < w[0]) || offsets.iter().any(|&o| index(o).is_none()) {
        return false;
    }
    let Ok(span) = std::str::from_utf8(&values[first..last]) else { return false };
    offsets.iter().all(|&o| span.is_char_boundary(index(o).unwrap() - first))
}

proptest! {
    /// `Output::is_text` says yes exactly where Arrow's own check of a string array would:
    /// offsets cut anywhere (inside characters, backwards, past the end) over text and over
    /// bytes that are not UTF-8.
    #[test]
    fn is_text_is_arrows_check(
        text in "[a\\u{e9}\\u{20ac}\\u{1f600}%]{0,24}",
        noise in proptest::collection::vec(any::<u8>(), 0..3),
        cuts in proptest::collection::vec(-2i32..40, 0..6),
    ) {
        let mut values = text.into_bytes();
        values.extend(noise);
        let mut offsets = vec![0i32];
        offsets.extend(cuts);
        let out = Output { offsets: offsets.clone(), values: values.clone(), validity: None, null_count: 0 };
        prop_assert_eq!(out.is_text(), arrow_accepts(&offsets, &values), "{:?} {:?}", offsets, values);
    }
}

/// What the batch API makes of a column holding only `value`: `Some(bytes)`, `None` (null),
/// or the row's error.
fn as_one_row<P: batch::Offset>(
    got: Result<Output<P>, BatchError>,
) -> Result<Option<Vec<u8>>, RowError> {
    match got {
        Ok(out) => Ok(out.is_valid(0).then(|| out.row(0).to_vec())),
        Err(BatchError::Row { error, .. }) => Err(error),
        Err(e) => panic!("a one-row column failed as a column: {e}"),
    }
}

/// What a per-value call appended to `out` (which held `before`), or its error.
fn as_value(
    got: Result<bool, RowError>,
    out: &[u8],
    before: &[u8],
) -> Result<Option<Vec<u8>>, RowError> {
    let Ok(present) = got else {
        assert_eq!(out, before, "a per-value call that failed left bytes in `out`");
        return got.map(|_| None);
    };
    assert!(out.starts_with(before), "a per-value call changed what `out` held");
    if !present {
        assert_eq!(out.len(), before.len(), "a null value appended bytes");
    }
    Ok(present.then(|| out[before.len()..].to_vec()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The per-value calls (what the JVM's rows and DuckDB's vectors call) are a one-row
    /// column of the batch API, whose decoding takes another path (a whole column's fast
    /// path), for every profile, bytes and text out, every `on_error`: the same bytes, the
    /// same nulls, the same error and offset; appended after what `out` held, which stays.
    #[test]
    fn one_value_is_a_one_row_column((rows, _, _) in policy_rows(), (more, _, _) in rows_and_nulls()) {
        for value in rows.iter().chain(&more) {
            let column = [0i32, value.len() as i32];
            let col = Rows::new(&column, value);
            for p in ALL {
                for policy in [OnError::Raise, OnError::Null, OnError::Keep, OnError::Replace] {
                    for text in [false, true] {
                        let run = if text { Decode::new(p).text() } else { Decode::new(p) };
                        let mut out = b"before".to_vec();
                        let got = as_value(run.value_into(value, policy, &mut out), &out, b"before");
                        let want = as_one_row(run.run::<i32, i32>(&col, policy));
                        prop_assert_eq!(got, want, "decode {} text {} {:?} {:?}", p.name(), text, policy, value);
                    }
                    let mut out = b"before".to_vec();
                    let got = as_value(batch::encode_value_into(p, value, policy, &mut out), &out, b"before");
                    let want = as_one_row(batch::encode::<i32, i32>(p, &col, policy));
                    prop_assert_eq!(got, want, "encode {} {:?} {:?}", p.name(), policy, value);
                }
            }
        }
    }
}
