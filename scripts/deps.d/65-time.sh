#!/usr/bin/env bash
# GNU time (/usr/bin/time -v), for scripts/test.d/65-bigstream.sh (peak RSS of the CLI).
set -euo pipefail
[ -x /usr/bin/time ] && exit 0
for attempt in 1 2 3 4 5; do
  if { bash "$(dirname "$0")"/../common/apt-update.sh && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; }; then
    exit 0
  fi
  echo "apt-get failed (dpkg locked?), retry $attempt" >&2
  sleep 20
done
exit 1
