#!/usr/bin/env bash
# Differential test: `pctenc encode|decode -p js-component|js-uri|js-escape --whole` against
# Node's own encodeURIComponent / decodeURIComponent / encodeURI / decodeURI / escape /
# unescape, byte for byte, on seeded random inputs (ASCII with controls, '%' with good and
# bad hex, '%uXXXX', '+', multilingual text, emoji, invalid UTF-8, raw and escaped).
#
# The comparison, precisely. Node reads the input bytes as a string:
# - encode, js-component / js-uri: bytes that are not UTF-8 cannot be a JavaScript string
#   without a lone surrogate, on which encodeURI(Component) throws URIError, so pctenc's strict
#   input policy must exit 1. Otherwise pctenc must exit 0 and write exactly Node's result.
# - encode, js-escape: Node reads the bytes with TextDecoder (U+FFFD for invalid UTF-8,
#   as pctenc's lossy input policy); pctenc must exit 0 and write exactly escape()'s result.
# - decode, js-component / js-uri: bytes that are not UTF-8 must exit 1 (pctenc's strict
#   UTF-8 policy); a URIError thrown by Node must be exit 1; otherwise pctenc must exit 0 and
#   write exactly the UTF-8 bytes of Node's result.
# - decode, js-escape: Node reads the bytes with TextDecoder, unescape()s, and writes the
#   result as UTF-8 (a lone surrogate becomes U+FFFD); pctenc must exit 0 and match.
# No expected failures: raw input bytes that are not UTF-8 are rejected under the strict
# policy, as Node rejects them (the mixed raw/escaped case that used to slip through).
# Ends with "cli-vs-node: N passed, N failed"; exits non-zero on any failure. Without node
# it says it was skipped, and fails when CI=true.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v node >/dev/null 2>&1; then
  echo "cli-vs-node: skipped: node not found"
  if [ "${CI:-}" = "true" ]; then
    echo "cli-vs-node: 0 passed, 1 failed"
    exit 1
  fi
  echo "cli-vs-node: 0 passed, 0 failed, 1 skipped"
  exit 0
fi

# The test profile (optimised; target/debug): what `cargo test --workspace` already built, so
# this is a no-op after it, where the dev profile would compile the CLI's tree once more.
cargo build -q --profile test -p pctenc-cli
target_dir=$(cargo metadata -q --format-version 1 --no-deps |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
export PCTENC="$target_dir/debug/pctenc"
export SEED="${SEED:-20261122}"
export CASES="${CASES:-200}"

node - <<'JS'
'use strict';
const { spawnSync } = require('child_process');

const bin = process.env.PCTENC;
let state = Number(process.env.SEED) >>> 0;
// mulberry32: small, seeded, reproducible.
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const hex = '0123456789abcdefABCDEF';

const pieces = [
  () => Buffer.from([0x20 + Math.floor(rand() * 95)]),               // printable ASCII
  () => Buffer.from([pick([0, 7, 9, 10, 13, 27, 31, 127])]),         // controls
  () => Buffer.from('%' + pick(hex) + pick(hex)),                     // good escape, any byte
  () => Buffer.from(pick(['%', '%z', '%4', '%zz', '%g1', '%%', '%-1', '% 2'])), // bad escapes
  () => Buffer.from(pick(['%E2%82%AC', '%c3%a9', '%F0%9F%98%80', '%2F', '%2f', '%23', '%3F', '%25', '%2B'])),
  () => Buffer.from(pick(['%ED%A0%80', '%C0%AF', '%F4%90%80%80', '%E2%82', '%80', '%FF'])), // not UTF-8
  () => Buffer.from(pick(['%u20AC', '%u20ac', '%uD83D%uDE00', '%uD800', '%uDC00x', '%u12', '%uzzzz'])),
  () => Buffer.from(pick(['+', ' ', '++', ' + '])),
  () => Buffer.from(pick(['#', '$', '&', ',', '/', ':', ';', '=', '?', '@', "!'()*", '-._~'])),
  () => Buffer.from(pick(['é', 'ü', 'ß', '日本語', 'Ω', 'Привет', 'שלום', 'مرحبا', 'Ελληνικά', 'ñ'])),
  () => Buffer.from(pick(['😀', '👍🏽', '🇨🇿', '\u{10FFFF}', '\u{FEFF}', '\u{202E}'])),
  () => Buffer.from([pick([0xff, 0xc3, 0x80, 0xfe])]),                // invalid UTF-8 bytes
  () => Buffer.from(pick([[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]])),
];

function randomInput() {
  const parts = [];
  const n = Math.floor(rand() * 14);
  for (let i = 0; i < n; i++) parts.push(pick(pieces)());
  return Buffer.concat(parts);
}

function utf8(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
const lossy = (bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

// What Node says pctenc must do: { code: 0, out: Buffer } or { code: 1 }.
function expected(profile, verb, bytes) {
  const js = {
    'js-component': [encodeURIComponent, decodeURIComponent],
    'js-uri': [encodeURI, decodeURI],
    'js-escape': [escape, unescape],
  }[profile];
  const fn = verb === 'encode' ? js[0] : js[1];
  let text = utf8(bytes);
  if (text === null) {
    if (profile !== 'js-escape') return { code: 1 };
    text = lossy(bytes);
  }
  try {
    return { code: 0, out: Buffer.from(fn(text), 'utf8') };
  } catch (e) {
    if (e instanceof URIError) return { code: 1 };
    throw e;
  }
}

const inputs = [Buffer.alloc(0), Buffer.from('%'), Buffer.from('a b'), Buffer.from([0xff])];
for (let i = 0; i < Number(process.env.CASES); i++) inputs.push(randomInput());

// The known divergence (see the header): returns its name, or null.
let passed = 0, failed = 0;
const show = (b) => JSON.stringify(b.toString('latin1'));
for (const input of inputs) {
  for (const profile of ['js-component', 'js-uri', 'js-escape']) {
    for (const verb of ['encode', 'decode']) {
      const want = expected(profile, verb, input);
      const r = spawnSync(bin, [verb, '-p', profile, '--whole'], { input, maxBuffer: 1 << 26 });
      let ok = r.status === want.code;
      if (ok && want.code === 0) ok = Buffer.compare(r.stdout, want.out) === 0 && r.stderr.length === 0;
      if (ok && want.code === 1) ok = r.stderr.length > 0;
      if (ok) {
        passed++;
      } else {
        failed++;
        if (failed <= 20) {
          console.log(`FAIL ${verb} -p ${profile} input=${show(input)} (hex ${input.toString('hex')})`);
          console.log(`  node:   exit ${want.code}${want.out ? ' ' + show(want.out) : ''}`);
          console.log(`  pctenc: exit ${r.status} ${show(r.stdout)} ${r.stderr.toString().trim()}`);
        }
      }
    }
  }
}
console.log(`cli-vs-node: ${inputs.length} inputs x 3 profiles x 2 directions, seed ${process.env.SEED}`);
console.log(`cli-vs-node: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
JS
