//! One vector through a [`Plan`]: the core's per-value entry points over the rows where
//! DuckDB keeps them ([`run_in_place`], constant arguments), or its batch API over a
//! [`Gathered`] column ([`run`], runs of rows of arguments from columns), and the error
//! message a failed query shows.
//!
//! Everything here is safe Rust over slices; `functions.rs` hands it the input and the
//! result vector (a [`Results`] writer for [`run_in_place`], which writes each row's entry as
//! the row is made; [`run`]'s output is written back by `vector::scatter`). Each DuckDB
//! worker thread keeps its own [`Scratch`] (input and output buffers reused from vector to
//! vector), so a vector costs no allocation once the buffers have grown to its size.

use std::cell::RefCell;

use pctenc::batch::{self, BatchError, Output, RowError};
use pctenc::lint::escape_preview;
use pctenc::options;
use pctenc::{Unit, Utf8};

use crate::plan::{Kind, Op, Plan};
use crate::vector::{Gathered, Results, Strings};

/// A thread's buffers: the gathered input, the batch output, the in-place output's bytes.
#[derive(Default)]
pub struct Scratch {
    /// The input vector in the batch API's layout.
    pub input: Gathered,
    /// The output column.
    pub output: Output<i64>,
    /// The output bytes of a vector written in place ([`run_in_place`]).
    pub values: Vec<u8>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// Runs `f` with this thread's scratch buffers (a fresh set if `f` re-enters, which the
/// callbacks never do).
pub fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => {
            let r = f(&mut s);
            s.input.trim();
            if s.output.values.capacity() > 16 << 20 {
                s.output = Output::new();
            }
            if s.values.capacity() > 16 << 20 {
                s.values = Vec::new();
            }
            r
        }
        Err(_) => f(&mut Scratch::default()),
    })
}

/// Runs `plan` over rows `from..to` of `input` into `out` (cleared first).
///
/// # Errors
/// The message of the first bad row under `on_error=raise` (see [`message`]).
pub fn run(
    plan: &Plan,
    input: &Gathered,
    from: usize,
    to: usize,
    out: &mut Output<i64>,
) -> Result<(), String> {
    out.offsets.clear();
    out.offsets.push(0);
    out.values.clear();
    out.validity = None;
    out.null_count = 0;
    if plan.per_row && plan.function.op != Op::Identity {
        return options_rows(plan, input, from, to, out);
    }
    let rows = input.slice(from, to);
    let result = match plan.function.op {
        Op::Encode => batch::encode_into(&plan.profile, &rows, plan.on_error, out),
        Op::Decode => plan.decoder().run_into(&rows, plan.on_error, out),
        Op::Identity => {
            copy_rows(input, from, to, out);
            Ok(())
        }
    };
    // The batch API sizes the validity bitmap to the rows only when it is finished.
    *out = std::mem::take(out).finish();
    result.map_err(|e| message(plan, input.row(from + error_row(&e)), &e))
}

/// Whether [`run_in_place`] runs `plan`: everything but a legacy `charset` or `rfc8187`
/// ext-values, which run row by row through the options model (the batch path, [`run`]).
pub fn in_place(plan: &Plan) -> bool {
    !plan.per_row || plan.function.op == Op::Identity
}

/// Runs `plan` over every row of `input`, read where DuckDB keeps it, straight into the
/// result vector (`results`; the rows' bytes are appended to `values` meanwhile): one call
/// per row into the core's per-value entry points ([`batch::encode_value_into`],
/// [`batch::Decode::value_into`]), which are what the batch API runs per row, without first
/// copying the rows into one buffer, each row's entry written as soon as its bytes are. For
/// the plans where [`in_place`] holds.
///
/// Encoding VARCHAR with a profile that escapes every byte outside ASCII calls the encoder
/// alone, as `encode_value_into` does once its checks (text input, ASCII output) pass.
///
/// Decoding VARCHAR to text under a strict or lossy UTF-8 policy (the usual call) decodes
/// every row to bytes first and checks the whole vector's output as text at once, as the
/// batch API's fast path does, but without checking the input: a VARCHAR is UTF-8 row by row
/// (DuckDB checks it on the way in). When the output is text and every row starts on a
/// character boundary, the bytes are exactly what the policy gives; otherwise (or on any
/// error) the vector is decoded again row by row under the whole policy, which finds the
/// first error in input order or repairs the bytes. A row's output can start inside a
/// character only when its input starts with an escape: otherwise it starts with the
/// input's first byte, which begins a character.
///
/// # Errors
/// As [`run`]; the result vector is then left with empty entries.
pub fn run_in_place(
    plan: &Plan,
    input: &Strings<'_>,
    values: &mut Vec<u8>,
    mut results: Results<'_>,
) -> Result<(), String> {
    let done = match plan.function.op {
        // Text into a profile that escapes every non-ASCII byte (`encode_value_into`'s
        // checks cannot fail: a VARCHAR is UTF-8, and the output is ASCII): the encoder alone.
        Op::Encode
            if plan.function.input == Kind::Text
                && plan.profile.unit() == Unit::Byte
                && !plan.profile.keeps_non_ascii() =>
        {
            per_value(plan, input, values, &mut results, |row, values| {
                plan.profile.encode_append_vec(row, values);
                Ok(true)
            })
        }
        Op::Encode => per_value(plan, input, values, &mut results, |row, values| {
            batch::encode_value_into(&plan.profile, row, plan.on_error, values)
        }),
        Op::Identity => per_value(plan, input, values, &mut results, |row, values| {
            values.extend_from_slice(row);
            Ok(true)
        }),
        Op::Decode => {
            let utf8 = plan.profile.decoding().utf8;
            let fast = plan.function.input == Kind::Text
                && plan.options.decodes_to_text()
                && plan.profile.unit() == Unit::Byte
                && matches!(utf8, Utf8::Strict | Utf8::Lossy | Utf8::LossyJava);
            let raw = plan.profile.with_output_utf8(Utf8::Bytes);
            let mut starts = true;
            let decoded = fast
                && per_value(plan, input, values, &mut results, |row, values| {
                    let at = values.len();
                    raw.decode_append(row, values).map_err(RowError::Decode)?;
                    if row.first() == Some(&b'%') {
                        starts &= values.get(at).is_none_or(|&b| (b as i8) >= -0x40);
                    }
                    Ok(true)
                })
                .is_ok()
                && starts
                && simdutf8::basic::from_utf8(values).is_ok();
            if decoded {
                Ok(())
            } else {
                let text = plan.decoder();
                per_value(plan, input, values, &mut results, |row, values| {
                    text.value_into(row, plan.on_error, values)
                })
            }
        }
    };
    // On an error the writer is dropped unpublished, which empties the entries.
    done.map(|()| results.publish(values))
}

/// Every row of `input` through `f` (which appends a row's result to `values`, cleared
/// first, and says whether it is present), each row's entry written into `results`.
///
/// A function of its own for each `f` (`f` inlined into it): each loop keeps its registers
/// to itself instead of sharing the frame of [`run_in_place`]'s every arm.
#[inline(never)]
fn per_value(
    plan: &Plan,
    input: &Strings<'_>,
    values: &mut Vec<u8>,
    results: &mut Results<'_>,
    mut f: impl FnMut(&[u8], &mut Vec<u8>) -> Result<bool, RowError>,
) -> Result<(), String> {
    values.clear();
    for i in 0..input.len() {
        let Some(row) = input.row(i) else {
            results.set_null(i);
            continue;
        };
        let at = values.len();
        let present = f(row, values).map_err(|e| {
            let what = format!("{} at {}: {e}", e.code(), batch::snippet(row, e.offset()));
            row_message(plan.function.name, plan.profile.name(), row, e.offset(), &what)
        })?;
        if present {
            results.set(i, values, at);
        } else {
            results.set_null(i);
        }
    }
    Ok(())
}

/// Rows `from..to` one by one through the options model's `run` (a legacy charset, or
/// `rfc8187` ext-values): exact, a call per row.
fn options_rows(
    plan: &Plan,
    input: &Gathered,
    from: usize,
    to: usize,
    out: &mut Output<i64>,
) -> Result<(), String> {
    let mut rows = RowWriter::new(out, to - from);
    for i in from..to {
        let Some(row) = input.row(i) else {
            rows.push(None);
            continue;
        };
        match plan.options.run(row) {
            Ok(options::Output::Bytes(v)) => rows.push(Some(&v)),
            Ok(_) => rows.push(None),
            Err(e) => {
                let error =
                    format!("{} at {}: {}", e.code, batch::snippet(row, e.offset), e.message);
                return Err(row_message(
                    plan.function.name,
                    plan.profile.name(),
                    row,
                    e.offset,
                    &error,
                ));
            }
        }
    }
    rows.finish();
    Ok(())
}

/// Rows `from..to` as they are (the `bench-identity` function).
fn copy_rows(input: &Gathered, from: usize, to: usize, out: &mut Output<i64>) {
    let mut rows = RowWriter::new(out, to - from);
    for i in from..to {
        rows.push(input.row(i));
    }
    rows.finish();
}

/// Appends rows to a cleared [`Output`], nulls included.
struct RowWriter<'o> {
    out: &'o mut Output<i64>,
    n: usize,
    nulls: Vec<usize>,
}

impl<'o> RowWriter<'o> {
    fn new(out: &'o mut Output<i64>, n: usize) -> Self {
        RowWriter { out, n, nulls: Vec::new() }
    }

    fn push(&mut self, row: Option<&[u8]>) {
        match row {
            Some(bytes) => self.out.values.extend_from_slice(bytes),
            None => self.nulls.push(self.out.offsets.len() - 1),
        }
        self.out.offsets.push(self.out.values.len() as i64);
    }

    fn finish(self) {
        if !self.nulls.is_empty() {
            let mut bits = vec![0xFFu8; self.n.div_ceil(8)];
            for &i in &self.nulls {
                bits[i / 8] &= !(1 << (i % 8));
            }
            self.out.validity = Some(bits);
            self.out.null_count = self.nulls.len();
        }
    }
}

/// The row (within its run) a batch error names.
pub fn error_row(e: &BatchError) -> usize {
    match e {
        BatchError::Row { row, .. } | BatchError::Overflow { row, .. } => *row,
        BatchError::BadOffsets { row } => *row,
    }
}

/// The most bytes of a failing value an error message shows.
const VALUE_PREVIEW: usize = 48;

/// `pct_decode: profile duckdb, value "caf%C3", byte 3: invalid-utf8 at "%C3": ...`: the
/// function, the profile, the value (escaped for a terminal, cut after 48 bytes), then the
/// core's own row error. DuckDB does not tell a scalar function which row of the table it is
/// computing, so the value is what identifies the row.
pub fn message(plan: &Plan, value: Option<&[u8]>, e: &BatchError) -> String {
    batch_message(plan.function.name, plan.profile.name(), value, e)
}

/// [`message`] for any function: its SQL name, the profile's name, the failing value.
pub fn batch_message(
    function: &str,
    profile: &str,
    value: Option<&[u8]>,
    e: &BatchError,
) -> String {
    match (e, value) {
        (BatchError::Row { error, snippet, .. }, Some(bytes)) => {
            let what = format!("{} at {snippet}: {error}", error.code());
            row_message(function, profile, bytes, error.offset(), &what)
        }
        (other, _) => format!("{function}: profile {profile}: {other}"),
    }
}

/// `{function}: profile {p}, value "...", byte {offset}: {what}`.
fn row_message(function: &str, profile: &str, value: &[u8], offset: usize, what: &str) -> String {
    let shown = &value[..value.len().min(VALUE_PREVIEW)];
    let more = if value.len() > VALUE_PREVIEW { "..." } else { "" };
    format!(
        "{function}: profile {profile}, value \"{}\"{more}, byte {offset}: {what}",
        escape_preview(shown).replace('"', "\\\"")
    )
}
