//! Registration: a table of overloads becomes DuckDB function sets, one set per SQL name,
//! each overload in every argument count it takes. The codec functions ([`crate::functions`])
//! and the query functions ([`crate::query`]) are two tables of this one shape; each says
//! only its types and its callbacks.

use std::ffi::{c_void, CString};
use std::ops::RangeInclusive;

use libduckdb_sys::{
    duckdb_bind_info, duckdb_connection, duckdb_data_chunk, duckdb_function_info,
    duckdb_logical_type, duckdb_scalar_function, duckdb_vector, DUCKDB_TYPE,
};

use crate::api::api;

/// One overload of a SQL function, as DuckDB registers it.
pub(crate) trait Overload: Sync + 'static {
    /// Called once per call site; reads the overload back with [`extra_info`].
    const BIND: unsafe extern "C" fn(duckdb_bind_info);
    /// Called once per vector.
    const EXECUTE: unsafe extern "C" fn(duckdb_function_info, duckdb_data_chunk, duckdb_vector);

    /// The SQL name. A table keeps the overloads of one name together.
    fn name(&self) -> &'static str;
    /// The argument counts it is registered with.
    fn arities(&self) -> RangeInclusive<usize>;
    /// The SQL type of argument `index` (the caller destroys it).
    ///
    /// # Safety
    /// After [`crate::api::init`].
    unsafe fn parameter(&self, index: usize) -> duckdb_logical_type;
    /// The SQL type of the result (the caller destroys it).
    ///
    /// # Safety
    /// After [`crate::api::init`].
    unsafe fn returns(&self) -> duckdb_logical_type;
}

/// Registers every overload of `table` on `con`.
///
/// # Safety
/// `con` must be a live connection and [`crate::api::init`] must have succeeded.
pub(crate) unsafe fn register<F: Overload>(
    con: duckdb_connection,
    table: &'static [F],
) -> Result<(), String> {
    let t = api();
    let mut i = 0;
    while i < table.len() {
        let name = table[i].name();
        let cname = CString::new(name).expect("no NUL");
        // SAFETY: table entries checked at load; the set and the functions are created,
        // handed to DuckDB (which copies them) and destroyed here.
        unsafe {
            let mut set = (t.duckdb_create_scalar_function_set.unwrap_unchecked())(cname.as_ptr());
            while i < table.len() && table[i].name() == name {
                for args in table[i].arities() {
                    let mut sf = overload(&table[i], args);
                    (t.duckdb_add_scalar_function_to_set.unwrap_unchecked())(set, sf);
                    (t.duckdb_destroy_scalar_function.unwrap_unchecked())(&mut sf);
                }
                i += 1;
            }
            let state = (t.duckdb_register_scalar_function_set.unwrap_unchecked())(con, set);
            (t.duckdb_destroy_scalar_function_set.unwrap_unchecked())(&mut set);
            if state != libduckdb_sys::DuckDBSuccess {
                return Err(format!("DuckDB refused to register {name}"));
            }
        }
    }
    Ok(())
}

/// One overload of `function` with `args` arguments.
///
/// # Safety
/// As [`register`].
unsafe fn overload<F: Overload>(function: &'static F, args: usize) -> duckdb_scalar_function {
    let t = api();
    let name = CString::new(function.name()).expect("no NUL");
    // SAFETY: table entries checked at load; each logical type is destroyed after DuckDB has
    // copied it into the function; `function` is 'static, so the extra info (a pointer to
    // it, never freed) outlives every call.
    unsafe {
        let sf = (t.duckdb_create_scalar_function.unwrap_unchecked())();
        (t.duckdb_scalar_function_set_name.unwrap_unchecked())(sf, name.as_ptr());
        for a in 0..args {
            let mut ty = function.parameter(a);
            (t.duckdb_scalar_function_add_parameter.unwrap_unchecked())(sf, ty);
            (t.duckdb_destroy_logical_type.unwrap_unchecked())(&mut ty);
        }
        let mut ret = function.returns();
        (t.duckdb_scalar_function_set_return_type.unwrap_unchecked())(sf, ret);
        (t.duckdb_destroy_logical_type.unwrap_unchecked())(&mut ret);
        (t.duckdb_scalar_function_set_extra_info.unwrap_unchecked())(
            sf,
            function as *const F as *mut c_void,
            None,
        );
        (t.duckdb_scalar_function_set_bind.unwrap_unchecked())(sf, Some(F::BIND));
        (t.duckdb_scalar_function_set_function.unwrap_unchecked())(sf, Some(F::EXECUTE));
        sf
    }
}

/// The overload a bind callback was registered for.
///
/// # Safety
/// `info` is the argument of an [`Overload::BIND`] of `F`, during the call.
pub(crate) unsafe fn extra_info<F: Overload>(info: duckdb_bind_info) -> &'static F {
    // SAFETY: `overload` set the extra info to a &'static F, never freed.
    unsafe {
        &*((api().duckdb_scalar_function_bind_get_extra_info.unwrap_unchecked())(info) as *const F)
    }
}

/// A logical type of one of DuckDB's simple type ids (the caller destroys it).
///
/// # Safety
/// After [`crate::api::init`].
pub(crate) unsafe fn simple(id: DUCKDB_TYPE) -> duckdb_logical_type {
    // SAFETY: table entry checked at load.
    unsafe { (api().duckdb_create_logical_type.unwrap_unchecked())(id) }
}
