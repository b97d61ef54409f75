// The conformance table and this package's exclusions, read in Node (PCTENC_CONFORMANCE is
// the repository's conformance/ directory; scripts/test.d/72-npm.sh sets it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exclusions } from './contract.mjs';

const dir = process.env.PCTENC_CONFORMANCE;
if (!dir) throw new Error('PCTENC_CONFORMANCE must name the conformance/ directory');

/** Every case of conformance/cases.jsonl. */
export const cases = () => readFileSync(join(dir, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
/** conformance/cannot-express/npm.txt. */
export const excluded = () => exclusions(readFileSync(join(dir, 'cannot-express/npm.txt'), 'utf8'));
