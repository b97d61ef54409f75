//! Queries of a whole column: parse each row into its pairs, pick one name's value, or build
//! a query per row from pairs; Arrow's buffers in, Arrow's buffers out.
//!
//! The input is a [`Rows`] column (offsets, values, validity: any Arrow `string` or `binary`
//! array, or a native engine's buffers). The outputs are Arrow layouts, built from
//! [`Output`] (offsets, values, validity of a string column) and [`List`] (the offsets and
//! validity of a list column over its items):
//!
//! | function | Arrow type of the result |
//! |---|---|
//! | [`parse`] | `list<struct<key: string not null, value: string not null>>`, or the same buffers as `map<string, string>` |
//! | [`first`] | `string` |
//! | [`all`] | `list<string not null>` |
//! | [`build`] | `string`, from a [`PairRows`] column (`list<struct<key, value>>` or `map`) |
//!
//! Nulls and empties stay apart: a null row gives null; a row without a query gives an empty
//! list (and, picking, null); a name without `=` has the value `""`; a missing name gives null
//! from [`first`] and an empty list from [`all`].
//!
//! Per-row errors follow [`OnError`]: [`OnError::Raise`] stops with the row, the byte offset
//! in the row and a snippet; [`OnError::Null`] makes the row null; [`OnError::Keep`] writes
//! the row's names and values as they are written (split, not decoded); [`OnError::Replace`]
//! decodes them leniently. Picking decodes only the values it returns, so only those can fail.
//!
//! The offset type `P` of the output covers the list offsets and the strings' offsets alike
//! (`i32`: `list` and `string`; `i64`: `large_list` and `large_string`); a run whose output
//! passes what `P` can index stops with [`BatchError::Overflow`] and is run again with `i64`.
//!
//! ```
//! use pctenc::batch::{OnError, Rows};
//! use pctenc::query::{column, Parser};
//! use pctenc::profile::whatwg::FORM;
//!
//! let values = b"/a?q=x+y&n=1/b/c?n=2&n=3";
//! let rows = Rows::new(&[0i32, 12, 14, 24], values); // "/a?q=x+y&n=1", "/b", "/c?n=2&n=3"
//! let p = Parser::new(FORM);
//! let parsed = column::parse::<i32, i32>(&p, &rows, OnError::Raise).unwrap();
//! assert_eq!(parsed.offsets, [0, 2, 3, 5]); // "/b" has no '?': a bare query, one name
//! assert_eq!(parsed.items.keys.values, b"qn/bnn");
//! let n = column::first::<i32, i32>(&p, &rows, "n", OnError::Raise).unwrap();
//! assert_eq!((n.values.as_slice(), n.is_valid(1)), (&b"12"[..], false));
//! ```

use alloc::vec::Vec;

use super::parser::Parser;
use super::split::RawPair;
use super::Builder;
use crate::batch::{
    on_boundaries, push_lossy, row_error, BatchError, Offset, OnError, Output, RowError, Rows,
    Validity,
};
use crate::decode::utf8::is_utf8;
use crate::error::DecodeError;

/// A list column: row `i` holds items `offsets[i]..offsets[i + 1]` of `items`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct List<P: Offset, T> {
    /// One more than the number of rows, starting at 0.
    pub offsets: Vec<P>,
    /// Arrow validity bitmap of the rows, `None` when no row is null.
    pub validity: Option<Vec<u8>>,
    /// How many rows are null.
    pub null_count: usize,
    /// The items of every row, one after the other.
    pub items: T,
}

/// The items of a `list<struct<key, value>>` column: two string columns of one row per pair,
/// never null.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairs<P: Offset> {
    /// The decoded names.
    pub keys: Output<P>,
    /// The decoded values.
    pub values: Output<P>,
}

impl<P: Offset, T> List<P, T> {
    fn new(rows: usize, items: T) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(P::default());
        List { offsets, validity: None, null_count: 0, items }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether row `i` is present (not null).
    pub fn is_valid(&self, i: usize) -> bool {
        self.validity.as_ref().is_none_or(|v| v[i / 8] >> (i % 8) & 1 == 1)
    }

    /// Ends row `i` (present or null) after `items` items in all.
    fn end_row(&mut self, i: usize, valid: bool, items: usize) -> Result<(), BatchError> {
        let end = P::from_usize(items).ok_or(BatchError::Overflow { row: i, bytes: items })?;
        self.offsets.push(end);
        if !valid {
            let rows = self.offsets.len() - 1;
            let bits = self.validity.get_or_insert_with(|| alloc::vec![0xFF; rows.div_ceil(8)]);
            bits.resize(rows.div_ceil(8), 0xFF);
            bits[i / 8] &= !(1 << (i % 8));
            self.null_count += 1;
        }
        Ok(())
    }

    /// Sizes the validity bitmap to the rows, unused bits 0.
    fn finish(mut self) -> Self {
        let rows = self.len();
        if let Some(bits) = &mut self.validity {
            bits.resize(rows.div_ceil(8), 0xFF);
            if !rows.is_multiple_of(8) {
                if let Some(last) = bits.last_mut() {
                    *last &= (1u8 << (rows % 8)) - 1;
                }
            }
        }
        self
    }
}

/// Ends one item (a name or value) of `out` at its current end, never null.
#[inline]
fn end_item<P: Offset>(out: &mut Output<P>, row: usize) -> Result<(), BatchError> {
    let bytes = out.values.len();
    out.offsets.push(P::from_usize(bytes).ok_or(BatchError::Overflow { row, bytes })?);
    Ok(())
}

/// Whether every row of `rows` is UTF-8: one SIMD pass over their bytes, and each row
/// starting on a character boundary (an Arrow `string` column always is; a `binary` one may
/// not be). Then a name or value with nothing to decode is copied without a check.
fn all_text<O: Offset>(rows: &Rows<'_, O>) -> bool {
    let (Some(first), Some(last)) = (rows.offsets.first(), rows.offsets.last()) else {
        return true;
    };
    let span = first.to_usize().zip(last.to_usize()).and_then(|(a, b)| rows.values.get(a..b));
    span.is_some_and(is_utf8) && on_boundaries(rows.offsets, rows.values)
}

/// Why writing a row stopped: a part that does not decode, or the output's offsets.
enum Stop {
    Decode(DecodeError),
    Batch(BatchError),
}

impl From<BatchError> for Stop {
    fn from(e: BatchError) -> Self {
        Stop::Batch(e)
    }
}

/// How the parts of a row are written: decoded by the parser, leniently, or as written.
#[derive(Clone, Copy)]
enum Write<'p> {
    Decode(&'p Parser),
    Keep,
}

impl Write<'_> {
    #[inline]
    fn part(
        &self,
        part: &[u8],
        marks: u8,
        at: usize,
        text: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), Stop> {
        match self {
            Write::Decode(p) => p.decode_append(part, marks, at, text, out).map_err(Stop::Decode),
            Write::Keep => {
                push_lossy(part, out);
                Ok(())
            }
        }
    }
}

/// The parts to write again after an error, under [`OnError::Keep`] or
/// [`OnError::Replace`]; `None` for the other policies.
fn fallback(on_error: OnError, lenient: &Parser) -> Option<Write<'_>> {
    match on_error {
        OnError::Raise | OnError::Null => None,
        OnError::Keep => Some(Write::Keep),
        OnError::Replace => Some(Write::Decode(lenient)),
    }
}

/// Parses every row of `rows` into its pairs: `list<struct<key, value>>` (or `map`).
///
/// # Errors
/// [`BatchError::Row`] for the first row that does not decode under [`OnError::Raise`];
/// [`BatchError::Overflow`] when `P` cannot index the output; [`BatchError::BadOffsets`].
pub fn parse<O: Offset, P: Offset>(
    parser: &Parser,
    rows: &Rows<'_, O>,
    on_error: OnError,
) -> Result<List<P, Pairs<P>>, BatchError> {
    let n = rows.len();
    let text = all_text(rows);
    let lenient = parser.lenient();
    let bytes = rows.value_bytes_from(0);
    let items = Pairs {
        keys: Output::with_capacity(n, bytes / 2),
        values: Output::with_capacity(n, bytes / 2),
    };
    let mut out = List::<P, Pairs<P>>::new(n, items);
    for i in 0..n {
        let Some(row) = rows.row(i)? else {
            out.end_row(i, false, out.items.keys.len())?;
            continue;
        };
        let mark = Mark::of(&out.items);
        let mut result = parse_row(Write::Decode(parser), parser, row, i, text, &mut out.items);
        if let Err(Stop::Decode(e)) = result {
            mark.restore(&mut out.items);
            let Some(write) = fallback(on_error, &lenient) else {
                if on_error == OnError::Raise {
                    return Err(row_error(i, row, RowError::Decode(e)));
                }
                out.end_row(i, false, out.items.keys.len())?;
                continue;
            };
            result = parse_row(write, parser, row, i, text, &mut out.items);
            if let Err(Stop::Decode(_)) = result {
                // Lenient decoding found something only keeping can write (a policy that
                // keeps bytes that are not UTF-8).
                mark.restore(&mut out.items);
                result = parse_row(Write::Keep, parser, row, i, text, &mut out.items);
            }
        }
        match result {
            Ok(()) => out.end_row(i, true, out.items.keys.len())?,
            Err(Stop::Batch(e)) => return Err(e),
            Err(Stop::Decode(e)) => return Err(row_error(i, row, RowError::Decode(e))),
        }
    }
    Ok(out.finish())
}

/// Where the pair columns ended before a row, to drop what a failed row wrote.
struct Mark {
    items: usize,
    keys: usize,
    values: usize,
}

impl Mark {
    fn of<P: Offset>(p: &Pairs<P>) -> Mark {
        Mark {
            items: p.keys.offsets.len(),
            keys: p.keys.values.len(),
            values: p.values.values.len(),
        }
    }

    fn restore<P: Offset>(&self, p: &mut Pairs<P>) {
        p.keys.offsets.truncate(self.items);
        p.values.offsets.truncate(self.items);
        p.keys.values.truncate(self.keys);
        p.values.values.truncate(self.values);
    }
}

fn parse_row<P: Offset>(
    write: Write<'_>,
    parser: &Parser,
    row: &[u8],
    i: usize,
    text: bool,
    out: &mut Pairs<P>,
) -> Result<(), Stop> {
    for p in parser.raw_pairs(row) {
        write.part(p.name, p.name_marks, p.name_at, text, &mut out.keys.values)?;
        end_item(&mut out.keys, i)?;
        write.part(p.value, p.value_marks, p.value_at, text, &mut out.values.values)?;
        end_item(&mut out.values, i)?;
    }
    Ok(())
}

/// The value of the first pair named `key` in every row (a `string` column): null where the
/// row is null, has no query or no such name.
///
/// # Errors
/// As [`parse`], for the picked values only.
pub fn first<O: Offset, P: Offset>(
    parser: &Parser,
    rows: &Rows<'_, O>,
    key: &str,
    on_error: OnError,
) -> Result<Output<P>, BatchError> {
    let n = rows.len();
    let text = all_text(rows);
    let lenient = parser.lenient();
    let mut out = Output::<P>::with_capacity(n, rows.value_bytes_from(0) / 8);
    let mut scratch = Vec::new();
    for i in 0..n {
        let Some(row) = rows.row(i)? else {
            out.end_row(i, false)?;
            continue;
        };
        let mut pairs = parser.raw_pairs(row);
        let Some(p) = pairs.find(|p| parser.name_is(p, key.as_bytes(), text, &mut scratch)) else {
            out.end_row(i, false)?;
            continue;
        };
        let valid = pick_value(parser, &lenient, &p, row, i, text, on_error, &mut out.values)?;
        out.end_row(i, valid)?;
    }
    Ok(out.finish())
}

/// Appends the value of `p` under `on_error`; whether the row stays present.
#[allow(clippy::too_many_arguments)]
#[inline]
fn pick_value(
    parser: &Parser,
    lenient: &Parser,
    p: &RawPair<'_>,
    row: &[u8],
    i: usize,
    text: bool,
    on_error: OnError,
    out: &mut Vec<u8>,
) -> Result<bool, BatchError> {
    let Err(e) = parser.decode_append(p.value, p.value_marks, p.value_at, text, out) else {
        return Ok(true);
    };
    match on_error {
        OnError::Raise => Err(row_error(i, row, RowError::Decode(e))),
        OnError::Null => Ok(false),
        OnError::Keep => {
            push_lossy(p.value, out);
            Ok(true)
        }
        OnError::Replace => {
            if lenient.decode_append(p.value, p.value_marks, p.value_at, text, out).is_err() {
                push_lossy(p.value, out);
            }
            Ok(true)
        }
    }
}

/// The values of every pair named `key` in every row (a `list<string>` column): null where
/// the row is null, empty where it has no query or no such name.
///
/// # Errors
/// As [`parse`], for the picked values only; under [`OnError::Null`] a row with a value that
/// does not decode becomes null as a whole.
pub fn all<O: Offset, P: Offset>(
    parser: &Parser,
    rows: &Rows<'_, O>,
    key: &str,
    on_error: OnError,
) -> Result<List<P, Output<P>>, BatchError> {
    let n = rows.len();
    let text = all_text(rows);
    let lenient = parser.lenient();
    let mut out = List::<P, Output<P>>::new(n, Output::with_capacity(n, 0));
    let mut scratch = Vec::new();
    for i in 0..n {
        let Some(row) = rows.row(i)? else {
            out.end_row(i, false, out.items.len())?;
            continue;
        };
        let (items, bytes) = (out.items.offsets.len(), out.items.values.len());
        let mut valid = true;
        for p in parser.raw_pairs(row) {
            if parser.name_is(&p, key.as_bytes(), text, &mut scratch) {
                valid = pick_value(
                    parser,
                    &lenient,
                    &p,
                    row,
                    i,
                    text,
                    on_error,
                    &mut out.items.values,
                )?;
                if !valid {
                    break;
                }
                end_item(&mut out.items, i)?;
            }
        }
        if !valid {
            out.items.offsets.truncate(items);
            out.items.values.truncate(bytes);
        }
        out.end_row(i, valid, out.items.len())?;
    }
    Ok(out.finish())
}

/// A column of pair lists to build queries from: Arrow's `list<struct<key, value>>` or
/// `map<string, string>`, as its buffers. Row `i` holds pairs `offsets[i]..offsets[i + 1]`;
/// pair `j` is row `j` of `keys` and of `values` (string columns with offsets `O`, which may
/// differ from the list's `L`).
#[derive(Clone, Copy, Debug)]
pub struct PairRows<'a, L: Offset, O: Offset> {
    offsets: &'a [L],
    validity: Option<Validity<'a>>,
    keys: Rows<'a, O>,
    values: Rows<'a, O>,
}

impl<'a, L: Offset, O: Offset> PairRows<'a, L, O> {
    /// Rows over the list `offsets` (one more than the rows) and the pairs' `keys` and
    /// `values`, none of the rows null.
    pub fn new(offsets: &'a [L], keys: Rows<'a, O>, values: Rows<'a, O>) -> Self {
        PairRows { offsets, validity: None, keys, values }
    }

    /// The same rows, with the nulls of an Arrow validity bitmap that starts at bit `offset`.
    pub fn with_validity(mut self, bits: &'a [u8], offset: usize) -> Self {
        self.validity = Some(Validity { bits, offset });
        self
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Builds one query string per row of `rows` (a `string` column): the pairs joined by `&`,
/// each `name=value` escaped by `builder`'s profile. A null row gives null, an empty list
/// `""`; a pair whose name or value is null is left out (a form has no null field).
///
/// ```
/// use pctenc::batch::Rows;
/// use pctenc::query::{column::{self, PairRows}, Builder};
/// use pctenc::profile::whatwg::FORM;
///
/// let keys = Rows::new(&[0i32, 1, 2, 3], b"qnq");
/// let values = Rows::new(&[0i32, 3, 4, 6], b"a b1&c");
/// let rows = PairRows::new(&[0i32, 2, 2, 3], keys, values); // [(q, "a b"), (n, 1)], [], [(q, "&c")]
/// let out = column::build::<i32, i32, i32>(&Builder::new(FORM).unwrap(), &rows).unwrap();
/// assert_eq!(out.values, b"q=a+b&n=1q=%26c");
/// assert_eq!(out.offsets, [0, 9, 9, 15]);
/// ```
///
/// # Errors
/// [`BatchError::Overflow`] when `P` cannot index the output; [`BatchError::BadOffsets`] for
/// list offsets outside the pairs, or string offsets outside their values.
pub fn build<L: Offset, O: Offset, P: Offset>(
    builder: &Builder,
    rows: &PairRows<'_, L, O>,
) -> Result<Output<P>, BatchError> {
    let n = rows.len();
    let pairs = rows.keys.len().min(rows.values.len());
    let size = rows.keys.value_bytes_from(0) + rows.values.value_bytes_from(0);
    let mut out = Output::<P>::with_capacity(n, size + size / 2 + 2 * pairs);
    let mut scratch = alloc::string::String::new();
    for i in 0..n {
        if rows.validity.is_some_and(|v| !v.get(i)) {
            out.end_row(i, false)?;
            continue;
        }
        let bad = || BatchError::BadOffsets { row: i };
        let from = rows.offsets[i].to_usize().ok_or_else(bad)?;
        let to = rows.offsets[i + 1].to_usize().ok_or_else(bad)?;
        if from > to || to > pairs {
            return Err(bad());
        }
        let start = out.values.len();
        for j in from..to {
            let (Some(k), Some(v)) = (rows.keys.row(j)?, rows.values.row(j)?) else {
                continue;
            };
            if out.values.len() > start {
                out.values.push(b'&');
            }
            builder.append_part(k, &mut out.values, &mut scratch);
            out.values.push(b'=');
            builder.append_part(v, &mut out.values, &mut scratch);
        }
        out.end_row(i, true)?;
    }
    Ok(out.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{rfc3986::RFC3986, whatwg::FORM};
    use crate::query::Input;
    use alloc::string::ToString;
    use alloc::vec;

    fn column(rows: &[&[u8]]) -> (Vec<i64>, Vec<u8>) {
        let mut offsets = vec![0i64];
        let mut values = Vec::new();
        for r in rows {
            values.extend_from_slice(r);
            offsets.push(values.len() as i64);
        }
        (offsets, values)
    }

    #[test]
    fn policies_per_row() {
        let (offsets, values) = column(&[b"a=%zz&b=1", b"b=2", b"\xff=%FF"]);
        let rows = Rows::new(&offsets, &values);
        let p = Parser::new(RFC3986).input(Input::Form);
        let e = parse::<i64, i32>(&p, &rows, OnError::Raise).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"row 0, byte 2: invalid-escape at "%zz&b=1": invalid escape at byte 2: '%' is not followed by two hex digits"#
        );
        let out = parse::<i64, i32>(&p, &rows, OnError::Null).unwrap();
        assert_eq!((out.offsets.as_slice(), out.null_count), (&[0, 0, 1, 1][..], 2));
        assert_eq!((out.len(), out.is_empty()), (3, false));
        let none = parse::<i64, i32>(&p, &Rows::new(&[0i64], &[]), OnError::Raise).unwrap();
        assert_eq!((none.len(), none.is_empty()), (0, true));
        assert_eq!(out.validity, Some(vec![0b010]));
        let out = parse::<i64, i32>(&p, &rows, OnError::Keep).unwrap();
        assert_eq!(out.items.keys.values, "abb\u{FFFD}".as_bytes());
        assert_eq!(out.items.values.values, b"%zz12%FF");
        let out = parse::<i64, i32>(&p, &rows, OnError::Replace).unwrap();
        assert_eq!(out.items.values.values, "%zz12\u{FFFD}".as_bytes());
        // Picking 'b' reads past the bad value of 'a'.
        let b = first::<i64, i32>(&p, &rows, "b", OnError::Raise).unwrap();
        assert_eq!((b.values.as_slice(), b.null_count), (&b"12"[..], 1));
        let e = first::<i64, i32>(&p, &rows, "\u{FFFD}", OnError::Raise);
        assert_eq!(
            e,
            Ok(Output {
                offsets: vec![0, 0, 0, 0],
                values: vec![],
                validity: Some(vec![0]),
                null_count: 3
            })
        );
    }

    #[test]
    fn all_values_and_nulls() {
        let (offsets, values) = column(&[b"/?a=1&a&b=2&a=%zz", b"/", b"", b"/?a=x"]);
        let bits = [0b1011u8];
        let rows = Rows::new(&offsets, &values).with_validity(&bits, 0);
        let strict = Parser::new(RFC3986).input(Input::Url);
        let out = all::<i64, i64>(&strict, &rows, "a", OnError::Null).unwrap();
        assert_eq!(out.offsets, [0, 0, 0, 0, 1]);
        assert_eq!((out.is_valid(0), out.is_valid(1), out.is_valid(2)), (false, true, false));
        let out = all::<i64, i64>(&strict, &rows, "a", OnError::Keep).unwrap();
        assert_eq!(
            (out.offsets.as_slice(), out.items.values.as_slice()),
            (&[0, 3, 3, 3, 4][..], &b"1%zzx"[..])
        );
        assert_eq!(out.items.offsets, [0, 1, 1, 4, 5]);
    }

    #[test]
    fn overflow_and_bad_offsets() {
        let values = [b'a'; 200];
        let rows = Rows::new(&[0i32, 100, 200], &values);
        let p = Parser::new(FORM).input(Input::Form);
        assert_eq!(
            parse::<i32, i8>(&p, &rows, OnError::Raise),
            Err(BatchError::Overflow { row: 1, bytes: 200 })
        );
        assert!(parse::<i32, i64>(&p, &rows, OnError::Raise).is_ok());
        let keys = Rows::new(&[0i32, 1], b"k");
        let pairs = PairRows::new(&[0i32, 2], keys, keys);
        assert_eq!((pairs.len(), pairs.is_empty()), (1, false));
        assert!(PairRows::new(&[0i32], keys, keys).is_empty());
        let b = Builder::new(FORM).unwrap();
        assert_eq!(build::<i32, i32, i32>(&b, &pairs), Err(BatchError::BadOffsets { row: 0 }));
    }

    #[test]
    fn binary_rows_that_cut_characters_are_checked() {
        // "é" split across two rows: the span is UTF-8, each row is not.
        let rows = Rows::new(&[0i32, 3, 6], b"a=\xc3\xa9=b");
        assert!(!all_text(&rows));
        assert!(all_text(&Rows::new(&[0i32, 4, 6], b"a=\xc3\xa9=b")));
        let p = Parser::new(FORM).input(Input::Form);
        let out = parse::<i32, i32>(&p, &rows, OnError::Raise).unwrap();
        assert_eq!(out.items.values.values, "\u{FFFD}b".as_bytes());
        assert_eq!(out.items.keys.values, "a\u{FFFD}".as_bytes());
    }
}
