#!/usr/bin/env bash
# Runs the throughput benchmarks RUNS times (default 3) and prints the tables of BENCHMARKS.md.
#
#   scripts/bench/run.sh                         # everything, ~10 min per run
#   RUNS=1 PCTENC_BENCH_QUICK=1 scripts/bench/run.sh   # smoke run, ~1 min
#   scripts/bench/run.sh 'encode-16MiB'          # criterion filter, passed through
#
# Each run's criterion directory is kept as target/bench-runs/run-N; the table reports the
# median MB/s over runs and the median of the per-run ratios (to memcpy and to the
# percent-encoding crate), which are what stays stable on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${RUNS:-3}"
out=target/bench-runs
rm -rf "$out"
mkdir -p "$out"
cargo bench -p pctenc --bench throughput --no-run
for n in $(seq 1 "$runs"); do
  rm -rf target/criterion
  cargo bench -p pctenc --bench throughput -- "$@" >"$out/run-$n.log" 2>&1
  cp -r target/criterion "$out/run-$n"
  echo "run $n of $runs done" >&2
done
python3 scripts/bench/table.py "$out"/run-*/
echo
python3 scripts/bench/table.py --goals "$out"/run-*/
