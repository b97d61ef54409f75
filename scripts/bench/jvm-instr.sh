#!/usr/bin/env bash
# Instructions per call of the JVM library's per-row path, `Java_org_pctenc_Native_runAt`
# (what Spark's pct_encode / pct_decode and the Java API call once per value), counted by
# callgrind without a JVM: the export makes no JNI call, so crates/pctenc-jvm/examples/runat.rs
# calls it directly on values in native memory, with the codec Spark's functions compile
# (profile `spark`, Java-string input). Counted inside the export alone (--toggle-collect),
# which repeats to a tenth of an instruction whatever else the machine runs. Four inputs:
# an empty value, a one-byte value (the fixed cost of a value), one 76-byte URL with a few
# escapes, and the engine benchmark's URL column (scripts/bench/engines.py's rows, mean 76
# bytes). valgrind hides
# AVX-512, so this counts the AVX2 kernel. ANNOTATE=1 prints callgrind_annotate's functions
# for the column's decode.
#
#   scripts/bench/jvm-instr.sh                     # 20,000 calls each, about 20 s
#   ROWS=100000 PROFILE=spark scripts/bench/jvm-instr.sh
#
# Needs valgrind, and for the column a venv with pyarrow (VENV, default target/test-venv).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
venv=${VENV:-target/test-venv}
rows=${ROWS:-20000}
profile=${PROFILE:-spark}
target=$(rustc -vV | sed -n 's/^host: //p')
# The jar's own build profile (scripts/build/jvm.sh), so the count is the shipped code's.
cargo build -q --profile jvm -p pctenc-jvm --target "$target" --example runat
bin=target/$target/jvm/examples/runat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '\n' >"$tmp/empty"
printf 'a\n' >"$tmp/one-byte"
printf 'https://www.example.org/caf%%C3%%A9/docs?q=hello+world&id=42&lang=en&ref=a%%20b\n' >"$tmp/url"
parquet=$("$venv/bin/python" -c 'import sys; sys.path.insert(0, "scripts/bench"); import engines; print(engines.parquet(int(sys.argv[1])))' "$rows")
"$venv/bin/python" - "$parquet" "$tmp/column" <<'PY'
import sys
import pyarrow.parquet as pq
with open(sys.argv[2], "wb") as f:
    for v in pq.read_table(sys.argv[1]).column("u").to_pylist():
        f.write(v.encode() + b"\n")
PY

count() { # MODE FILE REPEAT -> instructions inside runAt per call
    valgrind --tool=callgrind --toggle-collect=Java_org_pctenc_Native_runAt \
        --callgrind-out-file="$tmp/out" "$bin" "$1" "$profile" "$2" "$3" >"$tmp/result" 2>"$tmp/err" \
        || { cat "$tmp/err" >&2; exit 1; }
    calls=$(awk '{print $1}' "$tmp/result")
    awk -v c="$calls" '/^summary:/ { printf "%.1f", $2 / c }' "$tmp/out"
}

echo "instructions per call inside Java_org_pctenc_Native_runAt (profile $profile, $rows calls each)"
echo
echo "| value | decode | encode |"
echo "|---|---:|---:|"
for input in empty one-byte url column; do
    repeat=$rows
    [ "$input" = column ] && repeat=1
    printf '| %s | %s | %s |\n' "$input" "$(count decode "$tmp/$input" "$repeat")" "$(count encode "$tmp/$input" "$repeat")"
done
if [ -n "${ANNOTATE:-}" ]; then
    count decode "$tmp/column" 1 >/dev/null
    callgrind_annotate --inclusive=yes "$tmp/out" | head -40
fi
