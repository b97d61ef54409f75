#!/usr/bin/env bash
# The AVX-512 kernel, which this machine and CI cannot run, under an emulator: BochsCPU (the
# CPU of Bochs as a library, from the pinned bochscpu-python package) runs the kernel in a
# freestanding guest, and every case is compared with the scalar kernel run natively
# (crates/pctenc-emu/README.md). Builds the guest (no_std, AVX-512 target features, a static
# ELF of its own) and the oracle in target/emu-guest and target/emu-oracle, then runs
# crates/pctenc-emu/run.py with the Python suites' shared venv (scripts/python/venv.sh).
# Nothing is skipped: a missing tool or package fails the suite. run.py prints "N passed".
set -euo pipefail
cd "$(dirname "$0")/../.."
t0=$SECONDS
lap() { echo "57-avx512emu: $1 ($((SECONDS - t0)) s so far)"; }

for tool in cargo python3 objdump as objcopy; do
    command -v "$tool" >/dev/null || { echo "57-avx512emu: $tool is missing (scripts/deps.d)" >&2; echo "0 passed, 1 failed"; exit 1; }
done
manifest=crates/pctenc-emu/Cargo.toml
# The library's no_std detection lists the AVX-512 kernel when the build has its features.
CARGO_TARGET_DIR=$PWD/target/emu-guest \
RUSTFLAGS="-C relocation-model=static -C target-feature=+avx2,+popcnt,+bmi1,+bmi2,+avx512f,+avx512bw,+avx512vbmi,+avx512vbmi2" \
    cargo build -q --locked --release --manifest-path $manifest --features guest --bin guest
CARGO_TARGET_DIR=$PWD/target/emu-oracle cargo build -q --locked --release --manifest-path $manifest --bin oracle
lap "guest and oracle built"
. scripts/python/venv.sh # the Python suites' shared venv (every pin of requirements-test.txt)
"$py" -c 'import bochscpu' || { echo "57-avx512emu: bochscpu-python is missing from the venv" >&2; echo "0 passed, 1 failed"; exit 1; }
lap "venv ready"
"$py" crates/pctenc-emu/run.py target/emu-guest/release/guest target/emu-oracle/release/oracle
lap "done"
