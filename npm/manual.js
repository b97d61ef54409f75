// pctenc for JavaScript: the Rust library compiled to WebAssembly (crates/pctenc-wasm), with
// no logic of its own here beyond moving strings in and out of the module's memory.
//
// This module loads nothing by itself: call `await init()` once (or import 'pctenc', which
// does it with top-level await), then every function is synchronous.
//
// The hot path (encode, decode, tryDecode) makes no JSON: the profile is a number looked up
// once per name, the knobs are bits (crates/pctenc-wasm/src/raw.rs), and the text crosses as
// UTF-8 bytes written straight into the module's input vector (TextEncoder.encodeInto) and
// read back from its output vector (as Latin-1, or as the UTF-16 the module transcoded it
// to). The rich verbs (check, normalize, profiles) return structures and go through the
// playground's JSON bridge. docs/javascript.md has the picture.

const utf8 = new TextEncoder();
// Not fatal: the module already applied the UTF-8 policy. ignoreBOM: a leading U+FEFF is
// text like any other (TextDecoder would drop it).
const text = new TextDecoder('utf-8', { ignoreBOM: true });
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/** A percent-encoding error: where (byte offset into the UTF-8 input) and why. */
export class PctencError extends Error {
  constructor(message, { code, offset, index, profile, charset } = {}) {
    super(message);
    this.name = 'PctencError';
    /** The library's error code: `invalid-escape`, `truncated-escape`, `invalid-utf8`... */
    this.code = code;
    /** Byte offset into the UTF-8 form of the input, as the Rust library and CLI report. */
    this.offset = offset;
    /** The same place as an index into the input string (UTF-16 code units); for a
     * Uint8Array input, equal to `offset`. */
    this.index = index;
    /** The canonical name of the profile in use. */
    this.profile = profile;
    /** The charset in use, if one was named. */
    if (charset !== undefined) this.charset = charset;
  }
}

let ex = null; // the module's exports
let mem = null; // a Uint8Array over the whole linear memory (renewed when memory grows)
let inPtr = 0, inCap = 0, inView = null; // the module's input vector
let names = []; // profile id -> canonical name
let policies = []; // profile id -> [input UTF-8 policy, output UTF-8 policy]
let asciiOut = []; // profile id -> whether its encoder writes only ASCII
let loading = null;
const profileIds = new Map(); // name as given -> id
const charsetIds = new Map(); // label as given -> id

const FAILED = -1; // u32::MAX, as wasm's i32 reaches JavaScript
const AUTO = 1;
// The most input bytes one call takes. wasm32 memory ends at 4 GiB, and a call holds the
// input, an output up to three times as long and, for text, its UTF-16 form: a module that
// ran out of memory would trap and stay unusable, so larger inputs are refused up front.
const MAX_INPUT = 256 << 20;
const TEXT = 1 << 8, VALID = 1 << 9;
// The base of a relative URL given to init(). Kept in a variable: bundlers read the literal
// `new URL(..., import.meta.url)` as "emit this file", which they should do only for the
// default module below.
const here = import.meta.url;

/**
 * Loads the WebAssembly module. `source` defaults to the `pctenc.wasm` next to this file; it
 * may be a URL or path string, a URL, a Response (or a promise of one), bytes (ArrayBuffer,
 * a typed array), or a compiled WebAssembly.Module. Safe to call more than once.
 */
export function init(source) {
  if (!loading) {
    loading = instantiate(source ?? new URL('./pctenc.wasm', import.meta.url)).then(start);
    loading.catch(() => { loading = null; });
  }
  return loading;
}

async function instantiate(source) {
  source = await source;
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, {});
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return (await WebAssembly.instantiate(source, {})).instance;
  }
  if (typeof source === 'string' || source instanceof URL) {
    const url = new URL(source, here);
    if (url.protocol === 'file:') {
      // Node (fetch has no file: URLs). The comments keep bundlers from resolving it.
      const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
      return (await WebAssembly.instantiate(await fs.readFile(url), {})).instance;
    }
    source = await fetch(url);
  }
  if (typeof Response !== 'undefined' && source instanceof Response) {
    if (!source.ok) throw new Error(`pctenc: cannot load ${source.url}: HTTP ${source.status}`);
    // instantiateStreaming needs the application/wasm type, which simple servers may not send.
    return (await WebAssembly.instantiate(await source.arrayBuffer(), {})).instance;
  }
  throw new TypeError('pctenc: init() takes a URL, a Response, bytes or a WebAssembly.Module');
}

function start(instance) {
  ex = instance.exports;
  mem = new Uint8Array(ex.memory.buffer);
  reserve(4096);
  const table = call({ op: 'profiles' }).meta.profiles;
  names = table.map((p) => p.name);
  policies = table.map((p) => [p.input_utf8, p.output_utf8]);
  asciiOut = table.map((_, id) => ex.pctenc_encodes_ascii(id) === 1);
}

function ready() {
  if (ex === null) throw new Error('pctenc: call `await init()` first (or import "pctenc", which does)');
}

/** The memory view, renewed if the memory grew (growing detaches the old buffer). */
function memory() {
  if (mem.byteLength === 0) mem = new Uint8Array(ex.memory.buffer);
  return mem;
}

// Node's Buffer reads linear memory into strings faster than its TextDecoder (measured: less
// per-call overhead); browsers use TextDecoder. The text is the same either way: Latin-1 of
// ASCII, and UTF-16LE.
const nodeBuffer = typeof globalThis.Buffer === 'function' && typeof globalThis.Buffer.prototype.latin1Slice === 'function'
  && typeof globalThis.Buffer.prototype.ucs2Slice === 'function' ? globalThis.Buffer : null;
let buf = null;
function buffer() {
  if (buf === null || buf.length === 0) buf = nodeBuffer.from(ex.memory.buffer);
  return buf;
}

/** Makes the input vector hold at least `n` bytes. */
function reserve(n) {
  if (n > inCap || inView.byteLength === 0) {
    if (n > inCap) {
      inCap = Math.max(n, Math.min(inCap * 2, MAX_INPUT)); // doubling, but not past the limit
      inPtr = ex.pctenc_in(inCap);
    }
    inView = new Uint8Array(ex.memory.buffer, inPtr, inCap);
  }
}

const isWellFormed = String.prototype.isWellFormed
  ? (s) => s.isWellFormed()
  : ((lone) => (s) => !lone.test(s))(/\p{Cs}/u);

/**
 * Writes `input` (string or Uint8Array) into the input vector; returns its length in bytes
 * and sets `valid` when it is known to be UTF-8.
 *
 * A string with lone surrogates has no UTF-8 form. Where the UTF-8 policy in force (the
 * `utf8` option, else the profile's: input policy to encode, output policy to decode) is
 * strict or bytes, it is written as WTF-8 (each lone surrogate as the three bytes UTF-8 would
 * give it), so the library sees what JavaScript had: strict reports it at its byte offset, as
 * encodeURIComponent throws. Under a lenient policy, each lone surrogate becomes one U+FFFD,
 * as TextEncoder writes it.
 */
let valid = false;
function write(input, verb) {
  if (typeof input === 'string') {
    if (input.length > MAX_INPUT) tooLarge(input.length);
    if (isWellFormed(input) || replacesLoneSurrogates(verb)) {
      valid = true;
      // encodeInto needs room for the longest UTF-8 form, three bytes per code unit; a
      // string too long for that is measured first.
      if (input.length * 3 > MAX_INPUT) return writeBytes(utf8.encode(input));
      reserve(input.length * 3);
      return utf8.encodeInto(input, inView).written;
    }
    valid = false;
    return writeBytes(wtf8(input));
  }
  if (input instanceof Uint8Array) { valid = false; return writeBytes(input); }
  throw new TypeError('pctenc: input must be a string or a Uint8Array');
}

function replacesLoneSurrogates(verb) {
  const knob = (bits >> 4) & 3;
  const policy = knob ? ['strict', 'lossy', 'bytes'][knob - 1] : policies[pid][verb === 'encode' ? 0 : 1];
  return policy !== 'strict' && policy !== 'bytes';
}

function writeBytes(bytes) {
  if (bytes.length > MAX_INPUT) tooLarge(bytes.length);
  reserve(bytes.length);
  memory();
  inView.set(bytes);
  return bytes.length;
}

function tooLarge(n) {
  throw new RangeError(`pctenc: input of ${n} bytes or more; at most ${MAX_INPUT} (256 MiB) per call`);
}

/** `s` as WTF-8: UTF-8, with each lone surrogate as the three bytes UTF-8 would give it. */
function wtf8(s) {
  const parts = [];
  let start = 0, total = 0;
  const push = (bytes) => { parts.push(bytes); total += bytes.length; };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; } // a pair: one character
    }
    push(utf8.encode(s.slice(start, i)));
    push(Uint8Array.of(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)));
    start = i + 1;
  }
  push(utf8.encode(s.slice(start)));
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/**
 * The output vector's `n` bytes of UTF-8 as text. ASCII is read as Latin-1; other text is
 * transcoded to UTF-16 by the module (crates/pctenc-wasm/src/utf16.rs) and read as UTF-16LE:
 * both are plain copies for the engine, where reading UTF-8 decodes it character by character.
 */
function readText(n) {
  const units = ex.pctenc_utf16();
  if (units < 0) return readAscii(n);
  const p = ex.pctenc_out16();
  if (nodeBuffer) return buffer().ucs2Slice(p, p + 2 * units);
  return utf16.decode(memory().subarray(p, p + 2 * units));
}

/** The output vector's `n` bytes, ASCII, as text: Latin-1 is the cheapest read of ASCII. */
function readAscii(n) {
  const p = ex.pctenc_out();
  if (nodeBuffer) return buffer().latin1Slice(p, p + n);
  return text.decode(memory().subarray(p, p + n));
}

function readBytes(n) {
  const p = ex.pctenc_out();
  return memory().slice(p, p + n);
}

// Options -> profile id, knob bits, charset id. Resolved into these variables (no object per
// call); the last options object is remembered, so passing the same object again is free.
let pid = 0, bits = 0, cs = 0, csLabel;
let lastOptions, lastVerb, lastPid, lastBits, lastCs, lastCsLabel;

const KEYS = {
  encode: new Set(['profile', 'lower', 'charset', 'utf8', 'plus']),
  decode: new Set(['profile', 'malformed', 'utf8', 'charset', 'plus']),
  'form.parse': new Set(['profile', 'input', 'malformed', 'utf8', 'charset', 'plus']),
  'form.serialize': new Set(['profile', 'lower', 'charset', 'plus']),
};

function choose(name, value, words) {
  if (value === undefined) return 0;
  const i = words.indexOf(value);
  if (i < 0) throw new TypeError(`pctenc: ${name} must be ${words.map((w) => JSON.stringify(w)).join(' or ')}, not ${JSON.stringify(value)}`);
  return i + 1;
}

function options(o, verb, fallback = 'rfc3986') {
  if (o === undefined || o === null) {
    pid = profileId(fallback); bits = 0; cs = 0; csLabel = undefined;
    return;
  }
  // Only a frozen object (encoder(), decoder(), or the caller's own) cannot have changed.
  if (o === lastOptions && verb === lastVerb && Object.isFrozen(o)) {
    pid = lastPid; bits = lastBits; cs = lastCs; csLabel = lastCsLabel;
    return;
  }
  if (typeof o !== 'object') throw new TypeError('pctenc: options must be an object');
  const keys = KEYS[verb];
  for (const k in o) {
    if (!keys.has(k)) throw new TypeError(`pctenc: ${verb}() has no option '${k}' (${[...keys].join(', ')})`);
  }
  pid = profileId(o.profile ?? fallback);
  bits = 0;
  if (o.lower !== undefined) {
    if (typeof o.lower !== 'boolean') throw new TypeError('pctenc: lower must be a boolean');
    bits |= o.lower ? 2 : 1;
  }
  bits |= choose('malformed', o.malformed, ['strict', 'lenient']) << 2;
  bits |= choose('utf8', o.utf8, ['strict', 'lossy', 'bytes']) << 4;
  if (o.plus !== undefined) {
    if (typeof o.plus !== 'boolean') throw new TypeError('pctenc: plus must be a boolean');
    bits |= (o.plus ? 1 : 2) << 6;
  }
  cs = 0; csLabel = undefined;
  if (o.charset !== undefined) {
    csLabel = o.charset;
    cs = charsetId(o.charset);
    if (cs === AUTO && verb !== 'decode') throw new TypeError("pctenc: charset 'auto' is for decode; name the charset to encode");
    if (o.utf8 === 'bytes') throw new TypeError("pctenc: utf8 'bytes' does not apply with a charset");
  }
  lastOptions = o; lastVerb = verb; lastPid = pid; lastBits = bits; lastCs = cs; lastCsLabel = csLabel;
}

function lookup(map, key, kind, exported, why = () => `unknown ${kind} '${key}'`) {
  let id = map.get(key);
  if (id !== undefined) return id;
  if (typeof key !== 'string') throw new TypeError(`pctenc: ${kind} must be a string`);
  id = exported(writeBytes(utf8.encode(key)));
  if (id < 0) throw new RangeError(`pctenc: ${why()}`);
  map.set(key, id);
  return id;
}

/** The text the last call left in the output vector. */
function outText() {
  const p = ex.pctenc_out();
  return text.decode(memory().subarray(p, p + ex.pctenc_out_len()));
}

// An unknown profile: the library's message, with the same "did you mean" names as the CLI
// and Python (the export leaves it in the output vector).
const profileId = (name) => lookup(profileIds, name, 'profile', (n) => ex.pctenc_profile(n),
  () => `${outText()} (profiles() lists them all)`);
const charsetId = (label) => lookup(charsetIds, label, 'charset', (n) => ex.pctenc_charset(n));

/** The error the last failed call left in the output vector: "code\nmessage". */
function failure(input) {
  const offset = ex.pctenc_error_offset();
  const p = ex.pctenc_out();
  const all = text.decode(memory().subarray(p, p + ex.pctenc_out_len()));
  const nl = all.indexOf('\n');
  return new PctencError(all.slice(nl + 1), {
    code: all.slice(0, nl), offset, index: typeof input === 'string' ? utf16Index(input, offset) : offset,
    profile: names[pid], charset: csLabel,
  });
}

/** The UTF-16 index of the character that holds byte `offset` of the UTF-8 (or WTF-8) form
 * of `s` (an offset can fall inside a character: a legacy charset's invalid byte). */
function utf16Index(s, offset) {
  let bytes = 0, i = 0;
  while (i < s.length) {
    const c = s.codePointAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (bytes + size > offset) break;
    bytes += size;
    i += c >= 0x10000 ? 2 : 1;
  }
  return i;
}

/**
 * Percent-encodes `input` (a string, or a Uint8Array of bytes) under a profile:
 * `{profile = "rfc3986", lower, charset, utf8, plus}`. Throws a PctencError where the input is
 * not UTF-8 (a lone surrogate) and the profile's input policy is strict, as
 * encodeURIComponent throws.
 */
export function encode(input, opts) {
  ready();
  options(opts, 'encode');
  const n = write(input, 'encode');
  const r = ex.pctenc_encode(n, pid, bits | (valid ? VALID : 0), cs);
  if (r === FAILED) throw failure(input);
  return asciiOut[pid] ? readAscii(r >>> 0) : readText(r >>> 0);
}

function decodeOnce(input, opts) {
  ready();
  options(opts, 'decode');
  const n = write(input, 'decode');
  const asBytes = (bits >> 4 & 3) === 3;
  const r = ex.pctenc_decode(n, pid, bits | (asBytes ? 0 : TEXT) | (valid ? VALID : 0), cs);
  if (r === FAILED) return failure(input);
  return asBytes ? readBytes(r >>> 0) : readText(r >>> 0);
}

/**
 * Decodes `text` (a string, or a Uint8Array of its bytes) under a profile:
 * `{profile = "rfc3986", malformed, utf8, charset, plus}`. Returns a string, or a Uint8Array
 * with `utf8: "bytes"`. Throws a PctencError naming the byte offset of a malformed escape
 * (where the profile or `malformed: "strict"` says so) or of bytes that are not UTF-8 (under
 * a strict UTF-8 policy).
 */
export function decode(input, opts) {
  const r = decodeOnce(input, opts);
  if (r instanceof PctencError) throw r;
  return r;
}

/** As decode(), without throwing: `{ok: true, value}` or `{ok: false, error}`. */
export function tryDecode(input, opts) {
  const r = decodeOnce(input, opts);
  return r instanceof PctencError ? { ok: false, error: r } : { ok: true, value: r };
}

/** A function that encodes with these options, resolved once. */
export function encoder(opts) {
  ready();
  options(opts, 'encode');
  const frozen = Object.freeze({ ...opts });
  return (input) => encode(input, frozen);
}

/** A function that decodes with these options, resolved once. */
export function decoder(opts) {
  ready();
  options(opts, 'decode');
  const frozen = Object.freeze({ ...opts });
  return (input) => decode(input, frozen);
}

/** One request through the JSON bridge (crates/pctenc-wasm/src/abi.rs): for the rich verbs. */
function call(request, input = '') {
  const bytes = typeof input === 'string' ? utf8.encode(input) : input;
  const put = (slot, b) => {
    const p = ex.pctenc_buffer(slot, b.length);
    memory().set(b, p);
  };
  put(0, bytes);
  put(1, utf8.encode(JSON.stringify(request)));
  ex.pctenc_run();
  const get = (slot) => {
    const p = ex.pctenc_result_ptr(slot);
    return memory().slice(p, p + ex.pctenc_result_len(slot));
  };
  const meta = JSON.parse(text.decode(get(3)));
  if (meta.bad_request) throw new RangeError(`pctenc: ${meta.bad_request}`);
  return { output: get(2), meta };
}

function context(o, verb) {
  if (o === undefined) return 'path';
  for (const k in o) if (k !== 'context') throw new TypeError(`pctenc: ${verb}() has no option '${k}' (context)`);
  return o.context ?? 'path';
}

/**
 * Lints `input` as it would be read in a URL context (`{context = "path"}`: segment, path,
 * query, form, fragment, userinfo, host, url): what an attacker's encoding leaves (encoded
 * dot segments and slashes, double encoding, overlong UTF-8...), as `pctenc check`. At most
 * 1000 findings are listed; `count` and `truncated` say when there were more.
 */
export function check(input, opts) {
  ready();
  const { meta } = call({ op: 'check', context: context(opts, 'check') }, input);
  return { findings: meta.findings, count: meta.count, worst: meta.worst, truncated: meta.truncated };
}

/** RFC 3986 §6.2.2 normal form of `input` in a URL context (`{context = "path"}`). */
export function normalize(input, opts) {
  ready();
  return text.decode(call({ op: 'normalize', context: context(opts, 'normalize') }, input).output);
}

/** The table of named profiles: what each escapes, how it decodes, where it comes from. */
export function profiles() {
  ready();
  return call({ op: 'profiles' }).meta.profiles;
}

/** The canonical name of a profile name or alias (any case), e.g. "encodeURIComponent" ->
 * "js-component". Throws a RangeError for an unknown name. */
export function profileName(name) {
  ready();
  return names[profileId(name)];
}

/** The kernel the module runs: "simd128" (built with wasm SIMD) or "scalar". */
export function kernel() {
  ready();
  return call({ op: 'kernel' }).meta.kernel;
}

/** The version of the Rust library inside. */
export function version() {
  ready();
  return call({ op: 'version' }).meta.version;
}

// ---------------------------------------------------------------- form: query strings

// Query strings parsed, picked and built by the library's `query` module
// (crates/pctenc-wasm/src/query.rs): one call per value, the parts handed back as one UTF-16
// string and their lengths, sliced here.

const inputIds = new Map();
const inputId = (word) => lookup(inputIds, word, 'input', (n) => ex.pctenc_query_input(n), outText);

function formOptions(o, verb) {
  options(o, verb, 'form');
  if (verb === 'form.parse' && o != null && o.utf8 === 'bytes') {
    throw new TypeError("pctenc: utf8 'bytes' does not apply: names and values are strings");
  }
  return verb === 'form.parse' ? inputId(o?.input ?? 'query') : 0;
}

/** The parts the last parse left in OUT16 and LENS. */
function readParts(count) {
  const lens = new Uint32Array(ex.memory.buffer, ex.pctenc_lens_ptr(), count).slice();
  let units = 0;
  for (const n of lens) units += n;
  const p = ex.pctenc_out16();
  const all = nodeBuffer ? buffer().ucs2Slice(p, p + 2 * units) : utf16.decode(memory().subarray(p, p + 2 * units));
  const parts = new Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) { parts[i] = all.slice(at, at + lens[i]); at += lens[i]; }
  return parts;
}

function formParse(input, name, pick, opts) {
  ready();
  const kind = formOptions(opts, 'form.parse');
  if (pick !== 0) {
    if (typeof name !== 'string') throw new TypeError('pctenc: the name must be a string');
    ex.pctenc_query_key(writeBytes(utf8.encode(name)));
  }
  const n = write(input, 'decode');
  const r = ex.pctenc_query_parse(n, pid, bits, cs, kind, pick);
  if (r === FAILED) throw failure(input);
  return readParts(r >>> 0);
}

/** The pairs of `init` for `serialize`: an iterable of [name, value] pairs (an array, a Map,
 * a URLSearchParams) or a record, every name and value made a string: the calling convention
 * of the URLSearchParams constructor. */
function pairsOf(init) {
  if (init === null || typeof init !== 'object') throw new TypeError('pctenc: form.serialize() takes pairs or a record');
  const out = [];
  if (typeof init[Symbol.iterator] === 'function') {
    for (const pair of init) {
      const kv = pair != null && typeof pair !== 'string' && typeof pair[Symbol.iterator] === 'function' ? [...pair] : null;
      if (kv === null || kv.length !== 2) throw new TypeError('pctenc: each pair must be [name, value]');
      out.push(String(kv[0]), String(kv[1]));
    }
  } else {
    // A record, as WebIDL converts one: keys made USVStrings (a lone surrogate becomes
    // U+FFFD), so two keys may become one, the later value kept in the earlier place.
    const record = new Map();
    for (const [k, v] of Object.entries(init)) record.set(isWellFormed(k) ? k : k.replace(/\p{Cs}/gu, '\uFFFD'), String(v));
    for (const [k, v] of record) out.push(k, v);
  }
  return out;
}

/**
 * application/x-www-form-urlencoded and query strings, as `URLSearchParams` reads and
 * writes them (the `form` profile by default; any profile, legacy charsets, strict errors).
 */
export const form = Object.freeze({
  /** The [name, value] pairs of a query: `{profile = "form", input = "query", malformed,
   * utf8, charset, plus}`; `input` "query" drops one leading "?" (as URLSearchParams),
   * "form" reads the value as it is, "url" takes what is between the first "?" and "#",
   * "auto" reads a value with "?" as a URL. */
  parse(input, opts) {
    const parts = formParse(input, undefined, 0, opts);
    const pairs = new Array(parts.length / 2);
    for (let i = 0; i < pairs.length; i++) pairs[i] = [parts[2 * i], parts[2 * i + 1]];
    return pairs;
  },
  /** The value of the first pair named `name`, or null (URLSearchParams#get). */
  get(input, name, opts) {
    const parts = formParse(input, name, 1, opts);
    return parts.length ? parts[0] : null;
  },
  /** The values of every pair named `name` (URLSearchParams#getAll). */
  getAll(input, name, opts) {
    return formParse(input, name, 2, opts);
  },
  /** The query string of pairs or a record: `{profile = "form", lower, charset, plus}`
   * (URLSearchParams#toString with the form profile). */
  serialize(init, opts) {
    ready();
    formOptions(opts, 'form.serialize');
    const parts = pairsOf(init).map((s) => utf8.encode(s));
    let total = 0;
    for (const b of parts) total += b.length;
    if (total > MAX_INPUT) tooLarge(total);
    reserve(total);
    memory();
    let at = 0;
    for (const b of parts) { inView.set(b, at); at += b.length; }
    new Uint32Array(ex.memory.buffer, ex.pctenc_lens(parts.length), parts.length).set(parts.map((b) => b.length));
    const r = ex.pctenc_query_build(parts.length, pid, bits, cs);
    if (r === FAILED) {
      const e = failure('');
      throw e.code === 'unsafe-profile' ? new RangeError(`pctenc: ${e.message}`) : e;
    }
    return asciiOut[pid] ? readAscii(r >>> 0) : readText(r >>> 0);
  },
});
