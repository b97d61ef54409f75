#!/usr/bin/env bash
# Dependencies of the playground (web/) and the npm package (npm/): the wasm32 target for the
# bridge crate, Debian's Chromium for the browser tests, and from web/tests/package-lock.json
# (the repository's one npm pin file) playwright-core to drive it, and typescript and webpack
# for the package's tsc --strict and bundler checks (scripts/test.d/72-npm.sh). Idempotent:
# each step is skipped when its result is present. No browser download: playwright-core only
# drives the Chromium that apt installed (/usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

if ! command -v chromium >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  # Another process may hold the dpkg lock: wait for it rather than fail.
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    if bash scripts/common/apt-update.sh && apt-get install -y -qq --no-install-recommends chromium; then
      break
    fi
    echo "apt-get failed (attempt $attempt), retrying in 15 s" >&2
    sleep 15
  done
  command -v chromium >/dev/null
fi

if [ ! -d web/tests/node_modules/playwright-core ] || [ ! -d web/tests/node_modules/typescript ] \
  || [ ! -d web/tests/node_modules/webpack ]; then
  (cd web/tests && npm ci --no-audit --no-fund)
fi
