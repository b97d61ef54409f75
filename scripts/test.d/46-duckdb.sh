#!/usr/bin/env bash
# The DuckDB loadable extension (crates/pctenc-duckdb) in real DuckDBs: the `duckdb` Python
# package (2.0) and the DuckDB CLI of the `duckdb-cli` package (1.5.x), the same file loaded
# in both. Each runs DuckDB's own url_encode / url_decode and the extension on the same values
# in one session (the engine suites' shared strings, probes, seeded random strings, bytes that
# are not UTF-8 as BLOBs), plus NULLs, empty values, wrong types, options, a profile per row,
# errors, a 1-million-row column on two threads, and pctenc.duckdb.register / connect; and the
# query functions against parse_qsl / urlencode and DuckDB's url_decode(regexp_extract(...)).
#
# Builds the extension (scripts/build/duckdb.sh) and the wheel (as 45-engines.sh: same `wheel`
# profile and target/, so after that suite it is only packaging), installs the wheel into the
# Python suites' shared virtualenv (scripts/python/venv.sh: made fresh per clean checkout with
# the pins of scripts/python/requirements-test.txt), and runs crates/pctenc-duckdb/pytests
# with pytest from outside the source tree. Nothing is skipped: a missing tool or package fails the suite. pytest prints the closing "N passed".
set -euo pipefail
cd "$(dirname "$0")/../.."
t0=$SECONDS
lap() { echo "46-duckdb: $1 ($((SECONDS - t0)) s so far)"; }

for tool in cargo python3; do
    command -v "$tool" >/dev/null || { echo "46-duckdb: $tool is missing (scripts/deps.d)" >&2; exit 1; }
done
ext=$(bash scripts/build/duckdb.sh | tail -1)
[ -f "$ext" ] || { echo "46-duckdb: scripts/build/duckdb.sh built no extension" >&2; exit 1; }
lap "extension built: $ext"

# After the extension: the wheel carries it (scripts/build/duckdb.sh puts it beside the module).
. scripts/python/venv.sh # the Python suites' shared venv (every pin of requirements-test.txt)
lap "venv ready"
pctenc_wheel
lap "wheel built and installed"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The extension's footer and the wheel say the workspace's version (the tests below also read
# the loaded extension's from duckdb_extensions()).
python3 scripts/release/versions.py --artifact "duckdb-extension=$ext" \
    --artifact "wheel=$(ls "$venv"/wheel/pctenc-*.whl)"

cli=$venv/bin/duckdb
[ -x "$cli" ] || { echo "46-duckdb: the duckdb-cli package installed no $cli" >&2; exit 1; }
echo "46-duckdb: CLI $("$cli" --version), Python duckdb $("$py" -c 'import duckdb; print(duckdb.__version__)')"
cd "$tmp"
PCTENC_DUCKDB_EXTENSION=$ext PCTENC_DUCKDB_CLI=$cli "$py" -m pytest -q -p no:cacheprovider \
    --durations=5 "$OLDPWD/crates/pctenc-duckdb/pytests"
lap "pytest done"
