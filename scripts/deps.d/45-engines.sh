#!/usr/bin/env bash
# What the data-engine suite (scripts/test.d/45-engines.sh) needs from the system: Java >= 17
# for pyspark 4 (20-runtimes.sh installs Debian's default-jdk-headless, which is 17 on
# bookworm), and what 40-python.sh needs (python3 >= 3.11 with venv). The Python packages come
# from scripts/python/requirements-test.txt, in the suites' shared venv (scripts/python/venv.sh).
# Idempotent.
set -euo pipefail

java_ok() {
    command -v java >/dev/null 2>&1 || return 1
    v=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
    [ "${v:-0}" -ge 17 ]
}
if java_ok; then
    echo "45-engines: $(java -version 2>&1 | head -1)"
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
for attempt in 1 2 3 4 5 6 7 8 9 10; do
    if { $SUDO bash "$(dirname "$0")"/../common/apt-update.sh && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq openjdk-17-jre-headless; }; then
        java_ok && exit 0
        echo "45-engines: java >= 17 still missing after apt-get" >&2
        exit 1
    fi
    echo "45-engines: apt-get failed (dpkg locked?), retry $attempt" >&2
    sleep 20
done
exit 1
