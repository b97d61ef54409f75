#!/usr/bin/env bash
# Runs the throughput benchmarks and prints the tables of BENCHMARKS.md.
#
#   scripts/bench/run.sh                      # interleaved rounds (default), RUNS=2 runs, ~5 min
#   PCTENC_BENCH_QUICK=1 RUNS=1 scripts/bench/run.sh   # smoke run, 1 MiB corpora, <1 min
#   MODE=criterion scripts/bench/run.sh ['encode-16MiB']  # criterion's own runs (+ filter)
#
# Interleaved mode (PCTENC_BENCH_INTERLEAVED=FILE): per group, every row runs one >= 15 ms
# sample per round, in rotated order, 11 rounds; each round is one "run" for table.py, whose
# ratios are therefore taken between samples seconds apart. That is what stays meaningful
# while other processes compete for the CPU. Criterion mode keeps each run's criterion
# directory as target/bench-runs/run-N instead.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${RUNS:-2}"
mode="${MODE:-interleaved}"
out=target/bench-runs
rm -rf "$out"
mkdir -p "$out"
cargo bench -p pctenc --bench throughput --no-run
for n in $(seq 1 "$runs"); do
  if [ "$mode" = criterion ]; then
    rm -rf target/criterion
    cargo bench -p pctenc --bench throughput -- "$@" >"$out/run-$n.log" 2>&1
    cp -r target/criterion "$out/run-$n"
  else
    PCTENC_BENCH_INTERLEAVED="$PWD/$out/run-$n.jsonl" \
      cargo bench -p pctenc --bench throughput >"$out/run-$n.log" 2>&1
  fi
  echo "run $n of $runs done" >&2
done
if [ "$mode" = criterion ]; then results=("$out"/run-*/); else results=("$out"/run-*.jsonl); fi
python3 scripts/bench/table.py "${results[@]}"
echo
python3 scripts/bench/table.py --goals "${results[@]}"
