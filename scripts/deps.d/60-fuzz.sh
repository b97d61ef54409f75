#!/usr/bin/env bash
# cargo-fuzz for the fuzz smoke run (scripts/test.d/60-fuzz.sh). Only useful with a nightly
# toolchain, which cannot be downloaded here: without one, nothing is installed.
set -euo pipefail
if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "fuzz deps: no nightly toolchain, cargo-fuzz not needed"; exit 0
fi
if cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz deps: $(cargo fuzz --version) present"; exit 0
fi
cargo install cargo-fuzz --locked
