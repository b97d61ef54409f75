// Builds the playground: compiles crates/pctenc-wasm for wasm32-unknown-unknown (release) and
// writes web/dist/ (index.html + app.js + pctenc.js + style.css + pctenc.wasm, to serve) and
// web/dist/pctenc-playground.html (everything in one file, the module embedded as base64,
// since browsers refuse to fetch a .wasm next to a page opened from file://).
//
// The module comes from web/wasm.mjs, the cargo build the npm package shares (with wasm SIMD,
// see there).
//
// Usage: node web/build.mjs [--no-cargo]   (--no-cargo: reuse the last cargo build)
import { copyFileSync, mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWasm, wasmFile as wasm } from './wasm.mjs';

const web = dirname(fileURLToPath(import.meta.url));
const dist = join(web, 'dist');

if (!process.argv.includes('--no-cargo')) buildWasm();

mkdirSync(dist, { recursive: true });
for (const f of ['index.html', 'app.js', 'pctenc.js', 'style.css']) copyFileSync(join(web, f), join(dist, f));
copyFileSync(wasm, join(dist, 'pctenc.wasm'));

// The single file: the same page with the stylesheet and scripts inlined.
const read = (f) => readFileSync(join(web, f), 'utf8');
const inline = (js) => js.replace(/<\/(script)/gi, '<\\/$1');
const b64 = readFileSync(wasm).toString('base64');
let html = read('index.html');
html = html.replace('<link rel="stylesheet" href="style.css">', () => `<style>\n${read('style.css')}</style>`);
html = html.replace(/<!--PCTENC_SCRIPTS-->[\s\S]*<!--\/PCTENC_SCRIPTS-->/, () =>
  `<script>var PCTENC_WASM_BASE64 = "${b64}";</script>\n` +
  `<script>\n${inline(read('pctenc.js'))}</script>\n<script>\n${inline(read('app.js'))}</script>`);
writeFileSync(join(dist, 'pctenc-playground.html'), html);

const kb = (f) => (statSync(join(dist, f)).size / 1024).toFixed(0) + ' KiB';
console.log(`web/dist: pctenc.wasm ${kb('pctenc.wasm')}, pctenc-playground.html ${kb('pctenc-playground.html')}`);
