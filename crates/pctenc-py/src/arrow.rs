//! Arrow columns: `pctenc.arrow.encode` / `decode` over anything that exports the Arrow
//! PyCapsule interface, one [`pctenc::batch`] call per chunk.
//!
//! Data flow: capsule -> `arrow-array` array over the producer's buffers (no copy; pyo3-arrow
//! reads the C Data Interface) -> offsets, values and validity slices -> the batch API with
//! the GIL released -> new buffers -> an Arrow array handed back through the same interface
//! (the Python side wraps it as a pyarrow array when pyarrow is installed).
//!
//! Types: `string`, `large_string`, `binary`, `large_binary` are read in place;
//! `string_view` and `binary_view` hold their rows in views, not offsets, so they are first
//! cast to their large offset form (one copy) and the result cast back to a view type.
//! The output is `string` unless decoding with `utf8="bytes"` (then `binary`); 32-bit input
//! gives 32-bit output unless the result passes 2 GiB, when it is `large_string` /
//! `large_binary` instead (the batch stops at the overflow and runs again with 64-bit
//! offsets).
//!
//! Columns as users have them: a dictionary column (pyarrow's `dictionary`, Polars'
//! Categorical and Enum) is coded once per distinct value, its dictionary, and comes back
//! dictionary-encoded with the same keys; a column of type `null` (Polars' Null dtype, an
//! all-null column whose type nobody gave) comes back as nulls of the output type.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::ArrowDictionaryKeyType;
use arrow_array::{
    downcast_dictionary_array, new_null_array, Array, ArrayRef, DictionaryArray,
    GenericBinaryArray, OffsetSizeTrait, PrimitiveArray,
};
use arrow_buffer::{ArrowNativeType, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType};
use pctenc::batch::{self, BatchError, Decode, OnError, Output, Rows};
use pctenc::options::{Op, Options};
use pctenc::Profile;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::{self, is_coded, not_coded, rows_of, Failure};
use crate::names;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The per-row policies, as the library names them (for pctenc.arrow.ON_ERROR).
    m.add("ON_ERROR", OnError::NAMES.to_vec())?;
    // Where the query functions look for the query (for pctenc.arrow.INPUTS).
    let inputs: Vec<&str> = pctenc::options::words::INPUT.iter().map(|w| w.name).collect();
    m.add("INPUTS", inputs)?;
    m.add_function(wrap_pyfunction!(arrow_encode, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_decode, m)?)?;
    Ok(())
}

/// What to run over each chunk.
#[derive(Clone, Copy)]
enum Job<'p> {
    Encode(&'p Profile),
    Decode(Decode<'p>),
}

impl Job<'_> {
    /// Runs the job over `rows` into `out`; returns whether the run checked the rows it
    /// wrote as text itself ([`pctenc::batch::Decode::run_into_checked`]).
    fn run_into<O: pctenc::batch::Offset, P: pctenc::batch::Offset>(
        &self,
        rows: &Rows<'_, O>,
        on_error: OnError,
        out: &mut Output<P>,
    ) -> Result<bool, BatchError> {
        match self {
            Job::Encode(p) => batch::encode_into(p, rows, on_error, out).map(|()| false),
            Job::Decode(d) => d.run_into_checked(rows, on_error, out),
        }
    }
}

/// An Arrow array of the output: string (text) or binary, offsets `P`; `checked` is what the
/// run said of its rows ([`Job::run_into`]).
fn to_array<P: OffsetSizeTrait + pctenc::batch::Offset>(
    out: Output<P>,
    text: bool,
    checked: bool,
) -> Result<ArrayRef, ArrowError> {
    if text {
        return columns::string_array(out, checked);
    }
    let nulls = columns::nulls(out.validity, out.offsets.len() - 1);
    let offsets = OffsetBuffer::new(ScalarBuffer::from(out.offsets));
    Ok(Arc::new(GenericBinaryArray::<P>::try_new(offsets, Buffer::from_vec(out.values), nulls)?))
}

/// Runs `job` over rows with offsets `O`: 32-bit output first when `O` is 32-bit, 64-bit
/// when that overflows or `O` is 64-bit.
fn run_rows<O: OffsetSizeTrait + pctenc::batch::Offset>(
    job: Job<'_>,
    rows: &Rows<'_, O>,
    on_error: OnError,
    text: bool,
) -> Result<ArrayRef, Failure> {
    let mut wide = Output::<i64>::new();
    if !O::IS_LARGE {
        let mut out = Output::<i32>::new();
        match job.run_into(rows, on_error, &mut out) {
            Ok(checked) => return Ok(to_array(out.finish(), text, checked)?),
            // The rows before the overflow are kept; the rest go on with 64-bit offsets.
            Err(BatchError::Overflow { .. }) => wide = out.widen(),
            Err(e) => return Err(Failure::Batch(e)),
        }
    }
    let checked = job.run_into(rows, on_error, &mut wide).map_err(Failure::Batch)?;
    // After an overflow, the run checked the rows from the overflow on, not the whole output.
    Ok(to_array(wide.finish(), text, checked && O::IS_LARGE)?)
}

/// Runs `job` over one chunk of any supported type.
fn run_chunk(
    job: Job<'_>,
    array: &ArrayRef,
    on_error: OnError,
    text: bool,
) -> Result<ArrayRef, Failure> {
    match array.data_type() {
        DataType::Utf8 => {
            let a = array.as_string::<i32>();
            run_rows(job, &rows_of(a.value_offsets(), a.value_data(), a.nulls()), on_error, text)
        }
        DataType::LargeUtf8 => {
            let a = array.as_string::<i64>();
            run_rows(job, &rows_of(a.value_offsets(), a.value_data(), a.nulls()), on_error, text)
        }
        DataType::Binary => {
            let a = array.as_binary::<i32>();
            run_rows(job, &rows_of(a.value_offsets(), a.value_data(), a.nulls()), on_error, text)
        }
        DataType::LargeBinary => {
            let a = array.as_binary::<i64>();
            run_rows(job, &rows_of(a.value_offsets(), a.value_data(), a.nulls()), on_error, text)
        }
        DataType::Utf8View | DataType::BinaryView => {
            let large = if *array.data_type() == DataType::Utf8View {
                DataType::LargeUtf8
            } else {
                DataType::LargeBinary
            };
            let flat = arrow_cast::cast(array, &large)?;
            let out = run_chunk(job, &flat, on_error, text)?;
            let view = if text { DataType::Utf8View } else { DataType::BinaryView };
            Ok(arrow_cast::cast(&out, &view)?)
        }
        DataType::Dictionary(_, value) if is_coded(value) => downcast_dictionary_array!(
            array => run_dictionary(job, array, on_error, text),
            _ => Err(Failure::Type(not_coded(array.data_type()))),
        ),
        DataType::Null => Ok(new_null_array(&output_type(&DataType::Null, text), array.len())),
        other => Err(Failure::Type(not_coded(other))),
    }
}

/// Whether `pctenc.arrow` takes a column of type `t`.
fn is_column(t: &DataType) -> bool {
    match t {
        DataType::Dictionary(_, value) => is_coded(value),
        DataType::Null => true,
        t => is_coded(t),
    }
}

/// The type of the output for input of type `input`: the input's layout (view, large,
/// dictionary) with `string` values (`binary` where `text` is false).
fn output_type(input: &DataType, text: bool) -> DataType {
    match (input, text) {
        (DataType::Utf8View | DataType::BinaryView, true) => DataType::Utf8View,
        (DataType::Utf8View | DataType::BinaryView, false) => DataType::BinaryView,
        (DataType::LargeUtf8 | DataType::LargeBinary, true) => DataType::LargeUtf8,
        (DataType::LargeUtf8 | DataType::LargeBinary, false) => DataType::LargeBinary,
        (DataType::Dictionary(key, value), _) => {
            DataType::Dictionary(key.clone(), Box::new(output_type(value, text)))
        }
        (_, true) => DataType::Utf8,
        (_, false) => DataType::Binary,
    }
}

/// Runs `job` over a dictionary column: once over its dictionary, whatever the number of
/// rows, and back as a dictionary with the same keys.
///
/// A value that fails is an error only where a row uses it: the dictionary is run with
/// `null` for `raise`, and the first row whose value came back null names the error (run
/// again on that one value for its offset and snippet). Rows whose value became null are
/// made null in the keys, so that the column's nulls are where a reader looks first.
fn run_dictionary<K: ArrowDictionaryKeyType>(
    job: Job<'_>,
    dict: &DictionaryArray<K>,
    on_error: OnError,
    text: bool,
) -> Result<ArrayRef, Failure> {
    let values = dict.values();
    let inner = if on_error == OnError::Raise { OnError::Null } else { on_error };
    let out = run_chunk(job, values, inner, text)?;
    if out.null_count() == values.null_count() {
        return Ok(Arc::new(dict.with_values(out)));
    }
    let keys = dict.keys();
    let failed = |k: usize| out.is_null(k) && values.is_valid(k);
    if on_error == OnError::Raise {
        for (row, key) in keys.iter().enumerate() {
            let Some(k) = key.map(|k| k.as_usize()).filter(|&k| failed(k)) else { continue };
            match run_chunk(job, &values.slice(k, 1), OnError::Raise, text) {
                Err(Failure::Batch(BatchError::Row { error, snippet, .. })) => {
                    return Err(Failure::Batch(BatchError::Row { row, error, snippet }))
                }
                Err(other) => return Err(other),
                Ok(_) => continue,
            }
        }
    }
    let valid = keys.iter().map(|k| k.is_some_and(|k| out.is_valid(k.as_usize())));
    let keys = PrimitiveArray::<K>::new(keys.values().clone(), Some(NullBuffer::from_iter(valid)));
    Ok(Arc::new(DictionaryArray::try_new(keys, out)?))
}

/// Reads `values`, runs `job` over each chunk, and hands back an array or chunked array of
/// the result.
fn apply<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    job: Job<'_>,
    on_error: OnError,
    text: bool,
    profile: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let column = columns::read(values)?;
    // A stream's type is refused before any chunk runs, so that a stream of none is too.
    if let Some(t) = column.stream.as_ref().filter(|t| !is_column(t)) {
        return Err(PyTypeError::new_err(not_coded(t)));
    }
    let out = columns::run(py, &column.chunks, profile, |c| run_chunk(job, c, on_error, text))?;
    let empty = column.stream.as_ref().map(|t| output_type(t, text));
    columns::answer(py, column, out, empty)
}

/// `pctenc.arrow.encode(values, profile, **options)`: the options of `encode`, with
/// `on_error` for the rows that fail.
#[pyfunction]
#[pyo3(
    signature = (values, profile=None, **options),
    text_signature = "(values, profile='rfc3986', **options)"
)]
fn arrow_encode<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options(Op::Encode, profile.map(|p| ("profile", p)), options)?;
    no_charset(&o)?;
    let p = o.profile();
    apply(py, values, Job::Encode(&p), o.on_error(), true, o.base_profile().name())
}

/// `pctenc.arrow.decode(values, profile, **options)`: the options of `decode`, with
/// `on_error` for the rows that fail.
#[pyfunction]
#[pyo3(
    signature = (values, profile=None, **options),
    text_signature = "(values, profile='rfc3986', **options)"
)]
fn arrow_decode<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    profile: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options(Op::Decode, profile.map(|p| ("profile", p)), options)?;
    no_charset(&o)?;
    let p = o.profile();
    let text = o.decodes_to_text();
    let d = if text { Decode::new(&p).text() } else { Decode::new(&p) };
    apply(py, values, Job::Decode(d), o.on_error(), text, o.base_profile().name())
}

/// What a column does not do yet, refused rather than answered differently from one value:
/// a legacy charset (the adapters run such columns row by row) and RFC 8187 ext-values
/// (`rfc8187` frames a whole `charset'lang'value`, which the batch API does not).
fn no_charset(o: &Options) -> PyResult<()> {
    if o.charset().is_some() {
        return Err(PyValueError::new_err(
            "pctenc.arrow takes no charset yet: decode or encode such a column row by row \
             with pctenc.decode / pctenc.encode (the engine adapters do)",
        ));
    }
    if o.ext_value() {
        return Err(PyValueError::new_err(
            "profile rfc8187 reads and writes whole RFC 8187 ext-values (UTF-8''...), which \
             pctenc.arrow does not do yet: use pctenc.encode / pctenc.decode per value",
        ));
    }
    Ok(())
}
