/*
 * The pctenc loader: instantiates the wasm module built from crates/pctenc-wasm and calls it.
 * No logic of its own: every result comes from the Rust library. The boundary (see
 * crates/pctenc-wasm/src/abi.rs): write the input bytes to slot 0 and the request JSON to
 * slot 1, call pctenc_run(), read the output bytes from slot 2 and the metadata JSON from
 * slot 3. A classic script (not a module) so that the single-file build can inline it and
 * Node can require() it.
 */
(function (root) {
  'use strict';
  const INPUT = 0, REQUEST = 1, OUTPUT = 2, META = 3;
  const utf8 = new TextEncoder();
  // ignoreBOM: a leading U+FEFF in a result is text, not a byte-order mark to drop.
  const text = new TextDecoder('utf-8', { ignoreBOM: true });

  /** Wraps an instantiated module. */
  function Pctenc(instance) {
    this.exports = instance.exports;
  }

  /** Writes bytes into an input slot. */
  Pctenc.prototype._write = function (slot, bytes) {
    const ptr = this.exports.pctenc_buffer(slot, bytes.length);
    // Views are made after the call: growing the memory detaches older ones.
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
  };

  /** Copies a result slot out of linear memory. */
  Pctenc.prototype._read = function (slot) {
    const ptr = this.exports.pctenc_result_ptr(slot);
    const len = this.exports.pctenc_result_len(slot);
    return new Uint8Array(this.exports.memory.buffer, ptr, len).slice();
  };

  /**
   * Runs one request. `request` is an object ({op, profile, malformed, hex, utf8, lines}),
   * `input` a string (sent as UTF-8) or a Uint8Array. Returns {output: Uint8Array, meta}.
   */
  Pctenc.prototype.call = function (request, input) {
    const bytes = typeof input === 'string' ? utf8.encode(input) : (input || new Uint8Array(0));
    this._write(INPUT, bytes);
    this._write(REQUEST, utf8.encode(JSON.stringify(request)));
    this.exports.pctenc_run();
    return { output: this._read(OUTPUT), meta: JSON.parse(text.decode(this._read(META))) };
  };

  /** As call(), with the output as text (bytes that are not UTF-8 shown as U+FFFD). */
  Pctenc.prototype.text = function (request, input) {
    const r = this.call(request, input);
    return { text: text.decode(r.output), output: r.output, meta: r.meta };
  };

  /** The table of named profiles. */
  Pctenc.prototype.profiles = function () {
    return this.call({ op: 'profiles' }, '').meta.profiles;
  };

  /**
   * The kernel the library runs in this module: 'simd128' when it was built with wasm SIMD
   * (web/build.mjs), 'scalar' otherwise.
   */
  Pctenc.prototype.kernel = function () {
    return this.call({ op: 'kernel' }, '').meta.kernel;
  };

  /** Decodes standard base64 (the single-file build embeds the module that way). */
  function fromBase64(b64) {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  /**
   * Loads the module from bytes (ArrayBuffer / Uint8Array), a base64 string ({base64}), or a
   * URL (fetched; instantiateStreaming is not used, as it needs the application/wasm MIME
   * type, which simple servers may not send).
   */
  async function load(source) {
    let bytes;
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) bytes = source;
    else if (source && typeof source.base64 === 'string') bytes = fromBase64(source.base64);
    else {
      const res = await fetch(source);
      if (!res.ok) throw new Error('cannot load ' + source + ': HTTP ' + res.status);
      bytes = await res.arrayBuffer();
    }
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new Pctenc(instance);
  }

  const api = { load: load, Pctenc: Pctenc };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.PctencLoader = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
