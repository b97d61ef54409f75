#!/usr/bin/env bash
# Whole-process instructions per input byte of the CLI in records mode (one record per
# line), counted by callgrind: 2 MiB minus 1 MiB of URL-like lines, so process start-up and
# argument parsing cancel out. Records mode pays per line what `--whole` pays once (a
# codec per record, the sink calls); this budget keeps that per-line cost in check: zeroing a
# 6 KiB block buffer per record once made encode cost 245 instructions per byte here.
#
# usage: scripts/callgrind/records.sh [--check]   (--check: fail above the budgets)
# env:   MAX_RECORDS_ENCODE=35  MAX_RECORDS_DECODE=35
set -euo pipefail
cd "$(dirname "$0")/../.."
MAX_RECORDS_ENCODE=${MAX_RECORDS_ENCODE:-35}
MAX_RECORDS_DECODE=${MAX_RECORDS_DECODE:-35}
check=0
[ "${1:-}" = "--check" ] && check=1
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
cargo build --quiet --release -p pctenc-cli
bin=target/release/pctenc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Deterministic URL-like lines (a fixed LCG, no randomness from the machine): paths and
# queries of English words with spaces, a few non-ASCII words, 20-120 bytes per line.
python3 - "$tmp" <<'PY'
import sys
words = ("the quick brown fox jumps over lazy dog search query name value page id sort "
         "café naïve 東京 Москва über straße").split()
state = 12345
def rnd(n):
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
    return (state >> 33) % n
for mib in (1, 2):
    out, size = [], 0
    while size < mib << 20:
        path = "/".join(words[rnd(len(words))] for _ in range(1 + rnd(3)))
        query = " ".join(words[rnd(len(words))] for _ in range(1 + rnd(6)))
        line = f"https://example.com/{path}?q={query}"
        out.append(line)
        size += len(line.encode()) + 1
    open(f"{sys.argv[1]}/lines-{mib}.txt", "w", encoding="utf-8").write("\n".join(out) + "\n")
PY

# One thread where the CLI can run several, so that the count is the work, not the scheduling.
threads=()
"$bin" encode --help | grep -q -- '--threads' && threads=(--threads 1)
count() { # args...
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$bin" "$@" \
    >"$tmp/stdout" 2>"$tmp/err" || { cat "$tmp/err" >&2; return 1; }
  sed -n 's/^summary: *//p' "$tmp/cg.out"
}
per_byte() { # op file1 file2
  local a b n1 n2
  a=$(count "$1" "${threads[@]}" -i "$2"); n1=$(stat -c %s "$2")
  b=$(count "$1" "${threads[@]}" -i "$3"); n2=$(stat -c %s "$3")
  awk -v a="$a" -v b="$b" -v n1="$n1" -v n2="$n2" 'BEGIN { printf "%.2f", (b - a) / (n2 - n1) }'
}
"$bin" encode -i "$tmp/lines-1.txt" > "$tmp/enc-1.txt"
"$bin" encode -i "$tmp/lines-2.txt" > "$tmp/enc-2.txt"
enc=$(per_byte encode "$tmp/lines-1.txt" "$tmp/lines-2.txt")
dec=$(per_byte decode "$tmp/enc-1.txt" "$tmp/enc-2.txt")
printf '\nrecords mode (CLI, one thread): instructions per input byte\n\n'
printf '| op | instructions/byte | budget |\n|---|---:|---:|\n'
printf '| encode | %s | %s |\n| decode | %s | %s |\n' "$enc" "$MAX_RECORDS_ENCODE" "$dec" "$MAX_RECORDS_DECODE"
[ $check = 1 ] || exit 0
pass=0 fail=0
for pair in "encode $enc $MAX_RECORDS_ENCODE" "decode $dec $MAX_RECORDS_DECODE"; do
  set -- $pair
  if awk -v g="$2" -v m="$3" 'BEGIN { exit !(g <= m) }'; then
    pass=$((pass + 1)); echo "check: records $1 $2 <= $3 instructions/byte"
  else
    fail=$((fail + 1)); echo "check: records $1 $2 > $3 instructions/byte"
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
