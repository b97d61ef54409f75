//! The host's function table: the only way this extension calls DuckDB.
//!
//! A loadable extension links nothing from DuckDB. At `LOAD`, DuckDB calls the entry point
//! with a `get_api` callback that returns a struct of function pointers for the C API
//! version asked for (`duckdb_ext_api_v1`, laid out in bands: v1.2.0, then v1.5.6). That
//! struct lives only while the entry point runs, so [`init`] copies it once into a static
//! and every later call reads the copy through [`api`].
//!
//! We ask for [`C_API_VERSION`] (`v1.5.6`): the band that holds bind callbacks, constant
//! folding of arguments and the string assignment without a second UTF-8 check. A host
//! older than that (DuckDB 1.5.5 and before) answers NULL and the load fails with a message
//! saying which version is needed, instead of reading past its table. DuckDB 2.x hosts
//! serve the same two bands at the same offsets (its new functions come after them), which
//! is why one binary loads in 1.5.6 and 2.0 (`scripts/test.d/46-duckdb.sh` loads it in
//! both).
//!
//! `libduckdb-sys`'s own initialiser copies every pointer of its table into per-function
//! statics; copying the struct whole is the same thing in one move, and [`init`] then checks
//! that every pointer this crate uses was given (a host that serves the version must give
//! them all; a missing one fails the load rather than a query).

use std::ffi::{c_char, CString};
use std::sync::OnceLock;

use libduckdb_sys::{duckdb_ext_api_v1, duckdb_extension_access, duckdb_extension_info};

/// The C API version this extension is built against, and asks the host for. Also the
/// version that `scripts/build/duckdb.sh` writes into the metadata footer.
pub const C_API_VERSION: &str = "v1.5.6";

static API: OnceLock<duckdb_ext_api_v1> = OnceLock::new();

/// The function table, once [`init`] has stored it.
///
/// # Panics
/// Before [`init`] succeeded: DuckDB calls nothing of ours before that.
pub fn api() -> &'static duckdb_ext_api_v1 {
    API.get().expect("pctenc: DuckDB's function table is read at LOAD")
}

/// Every table entry the extension calls, checked present at load.
macro_rules! used {
    ($($name:ident),* $(,)?) => {
        fn missing(t: &duckdb_ext_api_v1) -> Option<&'static str> {
            $(if t.$name.is_none() { return Some(stringify!($name)); })*
            None
        }
    };
}

used!(
    duckdb_connect,
    duckdb_disconnect,
    duckdb_create_logical_type,
    duckdb_destroy_logical_type,
    duckdb_create_scalar_function,
    duckdb_destroy_scalar_function,
    duckdb_scalar_function_set_name,
    duckdb_scalar_function_add_parameter,
    duckdb_scalar_function_set_return_type,
    duckdb_scalar_function_set_function,
    duckdb_scalar_function_set_extra_info,
    duckdb_scalar_function_get_extra_info,
    duckdb_scalar_function_set_error,
    duckdb_scalar_function_set_bind,
    duckdb_scalar_function_bind_set_error,
    duckdb_scalar_function_get_client_context,
    duckdb_scalar_function_set_bind_data,
    duckdb_scalar_function_set_bind_data_copy,
    duckdb_scalar_function_get_bind_data,
    duckdb_scalar_function_bind_get_argument_count,
    duckdb_scalar_function_bind_get_argument,
    duckdb_scalar_function_bind_get_extra_info,
    duckdb_create_scalar_function_set,
    duckdb_destroy_scalar_function_set,
    duckdb_add_scalar_function_to_set,
    duckdb_register_scalar_function_set,
    duckdb_destroy_client_context,
    duckdb_destroy_expression,
    duckdb_expression_is_foldable,
    duckdb_expression_fold,
    duckdb_error_data_has_error,
    duckdb_error_data_message,
    duckdb_destroy_error_data,
    duckdb_is_null_value,
    duckdb_get_varchar,
    duckdb_destroy_value,
    duckdb_free,
    duckdb_data_chunk_get_size,
    duckdb_data_chunk_get_vector,
    duckdb_data_chunk_get_column_count,
    duckdb_vector_get_data,
    duckdb_vector_get_validity,
    duckdb_vector_ensure_validity_writable,
    duckdb_validity_set_row_invalid,
    duckdb_unsafe_vector_assign_string_element_len,
    duckdb_create_list_type,
    duckdb_create_struct_type,
    duckdb_create_map_type,
    duckdb_list_vector_get_child,
    duckdb_list_vector_get_size,
    duckdb_list_vector_set_size,
    duckdb_list_vector_reserve,
    duckdb_struct_vector_get_child,
);

/// Copies the host's table; `Err` says why the extension cannot run on this host.
///
/// # Safety
/// `info` and `access` must be what DuckDB passed to the entry point, during that call.
pub unsafe fn init(
    info: duckdb_extension_info,
    access: *const duckdb_extension_access,
) -> Result<(), String> {
    let version = CString::new(C_API_VERSION).expect("no NUL");
    // SAFETY: `access` is DuckDB's, valid during the entry point (the caller's contract).
    let get_api = unsafe { (*access).get_api }.ok_or("DuckDB gave no get_api callback")?;
    // SAFETY: DuckDB's callback, called as its header documents: the info it gave and a
    // NUL-terminated version string that outlives the call.
    let table = unsafe { get_api(info, version.as_ptr() as *const c_char) };
    if table.is_null() {
        return Err(format!(
            "pctenc needs DuckDB's C extension API {C_API_VERSION} (DuckDB 1.5.6 or newer)"
        ));
    }
    // SAFETY: a host that accepted `C_API_VERSION` returns a table holding at least the
    // v1.2.0 and v1.5.6 bands, which is exactly `duckdb_ext_api_v1` as bound by
    // libduckdb-sys; it is read once, by value, while it is alive.
    let table = unsafe { *(table as *const duckdb_ext_api_v1) };
    if let Some(name) = missing(&table) {
        return Err(format!("DuckDB's function table has no {name}"));
    }
    // A second LOAD in the same process finds the same host's table already stored.
    let _ = API.set(table);
    Ok(())
}
