//! Batches: a whole column of rows in one call, in the layout columnar engines use.
//!
//! Arrow, Polars, DuckDB and Spark hold a column of strings as one `values` buffer of bytes
//! and an `offsets` buffer: row `i` is `values[offsets[i]..offsets[i + 1]]`, and a validity
//! bitmap says which rows are null. Calling the codec once per row from Python or the JVM
//! costs more than the codec itself; this module takes the buffers as they are (no copy),
//! runs the profile over every row, and writes the result in the same layout: one call per
//! batch, and the caller's engine hands the buffers back to its users.
//!
//! ```
//! use pctenc::batch::{self, OnError, Rows};
//! use pctenc::profile::rfc3986::RFC3986;
//!
//! let values = b"a%20bc%2Fd%zz";
//! let offsets: [i32; 4] = [0, 5, 10, 13]; // "a%20b", "c%2Fd", "%zz"
//! let rows = Rows::new(&offsets, values);
//! let d = batch::Decode::new(RFC3986).text();
//!
//! // One bad row stops the batch and says where: row index, byte offset in the row.
//! let err = d.run::<i32, i32>(&rows, OnError::Raise).unwrap_err();
//! assert_eq!(err.to_string(), r#"row 2, byte 0: invalid-escape at "%zz": invalid escape at byte 0: '%' is not followed by two hex digits"#);
//!
//! // Or that row becomes null, and the others are decoded.
//! let out = d.run::<i32, i32>(&rows, OnError::Null).unwrap();
//! assert_eq!(out.offsets, [0, 3, 6, 6]);
//! assert_eq!(out.values, b"a bc/d");
//! assert_eq!(out.is_valid(2), false);
//! ```
//!
//! # Why the output offsets are a type parameter
//!
//! Arrow's `string` type has 32-bit offsets: at most 2 GiB of values. Encoding can triple the
//! input, so a `string` column in does not promise a `string` column out. The run stops with
//! [`BatchError::Overflow`] as soon as the output passes what `P` can index, and the caller
//! runs again with 64-bit offsets (Arrow's `large_string`), so nothing is lost or truncated.
//!
//! # Errors per row
//!
//! [`OnError`] is the per-row policy: stop the batch ([`OnError::Raise`]), make the row null,
//! keep it as it was, or decode it leniently with U+FFFD in place of bytes that are not UTF-8.
//! Null rows stay null, and the output always has as many rows as the input.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::decode::utf8::{self, is_utf8};
use crate::decode::with_policy;
use crate::error::{DecodeError, EncodeError};
use crate::kernel::{self, scalar};
use crate::lint::escape_preview;
use crate::profile::{Decoding, Malformed, Profile, Unit, Utf8};

/// An offset type of a column: `i32` (Arrow `string`, `binary`) or `i64` (`large_string`,
/// `large_binary`).
pub trait Offset: Copy + Default + fmt::Debug + sealed::Sealed {
    /// The offset as an index; `None` if negative or past `usize`.
    fn to_usize(self) -> Option<usize>;
    /// `n` as an offset; `None` if it does not fit.
    fn from_usize(n: usize) -> Option<Self>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
    #[cfg(test)]
    impl Sealed for i8 {}
}

/// Offsets small enough to overflow in a test (Arrow has no such type).
#[cfg(test)]
impl Offset for i8 {
    fn to_usize(self) -> Option<usize> {
        usize::try_from(self).ok()
    }
    fn from_usize(n: usize) -> Option<Self> {
        i8::try_from(n).ok()
    }
}

impl Offset for i32 {
    #[inline]
    fn to_usize(self) -> Option<usize> {
        usize::try_from(self).ok()
    }
    #[inline]
    fn from_usize(n: usize) -> Option<Self> {
        i32::try_from(n).ok()
    }
}

impl Offset for i64 {
    #[inline]
    fn to_usize(self) -> Option<usize> {
        usize::try_from(self).ok()
    }
    #[inline]
    fn from_usize(n: usize) -> Option<Self> {
        i64::try_from(n).ok()
    }
}

/// A validity bitmap in Arrow's layout: bit `offset + i` (least significant bit first) is 1
/// when row `i` is present, 0 when it is null.
#[derive(Clone, Copy, Debug)]
pub struct Validity<'a> {
    pub(crate) bits: &'a [u8],
    pub(crate) offset: usize,
}

impl Validity<'_> {
    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        let bit = self.offset + i;
        self.bits.get(bit / 8).is_some_and(|b| b >> (bit % 8) & 1 == 1)
    }
}

/// The input column: `len()` rows, row `i` is `values[offsets[i]..offsets[i + 1]]`.
///
/// Offsets need not start at 0 (a sliced Arrow array keeps its parent's buffers), but they
/// must not decrease and must stay inside `values`; a row that breaks this is an error
/// ([`BatchError::BadOffsets`]), never a panic.
#[derive(Clone, Copy, Debug)]
pub struct Rows<'a, O: Offset> {
    pub(crate) offsets: &'a [O],
    pub(crate) values: &'a [u8],
    validity: Option<Validity<'a>>,
}

impl<'a, O: Offset> Rows<'a, O> {
    /// Rows over `offsets` (one more than the number of rows) and `values`, none of them null.
    pub fn new(offsets: &'a [O], values: &'a [u8]) -> Self {
        Rows { offsets, values, validity: None }
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

    /// Bytes from row `i`'s start to the last row's end (a size hint).
    pub(crate) fn value_bytes_from(&self, i: usize) -> usize {
        let first = self.offsets.get(i).and_then(|o| o.to_usize()).unwrap_or(0);
        let last = self.offsets.last().and_then(|o| o.to_usize()).unwrap_or(0);
        last.saturating_sub(first)
    }

    /// Row `i`: `Ok(None)` if null.
    #[inline]
    pub(crate) fn row(&self, i: usize) -> Result<Option<&'a [u8]>, BatchError> {
        if let Some(v) = &self.validity {
            if !v.get(i) {
                return Ok(None);
            }
        }
        let bad = || BatchError::BadOffsets { row: i };
        let start = self.offsets[i].to_usize().ok_or_else(bad)?;
        let end = self.offsets[i + 1].to_usize().ok_or_else(bad)?;
        self.values.get(start..end).map(Some).ok_or_else(bad)
    }
}

/// What happens to a row that does not decode (or, encoding, cannot be written as text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnError {
    /// Stop: the batch fails with [`BatchError::Row`], naming the row and the byte.
    Raise,
    /// The row becomes null (as SQL's `try_url_decode`).
    Null,
    /// The row is written as it was in the input (as text, with U+FFFD for bytes that are
    /// not UTF-8 when the output is text).
    Keep,
    /// The row is decoded leniently: a malformed `%` is kept as it is, and bytes that are not
    /// UTF-8 become U+FFFD when the output is text.
    Replace,
}

impl OnError {
    /// Every policy, in the order of its words in the options table
    /// ([`words::ON_ERROR`](crate::options::words::ON_ERROR)).
    const ALL: [OnError; 4] = [OnError::Raise, OnError::Null, OnError::Keep, OnError::Replace];

    /// The policy's word (`raise`, `null`, `keep`, `replace`).
    pub const fn name(self) -> &'static str {
        crate::options::words::ON_ERROR[self as usize].name
    }

    /// The policy called `name` (ASCII case ignored).
    pub fn by_name(name: &str) -> Option<OnError> {
        OnError::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// Every policy's name, in the order [`OnError::by_name`] knows them.
    pub const NAMES: &'static [&'static str] = &[
        OnError::Raise.name(),
        OnError::Null.name(),
        OnError::Keep.name(),
        OnError::Replace.name(),
    ];
}

/// The output column, in the input's layout with offsets of type `P`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output<P: Offset> {
    /// One more than the number of rows, starting at 0.
    pub offsets: Vec<P>,
    /// The rows' bytes, one after the other (UTF-8 when the run was asked for text).
    pub values: Vec<u8>,
    /// Arrow validity bitmap (least significant bit first), `None` when no row is null.
    pub validity: Option<Vec<u8>>,
    /// How many rows are null.
    pub null_count: usize,
}

impl<P: Offset> Output<P> {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether row `i` is present (not null).
    pub fn is_valid(&self, i: usize) -> bool {
        self.validity.as_ref().is_none_or(|v| v[i / 8] >> (i % 8) & 1 == 1)
    }

    /// Row `i`'s bytes (empty for a null row).
    pub fn row(&self, i: usize) -> &[u8] {
        let (a, b) = (self.offsets[i].to_usize(), self.offsets[i + 1].to_usize());
        &self.values[a.unwrap_or(0)..b.unwrap_or(0)]
    }

    /// Whether the output is text as Arrow's `string` type requires: offsets that start at
    /// zero or more, never decrease and stay inside `values`, the bytes they span UTF-8, and
    /// every row starting on a character boundary. SIMD-checked with the `simd` feature,
    /// where Arrow's own check (`StringArray::try_new`) runs std's validator: on a decoded
    /// URL column that check took as long as the decoding, so a front end asks this and
    /// builds its array without checking again.
    ///
    /// ```
    /// use pctenc::batch::{Decode, OnError, Output, Rows};
    /// use pctenc::Utf8;
    /// let bytes = Decode::new(pctenc::profile::rfc3986::RFC3986).utf8(Utf8::Bytes);
    /// let rows = Rows::new(&[0i32, 9, 10], b"caf%C3%A9x".as_slice());
    /// let out: Output<i32> = bytes.run(&rows, OnError::Raise).unwrap();
    /// assert!(out.is_text());
    /// // U+00E9 split across two rows: UTF-8 as a whole, but the second row is not text.
    /// let rows = Rows::new(&[0i32, 3, 6], b"%C3%A9".as_slice());
    /// let out: Output<i32> = bytes.run(&rows, OnError::Raise).unwrap();
    /// assert_eq!(out.values, [0xC3, 0xA9]);
    /// assert!(!out.is_text());
    /// ```
    pub fn is_text(&self) -> bool {
        let index = |o: &P| o.to_usize().filter(|&o| o <= self.values.len());
        let (Some(first), Some(last)) =
            (self.offsets.first().and_then(index), self.offsets.last().and_then(index))
        else {
            return false;
        };
        let mut previous = first;
        for o in &self.offsets {
            let Some(o) = index(o) else { return false };
            // A continuation byte (0b10xx_xxxx) where a row starts splits a character.
            if o < previous || (o < last && (self.values[o] as i8) < -0x40) {
                return false;
            }
            previous = o;
        }
        crate::decode::utf8::is_utf8(&self.values[first..last])
    }

    /// An empty output (no rows yet), to be filled by [`Decode::run_into`] or
    /// [`encode_into`].
    pub fn new() -> Self {
        Self::with_capacity(0, 0)
    }

    pub(crate) fn with_capacity(rows: usize, bytes: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(P::default());
        Output { offsets, values: Vec::with_capacity(bytes), validity: None, null_count: 0 }
    }

    /// Ends row `i` (written or null) at the current end of `values`.
    #[inline]
    pub(crate) fn end_row(&mut self, i: usize, valid: bool) -> Result<(), BatchError> {
        let Some(end) = P::from_usize(self.values.len()) else {
            // Leave the output as it was before row `i`, so that it can be widened and the
            // run resumed there.
            let bytes = self.values.len();
            let before = self.offsets.last().and_then(|o| o.to_usize()).unwrap_or(0);
            self.values.truncate(before);
            return Err(BatchError::Overflow { row: i, bytes });
        };
        self.offsets.push(end);
        if !valid {
            // The bitmap reaches the last null row so far; `finish` sizes it to every row.
            let bits = self.validity.get_or_insert_with(Vec::new);
            let byte = i / 8;
            if bits.len() <= byte {
                bits.resize(byte + 1, 0xFF);
            }
            bits[byte] &= !(1 << (i % 8));
            self.null_count += 1;
        }
        Ok(())
    }

    /// Where row `i` starts in `values`.
    fn row_start(&self, i: usize) -> usize {
        self.offsets.get(i).and_then(|o| o.to_usize()).unwrap_or(self.values.len())
    }

    /// Drops rows `from..`, so that they can be written again.
    fn truncate_rows(&mut self, from: usize) {
        if let Some(bits) = &self.validity {
            let nulls = (from..self.len())
                .filter(|&r| bits.get(r / 8).is_some_and(|b| b >> (r % 8) & 1 == 0))
                .count();
            self.null_count -= nulls;
        }
        let end = self.row_start(from);
        self.offsets.truncate(from + 1);
        self.values.truncate(end);
    }

    /// Sizes the validity bitmap (if any) to the final number of rows, unused bits 0; call
    /// it once the last `run_into` / `encode_into` is done.
    pub fn finish(mut self) -> Self {
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

impl<P: Offset> Default for Output<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl Output<i32> {
    /// The same rows with 64-bit offsets: what a run that stopped with
    /// [`BatchError::Overflow`] resumes into (the rows before the one that overflowed are
    /// kept, and [`Decode::run_into`] / [`encode_into`] go on from that row).
    pub fn widen(self) -> Output<i64> {
        Output {
            offsets: self.offsets.into_iter().map(i64::from).collect(),
            values: self.values,
            validity: self.validity,
            null_count: self.null_count,
        }
    }
}

/// Why a batch stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// Row `row` does not decode (or encode), under [`OnError::Raise`].
    Row {
        /// The row's index in the batch.
        row: usize,
        /// The byte offset in the row, and why.
        error: RowError,
        /// Up to 8 bytes of the row from the offset on, escaped for a terminal (`"%zz"`,
        /// with `...` after it when the row goes on).
        snippet: String,
    },
    /// The output passed the largest offset of its offset type after `bytes` bytes, in row
    /// `row`: run again with 64-bit offsets.
    Overflow {
        /// The row being written.
        row: usize,
        /// The output's size at that point.
        bytes: usize,
    },
    /// Row `row`'s offsets decrease or point outside the values buffer.
    BadOffsets {
        /// The row's index.
        row: usize,
    },
}

/// What was wrong with one row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowError {
    /// Decoding failed.
    Decode(DecodeError),
    /// The encoded row is not text (a profile that keeps non-ASCII, over bytes that are not
    /// UTF-8).
    Encode(EncodeError),
}

impl RowError {
    /// The byte offset in the row.
    pub const fn offset(&self) -> usize {
        match self {
            RowError::Decode(e) => e.offset(),
            RowError::Encode(e) => e.offset,
        }
    }

    /// A stable kebab-case name: the decode error's [`code`](DecodeError::code), or
    /// `not-text` for an encoded row that is not UTF-8.
    pub const fn code(&self) -> &'static str {
        match self {
            RowError::Decode(e) => e.code(),
            RowError::Encode(_) => EncodeError::CODE,
        }
    }
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::Decode(e) => e.fmt(f),
            RowError::Encode(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Row { row, error, snippet } => write!(
                f,
                "row {row}, byte {}: {} at {snippet}: {error}",
                error.offset(),
                error.code()
            ),
            BatchError::Overflow { row, bytes } => write!(
                f,
                "row {row}: the output passed {bytes} bytes, more than 32-bit offsets can index"
            ),
            BatchError::BadOffsets { row } => {
                write!(f, "row {row}: its offsets decrease or point outside the values buffer")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BatchError {}

/// Decoded bytes checked as text at once on the fast path (see `Decode::fast`): enough for
/// the SIMD validator to run at full speed, little enough to stay in L1/L2 when it does.
const SETTLE_BYTES: usize = 16_384;

/// Bytes of the row that an error's snippet shows, from the error's offset on (every front
/// end's snippet: [`snippet`]).
pub const SNIPPET: usize = 8;

/// Up to 8 bytes of `row` from `offset`, quoted and escaped (as the CLI shows them).
pub fn snippet(row: &[u8], offset: usize) -> String {
    let rest = row.get(offset..).unwrap_or(&[]);
    let shown = &rest[..rest.len().min(SNIPPET)];
    let mut s = String::with_capacity(shown.len() + 8);
    s.push('"');
    s.push_str(&escape_preview(shown));
    s.push('"');
    if rest.len() > SNIPPET {
        s.push_str("...");
    }
    s
}

pub(crate) fn row_error(row: usize, bytes: &[u8], error: RowError) -> BatchError {
    BatchError::Row { row, snippet: snippet(bytes, error.offset()), error }
}

/// Whether `at` is a character boundary of `bytes`, valid UTF-8 (its end included): a
/// character never starts with a continuation byte (0x80 to 0xBF).
#[inline]
fn on_boundary(bytes: &[u8], at: usize) -> bool {
    bytes.get(at).is_none_or(|&b| (b as i8) >= -0x40)
}

/// Whether every offset of `offsets` is a character boundary of `bytes`.
pub(crate) fn on_boundaries<T: Offset>(offsets: &[T], bytes: &[u8]) -> bool {
    offsets.iter().all(|o| o.to_usize().is_some_and(|at| on_boundary(bytes, at)))
}

/// Whether one value's bytes are UTF-8, as the per-value paths check it: ASCII first (most
/// values of a column of URLs are), the validator only for the rest.
///
/// ```
/// assert!(pctenc::batch::is_text(b"https://example.com/caf\xc3\xa9"));
/// assert!(!pctenc::batch::is_text(b"https://example.com/caf\xc3"));
/// ```
#[inline]
pub fn is_text(bytes: &[u8]) -> bool {
    utf8::is_text(bytes)
}

/// Whether every byte of one value is ASCII, as [`is_text`] asks first: eight bytes at a time
/// with no early exit (std's `is_ascii` took more instructions on short values, and a byte
/// loop on the JVM's encoded results).
///
/// ```
/// assert!(pctenc::batch::is_ascii(b"https://example.com/a%20b"));
/// assert!(!pctenc::batch::is_ascii("https://example.com/caf\u{e9}".as_bytes()));
/// ```
#[inline]
pub fn is_ascii(bytes: &[u8]) -> bool {
    utf8::is_ascii(bytes)
}

/// Appends `bytes` as text: as they are if UTF-8, else with U+FFFD per maximal invalid
/// subpart.
pub(crate) fn push_lossy(bytes: &[u8], out: &mut Vec<u8>) {
    match core::str::from_utf8(bytes) {
        Ok(_) => out.extend_from_slice(bytes),
        Err(_) => out.extend_from_slice(String::from_utf8_lossy(bytes).as_bytes()),
    }
}

/// A decode run over batches: a profile, its decoding policy (the caller's overrides
/// applied), and whether the output must be text.
#[derive(Clone, Copy, Debug)]
pub struct Decode<'p> {
    profile: &'p Profile,
    decoding: Decoding,
    text: bool,
    /// Derived from the three above by [`Decode::derive`], so that a value's call only reads
    /// them: whether runs take the fast path ([`Decode::fast`]), and its decoding to bytes.
    fast: bool,
    raw: Decoding,
}

impl<'p> Decode<'p> {
    /// Decodes as `profile` does, to bytes unless its policy makes text.
    pub fn new(profile: &'p Profile) -> Self {
        let decoding = profile.decoding();
        Decode { profile, decoding, text: false, fast: false, raw: decoding }.derive()
    }

    /// Overrides the malformed-escape policy (`--strict` / `--lenient`).
    pub fn malformed(mut self, malformed: Malformed) -> Self {
        self.decoding.malformed = malformed;
        self.derive()
    }

    /// Overrides the UTF-8 policy of the output.
    pub fn utf8(mut self, utf8: Utf8) -> Self {
        self.decoding.utf8 = utf8;
        self.derive()
    }

    /// The output must be text (an Arrow `string` column): a policy that would let bytes
    /// that are not UTF-8 through ([`Utf8::Bytes`]) becomes [`Utf8::Strict`], and rows that
    /// are still not UTF-8 (raw bytes under the policies that keep escapes) are errors.
    pub fn text(mut self) -> Self {
        self.text = true;
        if self.decoding.utf8 == Utf8::Bytes {
            self.decoding.utf8 = Utf8::Strict;
        }
        self.derive()
    }

    /// Sets the fields derived from the profile and the policy (every builder ends here).
    fn derive(mut self) -> Self {
        self.fast = self.text
            && self.profile.unit() == crate::Unit::Byte
            && matches!(self.decoding.utf8, Utf8::Strict | Utf8::Lossy | Utf8::LossyJava);
        self.raw = Decoding { utf8: Utf8::Bytes, ..self.decoding };
        self
    }

    /// The decoding policy this run applies.
    pub fn decoding(&self) -> Decoding {
        self.decoding
    }

    /// Decodes every row of `rows` into a new column with offsets of type `P`.
    ///
    /// # Errors
    /// [`BatchError::Row`] for the first bad row under [`OnError::Raise`];
    /// [`BatchError::Overflow`] when `P` cannot index the output;
    /// [`BatchError::BadOffsets`] for offsets that do not describe rows of the values.
    pub fn run<O: Offset, P: Offset>(
        &self,
        rows: &Rows<'_, O>,
        on_error: OnError,
    ) -> Result<Output<P>, BatchError> {
        let mut out = Output::<P>::with_capacity(rows.len(), rows.value_bytes_from(0));
        self.run_into(rows, on_error, &mut out)?;
        Ok(out.finish())
    }

    /// As [`Decode::run`], appending to `out` from row `out.len()` of `rows` on: how a run
    /// that overflowed 32-bit offsets resumes with 64-bit ones ([`Output::widen`]) without
    /// decoding its first rows again. The output's validity bitmap may be shorter or longer
    /// than its rows until [`Output::finish`].
    ///
    /// # Errors
    /// As [`Decode::run`]; on [`BatchError::Overflow`], `out` holds the rows before it.
    pub fn run_into<O: Offset, P: Offset>(
        &self,
        rows: &Rows<'_, O>,
        on_error: OnError,
        out: &mut Output<P>,
    ) -> Result<(), BatchError> {
        self.run_into_checked(rows, on_error, out).map(|_| ())
    }

    /// As [`Decode::run_into`], answering whether the run checked every row it wrote (rows
    /// `out.len()..` at the call) as text itself, as [`Output::is_text`] would check them:
    /// the decoded bytes UTF-8 and each row starting on a character boundary, checked by
    /// the SIMD validator a stretch of rows at a time while they are in cache; the offsets
    /// are the ends of the rows as they were written, so they start at the end of the rows
    /// before, never decrease and stay inside `values`.
    ///
    /// `true` only on the fast path ([`Decode::text`] under a strict or lossy policy, byte
    /// unit) where no row needed the policy's repair or `on_error` (a row made null still
    /// counts: it writes nothing). Where it is `false` nothing is wrong; the rows are text
    /// where the run asked for text, but by construction, not by a check: a front end that
    /// builds a `string` array without Arrow's own check (`pctenc-py`) checks
    /// [`Output::is_text`] then, and needs no second pass over the column otherwise.
    ///
    /// ```
    /// use pctenc::batch::{Decode, OnError, Output, Rows};
    /// let d = Decode::new(pctenc::profile::rfc3986::RFC3986).text();
    /// let good = Rows::new(&[0i32, 9, 12], b"caf%C3%A9a+b".as_slice());
    /// let mut out = Output::<i32>::new();
    /// assert_eq!(d.run_into_checked(&good, OnError::Raise, &mut out), Ok(true));
    /// // `%zz` does not decode: the row kept as it was is text, but not checked by the run.
    /// let bad = Rows::new(&[0i32, 9, 12], b"caf%C3%A9%zz".as_slice());
    /// let mut out = Output::<i32>::new();
    /// assert_eq!(d.run_into_checked(&bad, OnError::Keep, &mut out), Ok(false));
    /// assert!(out.is_text());
    /// ```
    ///
    /// # Errors
    /// As [`Decode::run_into`].
    pub fn run_into_checked<O: Offset, P: Offset>(
        &self,
        rows: &Rows<'_, O>,
        on_error: OnError,
        out: &mut Output<P>,
    ) -> Result<bool, BatchError> {
        let n = rows.len();
        out.offsets.reserve(n.saturating_sub(out.len()));
        if !self.fast() {
            for i in out.len()..n {
                self.policy_row(rows, i, on_error, out)?;
            }
            return Ok(false);
        }
        // Whether every row so far is in a stretch that `settle` found text as a whole.
        let mut checked = true;
        // Rows `pending..` of `out` are decoded to bytes but not yet checked as text; they
        // start at byte `settle_from` of the output.
        let raw = self.raw;
        let mut pending = out.len();
        let mut settle_from = out.values.len();
        // Decoding never writes more than it reads under `Utf8::Bytes`: one reservation for
        // the whole batch (and the kernel's 64 bytes of room past a row) makes the kernel's
        // own per-row reservation a comparison.
        out.values.reserve(rows.value_bytes_from(pending) + 64);
        for i in out.len()..n {
            let row = match rows.row(i) {
                Ok(row) => row,
                Err(e) => {
                    // Errors are reported in row order: a pending row may fail first.
                    self.settle(rows, pending, on_error, out)?;
                    return Err(e);
                }
            };
            let step = match row {
                None => out.end_row(i, false),
                Some(row) => {
                    let start = out.values.len();
                    // Straight to the kernel: under `Utf8::Bytes` the public decode adds
                    // only a UTF-8 policy that does nothing.
                    match kernel::decode_vec(&raw, Unit::Byte, row, &mut out.values, true) {
                        Ok(_) => out.end_row(i, true),
                        Err(e) => {
                            // Settle what is pending first: errors are reported in row order.
                            out.values.truncate(start);
                            checked &= self.settle(rows, pending, on_error, out)?;
                            // The first error under the whole policy: invalid UTF-8 before
                            // the escape comes first (as `with_policy` says it).
                            let e = utf8::first_error(&self.decoding, Unit::Byte, row, e);
                            let before = out.values.len();
                            self.end_row(i, row, Err(e), on_error, out)?;
                            // What `keep` and `replace` write is text by construction.
                            checked &= out.values.len() == before;
                            pending = i + 1;
                            settle_from = out.values.len();
                            Ok(())
                        }
                    }
                }
            };
            if let Err(e) = step {
                // Overflow: the rows before `i` must be settled before the caller resumes.
                self.settle(rows, pending, on_error, out)?;
                return Err(e);
            }
            if out.values.len() - settle_from >= SETTLE_BYTES {
                checked &= self.settle(rows, pending, on_error, out)?;
                pending = i + 1;
                settle_from = out.values.len();
            }
        }
        let last = self.settle(rows, pending, on_error, out)?;
        Ok(checked && last)
    }

    /// Whether runs take the fast path: text out under a strict or lossy policy (Java's
    /// included: it differs from the others only on bytes that are not UTF-8), byte unit.
    ///
    /// Such a run decodes rows to bytes and checks a stretch of rows at once with a SIMD
    /// validator (short rows are where validators are slowest, and a column of URLs spent half
    /// its time there): when the stretch (and, strict, its input) is UTF-8, the bytes are
    /// exactly what the policy gives. A stretch that is not is checked row by row, each
    /// row's decoded bytes against its input, which finds the error or repairs the bytes:
    /// a row is decoded once (twice under [`OnError::Replace`], whose lenient decoding is
    /// another decoding).
    #[inline]
    fn fast(&self) -> bool {
        self.fast
    }

    /// Checks rows `from..` of `out` (decoded to bytes) as text; if they are not all text,
    /// decodes them again one by one under the policy. Returns whether the check passed
    /// (the rows are as written, and text by that check, or there were none).
    fn settle<O: Offset, P: Offset>(
        &self,
        rows: &Rows<'_, O>,
        from: usize,
        on_error: OnError,
        out: &mut Output<P>,
    ) -> Result<bool, BatchError> {
        let to = out.len();
        if from >= to {
            return Ok(true);
        }
        let strict = self.decoding.utf8 == Utf8::Strict;
        let decoded_ok = is_utf8(&out.values[out.row_start(from)..]);
        let input_ok = !strict || {
            let span = rows.offsets[from].to_usize().zip(rows.offsets[to].to_usize());
            span.and_then(|(a, b)| rows.values.get(a..b)).is_some_and(is_utf8)
        };
        // Text as a whole is not text row by row when a character straddles two rows (`%C3`
        // then `%A9`): each row must also start on a character boundary in the output. That
        // holds for the input too: the raw decoding copies every byte that is not part of an
        // escape, so a row whose input starts inside a character starts its output with the
        // same continuation byte.
        let cuts_ok = || on_boundaries(&out.offsets[from + 1..to], &out.values);
        if decoded_ok && input_ok && cuts_ok() {
            return Ok(true);
        }
        // Row by row: each row's decoded bytes under the policy (no second decoding).
        let base = out.row_start(from);
        let decoded = out.values.split_off(base);
        let ends: Vec<usize> = out.offsets[from + 1..=to]
            .iter()
            .map(|o| o.to_usize().unwrap_or(base) - base)
            .collect();
        out.truncate_rows(from);
        let mut at = 0;
        for (i, &end) in (from..to).zip(&ends) {
            let bytes = decoded.get(at..end).unwrap_or_default();
            at = end;
            let Some(row) = rows.row(i)? else {
                out.end_row(i, false)?;
                continue;
            };
            let result = utf8::check(&self.decoding, Unit::Byte, row, bytes)
                .map(|repaired| out.values.extend_from_slice(repaired.as_deref().unwrap_or(bytes)));
            self.end_row(i, row, result, on_error, out)?;
        }
        Ok(false)
    }

    /// Decodes row `i` under the policy, applying `on_error`, and ends it in `out`.
    fn policy_row<O: Offset, P: Offset>(
        &self,
        rows: &Rows<'_, O>,
        i: usize,
        on_error: OnError,
        out: &mut Output<P>,
    ) -> Result<(), BatchError> {
        let Some(row) = rows.row(i)? else {
            return out.end_row(i, false);
        };
        match self.value_into(row, on_error, &mut out.values) {
            Ok(valid) => out.end_row(i, valid),
            Err(e) => Err(row_error(i, row, e)),
        }
    }

    /// Decodes one value under the policy, as a row of a batch, appending it to `out`:
    /// what front ends that take one value at a time (the JVM's per-row SQL functions) call,
    /// so that a value and a column row follow the same rules.
    ///
    /// Returns whether the value is present: `false` when `on_error` is [`OnError::Null`]
    /// and the value does not decode (nothing is appended then).
    ///
    /// ```
    /// use pctenc::batch::{Decode, OnError};
    /// let d = Decode::new(pctenc::profile::rfc3986::RFC3986).text();
    /// let mut out = Vec::new();
    /// assert_eq!(d.value_into(b"a%20b", OnError::Raise, &mut out), Ok(true));
    /// assert_eq!(d.value_into(b"%zz", OnError::Null, &mut out), Ok(false));
    /// assert_eq!(d.value_into(b"%zz", OnError::Raise, &mut out).unwrap_err().offset(), 0);
    /// assert_eq!(out, b"a b");
    /// ```
    ///
    /// # Errors
    /// [`RowError`] under [`OnError::Raise`] (`out` is left as it was).
    ///
    /// The fast path (text out under a strict or lossy policy, see [`Decode::run_into`]) is
    /// inlined into the caller, the kernel's one-step path for a short value with it; the
    /// rest of the policy is a call of its own.
    #[inline]
    pub fn value_into(
        &self,
        value: &[u8],
        on_error: OnError,
        out: &mut Vec<u8>,
    ) -> Result<bool, RowError> {
        if value.is_empty() {
            // Nothing to decode and nothing to check, under every policy.
            return Ok(true);
        }
        if self.fast {
            // As the column's fast path, for one value: decoded to bytes, which are what the
            // policy gives when they (and, strict, the input) are text; anything else (an
            // error, bytes to repair) is decoded again under the whole policy.
            let start = out.len();
            if kernel::decode_vec(&self.raw, Unit::Byte, value, out, true).is_ok()
                && is_text(&out[start..])
                && (self.decoding.utf8 != Utf8::Strict || is_text(value))
            {
                return Ok(true);
            }
            out.truncate(start);
        }
        self.value_under_policy(value, on_error, out)
    }

    /// [`Decode::value_into`] of a non-empty value under the whole policy, with no fast path.
    #[inline(never)]
    fn value_under_policy(
        &self,
        value: &[u8],
        on_error: OnError,
        out: &mut Vec<u8>,
    ) -> Result<bool, RowError> {
        let unit = self.profile.unit();
        // Policies whose output may still hold bytes that are not UTF-8.
        let check_text = self.text
            && !matches!(self.decoding.utf8, Utf8::Strict | Utf8::Lossy | Utf8::LossyJava);
        let start = out.len();
        let mut result = with_policy(unit, &self.decoding, value, out);
        if result.is_ok() && check_text {
            if let Err(e) = core::str::from_utf8(&out[start..]) {
                let offset = scalar::input_offset(&self.decoding, unit, value, e.valid_up_to());
                out.truncate(start);
                result = Err(DecodeError::InvalidUtf8 { offset });
            }
        }
        self.finish(value, result, on_error, out)
    }

    /// Ends row `i` (`row` in the input), whose decoding (appended to `out` where it
    /// succeeded) gave `result`, applying `on_error` to an error.
    fn end_row<P: Offset>(
        &self,
        i: usize,
        row: &[u8],
        result: Result<(), DecodeError>,
        on_error: OnError,
        out: &mut Output<P>,
    ) -> Result<(), BatchError> {
        match self.finish(row, result, on_error, &mut out.values) {
            Ok(valid) => out.end_row(i, valid),
            Err(e) => Err(row_error(i, row, e)),
        }
    }

    /// Applies `on_error` to `result`, the decoding of `value` (appended to `out` where it
    /// succeeded); returns whether the value is present.
    fn finish(
        &self,
        value: &[u8],
        result: Result<(), DecodeError>,
        on_error: OnError,
        out: &mut Vec<u8>,
    ) -> Result<bool, RowError> {
        match result {
            Ok(()) => Ok(true),
            Err(e) => match on_error {
                OnError::Raise => Err(RowError::Decode(e)),
                OnError::Null => Ok(false),
                OnError::Keep if self.text => {
                    push_lossy(value, out);
                    Ok(true)
                }
                OnError::Keep => {
                    out.extend_from_slice(value);
                    Ok(true)
                }
                OnError::Replace => {
                    self.replace(value, out);
                    Ok(true)
                }
            },
        }
    }

    /// The lenient decoding of `row` ([`OnError::Replace`]); never fails.
    fn replace(&self, row: &[u8], out: &mut Vec<u8>) {
        let utf8 = match self.decoding.utf8 {
            Utf8::Bytes if !self.text => Utf8::Bytes,
            Utf8::LossyJava => Utf8::LossyJava,
            _ => Utf8::Lossy,
        };
        let malformed = match self.decoding.malformed {
            Malformed::Reject | Malformed::RejectSigned => Malformed::PassThrough,
            kept => kept,
        };
        let lenient = Decoding { malformed, utf8, ..self.decoding };
        let start = out.len();
        if with_policy(self.profile.unit(), &lenient, row, out).is_err() {
            // Pass-through decoding with a lossy policy has no error left; keep the row if
            // a profile ever finds one.
            out.truncate(start);
            push_lossy(row, out);
        }
    }
}

/// Encodes every row of `rows` with `profile` into a new column with offsets of type `P`.
///
/// Each row is encoded as [`Profile::try_encode`] encodes one value: a row that is not text
/// where the profile's input must be ([`Utf8::Strict`]: `js-component`, as
/// `encodeURIComponent` throws) fails, and so does a row a profile that keeps non-ASCII
/// (`iri`) would write as bytes that are not UTF-8. A failing row is an error under
/// [`OnError::Raise`], null under [`OnError::Null`], and encoded from its lossy text
/// (U+FFFD) under the other two.
///
/// ```
/// use pctenc::batch::{encode, OnError, Rows};
/// let rows = Rows::new(&[0i64, 3, 6], b"a bc/d");
/// let out = encode::<i64, i32>(pctenc::profile::rfc3986::RFC3986, &rows, OnError::Raise).unwrap();
/// assert_eq!(out.values, b"a%20bc%2Fd");
/// assert_eq!(out.offsets, [0, 5, 10]);
/// ```
///
/// # Errors
/// As [`Decode::run`].
pub fn encode<O: Offset, P: Offset>(
    profile: &Profile,
    rows: &Rows<'_, O>,
    on_error: OnError,
) -> Result<Output<P>, BatchError> {
    let mut out = Output::<P>::with_capacity(rows.len(), 0);
    encode_into(profile, rows, on_error, &mut out)?;
    Ok(out.finish())
}

/// As [`encode`], appending to `out` from row `out.len()` of `rows` on (see
/// [`Decode::run_into`]).
///
/// # Errors
/// As [`encode`]; on [`BatchError::Overflow`], `out` holds the rows before it.
pub fn encode_into<O: Offset, P: Offset>(
    profile: &Profile,
    rows: &Rows<'_, O>,
    on_error: OnError,
    out: &mut Output<P>,
) -> Result<(), BatchError> {
    let n = rows.len();
    // URLs and text grow by a third to a half; room for twice the rest of the input saves the
    // copies of a vector that doubles (`pctenc.arrow` starts from an empty output), and pages
    // never written are never committed.
    out.values.reserve(rows.value_bytes_from(out.len()).saturating_mul(2));
    out.offsets.reserve(n.saturating_sub(out.len()));
    for i in out.len()..n {
        let Some(row) = rows.row(i)? else {
            out.end_row(i, false)?;
            continue;
        };
        match encode_value_into(profile, row, on_error, &mut out.values) {
            Ok(valid) => out.end_row(i, valid)?,
            Err(e) => return Err(row_error(i, row, e)),
        }
    }
    Ok(())
}

/// Encodes one value with `profile`, as a row of [`encode`], appending it to `out` (see
/// [`Decode::value_into`]). Returns whether the value is present.
///
/// ```
/// use pctenc::batch::{encode_value_into, OnError};
/// let mut out = Vec::new();
/// assert_eq!(encode_value_into(pctenc::profile::whatwg::FORM, b"a b", OnError::Raise, &mut out), Ok(true));
/// assert_eq!(out, b"a+b");
/// ```
///
/// # Errors
/// [`RowError::Encode`] under [`OnError::Raise`], for a value that is not text under a
/// profile whose input must be (`js-component`), or for a profile that keeps non-ASCII over
/// bytes that are not UTF-8 (`out` is left as it was).
///
/// A profile that encodes bytes as they are (every byte one unit, no input policy, nothing
/// kept but ASCII: most of them, Java's included) goes straight to the byte kernel, inlined
/// into the caller; the others are a call of their own.
#[inline]
pub fn encode_value_into(
    profile: &Profile,
    value: &[u8],
    on_error: OnError,
    out: &mut Vec<u8>,
) -> Result<bool, RowError> {
    if value.is_empty() {
        // Nothing to encode and nothing to check, under every profile.
        return Ok(true);
    }
    if profile.encodes_bytes_directly() {
        // Nothing can fail: what `Profile::encode_append_vec` does for such a profile.
        kernel::encode_append_vec(profile, value, out);
        return Ok(true);
    }
    encode_value_checked(profile, value, on_error, out)
}

/// [`encode_value_into`] of a non-empty value under a profile whose input or output is
/// checked.
#[inline(never)]
fn encode_value_checked(
    profile: &Profile,
    value: &[u8],
    on_error: OnError,
    out: &mut Vec<u8>,
) -> Result<bool, RowError> {
    let start = out.len();
    // A profile whose input must be text (js-component, as encodeURIComponent throws)
    // fails on a value that is not, as `Profile::try_encode` does.
    let mut failed = None;
    if profile.input_utf8() == Utf8::Strict && (profile.unit() == Unit::Latin1 || !is_utf8(value)) {
        match profile.try_encode(value) {
            Ok(s) => out.extend_from_slice(s.as_bytes()),
            Err(e) => failed = Some(e),
        }
    } else {
        profile.encode_append_vec(value, out);
        if profile.keeps_non_ascii() {
            if let Err(e) = core::str::from_utf8(&out[start..]) {
                out.truncate(start);
                let offset =
                    core::str::from_utf8(value).err().map_or(e.valid_up_to(), |e| e.valid_up_to());
                failed = Some(EncodeError { offset });
            }
        }
    }
    if let Some(e) = failed {
        match on_error {
            OnError::Raise => return Err(RowError::Encode(e)),
            OnError::Null => return Ok(false),
            OnError::Keep | OnError::Replace => {
                profile.encode_append_vec(String::from_utf8_lossy(value).as_bytes(), out)
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{rfc3986::RFC3986, whatwg::FORM};

    #[test]
    fn empty_columns_are_empty() {
        let none = Rows::<i32>::new(&[0], b"");
        let one = Rows::<i32>::new(&[0, 0], b"");
        assert!(none.is_empty() && !one.is_empty());
        assert_eq!((none.len(), one.len()), (0, 1));
        let out = encode::<i32, i32>(RFC3986, &none, OnError::Raise).unwrap();
        assert!(out.is_empty());
        let out = encode::<i32, i32>(RFC3986, &one, OnError::Raise).unwrap();
        assert!(!out.is_empty());
        assert_eq!(out.row(0), b"");
    }

    /// A column of `rows` rows, each `row`, after `first` rows of their own.
    fn column(first: &[&[u8]], row: &[u8], rows: usize) -> (Vec<i32>, Vec<u8>) {
        let mut values = Vec::new();
        let mut offsets = alloc::vec![0i32];
        for r in first.iter().copied().chain(core::iter::repeat_n(row, rows)) {
            values.extend_from_slice(r);
            offsets.push(values.len() as i32);
        }
        (offsets, values)
    }

    #[test]
    fn a_run_says_it_checked_its_rows_only_where_it_did() {
        let lossy = Decode::new(RFC3986).utf8(Utf8::Lossy).text();
        let checked = |d: &Decode<'_>, first: &[&[u8]], rows: usize, on_error: OnError| {
            let (offsets, values) = column(first, b"a%20b/caf%C3%A9", rows);
            let mut out = Output::<i32>::new();
            let said = d.run_into_checked(&Rows::new(&offsets, &values), on_error, &mut out);
            assert!(out.is_text());
            said.unwrap()
        };
        // Every row decodes to text, over many settled stretches: checked.
        assert!(checked(&lossy, &[], 5000, OnError::Raise));
        // A row made null writes nothing: still checked.
        assert!(checked(&lossy, &[b"%zz"], 10, OnError::Null));
        // Rows written by the policy, not checked: `keep`, `replace`, a repaired `%FF`, in
        // the first stretch of many (the later stretches' checks do not undo it).
        assert!(!checked(&lossy, &[b"%zz"], 5000, OnError::Keep));
        assert!(!checked(&lossy, &[b"%zz"], 10, OnError::Replace));
        assert!(!checked(&lossy, &[b"%FF"], 5000, OnError::Raise));
        // A repaired row before a row made null.
        assert!(!checked(&lossy, &[b"%FF", b"%zz"], 10, OnError::Null));
        // Not a text run: no fast path, nothing checked.
        assert!(!checked(&Decode::new(RFC3986), &[], 10, OnError::Raise));
    }

    #[test]
    fn a_widened_output_keeps_its_rows_and_resumes() {
        // What a run that overflowed 32-bit offsets does: widen what it has, go on from there.
        let offsets = [0i32, 3, 3, 6, 9];
        let bits = [0b1101u8]; // row 1 is null
        let all = Rows::new(&offsets, b"a b/c%def").with_validity(&bits, 0);
        let first = Rows::new(&offsets[..3], b"a b/c%def").with_validity(&bits, 0);
        let mut narrow = Output::<i32>::new();
        encode_into(RFC3986, &first, OnError::Raise, &mut narrow).unwrap();
        let mut wide = narrow.clone().widen();
        assert_eq!(wide.offsets, narrow.offsets.iter().map(|&o| i64::from(o)).collect::<Vec<_>>());
        assert_eq!((&wide.values, &wide.validity), (&narrow.values, &narrow.validity));
        assert_eq!((wide.len(), wide.null_count), (2, 1));
        encode_into(RFC3986, &all, OnError::Raise, &mut wide).unwrap();
        let whole = encode::<i32, i64>(RFC3986, &all, OnError::Raise).unwrap();
        assert_eq!(wide.finish(), whole);
        assert_eq!(whole.values, b"a%20b%2Fc%25def");
    }

    #[test]
    fn validity_bits_follow_arrow_layout() {
        // Rows 0..10, nulls at 1 and 9, bitmap starting at bit 3.
        let offsets: Vec<i32> = (0..=10).collect();
        let values = b"abcdefghij";
        let mut bits = [0xFFu8; 2];
        bits[0] &= !(1 << 4); // row 1
        bits[1] &= !(1 << 4); // row 9
        let rows = Rows::new(&offsets, values).with_validity(&bits, 3);
        let out = encode::<i32, i32>(RFC3986, &rows, OnError::Raise).unwrap();
        assert_eq!(out.null_count, 2);
        assert_eq!(out.validity.as_deref(), Some(&[0b1111_1101, 0b0000_0001][..]));
        assert!(!out.is_valid(1) && !out.is_valid(9) && out.is_valid(8));
        assert_eq!(out.values, b"acdefghi");
    }

    #[test]
    fn bad_offsets_are_errors_not_panics() {
        let rows = Rows::new(&[0i32, 4, 2], b"abcd");
        assert_eq!(
            encode::<i32, i32>(RFC3986, &rows, OnError::Raise),
            Err(BatchError::BadOffsets { row: 1 })
        );
        let rows = Rows::new(&[0i64, 9], b"abcd");
        assert_eq!(
            Decode::new(RFC3986).run::<i64, i64>(&rows, OnError::Null),
            Err(BatchError::BadOffsets { row: 0 })
        );
        let rows = Rows::new(&[-1i32, 2], b"abcd");
        assert!(Decode::new(FORM).run::<i32, i32>(&rows, OnError::Keep).is_err());
    }

    #[test]
    fn overflow_stops_at_the_row_that_passes_the_offset_type() {
        // 50 bytes of spaces encode to 150: past i8's 127 in row 1.
        let values = [b' '; 50];
        let rows = Rows::new(&[0i32, 25, 50], &values);
        let e = encode::<i32, i8>(RFC3986, &rows, OnError::Raise).unwrap_err();
        assert_eq!(e, BatchError::Overflow { row: 1, bytes: 150 });
        let out = encode::<i32, i64>(RFC3986, &rows, OnError::Raise).unwrap();
        assert_eq!(out.offsets, [0, 75, 150]);
        // Resuming: the rows before the overflow are kept, the rest written wider.
        let mut small = Output::<i8>::new();
        let e = encode_into(RFC3986, &rows, OnError::Raise, &mut small).unwrap_err();
        assert_eq!(e, BatchError::Overflow { row: 1, bytes: 150 });
        assert_eq!((small.offsets.as_slice(), small.values.len()), (&[0i8, 75][..], 75));
        let mut wide = Output::<i64> {
            offsets: small.offsets.iter().map(|&o| i64::from(o)).collect(),
            values: small.values,
            validity: small.validity,
            null_count: small.null_count,
        };
        encode_into(RFC3986, &rows, OnError::Raise, &mut wide).unwrap();
        assert_eq!(wide.finish(), out);
    }

    #[test]
    fn a_value_decodes_under_the_last_builder_s_policy() {
        // The fast path's decoding to bytes is derived from the policy by every builder: a
        // policy changed after `text` is the one a value decodes under, fast path or not.
        let mut out = Vec::new();
        let strict = Decode::new(RFC3986)
            .malformed(Malformed::PassThrough)
            .text()
            .malformed(Malformed::Reject);
        assert_eq!(strict.value_into(b"a%zz", OnError::Raise, &mut out).unwrap_err().offset(), 1);
        let lenient = Decode::new(RFC3986).text().malformed(Malformed::PassThrough);
        assert_eq!(lenient.value_into(b"a%zz%41", OnError::Raise, &mut out), Ok(true));
        assert_eq!(out, b"a%zzA");
        // Bytes after `text`: no fast path, and the output must still be text.
        let bytes = Decode::new(RFC3986).text().utf8(Utf8::Bytes);
        assert!(bytes.value_into(b"%FF", OnError::Raise, &mut out).is_err());
        let lossy = Decode::new(RFC3986).utf8(Utf8::Bytes).text().utf8(Utf8::Lossy);
        out.clear();
        assert_eq!(lossy.value_into(b"%FFa", OnError::Raise, &mut out), Ok(true));
        assert_eq!(out, "\u{FFFD}a".as_bytes());
    }

    #[test]
    fn snippet_is_short_and_escaped() {
        assert_eq!(snippet(b"ab%zz", 2), r#""%zz""#);
        assert_eq!(snippet(b"%\x1b[2J\"0123456", 0), r#""%\x1b[2J\"01"..."#);
        assert_eq!(snippet(b"ab", 5), r#""""#);
        // Eight bytes are shown whole; a ninth is what the ellipsis stands for.
        assert_eq!(snippet(b"x%0123456", 1), r#""%0123456""#);
        assert_eq!(snippet(b"x%01234567", 1), r#""%0123456"..."#);
    }

    #[test]
    fn is_text_finds_a_byte_outside_ascii_anywhere() {
        for len in 0..40 {
            let ascii = alloc::vec![b'a'; len];
            assert!(utf8::is_ascii(&ascii) && is_text(&ascii));
            for at in 0..len {
                for b in [0x80, 0xC3, 0xFF] {
                    let mut v = ascii.clone();
                    v[at] = b;
                    assert!(!utf8::is_ascii(&v), "{len} {at} {b:x}");
                    assert!(!is_text(&v), "{len} {at} {b:x}");
                }
                let mut v = ascii.clone();
                v.splice(at..at + 1, "\u{e9}".bytes());
                assert!(!utf8::is_ascii(&v) && is_text(&v), "{len} {at}");
            }
        }
    }
}
