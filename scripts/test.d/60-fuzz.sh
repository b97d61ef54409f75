#!/usr/bin/env bash
# Fuzz corpus replay: every cargo-fuzz target built with AddressSanitizer, debug assertions and
# overflow checks, run once on every input of its corpus in fuzz/corpus/ (fuzz/run.sh), so a
# crash found and fixed once cannot come back. Built with the light dev profile of
# fuzz/Cargo.toml (FUZZ_PROFILE=dev): cold, 187 CPU-seconds on a shared Zen 3, then 48
# CPU-seconds for the 31,892 inputs. The long campaigns that grew the corpus are in
# docs/security.md ("Fuzzing"); `cargo test` replays the same corpus on stable Rust too
# (tests/invariants_props.rs, without the sanitizer).
# Needs the nightly toolchain and cargo-fuzz (scripts/deps.d/60-fuzz.sh); without them it says
# what is missing and fails under CI=true (outside CI it counts as skipped).
set -uo pipefail
cd "$(dirname "$0")/../.."
missing=""
rustup toolchain list 2>/dev/null | grep -q '^nightly' || missing+=" nightly-toolchain"
cargo fuzz --version >/dev/null 2>&1 || missing+=" cargo-fuzz"
if [ -n "$missing" ]; then
  echo "fuzz: missing:$missing (scripts/deps.d/58-nightly.sh and 60-fuzz.sh install them)"
  if [ "${CI:-}" = "true" ]; then echo "0 passed, 1 failed"; exit 1; fi
  echo "0 passed, 0 failed, 1 skipped"; exit 0
fi
FUZZ_PROFILE=${FUZZ_PROFILE:-dev} exec bash fuzz/run.sh
