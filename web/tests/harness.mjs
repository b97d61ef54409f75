// Shared by the browser tests: a static server for web/dist on 127.0.0.1 (random port) and
// Debian's Chromium driven by playwright-core (no browser download; the flags keep Chromium
// from reaching for the network, which this machine closes).
import { createServer } from 'node:http';
import { readFile, mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const here = dirname(fileURLToPath(import.meta.url));
export const dist = join(here, '..', 'dist');
export const artifacts = join(here, 'artifacts');

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm',
};

/** Serves web/dist; resolves to {url, close, requests} (every path asked for). */
export async function serve() {
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    requests.push(path);
    try {
      const body = await readFile(join(dist, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': types[extname(path) || '.html'] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, requests, close: () => new Promise((ok) => server.close(ok)) };
}

export const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * Launches headless Chromium with a fresh, empty profile directory (playwright takes it as
 * launchPersistentContext's first argument rather than as --user-data-dir) and returns the
 * browser context, allowed to use the clipboard.
 */
export async function launch() {
  const profile = await mkdtemp(join(tmpdir(), 'pctenc-chromium-'));
  await mkdir(artifacts, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
