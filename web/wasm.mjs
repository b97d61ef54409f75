// The one cargo build of the wasm module, shared by the playground (web/build.mjs) and the npm
// package (npm/build.mjs), so both ship the same file and a test run builds it once.
//
// The module is built with wasm SIMD (`-C target-feature=+simd128`), so the library runs its
// simd128 kernel: wasm cannot detect features at run time, the build decides. Every current
// browser and Node >= 16.4 runs simd128. The flag goes in the target's own variable for this
// cargo call only, so it reaches no other target or build; cargo ignores it where RUSTFLAGS is
// set, and the page's footer (and the tests) then show "kernel: scalar".
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = process.env.CARGO_TARGET_DIR || join(root, 'target');
/** Where cargo writes the module. */
export const wasmFile = join(target, 'wasm32-unknown-unknown', 'release', 'pctenc_wasm.wasm');

/** Builds crates/pctenc-wasm for wasm32-unknown-unknown (release); exits on failure. */
export function buildWasm() {
  const flags = [process.env.CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS, '-C target-feature=+simd128'];
  const env = { ...process.env, CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS: flags.filter(Boolean).join(' ') };
  const r = spawnSync('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'pctenc-wasm'],
    { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
