#!/usr/bin/env bash
# Builds the playground (crates/pctenc-wasm -> web/dist/) and serves it on localhost.
#   bash scripts/serve-playground.sh [PORT]     (default 8137), then open http://127.0.0.1:PORT/
# The single-file build, web/dist/pctenc-playground.html, also works opened directly from disk.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8137}"
node web/build.mjs
echo "pctenc playground: http://127.0.0.1:${port}/   (Ctrl-C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory web/dist
