// The wasm build against the native one: every case that examples/native_results.rs wrote
// (the bridge compiled for the host, run on the shared conformance data and generated inputs)
// is replayed through web/dist/pctenc.wasm under Node; output bytes and metadata (errors with
// their offsets, explanations) must be identical.
//
// Inputs: PCTENC_NATIVE_RESULTS (default web/tests/artifacts/native-results.jsonl, written by
// scripts/test.d/70-web.sh) and web/dist/pctenc.wasm (written by web/build.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { here, dist } from './harness.mjs';

const { load } = createRequire(import.meta.url)('../pctenc.js');
const resultsPath = process.env.PCTENC_NATIVE_RESULTS || join(here, 'artifacts', 'native-results.jsonl');

const fromHex = (h) => Uint8Array.from(h.match(/../g) || [], (b) => parseInt(b, 16));
const toHex = (u8) => Buffer.from(u8).toString('hex');

test('the wasm build reproduces the native results exactly', async () => {
  const pct = await load(readFileSync(join(dist, 'pctenc.wasm')));
  const lines = readFileSync(resultsPath, 'utf8').split('\n').filter(Boolean);
  assert.ok(lines.length > 10000, `only ${lines.length} native cases: was native_results run?`);
  const ops = {};
  const mismatches = [];
  for (const line of lines) {
    const c = JSON.parse(line);
    const r = pct.call(c.req, fromHex(c.in));
    ops[c.req.op] = (ops[c.req.op] || 0) + 1;
    const same = toHex(r.output) === c.out && isDeepStrictEqual(r.meta, c.meta);
    if (!same && mismatches.length < 5) mismatches.push({ req: c.req, in: c.in, native: [c.out, c.meta], wasm: [toHex(r.output), r.meta] });
    if (!same) mismatches.count = (mismatches.count || 0) + 1;
  }
  console.log(`# native vs wasm: ${lines.length} cases (${Object.entries(ops).map(([k, v]) => `${k} ${v}`).join(', ')}), ${mismatches.count || 0} differ`);
  assert.deepEqual(mismatches, [], JSON.stringify(mismatches, null, 1));
});

test('the wasm build agrees with this Node on its own URI functions', async () => {
  // A second witness: the JavaScript profiles in wasm against the functions they name, run by
  // the Node that runs this test, on every test262 input recorded in ../shared/testdata.
  const pct = await load(readFileSync(join(dist, 'pctenc.wasm')));
  const data = JSON.parse(readFileSync(join(here, '../../../shared/testdata/test262/test262-uri-cases.json'), 'utf8'));
  const fns = {
    encodeURI: ['js-uri', 'encode', encodeURI], encodeURIComponent: ['js-component', 'encode', encodeURIComponent],
    decodeURI: ['js-uri', 'decode', decodeURI], decodeURIComponent: ['js-component', 'decode', decodeURIComponent],
    escape: ['js-escape', 'encode', escape], unescape: ['js-escape', 'decode', unescape],
  };
  let checked = 0;
  const differ = [];
  for (const file of data.files) {
    for (const c of file.cases) {
      if (c.input === undefined) continue; // lone surrogates: not expressible as the UTF-8 the page sends
      const [profile, op, jsFn] = fns[c.fn];
      let want;
      try { want = { ok: true, text: jsFn(c.input) }; } catch { want = { ok: false }; }
      // Results with lone surrogates cannot be UTF-8 either; compare where both sides are text.
      if (want.ok && !want.text.isWellFormed()) continue;
      const got = pct.text({ op, profile }, c.input);
      const same = got.meta.ok === want.ok && (!want.ok || got.text === want.text);
      checked++;
      if (!same) differ.push({ fn: c.fn, input: c.input, want, got: { ok: got.meta.ok, text: got.text } });
    }
  }
  console.log(`# wasm vs Node ${process.version}: ${checked} test262 inputs, ${differ.length} differ`);
  assert.ok(checked > 1000);
  assert.deepEqual(differ.slice(0, 5), []);
});

