#!/usr/bin/env bash
# The whole pctenc test suite once more under each kernel (PCTENC_KERNEL makes
# Kernel::detect pick it; tests/kernels.rs checks that it did). tests/kernels.rs already
# compares every kernel with the scalar one; this runs everything else (unit, doc, stream
# and conformance tests) under each kernel too. Which kernels this CPU has comes from
# `pctenc --version`; a kernel of this build that the CPU lacks is named as skipped.
set -uo pipefail
cd "$(dirname "$0")/../.."
passed=0 failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The test profile, as the cargo test runs below: no dev-profile build of the CLI's tree.
version=$(cargo run -q --profile test -p pctenc-cli -- --version) || { echo "pctenc --version failed"; exit 1; }
echo "$version"
detected=$(sed -n 's/^kernel: \([a-z0-9]*\) .*/\1/p' <<<"$version")
available=$(sed -n 's/.*(available: \(.*\))$/\1/p' <<<"$version" | tr -d ,)
[ -n "$detected" ] && [ -n "$available" ] || { echo "cannot read the kernels from: $version"; exit 1; }
# The pctenc crate's test binaries as `cargo test --workspace` built them (a no-op build here).
# Not `cargo test -p pctenc`: alone, that package resolves its dev-dependencies with other
# features (serde_json, clap: other members enable more), so every test binary compiled again.
# Each binary runs from the package's directory, as cargo runs it; then the doctests.
bins=$(cargo test -q --workspace --no-run --message-format=json | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if (m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]
            and m["manifest_path"].endswith("/crates/pctenc/Cargo.toml")):
        print(m["executable"])') || { echo "cargo test --workspace --no-run failed"; exit 1; }
[ -n "$bins" ] || { echo "no test binaries of crates/pctenc found"; exit 1; }
echo "$(wc -l <<<"$bins") test binaries of crates/pctenc"
under() { # KERNEL: every test of the pctenc crate under it
  local bin
  for bin in $bins; do
    (cd crates/pctenc && PCTENC_KERNEL=$1 "$bin" -q "${skip[@]}") || return 1
  done
  PCTENC_KERNEL=$1 cargo test -q --workspace --doc -- crates/pctenc/src "${skip[@]}"
}
# The tests that force every kernel themselves (tests/kernels.rs) do the same work under
# any PCTENC_KERNEL: they ran once in cargo test --workspace, so they are skipped here.
skip=(--skip every_kernel_matches_scalar --skip encoder_stream_matches_for_every_kernel)
for k in scalar ssse3 avx2 avx512; do
  if ! grep -qw "$k" <<<"$available"; then
    echo "== kernel $k: skipped, this CPU lacks it"
    continue
  fi
  if [ "$k" = "$detected" ]; then
    echo "== kernel $k: the detected one, already run by cargo test --workspace"
    continue
  fi
  echo "== PCTENC_KERNEL=$k: the tests of crates/pctenc"
  if under "$k" >"$log" 2>&1; then
    passed=$((passed + 1))
    grep -E '^test result' "$log" | sed 's/^/   /'
  else
    failed=$((failed + 1))
    tail -n 60 "$log"
    echo "FAILED under kernel $k"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
