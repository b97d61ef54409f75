//! Links the guest (`src/bin/guest.rs`) as a static ELF of its own: no C runtime, no libc,
//! not position-independent (`run.py` maps its segments where they say).

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    for arg in ["-nostartfiles", "-nostdlib", "-static", "-Wl,--entry=emu_count"] {
        println!("cargo::rustc-link-arg-bin=guest={arg}");
    }
    // The functions run.py calls: kept although nothing in the program calls them.
    for f in ["emu_count", "emu_digests", "emu_show", "EMU_PANIC", "EMU_KERNEL"] {
        println!("cargo::rustc-link-arg-bin=guest=-Wl,--undefined={f}");
    }
}
