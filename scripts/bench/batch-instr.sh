#!/usr/bin/env bash
# Instructions per row of the batch API and of the per-row loop it replaces, counted by
# callgrind on the batch benchmark's URL rows (crates/pctenc/benches/url_rows): one pass over
# ROWS rows = count(2 passes) - count(1 pass). valgrind hides AVX-512, so this counts the
# AVX2 kernel.
#
#   scripts/bench/batch-instr.sh                 # every op x profile, markdown table
#   PROFILES="spark" OPS="batch-decode" ROWS=20000 scripts/bench/batch-instr.sh
#   BIN=/other/build/batch_instr scripts/bench/batch-instr.sh   # count another build
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
if [ -z "${BIN:-}" ]; then cargo build --release -p pctenc --example batch_instr -q; fi
bin="${BIN:-target/release/examples/batch_instr}"
rows="${ROWS:-10000}"
profiles="${PROFILES:-rfc3986 py-quote duckdb spark}"
ops="${OPS:-batch-decode row-decode batch-encode row-encode}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

count() { # OP PROFILE CALLS -> total instructions
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" "$1" "$2" "$rows" "$3" >"$tmp/len" 2>/dev/null
  awk '/^summary:/ {print $2}' "$tmp/out"
}

echo "instructions per row ($rows rows; instructions per input byte in brackets)"
echo
printf '| op |'; for p in $profiles; do printf ' %s |' "$p"; done; echo
printf '|---|'; for _ in $profiles; do printf -- '---:|'; done; echo
for op in $ops; do
  printf '| %s |' "$op"
  for p in $profiles; do
    case "$op" in *encode) [ "$p" = py-quote ] || [ "$p" = duckdb ] && { printf ' |'; continue; } ;; esac
    one=$(count "$op" "$p" 1)
    two=$(count "$op" "$p" 2)
    read -r bytes _ _ <"$tmp/len"
    awk -v a="$one" -v b="$two" -v r="$rows" -v n="$bytes" \
      'BEGIN { printf " %.0f (%.2f) |", (b - a) / r, (b - a) / n }'
  done
  echo
done
