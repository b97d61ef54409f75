// The installed package through a bundler: webpack 5 (pinned in web/tests/package.json)
// bundles an entry that imports 'pctenc' for the web, with its defaults, and must emit the
// .wasm as an asset (from `new URL('./pctenc.wasm', import.meta.url)`) with no warning about
// the package's code; headless Chromium runs the bundle from a classic <script>, and its
// results must equal this Node's (calls.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as pctenc from 'pctenc';
import { compute, inputs } from './calls.mjs';
import { serve, open } from './serve.mjs';

const { launch } = await import(join(process.env.PCTENC_WEB_TESTS, 'harness.mjs'));
const webpack = createRequire(join(process.env.PCTENC_WEB_TESTS, 'package.json'))('webpack');

test('webpack bundles the package, emits the .wasm, and the bundle runs in Chromium', async () => {
  const dir = join(process.cwd(), 'bundle');
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'entry.js'), `import * as pctenc from 'pctenc';
import { compute, inputs } from '../../calls.mjs';
window.result = compute(pctenc, inputs);
window.ready = true;
`);
  const stats = await new Promise((ok, fail) => webpack({
    mode: 'production', target: 'web', context: dir, entry: './src/entry.js',
    output: { path: join(dir, 'dist'), filename: 'bundle.js', publicPath: 'auto' },
    performance: { hints: false }, // the .wasm is larger than webpack's 244 KiB hint, as it must be
  }).run((err, s) => (err ? fail(err) : ok(s))));
  const info = stats.toJson({ all: false, errors: true, warnings: true, assets: true });
  assert.deepEqual([info.errors, info.warnings], [[], []], stats.toString({ colors: false }));
  const files = readdirSync(join(dir, 'dist'));
  assert.ok(files.some((f) => f.endsWith('.wasm')), `webpack emitted the module: ${files}`);

  const server = await serve(join(dir, 'dist'), { '/': '<!doctype html><meta charset="utf-8"><script src="bundle.js"></script>' });
  const context = await launch();
  try {
    const tab = await open(context, server.url);
    const got = await tab.evaluate(() => window.result);
    const want = compute(pctenc, inputs);
    assert.equal(got.kernel, 'simd128');
    for (let k = 0; k < inputs.length; k++) assert.deepEqual(got.cases[k], want.cases[k], `input ${k}: ${inputs[k].slice(0, 40)}`);
    console.log(`# webpack ${webpack.version} bundle in Chromium: ${files.join(', ')}; ${inputs.length} inputs x 8 calls agree with Node`);
  } finally {
    await context.close();
    await server.close();
  }
});
