#!/usr/bin/env bash
# The nightly toolchain, for the suites that need it: the fuzz corpus replay (cargo-fuzz's
# sanitizer builds, scripts/test.d/60-fuzz.sh), Miri (scripts/test.d/62-miri.sh) and the
# docs.rs build of the crate (`--cfg docsrs`, scripts/test.d/74-packages.sh). rustup installs
# it from the Rust distribution server with the minimal profile plus the components those
# suites use (miri, and rust-src, which Miri builds its sysroot from). A nightly that is
# already installed is kept as it is (its date is printed); a missing component is added to
# it. Fails loudly when anything cannot be installed.
set -euo pipefail
if ! rustup toolchain list | grep -q '^nightly'; then
  echo "nightly: installing (rustup toolchain install nightly --profile minimal -c miri,rust-src)"
  rustup toolchain install nightly --profile minimal -c miri,rust-src
fi
installed=$(rustup +nightly component list --installed)
for c in miri rust-src; do
  if ! grep -q "^$c" <<<"$installed"; then
    echo "nightly: adding $c"
    rustup component add --toolchain nightly "$c"
  fi
done
rustc +nightly --version
cargo +nightly miri --version
