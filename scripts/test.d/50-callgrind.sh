#!/usr/bin/env bash
# The AVX2 kernel must stay under 4 instructions per input byte when encoding English-like
# text (callgrind counts, deterministic); prints the whole instructions/byte table.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v valgrind >/dev/null; then
  echo "valgrind missing (scripts/deps.d/50-valgrind.sh installs it)"
  echo "0 passed, 1 failed"
  exit 1
fi
exec scripts/callgrind/run.sh --check
