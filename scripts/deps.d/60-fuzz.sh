#!/usr/bin/env bash
# cargo-fuzz, for the fuzz corpus replay (scripts/test.d/60-fuzz.sh), from crates.io; the
# nightly toolchain it drives comes from 58-nightly.sh. Fails loudly when it cannot install.
set -euo pipefail
if cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz deps: $(cargo fuzz --version) present"; exit 0
fi
cargo install cargo-fuzz --locked
cargo fuzz --version
