// Builds the playground: compiles crates/pctenc-wasm for wasm32-unknown-unknown (release) and
// writes web/dist/ (index.html + app.js + pctenc.js + style.css + pctenc.wasm, to serve) and
// web/dist/pctenc-playground.html (everything in one file, the module embedded as base64,
// since browsers refuse to fetch a .wasm next to a page opened from file://).
//
// The module is built with wasm SIMD (`-C target-feature=+simd128`), so the library runs its
// simd128 kernel: wasm cannot detect features at run time, the build decides. Every current
// browser and Node >= 16.4 runs simd128. The flag goes in the target's own variable for this
// cargo call only, so it reaches no other target or build; cargo ignores it where RUSTFLAGS is
// set, and the page's footer (and web/tests) then show "kernel: scalar".
//
// Usage: node web/build.mjs [--no-cargo]   (--no-cargo: reuse the last cargo build)
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));
const root = join(web, '..');
const dist = join(web, 'dist');
const target = process.env.CARGO_TARGET_DIR || join(root, 'target');
const wasm = join(target, 'wasm32-unknown-unknown', 'release', 'pctenc_wasm.wasm');

if (!process.argv.includes('--no-cargo')) {
  const flags = [process.env.CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS, '-C target-feature=+simd128'];
  const env = { ...process.env, CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS: flags.filter(Boolean).join(' ') };
  const r = spawnSync('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'pctenc-wasm'],
    { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

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
