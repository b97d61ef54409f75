//! DuckDB vectors in and out: the unsafe edge between DuckDB's memory and the core's batch
//! API.
//!
//! A VARCHAR or BLOB vector is an array of 16-byte `duckdb_string_t` (a length, then the
//! bytes inline when there are at most 12 of them, else a prefix and a pointer) and a
//! validity mask of 64-bit words, bit `i % 64` of word `i / 64` set when row `i` is present
//! (no mask at all when every row is). [`Strings`] reads each row where DuckDB keeps it (the
//! per-value path of constant arguments); [`gather`] copies one vector's strings into a
//! [`Gathered`] column (values, offsets, Arrow validity bytes: the layout of
//! [`pctenc::batch::Rows`]) for the batch API, reusing its buffers from vector to vector
//! (arguments from columns, the query functions); [`scatter`] writes a
//! batch [`Output`] back into DuckDB's result vector (its bytes copied into the vector's own
//! string heap in one assignment, each row's entry pointed into that copy) and NULL where
//! the output row is null. [`Results`] writes the result vector the same way, but row by
//! row as the rows are made (the per-value path), so that no offsets are kept in between.
//!
//! Scalar function input arrives flattened (DuckDB's C API flattens constant and dictionary
//! vectors before the callback), so row `i` of the chunk is entry `i` of the array.

use libduckdb_sys::{
    duckdb_string_t, duckdb_string_t__bindgen_ty_1, duckdb_string_t__bindgen_ty_1__bindgen_ty_1,
    duckdb_string_t__bindgen_ty_1__bindgen_ty_2, duckdb_vector, idx_t,
};
use pctenc::batch::{Output, Rows};

use crate::api::api;

/// One input column in the batch API's layout, buffers kept between vectors.
#[derive(Default)]
pub struct Gathered {
    values: Vec<u8>,
    offsets: Vec<i64>,
    validity: Vec<u8>,
    has_nulls: bool,
}

/// Buffers larger than this after a vector are freed rather than kept for the next one, so
/// that one vector of huge values does not pin their size on the thread for good.
const KEEP_BYTES: usize = 16 << 20;

impl Gathered {
    /// The gathered rows.
    pub fn rows(&self) -> Rows<'_, i64> {
        let rows = Rows::new(&self.offsets, &self.values);
        if self.has_nulls {
            rows.with_validity(&self.validity, 0)
        } else {
            rows
        }
    }

    /// Rows `from..to` of the gathered column (their offsets, the shared values).
    pub fn slice(&self, from: usize, to: usize) -> Rows<'_, i64> {
        let rows = Rows::new(&self.offsets[from..=to], &self.values);
        if self.has_nulls {
            rows.with_validity(&self.validity, from)
        } else {
            rows
        }
    }

    /// Row `i`'s bytes (`None` if null).
    pub fn row(&self, i: usize) -> Option<&[u8]> {
        if self.has_nulls && self.validity[i / 8] >> (i % 8) & 1 == 0 {
            return None;
        }
        Some(&self.values[self.offsets[i] as usize..self.offsets[i + 1] as usize])
    }

    /// Empties the column, buffers kept, for [`Gathered::push`].
    pub fn clear(&mut self) {
        self.values.clear();
        self.offsets.clear();
        self.offsets.push(0);
        self.validity.clear();
        self.has_nulls = false;
    }

    /// Appends one row (`None`: null) after [`Gathered::clear`].
    pub fn push(&mut self, row: Option<&[u8]>) {
        let i = self.offsets.len() - 1;
        if i.is_multiple_of(8) {
            self.validity.push(0);
        }
        match row {
            Some(bytes) => {
                self.values.extend_from_slice(bytes);
                self.validity[i / 8] |= 1 << (i % 8);
            }
            None => self.has_nulls = true,
        }
        self.offsets.push(self.values.len() as i64);
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Frees oversized buffers (more than 16 MiB kept after a vector).
    pub fn trim(&mut self) {
        if self.values.capacity() > KEEP_BYTES {
            self.values = Vec::new();
        }
    }
}

/// Copies the first `n` rows of the string vector `vector` into `into`.
///
/// # Safety
/// `vector` must be a flat VARCHAR or BLOB vector of at least `n` rows, alive for the call.
pub unsafe fn gather(vector: duckdb_vector, n: usize, into: &mut Gathered) {
    let t = api();
    into.values.clear();
    into.offsets.clear();
    into.offsets.reserve(n + 1);
    into.offsets.push(0);
    // SAFETY: the caller's contract: a live string vector of `n` rows, whose data is an array
    // of `n` `duckdb_string_t` and whose validity is NULL or `n.div_ceil(64)` words.
    let (strings, mask) = unsafe {
        let data = (t.duckdb_vector_get_data.unwrap_unchecked())(vector) as *const duckdb_string_t;
        let mask = (t.duckdb_vector_get_validity.unwrap_unchecked())(vector);
        let mask = (!mask.is_null()).then(|| std::slice::from_raw_parts(mask, n.div_ceil(64)));
        (std::slice::from_raw_parts(data, n), mask)
    };
    into.has_nulls = mask.is_some();
    if let Some(words) = mask {
        into.validity.clear();
        into.validity.extend(words.iter().flat_map(|w| w.to_le_bytes()));
    }
    let total: usize = strings.iter().map(string_len).sum();
    into.values.reserve(total);
    for (i, s) in strings.iter().enumerate() {
        // A NULL row's entry is not a string: nothing is read from it.
        let valid = mask.is_none_or(|w| w[i / 64] >> (i % 64) & 1 == 1);
        if valid {
            // SAFETY: a valid row's entry is a string of DuckDB's, alive for the call.
            into.values.extend_from_slice(unsafe { string_bytes(s) });
        }
        into.offsets.push(into.values.len() as i64);
    }
}

/// A string vector read where DuckDB keeps it: row `i`'s bytes straight from its entry (inline
/// or behind the pointer), nothing copied.
#[derive(Clone, Copy)]
pub struct Strings<'v> {
    entries: &'v [duckdb_string_t],
    mask: Option<&'v [u64]>,
}

impl<'v> Strings<'v> {
    /// The first `n` rows of the string vector `vector`.
    ///
    /// # Safety
    /// As [`gather`]; the view borrows the vector's memory, which must outlive it.
    pub unsafe fn new(vector: duckdb_vector, n: usize) -> Self {
        let t = api();
        // SAFETY: as in `gather`.
        unsafe {
            let data =
                (t.duckdb_vector_get_data.unwrap_unchecked())(vector) as *const duckdb_string_t;
            let mask = (t.duckdb_vector_get_validity.unwrap_unchecked())(vector);
            let mask = (!mask.is_null()).then(|| std::slice::from_raw_parts(mask, n.div_ceil(64)));
            Strings { entries: std::slice::from_raw_parts(data, n), mask }
        }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Row `i`'s bytes (`None` if null).
    #[inline]
    pub fn row(&self, i: usize) -> Option<&'v [u8]> {
        if self.mask.is_some_and(|w| w[i / 64] >> (i % 64) & 1 == 0) {
            return None;
        }
        // SAFETY: a valid row's entry of the live vector (`new`'s contract).
        Some(unsafe { string_bytes(&self.entries[i]) })
    }
}

/// The length of a string entry (its first four bytes, in either form).
fn string_len(s: &duckdb_string_t) -> usize {
    // SAFETY: both union members start with the same `u32` length.
    unsafe { s.value.inlined.length as usize }
}

/// The bytes of a string entry.
///
/// # Safety
/// `s` must be a valid entry of a live vector (not a NULL row's).
pub unsafe fn string_bytes(s: &duckdb_string_t) -> &[u8] {
    let len = string_len(s);
    // SAFETY: DuckDB's layout: up to 12 bytes are inline after the length, longer strings
    // are behind the pointer, which stays valid while the vector lives (the caller's).
    unsafe {
        if len <= 12 {
            std::slice::from_raw_parts(s.value.inlined.inlined.as_ptr() as *const u8, len)
        } else {
            std::slice::from_raw_parts(s.value.pointer.ptr as *const u8, len)
        }
    }
}

/// The first `n` rows of a string vector, `None` for NULL (for the profile and options
/// arguments when they are columns).
///
/// # Safety
/// As [`gather`]; the slices borrow the vector's memory.
pub unsafe fn strings<'v>(vector: duckdb_vector, n: usize) -> Vec<Option<&'v [u8]>> {
    let t = api();
    // SAFETY: as in `gather`.
    unsafe {
        let data = (t.duckdb_vector_get_data.unwrap_unchecked())(vector) as *const duckdb_string_t;
        let mask = (t.duckdb_vector_get_validity.unwrap_unchecked())(vector);
        let valid = |i: usize| mask.is_null() || *mask.add(i / 64) >> (i % 64) & 1 == 1;
        (0..n).map(|i| valid(i).then(|| string_bytes(&*data.add(i)))).collect()
    }
}

/// Writes `out`'s rows into the result vector `vector` from row `at` on.
///
/// DuckDB's C API assigns strings one at a time, each a call that allocates in the vector's
/// string heap and copies (measured: most of what a function that returns its input costs per
/// row, more than decoding). So the whole output is assigned once, as one string at row `at`,
/// which copies it into the vector's heap in one allocation, and then every row's entry is
/// written to point into that copy: a length and the first four bytes, then the address, or
/// the bytes inline when there are at most 12 (DuckDB compares short strings by their inline
/// form, so they must be inline). The heap belongs to the vector, so the bytes live exactly
/// as long as DuckDB keeps the rows; DuckDB's own vectors share one allocation between
/// strings in the same way. An output too large for one string (4 GiB) is assigned row by
/// row instead.
///
/// # Safety
/// `vector` must be the callback's live, flat VARCHAR or BLOB result vector with room for
/// `at + out.len()` rows. For VARCHAR, every valid row of `out` must be UTF-8 (neither path
/// checks it; the batch API's text runs guarantee it).
pub unsafe fn scatter(out: &Output<i64>, vector: duckdb_vector, at: usize) {
    let t = api();
    // SAFETY: table entries checked present at load (api::init).
    let assign = unsafe { t.duckdb_unsafe_vector_assign_string_element_len.unwrap_unchecked() };
    let values = &out.values;
    if u32::try_from(values.len()).is_err() {
        for i in (0..out.len()).filter(|&i| out.is_valid(i)) {
            let row = out.row(i);
            // SAFETY: a row index inside the vector (the caller's contract) and a byte range
            // of `out`, which DuckDB copies before returning.
            unsafe {
                assign(vector, (at + i) as idx_t, row.as_ptr() as *const _, row.len() as idx_t)
            };
        }
    } else {
        // SAFETY: as above; `data` is the vector's array of entries, at least `at + out.len()`
        // long. The one assigned string is the vector's copy of `values` (or, at most 12
        // bytes, inline, and then every row is inline too); each entry written points inside
        // it, at a row's bytes, which are UTF-8 for VARCHAR.
        unsafe {
            let data =
                (t.duckdb_vector_get_data.unwrap_unchecked())(vector) as *mut duckdb_string_t;
            let mut heap = values.as_ptr();
            if values.len() > 12 {
                assign(vector, at as idx_t, values.as_ptr() as *const _, values.len() as idx_t);
                heap = (*data.add(at)).value.pointer.ptr as *const u8;
            }
            for i in 0..out.len() {
                let (a, b) = (out.offsets[i] as usize, out.offsets[i + 1] as usize);
                data.add(at + i).write(entry(&values[a..b], heap.add(a)));
            }
        }
    }
    // SAFETY: the caller's contract, as above.
    unsafe { set_nulls(out, vector, at) };
}

/// A result vector written where DuckDB keeps it, row by row, as the rows are made.
///
/// Each row's bytes are appended to a buffer of the caller's, and [`Results::set`] writes the
/// row's entry at once, while its bytes are still in cache: a length and the bytes inline
/// when there are at most 12 of them, else a length, the first four bytes, and the row's
/// offset in the buffer where the address goes. [`Results::publish`] then copies the whole
/// buffer into the vector's string heap in one assignment (as [`scatter`] does) and turns
/// each offset into the address of the row's copy. So a vector costs one pass over its rows
/// and one copy of its bytes, with no offsets kept in between.
///
/// Until `publish`, the long rows' entries hold offsets, not addresses: a callback that fails
/// calls [`Results::clear`] (or drops the writer, which does) before DuckDB sees the vector.
pub struct Results<'v> {
    vector: duckdb_vector,
    entries: &'v mut [duckdb_string_t],
    /// Whether the vector's validity mask was made writable already.
    nulls: bool,
    published: bool,
}

impl<'v> Results<'v> {
    /// The first `n` rows of the result vector `vector`.
    ///
    /// # Safety
    /// `vector` must be the callback's live, flat VARCHAR or BLOB result vector, with room for
    /// `n` rows, and nothing else may write its entries while the writer lives. For VARCHAR,
    /// the rows published must be UTF-8 (nothing here checks it).
    pub unsafe fn new(vector: duckdb_vector, n: usize) -> Self {
        // SAFETY: the caller's contract: the vector's data is an array of at least `n`
        // entries, ours to write for `'v`.
        let entries = unsafe {
            let data =
                (api().duckdb_vector_get_data.unwrap_unchecked())(vector) as *mut duckdb_string_t;
            std::slice::from_raw_parts_mut(data, n)
        };
        Results { vector, entries, nulls: false, published: false }
    }

    /// Row `i` is `values[start..]`, the end of the buffer that [`Results::publish`] will get.
    #[inline(always)]
    pub fn set(&mut self, i: usize, values: &[u8], start: usize) {
        self.entries[i] = entry(&values[start..], std::ptr::without_provenance(start));
    }

    /// Row `i` is NULL.
    pub fn set_null(&mut self, i: usize) {
        self.entries[i] = entry(&[], std::ptr::null());
        let t = api();
        // SAFETY: the vector is the live result vector (`new`'s contract); the mask is made
        // writable once, then row `i`, inside the vector, is cleared in it.
        unsafe {
            if !self.nulls {
                (t.duckdb_vector_ensure_validity_writable.unwrap_unchecked())(self.vector);
                self.nulls = true;
            }
            let mask = (t.duckdb_vector_get_validity.unwrap_unchecked())(self.vector);
            (t.duckdb_validity_set_row_invalid.unwrap_unchecked())(mask, i as idx_t);
        }
    }

    /// Empties every entry (a failed callback's vector holds no offsets).
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = entry(&[], std::ptr::null()));
    }

    /// Copies `values`, the buffer every [`Results::set`] was given, into the vector's string
    /// heap and points each long row's entry at its copy. An output too large for one string
    /// (4 GiB) is assigned row by row instead.
    pub fn publish(mut self, values: &[u8]) {
        self.published = true;
        // No entry holds an offset unless some row is longer than 12 bytes.
        if values.len() <= 12 {
            return;
        }
        let t = api();
        // SAFETY: table entries checked present at load (api::init).
        let assign = unsafe { t.duckdb_unsafe_vector_assign_string_element_len.unwrap_unchecked() };
        // From here the entries are reached through a raw pointer only: DuckDB writes one.
        let entries = self.entries.as_mut_ptr();
        let n = self.entries.len();
        if u32::try_from(values.len()).is_err() {
            for i in 0..n {
                // SAFETY: entry `i` of the `n` (`new`'s contract).
                let (len, at) = long_entry(unsafe { &*entries.add(i) });
                if len > 12 {
                    let row = &values[at..at + len];
                    // SAFETY: a row of the live vector (`new`'s contract) and a byte range of
                    // `values`, which DuckDB copies before returning; it writes the entry.
                    unsafe { assign(self.vector, i as idx_t, row.as_ptr().cast(), len as idx_t) };
                }
            }
            return;
        }
        // The whole buffer as row 0's string: DuckDB copies it into the vector's heap in one
        // allocation and points row 0's entry at the copy, which is read, then row 0's own
        // entry is put back. The heap belongs to the vector, so the bytes live exactly as long
        // as DuckDB keeps the rows; DuckDB's own vectors share one allocation between strings
        // in the same way.
        // SAFETY: row 0 of the live vector (`n` > 0, as some row made bytes) and all of `values`
        // (more than 12 bytes), which DuckDB copies; the entry it writes is
        // a pointer entry. Then every entry `i < n` is read and, if long, its pointer (which
        // `set` made the row's offset in `values`) becomes the same offset in the heap's
        // copy, which is as long as `values`: the row's bytes there. Both union members start
        // with the length.
        unsafe {
            let first = entries.read();
            assign(self.vector, 0, values.as_ptr().cast(), values.len() as idx_t);
            let heap = (*entries).value.pointer.ptr as *const u8;
            entries.write(first);
            for i in 0..n {
                let e = &mut *entries.add(i);
                if e.value.inlined.length > 12 {
                    e.value.pointer.ptr = heap.add(e.value.pointer.ptr.addr()) as *mut _;
                }
            }
        }
    }
}

impl Drop for Results<'_> {
    fn drop(&mut self) {
        if !self.published {
            self.clear();
        }
    }
}

/// A long entry's length and the offset `set` put in its pointer.
fn long_entry(e: &duckdb_string_t) -> (usize, usize) {
    let len = string_len(e);
    // SAFETY: an entry longer than 12 bytes is a pointer entry.
    let at = if len > 12 { unsafe { e.value.pointer.ptr.addr() } } else { 0 };
    (len, at)
}

/// A string entry for `bytes`, whose copy in the vector's heap is at `copy`.
#[inline(always)]
fn entry(bytes: &[u8], copy: *const u8) -> duckdb_string_t {
    let length = bytes.len() as u32;
    if let Some(head) = bytes.first_chunk::<4>().filter(|_| bytes.len() > 12) {
        duckdb_string_t {
            value: duckdb_string_t__bindgen_ty_1 {
                pointer: duckdb_string_t__bindgen_ty_1__bindgen_ty_1 {
                    length,
                    prefix: head.map(|b| b as std::ffi::c_char),
                    ptr: copy as *mut _,
                },
            },
        }
    } else {
        // At most 12 bytes, in two overlapping moves where there are 4 or more (no loop).
        let mut inlined = [0; 12];
        let n = bytes.len().min(12);
        let w = match n {
            8.. => 8,
            4.. => 4,
            _ => n,
        };
        put(&mut inlined, 0, &bytes[..w]);
        put(&mut inlined, n - w, &bytes[n - w..n]);
        duckdb_string_t {
            value: duckdb_string_t__bindgen_ty_1 {
                inlined: duckdb_string_t__bindgen_ty_1__bindgen_ty_2 { length, inlined },
            },
        }
    }
}

/// `src` into `dst` from `at` on, as C chars.
#[inline(always)]
fn put(dst: &mut [std::ffi::c_char; 12], at: usize, src: &[u8]) {
    dst[at..at + src.len()].iter_mut().zip(src).for_each(|(p, &b)| *p = b as std::ffi::c_char);
}

/// Marks the null rows of `out` NULL in the result vector, from row `at` on.
///
/// # Safety
/// As [`scatter`].
unsafe fn set_nulls(out: &Output<i64>, vector: duckdb_vector, at: usize) {
    if out.null_count == 0 {
        return;
    }
    let t = api();
    // SAFETY: as in `scatter`; the mask is made writable, then points at its words.
    unsafe {
        (t.duckdb_vector_ensure_validity_writable.unwrap_unchecked())(vector);
        let mask = (t.duckdb_vector_get_validity.unwrap_unchecked())(vector);
        for i in (0..out.len()).filter(|&i| !out.is_valid(i)) {
            (t.duckdb_validity_set_row_invalid.unwrap_unchecked())(mask, (at + i) as idx_t);
        }
    }
}

/// Makes rows `from..to` of the result vector NULL.
///
/// # Safety
/// As [`scatter`].
pub unsafe fn set_null(vector: duckdb_vector, from: usize, to: usize) {
    if from >= to {
        return;
    }
    let t = api();
    // SAFETY: as in `scatter`.
    unsafe {
        (t.duckdb_vector_ensure_validity_writable.unwrap_unchecked())(vector);
        let mask = (t.duckdb_vector_get_validity.unwrap_unchecked())(vector);
        for i in from..to {
            (t.duckdb_validity_set_row_invalid.unwrap_unchecked())(mask, i as idx_t);
        }
    }
}
