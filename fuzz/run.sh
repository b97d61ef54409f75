#!/usr/bin/env bash
# Runs every cargo-fuzz target (or those named in FUZZ_TARGETS, space-separated) for SECONDS
# seconds each (default 60), seeded with the research note's corpus (fuzz/seeds.txt), and
# prints each target's execution count.
# Needs a nightly toolchain and cargo-fuzz (scripts/deps.d/60-fuzz.sh installs cargo-fuzz).
# Exits non-zero if any target finds a failing input; the input is kept under
# fuzz/artifacts/TARGET/ and the last lines of the log are shown.
set -uo pipefail
cd "$(dirname "$0")"
secs="${1:-60}"
read -r -a targets <<<"${FUZZ_TARGETS:-roundtrip strict_lenient stream segment lint form}"
if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "fuzz: skipped, no nightly toolchain (rustup toolchain list)"; exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: skipped, cargo-fuzz is not installed (cargo install cargo-fuzz)"; exit 0
fi
cargo +nightly fuzz build -O >/dev/null 2>build.log || { tail -30 build.log; exit 1; }
passed=0 failed=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  # One corpus file per seed; the stream and lint targets read parameters from the first
  # bytes, so their seeds get a few framings.
  n=0
  while IFS= read -r seed; do
    n=$((n + 1))
    printf '%s' "$seed" > "corpus/$t/seed-$n"
    printf '\x03\x02\x01%s' "$seed" > "corpus/$t/seed-$n-a"
    printf '\x0b\x07\x05%s' "$seed" > "corpus/$t/seed-$n-b"
  done < seeds.txt
  log="fuzz-$t.log"
  cargo +nightly fuzz run -O "$t" "corpus/$t" -- -max_total_time="$secs" -max_len=256 \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1
  rc=$?
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1)); echo "fuzz $t: ok, ${execs:-?} executions in ${secs}s"
  else
    failed=$((failed + 1)); echo "fuzz $t: FAILED (exit $rc) after ${execs:-?} executions"; tail -25 "$log"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
