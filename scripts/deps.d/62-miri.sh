#!/usr/bin/env bash
# Miri, for scripts/test.d/62-miri.sh: a component of the nightly toolchain, which
# 58-nightly.sh installs with it. This checks that it works (it builds its sysroot from
# rust-src on first use), and fails loudly if it does not.
set -euo pipefail
cargo +nightly miri --version
cargo +nightly miri setup >/dev/null
