//! The guest: the AVX-512 kernel as a freestanding program for the emulator (`run.py`
//! loads this static ELF into bochscpu and calls its C-ABI functions with a return address
//! that stops the emulator). No operating system: no libc, a bump allocator over a static
//! arena, the memory functions the compiler calls, and a panic handler that stops.
//!
//! Built with AVX-512 target features (scripts/test.d/57-avx512emu.sh says which), so that
//! the library's `no_std` detection (`cfg!(target_feature = ...)`) lists the AVX-512 kernel;
//! every function below forces the kernel under test ([`EMU_KERNEL`]: AVX-512 unless
//! `run.py --kernel` names another), and returns 0 if the library did not take it.

#![no_std]
#![no_main]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::fmt::{self, Write};

use alloc::vec::Vec;
use pctenc::Kernel;

use pctenc_emu::{digest_of, show, Case, PROFILES};

/// Bytes the allocator hands out: the largest case (13 KB through every profile) needs far
/// less; the harness maps the pages on first touch.
const ARENA: usize = 16 << 20;

/// A bump allocator over [`ARENA`] bytes: the case list, made on the first call, stays at
/// the bottom (below `floor`); everything above is freed at once after each case (the
/// emulator runs one call at a time, on one CPU).
struct Bump {
    arena: UnsafeCell<[u8; ARENA]>,
    next: UnsafeCell<usize>,
    floor: UnsafeCell<usize>,
}

// SAFETY: the guest runs on one emulated CPU with no threads or interrupts.
unsafe impl Sync for Bump {}

// SAFETY: every block is inside the arena, aligned as asked, and never handed out twice
// within a call; `reset` runs only between calls, when nothing of the last call is alive.
unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        // SAFETY: one thread (see `Sync`).
        let next = unsafe { &mut *self.next.get() };
        let start = (*next + l.align() - 1) & !(l.align() - 1);
        if start + l.size() > ARENA {
            return core::ptr::null_mut();
        }
        *next = start + l.size();
        // SAFETY: `start + size <= ARENA`.
        unsafe { self.arena.get().cast::<u8>().add(start) }
    }
    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        // SAFETY: one thread; `p` came from this arena.
        let next = unsafe { &mut *self.next.get() };
        let base = self.arena.get().cast::<u8>();
        // SAFETY: `p` lies in the arena.
        let off = unsafe { p.offset_from(base) } as usize;
        if off + l.size() == *next && off + size <= ARENA {
            // The last block grows (or shrinks) where it is: a growing Vec costs no copies.
            *next = off + size;
            return p;
        }
        // SAFETY: as `GlobalAlloc::realloc`'s default: a new block, the old bytes copied.
        unsafe {
            let new = self.alloc(Layout::from_size_align_unchecked(size, l.align()));
            if !new.is_null() {
                core::ptr::copy_nonoverlapping(p, new, l.size().min(size));
            }
            new
        }
    }
}

impl Bump {
    /// Frees everything above the floor: only when no block of it is alive.
    fn reset(&self) {
        // SAFETY: one thread.
        unsafe { *self.next.get() = *self.floor.get() }
    }
}

#[global_allocator]
static HEAP: Bump = Bump {
    arena: UnsafeCell::new([0; ARENA]),
    next: UnsafeCell::new(0),
    floor: UnsafeCell::new(0),
};

/// The cases, made once (below the allocator's floor).
struct Cases(UnsafeCell<Option<Vec<Case>>>);
// SAFETY: one thread (see `Bump`).
unsafe impl Sync for Cases {}
static CASES: Cases = Cases(UnsafeCell::new(None));

/// The kernel under test, by name (NUL-padded): `avx512`, unless `run.py --kernel` wrote
/// another here (a natively tested kernel run the same way checks the harness itself).
#[no_mangle]
static mut EMU_KERNEL: [u8; 16] = *b"avx512\0\0\0\0\0\0\0\0\0\0";

/// Forces the kernel under test and returns the cases; `None` if the library would not take
/// the kernel (a build without the target features, or a library that no longer has it).
fn under_test() -> Option<&'static [Case]> {
    HEAP.reset();
    // SAFETY: one thread; only the harness writes it, between calls (volatile: from outside
    // the program).
    let name = unsafe { core::ptr::read_volatile(&raw const EMU_KERNEL) };
    let name = core::str::from_utf8(name.split(|&b| b == 0).next()?).ok()?;
    Kernel::force(Kernel::by_name(name));
    if Kernel::current().name() != name {
        return None;
    }
    // SAFETY: one thread; the list is made once and then only read.
    let cases = unsafe { &mut *CASES.0.get() };
    if cases.is_none() {
        *cases = Some(pctenc_emu::cases());
        // SAFETY: one thread; the list's blocks stay below the floor for good.
        unsafe { *HEAP.floor.get() = *HEAP.next.get() };
    }
    cases.as_deref()
}

/// The number of cases, or 0 if the kernel under test is not in use.
#[no_mangle]
pub extern "C" fn emu_count() -> usize {
    under_test().map_or(0, <[_]>::len)
}

/// The digests of cases `first..first + n` ([`PROFILES`] each) into `out`; returns how many
/// cases it did (0 if the kernel under test is not in use).
///
/// # Safety
/// `out` is writable for `n * PROFILES` u64s.
#[no_mangle]
pub unsafe extern "C" fn emu_digests(first: usize, n: usize, out: *mut u64) -> usize {
    let Some(all) = under_test() else { return 0 };
    let some = &all[first.min(all.len())..(first + n).min(all.len())];
    // SAFETY: the caller's bound.
    let out = unsafe { core::slice::from_raw_parts_mut(out, some.len() * PROFILES) };
    for ((input, split), out) in some.iter().zip(out.chunks_mut(PROFILES)) {
        for (p, out) in out.iter_mut().enumerate() {
            *out = digest_of(input, *split, p);
            HEAP.reset();
        }
    }
    some.len()
}

/// Writes case `case`'s whole outputs under profile `profile` into `out` (at most `cap`
/// bytes); returns the length, or 0 if the kernel under test is not in use.
///
/// # Safety
/// `out` is writable for `cap` bytes.
#[no_mangle]
pub unsafe extern "C" fn emu_show(case: usize, profile: usize, out: *mut u8, cap: usize) -> usize {
    let Some(all) = under_test() else { return 0 };
    struct Buf<'a>(&'a mut [u8], usize);
    impl Write for Buf<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            let n = s.len().min(self.0.len() - self.1);
            self.0[self.1..self.1 + n].copy_from_slice(&s.as_bytes()[..n]);
            self.1 += n;
            Ok(())
        }
    }
    // SAFETY: the caller's bound.
    let mut buf = Buf(unsafe { core::slice::from_raw_parts_mut(out, cap) }, 0);
    let (input, split) = &all[case];
    let _ = show(&mut buf, input, *split, profile);
    buf.1
}

/// Where the last panic was (`run.py` reads it when the guest stops elsewhere than at the
/// return address): the line, then the file name's bytes.
#[no_mangle]
static mut EMU_PANIC: [u8; 256] = [0; 256];

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    if let Some(l) = info.location() {
        let f = l.file().as_bytes();
        let n = f.len().min(250);
        // SAFETY: one thread; nothing else touches EMU_PANIC.
        unsafe {
            let p = (&raw mut EMU_PANIC).cast::<u8>();
            core::ptr::copy_nonoverlapping(l.line().to_le_bytes().as_ptr(), p, 4);
            core::ptr::copy_nonoverlapping(f.as_ptr(), p.add(4), n);
        }
    }
    // The emulator reports #UD at this address: not the return address, so a failure.
    // SAFETY: `ud2` only raises #UD.
    unsafe { core::arch::asm!("ud2", options(noreturn)) }
}

// The memory functions the compiler emits calls to (there is no libc): `rep movsb` and
// `rep stosb`, and a loop for the comparisons.

/// # Safety
/// As C's `memcpy`.
#[no_mangle]
pub unsafe extern "C" fn memcpy(d: *mut u8, s: *const u8, n: usize) -> *mut u8 {
    // SAFETY: the caller's bounds; `rep movsb` copies `n` bytes forward.
    unsafe {
        core::arch::asm!("rep movsb", inout("rcx") n => _, inout("rdi") d => _, inout("rsi") s => _, options(nostack, preserves_flags));
    }
    d
}

/// # Safety
/// As C's `memmove`.
#[no_mangle]
pub unsafe extern "C" fn memmove(d: *mut u8, s: *const u8, n: usize) -> *mut u8 {
    if (d as usize).wrapping_sub(s as usize) >= n {
        // SAFETY: a forward copy is right when `d` is not inside `s..s + n`.
        return unsafe { memcpy(d, s, n) };
    }
    // SAFETY: the caller's bounds; backwards (direction flag set, then cleared) from the last
    // byte.
    unsafe {
        core::arch::asm!("std", "rep movsb", "cld", inout("rcx") n => _, inout("rdi") d.add(n - 1) => _, inout("rsi") s.add(n - 1) => _, options(nostack));
    }
    d
}

/// # Safety
/// As C's `memset`.
#[no_mangle]
pub unsafe extern "C" fn memset(d: *mut u8, c: i32, n: usize) -> *mut u8 {
    // SAFETY: the caller's bound; `rep stosb` stores `al` `n` times.
    unsafe {
        core::arch::asm!("rep stosb", inout("rcx") n => _, inout("rdi") d => _, in("al") c as u8, options(nostack, preserves_flags));
    }
    d
}

/// # Safety
/// As C's `memcmp`.
#[no_mangle]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    let mut i = 0;
    while i < n {
        // SAFETY: the caller's bounds; `black_box` keeps the compiler from turning this loop
        // into a call to `memcmp` itself.
        let (x, y) = unsafe { (*a.add(i), *b.add(core::hint::black_box(i))) };
        if x != y {
            return i32::from(x) - i32::from(y);
        }
        i += 1;
    }
    0
}

/// # Safety
/// As C's `bcmp`.
#[no_mangle]
pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    // SAFETY: the caller's bounds.
    unsafe { memcmp(a, b, n) }
}

// The prebuilt `alloc` refers to the unwinder, which a `panic = "abort"` program never
// enters: these two stop the emulator like a panic if anything ever did.

#[no_mangle]
extern "C" fn _Unwind_Resume() -> ! {
    // SAFETY: `ud2` only raises #UD.
    unsafe { core::arch::asm!("ud2", options(noreturn)) }
}

#[no_mangle]
extern "C" fn rust_eh_personality() -> ! {
    // SAFETY: `ud2` only raises #UD.
    unsafe { core::arch::asm!("ud2", options(noreturn)) }
}
