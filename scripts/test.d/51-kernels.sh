#!/usr/bin/env bash
# The whole pctenc test suite once more under each kernel (PCTENC_KERNEL makes
# Kernel::detect pick it; tests/kernels.rs checks that it did). tests/kernels.rs already
# compares every kernel with the scalar one; this runs everything else (unit, doc, stream
# and conformance tests) under each kernel too. A kernel this CPU lacks is skipped.
set -uo pipefail
cd "$(dirname "$0")/../.."
passed=0 failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The detected kernel (AVX2 where present) already ran in `cargo test --workspace`.
for k in scalar ssse3; do
  echo "== PCTENC_KERNEL=$k cargo test -p pctenc"
  if PCTENC_KERNEL=$k cargo test -q -p pctenc >"$log" 2>&1; then
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
