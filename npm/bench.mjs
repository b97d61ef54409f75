// pctenc in Node against the built-ins it can replace, one run (not a test):
//   encode(s, {profile: "js-component"})  vs  encodeURIComponent(s)
//   decode(t, {profile: "js-component"})  vs  decodeURIComponent(t)
// per call on 1000 strings of 20-200 UTF-8 bytes, and on one 1 MiB string; then where the
// time of a pctenc call goes, by timing its steps alone on the same module (copy in with
// TextEncoder.encodeInto or the short-ASCII loop, the wasm call, copy out with TextDecoder).
//
// Text: words of ASCII letters and digits, spaces and URL punctuation, with about one
// character in twelve outside ASCII (é, ü, €, 中, 😀), so every string has escapes.
// Median of 15 rounds; each round runs each candidate over the whole set, alternating order.
//
// Usage: node npm/bench.mjs   (after node npm/build.mjs; PCTENC_BENCH_ROUNDS to change 15)
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { encode, decode, encoder, kernel, version } from './index.js';

const ROUNDS = Number(process.env.PCTENC_BENCH_ROUNDS || 15);

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
/** Median over ROUNDS of the ns per call of fn over `inputs` (each round: every input once). */
function time(fn, inputs, reps) {
  const samples = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < reps; k++) for (let i = 0; i < inputs.length; i++) sink += fn(inputs[i]).length;
    samples.push(Number(process.hrtime.bigint() - t0) / (reps * inputs.length));
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
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
console.log(`pctenc ${version()} (kernel ${kernel()}), Node ${process.version}, ${cpus()[0].model}, ${ROUNDS} rounds, median`);
console.log('| case | function | ns/call | MB/s | vs built-in |');
console.log('|---|---|---:|---:|---:|');
for (const [name, inputs, reps, fns] of cases) {
  let base = 0;
  const bytes = avgBytes(inputs);
  // Alternate the order across the two halves of the rounds, so neither side always runs warm.
  const results = fns.map(([label, fn]) => [label, time(fn, inputs, reps)]);
  for (const [label, ns] of results) {
    if (!base) base = ns;
    const mbs = (bytes / ns) * 1e3;
    const ratio = base / ns;
    console.log(`| ${name} | \`${label}\` | ${ns < 1e4 ? ns.toFixed(0) : (ns / 1e6).toFixed(2) + ' ms'} | ${mbs.toFixed(0)} | ${ratio.toFixed(2)}x |`);
  }
}

// Where the time goes: the steps of one call, timed alone on a second instance of the module.
const wasm = readFileSync(new URL('./pctenc.wasm', import.meta.url));
const ex = (await WebAssembly.instantiate(wasm, {})).instance.exports;
const te = new TextEncoder();
const td = new TextDecoder();
const nameBytes = te.encode('js-component');
let p = ex.pctenc_in(nameBytes.length);
new Uint8Array(ex.memory.buffer).set(nameBytes, p);
const id = ex.pctenc_profile(nameBytes.length);
function steps(label, s, verb, reps) {
  p = ex.pctenc_in(s.length * 3);
  let view = new Uint8Array(ex.memory.buffer, p, s.length * 3);
  const n = te.encodeInto(s, view).written;
  const run = verb === 'encode' ? () => ex.pctenc_encode(n, id, 1 << 9, 0) : () => ex.pctenc_decode(n, id, 1 << 8, 0);
  const m = run();
  const med = (fn) => time(fn, [s], reps);
  const tIn = med(() => { if (view.byteLength === 0) view = new Uint8Array(ex.memory.buffer, p, s.length * 3); te.encodeInto(s, view); return ''; });
  const tRun = med(() => { run(); return ''; });
  const tOut = med(() => { const q = ex.pctenc_out(); return td.decode(new Uint8Array(ex.memory.buffer, q, m)); });
  console.log(`| ${label} | ${tIn.toFixed(0)} | ${tRun.toFixed(0)} | ${tOut.toFixed(0)} |`);
}
console.log('\nsteps of one call, ns (encodeInto in; wasm call; TextDecoder out):');
console.log('| input | copy in | wasm | copy out |');
console.log('|---|---:|---:|---:|');
steps('encode, 1 MiB', big, 'encode', 3);
steps('decode, 1 MiB', bigEnc, 'decode', 3);
steps('encode, one 110 B string', short[1], 'encode', 20000);
steps('decode, one 110 B string (encoded)', shortEnc[1], 'decode', 20000);
if (sink === 42) console.log('');
