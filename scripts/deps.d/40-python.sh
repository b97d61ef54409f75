#!/usr/bin/env bash
# What the Python package's suite (scripts/test.d/40-python.sh) needs from the system: a
# CPython >= 3.11 that can make virtual environments (Debian splits venv and pip out of
# python3). The Python packages themselves (every pin of scripts/python/requirements-test.txt)
# go into the Python suites' one venv, made by the first suite that needs it
# (scripts/python/venv.sh), through pip's cache when one is there. Idempotent; retries while
# another process holds dpkg.
set -euo pipefail

ok() { python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; }
if ok; then
    echo "40-python: python3 $(python3 -c 'import platform; print(platform.python_version())') with venv present"
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
for attempt in 1 2 3 4 5 6 7 8 9 10; do
    if { $SUDO bash "$(dirname "$0")"/../common/apt-update.sh && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3 python3-venv python3-pip; }; then
        ok && exit 0
        echo "40-python: python3 >= 3.11 with venv still missing after apt-get" >&2
        exit 1
    fi
    echo "40-python: apt-get failed (dpkg locked?), retry $attempt" >&2
    sleep 20
done
exit 1
