// Builds the npm package in place: the wasm module (web/wasm.mjs, the cargo build the
// playground shares) copied to npm/pctenc.wasm, the license texts copied from the repository's
// root, and the package's version and repository set from the workspace's. `npm pack` and
// `npm publish` in npm/ run it first (the `prepack` script), so a clean checkout packs a whole
// package (files: package.json "files").
//
// Usage: node npm/build.mjs [--no-cargo]   (--no-cargo: reuse the last cargo build)
import { copyFileSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWasm, wasmFile, root } from '../web/wasm.mjs';

const here = dirname(fileURLToPath(import.meta.url));
if (!process.argv.includes('--no-cargo')) buildWasm();
copyFileSync(wasmFile, join(here, 'pctenc.wasm'));
for (const license of ['LICENSE-MIT', 'LICENSE-APACHE']) copyFileSync(join(root, license), join(here, license));

// One version and one repository for the crates and the package: the workspace's.
const cargo = readFileSync(join(root, 'Cargo.toml'), 'utf8');
const field = (name) => cargo.match(new RegExp(`^\\[workspace\\.package\\][^[]*?^${name}\\s*=\\s*"([^"]+)"`, 'm'))?.[1];
const version = field('version');
const repository = field('repository');
if (!version || !repository) throw new Error('no [workspace.package] version or repository in Cargo.toml');
const pkgFile = join(here, 'package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
if (pkg.version !== version || pkg.repository?.url !== repository) {
  pkg.version = version;
  pkg.repository = { type: 'git', url: repository, directory: 'npm' };
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
}
// On stderr: as the prepack script, stdout is `npm pack --json`'s.
console.error(`npm: pctenc ${version}, pctenc.wasm ${(statSync(join(here, 'pctenc.wasm')).size / 1024).toFixed(0)} KiB`);
