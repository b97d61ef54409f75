//! Query strings as data: `pctenc.arrow.parse_query` / `query_param` / `build_query` over
//! Arrow columns, and the one-value `query_parse` / `query_build` behind `pctenc.form`.
//!
//! Every decision is the library's [`pctenc::query`]: where the query is, the split, the
//! decoding, the error policy. This module reads the options, hands each chunk's buffers to
//! [`pctenc::query::column`] with the GIL released, and wraps the buffers it gets back as
//! Arrow arrays: `list<struct<key: string, value: string>>` (or `map<string, string>`),
//! `string`, `list<string>`, with 64-bit offsets (`large_list`, `large_string`) when the
//! input has them or the 32-bit result would pass 2 GiB.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericListArray, MapArray, OffsetSizeTrait, StructArray};
use arrow_buffer::{NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use pctenc::batch::{BatchError, Offset, OnError, Output, Rows};
use pctenc::options::{Op, Options};
use pctenc::query::column::{self, List, PairRows, Pairs};
use pctenc::query::{Builder, Parser};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3_arrow::input::AnyArray;

use crate::columns::{self, is_coded, not_coded, nulls, rows_of, string_array, Failure};
use crate::names;
use crate::scalar::{failure, text};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(arrow_parse_query, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_query_param, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_build_query, m)?)?;
    m.add_function(wrap_pyfunction!(query_parse, m)?)?;
    m.add_function(wrap_pyfunction!(query_build, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_constant, m)?)?;
    Ok(())
}

fn builder(o: &Options) -> PyResult<Builder> {
    o.query_builder().map_err(|e| PyValueError::new_err(e.to_string()))
}

/// What to run over a chunk of rows.
#[derive(Clone, Copy)]
enum Job<'a> {
    Parse { parser: &'a Parser, map: bool },
    First { parser: &'a Parser, key: &'a str },
    All { parser: &'a Parser, key: &'a str },
}

fn offsets<P: OffsetSizeTrait>(o: Vec<P>) -> OffsetBuffer<P> {
    OffsetBuffer::new(ScalarBuffer::from(o))
}

fn string_type<P: OffsetSizeTrait>() -> DataType {
    if P::IS_LARGE {
        DataType::LargeUtf8
    } else {
        DataType::Utf8
    }
}

/// The struct fields of a parsed row's pairs: `key` and `value`, never null.
fn pair_fields<P: OffsetSizeTrait>() -> Fields {
    Fields::from(vec![
        Field::new("key", string_type::<P>(), false),
        Field::new("value", string_type::<P>(), false),
    ])
}

fn pairs_array<P: OffsetSizeTrait + Offset>(
    out: List<P, Pairs<P>>,
    map: bool,
) -> Result<ArrayRef, ArrowError> {
    let len = out.len();
    let keys = string_array(out.items.keys, false)?;
    let values = string_array(out.items.values, false)?;
    let entries = StructArray::try_new(pair_fields::<P>(), vec![keys, values], None)?;
    let n = nulls(out.validity, len);
    if map {
        // Arrow's map has 32-bit offsets only: callers ask for i32 output.
        let o: Vec<i32> = out.offsets.iter().map(|o| o.as_usize() as i32).collect();
        let field = Arc::new(Field::new("entries", entries.data_type().clone(), false));
        return Ok(Arc::new(MapArray::try_new(field, offsets(o), entries, n, false)?));
    }
    let field = Arc::new(Field::new("item", entries.data_type().clone(), false));
    Ok(Arc::new(GenericListArray::<P>::try_new(field, offsets(out.offsets), Arc::new(entries), n)?))
}

fn values_list<P: OffsetSizeTrait + Offset>(
    out: List<P, Output<P>>,
) -> Result<ArrayRef, ArrowError> {
    let len = out.len();
    let items = string_array(out.items, false)?;
    let field = Arc::new(Field::new("item", items.data_type().clone(), false));
    Ok(Arc::new(GenericListArray::<P>::try_new(
        field,
        offsets(out.offsets),
        items,
        nulls(out.validity, len),
    )?))
}

impl Job<'_> {
    fn run<O: Offset, P: OffsetSizeTrait + Offset>(
        &self,
        rows: &Rows<'_, O>,
        on_error: OnError,
    ) -> Result<ArrayRef, Failure> {
        Ok(match *self {
            Job::Parse { parser, map } => {
                pairs_array(column::parse::<O, P>(parser, rows, on_error)?, map)?
            }
            Job::First { parser, key } => {
                string_array(column::first::<O, P>(parser, rows, key, on_error)?, false)?
            }
            Job::All { parser, key } => {
                values_list(column::all::<O, P>(parser, rows, key, on_error)?)?
            }
        })
    }

    /// 32-bit output for 32-bit input (64-bit when that overflows), 64-bit for 64-bit input;
    /// a map is always 32-bit.
    fn run_rows<O: Offset>(
        &self,
        rows: &Rows<'_, O>,
        large: bool,
        on_error: OnError,
    ) -> Result<ArrayRef, Failure> {
        let map = matches!(self, Job::Parse { map: true, .. });
        if !large || map {
            match self.run::<O, i32>(rows, on_error) {
                Err(Failure::Batch(BatchError::Overflow { .. })) if !map => {}
                other => return other,
            }
        }
        self.run::<O, i64>(rows, on_error)
    }
}

/// A chunk's rows with either offset width.
enum RowsRef<'a> {
    Small(Rows<'a, i32>),
    Large(Rows<'a, i64>),
}

/// Runs `job` over one chunk of any type `pctenc.arrow` codes. Views are cast to their large
/// form to be read, and answered with 32-bit offsets, as `string` and `binary` are; a
/// dictionary is read as its values, one row each (its rows become lists, which a dictionary
/// does not hold), and a column of nulls as strings that are all null.
fn run_chunk(job: Job<'_>, array: &ArrayRef, on_error: OnError) -> Result<ArrayRef, Failure> {
    let unpacked;
    let array = match array.data_type() {
        DataType::Dictionary(_, value) if is_coded(value) => {
            unpacked = arrow_cast::cast(array, value)?;
            &unpacked
        }
        DataType::Null => {
            unpacked = arrow_cast::cast(array, &DataType::Utf8)?;
            &unpacked
        }
        _ => array,
    };
    let view = matches!(array.data_type(), DataType::Utf8View | DataType::BinaryView);
    let flat;
    let array = match array.data_type() {
        DataType::Utf8View => {
            flat = arrow_cast::cast(array, &DataType::LargeUtf8)?;
            &flat
        }
        DataType::BinaryView => {
            flat = arrow_cast::cast(array, &DataType::LargeBinary)?;
            &flat
        }
        _ => array,
    };
    let rows = match array.data_type() {
        DataType::Utf8 => {
            let a = array.as_string::<i32>();
            RowsRef::Small(rows_of(a.value_offsets(), a.value_data(), a.nulls()))
        }
        DataType::LargeUtf8 => {
            let a = array.as_string::<i64>();
            RowsRef::Large(rows_of(a.value_offsets(), a.value_data(), a.nulls()))
        }
        DataType::Binary => {
            let a = array.as_binary::<i32>();
            RowsRef::Small(rows_of(a.value_offsets(), a.value_data(), a.nulls()))
        }
        DataType::LargeBinary => {
            let a = array.as_binary::<i64>();
            RowsRef::Large(rows_of(a.value_offsets(), a.value_data(), a.nulls()))
        }
        other => return Err(Failure::Type(not_coded(other))),
    };
    match rows {
        RowsRef::Small(r) => job.run_rows(&r, false, on_error),
        RowsRef::Large(r) => job.run_rows(&r, !view, on_error),
    }
}

/// Reads `values` (an Arrow array or stream), runs `chunk` on each chunk with the GIL
/// released, and hands back an array or chunked array.
fn apply<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    profile: &str,
    chunk: impl Fn(&ArrayRef) -> Result<ArrayRef, Failure> + Sync,
) -> PyResult<Bound<'py, PyAny>> {
    let column = columns::read(values)?;
    let out = columns::run(py, &column.chunks, profile, chunk)?;
    columns::answer(py, column, out, None)
}

/// `pctenc.arrow.parse_query(values, profile, *, map, **options)`: the library's
/// `query-parse` over each chunk.
#[pyfunction]
#[pyo3(signature = (values, profile=None, *, map=false, **options))]
fn arrow_parse_query<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    profile: Option<&str>,
    map: bool,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options_text(Op::QueryParse, profile, options)?;
    let p = o.query_parser();
    let job = Job::Parse { parser: &p, map };
    let on_error = o.on_error();
    apply(py, values, o.base_profile().name(), |c| run_chunk(job, c, on_error))
}

/// `pctenc.arrow.query_param(values, key, profile, *, all, **options)`: the library's
/// `query-param` (`query-param-all` with `all`) over each chunk.
#[pyfunction]
#[pyo3(signature = (values, key, profile=None, *, all=false, **options))]
fn arrow_query_param<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    key: &str,
    profile: Option<&str>,
    all: bool,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let op = if all { Op::QueryParamAll } else { Op::QueryParam };
    let o = names::options_text(op, profile, options)?;
    let p = o.query_parser();
    let job = if all { Job::All { parser: &p, key } } else { Job::First { parser: &p, key } };
    let on_error = o.on_error();
    apply(py, values, o.base_profile().name(), |c| run_chunk(job, c, on_error))
}

/// The pairs' names and values of a `list<struct<...>>` or map chunk, as string columns of one
/// offset width: the struct's fields `key` and `value` (else its first two), views and mixed
/// widths cast to `large_string`, a null struct entry made a null name.
fn pair_columns(entries: &ArrayRef) -> Result<(ArrayRef, ArrayRef), Failure> {
    let not_pairs = || {
        Failure::Type(format!(
            "pctenc.arrow.build_query takes list<struct<key: string, value: string>> or \
             map<string, string> columns, not list<{}>",
            entries.data_type().to_string().to_lowercase()
        ))
    };
    if *entries.data_type() == DataType::Null {
        // `pa.array([[]])`: lists that hold no pair (or only nulls, which are left out).
        let none = arrow_array::new_null_array(&DataType::Utf8, entries.len());
        return Ok((none.clone(), none));
    }
    let s = entries.as_struct_opt().ok_or_else(not_pairs)?;
    let (k, v) = match (s.column_by_name("key"), s.column_by_name("value")) {
        (Some(k), Some(v)) => (k.clone(), v.clone()),
        _ if s.num_columns() >= 2 => (s.column(0).clone(), s.column(1).clone()),
        _ => return Err(not_pairs()),
    };
    let text =
        |t: &DataType| matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View);
    if !text(k.data_type()) || !text(v.data_type()) {
        return Err(not_pairs());
    }
    let (k, v) = if k.data_type() == v.data_type() && *k.data_type() != DataType::Utf8View {
        (k, v)
    } else {
        (arrow_cast::cast(&k, &DataType::LargeUtf8)?, arrow_cast::cast(&v, &DataType::LargeUtf8)?)
    };
    let k = match s.nulls() {
        Some(n) if n.null_count() > 0 => {
            let merged = NullBuffer::union(Some(n), k.nulls());
            arrow_array::make_array(k.to_data().into_builder().nulls(merged).build()?)
        }
        _ => k,
    };
    Ok((k, v))
}

/// Builds the rows of one list or map chunk; `large`: 64-bit output first.
fn build_rows<L: Offset>(
    b: &Builder,
    offsets: &[L],
    nulls: Option<&NullBuffer>,
    entries: &ArrayRef,
    large: bool,
) -> Result<ArrayRef, Failure> {
    let (k, v) = pair_columns(entries)?;
    fn run<L: Offset, O: Offset + OffsetSizeTrait, P: Offset + OffsetSizeTrait>(
        b: &Builder,
        offsets: &[L],
        nulls: Option<&NullBuffer>,
        k: &ArrayRef,
        v: &ArrayRef,
    ) -> Result<ArrayRef, Failure> {
        let (k, v) = (k.as_string::<O>(), v.as_string::<O>());
        let keys = rows_of(k.value_offsets(), k.value_data(), k.nulls());
        let values = rows_of(v.value_offsets(), v.value_data(), v.nulls());
        let mut rows = PairRows::new(offsets, keys, values);
        if let Some(n) = nulls {
            rows = rows.with_validity(n.inner().values(), n.inner().offset());
        }
        Ok(string_array(column::build::<L, O, P>(b, &rows)?, false)?)
    }
    let small = *k.data_type() == DataType::Utf8;
    let go = |wide: bool| match (small, wide) {
        (true, false) => run::<L, i32, i32>(b, offsets, nulls, &k, &v),
        (true, true) => run::<L, i32, i64>(b, offsets, nulls, &k, &v),
        (false, false) => run::<L, i64, i32>(b, offsets, nulls, &k, &v),
        (false, true) => run::<L, i64, i64>(b, offsets, nulls, &k, &v),
    };
    if !large {
        match go(false) {
            Err(Failure::Batch(BatchError::Overflow { .. })) => {}
            other => return other,
        }
    }
    go(true)
}

fn build_chunk(b: &Builder, array: &ArrayRef) -> Result<ArrayRef, Failure> {
    match array.data_type() {
        DataType::List(_) => {
            let l = array.as_list::<i32>();
            build_rows(b, l.value_offsets(), l.nulls(), l.values(), false)
        }
        DataType::LargeList(_) => {
            let l = array.as_list::<i64>();
            build_rows(b, l.value_offsets(), l.nulls(), l.values(), true)
        }
        DataType::Map(..) => {
            let m = array.as_map();
            let entries: ArrayRef = Arc::new(m.entries().clone());
            build_rows(b, m.value_offsets(), m.nulls(), &entries, false)
        }
        other => Err(Failure::Type(format!(
            "pctenc.arrow.build_query takes list<struct<key: string, value: string>> or \
             map<string, string> columns, not {}",
            other.to_string().to_lowercase()
        ))),
    }
}

/// `pctenc.arrow.build_query(values, profile, **options)`: the library's `query-build` for
/// each row.
#[pyfunction]
#[pyo3(signature = (values, profile=None, **options))]
fn arrow_build_query<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    profile: Option<&str>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options_text(Op::QueryBuild, profile, options)?;
    let b = builder(&o)?;
    apply(py, values, o.base_profile().name(), |c| build_chunk(&b, c))
}

/// The pairs of one value: `[(name, value), ...]`, the library's `query-parse` (the native
/// half of `pctenc.query.parse`); `None` where `on_error="null"` drops the value.
#[pyfunction]
#[pyo3(signature = (data, profile=None, **options))]
fn query_parse<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    profile: Option<&str>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = names::options_text(Op::QueryParse, profile, options)?;
    let value = text(data, "data")?;
    let pairs = match o.run(value.bytes()) {
        Ok(pctenc::options::Output::Pairs(pairs)) => pairs,
        Ok(pctenc::options::Output::Null) => return Ok(py.None().into_bound(py)),
        Ok(_) => return Err(PyTypeError::new_err("internal: query-parse gave no pairs")),
        Err(f) => return Err(failure(py, &f, value.bytes(), &o)),
    };
    let list = PyList::empty(py);
    for (k, v) in pairs {
        list.append(PyTuple::new(py, [k, v])?)?;
    }
    Ok(list.into_any())
}

/// The query string of `(name, value)` pairs of str or bytes: the library's `query-build`.
#[pyfunction]
#[pyo3(signature = (pairs, profile=None, **options))]
fn query_build(
    pairs: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    profile: Option<&str>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let b = builder(&names::options_text(Op::QueryBuild, profile, options)?)?;
    let parts = pairs
        .iter()
        .map(|(k, v)| Ok((text(k, "a name")?.bytes(), text(v, "a value")?.bytes())))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(b.build(parts))
}

/// The one value of a string column whose rows all hold it (no nulls, at least one row), else
/// `None`: how the SQL adapters see at once that an argument (`'q'`, `'form'`) is a constant,
/// where a hash of every row per batch cost more than the query itself.
#[pyfunction]
fn arrow_constant(values: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    fn same<'a>(mut rows: impl Iterator<Item = Option<&'a str>>) -> Option<String> {
        let first = rows.next()??;
        rows.all(|r| r == Some(first)).then(|| first.to_owned())
    }
    let AnyArray::Array(a) = values.extract::<AnyArray>()? else {
        return Ok(None);
    };
    let (array, _) = a.into_inner();
    Ok(match array.data_type() {
        DataType::Utf8 => same(array.as_string::<i32>().iter()),
        DataType::LargeUtf8 => same(array.as_string::<i64>().iter()),
        DataType::Utf8View => same(array.as_string_view().iter()),
        _ => None,
    })
}
