// The conformance table in Node, through the installed package: every case the package can
// express gives the library's result (conformance/README.md), a text input both as a string
// and as bytes; the ones it cannot are listed in conformance/cannot-express/npm.txt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as pctenc from 'pctenc';
import { runTable } from './contract.mjs';
import { cases, excluded } from './table.mjs';

test('the conformance table, in Node', () => {
  const all = cases();
  const r = runTable(pctenc, all, excluded());
  console.log(`# conformance (npm, Node): ${r.run} cases run (${r.calls} calls), ${r.excluded} cannot express (conformance/cannot-express/npm.txt)`);
  assert.equal(r.run + r.excluded, all.length);
  assert.deepEqual(r.failures.slice(0, 30), [], `${r.failures.length} differ`);
});
