// pctenc in Node against the built-ins it can replace, one run (not a test):
//   encode(s, {profile: "js-component"})  vs  encodeURIComponent(s)
//   decode(t, {profile: "js-component"})  vs  decodeURIComponent(t)
// per call on 1000 strings of 20-200 UTF-8 bytes, and on one 1 MiB string; then where the
// time of a pctenc call goes, by timing its steps alone (see the end of this file).
//
// Text: words of ASCII letters and digits, spaces and URL punctuation, with about one
// character in twelve outside ASCII (é, ü, €, 中, 😀), so every string has escapes.
// Median of 15 rounds; each round runs every candidate over the whole set in turn.
//
// Usage: node npm/bench.mjs   (after node npm/build.mjs; PCTENC_BENCH_ROUNDS to change 15,
// PCTENC_BENCH_CLOCK=wall to time by the wall clock)
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { encode, decode, encoder, kernel, version } from './index.js';

const ROUNDS = Number(process.env.PCTENC_BENCH_ROUNDS || 15);
// The clock, in ns: the process's CPU time (user + system, all threads) by default, which a
// busy shared machine inflates far less than wall time; PCTENC_BENCH_CLOCK=wall for wall time.
const CLOCK = process.env.PCTENC_BENCH_CLOCK === 'wall' ? 'wall' : 'cpu';
const now = CLOCK === 'wall'
  ? () => Number(process.hrtime.bigint())
  : () => { const u = process.cpuUsage(); return (u.user + u.system) * 1e3; };

// A deterministic generator (xorshift32), so every run measures the same text.
let seed = 0x9e3779b9;
const rnd = (n) => {
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};
const ascii = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const punct = ' ./-_?=&:;,+!*()~@#%';
const wide = ['é', 'ü', '€', '中', '😀'];
function text(bytes) {
  let s = '', n = 0;
  while (n < bytes) {
    const k = rnd(12);
    const ch = k === 0 ? wide[rnd(wide.length)] : k < 3 ? punct[rnd(punct.length)] : ascii[rnd(ascii.length)];
    s += ch;
    n += Buffer.byteLength(ch);
  }
  return s;
}

const short = Array.from({ length: 1000 }, () => text(20 + rnd(181)));
const big = text(1 << 20);
const shortEnc = short.map(encodeURIComponent);
const bigEnc = encodeURIComponent(big);
const opts = { profile: 'js-component' };

// Agreement first: a benchmark of wrong answers measures nothing.
for (let i = 0; i < short.length; i++) {
  if (encode(short[i], opts) !== shortEnc[i]) throw new Error(`encode differs on ${short[i]}`);
  if (decode(shortEnc[i], opts) !== short[i]) throw new Error(`decode differs on ${shortEnc[i]}`);
}
if (encode(big, opts) !== bigEnc || decode(bigEnc, opts) !== big) throw new Error('1 MiB differs');

let sink = 0;
/** ns per call of one pass of fn over `inputs`, `reps` times. */
function once(fn, inputs, reps) {
  const t0 = now();
  for (let k = 0; k < reps; k++) for (let i = 0; i < inputs.length; i++) sink += fn(inputs[i]).length;
  return (now() - t0) / (reps * inputs.length);
}
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
/** Median over ROUNDS of the ns per call of fn. */
const time = (fn, inputs, reps) => median(Array.from({ length: ROUNDS }, () => once(fn, inputs, reps)));
/** Medians of several candidates, measured in turn within each round, so a change in the
 * machine's load (it is shared) falls on all of them alike. */
function compare(fns, inputs, reps) {
  const samples = fns.map(() => []);
  for (let r = 0; r < ROUNDS; r++) fns.forEach(([, fn], k) => samples[k].push(once(fn, inputs, reps)));
  return samples.map(median);
}

const js = encoder(opts);
const cases = [
  ['encode, 20-200 B', short, 20, [
    ['encodeURIComponent(s)', (s) => encodeURIComponent(s)],
    ['encode(s, {profile: "js-component"})', (s) => encode(s, { profile: 'js-component' })],
    ['encoder({profile: "js-component"})(s)', js],
  ]],
  ['decode, 20-200 B', shortEnc, 20, [
    ['decodeURIComponent(t)', (t) => decodeURIComponent(t)],
    ['decode(t, {profile: "js-component"})', (t) => decode(t, { profile: 'js-component' })],
  ]],
  ['encode, 1 MiB', [big], 3, [
    ['encodeURIComponent(s)', (s) => encodeURIComponent(s)],
    ['encode(s, {profile: "js-component"})', (s) => encode(s, { profile: 'js-component' })],
  ]],
  ['decode, 1 MiB', [bigEnc], 3, [
    ['decodeURIComponent(t)', (t) => decodeURIComponent(t)],
    ['decode(t, {profile: "js-component"})', (t) => decode(t, { profile: 'js-component' })],
  ]],
];

// Warm up every candidate (JIT tiers) before measuring any.
for (const [, inputs, , fns] of cases) for (const [, fn] of fns) for (let k = 0; k < 200; k++) fn(inputs[k % inputs.length]);

const avgBytes = (inputs) => inputs.reduce((n, s) => n + Buffer.byteLength(s), 0) / inputs.length;
console.log(`pctenc ${version()} (kernel ${kernel()}), Node ${process.version}, ${cpus()[0].model}, ${CLOCK} time, ${ROUNDS} rounds, median`);
console.log('| case | function | ns/call | MB/s | vs built-in |');
console.log('|---|---|---:|---:|---:|');
for (const [name, inputs, reps, fns] of cases) {
  let base = 0;
  const bytes = avgBytes(inputs);
    const medians = compare(fns, inputs, reps);
  for (const [k, [label]] of fns.entries()) {
    const ns = medians[k];
    if (!base) base = ns;
    const mbs = (bytes / ns) * 1e3;
    const ratio = base / ns;
    console.log(`| ${name} | \`${label}\` | ${ns < 1e4 ? ns.toFixed(0) : (ns / 1e6).toFixed(2) + ' ms'} | ${mbs.toFixed(0)} | ${ratio.toFixed(2)}x |`);
  }
}

// Where the time goes: the steps of one call, timed alone on a second instance of the module,
// as index.js runs them in Node: copy in (TextEncoder.encodeInto into the module's memory),
// the wasm call (for decode: the library's decode alone, then with the UTF-8 check and the
// UTF-16 transcoding of crates/pctenc-wasm/src/utf16.rs), copy out (Buffer#latin1Slice of
// ASCII, Buffer#ucs2Slice of UTF-16LE).
const wasm = readFileSync(new URL('./pctenc.wasm', import.meta.url));
const ex = (await WebAssembly.instantiate(wasm, {})).instance.exports;
const te = new TextEncoder();
// Options handles (crates/pctenc-wasm/src/raw.rs): the library resolves the compact text once.
function handle(op, text) {
  const bytes = te.encode(text);
  const at = ex.pctenc_in(bytes.length); // may grow the memory: view it after
  new Uint8Array(ex.memory.buffer).set(bytes, at);
  return ex.pctenc_options(op, bytes.length);
}
const ENCODE = 0, DECODE = 1, VALID = 1;
const enc = handle(ENCODE, 'profile=js-component');
const dec = handle(DECODE, 'profile=js-component');
const decBytes = handle(DECODE, 'profile=js-component,utf8=bytes');
function steps(label, s, verb, reps) {
  const p = ex.pctenc_in(s.length * 3);
  let view = new Uint8Array(ex.memory.buffer, p, s.length * 3);
  const n = te.encodeInto(s, view).written;
  const med = (fn) => time(fn, [s], reps);
  const tIn = med(() => {
    if (view.byteLength === 0) view = new Uint8Array(ex.memory.buffer, p, s.length * 3);
    te.encodeInto(s, view);
    return '';
  });
  let tKernel, tCall, out;
  if (verb === 'encode') {
    tCall = med(() => { ex.pctenc_encode(n, enc, VALID); return ''; });
    const m = ex.pctenc_encode(n, enc, VALID);
    out = () => { const q = ex.pctenc_out(); return Buffer.from(ex.memory.buffer).latin1Slice(q, q + m); };
  } else {
    tKernel = med(() => { ex.pctenc_decode(n, decBytes, VALID); return ''; });
    tCall = med(() => { ex.pctenc_decode(n, dec, VALID); return ''; });
    ex.pctenc_decode(n, dec, VALID);
    const units = ex.pctenc_utf16();
    out = () => { const q = ex.pctenc_out16(); return Buffer.from(ex.memory.buffer).ucs2Slice(q, q + 2 * units); };
  }
  const tOut = med(out);
  const fmt = (ns) => (ns === undefined ? '' : ns < 1e4 ? `${ns.toFixed(0)} ns` : `${(ns / 1e6).toFixed(2)} ms`);
  console.log(`| ${label} | ${fmt(tIn)} | ${fmt(tKernel)} | ${fmt(tCall)} | ${fmt(tOut)} |`);
}
console.log('\nsteps of one call (js-component), median:');
console.log('| input | copy in | wasm: decode alone | wasm: whole call | copy out |');
console.log('|---|---:|---:|---:|---:|');
steps('encode, 1 MiB', big, 'encode', 3);
steps('decode, 1 MiB', bigEnc, 'decode', 3);
steps(`encode, one ${Buffer.byteLength(short[1])} B string`, short[1], 'encode', 20000);
steps(`decode, one ${Buffer.byteLength(shortEnc[1])} B string`, shortEnc[1], 'decode', 20000);
if (sink === 42) console.log('');
