#!/usr/bin/env bash
# Installs the real runtimes that the live differential tests (scripts/test.d/20-differential.sh)
# compare pctenc against, from Debian's packages. Idempotent: skips what is present; waits and
# retries while another process holds the dpkg lock.
set -euo pipefail

need=()
have() { command -v "$1" >/dev/null 2>&1; }
pkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

have node || need+=(nodejs)
have python3 || need+=(python3)
have java || need+=(default-jdk-headless)
have javac || need+=(default-jdk-headless)
have php || need+=(php-cli)
have go || need+=(golang-go)
have perl || need+=(perl)
pkg_installed liburi-perl || need+=(liburi-perl)
pkg_installed libcurl4-openssl-dev || need+=(libcurl4-openssl-dev)
have gcc || need+=(gcc)

if [ ${#need[@]} -eq 0 ]; then
    echo "20-runtimes: all runtimes present"
    exit 0
fi
# De-duplicate.
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
echo "20-runtimes: installing ${need[*]}"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

retry() {
    local n=0
    until "$@"; do
        n=$((n + 1))
        if [ $n -ge 30 ]; then
            echo "20-runtimes: giving up after $n attempts: $*" >&2
            return 1
        fi
        echo "20-runtimes: dpkg busy or apt failed; retrying in 10 s ($n)" >&2
        sleep 10
    done
}

export DEBIAN_FRONTEND=noninteractive
retry $SUDO bash "$(dirname "$0")"/../common/apt-update.sh -o DPkg::Lock::Timeout=120
retry $SUDO apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends "${need[@]}"
