#!/usr/bin/env bash
# Whole-process throughput: a SIZE_MIB file (default 1024: 1 GiB) of English-like query text
# (the `ascii-clean` corpus, 16.7% spaces, no line breaks) through `pctenc encode --whole` and, its RFC 3986
# encoding, through `pctenc decode --whole`; and the peers streaming the same file in the same run: the percent-encoding crate
# (crates/pctenc/examples/whole_peer.rs), node (peer.js: encodeURIComponent /
# decodeURIComponent), python3 (peer.py: quote / unquote_to_bytes) and perl (peer.pl:
# URI::Escape's uri_escape / uri_unescape). curl is not a row: it has no stdin-to-stdout
# encoder (--data-urlencode builds a request body for a transfer). Every peer's output is
# checked byte for byte against pctenc's first. Wall time and peak RSS from /usr/bin/time,
# median of RUNS runs (default 3; python3 once: ~1 minute per GiB and direction).
#
# usage: scripts/bench/whole.sh      env: SIZE_MIB=1024 RUNS=3 OUT=target/bench-runs
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZE_MIB=${SIZE_MIB:-1024}
RUNS=${RUNS:-3}
OUT=${OUT:-target/bench-runs}
mkdir -p "$OUT" target/whole
cargo build -q --release -p pctenc-cli
cargo build -q --release -p pctenc --example whole_peer
bin=target/release/pctenc
peer=target/release/examples/whole_peer
plain=target/whole/ascii-clean-$SIZE_MIB.txt
enc=target/whole/ascii-clean-$SIZE_MIB.enc
[ -s "$plain" ] || "$peer" gen ascii-clean "$SIZE_MIB" > "$plain"
[ -s "$enc" ] || "$bin" encode --whole -i "$plain" > "$enc"
bytes_plain=$(stat -c %s "$plain"); bytes_enc=$(stat -c %s "$enc")

# The peers must produce pctenc's bytes (checked on the whole file, once).
check() { # name expected command...
  local name=$1 expected=$2; shift 2
  if ! "$@" | cmp -s - "$expected"; then echo "whole.sh: $name output differs from pctenc's" >&2; exit 1; fi
}
check "percent-encoding encode" "$enc" "$peer" encode < "$plain"
check "percent-encoding decode" "$plain" "$peer" decode < "$enc"
have_node=0; command -v node >/dev/null && have_node=1
have_py=0; command -v python3 >/dev/null && have_py=1
have_perl=0; perl -MURI::Escape -e 1 2>/dev/null && have_perl=1
[ $have_node = 1 ] && check "node encode" "$enc" node scripts/bench/peer.js encode < "$plain"
[ $have_node = 1 ] && check "node decode" "$plain" node scripts/bench/peer.js decode < "$enc"
[ $have_py = 1 ] && check "python3 encode" "$enc" python3 scripts/bench/peer.py encode < "$plain"
[ $have_py = 1 ] && check "python3 decode" "$plain" python3 scripts/bench/peer.py decode < "$enc"
[ $have_perl = 1 ] && check "perl encode" "$enc" perl scripts/bench/peer.pl encode < "$plain"
[ $have_perl = 1 ] && check "perl decode" "$plain" perl scripts/bench/peer.pl decode < "$enc"

results="$OUT/whole-$(date -u +%Y%m%dT%H%M%S).jsonl"
# Times `command...` reading `input` RUNS times (or `runs`); prints "median_s peak_kib".
measure() { # runs input command...
  local runs=$1 input=$2; shift 2
  local t
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o target/whole/time "$@" < "$input" > /dev/null
    cat target/whole/time
  done | sort -n | awk '{ w[NR] = $1; m[NR] = $2 } END { i = int((NR + 1) / 2); print w[i], m[i] }'
}
row() { # name op bytes runs input command...
  local name=$1 op=$2 bytes=$3 runs=$4 input=$5; shift 5
  read -r secs kib < <(measure "$runs" "$input" "$@")
  printf '{"name":"%s","op":"%s","bytes":%s,"runs":%s,"median_s":%s,"peak_kib":%s}\n' \
    "$name" "$op" "$bytes" "$runs" "$secs" "$kib" >> "$results"
  awk -v n="$name" -v op="$op" -v b="$bytes" -v s="$secs" -v k="$kib" -v r="$runs" \
    'BEGIN { printf "| %s | %s | %.2f | %.1f | %d |\n", n, op, b / s / 1e9, k / 1024, r }'
}
echo "whole process, $SIZE_MIB MiB ascii-clean ($bytes_plain bytes; encoded $bytes_enc), $(date -u '+%F %H:%M UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| command | op | GB/s of input | peak RSS MiB | runs |"
echo "|---|---|---:|---:|---:|"
row "pctenc --whole" encode "$bytes_plain" "$RUNS" "$plain" "$bin" encode --whole
row "pctenc --whole" decode "$bytes_enc" "$RUNS" "$enc" "$bin" decode --whole
row "percent-encoding (Rust)" encode "$bytes_plain" "$RUNS" "$plain" "$peer" encode
row "percent-encoding (Rust)" decode "$bytes_enc" "$RUNS" "$enc" "$peer" decode
[ $have_node = 1 ] && row "node $(node --version)" encode "$bytes_plain" "$RUNS" "$plain" node scripts/bench/peer.js encode
[ $have_node = 1 ] && row "node $(node --version)" decode "$bytes_enc" "$RUNS" "$enc" node scripts/bench/peer.js decode
[ $have_py = 1 ] && row "python3 $(python3 -c 'import sys; print(sys.version.split()[0])')" encode "$bytes_plain" 1 "$plain" python3 scripts/bench/peer.py encode
[ $have_py = 1 ] && row "python3 $(python3 -c 'import sys; print(sys.version.split()[0])')" decode "$bytes_enc" 1 "$enc" python3 scripts/bench/peer.py decode
[ $have_perl = 1 ] && row "perl $(perl -e 'printf "%vd", $^V') URI::Escape" encode "$bytes_plain" 1 "$plain" perl scripts/bench/peer.pl encode
[ $have_perl = 1 ] && row "perl $(perl -e 'printf "%vd", $^V') URI::Escape" decode "$bytes_enc" 1 "$enc" perl scripts/bench/peer.pl decode
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); raw results: $results"
