// The conformance table (conformance/cases.jsonl; format and rules in conformance/README.md)
// through the package: `p` is its namespace. Plain JavaScript with no imports, so the
// Chromium page runs the same code as Node (contract.test.mjs, browser.test.mjs).

const hex = (s) => Uint8Array.from(s.match(/../g) ?? [], (h) => parseInt(h, 16));
const utf8 = new TextEncoder();

/** `cannot-express/<front end>.txt`: `{entry, reason, used}` per line. */
export function exclusions(text) {
  return text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => {
    const at = l.indexOf(' -- ');
    if (at < 0 || !l.slice(at + 4).trim()) throw new Error(`cannot-express: no ' -- reason' in ${JSON.stringify(l)}`);
    return { entry: l.slice(0, at).trim(), reason: l.slice(at + 4).trim(), used: 0 };
  });
}

const bareKey = (k) => k.replace(/[-_]/g, '').toLowerCase();

/** Whether exclusion `entry` (an id or a rule) matches case `c`. */
function matches(c, entry) {
  const [kind, arg = ''] = entry.split(/ (.*)/);
  const pairs = c.options.split(',').map((kv) => kv.split('=')).filter((kv) => kv.length === 2);
  switch (kind) {
    case 'id': return c.id === arg;
    case 'op': return c.op === arg;
    case 'option': {
      const [k, w] = arg.split('=');
      return pairs.some(([pk, pv]) => bareKey(pk.trim()) === bareKey(k) && (w === undefined || pv.trim().toLowerCase() === w));
    }
    case 'input-not-utf8': return 'input_hex' in c;
    case 'output-not-utf8': return 'output_hex' in c;
    case 'option-error': return c.error?.option !== undefined;
    default: throw new Error(`cannot-express: unknown rule ${kind}`);
  }
}

/** The case's options as the object a caller passes. */
function optionsObject(text) {
  const o = {};
  for (const piece of text.split(',')) {
    if (!piece.trim()) continue;
    const at = piece.indexOf('=');
    o[piece.slice(0, at).trim()] = piece.slice(at + 1).trim();
  }
  return o;
}

function call(p, c, input, o) {
  switch (c.op) {
    case 'encode': return p.encode(input, o);
    case 'decode': return p.decode(input, o);
    case 'try-decode': { const r = p.tryDecode(input, o); return r.ok ? r.value : null; }
    case 'check': {
      // The table's fields: `end` is derived, `depth` given only where it applies.
      const r = p.check(input, o);
      const findings = r.findings.map(({ end, depth, ...f }) => (depth === null ? f : { ...f, depth }));
      return { findings, fails: r.fails };
    }
    case 'normalize': return p.normalize(input, o);
    case 'form-parse': return p.formParse(input, o);
    case 'form-serialize': return p.formSerialize(c.input_pairs, o);
    case 'decode-segment': return p.decodeSegment(input, o);
    // form.* read `input: "query"` unless told; the table's default is the library's, auto.
    case 'query-parse': return p.form.parse(input, { input: 'auto', ...o });
    case 'query-param': return p.form.get(input, c.key, { input: 'auto', ...o });
    case 'query-param-all': return p.form.getAll(input, c.key, { input: 'auto', ...o });
    case 'query-build': return p.form.serialize(c.input_pairs, o);
    default: throw new Error(`unknown operation ${c.op}`);
  }
}

const sorted = (v) => JSON.stringify(v, (_, x) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.entries(x).sort()) : x));

/** Why `got` (a result, or a thrown error) is not what case `c` expects; null when it is. */
function differs(p, c, got, threw) {
  if (c.error?.option !== undefined) {
    if (!threw || got instanceof p.PctencError) return `want the options refused, got ${threw ? got : JSON.stringify(got)}`;
    return String(got.message).includes(c.error.message) ? null : `want ${JSON.stringify(c.error.message)} in ${JSON.stringify(got.message)}`;
  }
  if (c.error) {
    if (!threw || !(got instanceof p.PctencError)) return `want ${c.error.code} at ${c.error.offset}, got ${threw ? got : JSON.stringify(got)}`;
    return got.code === c.error.code && got.offset === c.error.offset ? null : `want ${c.error.code} at ${c.error.offset}, got ${got.code} at ${got.offset}`;
  }
  if (threw) return `threw ${got}`;
  if ('findings' in c) return sorted({ findings: c.findings, fails: c.fails }) === sorted(got) ? null : `want ${sorted(c.findings)}, got ${sorted(got)}`;
  if ('output_list' in c) return sorted(c.output_list) === sorted(got) ? null : `want ${sorted(c.output_list)}, got ${sorted(got)}`;
  if ('output_pairs' in c) return sorted(c.output_pairs) === sorted(got) ? null : `want ${sorted(c.output_pairs)}, got ${sorted(got)}`;
  if (c.output === null) return got === null ? null : `want null, got ${JSON.stringify(got)}`;
  const want = 'output' in c ? utf8.encode(c.output) : hex(c.output_hex);
  const have = typeof got === 'string' ? utf8.encode(got) : got;
  if (!(have instanceof Uint8Array)) return `want bytes, got ${JSON.stringify(got)}`;
  return want.length === have.length && want.every((b, i) => b === have[i]) ? null
    : `want ${JSON.stringify(c.output ?? c.output_hex)}, got ${JSON.stringify(typeof got === 'string' ? got : Array.from(got))}`;
}

/** Runs every case of `cases` not excluded by `excluded` (from exclusions()), a text input
 * both as a string and as its bytes. `{run, excluded, calls, failures}`. */
export function runTable(p, cases, excluded) {
  const failures = [];
  let run = 0, skipped = 0, calls = 0;
  for (const c of cases) {
    const ex = excluded.find((e) => matches(c, e.entry));
    if (ex) { ex.used++; skipped++; continue; }
    run++;
    const o = optionsObject(c.options);
    const inputs = 'input' in c ? [c.input, utf8.encode(c.input)] : 'input_hex' in c ? [hex(c.input_hex)] : [undefined];
    // check and normalize give what their input was: one form is enough for them.
    for (const input of c.op === 'normalize' && typeof inputs[0] === 'string' ? inputs.slice(0, 1) : inputs) {
      calls++;
      let got, threw = false;
      try { got = call(p, c, input, o); } catch (e) { got = e; threw = true; }
      const why = differs(p, c, got, threw);
      if (why) failures.push(`${c.id} [${c.options}] ${typeof input === 'string' ? 'string' : 'bytes'} ${JSON.stringify(c.input ?? c.input_hex ?? c.input_pairs)}: ${why}`);
    }
  }
  const stale = excluded.filter((e) => e.used === 0).map((e) => `'${e.entry}' matches no case: remove it`);
  return { run, excluded: skipped, calls, failures: stale.concat(failures) };
}
