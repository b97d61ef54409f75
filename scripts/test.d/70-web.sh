#!/usr/bin/env bash
# The playground's suites: builds the wasm module and web/dist (web/build.mjs), writes the
# native reference results (crates/pctenc-wasm/examples/native_results.rs), then runs under
# Node (web/tests, node:test):
#   - conformance.test.mjs: the .wasm reproduces the native results byte for byte, and its
#     JavaScript profiles agree with this Node's own URI functions on the test262 inputs;
#   - playground.test.mjs: headless Debian Chromium (playwright-core) types into the page and
#     checks every mode (encode, decode, check, normalize, charsets, layers), the per-character
#     view, the URL-fragment round trip, copy buttons,
#     keyboard use, the single-file build, and saves screenshots to web/tests/artifacts/.
# Needs scripts/deps.d/70-web.sh (wasm32 target, chromium, npm ci). Ends with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."

node web/build.mjs
mkdir -p web/tests/artifacts
# The test profile (target/debug): the example's tree as `cargo test --workspace` built it.
cargo run -q --profile test --example native_results -p pctenc-wasm -- web/tests/artifacts/native-results.jsonl

cd web/tests
set +e
node --test --test-concurrency=1 --test-reporter=tap conformance.test.mjs playground.test.mjs \
  | tee artifacts/node-test.tap
status=${PIPESTATUS[0]}
set -e
pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' artifacts/node-test.tap | tail -1)
fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' artifacts/node-test.tap | tail -1)
echo "screenshots: web/tests/artifacts/{desktop,check,phone,phone-first-screen}.png"
echo "${pass:-0} passed, ${fail:-0} failed"
if [ "$status" -ne 0 ] || [ "${fail:-1}" -ne 0 ] || [ "${pass:-0}" -eq 0 ]; then
  exit 1
fi
