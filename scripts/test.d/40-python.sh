#!/usr/bin/env bash
# The Python package (crates/pctenc-py): fmt and clippy on its crate (it is outside the Rust
# workspace, so the workspace's checks do not see it), then build the wheel with the fast
# `wheel` profile, install it into a FRESH virtualenv with the pinned test packages, and run
# the pytest suites (scalar API, urllib drop-in against CPython's cases and hypothesis,
# Arrow with pyarrow and Polars, every docstring's examples, mypy --strict over the stubs,
# and test_same_words.py: the package's profiles table and "did
# you mean" against the `pctenc` command's, which it builds with cargo's test profile: a
# freshness check after scripts/test.sh's `cargo test --workspace`, about a minute on its own).
# pytest prints the closing "N passed" line.
#
# Reuses pip's cache (~/.cache/pip) and the crate's target/ when present; needs neither.
# PCTENC_PY_KEEP_VENV=DIR keeps the venv at DIR (for benchmarks) instead of a temp dir.
set -euo pipefail
cd "$(dirname "$0")/../.."
crate=crates/pctenc-py
manifest=$crate/Cargo.toml
t0=$SECONDS
lap() { echo "40-python: $1 ($((SECONDS - t0)) s so far)"; }

cargo fmt --manifest-path "$manifest" -- --check
cargo clippy --manifest-path "$manifest" --all-targets -q -- -D warnings
lap "fmt and clippy clean"

if [ -n "${PCTENC_PY_KEEP_VENV:-}" ]; then
    venv=$PCTENC_PY_KEEP_VENV
    rm -rf "$venv"
    tmp=$(mktemp -d)
else
    tmp=$(mktemp -d)
    venv=$tmp/venv
fi
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$venv"
py=$venv/bin/python
# As an activated venv: maturin's build hook runs the `maturin` binary from PATH.
export PATH="$venv/bin:$PATH" VIRTUAL_ENV="$venv"
# Only the pins this suite uses (duckdb and pyspark are the engine suites').
grep -E '^(maturin|pytest|hypothesis|mypy|pyarrow|polars)==' scripts/python/requirements-test.txt \
    | sed 's/ *#.*//' >"$tmp/requirements.txt"
"$py" -m pip install -q --disable-pip-version-check -r "$tmp/requirements.txt"
lap "fresh venv with $(tr '\n' ' ' <"$tmp/requirements.txt")"

# The documented install command (pip + maturin as the PEP 517 backend, profile "wheel" from
# pyproject.toml), with the pinned maturin rather than whatever an isolated build env fetches.
"$py" -m pip install -q --disable-pip-version-check --no-build-isolation --no-deps "./$crate"
lap "wheel built and installed (pip install ./$crate)"

# From outside the source tree, so the tests import the installed wheel.
cd "$tmp"
PYTHONPATH="$OLDPWD/$crate/tests" "$py" -m pytest -q -p no:cacheprovider \
    --durations=5 "$OLDPWD/$crate/tests"
lap "pytest done"
