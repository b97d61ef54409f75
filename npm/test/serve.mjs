// For the browser tests: a static server for a directory on 127.0.0.1 (random port), with
// pages given as strings, and the page's results checked against Node's.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import assert from 'node:assert/strict';

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

/** Serves `root`, and `pages` ({path: html}); resolves to {url, requests, close}. */
export async function serve(root, pages) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    requests.push(path);
    if (pages[path] !== undefined) return res.writeHead(200, { 'content-type': types['.html'] }).end(pages[path]);
    if (path === '/favicon.ico') return res.writeHead(204).end();
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, { 'content-type': types[extname(path)] || 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, requests, close: () => new Promise((ok) => server.close(ok)) };
}

/** Opens `url` in a new tab of `context`, waits for `window.ready`, and returns the tab;
 * fails on any page error or console error. */
export async function open(context, url) {
  const tab = await context.newPage();
  const errors = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await tab.goto(url);
  await tab.waitForFunction(() => window.ready === true, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  return tab;
}
