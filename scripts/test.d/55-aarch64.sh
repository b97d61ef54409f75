#!/usr/bin/env bash
# The library's kernel-facing suites on aarch64, run under qemu-user: every kernel that
# `Kernel::available()` lists there (scalar, and NEON where built) against the scalar
# oracle, across block edges and chunk splits; then `cargo check` of the CLI for the target.
# When the target, the cross linker or qemu is missing it names them, and fails under CI=true
# (outside CI it counts as skipped).
set -uo pipefail
cd "$(dirname "$0")/../.."
target=aarch64-unknown-linux-gnu
missing=""
rustup target list --installed | grep -qx $target || missing+=" rust-target"
command -v aarch64-linux-gnu-gcc >/dev/null || missing+=" gcc-aarch64-linux-gnu"
command -v qemu-aarch64 >/dev/null || missing+=" qemu-user"
if [ -n "$missing" ]; then
  echo "aarch64: missing:$missing (scripts/deps.d/55-aarch64.sh installs them)"
  if [ "${CI:-}" = "true" ]; then echo "0 passed, 1 failed"; exit 1; fi
  echo "0 passed, 0 failed, 1 skipped"; exit 0
fi
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
pass=0 fail=0
run() {
  local what=$1; shift
  if out=$("$@" 2>&1); then
    pass=$((pass + 1)); echo "ok   $what"
  else
    fail=$((fail + 1)); echo "FAIL $what"; echo "$out" | tail -40
  fi
  printf '%s\n' "$out" | grep -E '^(miri suite|test result)' || true
}
suites=(--lib --test miri --test kernels --test kernel_tables --test stream_splits --test regressions --test roundtrip)
# Under qemu the kernels test's padded-seed sweep takes every 4th prefix length (natively,
# 51-kernels runs all of them): the whole sweep emulated took twelve minutes.
run "pctenc ${suites[*]} on $target (qemu)" \
  env PCTENC_PAD_STRIDE=4 cargo test -q -p pctenc --target $target "${suites[@]}" -- --nocapture
run "cargo check -p pctenc-cli --target $target" cargo check -q -p pctenc-cli --target $target
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
