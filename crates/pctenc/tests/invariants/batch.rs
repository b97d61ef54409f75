//! The batch API is the one-row API applied to each row, whatever the column's layout: sliced
//! offsets, 32- or 64-bit offsets in and out, a validity bitmap that starts at any bit with
//! garbage in its unused bits, offsets that point outside the values, every per-row policy.

use pctenc::batch::{self, BatchError, Decode, Offset, OnError, Output, RowError, Rows};
use pctenc::profile::ALL;
use pctenc::{DecodeError, Profile};

use super::batch_oracle::{expected_decode, expected_encode};
use super::{show, Picks, MALFORMED, UTF8};

const ON_ERROR: [OnError; 4] = [OnError::Raise, OnError::Null, OnError::Keep, OnError::Replace];

/// A column drawn from the input: `n` rows whose lengths (low 5 bits), nulls (bit 7) and
/// unused validity bits (bit 6) come from one byte each, over the rest of the input as values,
/// starting `skip` bytes in; lengths past the end are cut to it.
struct Column {
    offsets: Vec<usize>,
    values: Vec<u8>,
    nulls: Vec<bool>,
    bits: Vec<u8>,
    bit_offset: usize,
}

impl Column {
    fn draw(picks: &mut Picks) -> (Column, u8) {
        let (n, skip, bit_offset, corrupt) =
            (picks.byte() % 24, picks.byte() % 4, picks.byte() % 8, picks.byte());
        let lengths: Vec<u8> = (0..n).map(|_| picks.byte()).collect();
        let values = picks.rest().to_vec();
        let mut offsets = vec![(skip as usize).min(values.len())];
        for l in &lengths {
            let end = (offsets.last().unwrap() + (l & 31) as usize).min(values.len());
            offsets.push(end);
        }
        let nulls: Vec<bool> = lengths.iter().map(|l| l & 0x80 != 0).collect();
        let bit_offset = bit_offset as usize;
        let mut bits = vec![0u8; (n as usize + bit_offset).div_ceil(8) + 1];
        for (i, &null) in nulls.iter().enumerate() {
            if !null {
                bits[(i + bit_offset) / 8] |= 1 << ((i + bit_offset) % 8);
            }
        }
        // Bits before and after the rows' are garbage the run must not read: set when the
        // first row's bit 6 says so.
        if lengths.first().is_some_and(|l| l & 0x40 != 0) {
            for i in (0..bit_offset).chain(bit_offset + n as usize..bits.len() * 8) {
                bits[i / 8] |= 1 << (i % 8);
            }
        }
        (Column { offsets, values, nulls, bits, bit_offset }, corrupt)
    }

    /// Breaks one offset (`corrupt`'s low bits say which, bit 5 how), one time in four.
    fn corrupt(&mut self, corrupt: u8) {
        if corrupt >> 6 != 3 || self.offsets.len() < 2 {
            return;
        }
        let at = (corrupt & 31) as usize % self.offsets.len();
        self.offsets[at] = if corrupt & 32 == 0 {
            self.values.len() + 1 + (corrupt & 3) as usize
        } else {
            self.offsets[at.saturating_sub(1)].saturating_sub(1)
        };
    }

    /// Row `i` as the per-row API sees it: `Ok(None)` if null, `Err` if its offsets are bad.
    fn row(&self, i: usize) -> Result<Option<&[u8]>, BatchError> {
        if self.nulls[i] {
            return Ok(None);
        }
        let (a, b) = (self.offsets[i], self.offsets[i + 1]);
        self.values.get(a..b).map(Some).ok_or(BatchError::BadOffsets { row: i })
    }
}

/// Runs the batch with input offsets `O` and output offsets `P` and checks it against the
/// rows one by one.
fn run<O: Offset, P: Offset>(col: &Column, p: &Profile, mode: u8, overrides: u8, why: &str) {
    let offsets: Vec<O> = col.offsets.iter().map(|&o| O::from_usize(o).unwrap()).collect();
    let rows = Rows::new(&offsets, &col.values).with_validity(&col.bits, col.bit_offset);
    let policy = ON_ERROR[(mode >> 2 & 3) as usize];
    let encode = mode & 1 == 1;
    let text = mode & 2 != 0;
    let mut run = Decode::new(p);
    if let Some(m) = MALFORMED[(overrides & 7) as usize % MALFORMED.len()] {
        run = run.malformed(m);
    }
    if let Some(u) = UTF8[(overrides >> 3 & 7) as usize] {
        run = run.utf8(u);
    }
    if text {
        run = run.text();
    }
    let got: Result<Output<P>, BatchError> =
        if encode { batch::encode(p, &rows, policy) } else { run.run(&rows, policy) };
    // The expected column, row by row, up to the first row that stops the batch.
    let mut want = Vec::new();
    let mut stop = None;
    for i in 0..col.nulls.len() {
        let row = match col.row(i) {
            Ok(Some(row)) => row,
            Ok(None) => {
                want.push(None);
                continue;
            }
            Err(e) => {
                stop = Some(e);
                break;
            }
        };
        let one = if encode {
            expected_encode(p, policy, row).map_err(|()| None)
        } else {
            expected_decode(p, run.decoding(), text, policy, row).map_err(Some)
        };
        match one {
            Ok(v) => want.push(v),
            Err(e) => {
                let error = e.unwrap_or(RowError::Encode(pctenc::EncodeError { offset: 0 }));
                stop = Some(BatchError::Row { row: i, error, snippet: String::new() });
                break;
            }
        }
    }
    let why = || format!("{why}, {} mode {mode:#x} overrides {overrides:#x}", p.name());
    match (got, stop) {
        (Ok(out), None) => {
            assert_eq!(out.len(), want.len(), "{}", why());
            for (i, w) in want.iter().enumerate() {
                let g = out.is_valid(i).then(|| out.row(i).to_vec());
                assert_eq!(&g, w, "row {i}: {}", why());
            }
            assert_eq!(out.null_count, want.iter().filter(|w| w.is_none()).count(), "{}", why());
            if let Some(v) = &out.validity {
                assert_eq!(v.len(), want.len().div_ceil(8), "{}", why());
            }
            if text || encode {
                assert!(std::str::from_utf8(&out.values).is_ok(), "not text: {}", why());
            }
        }
        (Err(BatchError::BadOffsets { row }), Some(BatchError::BadOffsets { row: want })) => {
            assert_eq!(row, want, "{}", why());
        }
        (
            Err(BatchError::Row { row, error, .. }),
            Some(BatchError::Row { row: i, error: e, .. }),
        ) => {
            assert_eq!(row, i, "{}", why());
            // The batch names the error's real offset; the model knows it only for the
            // profile's own decode errors.
            let model_knows =
                !encode && !matches!(e, RowError::Decode(DecodeError::InvalidUtf8 { .. }));
            if model_knows {
                assert_eq!(error, e, "{}", why());
            }
        }
        (got, want) => panic!("got {:?}, want stop {want:?}: {}", got.map(|o| o.len()), why()),
    }
}

/// The batch API, encode or decode, over a column drawn from the input (see [`Column`]):
/// the profile, direction, text, per-row policy, offset types, decoding overrides and the
/// column's layout all come from the first bytes.
pub fn batch(data: &[u8]) {
    let mut picks = Picks::new(data);
    let p: &Profile = picks.pick(ALL);
    let (mode, overrides) = (picks.byte(), picks.byte());
    let (mut col, corrupt) = Column::draw(&mut picks);
    col.corrupt(corrupt);
    let why = format!("{} rows of {:?}", col.nulls.len(), show(&col.values));
    match mode >> 4 & 3 {
        0 => run::<i32, i32>(&col, p, mode, overrides, &why),
        1 => run::<i32, i64>(&col, p, mode, overrides, &why),
        2 => run::<i64, i32>(&col, p, mode, overrides, &why),
        _ => run::<i64, i64>(&col, p, mode, overrides, &why),
    }
}
