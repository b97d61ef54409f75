// A TypeScript caller of pctenc, compiled with tsc --strict (npm/test/types.test.mjs): every
// export is used as documented, and each `@ts-expect-error` line is a misuse the
// declarations must reject (tsc fails on an expect-error that is not an error).
import {
  encode, decode, tryDecode, encoder, decoder, check, normalize, profiles, profileName, kernel, version,
  formParse, formSerialize, decodeSegment, optionsTable,
  form, type QueryParseOptions, type FormInit,
  PctencError, type EncodeOptions, type DecodeOptions, type DecodeResult, type Finding, type ProfileInfo,
  type OptionInfo, type OptionWords,
} from 'pctenc';
import { init } from 'pctenc/manual';

const a: string = encode('a b', { profile: 'form', lower: true, plus: false });
const b: string = encode(new Uint8Array([1, 2]), { charset: 'latin1', utf8: 'lossy' });
const c: string = decode('a%20b', { profile: 'js-component', malformed: 'strict' });
const d: Uint8Array = decode('%FF', { utf8: 'bytes' });
const e: string = decode(new Uint8Array([0x25, 0x32, 0x30]));
const f: string | Uint8Array = decode('x', { utf8: 'strict' as 'strict' | 'bytes' });
const r: DecodeResult<string> = tryDecode('%', { profile: 'js-component' });
if (r.ok) {
  const text: string = r.value;
  void text;
} else {
  const offset: number = r.error.offset;
  const profile: string = r.error.profile;
  const index: number = r.error.index;
  const code: string = r.error.code;
  void [offset, profile, index, code];
}
const rb: DecodeResult<Uint8Array> = tryDecode('%00', { utf8: 'bytes' });
const enc: (s: string | Uint8Array) => string = encoder({ profile: 'url-component' });
const dec: (s: string) => string = decoder({ profile: 'form' });
const decBytes: (s: string) => Uint8Array = decoder({ utf8: 'bytes' });
const findings: Finding[] = check('/a/%2e%2e', { context: 'path' }).findings;
const worst: 'info' | 'low' | 'medium' | 'high' | 'critical' | null = check('x').worst;
const n: string = normalize('%7e', { context: 'query' });
const table: ProfileInfo[] = profiles();
const canonical: string = profileName('encodeURIComponent');
const k: 'simd128' | 'scalar' = kernel();
const v: string = version();
const ready: Promise<void> = init(new URL('https://example.invalid/pctenc.wasm'));
const opts: EncodeOptions = { profile: 'rfc3986' };
const dopts: DecodeOptions = { charset: 'auto' };
try {
  decode('%zz', { profile: 'js-component' });
} catch (err) {
  if (err instanceof PctencError) {
    const where: number = err.offset;
    const asError: Error = err;
    void [where, asError];
  }
}
const pairs: [string, string][] = formParse('a=1&b=2', { charset: 'shift_jis' });
const formText: string = formSerialize({ a: 'b', n: 1 }) + formSerialize([['a', 'b']]) + formSerialize(new Map([['k', true]]));
const seg: string = decodeSegment('a%20b', { policy: 'servlet6', max_len: 255 });
const nb: Uint8Array = normalize(new Uint8Array([0x25, 0x37, 0x65]));
const fails: boolean = check('/a/%2e%2e', { context: 'path', fail_on: 'crit', max_len: 4096 }).fails;
const maybe: string | null = encode('\uD800', { on_error: 'null' });
const words: OptionWords['utf8'] = 'replace';
const opt: OptionInfo[] = optionsTable();
const camel: string = encode('x', { hex: 'lower', unmappable: 'error', charset: 'gbk' });
void [a, b, c, d, e, f, rb, enc, dec, decBytes, findings, worst, n, table, canonical, k, v, ready, opts, dopts];
void [pairs, formText, seg, nb, fails, maybe, words, opt, camel];
const qpairs: [string, string][] = form.parse('?q=a+b', { input: 'query', profile: 'form' });
const one: string | null = form.get('q=1', 'q', { utf8: 'lossy' });
const every: string[] = form.getAll(new Uint8Array([0x71]), 'q');
const fopts: QueryParseOptions = { input: 'url', charset: 'shift_jis', malformed: 'strict' };
const initPairs: FormInit = new Map([['a', 1]]);
const query: string = form.serialize([['q', 'a b']], { profile: 'py-quote-plus', lower: true }) + form.serialize({ a: 1 }) + form.serialize(initPairs);
void [qpairs, one, every, fopts, query];

// @ts-expect-error: the input is a string or bytes
encode(42);
// @ts-expect-error: lower is a boolean
encode('x', { lower: 'yes' });
// @ts-expect-error: malformed is a decode option
encode('x', { malformed: 'strict' });
// @ts-expect-error: utf8 is strict, lossy or bytes
decode('x', { utf8: 'loose' });
// @ts-expect-error: with utf8 "bytes", decode returns bytes
const notText: string = decode('x', { utf8: 'bytes' });
// @ts-expect-error: without it, text
const notBytes: Uint8Array = decode('x');
// @ts-expect-error: a context is one of the URL's parts
check('x', { context: 'nowhere' });
// @ts-expect-error: on_error is not an option of tryDecode
tryDecode('x', { on_error: 'null' });
// @ts-expect-error: a policy is strict, servlet6 or lenient
decodeSegment('x', { policy: 'loose' });
// @ts-expect-error: the offset is read-only
new PctencError('x').offset = 1;
// @ts-expect-error: building has no input option
form.serialize([['a', 'b']], { input: 'url' });
// @ts-expect-error: where the query is, one of four words
form.get('a', 'a', { input: 'uri' });
void [notText, notBytes];
