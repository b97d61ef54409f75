// The installed package against the native library: every encode and decode case that
// crates/pctenc-wasm/examples/native_results.rs wrote (the library compiled for the host, on
// the shared conformance data and generated inputs, with the knobs in rotation) is replayed
// through the package's own API: bytes in as a Uint8Array, and, where they are UTF-8, again
// as a string (the path most callers take). Output, error code and byte offset must match.
//
// Not replayed: records-per-line cases ("lines": the package encodes one value per call;
// callers split), and the other verbs (check, normalize, explain: the playground's JSON
// bridge, which web/tests/conformance.test.mjs replays whole).
//
// Runs in the scratch project scripts/test.d/72-npm.sh installs the packed tarball into.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { encode, decode, PctencError } from 'pctenc';

const resultsPath = process.env.PCTENC_NATIVE_RESULTS;
const fromHex = (h) => Uint8Array.from(h.match(/../g) || [], (b) => parseInt(b, 16));
// ignoreBOM: a leading U+FEFF is part of the text (some inputs start with one).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossyUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The request's options as the package's: the same words (the library reads both). */
function options(req) {
  const { op, lines, ...o } = req;
  return o;
}

/** What the package did: {out: string | bytes} or {error: {code, offset}} or {throws: type}. */
function run(req, input) {
  const fn = req.op === 'encode' ? encode : decode;
  try {
    return { out: fn(input, options(req)) };
  } catch (e) {
    if (e instanceof PctencError) {
      if (typeof input === 'string' && e.index !== utf16Index(input, e.offset)) return { badIndex: [e.offset, e.index] };
      return { error: { code: e.code, offset: e.offset } };
    }
    return { throws: e.constructor.name, message: e.message };
  }
}

/** The UTF-16 index of the character holding byte `offset` of s's UTF-8 form. */
function utf16Index(s, offset) {
  const bytes = new TextEncoder().encode(s);
  let start = Math.min(offset, bytes.length);
  while (start > 0 && start < bytes.length && (bytes[start] & 0xc0) === 0x80) start--;
  return lossyUtf8.decode(bytes.subarray(0, start)).length;
}

/** What the native run says the package must do. */
function expected(c) {
  const m = c.meta;
  if (m.bad_request) return { throws: true };
  if (!m.ok) return { error: { code: m.errors[0].code, offset: m.errors[0].offset } };
  const bytes = fromHex(c.out);
  if (c.req.op === 'decode' && c.req.utf8 === 'bytes') return { out: bytes };
  // Text: the package reads bytes that are not UTF-8 as U+FFFD (only a decode under a
  // policy that keeps bytes can leave any), as TextDecoder does.
  return { out: lossyUtf8.decode(bytes) };
}

function same(got, want) {
  if (want.throws) return got.throws === 'TypeError' || got.throws === 'RangeError';
  if (want.error) return got.error !== undefined && got.error.code === want.error.code && got.error.offset === want.error.offset;
  if (got.out === undefined) return false;
  if (want.out instanceof Uint8Array) return got.out instanceof Uint8Array && Buffer.compare(got.out, want.out) === 0;
  return got.out === want.out;
}

test('the package agrees with the native library on every shared vector', () => {
  assert.ok(resultsPath, 'PCTENC_NATIVE_RESULTS names the native results file');
  const lines = readFileSync(resultsPath, 'utf8').split('\n').filter(Boolean);
  let bytesCases = 0, stringCases = 0, skipped = 0;
  const differ = [];
  const ops = {};
  for (const line of lines) {
    const c = JSON.parse(line);
    if (c.req.op !== 'encode' && c.req.op !== 'decode') continue;
    if (c.req.lines) { skipped++; continue; }
    ops[c.req.op] = (ops[c.req.op] || 0) + 1;
    const input = fromHex(c.in);
    const want = expected(c);
    const got = run(c.req, input);
    bytesCases++;
    if (!same(got, want)) differ.push({ req: c.req, in: c.in, as: 'bytes', want, got });
    let text;
    try { text = strictUtf8.decode(input); } catch { continue; }
    // A string input is UTF-8 by construction, so the encoder's input policy never fires;
    // everything else must be the same as for the bytes.
    const gotText = run(c.req, text);
    stringCases++;
    if (!same(gotText, want)) differ.push({ req: c.req, in: c.in, as: 'string', want, got: gotText });
  }
  console.log(`# package vs native: ${bytesCases} cases as bytes, ${stringCases} again as strings (${Object.entries(ops).map(([k, v]) => `${k} ${v}`).join(', ')}); ${skipped} records-per-line cases not replayed; ${differ.length} differ`);
  assert.ok(bytesCases > 10000, `only ${bytesCases} cases: was native_results run?`);
  const kinds = {};
  for (const d of differ) {
    const { op, profile, ...knobs } = d.req;
    const k = `${op} ${profile} ${JSON.stringify(knobs)} as ${d.as}`;
    kinds[k] = (kinds[k] || 0) + 1;
  }
  assert.deepEqual(differ.slice(0, 5), [], `${differ.length} differ: ${JSON.stringify(kinds, null, 1)}`);
});

test('an unknown profile gets the native library\'s "did you mean", word for word', () => {
  const lines = readFileSync(resultsPath, 'utf8').split('\n').filter(Boolean);
  let cases = 0, suggested = 0;
  for (const line of lines) {
    const c = JSON.parse(line);
    const why = c.meta.bad_request;
    if (typeof why !== 'string' || !why.startsWith('unknown profile ')) continue;
    cases++;
    if (why.includes('; did you mean ')) suggested++;
    const message = `pctenc: ${why} (profiles() lists them all)`;
    assert.throws(() => encode('x', { profile: c.req.profile }), { name: 'RangeError', message });
  }
  console.log(`# unknown profiles: ${cases} names, ${suggested} with suggestions`);
  assert.ok(cases >= 5 && suggested >= 4, `${cases} unknown-profile cases, ${suggested} with suggestions`);
});
