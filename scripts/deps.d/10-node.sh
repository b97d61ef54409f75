#!/usr/bin/env bash
# Node.js for the live differential test (crates/pctenc/tests/node_diff): installed from
# Debian's packages only when no `node` is on PATH. Idempotent; waits while another
# process holds the dpkg lock.
set -euo pipefail

if command -v node >/dev/null 2>&1; then
  echo "node $(node --version) present"
  exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

for attempt in 1 2 3 4 5 6 7 8 9 10; do
  if $sudo bash "$(dirname "$0")"/../common/apt-update.sh && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs; then
    break
  fi
  echo "apt-get failed (attempt $attempt; dpkg may be locked by another process), retrying in 15s" >&2
  sleep 15
done

command -v node >/dev/null 2>&1 || { echo "could not install nodejs" >&2; exit 1; }
echo "node $(node --version) installed"
