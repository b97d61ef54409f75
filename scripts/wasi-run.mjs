// Runs a wasm32-wasip1 program (a cargo test binary) under Node's WASI, as cargo's target
// runner: CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings /abs/path/scripts/wasi-run.mjs".
//
// The program sees the same arguments (libtest's filters and flags), the whole environment
// (so PCTENC_KERNEL, PROPTEST_CASES and RUST_BACKTRACE reach it), and as its only files:
//   - "/" = WASI_ROOT (default: the current directory). A WASI program starts in "/", and
//     proptest finds a test's source file and its .proptest-regressions file by walking up
//     from the current directory with the workspace-relative `file!()` path: with WASI_ROOT
//     set to the workspace root, the recorded regressions are replayed as natively;
//   - each directory of WASI_DIRS (colon-separated) under its own absolute path, so that the
//     tests' absolute paths (env!("CARGO_MANIFEST_DIR")/...) resolve.
// Exits with the program's exit code.
//
// Usage: node scripts/wasi-run.mjs PROGRAM.wasm [ARGS...]
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { argv, cwd, env, exit } from 'node:process';
import { WASI } from 'node:wasi';

const [program, ...args] = argv.slice(2);
if (!program) {
  console.error('usage: wasi-run.mjs PROGRAM.wasm [ARGS...]');
  exit(2);
}
const preopens = { '/': resolve(env.WASI_ROOT || cwd()) };
for (const dir of (env.WASI_DIRS || '').split(':').filter(Boolean)) preopens[resolve(dir)] = resolve(dir);

const wasi = new WASI({ version: 'preview1', args: [program, ...args], env, preopens, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
