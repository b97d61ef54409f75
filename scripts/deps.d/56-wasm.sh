#!/usr/bin/env bash
# wasm32 testing for scripts/test.d/56-wasm.sh: the wasm32-wasip1 Rust target (rustup, from
# the Rust distribution server). Node (>= 20, for node:wasi's preview1) comes from
# scripts/deps.d/10-node.sh. Idempotent.
set -euo pipefail
if rustup target list --installed | grep -qx wasm32-wasip1; then
  echo "wasm deps: wasm32-wasip1 present"
else
  rustup target add wasm32-wasip1
fi
