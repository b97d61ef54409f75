#!/usr/bin/env bash
# The data-engine adapters (pctenc.spark, pctenc.duckdb, pctenc.polars) with the real engines:
# pyspark local[2] and local-cluster[2,1,1024] (Java 17), DuckDB and Polars in process. Each
# engine's built-in and pctenc run on the same values in one session (the shared conformance
# strings, the probes and seeded random strings of scripts/engines/inputs.py), plus nulls,
# empty strings, empty tables, wrong column types and a 1-million-row column; and the
# conformance table (conformance/cases.jsonl) through Polars' .pct, DuckDB's SQL functions and
# pctenc.spark's SQL functions (in the local[2] session of test_spark.py), each printing its
# count of cases run and excluded (conformance/cannot-express/).
#
# Installs the wheel into the Python suites' shared virtualenv (scripts/python/venv.sh: made
# fresh per clean checkout with the pins of scripts/python/requirements-test.txt; after
# 40-python.sh both are already there) and runs crates/pctenc-py/engine_tests with pytest,
# from outside the source tree so that the installed wheel is what is imported. pytest prints
# the closing "N passed" line. One Spark session per master for the whole suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
crate=crates/pctenc-py
t0=$SECONDS
lap() { echo "45-engines: $1 ($((SECONDS - t0)) s so far)"; }

. scripts/python/venv.sh # the Python suites' shared venv (every pin of requirements-test.txt)
lap "venv ready"
pctenc_wheel
lap "wheel built and installed"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

java -version 2>&1 | head -1
cd "$tmp"
PYSPARK_PYTHON="$py" "$py" -m pytest -q -p no:cacheprovider --durations=5 \
    "$OLDPWD/$crate/engine_tests"
lap "pytest done"
