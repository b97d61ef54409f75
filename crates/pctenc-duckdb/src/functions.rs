//! The SQL functions: their overloads, registration, and the two callbacks DuckDB calls
//! (bind once per call site, execute once per vector).
//!
//! | function | overloads (one, two or three arguments) | returns |
//! |---|---|---|
//! | `pct_encode` | `(VARCHAR [, profile [, options]])`, `(BLOB [, ...])` | VARCHAR |
//! | `pct_decode` | `(VARCHAR [, ...])` / `(BLOB [, ...])` | VARCHAR / BLOB |
//! | `pct_try_decode` | as `pct_decode`, a bad value gives NULL | VARCHAR / BLOB |
//! | `pct_decode_blob`, `pct_try_decode_blob` | `(VARCHAR or BLOB [, ...])` | BLOB |
//! | `pct_encode_blob` | `(BLOB [, ...])` | VARCHAR |
//!
//! `profile` and `options` are VARCHAR. The `_blob` names are those of the Python adapter's
//! functions (`pctenc.duckdb`'s fallback), so SQL written for one runs on the other; decoding
//! a VARCHAR to a BLOB is how bytes that are not UTF-8 come out of text (`%FF`), where a
//! VARCHAR result would be an error.
//!
//! **Bind.** When `profile` and `options` are constants (DuckDB folds them), bind resolves
//! them into a [`Plan`] once: an unknown profile or option fails the query before a row is
//! read, and every vector runs that plan, reading its rows where DuckDB keeps them
//! (`run::run_in_place`). A NULL constant makes every row NULL (SQL's NULL
//! in, NULL out). Otherwise the arguments are columns: each vector is cut into runs of rows
//! with the same profile and options, one plan and one batch call per run.
//!
//! **Execute.** DuckDB calls it from several threads at once (one per pipeline), each with
//! its own vector; the only shared state is the bound plan, which is read-only, and each
//! thread's buffers are its own (`run::with_scratch`). A panic never unwinds into DuckDB: it
//! becomes the query's error.

use std::ffi::{c_void, CStr, CString};
use std::ops::RangeInclusive;
use std::panic::{catch_unwind, AssertUnwindSafe};

use libduckdb_sys::{
    duckdb_bind_info, duckdb_connection, duckdb_data_chunk, duckdb_function_info,
    duckdb_logical_type, duckdb_vector, idx_t, DUCKDB_TYPE, DUCKDB_TYPE_DUCKDB_TYPE_BLOB,
    DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
};
use pctenc::batch::OnError;

use crate::api::api;
use crate::plan::{Function, Kind, Op, Plan};
use crate::register::{self, Overload};
use crate::run::{in_place, run, run_in_place, with_scratch};
use crate::vector::{gather, scatter, set_null, strings, Results, Strings};

const fn f(name: &'static str, op: Op, input: Kind, output: Kind, on_error: OnError) -> Function {
    Function { name, op, input, output, on_error, raw: false }
}

/// A `_blob` decoder: bytes out by default (plan.rs).
const fn blob(name: &'static str, input: Kind, on_error: OnError) -> Function {
    Function { name, op: Op::Decode, input, output: Kind::Bytes, on_error, raw: true }
}

use Kind::{Bytes, Text};
use OnError::{Null, Raise};

/// Every overload, by name; each is registered with one, two and three arguments.
pub static FUNCTIONS: &[Function] = &[
    f("pct_encode", Op::Encode, Text, Text, Raise),
    f("pct_encode", Op::Encode, Bytes, Text, Raise),
    f("pct_decode", Op::Decode, Text, Text, Raise),
    f("pct_decode", Op::Decode, Bytes, Bytes, Raise),
    f("pct_try_decode", Op::Decode, Text, Text, Null),
    f("pct_try_decode", Op::Decode, Bytes, Bytes, Null),
    blob("pct_decode_blob", Text, Raise),
    blob("pct_decode_blob", Bytes, Raise),
    blob("pct_try_decode_blob", Text, Null),
    blob("pct_try_decode_blob", Bytes, Null),
    f("pct_encode_blob", Op::Encode, Bytes, Text, Raise),
    #[cfg(feature = "bench-identity")]
    f("pct_identity", Op::Identity, Text, Text, Raise),
];

/// Registers every function on `con`.
///
/// # Safety
/// `con` must be a live connection and [`crate::api::init`] must have succeeded.
pub unsafe fn register(con: duckdb_connection) -> Result<(), String> {
    // SAFETY: this function's contract.
    unsafe { register::register(con, FUNCTIONS) }
}

impl Overload for Function {
    const BIND: unsafe extern "C" fn(duckdb_bind_info) = bind;
    const EXECUTE: unsafe extern "C" fn(duckdb_function_info, duckdb_data_chunk, duckdb_vector) =
        execute;

    fn name(&self) -> &'static str {
        self.name
    }

    /// The value; the profile; the options.
    fn arities(&self) -> RangeInclusive<usize> {
        1..=3
    }

    unsafe fn parameter(&self, index: usize) -> duckdb_logical_type {
        let kind = if index == 0 { self.input } else { Kind::Text };
        // SAFETY: this function's contract.
        unsafe { register::simple(sql_type(kind)) }
    }

    unsafe fn returns(&self) -> duckdb_logical_type {
        // SAFETY: this function's contract.
        unsafe { register::simple(sql_type(self.output)) }
    }
}

fn sql_type(k: Kind) -> DUCKDB_TYPE {
    match k {
        Kind::Text => DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
        Kind::Bytes => DUCKDB_TYPE_DUCKDB_TYPE_BLOB,
    }
}

/// What bind decided for one call site (DuckDB's bind data: [`finish_bind`]).
#[derive(Clone)]
enum Bound {
    /// Constant arguments: one plan for every row.
    Plan(Box<Plan>),
    /// A constant NULL profile or options: every row is NULL.
    Null,
    /// Profile or options from columns: plans per run of rows.
    PerRow(&'static Function),
}

/// A constant argument, as bind sees it.
pub(crate) enum Arg {
    Absent,
    Null,
    Text(String),
    NotConstant,
}

/// Reads argument `index` at bind: its folded value when it is a constant.
///
/// # Safety
/// `info` must be the bind callback's.
pub(crate) unsafe fn constant_arg(info: duckdb_bind_info, index: usize) -> Result<Arg, String> {
    let t = api();
    // SAFETY: table entries checked at load; every object DuckDB hands out here (context,
    // expression, value, error data, string) is destroyed or freed before returning.
    unsafe {
        if index as idx_t
            >= (t.duckdb_scalar_function_bind_get_argument_count.unwrap_unchecked())(info)
        {
            return Ok(Arg::Absent);
        }
        let mut expr =
            (t.duckdb_scalar_function_bind_get_argument.unwrap_unchecked())(info, index as idx_t);
        let arg = if !(t.duckdb_expression_is_foldable.unwrap_unchecked())(expr) {
            Ok(Arg::NotConstant)
        } else {
            let mut ctx = std::ptr::null_mut();
            (t.duckdb_scalar_function_get_client_context.unwrap_unchecked())(info, &mut ctx);
            let mut value = std::ptr::null_mut();
            let mut err = (t.duckdb_expression_fold.unwrap_unchecked())(ctx, expr, &mut value);
            let arg = if (t.duckdb_error_data_has_error.unwrap_unchecked())(err) {
                let msg = (t.duckdb_error_data_message.unwrap_unchecked())(err);
                Err(CStr::from_ptr(msg).to_string_lossy().into_owned())
            } else if (t.duckdb_is_null_value.unwrap_unchecked())(value) {
                Ok(Arg::Null)
            } else {
                let s = (t.duckdb_get_varchar.unwrap_unchecked())(value);
                let text = CStr::from_ptr(s).to_string_lossy().into_owned();
                (t.duckdb_free.unwrap_unchecked())(s as *mut c_void);
                Ok(Arg::Text(text))
            };
            if !err.is_null() {
                (t.duckdb_destroy_error_data.unwrap_unchecked())(&mut err);
            }
            if !value.is_null() {
                (t.duckdb_destroy_value.unwrap_unchecked())(&mut value);
            }
            (t.duckdb_destroy_client_context.unwrap_unchecked())(&mut ctx);
            arg
        };
        (t.duckdb_destroy_expression.unwrap_unchecked())(&mut expr);
        arg
    }
}

unsafe extern "C" fn bind(info: duckdb_bind_info) {
    finish_bind(info, || {
        // SAFETY: `info` is this callback's, registered for a Function.
        let function: &'static Function = unsafe { register::extra_info(info) };
        // SAFETY: `info` is this callback's.
        let (profile, options) = unsafe { (constant_arg(info, 1)?, constant_arg(info, 2)?) };
        Ok(match (profile, options) {
            (Arg::NotConstant, _) | (_, Arg::NotConstant) => Bound::PerRow(function),
            (Arg::Null, _) | (_, Arg::Null) => Bound::Null,
            (p, o) => {
                let text = |a: &Arg| match a {
                    Arg::Text(s) => Some(s.clone()),
                    _ => None,
                };
                Bound::Plan(Box::new(Plan::new(
                    *function,
                    text(&p).as_deref(),
                    text(&o).as_deref(),
                )?))
            }
        })
    })
}

/// Ends a bind callback with what `decide` bound: DuckDB owns it as the call site's bind
/// data, which it copies (a bound expression is copied by the optimizer, and a copy has no
/// bind data unless a copy callback makes one) and frees through [`copy_bound`] and
/// [`drop_bound`]. An error or a panic fails the query with its message.
pub(crate) fn finish_bind<T: Clone>(
    info: duckdb_bind_info,
    decide: impl FnOnce() -> Result<T, String>,
) {
    let bound = match catch_unwind(AssertUnwindSafe(decide)) {
        Ok(Ok(b)) => b,
        Ok(Err(msg)) => return bind_error(info, &msg),
        Err(_) => return bind_error(info, "pctenc: internal error (panic) at bind"),
    };
    let t = api();
    let data = Box::into_raw(Box::new(bound)) as *mut c_void;
    // SAFETY: the bind callback's info; DuckDB owns the box from here, copies it with
    // `copy_bound::<T>` and frees it with `drop_bound::<T>`.
    unsafe {
        (t.duckdb_scalar_function_set_bind_data.unwrap_unchecked())(
            info,
            data,
            Some(drop_bound::<T>),
        );
        (t.duckdb_scalar_function_set_bind_data_copy.unwrap_unchecked())(
            info,
            Some(copy_bound::<T>),
        );
    };
}

unsafe extern "C" fn copy_bound<T: Clone>(data: *mut c_void) -> *mut c_void {
    // SAFETY: `data` is a box of a `T` made in `finish_bind` or here, alive while DuckDB
    // copies it.
    let bound = unsafe { &*(data as *const T) };
    Box::into_raw(Box::new(bound.clone())) as *mut c_void
}

unsafe extern "C" fn drop_bound<T>(data: *mut c_void) {
    // SAFETY: `data` is a box of a `T` made in `finish_bind` or `copy_bound`, freed once,
    // here.
    drop(unsafe { Box::from_raw(data as *mut T) });
}

pub(crate) fn bind_error(info: duckdb_bind_info, msg: &str) {
    let msg = CString::new(msg.replace('\0', "\\0")).expect("NULs replaced");
    // SAFETY: the bind callback's info; DuckDB copies the message.
    unsafe { (api().duckdb_scalar_function_bind_set_error.unwrap_unchecked())(info, msg.as_ptr()) };
}

unsafe extern "C" fn execute(
    info: duckdb_function_info,
    chunk: duckdb_data_chunk,
    output: duckdb_vector,
) {
    // SAFETY: the callback's own arguments, live during the call; the bind data is the
    // `Bound` boxed in `bind`.
    guard_execute(info, || unsafe { execute_chunk(info, chunk, output) });
}

/// Runs the body of an execute callback: its error, or a panic (which never unwinds into
/// DuckDB), becomes the query's error.
pub(crate) fn guard_execute(info: duckdb_function_info, body: impl FnOnce() -> Result<(), String>) {
    let msg = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => return,
        Ok(Err(msg)) => msg,
        Err(_) => "pctenc: internal error (panic)".to_string(),
    };
    set_callback_error(info, &msg);
}

/// Fails the query of an execute callback with `msg`.
pub(crate) fn set_callback_error(info: duckdb_function_info, msg: &str) {
    let msg = CString::new(msg.replace('\0', "\\0")).expect("NULs replaced");
    // SAFETY: the execute callback's info; DuckDB copies the message.
    unsafe { (api().duckdb_scalar_function_set_error.unwrap_unchecked())(info, msg.as_ptr()) };
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
    // the chunk's vectors are flat and hold `n` rows (see vector.rs), and `output` is the
    // callback's result vector, written only through one `Results` or `scatter` at a time.
    unsafe {
        let bound =
            (t.duckdb_scalar_function_get_bind_data.unwrap_unchecked())(info) as *const Bound;
        let bound = bound.as_ref().ok_or("pctenc: DuckDB lost the bound arguments")?;
        let n = (t.duckdb_data_chunk_get_size.unwrap_unchecked())(chunk) as usize;
        let vector = |i: idx_t| (t.duckdb_data_chunk_get_vector.unwrap_unchecked())(chunk, i);
        match bound {
            Bound::Null => {
                set_null(output, 0, n);
                Ok(())
            }
            Bound::Plan(plan) => with_scratch(|s| {
                // Rows read where DuckDB keeps them and written where it keeps the result,
                // when the plan runs per value.
                if in_place(plan) {
                    let results = Results::new(output, n);
                    return run_in_place(plan, &Strings::new(vector(0), n), &mut s.values, results);
                }
                gather(vector(0), n, &mut s.input);
                run(plan, &s.input, 0, n, &mut s.output)?;
                scatter(&s.output, output, 0);
                Ok(())
            }),
            Bound::PerRow(function) => {
                let columns = (t.duckdb_data_chunk_get_column_count.unwrap_unchecked())(chunk);
                let profiles = strings(vector(1), n);
                let options = (columns > 2).then(|| strings(vector(2), n));
                with_scratch(|s| {
                    gather(vector(0), n, &mut s.input);
                    per_row(function, &profiles, options.as_deref(), s, output)
                })
            }
        }
    }
}

/// Rows whose profile and options come from columns (`options`: `None` for the
/// two-argument form): runs of equal arguments, one plan each.
///
/// # Safety
/// `output` is the execute callback's result vector.
unsafe fn per_row(
    function: &'static Function,
    profiles: &[Option<&[u8]>],
    options: Option<&[Option<&[u8]>]>,
    s: &mut crate::run::Scratch,
    output: duckdb_vector,
) -> Result<(), String> {
    let n = profiles.len();
    // The two-argument form has no options column: its rows are as if given "" but for the
    // second argument's reading as options text (see plan.rs), so it stays `None`.
    let option = |i: usize| options.map(|o| o[i]);
    let mut from = 0;
    while from < n {
        let key = (profiles[from], option(from));
        let mut to = from + 1;
        while to < n && (profiles[to], option(to)) == key {
            to += 1;
        }
        match key {
            (Some(p), None | Some(Some(_))) => {
                let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
                let o = key.1.flatten().map(text);
                let plan = Plan::new(*function, Some(&text(p)), o.as_deref())?;
                run(&plan, &s.input, from, to, &mut s.output)?;
                // SAFETY: rows `from..to` of the callback's result vector.
                unsafe { scatter(&s.output, output, from) };
            }
            // SAFETY: as above.
            _ => unsafe { set_null(output, from, to) },
        }
        from = to;
    }
    Ok(())
}
