// form.parse / get / getAll / serialize in headless Chromium against Chromium's own
// URLSearchParams (the browser harness of browser.test.mjs): the wpt urlencoded-parser and
// URLSearchParams cases, records with lone surrogates and seeded random query strings, built
// in the page so that no string crosses the DevTools protocol and gets repaired on the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, open } from './serve.mjs';

const { launch } = await import(join(process.env.PCTENC_WEB_TESTS, 'harness.mjs'));
const data = (f) => JSON.parse(readFileSync(join(process.env.PCTENC_TESTDATA, f), 'utf8'));

const page = `<!doctype html><meta charset="utf-8"><title>pctenc form</title>
<script type="importmap">{"imports": {"pctenc": "/node_modules/pctenc/index.js"}}</script>
<script type="module">
import * as pctenc from 'pctenc';
import { disagreements, randomQueries } from '/form-calls.mjs';
window.check = (queries, recordUnits, seed, n) => {
  const utf16 = (units) => String.fromCharCode(...units);
  const records = recordUnits.map((r) => Object.fromEntries(r.map(([k, v]) => [utf16(k), utf16(v)])));
  return { bad: disagreements(pctenc, [...queries, ...randomQueries(seed, n)], records), agent: navigator.userAgent };
};
window.ready = true;
</script>`;

test('Chromium: form agrees with its URLSearchParams', async () => {
  const usp = data('wpt/urlsearchparams-cases.json');
  const queries = [...data('wpt/urlencoded-parser-data.json').map((c) => c.input),
    ...usp.parse.map((c) => c.input), ...usp.reserialize.map((c) => c.input)];
  const records = usp.construct_from_record.map((c) => c.record_utf16);
  const server = await serve(process.cwd(), { '/': page });
  const context = await launch();
  try {
    const tab = await open(context, server.url);
    const got = await tab.evaluate(([q, r]) => window.check(q, r, 23, 3000), [queries, records]);
    assert.deepEqual(got.bad.slice(0, 5), []);
    console.log(`# Chromium: form agrees with URLSearchParams on ${queries.length} cases, ${records.length} records, 3000 random queries`);
  } finally {
    await context.close();
    await server.close();
  }
});
