// Type declarations of pctenc (npm/manual.js; npm/index.js re-exports them all).

/**
 * A profile name or alias, any case: `rfc3986` (the default), `url-component`, `form`,
 * `js-component` (or `encodeURIComponent`), `py-quote`, `php-urlencode`, `java-urlencoder`...
 * `profiles()` lists them all.
 */
export type ProfileName = string;

/** What a `%` that starts no escape does when decoding: an error, or kept as written. */
export type Malformed = 'strict' | 'lenient';

/**
 * Bytes that are not UTF-8. Encoding: how input bytes (or a string's lone surrogates) are
 * read. Decoding: an error (`strict`), U+FFFD (`lossy`), or kept (`bytes`: the result is a
 * Uint8Array).
 */
export type Utf8Policy = 'strict' | 'lossy' | 'bytes';

/** Options of `encode`. Absent options keep the profile's own choice. */
export interface EncodeOptions {
  /** The dialect; `rfc3986` when absent. */
  profile?: ProfileName;
  /** `true` writes `%c3%a9`, `false` `%C3%A9`. */
  lower?: boolean;
  /** A WHATWG encoding label (`shift_jis`, `latin1`, `gbk`...) to write the text in;
   * characters it lacks become an escaped `&#NNNN;`, as browsers submit forms. */
  charset?: string;
  /** How input that is not UTF-8 is read. */
  utf8?: Utf8Policy;
  /** `true` writes an escaped space as `+`; `false` as `%20`. */
  plus?: boolean;
}

/** Options of `decode` and `tryDecode`. Absent options keep the profile's own choice. */
export interface DecodeOptions {
  /** The dialect; `rfc3986` when absent. */
  profile?: ProfileName;
  /** What a `%` that starts no escape does. */
  malformed?: Malformed;
  /** What decoded bytes that are not UTF-8 become; `bytes` returns a Uint8Array. */
  utf8?: Utf8Policy;
  /** A WHATWG encoding label the escaped bytes are in, or `auto` to detect it. */
  charset?: string;
  /** `true` reads `+` as a space; `false` keeps it a plus. */
  plus?: boolean;
}

/** `DecodeOptions` that make `decode` return bytes. */
export type DecodeBytesOptions = DecodeOptions & { utf8: 'bytes' };
/** `DecodeOptions` that make `decode` return text. */
export type DecodeTextOptions = DecodeOptions & { utf8?: 'strict' | 'lossy' };

/** A URL context for `check` and `normalize`. */
export type Context = 'segment' | 'path' | 'query' | 'form' | 'fragment' | 'userinfo' | 'host' | 'url';

/** Options of `check` and `normalize`. */
export interface ContextOptions {
  /** Where the input sits in a URL; `path` when absent. */
  context?: Context;
}

/** The library's error codes (a later version may add more). */
export type ErrorCode =
  | 'invalid-escape'
  | 'truncated-escape'
  | 'invalid-utf8'
  | 'invalid-charset'
  | 'invalid-input-utf8'
  | (string & {});

/** A percent-encoding error: where (byte offset into the UTF-8 input) and why. */
export class PctencError extends Error {
  constructor(message: string, details?: { code?: string; offset?: number; index?: number; profile?: string; charset?: string });
  readonly name: 'PctencError';
  /** The library's error code. */
  readonly code: ErrorCode;
  /** Byte offset into the UTF-8 form of the input, as the Rust library and CLI report. */
  readonly offset: number;
  /** The same place as an index into the input string (UTF-16 code units); for a Uint8Array
   * input, equal to `offset`. */
  readonly index: number;
  /** The canonical name of the profile in use. */
  readonly profile: string;
  /** The charset in use, when one was named. */
  readonly charset?: string;
}

/** The result of `tryDecode`. */
export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: PctencError };

/** Where `init` loads the module from. */
export type WasmSource =
  | string
  | URL
  | Response
  | PromiseLike<Response>
  | ArrayBuffer
  | ArrayBufferView
  | WebAssembly.Module;

/**
 * Loads the WebAssembly module (by default the `pctenc.wasm` next to the package's
 * JavaScript); every other function is synchronous once it resolves. Safe to call again.
 * The `pctenc` entry point calls it with top-level await; `pctenc/manual` leaves it to you.
 */
export function init(source?: WasmSource): Promise<void>;

/**
 * Percent-encodes a string (as UTF-8, or in `charset`) or bytes.
 * @throws {PctencError} input that is not UTF-8 (a lone surrogate) under a strict input
 * policy, as `encodeURIComponent` throws.
 * @throws {RangeError} an unknown profile or charset. @throws {TypeError} a bad option.
 */
export function encode(input: string | Uint8Array, options?: EncodeOptions): string;

/**
 * Decodes percent-escapes: text, or bytes with `utf8: "bytes"`.
 * @throws {PctencError} a malformed escape (strict), or bytes that are not UTF-8 (strict).
 */
export function decode(input: string | Uint8Array, options: DecodeBytesOptions): Uint8Array;
export function decode(input: string | Uint8Array, options?: DecodeTextOptions): string;
export function decode(input: string | Uint8Array, options?: DecodeOptions): string | Uint8Array;

/** As `decode`, returning the error instead of throwing it. */
export function tryDecode(input: string | Uint8Array, options: DecodeBytesOptions): DecodeResult<Uint8Array>;
export function tryDecode(input: string | Uint8Array, options?: DecodeTextOptions): DecodeResult<string>;
export function tryDecode(input: string | Uint8Array, options?: DecodeOptions): DecodeResult<string | Uint8Array>;

/** An `encode` with its options resolved once. */
export function encoder(options?: EncodeOptions): (input: string | Uint8Array) => string;

/** A `decode` with its options resolved once. */
export function decoder(options: DecodeBytesOptions): (input: string | Uint8Array) => Uint8Array;
export function decoder(options?: DecodeTextOptions): (input: string | Uint8Array) => string;

/** One lint finding: the library's JSON record, as `pctenc check --format jsonl` writes it. */
export interface Finding {
  /** `encoded-dot-segment`, `encoded-slash`, `double-encoded`, `overlong-utf8`... */
  code: string;
  severity: 'info' | 'low' | 'medium' | 'high' | 'critical';
  /** Byte offset of the span in the UTF-8 input. */
  offset: number;
  /** Length of the span in bytes. */
  len: number;
  /** The line, when the input was checked per line (never, from this package). */
  line: number | null;
  message: string;
  /** How many decodes it takes to reach the finding, where that matters. */
  depth?: number;
}

/** What `check` found. */
export interface CheckResult {
  /** At most 1000 findings, in input order. */
  findings: Finding[];
  /** How many there were in all. */
  count: number;
  /** The highest severity found, or null. */
  worst: Finding['severity'] | null;
  /** Whether `findings` stops short of `count`. */
  truncated: boolean;
}

/**
 * Lints input as it would be read in a URL context: what an attacker's encoding leaves
 * (encoded dot segments and slashes, double encoding, overlong UTF-8...), as `pctenc check`.
 */
export function check(input: string | Uint8Array, options?: ContextOptions): CheckResult;

/** RFC 3986 §6.2.2 normal form of the input in a URL context (`pctenc normalize`). */
export function normalize(input: string | Uint8Array, options?: ContextOptions): string;

/** One row of the profiles table. */
export interface ProfileInfo {
  name: string;
  aliases: string[];
  /** The spec section or runtime function it reproduces. */
  source: string;
  /** The printable ASCII it escapes. */
  escapes: string;
  /** The printable ASCII it keeps. */
  keeps: string;
  /** How many of the 33 control characters it escapes. */
  controls: number;
  /** What an escaped space becomes: `+`, `%20`, or ` ` (kept). */
  space: '+' | '%20' | ' ';
  /** `byte`, or `utf16` (`%uXXXX`). */
  unit: string;
  input_utf8: string;
  malformed: Malformed;
  malformed_policy: string;
  plus_as_space: boolean;
  /** Escapes a decoder keeps as written (decodeURI's reserved characters). */
  keep_escaped: string;
  output_utf8: string;
  /** Whether decode(encode(x)) === x for every x. */
  round_trips: boolean;
}

/** The table of named profiles. */
export function profiles(): ProfileInfo[];

/** The canonical name of a profile name or alias: `encodeURIComponent` -> `js-component`.
 * @throws {RangeError} an unknown name. */
export function profileName(name: string): string;

/** The kernel the module runs: `simd128` (built with wasm SIMD) or `scalar`. */
export function kernel(): 'simd128' | 'scalar';

/** The version of the Rust library inside. */
export function version(): string;

/** Where the query is in a value: `query` (one leading `?` dropped, as URLSearchParams),
 * `form` (the value as it is), `url` (between the first `?` and the next `#`), `auto` (a URL
 * if the value contains `?`, else a bare query). */
export type QueryInput = 'auto' | 'url' | 'query' | 'form';

/** Options of `form.parse`, `form.get` and `form.getAll`. */
export interface FormParseOptions {
  /** How names and values are decoded; `form` (as URLSearchParams) when absent. */
  profile?: ProfileName;
  /** Where the query is; `query` when absent. */
  input?: QueryInput;
  /** What a `%` that starts no escape does. */
  malformed?: Malformed;
  /** What decoded bytes that are not UTF-8 become: an error, or U+FFFD. */
  utf8?: 'strict' | 'lossy';
  /** A WHATWG encoding label the escaped bytes are in (a legacy page's form). */
  charset?: string;
  /** `true` reads `+` as a space; `false` keeps it a plus. */
  plus?: boolean;
}

/** Options of `form.serialize`. */
export interface FormSerializeOptions {
  /** How names and values are escaped; `form` (as URLSearchParams) when absent. Profiles
   * that keep `%`, `&`, `=`, `#` or `+` are refused (RangeError). */
  profile?: ProfileName;
  /** `true` writes `%c3%a9`, `false` `%C3%A9`. */
  lower?: boolean;
  /** A WHATWG encoding label to write names and values in. */
  charset?: string;
  /** `true` writes a space as `+`; `false` as `%20`. */
  plus?: boolean;
}

/** What `form.serialize` takes: [name, value] pairs (an array, a Map, a URLSearchParams...)
 * or a record; names and values are made strings, as URLSearchParams does. */
export type FormInit = Iterable<readonly [unknown, unknown]> | Record<string, unknown>;

/**
 * application/x-www-form-urlencoded and query strings: the same results as `URLSearchParams`
 * with the default options, and any profile, legacy charsets and strict errors besides.
 * @throws {PctencError} a name or value a strict profile rejects (with its byte offset).
 */
export declare const form: {
  /** The [name, value] pairs of a query, in order, repeated names kept. */
  parse(input: string | Uint8Array, options?: FormParseOptions): [string, string][];
  /** The value of the first pair named `name`, or null (URLSearchParams#get). */
  get(input: string | Uint8Array, name: string, options?: FormParseOptions): string | null;
  /** The values of every pair named `name` (URLSearchParams#getAll). */
  getAll(input: string | Uint8Array, name: string, options?: FormParseOptions): string[];
  /** The query string of pairs or a record (URLSearchParams#toString). */
  serialize(init: FormInit, options?: FormSerializeOptions): string;
};
