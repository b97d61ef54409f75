// Throughput of the playground's module under Node: pctenc-wasm built with simd128 (the
// playground's build) against the same crate built without it (scalar kernel only) and
// against JavaScript's own encodeURIComponent / decodeURIComponent, in one process, on a few
// MiB per corpus. The wasm rows use the `js-component` profile, whose output is exactly
// encodeURIComponent's (checked here before timing), so all rows do the same work.
//
// Rows: `simd128` and `scalar` take UTF-8 bytes and return bytes through the loader's call()
// (copy into linear memory, the JSON request, the call, copy out); `simd128 str` takes and
// returns JS strings (pct.text(): TextEncoder in, TextDecoder out), as the JS functions do.
//
// Timing: ROUNDS rounds; in each, every row of a group runs once, in rotated order, so a
// burst of load from other processes hits all rows alike. Reported: the median per row (MB/s
// of input, MB = 10^6 bytes), the median of the per-round ratios to the JS row, and that of
// simd128 to scalar.
//
// Usage: node scripts/bench/wasm.mjs [--no-cargo] [--mib N] [--rounds N]
//   builds both modules into $CARGO_TARGET_DIR/bench-wasm/{simd128,scalar} (release), unless
//   --no-cargo; prints a Markdown table for BENCHMARKS.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MIB = arg('--mib', 4);
const ROUNDS = arg('--rounds', 15);
const targetBase = join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'bench-wasm');

/** Builds pctenc-wasm (release) with the given extra rustflags; returns the module path. */
function build(name, rustflags) {
  const dir = join(targetBase, name);
  if (!process.argv.includes('--no-cargo')) {
    const env = { ...process.env, CARGO_TARGET_DIR: dir };
    delete env.RUSTFLAGS;
    delete env.CARGO_ENCODED_RUSTFLAGS;
    env.CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS = rustflags;
    const r = spawnSync('cargo', ['build', '-q', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'pctenc-wasm'],
      { cwd: root, stdio: 'inherit', env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return join(dir, 'wasm32-unknown-unknown', 'release', 'pctenc_wasm.wasm');
}

const { load } = createRequire(import.meta.url)(join(root, 'web', 'pctenc.js'));
const simd = await load(readFileSync(build('simd128', '-C target-feature=+simd128')));
const scalar = await load(readFileSync(build('scalar', '')));
// Each module must run the kernel its row is named after.
for (const [pct, want] of [[simd, 'simd128'], [scalar, 'scalar']]) {
  if (pct.kernel() !== want) throw new Error(`module built for ${want} runs ${pct.kernel()}`);
}

// Deterministic corpora of about MIB MiB of UTF-8 each.
let seed = 0x9e3779b9;
const rand = (n) => {
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};
function corpus(pieces, sep) {
  const out = [];
  let bytes = 0;
  while (bytes < MIB << 20) {
    const w = pieces[rand(pieces.length)];
    out.push(w);
    bytes += Buffer.byteLength(w) + sep.length;
  }
  return out.join(sep);
}
const words = 'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her one all she there would their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(' ');
const text = corpus([...words, ...words, 'a=b&c', 'x/y?z', 'café', '100%', 'naïve', '€5'], ' ');
const utf8 = corpus(['Привет', 'мир', '日本語', 'テキスト', 'Ελληνικά', 'عربى', '中文', 'ß'], ' ');
const clean = corpus(['alpha', 'beta', 'gamma', 'delta', '2024', 'x1', 'slug'], '-');

const req = (op) => ({ op, profile: 'js-component' });
const utf8enc = new TextEncoder();
const groups = [];
for (const [name, s] of [['text', text], ['utf8', utf8], ['clean', clean]]) {
  const bytes = utf8enc.encode(s);
  const enc = encodeURIComponent(s);
  const encBytes = utf8enc.encode(enc);
  // The wasm rows must produce exactly what the JS functions do.
  for (const pct of [simd, scalar]) {
    const e = pct.text(req('encode'), bytes);
    const d = pct.text(req('decode'), encBytes);
    if (e.text !== enc || d.text !== s || !e.meta.ok || !d.meta.ok) throw new Error(`${name}: wasm differs from JS`);
  }
  groups.push({
    name: `encode/${name}`, size: bytes.length, rows: [
      ['JS encodeURIComponent', () => encodeURIComponent(s)],
      ['simd128', () => simd.call(req('encode'), bytes)],
      ['scalar', () => scalar.call(req('encode'), bytes)],
      ['simd128 str', () => simd.text(req('encode'), s)],
    ],
  });
  groups.push({
    name: `decode/${name}`, size: encBytes.length, rows: [
      ['JS decodeURIComponent', () => decodeURIComponent(enc)],
      ['simd128', () => simd.call(req('decode'), encBytes)],
      ['scalar', () => scalar.call(req('decode'), encBytes)],
      ['simd128 str', () => simd.text(req('decode'), enc)],
    ],
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load0 = loadavg();
const started = new Date();
const results = [];
for (const g of groups) {
  const times = g.rows.map(() => []);
  for (const [, f] of g.rows) f(); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < g.rows.length; k++) {
      const j = (k + r) % g.rows.length;
      const t0 = performance.now();
      g.rows[j][1]();
      times[j].push(performance.now() - t0);
    }
  }
  const mbs = (ms) => g.size / 1e6 / (ms / 1e3);
  const ratio = (j, base) => median(times[j].map((t, r) => times[base][r] / t));
  results.push({ g, med: times.map((t) => mbs(median(t))), ratio: times.map((_, j) => ratio(j, 0)), simdOverScalar: ratio(1, 2) });
}
const load1 = loadavg();

const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
console.log(`wasm bench: ${started.toISOString()}, node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model}), ` +
  `${MIB} MiB corpora, ${ROUNDS} interleaved rounds; load average before ${load0.map((x) => x.toFixed(2)).join(' ')}, ` +
  `after ${load1.map((x) => x.toFixed(2)).join(' ')}`);
console.log('');
console.log('MB/s of input (median of rounds); in brackets, the median per-round ratio to the JS function');
console.log('');
console.log('| op/corpus | input MB | JS | simd128 | scalar | simd128 str | simd128 ÷ scalar |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const { g, med, ratio, simdOverScalar } of results) {
  const cells = med.map((m, j) => (j === 0 ? f(m) : `${f(m)} (${ratio[j].toFixed(2)}x)`));
  console.log(`| ${g.name} | ${(g.size / 1e6).toFixed(1)} | ${cells.join(' | ')} | ${simdOverScalar.toFixed(2)}x |`);
}
