#!/usr/bin/env bash
# The npm package (npm/), tested as a user gets it: built (npm/build.mjs: the wasm module from
# web/wasm.mjs, the same cargo build as the playground's, so after 70-web.sh it is only
# copied), packed with `npm pack`, installed into a scratch project, and tested there under
# node:test (npm/test/):
#   - native.test.mjs: agrees with the native library on the shared vectors
#     (crates/pctenc-wasm/examples/native_results.rs), as bytes and as strings;
#   - test262.test.mjs: its js-* profiles agree with this Node's own functions on the
#     test262 inputs (expected differences on lone surrogates listed, with the reason);
#   - api.test.mjs: errors and offsets, options, bytes, helpers, large inputs;
#   - browser.test.mjs: a plain <script type="module"> page loads it in headless Chromium;
#   - bundler.test.mjs: webpack 5 bundles it (the .wasm emitted as an asset), the bundle runs
#     in headless Chromium;
#   - types.test.mjs: its .d.ts compiles under tsc --strict against usage.ts.
# Needs scripts/deps.d/70-web.sh (wasm32 target, chromium; playwright-core, typescript and
# webpack from web/tests/package-lock.json). Ends with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
start=$SECONDS

node npm/build.mjs
scratch=$(mktemp -d "${TMPDIR:-/tmp}/pctenc-npm.XXXXXX")
# PCTENC_NPM_KEEP=1 keeps the scratch project, to rerun a test there by hand.
if [ -n "${PCTENC_NPM_KEEP:-}" ]; then echo "scratch project: $scratch"; else trap 'rm -rf "$scratch"' EXIT; fi
# The native reference results: the ones 70-web.sh just wrote when they are newer than the
# example's binary (the same debug build; cargo rebuilds it when any code changes), else made
# here.
cargo build -q --profile test --example native_results -p pctenc-wasm
results=web/tests/artifacts/native-results.jsonl
example=${CARGO_TARGET_DIR:-target}/debug/examples/native_results
if [ -s "$results" ] && [ "$results" -nt "$example" ]; then
  echo "native results: reusing $results (written by 70-web.sh after the last build)"
  cp "$results" "$scratch/native-results.jsonl"
else
  "$example" "$scratch/native-results.jsonl"
fi

(cd npm && npm pack --json --pack-destination "$scratch" > "$scratch/pack.json")
tarball=$(node -e 'const p = require(process.argv[1])[0]; console.log(p.filename)' "$scratch/pack.json")
node -e 'const p = require(process.argv[1])[0];
  console.log(`packed ${p.filename}: ${p.entryCount} files, ${(p.size / 1024).toFixed(0)} KiB packed, ${(p.unpackedSize / 1024).toFixed(0)} KiB unpacked`)' "$scratch/pack.json"

cd "$scratch"
printf '{"name": "pctenc-npm-scratch", "private": true, "type": "module"}\n' > package.json
npm install --no-audit --no-fund --no-package-lock "./$tarball" > /dev/null
cp "$root"/npm/test/*.mjs "$root"/npm/test/usage.ts .

export PCTENC_NATIVE_RESULTS=$scratch/native-results.jsonl
export PCTENC_TESTDATA=$root/../shared/testdata
export PCTENC_WEB_TESTS=$root/web/tests
export PCTENC_CONFORMANCE=$root/conformance
set +e
node --test --test-concurrency=1 --test-reporter=tap ./*.test.mjs | tee node-test.tap
status=${PIPESTATUS[0]}
set -e
pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' node-test.tap | tail -1)
fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' node-test.tap | tail -1)
echo "npm suite: $((SECONDS - start)) s wall"
echo "${pass:-0} passed, ${fail:-0} failed"
if [ "$status" -ne 0 ] || [ "${fail:-1}" -ne 0 ] || [ "${pass:-0}" -eq 0 ]; then
  exit 1
fi
