//! One vector through a [`Plan`]: the core's per-value entry points over the rows where
//! DuckDB keeps them ([`run_in_place`], constant arguments), or its batch API over a
//! [`Gathered`] column ([`run`], runs of rows of arguments from columns), and the error
//! message a failed query shows.
//!
//! Everything here is safe Rust over slices; `functions.rs` hands it the input and writes
//! the output back. Each DuckDB worker thread keeps its own [`Scratch`] (input and
//! output buffers reused from vector to vector), so a vector costs no allocation once the
//! buffers have grown to its size.

use std::cell::RefCell;

use pctenc::batch::{self, BatchError, Output, RowError};
use pctenc::lint::escape_preview;
use pctenc::options;
use pctenc::{Unit, Utf8};

use crate::plan::{Kind, Op, Plan};
use crate::vector::{Gathered, Strings};

/// A thread's buffers: the gathered input and the batch output.
#[derive(Default)]
pub struct Scratch {
    /// The input vector in the batch API's layout.
    pub input: Gathered,
    /// The output column.
    pub output: Output<i64>,
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

/// Runs `plan` over every row of `input`, read where DuckDB keeps it, into `out`: one call
/// per row into the core's per-value entry points ([`batch::encode_value_into`],
/// [`batch::Decode::value_into`]), which are what the batch API runs per row, without first
/// copying the rows into one buffer. `None` when the plan needs the batch path (a legacy
/// `charset` or `rfc8187` ext-values, row by row through the options model).
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
/// first error in input order or repairs the bytes.
///
/// # Errors
/// As [`run`].
pub fn run_in_place(
    plan: &Plan,
    input: &Strings<'_>,
    out: &mut Output<i64>,
) -> Option<Result<(), String>> {
    if plan.per_row && plan.function.op != Op::Identity {
        return None;
    }
    Some(match plan.function.op {
        // Text into a profile that escapes every non-ASCII byte (`encode_value_into`'s
        // checks cannot fail: a VARCHAR is UTF-8, and the output is ASCII): the encoder alone.
        Op::Encode
            if plan.function.input == Kind::Text
                && plan.profile.unit() == Unit::Byte
                && !plan.profile.keeps_non_ascii() =>
        {
            per_value(plan, input, out, |row, values| {
                plan.profile.encode_append_vec(row, values);
                Ok(true)
            })
        }
        Op::Encode => per_value(plan, input, out, |row, values| {
            batch::encode_value_into(&plan.profile, row, plan.on_error, values)
        }),
        Op::Identity => per_value(plan, input, out, |row, values| {
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
            let decoded = fast
                && per_value(plan, input, out, |row, values| {
                    raw.decode_append(row, values).map(|()| true).map_err(RowError::Decode)
                })
                .is_ok()
                && is_text(out);
            if decoded {
                Ok(())
            } else {
                let text = plan.decoder();
                per_value(plan, input, out, |row, values| {
                    text.value_into(row, plan.on_error, values)
                })
            }
        }
    })
}

/// Whether the rows of `out` are text: all of it UTF-8, each row starting on a character.
fn is_text(out: &Output<i64>) -> bool {
    simdutf8::basic::from_utf8(&out.values).is_ok()
        && out
            .offsets
            .iter()
            .all(|&o| out.values.get(o as usize).is_none_or(|&b| (b as i8) >= -0x40))
}

/// Every row of `input` through `f` (which appends a row's result and says whether it is
/// present), into `out`, cleared first.
fn per_value(
    plan: &Plan,
    input: &Strings<'_>,
    out: &mut Output<i64>,
    mut f: impl FnMut(&[u8], &mut Vec<u8>) -> Result<bool, RowError>,
) -> Result<(), String> {
    let n = input.len();
    out.offsets.clear();
    out.offsets.reserve(n + 1);
    out.offsets.push(0);
    out.values.clear();
    out.validity = None;
    out.null_count = 0;
    let mut nulls = Vec::new();
    for i in 0..n {
        let valid = match input.row(i) {
            None => false,
            Some(row) => f(row, &mut out.values).map_err(|e| {
                let what = format!("{} at {}: {e}", e.code(), batch::snippet(row, e.offset()));
                row_message(plan.function.name, plan.profile.name(), row, e.offset(), &what)
            })?,
        };
        if !valid {
            nulls.push(i);
        }
        out.offsets.push(out.values.len() as i64);
    }
    if !nulls.is_empty() {
        let mut bits = vec![0xFFu8; n.div_ceil(8)];
        for &i in &nulls {
            bits[i / 8] &= !(1 << (i % 8));
        }
        out.validity = Some(bits);
        out.null_count = nulls.len();
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
