// The Node side of tests/node_diff: reads a JSON array of {fn, units} from stdin (units: the
// UTF-16 code units of the argument, so lone surrogates survive JSON), calls the named
// function, and writes a JSON array of {ok: units} or {err: error name} to stdout.
"use strict";

const fns = {
  encodeURI,
  encodeURIComponent,
  escape,
  decodeURI,
  decodeURIComponent,
  unescape,
  // The urlencoded serializer and parser, for one value.
  formEncode: (s) => new URLSearchParams([["a", s]]).toString().slice(2),
  formDecode: (s) => new URLSearchParams("a=" + s).get("a"),
  // The same with the URL Standard's first step (UTF-8 encode) done for Node: non-ASCII
  // characters as their UTF-8 escapes. Node's own parse falls back to querystring's
  // unescapeBuffer, which keeps only the low byte of each UTF-16 unit, when a value holds
  // non-ASCII text, a malformed escape and a valid one.
  formDecodeUtf8First: (s) =>
    new URLSearchParams("a=" + s.replace(/[^\x00-\x7f]+/gu, (m) => encodeURIComponent(m))).get("a"),
};

const chunks = [];
process.stdin.on("data", (d) => chunks.push(d));
process.stdin.on("end", () => {
  const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const results = cases.map(({ fn, units }) => {
    let s = "";
    for (const u of units) s += String.fromCharCode(u);
    try {
      const r = fns[fn](s);
      const out = new Array(r.length);
      for (let i = 0; i < r.length; i++) out[i] = r.charCodeAt(i);
      return { ok: out };
    } catch (e) {
      return { err: e.name };
    }
  });
  process.stdout.write(JSON.stringify({ node: process.version, results }));
});
