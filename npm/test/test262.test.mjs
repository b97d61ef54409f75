// The package's JavaScript profiles against this Node's own functions (encodeURI,
// encodeURIComponent, decodeURI, decodeURIComponent, escape, unescape) on every test262
// input recorded in ../shared/testdata, lone surrogates included: the package takes
// JavaScript strings, so it can meet them.
//
// Expected differences, listed and counted, never hidden: the Rust library works on Unicode
// text (UTF-8), which has no lone surrogates. Where JavaScript's answer holds one (unescape
// of %uD800, decodeURI of a string that already contains one), or escape() meets one, the
// package answers with U+FFFD (lenient profiles) or an error (strict ones) instead. Every
// other case, including every lone surrogate that encodeURI(Component) must reject, agrees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode, decode, PctencError } from 'pctenc';

const data = JSON.parse(readFileSync(join(process.env.PCTENC_TESTDATA, 'test262/test262-uri-cases.json'), 'utf8'));
const fns = {
  encodeURI: ['js-uri', encode, encodeURI], encodeURIComponent: ['js-component', encode, encodeURIComponent],
  decodeURI: ['js-uri', decode, decodeURI], decodeURIComponent: ['js-component', decode, decodeURIComponent],
  escape: ['js-escape', encode, escape], unescape: ['js-escape', decode, unescape],
};
const wellFormed = (s) => !/\p{Cs}/u.test(s);

test('js-* profiles agree with this Node on the test262 inputs', () => {
  let checked = 0, lone = 0;
  const differ = [], expectedDiffer = {};
  for (const file of data.files) {
    for (const c of file.cases) {
      const input = c.input ?? String.fromCharCode(...c.input_utf16);
      const [profile, ours, theirs] = fns[c.fn];
      let want;
      try { want = { ok: true, text: theirs(input) }; } catch (e) { want = { ok: false, error: e.constructor.name }; }
      let got;
      try { got = { ok: true, text: ours(input, { profile }) }; } catch (e) {
        got = { ok: false, error: e.constructor.name };
        if (!(e instanceof PctencError)) got.unexpected = String(e);
      }
      checked++;
      const outsideUtf8 = !wellFormed(input) || (want.ok && !wellFormed(want.text));
      if (outsideUtf8) lone++;
      const same = got.ok === want.ok && (!want.ok || got.text === want.text) && !got.unexpected;
      if (same) continue;
      const allowed = outsideUtf8 && !got.unexpected && ['escape', 'unescape', 'decodeURI', 'decodeURIComponent'].includes(c.fn);
      if (allowed) expectedDiffer[c.fn] = (expectedDiffer[c.fn] || 0) + 1;
      else differ.push({ fn: c.fn, input: [...input].map((ch) => ch.codePointAt(0).toString(16)).join(' '), want, got });
    }
  }
  console.log(`# package vs Node ${process.version}: ${checked} test262 inputs (${lone} with lone surrogates), ` +
    `${differ.length} differ; expected differences (lone surrogates, outside UTF-8): ${JSON.stringify(expectedDiffer)}`);
  assert.ok(checked > 1500, `only ${checked} cases`);
  assert.deepEqual(differ.slice(0, 5), [], `${differ.length} differ`);
});
