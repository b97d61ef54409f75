"""Runs the AVX-512 kernel under an emulator and compares it with the scalar kernel.

    python run.py GUEST ORACLE

GUEST is the static ELF of src/bin/guest.rs (the AVX-512 kernel, built with AVX-512 target
features), ORACLE the native program of src/bin/oracle.rs (the scalar kernel); see README.md
and scripts/test.d/57-avx512emu.sh, which builds both. The emulator is BochsCPU (the CPU of
Bochs as a library, through the bochscpu-python package), whose CPU model has AVX-512 F, BW,
VBMI and VBMI2; the guest runs in 64-bit mode with paging, one function call at a time: its
ELF segments mapped where they say, a stack, and a return address on a page that holds
`ud2`, so that returning raises #UD there and stops the emulator. Any other stop (an
instruction the model lacks, a fault, a panic) fails.

Both programs enumerate the same cases (src/lib.rs) and reduce what every profile produces
for each to a 64-bit digest; on a mismatch this prints both whole outputs of the first
differing case and profile. Prints `N passed, N failed` (cases) and exits non-zero on any
failure.
"""

import difflib
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

import bochscpu
import bochscpu.cpu
import bochscpu.memory as mem

PAGE = mem.page_size()
STACK_TOP = 0x7FFF_0000_0000  # 64 KiB of stack below it
STACK_PAGES = 16
OUT = 0x6000_0000_0000  # the call's output buffer
OUT_PAGES = 512  # 2 MiB
SENTINEL = 0x5000_0000_0000  # the return address: a page holding `ud2`
PML4 = 0x1000_0000  # guest-physical addresses from here on hold the page tables
TRAMPOLINES = 0x4000_0000  # within 2 GiB of the code: reached by `jmp rel32`
CASES_PER_CALL = 64


def elf(path):
    """The PT_LOAD segments (vaddr, bytes, memsz, executable) and the symbols of a static ELF."""
    b = open(path, "rb").read()
    assert b[:4] == b"\x7fELF" and b[4] == 2 and b[5] == 1, "a little-endian ELF64"
    phoff, shoff = struct.unpack_from("<QQ", b, 0x20)
    phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHH", b, 0x36)
    segs = []
    for i in range(phnum):
        typ, flags, off, vaddr, _, filesz, memsz, _ = struct.unpack_from("<IIQQQQQQ", b, phoff + i * phentsize)
        if typ == 1:
            segs.append((vaddr, b[off : off + filesz], memsz, bool(flags & 1)))
    sections = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize) for i in range(shnum)]
    syms = {}
    for _, typ, _, _, off, size, link, _, _, entsize in sections:
        if typ != 2:  # SHT_SYMTAB
            continue
        stroff = sections[link][4]
        for j in range(size // entsize):
            name, _, _, _, value, _ = struct.unpack_from("<IBBHQQ", b, off + j * entsize)
            end = b.index(b"\0", stroff + name)
            syms[b[stroff + name : end].decode()] = value
    return segs, syms


def compress_patches(path):
    """Bochs's VPCOMPRESSB writes nothing when the mask keeps all 64 bytes (its write mask is
    `(1 << k) - 1` with k = 64 in VPCOMPRESSB_MASK_WdqVdq, bochs/cpu/avx/: a shift by 64), so the
    zero-masking form yields zeros where the CPU returns the source. Each register form
    `vpcompressb S, D{k}{z}` of the guest becomes a jump to `vmovdqa64 S, D; vpcompressb S,
    D{k}` (the merge form, whose empty write mask then leaves D = S, right for a full mask;
    with fewer bytes kept, the lanes past them hold S's bytes instead of zeros, which every
    caller ignores: it counts the bytes kept) and back: no stack, flag or other register is
    touched. Returns (address, 6 patched bytes) and the trampolines' bytes."""
    dump = subprocess.run(["objdump", "-d", "-M", "suffix", path], check=True, capture_output=True, text=True).stdout
    sites = re.findall(r"^ *([0-9a-f]+):\t((?:[0-9a-f]{2} ){6})\s*\tvpcompressb (%zmm\d+),(%zmm\d+)\{(%k\d)\}\{z\}$", dump, re.M)
    assert len(sites) == dump.count("vpcompressb"), "a vpcompressb form this patch does not know"
    moves = "\n".join(f"vmovdqa64 {src},{dst}" for _, _, src, dst, _ in sites)
    with tempfile.TemporaryDirectory() as tmp:
        open(f"{tmp}/t.s", "w").write(moves + "\n")
        subprocess.run(["as", "-o", f"{tmp}/t.o", f"{tmp}/t.s"], check=True)
        subprocess.run(["objcopy", "-O", "binary", "-j", ".text", f"{tmp}/t.o", f"{tmp}/t.bin"], check=True)
        mov = open(f"{tmp}/t.bin", "rb").read()
    assert len(mov) == 6 * len(sites)
    patches, code = [], b""
    for n, (addr, raw, _, _, _) in enumerate(sites):
        addr, raw = int(addr, 16), bytes.fromhex(raw)
        tramp = TRAMPOLINES + len(code)
        merge = raw[:3] + bytes([raw[3] & 0x7F]) + raw[4:]  # EVEX.z cleared
        back = addr + 6 - (tramp + 17)
        code += mov[6 * n : 6 * n + 6] + merge + b"\xe9" + struct.pack("<i", back)
        code = code.ljust(32 * (n + 1), b"\xcc")
        patches.append((addr, b"\xe9" + struct.pack("<i", tramp - (addr + 5)) + b"\x90"))
    return patches, code


class Guest:
    """The guest ELF in one BochsCPU session: `call(name, *args)` returns RAX."""

    def __init__(self, path):
        self.segs, self.syms = elf(path)
        self.sess = bochscpu.Session()
        self.sess.missing_page_handler = self._missing
        self.pt = mem.PageMapLevel4Table()
        self.next_gpa = 0x10_0000
        self.mapped = {}  # virtual page -> guest-physical page
        self.backed = set()  # guest-physical pages with host memory
        for vaddr, data, memsz, _ in self.segs:
            first = vaddr & ~(PAGE - 1)
            for va in range(first, vaddr + memsz, PAGE):
                self._map(va)
        for i in range(STACK_PAGES):
            self._map(STACK_TOP - (i + 1) * PAGE)
        for i in range(OUT_PAGES):
            self._map(OUT + i * PAGE)
        self._map(SENTINEL)
        patches, trampolines = compress_patches(path)
        for i in range(0, len(trampolines), PAGE):
            self._map(TRAMPOLINES + i)
        assert self.next_gpa <= PML4, "the guest's pages reach the page tables"
        for hva, gpa in self.pt.commit(PML4):
            mem.page_insert(gpa, hva)
        for vaddr, data, _, _ in self.segs:
            self.write(vaddr, data)
        self.write(SENTINEL, b"\x0f\x0b")  # ud2
        self.write(TRAMPOLINES, trampolines)
        for addr, patch in patches:
            self.write(addr, patch)
        self.stops = []

    def _map(self, va):
        """Maps `va`'s page to a fresh guest-physical page; host memory comes on first touch."""
        if va in self.mapped:
            return
        self.mapped[va] = self.next_gpa
        self.pt.insert(va, self.next_gpa, 1)
        self.next_gpa += PAGE

    def _missing(self, gpa):
        """Gives a guest-physical page host memory: Bochs calls it on the first touch."""
        mem.page_insert(gpa & ~(PAGE - 1), mem.allocate_host_page())
        self.backed.add(gpa & ~(PAGE - 1))

    def write(self, va, data):
        # Page by page, through the guest-physical pages (backed here if not yet).
        pos = 0
        while pos < len(data):
            n = min(len(data) - pos, PAGE - (va + pos) % PAGE)
            gpa = self.mapped[(va + pos) & ~(PAGE - 1)] + (va + pos) % PAGE
            if gpa & ~(PAGE - 1) not in self.backed:
                self._missing(gpa)
            mem.phy_write(gpa, list(data[pos : pos + n]))
            pos += n

    def read(self, va, n):
        return bytes(mem.virt_read(PML4, va, n))

    def _exception(self, sess, cpu, vector, error):
        self.stops.append((vector, error, sess.cpu.rip))
        sess.stop()

    def call(self, name, *args):
        st = bochscpu.State()
        bochscpu.cpu.set_long_mode(st)
        cr4 = bochscpu.cpu.ControlRegister(st.cr4)
        cr4.OSFXSR = cr4.OSXMMEXCPT = cr4.OSXSAVE = True
        st.cr4 = int(cr4)
        st.xcr0 = 0xE7  # x87, SSE, AVX, and the AVX-512 opmask and ZMM states
        st.cr3 = PML4
        cs = bochscpu.Segment()
        cs.present, cs.selector, cs.base, cs.limit, cs.attr = True, 0x33, 0, 0xFFFF_FFFF, 0x22FB
        ds = bochscpu.Segment()
        ds.present, ds.selector, ds.base, ds.limit, ds.attr = True, 0x2B, 0, 0xFFFF_FFFF, 0xCF3
        st.cs = cs
        st.ds = st.ss = st.es = st.fs = st.gs = ds
        st.rflags = 0x202
        st.rip = self.syms[name]
        st.rsp = STACK_TOP - 8  # as after a `call`: RSP + 8 is 16-byte aligned
        self.write(st.rsp, struct.pack("<Q", SENTINEL))
        for reg, value in zip(("rdi", "rsi", "rdx", "rcx", "r8", "r9"), args):
            setattr(st, reg, value)
        self.sess.cpu.state = st
        self.stops = []
        hook = bochscpu.Hook()
        hook.exception = self._exception
        self.sess.run([hook])
        vector, error, rip = self.stops[0] if self.stops else (None, None, self.sess.cpu.rip)
        # The hook sees RIP past the faulting `ud2` (2 bytes).
        if (vector, rip) != (6, SENTINEL + 2):
            panic = self.read(self.syms["EMU_PANIC"], 256)
            line = struct.unpack_from("<I", panic)[0]
            where = panic[4:].split(b"\0")[0].decode(errors="replace")
            raise RuntimeError(
                f"{name}: the guest stopped at {rip:#x} with exception {vector} (error {error})"
                + (f"; it panicked at {where}:{line}" if line else "")
            )
        return self.sess.cpu.rax


def main():
    args = sys.argv[1:]
    kernel = "avx512"
    if args[0] == "--kernel":
        kernel, args = args[1], args[2:]
    guest_path, oracle = args
    t0 = time.monotonic()
    want = subprocess.run([oracle, "digests"], check=True, capture_output=True).stdout
    count = struct.unpack_from("<Q", want)[0]
    profiles = (len(want) - 8) // 8 // count
    guest = Guest(guest_path)
    guest.write(guest.syms["EMU_KERNEL"], kernel.encode().ljust(16, b"\0"))
    n = guest.call("emu_count")
    if n == 0:
        print(f"the guest does not run the {kernel} kernel (built without its target features?)")
        print("0 passed, 1 failed")
        return 1
    assert n == count, f"guest has {n} cases, oracle {count}"
    got = bytearray()
    for first in range(0, count, CASES_PER_CALL):
        done = guest.call("emu_digests", first, CASES_PER_CALL, OUT)
        assert done == min(CASES_PER_CALL, count - first), (first, done)
        got += guest.read(OUT, done * profiles * 8)
    passed = failed = 0
    first_bad = None
    for case in range(count):
        at = 8 + case * profiles * 8
        a, b = got[at - 8 : at - 8 + profiles * 8], want[at : at + profiles * 8]
        if a == b:
            passed += 1
            continue
        failed += 1
        if first_bad is None:
            profile = next(i for i in range(profiles) if a[8 * i : 8 * i + 8] != b[8 * i : 8 * i + 8])
            first_bad = (case, profile)
    elapsed = time.monotonic() - t0
    print(f"{kernel} under bochscpu vs scalar natively: {count} cases x {profiles} profiles in {elapsed:.1f} s")
    if first_bad:
        case, profile = first_bad
        size = guest.call("emu_show", case, profile, OUT, OUT_PAGES * PAGE)
        got = guest.read(OUT, size).decode(errors="replace").splitlines()
        scalar = subprocess.run([oracle, "show", str(case), str(profile)], check=True, capture_output=True, text=True)
        print(f"first difference: case {case}, profile index {profile} (- scalar, + {kernel}):")
        diff = difflib.unified_diff(scalar.stdout.splitlines(), got, "scalar", kernel, lineterm="", n=9)
        print("\n".join(list(diff)[:80]))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    # The bindings crash while the interpreter tears them down (nanobind reports leaked
    # instances, then a segfault): leave without that teardown, keeping the verdict.
    os._exit(code)
