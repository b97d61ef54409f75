#!/usr/bin/env bash
# Builds the DuckDB extension (crates/pctenc-duckdb) and prints its path as the last line:
#
#     bash scripts/build/duckdb.sh      # -> target/duckdb/pctenc.duckdb_extension
#
# cargo builds the shared library (release profile; libduckdb-sys compiles pregenerated
# bindings, nothing is downloaded), then duckdb_footer.py appends the metadata footer DuckDB
# checks at LOAD: ABI C_STRUCT, the C API version the extension asks for (C_API_VERSION in
# src/api.rs), the extension version (the workspace's Cargo.toml) and the platform. The name's
# stem, `pctenc`, is what DuckDB derives the entry point's name from (pctenc_init_c_api).
# Load it with `duckdb -unsigned` or a connection opened with allow_unsigned_extensions.
#
# PCTENC_DUCKDB_FEATURES=bench-identity builds the benchmark variant (with `pct_identity`,
# see crates/pctenc-duckdb/Cargo.toml) into target/duckdb/bench-identity/ instead.
set -euo pipefail
cd "$(dirname "$0")/../.."
crate=crates/pctenc-duckdb

case "$(uname -m)" in
    x86_64) platform=linux_amd64 ;;
    aarch64 | arm64) platform=linux_arm64 ;;
    *) echo "duckdb.sh: no DuckDB platform name for $(uname -m)" >&2; exit 2 ;;
esac
version=$(cargo metadata --no-deps --format-version 1 \
    | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "pctenc-duckdb"))')
c_api=$(sed -n 's/^pub const C_API_VERSION: &str = "\(v[0-9.]*\)";$/\1/p' "$crate/src/api.rs")
[ -n "$c_api" ] || { echo "duckdb.sh: C_API_VERSION not found in $crate/src/api.rs" >&2; exit 2; }

features=${PCTENC_DUCKDB_FEATURES:-}
cargo build -q --release -p pctenc-duckdb ${features:+--features "$features"}
target=$(cargo metadata --no-deps --format-version 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
dir=$target/duckdb${features:+/$features}
mkdir -p "$dir"
out=$dir/pctenc.duckdb_extension
python3 scripts/build/duckdb_footer.py "$target/release/libpctenc_duckdb.so" "$out" \
    --version "$version" --c-api "$c_api" --platform "$platform"
# Beside the Python package's duckdb module (git-ignored), so that a wheel built after this
# (pip install ./crates/pctenc-py, maturin build) carries it and pctenc.duckdb.register finds it.
[ -n "$features" ] || cp "$out" crates/pctenc-py/python/pctenc/pctenc.duckdb_extension
echo "duckdb.sh: pctenc $version, C API $c_api, $platform" >&2
echo "$out"
