//! The exported functions: four byte slots in linear memory and one call.
//!
//! WebAssembly functions take and return numbers only, so bytes cross through memory. The
//! caller (the JS loader, `web/pctenc.js`) does:
//!
//! 1. `pctenc_buffer(0, n)`, then writes the `n` input bytes at the returned address;
//! 2. `pctenc_buffer(1, m)`, then writes the `m` bytes of the request JSON;
//! 3. `pctenc_run()`: 0 if the request was understood (the verb may still report errors in
//!    its metadata), 1 if not;
//! 4. reads `pctenc_result_len(k)` bytes at `pctenc_result_ptr(k)` for slot 2 (output) and
//!    slot 3 (metadata JSON).
//!
//! Addresses stay valid until the next call that resizes a slot or runs a request; the
//! loader copies results out at once (memory growth also detaches its views).
//!
//! The exports use `#[no_mangle]`, which the `unsafe_code` lint counts as unsafe (a symbol
//! name could clash at link time); the names carry the `pctenc_` prefix for that reason. There
//! is no `unsafe` block: JavaScript writes into vectors that Rust owns, and Rust never reads
//! memory through a pointer it was given.

use std::cell::RefCell;

/// Slot numbers, as the JS loader uses them.
pub const INPUT: u32 = 0;
/// The request JSON.
pub const REQUEST: u32 = 1;
/// The output bytes of the last run.
pub const OUTPUT: u32 = 2;
/// The metadata JSON of the last run.
pub const META: u32 = 3;

thread_local! {
    static SLOTS: RefCell<[Vec<u8>; 4]> = const { RefCell::new([Vec::new(), Vec::new(), Vec::new(), Vec::new()]) };
}

/// Makes input slot `slot` (0 = input, 1 = request) `len` bytes long (zero-filled) and returns
/// its address, or null for any other slot.
#[no_mangle]
pub extern "C" fn pctenc_buffer(slot: u32, len: u32) -> *mut u8 {
    if slot != INPUT && slot != REQUEST {
        return core::ptr::null_mut();
    }
    SLOTS.with(|s| {
        let v = &mut s.borrow_mut()[slot as usize];
        v.clear();
        v.resize(len as usize, 0);
        v.as_mut_ptr()
    })
}

/// Runs the request in slot 1 on the input in slot 0; the result goes to slots 2 and 3.
/// Returns 0 when the request was understood, 1 when it was not (the metadata says why).
#[no_mangle]
pub extern "C" fn pctenc_run() -> u32 {
    SLOTS.with(|s| {
        let mut s = s.borrow_mut();
        let outcome = crate::ops::run(&s[REQUEST as usize], &s[INPUT as usize]);
        let status = u32::from(outcome.meta.get("bad_request").is_some());
        s[OUTPUT as usize] = outcome.output;
        s[META as usize] = outcome.meta.to_string().into_bytes();
        status
    })
}

/// The address of slot `slot` (null for an unknown slot).
#[no_mangle]
pub extern "C" fn pctenc_result_ptr(slot: u32) -> *const u8 {
    SLOTS.with(|s| s.borrow().get(slot as usize).map_or(core::ptr::null(), |v| v.as_ptr()))
}

/// The length of slot `slot` in bytes (0 for an unknown slot).
#[no_mangle]
pub extern "C" fn pctenc_result_len(slot: u32) -> u32 {
    SLOTS.with(|s| s.borrow().get(slot as usize).map_or(0, |v| v.len() as u32))
}

/// Returns a copy of slot `slot` (host-side tests and the native example).
pub fn slot(slot: u32) -> Vec<u8> {
    SLOTS.with(|s| s.borrow().get(slot as usize).cloned().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_round_trip_through_the_exports() {
        let write = |slot: u32, bytes: &[u8]| {
            let p = pctenc_buffer(slot, bytes.len() as u32);
            assert!(!p.is_null());
            SLOTS.with(|s| s.borrow_mut()[slot as usize].copy_from_slice(bytes));
        };
        write(INPUT, "a b/é".as_bytes());
        write(REQUEST, br#"{"op":"encode","profile":"rfc3986"}"#);
        assert_eq!(pctenc_run(), 0);
        assert_eq!(slot(OUTPUT), b"a%20b%2F%C3%A9");
        assert_eq!(pctenc_result_len(OUTPUT), 14);
        write(REQUEST, b"{not json");
        assert_eq!(pctenc_run(), 1);
        assert!(pctenc_buffer(OUTPUT, 1).is_null());
        assert!(pctenc_result_ptr(9).is_null());
    }
}
