// The package's API as a JavaScript caller meets it: results, errors and their offsets,
// options, bytes, the helpers, and the module's memory as inputs grow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as pctenc from 'pctenc';
import * as manual from 'pctenc/manual';

const { encode, decode, tryDecode, encoder, decoder, check, normalize, profiles, profileName, kernel, version, PctencError } = pctenc;

test('encode and decode, with the library and CLI option words', () => {
  assert.equal(encode('a b/é'), 'a%20b%2F%C3%A9'); // rfc3986 by default
  assert.equal(encode('a b/é', { profile: 'encodeURIComponent' }), encodeURIComponent('a b/é'));
  assert.equal(encode('q=a b&c', { profile: 'form' }), 'q%3Da+b%26c');
  assert.equal(encode('é', { lower: true }), '%c3%a9');
  assert.equal(encode('a b', { profile: 'form', plus: false }), 'a%20b');
  assert.equal(encode(new Uint8Array([0x61, 0xff])), 'a%FF');
  assert.equal(encode('café ☕', { profile: 'form', charset: 'latin1' }), 'caf%E9+%26%239749%3B');
  assert.equal(encode('こんにちは', { charset: 'shift_jis' }), '%82%B1%82%F1%82%C9%82%BF%82%CD');
  assert.equal(encode('"ü"\n', { profile: 'multipart-name' }), '%22ü%22%0A'); // keeps non-ASCII text
  assert.equal(decode('caf%C3%A9+au+lait', { profile: 'form' }), 'café au lait');
  assert.equal(decode('100%', { profile: 'url-component' }), '100%'); // WHATWG: literal %
  assert.equal(decode('100%', { malformed: 'lenient' }), '100%');
  // Decoding gives text: rfc3986 keeps bytes, so bytes that are not UTF-8 are an error, as in
  // every front end (utf8: 'lossy' for U+FFFD, 'bytes' for the bytes).
  assert.throws(() => decode('%FF'), { name: 'PctencError', code: 'invalid-utf8', offset: 0 });
  assert.deepEqual(decode('%FFa', { utf8: 'bytes' }), new Uint8Array([0xff, 0x61]));
  assert.equal(decode('%FF', { utf8: 'lossy' }), '\uFFFD');
  assert.equal(decode(new TextEncoder().encode('%E2%82%AC')), '€');
  assert.equal(decode('%82%B1%82%F1', { charset: 'sjis' }), 'こん');
  assert.equal(decode('%82%B1%82%F1%82%C9%82%BF%82%CD', { charset: 'auto' }), 'こんにちは');
  assert.equal(decode('%u20AC%E9', { profile: 'unescape' }), '€é');
});

test('errors say where: byte offset into the UTF-8 input, and the string index', () => {
  assert.throws(() => decode('é 100%zz', { profile: 'js-component' }), PctencError);
  let err;
  try { decode('é 100%zz', { profile: 'js-component' }); } catch (x) { err = x; }
  assert.ok(err instanceof Error && err instanceof PctencError);
  assert.equal(err.name, 'PctencError');
  assert.equal(err.code, 'invalid-escape');
  assert.equal(err.offset, 6); // é is two bytes
  assert.equal(err.index, 5);
  assert.equal(err.profile, 'js-component');
  assert.match(err.message, /byte 6/);
  try { decode('%E9', { utf8: 'strict' }); } catch (x) { err = x; }
  assert.deepEqual([err.code, err.offset, err.profile], ['invalid-utf8', 0, 'rfc3986']);
  try { encode('ab\uD800c', { profile: 'js-component' }); } catch (x) { err = x; }
  assert.deepEqual([err.code, err.offset, err.index], ['not-text', 2, 2]);
  assert.throws(() => encodeURIComponent('ab\uD800c'), URIError); // the same input JavaScript rejects
  try { decode(new Uint8Array([0x25, 0x7a]), { profile: 'js-component' }); } catch (x) { err = x; }
  assert.deepEqual([err.code, err.offset, err.index], ['invalid-escape', 0, 0]);
  try { decode('%82', { charset: 'sjis' }); } catch (x) { err = x; }
  assert.deepEqual([err.code, err.charset], ['invalid-charset', 'sjis']);
});

test('tryDecode returns what decode would throw', () => {
  assert.deepEqual(tryDecode('a%20b'), { ok: true, value: 'a b' });
  const r = tryDecode('a%2', { profile: 'js-component' });
  assert.equal(r.ok, false);
  assert.ok(r.error instanceof PctencError);
  assert.deepEqual([r.error.code, r.error.offset], ['truncated-escape', 1]);
  assert.deepEqual(tryDecode('%00', { utf8: 'bytes' }), { ok: true, value: new Uint8Array([0]) });
});

test('bad options are refused, not ignored', () => {
  assert.throws(() => encode('x', { profle: 'form' }), { name: 'TypeError', code: 'unknown-option', option: 'profle', message: "pctenc: unknown option 'profle'; did you mean profile? (encode takes profile, hex, utf8, plus, charset, unmappable, on_error)" });
  assert.throws(() => encode('x', { malformed: 'strict' }), TypeError); // a decode option
  assert.throws(() => encode('x', { profile: 'nope' }), { name: 'RangeError', message: /unknown profile 'nope'/ });
  assert.throws(() => decode('x', { utf8: 'loose' }), RangeError);
  assert.throws(() => encode('x', { lower: 'yes' }), { name: 'RangeError', message: "pctenc: unknown lower 'yes' (lower takes true|false)" });
  assert.throws(() => encode('x', { charset: 'auto' }), TypeError);
  assert.throws(() => encode('x', { lower: [true] }), { name: 'TypeError', message: 'pctenc: option lower must be a string, a boolean or a number, not an array' });
  assert.throws(() => encode('x', 'form'), { name: 'TypeError', message: 'pctenc: encode(input, options): options must be an object, not string' });
  assert.throws(() => decode('x', { charset: 'klingon' }), RangeError);
  assert.throws(() => decode('x', { charset: 'gbk', utf8: 'bytes' }), TypeError);
  assert.throws(() => encode(42), { name: 'TypeError', message: 'pctenc: encode(input): input must be a string or a Uint8Array, not number' });
  assert.throws(() => check('x', { context: 'nowhere' }), RangeError);
  assert.throws(() => tryDecode('x', { on_error: 'null' }), { name: 'TypeError', code: 'option-not-applicable' });
});

test('profile names: any alias, any case, as the library', () => {
  assert.equal(profileName('encodeURIComponent'), 'js-component');
  assert.equal(profileName('RFC3986'), 'rfc3986');
  assert.throws(() => profileName('nope'), RangeError);
  const table = profiles();
  assert.ok(table.length >= 30, `${table.length} profiles`);
  const names = new Set(table.map((p) => p.name));
  for (const p of table) {
    assert.equal(profileName(p.name), p.name);
    for (const a of p.aliases) assert.equal(profileName(a), p.name, a);
  }
  for (const n of ['rfc3986', 'url-component', 'form', 'js-uri', 'js-component', 'js-escape', 'py-quote', 'php-urlencode', 'java-urlencoder', 'oauth1', 'rfc8187']) {
    assert.ok(names.has(n), n);
  }
  assert.equal(table.find((p) => p.name === 'url-query').escapes, ' "#<>');
});

test('encoder() and decoder() fix their options once', () => {
  const enc = encoder({ profile: 'form', lower: true });
  const dec = decoder({ profile: 'form' });
  assert.equal(enc('é é'), '%c3%a9+%c3%a9');
  assert.equal(dec(enc('a+b c')), 'a+b c');
  assert.deepEqual(decoder({ utf8: 'bytes' })('%01'), new Uint8Array([1]));
  const opts = { profile: 'form' };
  assert.equal(encode('a b', opts), 'a+b');
  opts.profile = 'rfc3986'; // a mutated options object is read again
  assert.equal(encode('a b', opts), 'a%20b');
  assert.throws(() => encoder({ profile: 'nope' }), RangeError);
});

test('check and normalize, as pctenc check and pctenc normalize', () => {
  const r = check('/a/%2e%2e/b');
  assert.equal(r.findings[0].code, 'encoded-dot-segment');
  assert.deepEqual([r.findings[0].offset, r.findings[0].len], [3, 6]);
  assert.equal(r.worst, 'critical');
  assert.equal(r.truncated, false);
  assert.deepEqual(check('a=b', { context: 'query' }).findings, []);
  assert.equal(normalize('%7euser/%2d', { context: 'path' }), '~user/-');
  assert.equal(normalize('a%20b%2d', { context: 'form' }), 'a+b-');
});

test('the module: simd128 kernel, version of the package, init is idempotent', async () => {
  assert.equal(kernel(), 'simd128');
  const pkg = createRequire(import.meta.url)('pctenc/package.json');
  assert.equal(version(), pkg.version);
  await manual.init();
  await manual.init(readFileSync(new URL(import.meta.resolve('pctenc/pctenc.wasm'))));
  assert.equal(manual.encode('a b'), 'a%20b');
});

test('large inputs grow the memory and come back whole', () => {
  const unit = 'a b/é€😀%+';
  for (const n of [1, 1000, 1 << 16, 1 << 18]) { // up to 4 MiB
    const s = unit.repeat(n);
    const e = encode(s, { profile: 'js-component' });
    assert.equal(e, encodeURIComponent(s), `n=${n}`);
    assert.equal(decode(e, { profile: 'js-component' }), s, `n=${n}`);
    assert.equal(encode('x y'), 'x%20y'); // small again after large: views renewed
  }
  const bytes = new Uint8Array(3 << 20).map((_, i) => i & 0xff);
  assert.deepEqual(decode(encode(bytes), { utf8: 'bytes' }), bytes);
  // Past the limit: refused before anything is copied, and the module still works.
  assert.throws(() => encode(new Uint8Array((256 << 20) + 1)), { name: 'RangeError', message: /at most/ });
  assert.equal(encode('a b'), 'a%20b');
});

test('lone surrogates: as the profile\'s runtime treats them', () => {
  // Lossy profiles read one U+FFFD, as URLSearchParams and TextEncoder write it.
  assert.equal(encode('\uD800x', { profile: 'js-escape' }), '%uFFFDx');
  assert.equal(encode('a\uDC00b', { profile: 'form' }), 'a%EF%BF%BDb');
  assert.equal(new URLSearchParams([['a\uDC00b', '']]).toString(), 'a%EF%BF%BDb=');
  assert.equal(encode('a\uDC00', { utf8: 'lossy' }), 'a%EF%BF%BD');
  // Strict ones refuse it at its byte offset, as encodeURIComponent throws URIError.
  assert.throws(() => encodeURIComponent('a\uDC00b'), URIError);
  assert.throws(() => encode('a\uDC00b', { profile: 'js-component' }), { code: 'not-text', offset: 1, index: 1 });
  // A profile that takes bytes as they are has no bytes for a lone surrogate: a string is
  // text, so it is refused too, where WTF-8 escapes (%ED%B0%80) would be what no decoder of
  // the profile accepts as text.
  assert.throws(() => encode('a\uDC00b'), { code: 'not-text', offset: 1 });
  assert.throws(() => encode('a\uDC00', { utf8: 'bytes' }), { code: 'not-text', offset: 1 });
  assert.equal(encode(new Uint8Array([0x61, 0xed, 0xb0, 0x80])), 'a%ED%B0%80'); // bytes are bytes
  assert.equal(encode('😀'), '%F0%9F%98%80'); // a pair is one character
});

test('argument types are checked at the call, naming the argument', () => {
  for (const [f, name] of [[check, 'check'], [normalize, 'normalize'], [encode, 'encode'], [decode, 'decode'], [tryDecode, 'tryDecode'], [pctenc.formParse, 'formParse'], [pctenc.decodeSegment, 'decodeSegment']]) {
    for (const bad of [5, null, undefined, {}, ['x'], true]) {
      assert.throws(() => f(bad), { name: 'TypeError', message: new RegExp(`^pctenc: ${name}\\(input\\): input must be a string or a Uint8Array`) }, `${name}(${String(bad)})`);
    }
  }
  assert.throws(() => pctenc.formSerialize('a=b'), TypeError);
  assert.throws(() => pctenc.formSerialize([['a']]), { name: 'TypeError', message: /pair 0 must be \[name, value\]/ });
  assert.throws(() => profileName(5), TypeError);
});

test('the defaults are every front end\'s', () => {
  // normalize and check read a whole URL (context url), as the CLI and Python.
  assert.equal(normalize('HTTP://%41.Example/%7euser'), 'http://a.example/~user');
  // A URL is split first: %2F is high in its path, info in its query (a path context would
  // call the query's high, and its '?' illegal).
  assert.deepEqual(check('/a%2Fb?q=%2F').findings.map((f) => f.severity), ['high', 'info']);
  // Findings carry Python's fields, in its order (no line: no lines are read here).
  const f = check('/a%2Fb').findings[0];
  assert.deepEqual(Object.keys(f), ['code', 'severity', 'offset', 'len', 'end', 'message', 'depth']);
  assert.deepEqual([f.offset, f.len, f.end, f.depth], [2, 3, 5, null]);
  assert.equal(check('%252e%252e%252f', { context: 'segment' }).findings.find((g) => g.code === 'double-encoded')?.depth, 2);
  // Forms, as URLSearchParams: a mapping or pairs, never a string's letters.
  assert.equal(pctenc.formSerialize({ ab: 'zz', cd: 'yy' }), 'ab=zz&cd=yy');
  assert.equal(pctenc.formSerialize(new Map([['a b', 1], ['c', true]])), 'a+b=1&c=true');
  assert.deepEqual(pctenc.formParse('a=1&b=x+y'), [['a', '1'], ['b', 'x y']]);
  assert.equal(pctenc.decodeSegment('report%20Q1.pdf'), 'report Q1.pdf');
  assert.throws(() => pctenc.decodeSegment('..%2fetc'), { code: 'encoded-slash', offset: 2 });
  assert.ok(pctenc.optionsTable().some((o) => o.name === 'utf8' && o.words.some((w) => w.name === 'lossy')));
});

test('without String.prototype.isWellFormed (Node 18) the results are the same', async () => {
  const { spawnSync } = await import('node:child_process');
  const inputs = ['a b', 'é😀', 'ab\uD800c', '\uDC00', 'x\uD83D'];
  const script = `delete String.prototype.isWellFormed;
    const p = await import('pctenc');
    const run = (f) => { try { return f(); } catch (e) { return [e.code, e.offset]; } };
    const inputs = JSON.parse(process.argv[1]);
    console.log(JSON.stringify(inputs.map((s) => [run(() => p.encode(s, { profile: 'js-component' })), run(() => p.encode(s, { profile: 'js-escape' })), run(() => p.decode(s, { profile: 'form' }))])));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(inputs)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const run = (f) => { try { return f(); } catch (e) { return [e.code, e.offset]; } };
  const here = inputs.map((s) => [run(() => encode(s, { profile: 'js-component' })), run(() => encode(s, { profile: 'js-escape' })), run(() => decode(s, { profile: 'form' }))]);
  assert.deepEqual(JSON.parse(r.stdout), here);
  assert.ok(String.prototype.isWellFormed, 'this Node has it: the child is the one without');
});
