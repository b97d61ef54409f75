//! pctenc as a DuckDB loadable extension: `pct_encode`, `pct_decode`, `pct_try_decode` and
//! the query functions in SQL, in every profile of the core, over whole DuckDB vectors.
//!
//! ```sql
//! LOAD 'target/duckdb/pctenc.duckdb_extension';   -- duckdb -unsigned
//! SELECT pct_decode(url)                   -- profile 'duckdb': url_decode, with offsets
//!      , pct_decode(q, 'form')             -- '+' is a space
//!      , pct_try_decode(path, 'rfc3986')   -- NULL where a '%' is malformed
//!      , pct_decode_blob(raw, 'rfc3986')   -- bytes that are not UTF-8, as a BLOB
//!      , pct_encode(name, 'rfc3986', 'lower=true')
//!      , pct_decode(q, 'profile=form, utf8=lossy')     -- the core's options text
//!      , pct_query_param(url, 'utm_source')            -- query strings as data
//!      , pct_parse_query(url, 'form', 'input=url')     -- STRUCT(key, value)[]
//! FROM logs;
//! ```
//!
//! The tour, in the order of the data:
//!
//! - [`api`]: the host's C API function table, copied at `LOAD` (C API `v1.5.6`, which
//!   DuckDB 1.5.6 and 2.x both serve, so one binary loads in both).
//! - [`functions`]: the SQL functions, their overloads, and the bind and execute callbacks;
//!   `register` turns a table of overloads (these, and the query functions') into DuckDB's
//!   function sets.
//! - [`plan`]: the profile and options of a call, resolved through the core's options model
//!   (`pctenc::options`) once per call site when they are constants.
//! - [`vector`]: DuckDB's string vectors read into the core's batch layout and written back.
//! - [`run`]: one vector through the core's batch API (`pctenc::batch`), and error messages
//!   that name the function, profile, value and byte offset.
//! - [`query`]: the query functions (`pct_query_param`, `pct_parse_query`,
//!   `pct_build_query`...) over the core's query column API (`pctenc::query::column`), and
//!   [`list`]: the LIST and STRUCT vectors they read and write.
//!
//! `scripts/build/duckdb.sh` builds the shared library and appends the 512-byte metadata
//! footer DuckDB checks at `LOAD` (ABI `C_STRUCT`, C API version [`api::C_API_VERSION`], the
//! extension version from the workspace's `Cargo.toml`). DuckDB loads an unsigned extension
//! only when started with `-unsigned` (CLI) or `allow_unsigned_extensions` (clients).

pub mod api;
pub mod functions;
pub mod list;
pub mod plan;
pub mod query;
mod register;
pub mod run;
pub mod vector;

use std::ffi::CString;

use libduckdb_sys::{duckdb_extension_access, duckdb_extension_info};

/// The version of this extension: the workspace's, as the footer carries it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The entry point DuckDB calls at `LOAD` (`<file stem>_init_c_api`): reads the host's
/// function table, connects to the database that loads us, registers the functions.
/// Returns false, with an error set through `access`, when any step fails.
///
/// # Safety
/// Called by DuckDB only, with the arguments its extension loader passes.
#[no_mangle]
pub unsafe extern "C" fn pctenc_init_c_api(
    info: duckdb_extension_info,
    access: *const duckdb_extension_access,
) -> bool {
    let result = std::panic::catch_unwind(|| {
        // SAFETY: DuckDB's own arguments, during the entry point (this function's contract).
        unsafe { load(info, access) }
    })
    .unwrap_or_else(|_| Err("pctenc: internal error (panic) at LOAD".to_string()));
    match result {
        Ok(()) => true,
        Err(msg) => {
            let msg = CString::new(msg.replace('\0', "\\0")).expect("NULs replaced");
            // SAFETY: as above; DuckDB copies the message.
            if let Some(set_error) = unsafe { (*access).set_error } {
                // SAFETY: DuckDB's callback, with its info and a NUL-terminated message.
                unsafe { set_error(info, msg.as_ptr()) };
            }
            false
        }
    }
}

/// # Safety
/// As [`pctenc_init_c_api`].
unsafe fn load(
    info: duckdb_extension_info,
    access: *const duckdb_extension_access,
) -> Result<(), String> {
    // SAFETY: the entry point's arguments.
    unsafe { api::init(info, access)? };
    let t = api::api();
    // SAFETY: the entry point's arguments; DuckDB's database handle, to which we connect
    // once to register the functions and then disconnect.
    unsafe {
        let db = (*access).get_database.ok_or("DuckDB gave no get_database callback")?(info);
        if db.is_null() {
            return Err("DuckDB gave no database".into());
        }
        let mut con = std::ptr::null_mut();
        if (t.duckdb_connect.unwrap_unchecked())(*db, &mut con) != libduckdb_sys::DuckDBSuccess {
            return Err("cannot connect to the database that loads pctenc".into());
        }
        let registered = functions::register(con).and_then(|()| query::register(con));
        (t.duckdb_disconnect.unwrap_unchecked())(&mut con);
        registered
    }
}
