// The form calls the Node and browser tests make on both sides: `p` is the package's
// namespace, and the reference is the running engine's own URLSearchParams. Plain JavaScript
// with no imports, so a page can load it (form-browser.test.mjs).

/** Seeded query strings built from the pieces where parsers differ: escapes good, short and
 * bad, `+`, separators, a leading `?`, `#`, non-ASCII, a lone surrogate. */
export function randomQueries(seed, n) {
  let x = seed >>> 0;
  const next = () => { x = (x + 0x6D2B79F5) >>> 0; let t = x; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const pieces = ['a', 'q', 'b', '=', '==', '&', '&&', '?', '#', '+', ' ', '%', '%4', '%41', '%zz', '%2B', '%26', '%3D',
    '%C3%A9', '%E2%82', '%FF', '%ED%A0%80', 'é', '€', '😀', '\uD800', '\u0000', 'a b', '%20', ';'];
  const out = [];
  for (let i = 0; i < n; i++) {
    let s = '';
    const len = Math.floor(next() * 12);
    for (let j = 0; j < len; j++) s += pieces[Math.floor(next() * pieces.length)];
    out.push(s);
  }
  return out;
}

const NAMES = ['a', 'q', '', 'a b', '\uFFFD', 'é', '%'];

/** Every disagreement of `p.form` with this engine's URLSearchParams on `queries` (parse,
 * get and getAll of a few names, and serializing the parsed pairs back), and on `records`
 * (serialize of an object, which URLSearchParams reads as a record). `reference(s)` is what
 * URLSearchParams is given for the query `s` (`s` itself unless an engine needs help). */
export function disagreements(p, queries, records = [], reference = (s) => s) {
  const bad = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  for (const s of queries) {
    const usp = new URLSearchParams(reference(s));
    const want = [...usp];
    const got = p.form.parse(s);
    if (!same(got, want)) bad.push({ call: 'parse', s, got, want });
    for (const k of NAMES) {
      if (p.form.get(s, k) !== usp.get(k)) bad.push({ call: 'get', s, k, got: p.form.get(s, k), want: usp.get(k) });
      if (!same(p.form.getAll(s, k), usp.getAll(k))) bad.push({ call: 'getAll', s, k });
    }
    const text = p.form.serialize(got);
    if (text !== usp.toString()) bad.push({ call: 'serialize', s, got: text, want: usp.toString() });
  }
  for (const r of records) {
    const got = p.form.serialize(r), want = new URLSearchParams(r).toString();
    if (got !== want) bad.push({ call: 'serialize(record)', r, got, want });
  }
  return bad;
}

/** `s` with every non-ASCII character percent-encoded as UTF-8 (lone surrogates as U+FFFD):
 * the same query to the URL Standard's parser (it reads the UTF-8 bytes of `s`, and an escape
 * of a byte is that byte), but all ASCII. */
export function asciiQuery(s) {
  return s.toWellFormed().replace(/[^\0-\x7f]/gu, (c) => encodeURIComponent(c));
}
