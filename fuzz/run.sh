#!/usr/bin/env bash
# Replays the repository's fuzz corpus: builds every cargo-fuzz target (or those named in
# FUZZ_TARGETS, space-separated) the way the campaigns run them (release, debug assertions
# and overflow checks on, AddressSanitizer; or unoptimised, FUZZ_PROFILE=dev below), and runs
# each target once on every input of fuzz/corpus/TARGET/ (libFuzzer -runs=0: the corpus is
# executed, nothing new is generated).
# The corpus is what fuzz/minimize.sh kept from the campaigns (docs/security.md, "Fuzzing"):
# every input that reached new coverage, so no crash fixed since can come back unseen.
#
# Needs a nightly toolchain and cargo-fuzz (scripts/deps.d/60-fuzz.sh installs both). Prints
# each target's count of inputs run and `N passed, N failed`; exits non-zero if any input
# fails (the log's last lines are shown) or a target has no corpus.
set -uo pipefail
cd "$(dirname "$0")"
read -r -a targets <<<"${FUZZ_TARGETS:-$(bash ./targets.sh)}"
# FUZZ_PROFILE=dev builds with the light optimization of fuzz/Cargo.toml's dev profile
# (cargo fuzz build --dev: AddressSanitizer, debug assertions and overflow checks still on,
# many codegen units), which compiles on every core where the campaigns' release build has
# one codegen unit; the corpus replay then takes about 50 CPU-seconds.
case ${FUZZ_PROFILE:-release} in
  release) build=-O dir=release ;;
  dev) build=--dev dir=debug ;;
  *) echo "fuzz: FUZZ_PROFILE is release or dev, not '$FUZZ_PROFILE'"; echo "0 passed, 1 failed"; exit 1 ;;
esac
mkdir -p logs
cargo +nightly fuzz build $build >logs/build.log 2>&1 || { tail -30 logs/build.log; echo "0 passed, 1 failed"; exit 1; }
passed=0 failed=0
for t in "${targets[@]}"; do
  files=$(find "corpus/$t" -type f 2>/dev/null | wc -l)
  if [ "$files" -eq 0 ]; then
    failed=$((failed + 1)); echo "fuzz $t: FAILED, no corpus in fuzz/corpus/$t"; continue
  fi
  log=logs/replay-$t.log
  mkdir -p "artifacts/$t"  # (git-ignored: where libFuzzer writes a failing input)
  target/x86_64-unknown-linux-gnu/$dir/"$t" "corpus/$t" -runs=0 -timeout=10 -artifact_prefix="artifacts/$t/" \
    -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1
  rc=$?
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  if [ $rc -eq 0 ] && [ "${runs:-0}" -ge "$files" ]; then
    passed=$((passed + 1)); echo "fuzz $t: ok, $files corpus inputs replayed"
  else
    failed=$((failed + 1)); echo "fuzz $t: FAILED (exit $rc, ${runs:-?} of $files inputs run)"; tail -25 "$log"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
