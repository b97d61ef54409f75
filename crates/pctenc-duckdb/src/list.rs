//! DuckDB LIST vectors in and out, for the query functions: a list of pairs
//! (`STRUCT(key VARCHAR, value VARCHAR)[]`, or a `MAP(VARCHAR, VARCHAR)`, which DuckDB keeps
//! in the same layout) and a list of strings (`VARCHAR[]`).
//!
//! A LIST vector is an array of 16-byte entries (`offset`, `length`, both `u64`) into one
//! child vector that holds the items of every row; a STRUCT vector holds one child vector per
//! field, and its own validity. Writing appends a vector's items to the child (after what it
//! already holds), then writes each row's entry; the strings of the items go in through
//! [`scatter`], as every result string does. Reading copies the pairs of each row, in row
//! order, into two [`Gathered`] columns (names and values) whose offsets the core's
//! [`PairRows`](pctenc::query::column::PairRows) reads.
//!
//! DuckDB's C API flattens the top level of a scalar function's input; the child of a LIST
//! and the fields of a STRUCT are flat vectors in DuckDB's layout (a list's items are always
//! materialized in its child), which is what [`read_pairs`] reads.

use libduckdb_sys::{duckdb_list_entry, duckdb_string_t, duckdb_vector, idx_t};
use pctenc::batch::Output;

use crate::api::api;
use crate::vector::{scatter, string_bytes, Gathered};

/// Writes `n` list rows (`offsets`: `n + 1` item offsets from 0; `valid(i)`: row `i` is not
/// null) into the LIST vector `vector` from row `at`; `items` items in all, which
/// `write_items(child, base)` writes into the child vector from its row `base` on.
///
/// # Safety
/// `vector` must be the callback's live, flat LIST result vector with room for `at + n`
/// rows; `write_items` must write exactly rows `base..base + items` of the child it is given.
pub unsafe fn write_list(
    vector: duckdb_vector,
    at: usize,
    offsets: &[i64],
    valid: impl Fn(usize) -> bool,
    write_items: impl FnOnce(duckdb_vector, usize),
) -> Result<(), String> {
    let t = api();
    let n = offsets.len() - 1;
    let items = offsets[n] as usize;
    // SAFETY: table entries checked at load; the caller's contract for `vector`. The child is
    // asked for after `reserve`, which may reallocate its buffers; the entries array holds
    // `at + n` rows.
    unsafe {
        let base = (t.duckdb_list_vector_get_size.unwrap_unchecked())(vector) as usize;
        let state =
            (t.duckdb_list_vector_reserve.unwrap_unchecked())(vector, (base + items) as idx_t);
        if state != libduckdb_sys::DuckDBSuccess {
            return Err(format!("pctenc: DuckDB could not make room for {items} list items"));
        }
        let child = (t.duckdb_list_vector_get_child.unwrap_unchecked())(vector);
        write_items(child, base);
        (t.duckdb_list_vector_set_size.unwrap_unchecked())(vector, (base + items) as idx_t);
        let entries =
            (t.duckdb_vector_get_data.unwrap_unchecked())(vector) as *mut duckdb_list_entry;
        let mut mask: *mut u64 = std::ptr::null_mut();
        for i in 0..n {
            let (a, b) = (offsets[i] as u64, offsets[i + 1] as u64);
            entries.add(at + i).write(duckdb_list_entry { offset: base as u64 + a, length: b - a });
            if !valid(i) {
                if mask.is_null() {
                    (t.duckdb_vector_ensure_validity_writable.unwrap_unchecked())(vector);
                    mask = (t.duckdb_vector_get_validity.unwrap_unchecked())(vector);
                }
                (t.duckdb_validity_set_row_invalid.unwrap_unchecked())(mask, (at + i) as idx_t);
            }
        }
    }
    Ok(())
}

/// Writes string items (never null) into a VARCHAR child vector from row `base`.
///
/// # Safety
/// As [`scatter`]: `child` has room for `base + items.len()` rows (the list was reserved).
pub unsafe fn write_strings(items: &Output<i64>, child: duckdb_vector, base: usize) {
    // SAFETY: the caller's contract.
    unsafe { scatter(items, child, base) }
}

/// Writes pairs (names and values, never null) into a `STRUCT(key, value)` child vector
/// from row `base`.
///
/// # Safety
/// As [`write_strings`], for both fields.
pub unsafe fn write_pairs(
    keys: &Output<i64>,
    values: &Output<i64>,
    child: duckdb_vector,
    base: usize,
) {
    let t = api();
    // SAFETY: the caller's contract; a STRUCT(key, value) vector has fields 0 and 1, each as
    // long as the struct.
    unsafe {
        let field = |i: idx_t| (t.duckdb_struct_vector_get_child.unwrap_unchecked())(child, i);
        scatter(keys, field(0), base);
        scatter(values, field(1), base);
    }
}

/// A flat vector's validity, `None` when every row is valid.
///
/// # Safety
/// `vector` must be live, with at least `n` rows.
unsafe fn validity<'v>(vector: duckdb_vector, n: usize) -> Option<&'v [u64]> {
    // SAFETY: the caller's contract: a mask is NULL or `n.div_ceil(64)` words.
    unsafe {
        let mask = (api().duckdb_vector_get_validity.unwrap_unchecked())(vector);
        (!mask.is_null()).then(|| std::slice::from_raw_parts(mask, n.div_ceil(64)))
    }
}

fn valid(mask: Option<&[u64]>, i: usize) -> bool {
    mask.is_none_or(|w| w[i / 64] >> (i % 64) & 1 == 1)
}

/// The lists of pairs of the first `n` rows of a `STRUCT(key, value)[]` or `MAP` vector:
/// `offsets` (`n + 1`, from 0) into the pairs copied to `keys` and `values` in row order,
/// `rows` the rows' validity as an Arrow bitmap (cleared and refilled). A null pair, or a null name or value,
/// is a null row of `keys` or `values` (the core's builder leaves such a pair out).
///
/// # Errors
/// A list entry that points outside its child vector (never, from DuckDB).
///
/// # Safety
/// `vector` must be a live, flat LIST vector of `n` rows whose child is a flat STRUCT of
/// two VARCHAR fields.
pub unsafe fn read_pairs(
    vector: duckdb_vector,
    n: usize,
    offsets: &mut Vec<i64>,
    rows: &mut Vec<u8>,
    keys: &mut Gathered,
    values: &mut Gathered,
) -> Result<(), String> {
    let t = api();
    offsets.clear();
    offsets.push(0);
    rows.clear();
    rows.resize(n.div_ceil(8), 0);
    keys.clear();
    values.clear();
    // SAFETY: the caller's contract: `n` entries, a child of `size` structs, each field
    // `size` strings; every index read is checked against those lengths.
    unsafe {
        let entries = std::slice::from_raw_parts(
            (t.duckdb_vector_get_data.unwrap_unchecked())(vector) as *const duckdb_list_entry,
            n,
        );
        let mask = validity(vector, n);
        let child = (t.duckdb_list_vector_get_child.unwrap_unchecked())(vector);
        let size = (t.duckdb_list_vector_get_size.unwrap_unchecked())(vector) as usize;
        let pair_mask = validity(child, size);
        let field = |i: idx_t| {
            let v = (t.duckdb_struct_vector_get_child.unwrap_unchecked())(child, i);
            let data = (t.duckdb_vector_get_data.unwrap_unchecked())(v) as *const duckdb_string_t;
            (std::slice::from_raw_parts(data, size), validity(v, size))
        };
        let ((k, k_mask), (v, v_mask)) = (field(0), field(1));
        for (i, e) in entries.iter().enumerate() {
            let ok = valid(mask, i);
            if ok {
                rows[i / 8] |= 1 << (i % 8);
                let (from, len) = (e.offset as usize, e.length as usize);
                if from.checked_add(len).is_none_or(|to| to > size) {
                    return Err("pctenc: a list entry points outside its items".into());
                }
                for j in from..from + len {
                    let pair = valid(pair_mask, j);
                    let key = (pair && valid(k_mask, j)).then(|| string_bytes(&k[j]));
                    keys.push(key);
                    let value = (pair && valid(v_mask, j)).then(|| string_bytes(&v[j]));
                    values.push(value);
                }
            }
            offsets.push(keys.len() as i64);
        }
    }
    Ok(())
}
