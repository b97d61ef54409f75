#!/usr/bin/env bash
# Instructions per input byte for each kernel, corpus and operation, counted by
# `valgrind --tool=callgrind` (deterministic: the same count on a busy or an idle machine).
# One call = count(2 calls) - count(1 call), on the first 1 MiB of each corpus.
# valgrind runs SSE/AVX2 code but not AVX-512 (its CPUID hides AVX-512 from the program), so
# availability is asked under valgrind: kernels it cannot run are skipped and said so.
#
# usage: scripts/callgrind/run.sh [--check]     (--check: fail if the AVX2 kernel exceeds a
#                                                 budget, instructions/byte: encode of
#                                                 ascii-clean, decode of sparse and of
#                                                 enc-ascii-clean; and instructions per
#                                                 64-byte decode call, enc-ascii-clean
#                                                 and slug: the fixed cost of a call)
# env:   KERNELS="scalar ssse3 avx2 avx512"  LEN=1048576
#        MAX_AVX2_ENCODE=1.61  MAX_AVX2_DECODE_SPARSE=0.53  MAX_AVX2_DECODE_DENSE=2.85
#        MAX_AVX2_DECODE_CALL_DENSE=286  MAX_AVX2_DECODE_CALL_SLUG=86
# The budgets sit 8-11% above the per-byte counts of the current kernels (kernel/generic.rs, AVX2):
# encode 1.46 (budget 1.61), sparse decode 0.48 (0.53), dense decode 2.63 on the COMPONENT
# profile (2.85; issue 27's ceiling is 3.00), so a regression of either direction fails CI
# while compiler noise does not. The per-call budgets (64-byte calls, instructions per call):
# dense 265 (budget 286); slug 84 (86: kept from older kernels that counted 78, rather than
# loosened, so it has 2% of room).
set -euo pipefail
cd "$(dirname "$0")"
LEN=${LEN:-1048576}
KERNELS=${KERNELS:-"scalar ssse3 avx2 avx512"}
MAX_AVX2_ENCODE=${MAX_AVX2_ENCODE:-1.61}
MAX_AVX2_DECODE_SPARSE=${MAX_AVX2_DECODE_SPARSE:-0.53}
MAX_AVX2_DECODE_DENSE=${MAX_AVX2_DECODE_DENSE:-2.85}
MAX_AVX2_DECODE_CALL_DENSE=${MAX_AVX2_DECODE_CALL_DENSE:-286}
MAX_AVX2_DECODE_CALL_SLUG=${MAX_AVX2_DECODE_CALL_SLUG:-86}
check=0
[ "${1:-}" = "--check" ] && check=1

command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
cargo build --quiet --release --manifest-path probe/Cargo.toml
probe=probe/target/release/pctenc-callgrind-probe
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Total instructions of one probe run.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$probe" "$@" "${LEN}" \
    >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; return 1; }
  sed -n 's/^summary: *//p' "$tmp/cg.out"
}

declare -A ipb ipc
row() { # op corpus...
  local op=$1; shift
  printf '\n%s: instructions per input byte (%s-byte prefix; one call)\n\n' "$op" "$LEN"
  printf '| kernel |'; for c in "$@"; do printf ' %s |' "$c"; done; printf '\n|---|'
  for _ in "$@"; do printf -- '---:|'; done; printf '\n'
  for k in $KERNELS; do
    if ! valgrind -q --tool=none "$probe" "$op" "$1" "$k" 0 64 >/dev/null 2>&1; then
      printf '| %s | (not available under valgrind on this CPU) |\n' "$k"; continue
    fi
    printf '| %s |' "$k"
    for c in "$@"; do
      local one two
      one=$(count "$op" "$c" "$k" 1)
      two=$(count "$op" "$c" "$k" 2)
      ipb[$op/$c/$k]=$(awk -v a="$one" -v b="$two" -v n="$LEN" 'BEGIN { printf "%.2f", (b - a) / n }')
      printf ' %s |' "${ipb[$op/$c/$k]}"
    done
    printf '\n'
  done
}

row encode ascii-clean utf8-mixed binary slug
row decode slug enc-ascii-clean enc-binary sparse malformed

# Short inputs: instructions per 64-byte call (1100 calls minus 100 calls, / 1000).
printf '\nshort inputs: instructions per 64-byte call (per byte in brackets)\n\n'
printf '| kernel | encode ascii-clean | decode enc-ascii-clean | decode slug |\n|---|---:|---:|---:|\n'
for k in $KERNELS; do
  valgrind -q --tool=none "$probe" encode slug "$k" 0 64 >/dev/null 2>&1 || continue
  printf '| %s |' "$k"
  for oc in "encode ascii-clean" "decode enc-ascii-clean" "decode slug"; do
    # shellcheck disable=SC2086
    one=$(LEN=64 count $oc "$k" 100 | tail -1); two=$(LEN=64 count $oc "$k" 1100 | tail -1)
    call=$(awk -v a="$one" -v b="$two" 'BEGIN { printf "%d", (b - a) / 1000 }')
    ipc[${oc// //}/$k]=$call
    awk -v c="$call" 'BEGIN { printf " %d (%.1f) |", c, c / 64 }'
  done
  printf '\n'
done

if [ $check = 1 ]; then
  if [ -z "${ipb[encode/ascii-clean/avx2]:-}" ]; then
    echo; echo "check: the AVX2 kernel did not run (CPU without AVX2?): 0 passed, 0 failed"; exit 0
  fi
  pass=0 fail=0
  echo
  for budget in "encode/ascii-clean $MAX_AVX2_ENCODE" "decode/sparse $MAX_AVX2_DECODE_SPARSE" \
      "decode/enc-ascii-clean $MAX_AVX2_DECODE_DENSE"; do
    set -- $budget
    got=${ipb[$1/avx2]}
    if awk -v g="$got" -v m="$2" 'BEGIN { exit !(g <= m) }'; then
      pass=$((pass + 1)); echo "check: AVX2 $1 $got <= $2 instructions/byte"
    else
      fail=$((fail + 1)); echo "check: AVX2 $1 $got > $2 instructions/byte (over budget)"
    fi
  done
  for budget in "decode/enc-ascii-clean $MAX_AVX2_DECODE_CALL_DENSE" \
      "decode/slug $MAX_AVX2_DECODE_CALL_SLUG"; do
    set -- $budget
    got=${ipc[$1/avx2]:-}
    if [ -n "$got" ] && [ "$got" -le "$2" ]; then
      pass=$((pass + 1)); echo "check: AVX2 $1 $got <= $2 instructions per 64-byte call"
    else
      fail=$((fail + 1)); echo "check: AVX2 $1 ${got:-?} > $2 instructions per 64-byte call (over budget)"
    fi
  done
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
fi
