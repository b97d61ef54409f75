#!/usr/bin/env bash
# valgrind, for scripts/test.d/50-callgrind.sh (instruction counts of the SIMD kernels).
set -euo pipefail
command -v valgrind >/dev/null && exit 0
for attempt in 1 2 3 4 5; do
  if { bash "$(dirname "$0")"/../common/apt-update.sh && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind; }; then
    exit 0
  fi
  echo "apt-get failed (dpkg locked?), retry $attempt" >&2
  sleep 20
done
exit 1
