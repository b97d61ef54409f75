#!/usr/bin/env bash
# The Python package (crates/pctenc-py): fmt, clippy and rustdoc on its crate (it is outside
# the Rust workspace, so the workspace's checks do not see it), then build the wheel with the fast
# `wheel` profile, install it into the Python suites' shared virtualenv (scripts/python/venv.sh:
# made fresh per clean checkout with the pinned test packages), and run
# the pytest suites (scalar API, urllib drop-in against CPython's cases and hypothesis,
# Arrow with pyarrow and Polars, every docstring's examples, mypy --strict over the stubs,
# and test_same_words.py: the package's profiles table and "did
# you mean" against the `pctenc` command's, which it builds with cargo's test profile: a
# freshness check after scripts/test.sh's `cargo test --workspace`, about a minute on its own).
# pytest prints the closing "N passed" line.
#
# Reuses pip's cache (~/.cache/pip) and the crate's target/ when present; needs neither.
# The venv stays in target/test-venv (PCTENC_VENV=DIR puts it elsewhere, e.g. for benchmarks).
set -euo pipefail
cd "$(dirname "$0")/../.."
crate=crates/pctenc-py
manifest=$crate/Cargo.toml
t0=$SECONDS
lap() { echo "40-python: $1 ($((SECONDS - t0)) s so far)"; }

cargo fmt --manifest-path "$manifest" -- --check
cargo clippy --manifest-path "$manifest" --all-targets -q -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --manifest-path "$manifest" --no-deps --document-private-items -q
lap "fmt, clippy and doc clean"

# The shared venv of the Python suites (scripts/python/venv.sh: every pin of
# requirements-test.txt, made once per clean checkout), then the wheel with the documented
# install command (pip + maturin as the PEP 517 backend, profile "wheel" from pyproject.toml).
. scripts/python/venv.sh
lap "venv ready"
pctenc_wheel
lap "wheel built and installed (pip install ./$crate)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# From outside the source tree, so the tests import the installed wheel.
cd "$tmp"
PYTHONPATH="$OLDPWD/$crate/tests" "$py" -m pytest -q -p no:cacheprovider \
    --durations=5 "$OLDPWD/$crate/tests"
lap "pytest done"
