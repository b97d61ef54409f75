// The installed package in a browser: headless Debian Chromium (playwright-core, through the
// playground's harness) opens a page that loads it with a plain <script type="module"> and
// an import map, exactly as a site without a bundler would: `import ... from 'pctenc'`, the
// .wasm fetched next to the module. The page's results must equal this Node's, from the same
// package (calls.mjs), and the manual entry point must work there too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as pctenc from 'pctenc';
import { compute, inputs } from './calls.mjs';
import { cases, excluded } from './table.mjs';
import { serve, open } from './serve.mjs';

const { launch } = await import(join(process.env.PCTENC_WEB_TESTS, 'harness.mjs'));

const page = `<!doctype html><meta charset="utf-8"><title>pctenc npm</title>
<script type="importmap">{"imports": {"pctenc": "/node_modules/pctenc/index.js", "pctenc/manual": "/node_modules/pctenc/manual.js"}}</script>
<script type="module">
import * as pctenc from 'pctenc';
import * as manual from 'pctenc/manual';
import { compute } from '/calls.mjs';
import { runTable } from '/contract.mjs';
window.compute = (inputs) => compute(pctenc, inputs);
window.conformance = ([cases, excluded]) => runTable(pctenc, cases, excluded);
await manual.init();
window.manualOk = manual.encode('a b') === 'a%20b';
window.ready = true;
</script>`;

test('a plain <script type="module"> page loads the package and gets Node\'s results', async () => {
  const server = await serve(process.cwd(), { '/': page });
  const context = await launch();
  try {
    const tab = await open(context, server.url);
    const got = await tab.evaluate((i) => window.compute(i), inputs);
    const want = compute(pctenc, inputs);
    assert.equal(got.kernel, 'simd128');
    for (let k = 0; k < inputs.length; k++) assert.deepEqual(got.cases[k], want.cases[k], `input ${k}: ${inputs[k].slice(0, 40)}`);
    assert.equal(await tab.evaluate(() => window.manualOk), true);
    assert.ok(server.requests.includes('/node_modules/pctenc/pctenc.wasm'), `the page fetched the .wasm: ${server.requests}`);
    console.log(`# Chromium ${context.browser()?.version() ?? ''}: ${inputs.length} inputs x 8 calls agree with Node`);
  } finally {
    await context.close();
    await server.close();
  }
});

test('the conformance table, in Chromium', async () => {
  const server = await serve(process.cwd(), { '/': page });
  const context = await launch();
  try {
    const tab = await open(context, server.url);
    const all = cases();
    const r = await tab.evaluate((args) => window.conformance(args), [all, excluded()]);
    console.log(`# conformance (npm, Chromium): ${r.run} cases run (${r.calls} calls), ${r.excluded} cannot express (conformance/cannot-express/npm.txt)`);
    assert.equal(r.run + r.excluded, all.length);
    assert.deepEqual(r.failures.slice(0, 30), [], `${r.failures.length} differ`);
  } finally {
    await context.close();
    await server.close();
  }
});
