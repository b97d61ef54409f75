#!/usr/bin/env bash
# Miri (undefined behaviour: out-of-bounds or uninitialised reads, aliasing) on the suites
# small enough for its interpreter, twice: the default build with SSSE3 and AVX2 enabled at
# compile time, so that Miri runs all three kernels' `unsafe` code (its x86 intrinsics
# shims; `Kernel::available` lists them), and the SIMD-free build (`--no-default-features
# --features std`). Miri is ~1000x slower than native code, so the big property suites stay
# native. The AVX-512 kernel is left out: Miri has no shims for its intrinsics ("can't call
# foreign function llvm.x86.avx512.permvar.qi.512"), and without +avx512* at compile time
# Miri's feature detection does not offer it (BENCHMARKS.md, "AVX-512 (Zen 4)", says what
# checks it instead). Without nightly or Miri it says so, and fails under CI=true (outside CI
# it counts as skipped); scripts/deps.d/58-nightly.sh installs both.
set -uo pipefail
cd "$(dirname "$0")/../.."
if ! cargo +nightly miri --version >/dev/null 2>&1; then
  echo "miri: cargo +nightly miri is not installed (scripts/deps.d/58-nightly.sh installs it)"
  if [ "${CI:-}" = "true" ]; then echo "0 passed, 1 failed"; exit 1; fi
  echo "0 passed, 0 failed, 1 skipped"; exit 0
fi
export MIRIFLAGS="-Zmiri-disable-isolation"
pass=0 fail=0
run() {
  local what=$1; shift
  if out=$("$@" 2>&1); then
    pass=$((pass + 1)); echo "ok   $what"
  else
    fail=$((fail + 1)); echo "FAIL $what"; echo "$out" | tail -40
  fi
  printf '%s\n' "$out" | grep -E '^miri suite:' || true
}
simd=(--test miri --test regressions --test protocols --test segment)
run "simd build, kernels scalar ssse3 avx2: ${simd[*]}" \
  env RUSTFLAGS="-C target-feature=+ssse3,+avx2,+popcnt" \
  cargo +nightly miri test -q -p pctenc "${simd[@]}" -- --nocapture
run "SIMD-free build: --test miri --test segment" \
  cargo +nightly miri test -q -p pctenc --no-default-features --features std --test miri --test segment -- --nocapture
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
