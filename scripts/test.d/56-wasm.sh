#!/usr/bin/env bash
# The library's suites on wasm32-wasip1, run under Node's WASI (scripts/wasi-run.mjs):
#   1. built with simd128: every kernel `Kernel::available()` lists there (scalar, simd128)
#      against the scalar oracle, and every other suite under the detected kernel, simd128;
#      the miri suite again with PCTENC_KERNEL=scalar, to check that the runner passes the
#      environment on (its output names the detected kernel);
#   2. built without simd128: the kernel-facing suites (as on aarch64) on the scalar kernel
#      alone, the build without any SIMD kernel (no `unsafe` compiled: wasm32 without
#      simd128 has none). Not every suite: the scalar kernel runs every suite in the first
#      build already (the miri suite under PCTENC_KERNEL=scalar, and tests/kernels.rs
#      against it), and the build without SIMD kernels runs every suite natively (scripts/
#      test.sh's --no-default-features step). All of them, built and run, took 379 s on a
#      2-vCPU Zen 1 with another build beside it, these seven 226 s.
# Excluded, because WASI (preview 1) lacks what they need:
#   - tests/hostile.rs: its linear-time checks measure thread CPU time (cpu-time's
#     ThreadTime exists only on unix and windows);
#   - tests/node_diff: spawns `node` as a child process (WASI has no processes);
#   - doctests: rustdoc runs them for the host only (cross doctests are unstable).
# wasip1 is panic=abort: the first failing test ends its binary (no #[should_panic] test
# exists in these suites). When the target or node is missing it names them, and fails under
# CI=true (outside CI it counts as skipped).
set -uo pipefail
cd "$(dirname "$0")/../.."
target=wasm32-wasip1
missing=""
rustup target list --installed | grep -qx $target || missing+=" rust-target-$target"
if ! command -v node >/dev/null; then
  missing+=" node"
elif [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  missing+=" node>=20"
fi
if [ -n "$missing" ]; then
  echo "wasm: missing:$missing (scripts/deps.d/56-wasm.sh installs them)"
  if [ "${CI:-}" = "true" ]; then echo "0 passed, 1 failed"; exit 1; fi
  echo "0 passed, 0 failed, 1 skipped"; exit 0
fi
root=$PWD
export CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $root/scripts/wasi-run.mjs"
# "/" is the workspace (proptest finds its regression files from there); the tests read
# ../shared/testdata through paths that climb out of the repository, so its parent too.
export WASI_ROOT=$root WASI_DIRS=$(dirname "$root")
target_dir=${CARGO_TARGET_DIR:-$root/target}

# Every integration suite of the library but the excluded ones, so a new suite runs here too.
suites=(--lib)
for t in crates/pctenc/tests/*.rs crates/pctenc/tests/*/main.rs; do
  name=${t#crates/pctenc/tests/}; name=${name%.rs}; name=${name%/main}
  case $name in hostile | node_diff) continue ;; esac
  suites+=(--test "$name")
done

pass=0 fail=0
run() {
  local what=$1 expect=$2; shift 2
  local out
  out=$("$@" 2>&1)
  local rc=$?
  if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -qF "$expect"; then
    pass=$((pass + 1)); echo "ok   $what"
  else
    fail=$((fail + 1)); echo "FAIL $what (exit $rc; expected output: $expect)"
    printf '%s\n' "$out" | grep -v '^\.*$' | tail -40
  fi
  printf '%s\n' "$out" | grep -E '^miri suite' || true
  printf '%s\n' "$out" | awk '/^test result: ok/ { b++; t += $4 } END { printf "     %d test binaries passed, %d tests\n", b, t }'
}

simd="-C target-feature=+simd128"
run "pctenc ${suites[*]} on $target +simd128 (node)" "kernels scalar simd128 (detected simd128)" \
  env CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="$simd" CARGO_TARGET_DIR="$target_dir/wasm-simd128" \
  cargo test -q -p pctenc --target $target "${suites[@]}" -- --nocapture
run "PCTENC_KERNEL=scalar miri suite on $target +simd128 (node)" "(detected scalar)" \
  env PCTENC_KERNEL=scalar CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="$simd" \
  CARGO_TARGET_DIR="$target_dir/wasm-simd128" \
  cargo test -q -p pctenc --target $target --test miri -- --nocapture
scalar=(--lib --test miri --test kernels --test kernel_tables --test stream_splits --test regressions --test roundtrip)
run "pctenc ${scalar[*]} on $target, scalar only (node)" "kernels scalar (detected scalar)" \
  env CARGO_TARGET_DIR="$target_dir/wasm-scalar" \
  cargo test -q -p pctenc --target $target "${scalar[@]}" -- --nocapture
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
