// pctenc for JavaScript: the Rust library compiled to WebAssembly (crates/pctenc-wasm), with
// no logic of its own here beyond moving strings in and out of the module's memory.
//
// This module loads nothing by itself: call `await init()` once (or import 'pctenc', which
// does it with top-level await), then every function is synchronous.
//
// Options are the library's (crates/pctenc/src/options): an options object is sent as the
// library's compact text form and resolved there once per distinct set, so its words,
// defaults and "did you mean" are every other front end's. The hot path (encode, decode,
// tryDecode) makes no JSON: the resolved options are a handle (crates/pctenc-wasm/src/raw.rs),
// and the text crosses as UTF-8 bytes written straight into the module's input vector
// (TextEncoder.encodeInto) and read back from its output vector (as Latin-1, or as the UTF-16
// the module transcoded it to). The rich verbs (check, normalize, formParse, formSerialize,
// decodeSegment, profiles) return structures and go through the playground's JSON bridge.
// docs/javascript.md has the picture.

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
let loading = null;

const FAILED = -1, NULL = -2; // u32::MAX and u32::MAX - 1, as wasm's i32 reaches JavaScript
// The most input bytes one call takes. wasm32 memory ends at 4 GiB, and a call holds the
// input, an output up to three times as long and, for text, its UTF-16 form: a module that
// ran out of memory would trap and stay unusable, so larger inputs are refused up front.
const MAX_INPUT = 256 << 20;
// Call flags and handle facts (crates/pctenc-wasm/src/raw.rs).
const VALID = 1, STRING = 2;
const INFO_BYTES = 1, INFO_LOSSY = 2, INFO_ASCII = 4;
const OPS = { encode: 0, decode: 1, tryDecode: 2, 'form.parse': 3, 'form.get': 4, 'form.getAll': 5, 'form.serialize': 6 };
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

/** What a value is, for a TypeError: `number`, `null`, `an array`, `an object`... */
function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? `an object (${v.constructor?.name ?? 'null prototype'})` : typeof v;
}

/** `input` must be a string or a Uint8Array, or the call is a TypeError naming it. */
function checkInput(input, verb) {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    throw new TypeError(`pctenc: ${verb}(input): input must be a string or a Uint8Array, not ${describe(input)}`);
  }
}

/**
 * Writes `input` (string or Uint8Array) into the input vector; returns its length in bytes
 * and sets `flags`: VALID when it is known to be UTF-8.
 *
 * A string with lone surrogates has no UTF-8 form. Where the options' UTF-8 policy is lossy
 * (the WHATWG profiles and `form`, or `utf8: "lossy"`), each lone surrogate becomes one
 * U+FFFD, as TextEncoder and URLSearchParams write it. Otherwise it is written as WTF-8 (each
 * lone surrogate as the three bytes UTF-8 would give it) with the STRING flag, and the library
 * decides: encoding, a string is text, so a lone surrogate is `not-text` at its byte offset,
 * as encodeURIComponent throws URIError; decoding reads it as the bytes it stands for.
 */
let flags = 0;
function write(input, verb) {
  checkInput(input, verb);
  if (typeof input === 'string') {
    if (input.length > MAX_INPUT) tooLarge(input.length);
    if (isWellFormed(input) || (info & INFO_LOSSY)) {
      flags = VALID;
      // encodeInto needs room for the longest UTF-8 form, three bytes per code unit; a
      // string too long for that is measured first.
      if (input.length * 3 > MAX_INPUT) return writeBytes(utf8.encode(input));
      reserve(input.length * 3);
      return utf8.encodeInto(input, inView).written;
    }
    flags = STRING;
    return writeBytes(wtf8(input));
  }
  flags = 0;
  return writeBytes(input);
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

// Options -> a handle on the library's resolved options (crates/pctenc-wasm/src/raw.rs), its
// facts, and the profile's name. The options object becomes the library's compact text form
// (`key=value,...`) and the library does the rest: the words, their defaults, "did you mean".
// One handle per distinct text; a frozen object (encoder(), decoder(), or the caller's own)
// is resolved once.
let handle = 0, info = 0, profile = '', csLabel;
const handles = new Map(); // verb + '\0' + text -> [handle, info, profile]
const frozen = new WeakMap(); // frozen options object -> { verb: [handle, info, profile] }

/** An options object as the library's compact text form; a TypeError where it cannot be. */
function optionsText(o, verb) {
  if (o === undefined || o === null) return '';
  if (typeof o !== 'object' || Array.isArray(o)) {
    throw new TypeError(`pctenc: ${verb}(input, options): options must be an object, not ${describe(o)}`);
  }
  let text = '';
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'boolean' && typeof v !== 'number') {
      throw new TypeError(`pctenc: option ${k} must be a string, a boolean or a number, not ${describe(v)}`);
    }
    const s = String(v);
    if (/[,=]/.test(k) || s.includes(',')) {
      throw new TypeError(`pctenc: option ${k}: no option key or word holds ',' or '=' (${JSON.stringify(k + '=' + s)})`);
    }
    text += (text ? ',' : '') + k + '=' + s;
  }
  return text;
}

/** The library's refusal of an option: a RangeError for a value it does not take, else a
 * TypeError, with the library's `code` and `option`. */
function optionError(code, option, message) {
  const where = code === 'bad-option-value' && option === 'profile' ? ' (profiles() lists them all)' : '';
  const e = new (code === 'bad-option-value' ? RangeError : TypeError)(`pctenc: ${message}${where}`);
  e.code = code;
  e.option = option;
  return e;
}

function resolve(text, verb) {
  const key = verb + '\0' + text;
  let r = handles.get(key);
  if (r !== undefined) return r;
  const n = writeBytes(utf8.encode(text));
  const h = ex.pctenc_options(OPS[verb], n);
  if (h < 0) {
    const [code, option, ...message] = outText().split('\n');
    throw optionError(code, option, message.join('\n'));
  }
  const name = ex.pctenc_options_profile(h);
  r = [h, ex.pctenc_options_info(h), readAscii(name)];
  handles.set(key, r);
  return r;
}

function options(o, verb) {
  let r = Object.isFrozen(o) && o !== null && typeof o === 'object' ? frozen.get(o)?.[verb] : undefined;
  if (r === undefined) {
    r = resolve(optionsText(o, verb), verb);
    if (o !== null && typeof o === 'object' && Object.isFrozen(o)) {
      frozen.set(o, { ...frozen.get(o), [verb]: r });
    }
  }
  [handle, info, profile] = r;
  csLabel = o?.charset;
}

/** The text the last call left in the output vector. */
function outText() {
  const p = ex.pctenc_out();
  return text.decode(memory().subarray(p, p + ex.pctenc_out_len()));
}

/** The error the last failed call left in the output vector: "code\nmessage". */
function failure(input) {
  const offset = ex.pctenc_error_offset();
  const p = ex.pctenc_out();
  const all = text.decode(memory().subarray(p, p + ex.pctenc_out_len()));
  const nl = all.indexOf('\n');
  return new PctencError(all.slice(nl + 1), {
    code: all.slice(0, nl), offset, index: typeof input === 'string' ? utf16Index(input, offset) : offset,
    profile, charset: csLabel,
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
 * Percent-encodes `input` (a string, or a Uint8Array of bytes) under the library's options:
 * `{profile = "rfc3986", lower, hex, charset, unmappable, utf8, plus, on_error}`. Throws a
 * PctencError where the input is not text the profile can write (a lone surrogate under a
 * strict or bytes policy), as encodeURIComponent throws.
 */
export function encode(input, opts) {
  ready();
  options(opts, 'encode');
  const n = write(input, 'encode');
  const r = ex.pctenc_encode(n, handle, flags);
  if (r === FAILED) throw failure(input);
  if (r === NULL) return null;
  return info & INFO_ASCII ? readAscii(r >>> 0) : readText(r >>> 0);
}

function decodeOnce(input, opts, verb) {
  ready();
  options(opts, verb);
  const n = write(input, verb);
  const r = ex.pctenc_decode(n, handle, flags);
  if (r === FAILED) return failure(input);
  if (r === NULL) return null;
  return info & INFO_BYTES ? readBytes(r >>> 0) : readText(r >>> 0);
}

/**
 * Decodes `text` (a string, or a Uint8Array of its bytes) under the library's options:
 * `{profile = "rfc3986", malformed, utf8, charset, plus, on_error}`. Returns a string, or a
 * Uint8Array with `utf8: "bytes"`. Throws a PctencError naming the byte offset of a malformed
 * escape (where the profile or `malformed: "strict"` says so) or of bytes that are not UTF-8
 * (the result is text: `utf8: "lossy"` writes U+FFFD, `utf8: "bytes"` returns the bytes).
 */
export function decode(input, opts) {
  const r = decodeOnce(input, opts, 'decode');
  if (r instanceof PctencError) throw r;
  return r;
}

/** As decode(), without throwing: `{ok: true, value}` or `{ok: false, error}`. */
export function tryDecode(input, opts) {
  const r = decodeOnce(input, opts, 'tryDecode');
  return r instanceof PctencError ? { ok: false, error: r } : { ok: true, value: r };
}

/** A function that encodes with these options, resolved once. */
export function encoder(opts) {
  ready();
  const fixed = Object.freeze({ ...opts });
  options(fixed, 'encode');
  return (input) => encode(input, fixed);
}

/** A function that decodes with these options, resolved once. */
export function decoder(opts) {
  ready();
  const fixed = Object.freeze({ ...opts });
  options(fixed, 'decode');
  return (input) => decode(input, fixed);
}

/** One request through the JSON bridge (crates/pctenc-wasm/src/abi.rs): for the rich verbs.
 * `opts` is a user's options object, sent as the library's compact text form. */
function call(request, input = '', opts, verb) {
  if (opts !== undefined) request.options = optionsText(opts, verb);
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
  if (meta.code) throw optionError(meta.code, meta.option, meta.bad_request);
  if (meta.bad_request) throw new RangeError(`pctenc: ${meta.bad_request}`);
  return { output: get(2), meta };
}

/** The first error of a JSON verb as a PctencError, for `input`. */
function jsonFailure(meta, input) {
  const e = meta.errors[0];
  return new PctencError(e.message, {
    code: e.code, offset: e.offset, index: typeof input === 'string' ? utf16Index(input, e.offset) : e.offset,
  });
}

/**
 * Lints `input` as it would be read in a URL context (`{context = "url"}`: segment, path,
 * query, form, fragment, userinfo, host, url; `max_len`, `max_params`, `fail_on`): what an
 * attacker's encoding leaves (encoded dot segments and slashes, double encoding, overlong
 * UTF-8...), as `pctenc check`. Each finding has `code`, `severity`, `offset`, `len` and `end` (its
 * byte span), `message`, and `depth` (double encoding; else null), as in Python. At most 1000 findings are listed;
 * `count` and `truncated` say when there were more; `fails` whether one reaches `fail_on`.
 */
export function check(input, opts) {
  ready();
  checkInput(input, 'check');
  const { meta } = call({ op: 'check' }, input, opts, 'check');
  // The fields of a finding in Python (pctenc.check), in its order: `end` and `depth` (null
  // where it does not apply) always present.
  const findings = meta.findings.map((f) => ({
    code: f.code, severity: f.severity, offset: f.offset, len: f.len, end: f.offset + f.len,
    message: f.message, depth: f.depth ?? null,
  }));
  return { findings, count: meta.count, worst: meta.worst, fails: meta.fails, truncated: meta.truncated };
}

/** RFC 3986 §6.2.2 normal form of `input` in a URL context (`{context = "url"}`): a string
 * for a string, bytes for a Uint8Array (normalizing rewrites escapes and ASCII only). */
export function normalize(input, opts) {
  ready();
  checkInput(input, 'normalize');
  const { output } = call({ op: 'normalize' }, input, opts, 'normalize');
  return typeof input === 'string' ? text.decode(output) : output;
}

/** The `[name, value]` pairs of an application/x-www-form-urlencoded string (the URL
 * Standard's parser, as URLSearchParams; `{charset}` for a legacy page's form). */
export function formParse(input, opts) {
  ready();
  checkInput(input, 'formParse');
  return call({ op: 'form-parse' }, input, opts, 'formParse').meta.pairs[0];
}

/** `pairs` (an iterable of `[name, value]`, or an object's own entries, as URLSearchParams
 * takes them; values that are numbers or booleans are written as text) as an
 * application/x-www-form-urlencoded string (`{charset}`). */
export function formSerialize(pairs, opts) {
  ready();
  if (pairs === null || typeof pairs !== 'object') {
    throw new TypeError(`pctenc: formSerialize(pairs): pairs must be an iterable of [name, value] or an object, not ${describe(pairs)}`);
  }
  const list = typeof pairs[Symbol.iterator] === 'function' ? [...pairs] : Object.entries(pairs);
  const scalar = (v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  const strings = list.map((p, i) => {
    if (!Array.isArray(p) || p.length !== 2 || !scalar(p[0]) || !scalar(p[1])) {
      throw new TypeError(`pctenc: formSerialize(pairs): pair ${i} must be [name, value] of strings, not ${describe(p)}`);
    }
    return [String(p[0]), String(p[1])];
  });
  const { output, meta } = call({ op: 'form-serialize' }, JSON.stringify(strings), opts, 'formSerialize');
  if (!meta.ok) throw jsonFailure(meta, '');
  return text.decode(output);
}

/** One path segment decoded safely (`{policy = "strict" | "servlet6" | "lenient", max_len}`):
 * throws a PctencError naming what would let the segment escape its place (an encoded `/`, a
 * dot segment, NUL, double encoding...) and its byte offset, as `pctenc decode --segment`. */
export function decodeSegment(input, opts) {
  ready();
  checkInput(input, 'decodeSegment');
  const { output, meta } = call({ op: 'decode-segment' }, input, opts, 'decodeSegment');
  if (!meta.ok) throw jsonFailure(meta, input);
  return text.decode(output);
}

/** The library's options: for each, its words and its default for each operation. */
export function optionsTable() {
  ready();
  return call({ op: 'options' }).meta.options;
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
  if (typeof name !== 'string') throw new TypeError(`pctenc: profileName(name): name must be a string, not ${describe(name)}`);
  const n = ex.pctenc_profile(writeBytes(utf8.encode(name)));
  if (n < 0) throw optionError('bad-option-value', 'profile', outText());
  return readAscii(n);
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

// Query strings parsed, picked and built by the library's query operations on an options
// handle (crates/pctenc-wasm/src/query.rs): one call per value, the parts handed back as one
// UTF-16 string and their lengths, sliced here. The options are the library's words for
// query-parse, query-param, query-param-all and query-build; `input` is "query" unless given
// (as URLSearchParams reads its argument; the library's own default is "auto").

function formOptions(o, verb) {
  if (verb !== 'form.serialize' && (o === undefined || o === null || (typeof o === 'object' && o.input === undefined))) {
    o = o === undefined || o === null ? QUERY_INPUT : { ...o, input: 'query' };
  }
  options(o, verb);
}
const QUERY_INPUT = Object.freeze({ input: 'query' });

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

const PICKS = ['form.parse', 'form.get', 'form.getAll'];

function queryParts(input, name, pick, opts) {
  ready();
  formOptions(opts, PICKS[pick]);
  if (pick !== 0) {
    if (typeof name !== 'string') throw new TypeError('pctenc: the name must be a string');
    ex.pctenc_query_key(writeBytes(utf8.encode(name)));
  }
  const n = write(input, PICKS[pick]);
  const r = ex.pctenc_query_parse(n, handle);
  if (r === FAILED) throw failure(input);
  if (r === NULL) return null; // on_error: "null"
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
    const parts = queryParts(input, undefined, 0, opts);
    if (parts === null) return null;
    const pairs = new Array(parts.length / 2);
    for (let i = 0; i < pairs.length; i++) pairs[i] = [parts[2 * i], parts[2 * i + 1]];
    return pairs;
  },
  /** The value of the first pair named `name`, or null (URLSearchParams#get). */
  get(input, name, opts) {
    const parts = queryParts(input, name, 1, opts);
    return parts?.length ? parts[0] : null;
  },
  /** The values of every pair named `name` (URLSearchParams#getAll). */
  getAll(input, name, opts) {
    return queryParts(input, name, 2, opts);
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
    const r = ex.pctenc_query_build(parts.length, handle);
    if (r === FAILED) throw failure('');
    return readText(r >>> 0);
  },
});
