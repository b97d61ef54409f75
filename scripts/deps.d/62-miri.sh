#!/usr/bin/env bash
# Miri for scripts/test.d/62-miri.sh: a component of the nightly toolchain (from the Rust
# distribution server, as rustup installs every component). Without nightly, nothing to do.
set -euo pipefail
if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "miri deps: no nightly toolchain"; exit 0
fi
if cargo +nightly miri --version >/dev/null 2>&1; then
  echo "miri deps: $(cargo +nightly miri --version) present"; exit 0
fi
rustup component add --toolchain nightly miri rust-src || echo "miri deps: could not add miri (62-miri.sh will say it skipped)"
