//! Arrow columns in and out of Python, for the codec functions ([`crate::arrow`]) and the
//! query functions ([`crate::query`]) alike: anything that exports the Arrow PyCapsule
//! interface read into chunks (no copy: pyo3-arrow reads the C Data Interface), each chunk
//! run with the GIL released, a failure raised as a Python exception that names the row in
//! the whole column, and the results handed back as an array (for an array) or a chunked
//! array (for a stream) through the same interface.
//!
//! One of the crate's two `unsafe` blocks is here (the other is a call into mimalloc, in
//! [`crate::memory`]): a `string` array built from the batch API's output without Arrow
//! checking its bytes again, where the library has checked the same conditions faster
//! ([`string_array`]).

use std::sync::Arc;

use arrow_array::{ArrayRef, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field};
use pctenc::batch::{BatchError, Offset, Output, Rows};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

use crate::errors::pctenc_error;

/// Why a chunk failed, before it becomes a Python exception.
pub enum Failure {
    Batch(BatchError),
    Arrow(ArrowError),
    Type(String),
}

impl From<ArrowError> for Failure {
    fn from(e: ArrowError) -> Self {
        Failure::Arrow(e)
    }
}

impl From<BatchError> for Failure {
    fn from(e: BatchError) -> Self {
        Failure::Batch(e)
    }
}

/// The rows of a string or binary array for the batch API: its offsets, values and nulls.
pub fn rows_of<'a, O: OffsetSizeTrait + Offset>(
    offsets: &'a [O],
    values: &'a [u8],
    nulls: Option<&'a NullBuffer>,
) -> Rows<'a, O> {
    let rows = Rows::new(offsets, values);
    match nulls {
        Some(n) => rows.with_validity(n.inner().values(), n.inner().offset()),
        None => rows,
    }
}

/// The nulls of `len` rows from the batch API's validity bitmap.
pub fn nulls(validity: Option<Vec<u8>>, len: usize) -> Option<NullBuffer> {
    validity.map(|bits| NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(bits), 0, len)))
}

/// A `string` (or `large_string`) array of `out`, which a text run of the batch API wrote;
/// `checked`: the run said it checked every row as text itself
/// ([`pctenc::batch::Decode::run_into_checked`]).
///
/// Arrow's own check (`try_new`: std's UTF-8 validator over the whole buffer, then every
/// offset) took as long as decoding a URL column did, and the batch API checks the text as
/// it writes it, a stretch at a time while it is in cache. Where the run did not say so,
/// [`Output::is_text`] checks what `try_new` would, with the library's SIMD validator; either
/// way the array is built without checking again. Output that is not text (a library bug: a
/// text run never writes it) goes through `try_new` and gets Arrow's error.
#[allow(unsafe_code)]
pub fn string_array<P: OffsetSizeTrait + Offset>(
    out: Output<P>,
    checked: bool,
) -> Result<ArrayRef, ArrowError> {
    let text = checked || out.is_text();
    let nulls = nulls(out.validity, out.offsets.len().saturating_sub(1));
    let offsets = ScalarBuffer::from(out.offsets);
    let values = Buffer::from_vec(out.values);
    if !text {
        let offsets = OffsetBuffer::new(offsets);
        return Ok(Arc::new(GenericStringArray::<P>::try_new(offsets, values, nulls)?));
    }
    // SAFETY: `new_unchecked` is sound where `try_new` would not fail, and
    // `OffsetBuffer::new_unchecked` where `OffsetBuffer::new` would not panic (an `Output`
    // always holds the first offset). Their conditions on the offsets and bytes (the offsets
    // non-negative, never decreasing and inside `values`, the bytes they span UTF-8, every
    // offset on a character boundary) were checked either by `is_text` or, where `checked`,
    // by the run that wrote every row of `out` into a new output (`run_rows`), as
    // `run_into_checked` documents: each stretch of rows by the SIMD validator and a boundary
    // check, the offsets being the ends of the rows as written. `nulls` has one bit per row,
    // `BooleanBuffer::new` having checked its length.
    let array = unsafe {
        let offsets = OffsetBuffer::new_unchecked(offsets);
        GenericStringArray::<P>::new_unchecked(offsets, values, nulls)
    };
    Ok(Arc::new(array))
}

/// A column as Python handed it over.
pub struct Column {
    /// The field's name, which the result keeps.
    pub name: String,
    /// The chunks: one for an array, as many as the stream had for a stream.
    pub chunks: Vec<ArrayRef>,
    /// The stream's type, or `None` for an array.
    pub stream: Option<DataType>,
}

/// Reads `values`: anything with `__arrow_c_array__` (one chunk) or `__arrow_c_stream__`
/// (every chunk of the stream), else a `TypeError` that says what is taken.
pub fn read(values: &Bound<'_, PyAny>) -> PyResult<Column> {
    let exports = values.hasattr("__arrow_c_array__")? || values.hasattr("__arrow_c_stream__")?;
    if !exports {
        let name = values.get_type().name()?.to_string();
        return Err(PyTypeError::new_err(format!(
            "values must be an Arrow array or stream (an object with __arrow_c_array__ or \
             __arrow_c_stream__: pyarrow Array/ChunkedArray, polars Series...), not {name}"
        )));
    }
    let input: AnyArray = values.extract()?;
    let name = input.field()?.name().clone();
    Ok(match input {
        AnyArray::Array(a) => Column { name, chunks: vec![a.into_inner().0], stream: None },
        AnyArray::Stream(reader) => {
            let reader = reader.into_reader()?;
            let stream = Some(reader.field().data_type().clone());
            let chunks = reader
                .collect::<Result<Vec<_>, ArrowError>>()
                .map_err(|e| PyValueError::new_err(format!("Arrow stream: {e}")))?;
            Column { name, chunks, stream }
        }
    })
}

/// Runs `chunk` over every chunk with the GIL released; a failure becomes the Python
/// exception, its row counted in the whole column. First, the memory of earlier calls idle
/// for over a second goes back to the system ([`crate::memory::release_idle`]).
pub fn run(
    py: Python<'_>,
    chunks: &[ArrayRef],
    profile: &str,
    chunk: impl Fn(&ArrayRef) -> Result<ArrayRef, Failure> + Sync,
) -> PyResult<Vec<ArrayRef>> {
    let out = py.detach(|| {
        crate::memory::release_idle();
        let mut out = Vec::with_capacity(chunks.len());
        let mut base = 0;
        for c in chunks {
            out.push(chunk(c).map_err(|f| (f, base))?);
            base += c.len();
        }
        Ok(out)
    });
    out.map_err(|(f, base)| py_error(py, f, base, profile))
}

/// A failure as a Python exception; `base` is the chunk's first row in the whole column.
fn py_error(py: Python<'_>, f: Failure, base: usize, profile: &str) -> PyErr {
    match f {
        Failure::Type(message) => PyTypeError::new_err(message),
        Failure::Arrow(e) => PyValueError::new_err(format!("Arrow: {e}")),
        Failure::Batch(BatchError::Row { row, error, snippet }) => {
            let row = base + row;
            let e = BatchError::Row { row, error, snippet };
            pctenc_error(
                py,
                format!("profile {profile}, {e}"),
                error.offset(),
                error.code(),
                profile,
                Some(row),
            )
        }
        Failure::Batch(BatchError::Overflow { row, bytes }) => {
            PyValueError::new_err(BatchError::Overflow { row: base + row, bytes }.to_string())
        }
        Failure::Batch(BatchError::BadOffsets { row }) => {
            PyValueError::new_err(BatchError::BadOffsets { row: base + row }.to_string())
        }
    }
}

/// Hands `out`, the results of `column`'s chunks, back: an array for an array, a chunked
/// array for a stream. Chunks whose results came out in different widths (one passed
/// 2 GiB and has 64-bit offsets) are all made the widest. A stream of no chunks is answered
/// with `empty`, the type its results would have had, or refused where there is none.
pub fn answer<'py>(
    py: Python<'py>,
    column: Column,
    out: Vec<ArrayRef>,
    empty: Option<DataType>,
) -> PyResult<Bound<'py, PyAny>> {
    let as_value_error = |e: ArrowError| PyValueError::new_err(e.to_string());
    if column.stream.is_none() {
        let array = out.into_iter().next().expect("one chunk in, one out");
        let field = Field::new(column.name, array.data_type().clone(), true);
        return PyArray::try_new(array, Arc::new(field))
            .map_err(as_value_error)?
            .into_pyobject(py)
            .map(|b| b.into_any());
    }
    let large = |t: &DataType| {
        matches!(t, DataType::LargeUtf8 | DataType::LargeBinary | DataType::LargeList(_))
    };
    let widest = out.iter().map(|a| a.data_type().clone()).max_by_key(large).or(empty);
    let Some(widest) = widest else {
        return Err(PyValueError::new_err("an empty Arrow stream has no type to answer with"));
    };
    let out = out
        .iter()
        .map(
            |a| if *a.data_type() == widest { Ok(a.clone()) } else { arrow_cast::cast(a, &widest) },
        )
        .collect::<Result<Vec<_>, _>>()
        .map_err(as_value_error)?;
    let field = Arc::new(Field::new(column.name, widest, true));
    PyChunkedArray::try_new(out, field)?.into_pyobject(py).map(|b| b.into_any())
}

/// Whether `pctenc.arrow` codes values of type `t` (a dictionary's values, say).
pub fn is_coded(t: &DataType) -> bool {
    use DataType::*;
    matches!(t, Utf8 | LargeUtf8 | Utf8View | Binary | LargeBinary | BinaryView)
}

/// The `TypeError` text for a column of type `t`: what is taken, and the cast that fixes it.
pub fn not_coded(t: &DataType) -> String {
    format!(
        "pctenc.arrow takes string, large_string, string_view, binary, large_binary or \
         binary_view columns (or dictionaries of them), not {}: cast the column to string \
         first (pyarrow: col.cast(pa.string()))",
        t.to_string().to_lowercase()
    )
}
