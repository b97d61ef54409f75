//! Query strings as data in SQL: the core's query API ([`pctenc::query`]) over whole DuckDB
//! vectors, DuckDB having no URL functions but `url_encode` and `url_decode`.
//!
//! | function | arguments | returns |
//! |---|---|---|
//! | `pct_query_param` | `(url, key [, profile [, options]])` | VARCHAR: the first value of `key`, NULL when absent |
//! | `pct_query_param_all` | as `pct_query_param` | `VARCHAR[]`: every value of `key`, in order |
//! | `pct_parse_query` | `(url [, profile [, options]])` | `STRUCT(key VARCHAR, value VARCHAR)[]`: every pair, in order |
//! | `pct_build_query` | `(pairs [, profile [, options]])`, pairs a `STRUCT(key, value)[]` or a `MAP(VARCHAR, VARCHAR)` | VARCHAR |
//! | `pct_build_query_pairs` | as `pct_build_query`, for a `STRUCT(key, value)[]` | VARCHAR |
//!
//! and `pct_try_query_param`, `pct_try_query_param_all`, `pct_try_parse_query`, which give
//! NULL for a row that does not decode. The result of `pct_parse_query` is a list of pairs,
//! not a MAP, because a query may repeat a name (`a=1&a=2`) and a MAP may not; `map_from_entries`
//! makes one where the names are unique, and `pct_build_query` takes either. The names are
//! those of the Python adapter's functions (`pctenc.duckdb` without the extension), so SQL
//! written for one runs on the other, positionally: the adapter's macros also take the
//! options by name (`profile := ...`), which a C API function cannot.
//!
//! The options are the core's for the operations `query-param`, `query-param-all`,
//! `query-parse` and `query-build`, read as the codec functions read theirs (plan.rs): the
//! second argument is a profile name, or the compact options text when it holds a `=`
//! (`'profile=rfc3986, input=url'`); the third is the options text. An empty profile is the
//! core's default (`form`), as in the Python adapter. The rows' answers, NULLs and errors
//! are the core's column functions' ([`pctenc::query::column`]): NULL in gives NULL out; a
//! row without a query gives an empty list (and no value); `on_error` (default `raise`, `null`
//! for the `try` functions) says what a row that does not decode becomes, and picking a value
//! decodes only that value, so a malformed pair elsewhere in the URL is no error. An error
//! names the function, profile, value and byte offset in the value.

use std::ops::RangeInclusive;

use libduckdb_sys::{
    duckdb_bind_info, duckdb_connection, duckdb_data_chunk, duckdb_function_info,
    duckdb_logical_type, duckdb_vector, idx_t, DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
};
use pctenc::batch::{BatchError, OnError};
use pctenc::options::{Op as OptionsOp, Options};
use pctenc::query::column::{self, PairRows};
use pctenc::query::{Builder, Parser};

use crate::api::api;
use crate::functions::{constant_arg, finish_bind, guard_execute, Arg};
use crate::list::{read_pairs, write_list, write_pairs, write_strings};
use crate::plan::resolve;
use crate::register::{self, Overload};
use crate::run::{batch_message, error_row, with_scratch};
use crate::vector::{gather, scatter, set_null, strings, Gathered};

/// What a query function does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryOp {
    /// `pct_parse_query`: every pair.
    Parse,
    /// `pct_query_param`: the first value of a name.
    Param,
    /// `pct_query_param_all`: every value of a name.
    ParamAll,
    /// `pct_build_query`: pairs to a query string.
    Build,
}

/// The SQL type of a query function's first argument or result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    Text,
    Texts,
    Pairs,
    Map,
}

/// One query function overload.
#[derive(Debug)]
pub struct QueryFunction {
    /// The SQL name.
    pub name: &'static str,
    /// What it does.
    pub op: QueryOp,
    /// The `try` functions: a row that does not decode is NULL.
    pub try_: bool,
    input: Type,
}

const fn q(name: &'static str, op: QueryOp, try_: bool, input: Type) -> QueryFunction {
    QueryFunction { name, op, try_, input }
}

/// Every query function, by name (overloads of one name together).
pub static QUERY_FUNCTIONS: &[QueryFunction] = &[
    q("pct_parse_query", QueryOp::Parse, false, Type::Text),
    q("pct_try_parse_query", QueryOp::Parse, true, Type::Text),
    q("pct_query_param", QueryOp::Param, false, Type::Text),
    q("pct_try_query_param", QueryOp::Param, true, Type::Text),
    q("pct_query_param_all", QueryOp::ParamAll, false, Type::Text),
    q("pct_try_query_param_all", QueryOp::ParamAll, true, Type::Text),
    q("pct_build_query", QueryOp::Build, false, Type::Pairs),
    q("pct_build_query", QueryOp::Build, false, Type::Map),
    q("pct_build_query_pairs", QueryOp::Build, false, Type::Pairs),
];

impl QueryFunction {
    /// The index of the `key` argument (the pick functions), then of the profile.
    fn profile_arg(&self) -> usize {
        match self.op {
            QueryOp::Param | QueryOp::ParamAll => 2,
            QueryOp::Parse | QueryOp::Build => 1,
        }
    }

    fn output(&self) -> Type {
        match self.op {
            QueryOp::Parse => Type::Pairs,
            QueryOp::Param | QueryOp::Build => Type::Text,
            QueryOp::ParamAll => Type::Texts,
        }
    }

    fn options_op(&self) -> OptionsOp {
        match self.op {
            QueryOp::Parse => OptionsOp::QueryParse,
            QueryOp::Param => OptionsOp::QueryParam,
            QueryOp::ParamAll => OptionsOp::QueryParamAll,
            QueryOp::Build => OptionsOp::QueryBuild,
        }
    }
}

/// A resolved call of a query function.
#[derive(Clone, Debug)]
pub struct QueryPlan {
    /// The function called.
    pub function: &'static QueryFunction,
    /// The options, as the core resolved them.
    pub options: Options,
    parser: Parser,
    builder: Option<Builder>,
    key: String,
    on_error: OnError,
}

impl QueryPlan {
    /// Resolves `key` (the pick functions') and the profile and options arguments (`None`:
    /// not given; an empty profile is the core's default).
    ///
    /// # Errors
    /// The core's message for an unknown or misapplied option, prefixed with the function.
    pub fn new(
        function: &'static QueryFunction,
        key: Option<&str>,
        second: Option<&str>,
        third: Option<&str>,
    ) -> Result<QueryPlan, String> {
        let f = function.name;
        let err = |e: pctenc::options::OptionError| format!("{f}: {e}");
        let second = second.filter(|s| !s.trim().is_empty());
        let mut options = resolve(f, function.options_op(), second, third, None)?;
        if function.try_ {
            options.set("on_error", "null").map_err(err)?;
        }
        options.validate().map_err(err)?;
        let builder = match function.op {
            QueryOp::Build => Some(options.query_builder().map_err(|e| format!("{f}: {e}"))?),
            _ => None,
        };
        Ok(QueryPlan {
            function,
            parser: options.query_parser(),
            builder,
            key: key.unwrap_or("").to_owned(),
            on_error: options.on_error(),
            options,
        })
    }

    fn profile_name(&self) -> &'static str {
        self.options.base_profile().name()
    }

    fn fail(&self, input: &Gathered, from: usize, e: &BatchError) -> String {
        let value = input.row(from + error_row(e));
        batch_message(self.function.name, self.profile_name(), value, e)
    }
}

/// Registers every query function on `con`.
///
/// # Safety
/// As [`crate::functions::register`].
pub unsafe fn register(con: duckdb_connection) -> Result<(), String> {
    // SAFETY: this function's contract.
    unsafe { register::register(con, QUERY_FUNCTIONS) }
}

impl Overload for QueryFunction {
    const BIND: unsafe extern "C" fn(duckdb_bind_info) = bind;
    const EXECUTE: unsafe extern "C" fn(duckdb_function_info, duckdb_data_chunk, duckdb_vector) =
        execute;

    fn name(&self) -> &'static str {
        self.name
    }

    /// The URL or pairs (and the key); the profile; the options.
    fn arities(&self) -> RangeInclusive<usize> {
        self.profile_arg()..=self.profile_arg() + 2
    }

    unsafe fn parameter(&self, index: usize) -> duckdb_logical_type {
        // SAFETY: this function's contract.
        unsafe { logical(if index == 0 { self.input } else { Type::Text }) }
    }

    unsafe fn returns(&self) -> duckdb_logical_type {
        // SAFETY: this function's contract.
        unsafe { logical(self.output()) }
    }
}

/// The logical type of `ty` (the caller destroys it).
///
/// # Safety
/// After [`crate::api::init`].
unsafe fn logical(ty: Type) -> duckdb_logical_type {
    let t = api();
    // SAFETY: table entries checked at load; each intermediate type is destroyed after the
    // type made from it has copied it.
    unsafe {
        let text = || register::simple(DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
        match ty {
            Type::Text => text(),
            Type::Texts => {
                let mut item = text();
                let list = (t.duckdb_create_list_type.unwrap_unchecked())(item);
                (t.duckdb_destroy_logical_type.unwrap_unchecked())(&mut item);
                list
            }
            Type::Pairs => {
                let mut fields = [text(), text()];
                let mut names = [c"key".as_ptr(), c"value".as_ptr()];
                let mut pair = (t.duckdb_create_struct_type.unwrap_unchecked())(
                    fields.as_mut_ptr(),
                    names.as_mut_ptr(),
                    2,
                );
                let list = (t.duckdb_create_list_type.unwrap_unchecked())(pair);
                (t.duckdb_destroy_logical_type.unwrap_unchecked())(&mut pair);
                for f in &mut fields {
                    (t.duckdb_destroy_logical_type.unwrap_unchecked())(f);
                }
                list
            }
            Type::Map => {
                let (mut k, mut v) = (text(), text());
                let map = (t.duckdb_create_map_type.unwrap_unchecked())(k, v);
                (t.duckdb_destroy_logical_type.unwrap_unchecked())(&mut k);
                (t.duckdb_destroy_logical_type.unwrap_unchecked())(&mut v);
                map
            }
        }
    }
}

/// What bind decided for one call site (as functions.rs's `Bound`).
#[derive(Clone)]
enum Bound {
    Plan(Box<QueryPlan>),
    Null(&'static QueryFunction),
    PerRow(&'static QueryFunction),
}

unsafe extern "C" fn bind(info: duckdb_bind_info) {
    finish_bind(info, || {
        // SAFETY: `info` is this callback's, registered for a QueryFunction.
        let function: &'static QueryFunction = unsafe { register::extra_info(info) };
        let p = function.profile_arg();
        // SAFETY: `info` is this callback's.
        let args = unsafe {
            let key = if p == 2 { constant_arg(info, 1)? } else { Arg::Absent };
            [key, constant_arg(info, p)?, constant_arg(info, p + 1)?]
        };
        if args.iter().any(|a| matches!(a, Arg::NotConstant)) {
            return Ok(Bound::PerRow(function));
        }
        if args.iter().any(|a| matches!(a, Arg::Null)) {
            return Ok(Bound::Null(function));
        }
        let text = |a: &Arg| match a {
            Arg::Text(s) => Some(s.clone()),
            _ => None,
        };
        let [k, s, o] = args.each_ref().map(text);
        let plan = QueryPlan::new(function, k.as_deref(), s.as_deref(), o.as_deref())?;
        Ok(Bound::Plan(Box::new(plan)))
    })
}

unsafe extern "C" fn execute(
    info: duckdb_function_info,
    chunk: duckdb_data_chunk,
    output: duckdb_vector,
) {
    // SAFETY: the callback's own arguments; the bind data is the `Bound` of `bind`.
    guard_execute(info, || unsafe { execute_chunk(info, chunk, output) });
}

/// The input of one chunk: the strings of a URL column, or the pairs of a list column.
struct Input {
    urls: Gathered,
    offsets: Vec<i64>,
    rows: Vec<u8>,
    keys: Gathered,
    values: Gathered,
}

/// # Safety
/// The execute callback's arguments.
unsafe fn execute_chunk(
    info: duckdb_function_info,
    chunk: duckdb_data_chunk,
    output: duckdb_vector,
) -> Result<(), String> {
    let t = api();
    // SAFETY: table entries checked at load; the bind data is the `Bound` made by `bind`;
    // the chunk's vectors are flat and hold `n` rows.
    unsafe {
        let bound =
            (t.duckdb_scalar_function_get_bind_data.unwrap_unchecked())(info) as *const Bound;
        let bound = bound.as_ref().ok_or("pctenc: DuckDB lost the bound arguments")?;
        let n = (t.duckdb_data_chunk_get_size.unwrap_unchecked())(chunk) as usize;
        let vector = |i: idx_t| (t.duckdb_data_chunk_get_vector.unwrap_unchecked())(chunk, i);
        let function = match bound {
            Bound::Plan(p) => p.function,
            Bound::PerRow(f) => f,
            Bound::Null(f) => return nulls(output, f, 0, n),
        };
        with_scratch(|s| {
            let mut input = Input {
                urls: std::mem::take(&mut s.input),
                offsets: Vec::new(),
                rows: Vec::new(),
                keys: Gathered::default(),
                values: Gathered::default(),
            };
            if function.op == QueryOp::Build {
                read_pairs(
                    vector(0),
                    n,
                    &mut input.offsets,
                    &mut input.rows,
                    &mut input.keys,
                    &mut input.values,
                )?;
            } else {
                gather(vector(0), n, &mut input.urls);
            }
            let result = match bound {
                Bound::Plan(plan) => run(plan, &input, 0, n, output),
                _ => {
                    let columns =
                        (t.duckdb_data_chunk_get_column_count.unwrap_unchecked())(chunk) as usize;
                    let args: Vec<_> =
                        (1..columns).map(|c| strings(vector(c as idx_t), n)).collect();
                    per_row(function, &args, &input, output)
                }
            };
            s.input = input.urls;
            result
        })
    }
}

/// Rows `from..to` of a query function's result made NULL.
///
/// # Safety
/// `output` is the execute callback's result vector, of `function`'s result type.
unsafe fn nulls(
    output: duckdb_vector,
    function: &QueryFunction,
    from: usize,
    to: usize,
) -> Result<(), String> {
    // SAFETY: the caller's vector, of the function's result type.
    unsafe {
        match function.output() {
            Type::Text => {
                set_null(output, from, to);
                Ok(())
            }
            _ => write_list(output, from, &vec![0; to - from + 1], |_| false, |_, _| {}),
        }
    }
}

/// Rows whose key, profile or options come from columns (`args`: the chunk's columns after
/// the first): runs of rows with equal arguments, one plan each; a NULL argument makes the
/// row NULL.
///
/// # Safety
/// As [`run`].
unsafe fn per_row(
    function: &'static QueryFunction,
    args: &[Vec<Option<&[u8]>>],
    input: &Input,
    output: duckdb_vector,
) -> Result<(), String> {
    let n = if function.op == QueryOp::Build { input.offsets.len() - 1 } else { input.urls.len() };
    let row = |i: usize| args.iter().map(move |a| a[i]);
    let mut from = 0;
    while from < n {
        let mut to = from + 1;
        while to < n && row(to).eq(row(from)) {
            to += 1;
        }
        let given: Option<Vec<&[u8]>> = row(from).collect();
        match given {
            // SAFETY: rows `from..to` of the callback's result vector.
            None => unsafe { nulls(output, function, from, to)? },
            Some(given) => {
                let text: Vec<String> =
                    given.iter().map(|b| String::from_utf8_lossy(b).into_owned()).collect();
                let arg = |i: usize| text.get(i).map(String::as_str);
                let plan = if function.profile_arg() == 2 {
                    QueryPlan::new(function, arg(0), arg(1), arg(2))?
                } else {
                    QueryPlan::new(function, None, arg(0), arg(1))?
                };
                // SAFETY: rows `from..to` of the callback's result vector.
                unsafe { run(&plan, input, from, to, output)? };
            }
        }
        from = to;
    }
    Ok(())
}

/// Rows `from..to` of `input` through `plan`, into the same rows of `output`.
///
/// # Safety
/// `output` must be the execute callback's live result vector, of the function's type.
unsafe fn run(
    plan: &QueryPlan,
    input: &Input,
    from: usize,
    to: usize,
    output: duckdb_vector,
) -> Result<(), String> {
    let fail = |e: BatchError| plan.fail(&input.urls, from, &e);
    // SAFETY: the caller's contract; each writer is given rows `from..to`.
    unsafe {
        match plan.function.op {
            QueryOp::Param => {
                let rows = input.urls.slice(from, to);
                let out = column::first::<i64, i64>(&plan.parser, &rows, &plan.key, plan.on_error)
                    .map_err(fail)?;
                scatter(&out, output, from);
            }
            QueryOp::ParamAll => {
                let rows = input.urls.slice(from, to);
                let out = column::all::<i64, i64>(&plan.parser, &rows, &plan.key, plan.on_error)
                    .map_err(fail)?;
                write_list(
                    output,
                    from,
                    &out.offsets,
                    |i| out.is_valid(i),
                    |child, base| write_strings(&out.items, child, base),
                )?;
            }
            QueryOp::Parse => {
                let rows = input.urls.slice(from, to);
                let out =
                    column::parse::<i64, i64>(&plan.parser, &rows, plan.on_error).map_err(fail)?;
                write_list(
                    output,
                    from,
                    &out.offsets,
                    |i| out.is_valid(i),
                    |child, base| write_pairs(&out.items.keys, &out.items.values, child, base),
                )?;
            }
            QueryOp::Build => {
                let builder = plan.builder.as_ref().ok_or("pctenc: no query builder")?;
                let rows = PairRows::new(
                    &input.offsets[from..=to],
                    input.keys.rows(),
                    input.values.rows(),
                )
                .with_validity(&input.rows, from);
                let out = column::build::<i64, i64, i64>(builder, &rows).map_err(|e| {
                    batch_message(plan.function.name, plan.profile_name(), None, &e)
                })?;
                scatter(&out, output, from);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(name: &str) -> &'static QueryFunction {
        QUERY_FUNCTIONS.iter().find(|f| f.name == name).unwrap()
    }

    #[test]
    fn options_are_the_cores_with_an_empty_profile_the_default() {
        let p = QueryPlan::new(function("pct_query_param"), Some("q"), Some(""), None).unwrap();
        assert_eq!((p.profile_name(), p.on_error), ("form", OnError::Raise));
        let p = QueryPlan::new(
            function("pct_query_param"),
            Some("q"),
            Some("profile=rfc3986, input=url"),
            None,
        )
        .unwrap();
        assert_eq!((p.profile_name(), p.options.input()), ("rfc3986", pctenc::query::Input::Url));
        let p = QueryPlan::new(function("pct_try_parse_query"), None, Some("rfc3986"), Some(""))
            .unwrap();
        assert_eq!(p.on_error, OnError::Null);
        let e =
            QueryPlan::new(function("pct_parse_query"), None, None, Some("input=uri")).unwrap_err();
        assert!(e.starts_with("pct_parse_query: unknown input 'uri'"), "{e}");
        let e = QueryPlan::new(function("pct_parse_query"), None, None, Some("utf8=bytes"))
            .unwrap_err();
        assert!(e.contains("names and values are text"), "{e}");
        let e =
            QueryPlan::new(function("pct_build_query"), None, Some("url-query"), None).unwrap_err();
        assert!(e.contains("it keeps '%'"), "{e}");
        let e = QueryPlan::new(function("pct_build_query"), None, None, Some("malformed=strict"))
            .unwrap_err();
        assert!(e.contains("query-build has no option malformed"), "{e}");
    }
}
