// Type declarations of pctenc (npm/manual.js; npm/index.js re-exports them all).

import type {
  OptionWords, OptionNames, ProfileName, EncodeOptions, DecodeOptions, TryDecodeOptions, CheckOptions,
  NormalizeOptions, FormParseOptions, FormSerializeOptions, DecodeSegmentOptions,
  QueryParseOptions, QueryParamOptions, QueryParamAllOptions, QueryBuildOptions,
} from './options.js';

// The options of each operation, their words and defaults: options.d.ts, generated from the
// library's table (crates/pctenc/src/options) when the package is built.
export type {
  OptionWords, OptionNames, ProfileName, EncodeOptions, DecodeOptions, TryDecodeOptions, CheckOptions,
  NormalizeOptions, FormParseOptions, FormSerializeOptions, DecodeSegmentOptions,
  QueryParseOptions, QueryParamOptions, QueryParamAllOptions, QueryBuildOptions,
};

/** What a `%` that starts no escape does when decoding: an error, or kept as written. */
export type Malformed = OptionWords['malformed'];

/**
 * Bytes that are not UTF-8. Encoding: how input bytes (or a string's lone surrogates) are
 * read. Decoding: an error (`strict`), U+FFFD (`lossy`), or kept (`bytes`: the result is a
 * Uint8Array).
 */
export type Utf8Policy = OptionWords['utf8'];

/** `DecodeOptions` that make `decode` return bytes. */
export type DecodeBytesOptions = DecodeOptions & { utf8: 'bytes' };
/** `DecodeOptions` that make `decode` return text. */
export type DecodeTextOptions = DecodeOptions & { utf8?: Exclude<Utf8Policy, 'bytes'> };

/** A URL context for `check` and `normalize`. */
export type Context = OptionWords['context'];

/** How bad a finding is, lowest first: `info`, `low`, `medium`, `high`, `critical`. */
export type Severity = OptionNames['fail_on'];

/** Options of `check` and `normalize`. */
export type ContextOptions = CheckOptions;

/** The library's error codes (a later version may add more). */
export type ErrorCode =
  | 'invalid-escape'
  | 'truncated-escape'
  | 'invalid-utf8'
  | 'invalid-charset'
  | 'not-text'
  | 'unmappable'
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
 * Percent-encodes a string (as UTF-8, or in `charset`) or bytes. Returns null only under
 * `on_error: "null"`, for input that does not encode.
 * @throws {PctencError} input that is not text the profile can write: a lone surrogate,
 * unless the UTF-8 policy is lossy, as `encodeURIComponent` throws.
 * @throws {RangeError} a word the library does not take (an unknown profile, charset, policy).
 * @throws {TypeError} an option the operation does not take, or an input or options of the wrong type.
 */
export function encode(input: string | Uint8Array, options: EncodeOptions & { on_error: 'null' }): string | null;
export function encode(input: string | Uint8Array, options?: EncodeOptions): string;

/**
 * Decodes percent-escapes: text, or bytes with `utf8: "bytes"`. Returns null only under
 * `on_error: "null"`, for input that does not decode.
 * @throws {PctencError} a malformed escape (strict), or bytes that are not UTF-8 (the result
 * is text: `utf8: "lossy"` writes U+FFFD, `utf8: "bytes"` returns the bytes).
 */
export function decode(input: string | Uint8Array, options: DecodeOptions & { on_error: 'null' }): string | Uint8Array | null;
export function decode(input: string | Uint8Array, options: DecodeBytesOptions): Uint8Array;
export function decode(input: string | Uint8Array, options?: DecodeTextOptions): string;
export function decode(input: string | Uint8Array, options?: DecodeOptions): string | Uint8Array;

/** As `decode`, returning the error instead of throwing it. */
export function tryDecode(input: string | Uint8Array, options: TryDecodeOptions & { utf8: 'bytes' }): DecodeResult<Uint8Array>;
export function tryDecode(input: string | Uint8Array, options?: TryDecodeOptions & { utf8?: Exclude<Utf8Policy, 'bytes'> }): DecodeResult<string>;
export function tryDecode(input: string | Uint8Array, options?: TryDecodeOptions): DecodeResult<string | Uint8Array>;

/** An `encode` with its options resolved once. */
export function encoder(options?: EncodeOptions): (input: string | Uint8Array) => string;

/** A `decode` with its options resolved once. */
export function decoder(options: DecodeBytesOptions): (input: string | Uint8Array) => Uint8Array;
export function decoder(options?: DecodeTextOptions): (input: string | Uint8Array) => string;

/** One lint finding: the library's JSON record, as `pctenc check --format jsonl` writes it. */
export interface Finding {
  /** `encoded-dot-segment`, `encoded-slash`, `double-encoded`, `overlong-utf8`... */
  code: string;
  severity: Severity;
  /** Byte offset of the span in the UTF-8 input. */
  offset: number;
  /** Length of the span in bytes. */
  len: number;
  /** `offset + len`: where the span ends (Python's `end`). */
  end: number;
  message: string;
  /** How many decodes it takes to reach the finding (`double-encoded`); else null. */
  depth: number | null;
}

/** What `check` found. */
export interface CheckResult {
  /** At most 1000 findings, in input order. */
  findings: Finding[];
  /** How many there were in all. */
  count: number;
  /** The highest severity found, or null. */
  worst: Severity | null;
  /** Whether a finding is at least as severe as `fail_on` (default `high`): what makes
   * `pctenc check` exit 1. */
  fails: boolean;
  /** Whether `findings` stops short of `count`. */
  truncated: boolean;
}

/**
 * Lints input as it would be read in a URL context: what an attacker's encoding leaves
 * (encoded dot segments and slashes, double encoding, overlong UTF-8...), as `pctenc check`.
 */
export function check(input: string | Uint8Array, options?: CheckOptions): CheckResult;

/** RFC 3986 §6.2.2 normal form of the input in a URL context (`pctenc normalize`): a string
 * for a string, bytes for bytes. */
export function normalize(input: string, options?: NormalizeOptions): string;
export function normalize(input: Uint8Array, options?: NormalizeOptions): Uint8Array;

/** The `[name, value]` pairs of an application/x-www-form-urlencoded string, as
 * URLSearchParams parses it (`charset` for a legacy page's form). */
export function formParse(input: string | Uint8Array, options?: FormParseOptions): [string, string][];

/** Pairs (an iterable of `[name, value]`, or an object's entries, as URLSearchParams takes
 * them) as an application/x-www-form-urlencoded string. */
export function formSerialize(
  pairs: Iterable<readonly [string | number | boolean, string | number | boolean]> | Record<string, string | number | boolean>,
  options?: FormSerializeOptions,
): string;

/** One path segment decoded safely (`pctenc decode --segment`).
 * @throws {PctencError} what would let the segment escape its place, at its byte offset. */
export function decodeSegment(input: string | Uint8Array, options?: DecodeSegmentOptions): string;

/** One option of the library's table. */
export interface OptionInfo {
  name: string;
  kind: 'words' | 'bool' | 'profile' | 'charset' | 'count';
  /** What it takes, in words. */
  values: string;
  words: { name: string; aliases: string[]; about: string }[];
  about: string;
  /** Its default, in words, for each operation that takes it. */
  defaults: Record<string, string>;
  /** A key that sets it with true or false (`lower` for `hex`). */
  bool_alias: string | null;
}

/** The library's options: every option, its words, and its default per operation. */
export function optionsTable(): OptionInfo[];

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

/** What `form.serialize` takes: [name, value] pairs (an array, a Map, a URLSearchParams...)
 * or a record; names and values are made strings, as URLSearchParams does. */
export type FormInit = Iterable<readonly [unknown, unknown]> | Record<string, unknown>;

/**
 * application/x-www-form-urlencoded and query strings: the same results as `URLSearchParams`
 * with the default options, and any profile, legacy charsets and strict errors besides: the
 * library's query-parse, query-param, query-param-all and query-build, with `input` "query"
 * unless given (one leading `?` dropped, as URLSearchParams; "form" reads the value as it
 * is, "url" between the first `?` and the next `#`, "auto" a URL if it holds `?`).
 * @throws {PctencError} a name or value a strict profile rejects (with its byte offset).
 */
export declare const form: {
  /** The [name, value] pairs of a query, in order, repeated names kept. */
  parse(input: string | Uint8Array, options?: QueryParseOptions): [string, string][];
  /** The value of the first pair named `name`, or null (URLSearchParams#get). */
  get(input: string | Uint8Array, name: string, options?: QueryParamOptions): string | null;
  /** The values of every pair named `name` (URLSearchParams#getAll). */
  getAll(input: string | Uint8Array, name: string, options?: QueryParamAllOptions): string[];
  /** The query string of pairs or a record (URLSearchParams#toString). */
  serialize(init: FormInit, options?: QueryBuildOptions): string;
};
