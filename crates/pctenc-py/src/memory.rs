//! The module's memory: every Rust allocation of `pctenc._pctenc` comes from mimalloc (also
//! the allocator behind pyarrow's default memory pool), not from the C library's `malloc`.
//!
//! Why: glibc serves an allocation of more than 32 MiB (a column's output: 132 MB for 2 M URL
//! rows) with a fresh `mmap` every time, and gives it back with `munmap` when the array is
//! freed, so every call faulted in and cleared its output a page at a time, about half of
//! `pctenc.arrow.decode`'s time on URL rows (docs/python.md, "Speed"). mimalloc keeps freed
//! memory for the next call; [`release_idle`], at the start of a column call (once a second at
//! most), hands back what has been unused for longer than its purge delay (one second): a
//! process that stops calling keeps what its last calls freed until it calls again (or
//! mimalloc's own bookkeeping runs). Transparent huge pages are not asked for (the `no_thp`
//! feature): on the virtual machines measured, a fresh huge page made the first call of a
//! process up to four times slower.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

/// The allocator of every Rust allocation in the module.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How often [`release_idle`] asks mimalloc to purge, in milliseconds: its purge delay, so
/// that asking more often would find nothing more to hand back.
const RELEASE_EVERY_MS: u64 = 1000;

/// Returns to the system the memory mimalloc has kept unused for longer than its purge delay;
/// memory freed within it stays for the next call. Called before each column call
/// ([`crate::columns::run`]), and at most once a second does it ask mimalloc (`mi_collect`
/// cost about 0.8 us a call, 14% of a 10-row column's); without it, mimalloc purges only when
/// its own bookkeeping next runs, which a module no longer called may never do.
pub fn release_idle() {
    static START: OnceLock<Instant> = OnceLock::new();
    static LAST_MS: AtomicU64 = AtomicU64::new(0);
    let now = START.get_or_init(Instant::now).elapsed().as_millis() as u64;
    if now.saturating_sub(LAST_MS.load(Ordering::Relaxed)) < RELEASE_EVERY_MS {
        return;
    }
    LAST_MS.store(now, Ordering::Relaxed);
    // SAFETY: `mi_collect` takes no pointers and may be called on any thread at any time; with
    // `force` false it frees only memory that no allocation owns.
    #[allow(unsafe_code)]
    unsafe {
        libmimalloc_sys::mi_collect(false)
    }
}
