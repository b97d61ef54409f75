#!/usr/bin/env bash
# aarch64 cross-testing for scripts/test.d/55-aarch64.sh: the Rust target, Debian's cross
# linker and C library, and qemu-user to run the test binaries. Idempotent; retries while
# another process holds the dpkg lock; fails loudly when anything cannot be installed.
set -euo pipefail
if ! rustup target list --installed | grep -qx aarch64-unknown-linux-gnu; then
  rustup target add aarch64-unknown-linux-gnu
fi
need=()
command -v qemu-aarch64 >/dev/null || need+=(qemu-user)
command -v aarch64-linux-gnu-gcc >/dev/null || need+=(gcc-aarch64-linux-gnu)
[ -e /usr/aarch64-linux-gnu/lib/libc.so.6 ] || need+=(libc6-dev-arm64-cross)
[ ${#need[@]} -eq 0 ] && { echo "aarch64 deps: present"; exit 0; }
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
for attempt in $(seq 1 20); do
  if $SUDO apt-get -o DPkg::Lock::Timeout=120 update -qq &&
     $SUDO apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends "${need[@]}"; then
    exit 0
  fi
  echo "aarch64 deps: apt-get failed (dpkg busy?), retry $attempt in 10 s" >&2; sleep 10
done
echo "aarch64 deps: could not install ${need[*]}" >&2
exit 1
