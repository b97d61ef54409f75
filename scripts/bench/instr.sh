#!/usr/bin/env bash
# Instructions per input byte, counted by callgrind: one call on the first MiB of each corpus
# = count(2 calls) - count(1 call). Repeatable to the instruction whatever else the machine
# runs, so it is the number to compare before/after a change on a shared machine.
#
#   scripts/bench/instr.sh              # markdown table of every operation x corpus
#   KERNEL=scalar scripts/bench/instr.sh
#   BIN=/other/build/bench_instr scripts/bench/instr.sh   # count another build (before/after)
#   PIECE=64 scripts/bench/instr.sh     # one call per 64-byte piece: the fixed cost per call
#                                       # included (instructions/byte x 64 = one call); also
#                                       # prints the benchmark loop's own cost per call (the
#                                       # `noop` op), which every row includes
#   PER_CALL=1 scripts/bench/instr.sh   # decode: instructions per call on 64-byte pieces
#                                       # (PIECE to change), the harness alone (`loop`) and a
#                                       # copy (`memcpy`) beside it, pctenc's share (decode -
#                                       # loop), and the fixed cost of a call (1-byte calls)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
if [ -z "${BIN:-}" ]; then cargo build --release -p pctenc --example bench_instr -q; fi
bin="${BIN:-target/release/examples/bench_instr}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

count() { # OP CORPUS CALLS -> total instructions
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" "$1" "$2" "$3" ${KERNEL:-} >"$tmp/len" 2>/dev/null
  awk '/^summary:/ {print $2}' "$tmp/out"
}

per_byte() { # OP CORPUS
  local one two len calls
  if [ "$1" = decode-strict ] && [ "$2" = malformed ]; then printf "n/a"; return; fi
  one=$(count "$1" "$2" 1)
  two=$(count "$1" "$2" 2)
  read -r len calls <"$tmp/len"
  awk -v a="$one" -v b="$two" -v n="$len" 'BEGIN { printf "%.2f", (b - a) / n }'
}

per_call() { # OP CORPUS -> instructions per call (the program prints bytes and calls)
  local one two len calls
  one=$(count "$1" "$2" 1)
  two=$(count "$1" "$2" 2)
  read -r len calls <"$tmp/len"
  awk -v a="$one" -v b="$two" -v n="$calls" 'BEGIN { printf "%.1f", (b - a) / n }'
}

if [ -n "${PER_CALL:-}" ]; then
  export PIECE=${PIECE:-64}
  corpora=(enc-ascii-clean enc-urls enc-utf8-mixed enc-binary slug sparse malformed)
  echo "decode: instructions per call, one call per $PIECE-byte piece of the first MiB"
  echo
  printf '| op |'; printf ' %s |' "${corpora[@]}"; echo
  printf '|---|'; for _ in "${corpora[@]}"; do printf -- '---:|'; done; echo
  declare -A loop_cost
  for op in loop memcpy pe-decode decode decode-strict; do
    printf '| %s |' "$op"
    for c in "${corpora[@]}"; do
      if [ "$op" = decode-strict ] && [ "$c" = malformed ]; then printf ' n/a |'; continue; fi
      v=$(per_call "$op" "$c")
      [ "$op" = loop ] && loop_cost[$c]=$v
      printf ' %s |' "$v"
    done
    echo
  done
  printf '| decode - loop |'
  for c in "${corpora[@]}"; do
    v=$(per_call decode "$c")
    awk -v d="$v" -v l="${loop_cost[$c]}" 'BEGIN { printf " %.1f |", d - l }'
  done
  echo
  echo
  export PIECE=1
  l=$(per_call loop slug); d=$(per_call decode slug); m=$(per_call memcpy slug)
  awk -v d="$d" -v l="$l" -v m="$m" 'BEGIN { printf "fixed cost of a decode call (1-byte calls on slug): %.1f instructions (decode %.1f, memcpy %.1f, loop %.1f)\n", d - l, d, m, l }'
  exit 0
fi

table() { # title, corpora..., then ops after "--"
  local title=$1; shift
  local corpora=() ops=()
  while [ "$1" != "--" ]; do corpora+=("$1"); shift; done
  shift; ops=("$@")
  if [ -n "${PIECE:-}" ]; then
    echo "$title: instructions per input byte (first MiB, one call per $PIECE-byte piece)"
  else
    echo "$title: instructions per input byte (first MiB, one call)"
  fi
  echo
  printf '| op |'; printf ' %s |' "${corpora[@]}"; echo
  printf '|---|'; for _ in "${corpora[@]}"; do printf -- '---:|'; done; echo
  for op in "${ops[@]}"; do
    printf '| %s |' "$op"
    for c in "${corpora[@]}"; do printf ' %s |' "$(per_byte "$op" "$c")"; done
    echo
  done
  echo
}

table encode ascii-clean urls utf8-mixed binary slug -- pe-encode encode
table decode enc-ascii-clean enc-urls enc-utf8-mixed enc-binary slug sparse malformed -- pe-decode decode decode-strict

if [ -n "${PIECE:-}" ]; then
  one=$(count noop slug 1); two=$(count noop slug 2); read -r len _ <"$tmp/len"
  awk -v a="$one" -v b="$two" -v n="$len" -v p="$PIECE" \
    'BEGIN { printf "The loop alone (op noop): %.1f instructions per call, included in every row above.\n", (b - a) / n * p }'
fi
