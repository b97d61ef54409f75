#!/usr/bin/env bash
# The kernels alone under Node: benches/kernels.rs (criterion) built for wasm32-wasip1 with
# simd128 and run by scripts/wasi-run.mjs, the 16 MiB groups only. Each group forces the
# scalar and simd128 kernels in the same process, beside memcpy and percent-encoding (also
# compiled to wasm). One Node process per group. Node 20 sometimes crashes (SIGSEGV) after the
# bench's last result, at exit, also for a build without simd128 (no SIMD and no `unsafe`
# compiled), so it is Node's, not the kernel's (a wasm program cannot fault its host: a bad
# access traps): a group counts when all four of its results were printed, whatever the exit.
# Prints one line per group: MB/s of input (MB = 10^6 B), criterion's median estimate.
#
#   scripts/bench/wasm-kernels.sh            # ~1 minute (PCTENC_BENCH_QUICK=1 timings)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}/wasm-simd128
export CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="-C target-feature=+simd128"
bin=$(cargo bench -q -p pctenc --bench kernels --target wasm32-wasip1 --no-run --message-format=json 2>/dev/null |
  sed -n 's/.*"executable":"\([^"]*kernels-[^"]*\.wasm\)".*/\1/p' | tail -1)
export WASI_ROOT=$root WASI_DIRS=$(dirname "$root") PCTENC_BENCH_QUICK=${PCTENC_BENCH_QUICK:-1}
echo "wasm kernels bench: $(date -u +%FT%TZ), node $(node --version), $(nproc) CPUs; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| op/corpus (16 MiB) | memcpy | percent-encoding | scalar | simd128 | simd128 ÷ scalar |"
echo "|---|---:|---:|---:|---:|---:|"
for g in encode/ascii-clean encode/utf8-mixed encode/binary encode/slug decode/slug \
  decode/enc-ascii-clean decode/enc-ascii-clean-strict decode/enc-binary decode/sparse decode/malformed; do
  out=$(node --no-warnings scripts/wasi-run.mjs "$bin" "^$g/16777216/" --bench 2>&1) || true
  printf '%s\n' "$out" | awk -v g="$g" '
    /^[a-z].*\/16777216\// && !/^Benchmarking/ { name = $1; sub(/.*\/16777216\/(pctenc\/)?/, "", name); next }
    name != "" && $1 == "thrpt:" {
      v = $4; u = $5; f = (u == "GiB/s") ? 2^30 : (u == "MiB/s") ? 2^20 : 2^10
      mb[name] = v * f / 1e6; name = ""
    }
    END {
      if (!("memcpy" in mb && "percent-encoding" in mb && "scalar" in mb && "simd128" in mb)) {
        printf "| %s | incomplete: the bench ended early |\n", g; exit 1
      }
      printf "| %s | %.0f | %.0f | %.0f | %.0f | %.2fx |\n", g, mb["memcpy"], mb["percent-encoding"],
        mb["scalar"], mb["simd128"], mb["simd128"] / mb["scalar"]
    }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
