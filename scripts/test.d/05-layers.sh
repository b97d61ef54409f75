#!/usr/bin/env bash
# The house reads as layers: no two source files of a crate import each other (issue 18 §4).
# scripts/layers/check.py resolves every crate-internal path to its file and fails on any import
# cycle; known cycles being fixed elsewhere are listed, with their reason, in expected.txt.
# Ends with `N passed, N failed`. Takes well under a second (no build).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 scripts/layers/check.py
