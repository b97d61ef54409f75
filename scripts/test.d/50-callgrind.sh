#!/usr/bin/env bash
# Instruction budgets, counted by callgrind (deterministic): the AVX2 kernel must stay under
# its budgets in instructions per input byte for encoding English-like text and for decoding
# sparse and dense escapes, and per 64-byte decode call (the fixed cost of a call);
# scripts/callgrind/run.sh prints the whole table and the budgets;
# and the CLI's records mode under 35 per byte each way (scripts/callgrind/records.sh).
set -uo pipefail
cd "$(dirname "$0")/../.."
if ! command -v valgrind >/dev/null; then
  echo "valgrind missing (scripts/deps.d/50-valgrind.sh installs it)"
  echo "0 passed, 1 failed"
  exit 1
fi
pass=0 fail=0
for check in scripts/callgrind/run.sh scripts/callgrind/records.sh; do
  out=$(bash "$check" --check 2>&1); rc=$?
  printf '%s\n' "$out"
  p=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' | tail -1)
  f=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' | tail -1)
  pass=$((pass + ${p:-0})); fail=$((fail + ${f:-0}))
  if [ $rc -ne 0 ] && [ "${f:-0}" -eq 0 ]; then fail=$((fail + 1)); echo "FAIL $check (exit $rc)"; fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
