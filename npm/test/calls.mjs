// The calls the browser tests make on both sides (in a page, and in Node to compare): `p` is
// the package's namespace. Plain JavaScript with no imports, so a page can inline it
// (browser.test.mjs) and a bundler can bundle it (bundler.test.mjs).

/** Inputs with every kind of character, BOMs, escapes good and bad, a lone surrogate, and
 * two long ones. */
export const inputs = ['', 'a b/é', '\uFEFFbom', '%EF%BB%BFx', 'q=a+b&c=%20', '100%', '%zz',
  '%E2%82%AC%F0%9F%98%80', '%FF%C3', 'こんにちは 😀', 'ab\uD800c', '/a/%2e%2e/b',
  'x'.repeat(100000) + '€', '%41'.repeat(50000)];

/** Eight calls per input; an error is recorded by name, code, offset, index and class. */
export function compute(p, inputs) {
  const run = (f) => {
    try { return { ok: f() }; } catch (e) { return { error: [e.name, e.code, e.offset, e.index, e instanceof p.PctencError] }; }
  };
  return {
    kernel: p.kernel(),
    cases: inputs.map((s) => [
      run(() => p.encode(s, { profile: 'js-component' })), run(() => p.encode(s, { profile: 'form', lower: true })),
      run(() => p.decode(s)), run(() => p.decode(s, { profile: 'url-component' })),
      run(() => p.decode(s, { profile: 'js-component' })), run(() => Array.from(p.decode(s, { utf8: 'bytes' }))),
      run(() => p.tryDecode(s, { profile: 'form' }).ok), run(() => p.check(s).count),
    ]),
  };
}
