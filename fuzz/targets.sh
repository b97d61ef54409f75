#!/usr/bin/env bash
# Prints the fuzz targets' names (the [[bin]] entries of fuzz/Cargo.toml), space-separated.
set -euo pipefail
cd "$(dirname "$0")"
awk '/^\[\[bin\]\]/ { bin = 1; next } bin && /^name = / { gsub(/"/, "", $3); printf "%s ", $3; bin = 0 }' Cargo.toml
echo
