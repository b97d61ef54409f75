#!/usr/bin/env bash
# Runs every test of the project: the one command README.md and .ci/run both use.
# First it installs what the tests need (scripts/deps.d/*.sh: apt-get, npm, cargo install from
# the registries, each skipped when already present), then it runs the checks in order and
# stops at the first failure: format, clippy, the workspace's tests (unit, doc, conformance,
# property, CLI transcripts), docs, then the extra suites in scripts/test.d/*.sh (live
# differential tests against real runtimes, browser tests, fuzz smoke runs...).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step is announced with the time the previous one took, so a slow suite shows in the log
# (CI has a fixed budget: the whole run, installs included, must stay well under an hour).
start=$SECONDS
last=$SECONDS
step() {
  printf '\n==> %s   (previous step %ds, total %ds)\n' "$*" $((SECONDS - last)) $((SECONDS - start))
  last=$SECONDS
}

for f in scripts/deps.d/*.sh; do
  [ -e "$f" ] || continue
  step "deps: $f"
  bash "$f"
done

step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets -- -D warnings
step "cargo test --workspace"
cargo test --workspace
step "cargo test -p pctenc --no-default-features (no_std + alloc)"
cargo test -p pctenc --no-default-features --lib --tests
step "cargo doc"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps

for f in scripts/test.d/*.sh; do
  [ -e "$f" ] || continue
  step "suite: $f"
  bash "$f"
done
step "all tests passed"
