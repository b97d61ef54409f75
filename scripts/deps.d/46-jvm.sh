#!/usr/bin/env bash
# What the JVM suite (scripts/test.d/46-jvm.sh) and scripts/build/jvm.sh need from the system:
# a JDK >= 17 with javac and jar (Debian's openjdk-17-jdk-headless; 45-engines.sh only needs
# the runtime). Spark's jars and the Scala compiler come from the pyspark package the suite
# installs. Idempotent; retries while another process holds dpkg.
set -euo pipefail

jdk_ok() {
    command -v javac >/dev/null 2>&1 && command -v jar >/dev/null 2>&1 || return 1
    v=$(javac -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p' | head -1)
    [ "${v:-0}" -ge 17 ]
}
if jdk_ok; then
    echo "46-jvm: $(javac -version 2>&1)"
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
for attempt in $(seq 1 10); do
    if { $SUDO apt-get -o DPkg::Lock::Timeout=120 update -qq &&
         DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=120 install -y -qq openjdk-17-jdk-headless; }; then
        jdk_ok && exit 0
        echo "46-jvm: javac >= 17 still missing after apt-get" >&2
        exit 1
    fi
    echo "46-jvm: apt-get failed (dpkg locked?), retry $attempt" >&2
    sleep 20
done
exit 1
