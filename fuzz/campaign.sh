#!/usr/bin/env bash
# A long fuzzing campaign, counted in CPU time: every target (or those in FUZZ_TARGETS) runs
# until its process has used CPU_MINUTES minutes of CPU (default 20), two targets at a time
# (LANES, default 2: one per core), at `nice -n 19` so that it takes only idle CPU on a shared
# machine. Each target starts from the repository's corpus (fuzz/corpus/TARGET/) and the seeds
# of fuzz/seeds.txt, and grows its own working corpus under OUT/corpus/TARGET/.
#
#   bash fuzz/campaign.sh OUT          # logs, corpora, per-target summaries in OUT
#
# A target stops by SIGINT once its CPU time (utime + stime from /proc/PID/stat) reaches the
# budget. libFuzzer's -timeout counts wall-clock time, which a niced process on a busy machine
# loses by the second (a 20 ms input was once stopped after 10 s of waiting for a core), so
# it is 120 s here; the slowest input's time is in each log (stat::slowest_unit_time_sec).
# A working corpus already in OUT (an interrupted campaign's) is kept and grown; libFuzzer then prints its final statistics (-print_final_stats=1), which this script
# collects into OUT/summary.tsv: target, CPU seconds, wall seconds, executions, coverage
# (cov: edges, ft: features), corpus size, and the exit status (0 or 72 = interrupted as asked;
# anything else, with a crash-*, timeout-* or oom-* file under OUT/artifacts/TARGET/, is a
# failure). Afterwards
# `bash fuzz/minimize.sh OUT` merges the working corpora into fuzz/corpus/.
set -uo pipefail
cd "$(dirname "$0")"
out=$(realpath -m "${1:?usage: campaign.sh OUT}")
budget=$(( ${CPU_MINUTES:-20} * 60 ))
lanes=${LANES:-2}
read -r -a targets <<<"${FUZZ_TARGETS:-$(bash ./targets.sh)}"
mkdir -p "$out"
cargo +nightly fuzz build -O >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
# The commit fuzzed, and any change to the fuzzed code not committed yet (none, normally).
{ git -C .. rev-parse HEAD; git -C .. status --short -- crates fuzz/fuzz_targets; } >>"$out/commit"
[ -f "$out/summary.tsv" ] ||
  printf 'target\tcpu_s\twall_s\texecs\tcov\tft\tcorpus\texit\n' >"$out/summary.tsv"

hz=$(getconf CLK_TCK)
cpu_seconds() { # utime + stime of PID, in seconds
  awk -v hz="$hz" '{ sub(/^.*\) /, ""); print int(($12 + $13) / hz) }' "/proc/$1/stat" 2>/dev/null || echo 0
}

run_target() {
  local t=$1 bin=target/x86_64-unknown-linux-gnu/release/$1
  local corpus=$out/corpus/$t log=$out/$t.log
  mkdir -p "$corpus" "$out/artifacts/$t"
  [ -d "corpus/$t" ] && cp -n corpus/"$t"/* "$corpus"/ 2>/dev/null
  local n=0
  while IFS= read -r seed; do
    n=$((n + 1))
    printf '%s' "$seed" >"$corpus/seed-$n"
    printf '\x03\x02\x01\x00%s' "$seed" >"$corpus/seed-$n-a"
    printf '\x0b\x07\x05\x40\x01%s' "$seed" >"$corpus/seed-$n-b"
  done <seeds.txt
  local max_len=256
  case $t in batch | charset | form_serialize | wasm_raw) max_len=1024 ;; esac
  local start=$SECONDS
  nice -n 19 "$bin" "$corpus" -artifact_prefix="$out/artifacts/$t/" -max_len=$max_len \
    -timeout=120 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1 &
  local pid=$!
  local cpu=0
  while kill -0 "$pid" 2>/dev/null; do
    cpu=$(cpu_seconds "$pid")
    if [ "$cpu" -ge "$budget" ]; then kill -INT "$pid"; break; fi
    sleep 5
  done
  wait "$pid"
  local rc=$?
  local execs cov ft
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$cpu" $((SECONDS - start)) "${execs:-?}" \
    "${cov:-?}" "${ft:-?}" "$(find "$corpus" -type f | wc -l)" "$rc" >>"$out/summary.tsv"
}

# Lane k runs targets k, k + lanes, k + 2 * lanes...
for ((k = 0; k < lanes; k++)); do
  (
    for ((i = k; i < ${#targets[@]}; i += lanes)); do run_target "${targets[$i]}"; done
  ) &
done
wait
column -t "$out/summary.tsv"
awk -F'\t' 'NR > 1 && $8 != 0 && $8 != 72 { bad++ } END { exit bad > 0 }' "$out/summary.tsv"
