#!/usr/bin/env bash
# Live differential tests: pctenc's runtime profiles against the real Python, Node, Java, PHP,
# Go, Perl (URI::Escape) and libcurl functions on the same seeded random inputs
# (scripts/differential/run.py; runtimes installed by scripts/deps.d/20-runtimes.sh).
# A missing runtime is reported as skipped by name, and fails the suite when CI=true.
# Ends with `N passed, N failed`; exits non-zero on any mismatch.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 scripts/differential/run.py
