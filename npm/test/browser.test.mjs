// The installed package in a browser: headless Debian Chromium (playwright-core, through the
// playground's harness) opens a page that loads it with a plain <script type="module"> and
// an import map, exactly as a site without a bundler would: `import ... from 'pctenc'`, the
// .wasm fetched next to the module. The page's results must equal this Node's, from the same
// package, on text with every kind of character, on errors, and with the manual entry point.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import * as pctenc from 'pctenc';

const { launch } = await import(join(process.env.PCTENC_WEB_TESTS, 'harness.mjs'));

const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

/** The calls both sides make: `p` is the package's namespace, in the page or in Node. */
function compute(p, inputs) {
  const run = (f) => {
    try { return { ok: f() }; } catch (e) { return { error: [e.name, e.code, e.offset, e.index, e instanceof p.PctencError] }; }
  };
  return {
    kernel: p.kernel(),
    cases: inputs.map((s) => [
      run(() => p.encode(s, { profile: 'js-component' })), run(() => p.encode(s, { profile: 'form', lower: true })),
      run(() => p.decode(s)), run(() => p.decode(s, { profile: 'url-component' })),
      run(() => p.decode(s, { profile: 'js-component' })), run(() => Array.from(p.decode(s, { utf8: 'bytes' }))),
      run(() => p.tryDecode(s, { profile: 'form' }).ok), run(() => p.check(s).count),
    ]),
  };
}

const page = `<!doctype html><meta charset="utf-8"><title>pctenc npm</title>
<script type="importmap">{"imports": {"pctenc": "/node_modules/pctenc/index.js", "pctenc/manual": "/node_modules/pctenc/manual.js"}}</script>
<script type="module">
import * as pctenc from 'pctenc';
import * as manual from 'pctenc/manual';
const compute = ${compute.toString()};
window.compute = (inputs) => compute(pctenc, inputs);
await manual.init();
window.manualOk = manual.encode('a b') === 'a%20b';
window.ready = true;
</script>`;

const inputs = ['', 'a b/é', '\uFEFFbom', '%EF%BB%BFx', 'q=a+b&c=%20', '100%', '%zz', '%E2%82%AC%F0%9F%98%80', '%FF%C3', 'こんにちは 😀',
  'ab\uD800c', '/a/%2e%2e/b', 'x'.repeat(100000) + '€', '%41'.repeat(50000)];

test('a plain <script type="module"> page loads the package and gets Node\'s results', async () => {
  const root = process.cwd();
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    requests.push(path);
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    if (path === '/favicon.ico') return res.writeHead(204).end();
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, { 'content-type': types[extname(path)] || 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const context = await launch();
  try {
    const tab = await context.newPage();
    const errors = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    await tab.waitForFunction(() => window.ready === true, null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    const got = await tab.evaluate((i) => window.compute(i), inputs);
    const want = compute(pctenc, inputs);
    assert.equal(got.kernel, 'simd128');
    for (let k = 0; k < inputs.length; k++) assert.deepEqual(got.cases[k], want.cases[k], `input ${k}: ${inputs[k].slice(0, 40)}`);
    assert.equal(await tab.evaluate(() => window.manualOk), true);
    assert.ok(requests.includes('/node_modules/pctenc/pctenc.wasm'), `the page fetched the .wasm: ${requests}`);
    console.log(`# Chromium ${context.browser()?.version() ?? ''}: ${inputs.length} inputs x 8 calls agree with Node`);
  } finally {
    await context.close();
    await new Promise((ok) => server.close(ok));
  }
});
