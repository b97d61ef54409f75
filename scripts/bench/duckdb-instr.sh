#!/usr/bin/env bash
# Instructions per row of the DuckDB extension's functions and of DuckDB's built-ins, counted
# by callgrind in DuckDB's CLI (the `duckdb-cli` package's, one thread) on the engine
# benchmark's URL rows (scripts/bench/engines.py's column): per row over the scan =
# (count(`SELECT sum(strlen(f(u))) FROM t`) - count(`SELECT sum(strlen(u)) FROM t`)) / ROWS,
# the loading of the extension and of the table being the same in both processes. Whatever
# else the machine runs, but DuckDB's own scheduling (its executor polls while a query runs)
# moves that figure by about 5-20 a row from run to run on a busy machine; the extension's
# functions are also counted inside their callback alone (callgrind's --toggle-collect on
# the execute callback: reading the vector, the core, writing the results, DuckDB's copy of
# them), which repeats to a tenth of an instruction. valgrind hides AVX-512, so this counts
# the AVX2 kernel.
#
#   scripts/bench/duckdb-instr.sh        # builds the bench-identity extension first
#   ROWS=20000 CASES="pct_decode url_decode" scripts/bench/duckdb-instr.sh
#   EXT=path/pctenc.duckdb_extension scripts/bench/duckdb-instr.sh   # count another build
#
# Needs valgrind and a venv with the duckdb-cli and pyarrow packages (VENV, default
# target/test-venv, scripts/python/requirements-test.txt). About 2 minutes at 100 k rows.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
venv=${VENV:-target/test-venv}
rows=${ROWS:-100000}
cases=${CASES:-pct_identity pct_decode url_decode pct_encode url_encode}
if [ -z "${EXT:-}" ]; then
    EXT=$(PCTENC_DUCKDB_FEATURES=bench-identity bash scripts/build/duckdb.sh | tail -1)
fi
# The CLI binary itself: the venv's `duckdb` is a Python launcher, which callgrind would count.
cli=$("$venv/bin/python" -c 'import duckdb_cli, os; print(os.path.join(os.path.dirname(duckdb_cli.__file__), "duckdb"))')
parquet=$("$venv/bin/python" -c 'import sys; sys.path.insert(0, "scripts/bench"); import engines; print(engines.parquet(int(sys.argv[1])))' "$rows")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

count() { # EXPR [VALGRIND-OPTION] -> instructions of one CLI process computing sum(strlen(EXPR))
    printf "SET threads=1; LOAD '%s'; CREATE TABLE t AS SELECT u FROM read_parquet('%s');\nSELECT sum(strlen(%s)) FROM t;\n" \
        "$EXT" "$parquet" "$1" >"$tmp/sql"
    valgrind --tool=callgrind ${2:+"$2"} --callgrind-out-file="$tmp/out" "$cli" -unsigned -batch \
        -init /dev/null <"$tmp/sql" >"$tmp/result" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    grep -q '[0-9]' "$tmp/result" || { echo "no result for $1" >&2; cat "$tmp/err" >&2; exit 1; }
    awk '/^summary:/ {print $2}' "$tmp/out"
}

echo "instructions per row over the scan ($rows rows, DuckDB $("$cli" --version | cut -d' ' -f1) CLI, 1 thread)"
echo
echo "| function | over the scan | inside the extension's callback |"
echo "|---|---:|---:|"
scan=$(count u)
for c in $cases; do
    n=$(count "$c(u)")
    inside=
    case "$c" in pct_*) inside=$(count "$c(u)" --toggle-collect='pctenc_duckdb::functions::execute') ;; esac
    awk -v c="$c" -v a="$scan" -v b="$n" -v i="$inside" -v r="$rows" \
        'BEGIN { printf "| %s | %.0f | %s |\n", c, (b - a) / r, i == "" ? "" : sprintf("%.1f", i / r) }'
done
