#!/usr/bin/env bash
# `apt-get update`, unless this helper refreshed the package lists in the last hour: the
# scripts of scripts/deps.d each install their own packages, and on a fresh machine each used
# to refresh the lists again (10-20 s each). Extra arguments go to apt-get (a lock timeout).
set -euo pipefail
stamp=/var/lib/apt/pctenc-update.stamp
if [ -n "$(find "$stamp" -mmin -60 2>/dev/null)" ]; then
    exit 0
fi
apt-get "$@" update -qq
touch "$stamp"
