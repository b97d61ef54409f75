// Browser tests of the playground: headless Debian Chromium (playwright-core) types into the
// page served from web/dist and checks what the page shows. Every expected value below is a
// fact about a dialect (what encodeURIComponent, URLSearchParams, decodeURI... do), not a
// copy of the page's output.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { serve, launch, artifacts, dist } from './harness.mjs';

const nodePct = await createRequire(import.meta.url)('../pctenc.js').load(readFileSync(join(dist, 'pctenc.wasm')));

let server, context, page;
const external = [];

before(async () => {
  server = await serve();
  context = await launch();
  // Any request that is not to our own server is a failure: the page must work offline.
  context.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(server.url) && !u.startsWith('file:') && !u.startsWith('data:')) external.push(u);
  });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await server?.close();
});

/** Opens the page (optionally with a fragment) and waits for the module. */
async function open(fragment = '') {
  await page.goto('about:blank'); // a real load, not a same-document fragment change
  await page.goto(server.url + (fragment ? '#' + fragment : ''));
  await page.waitForSelector('body[data-ready="true"]');
}

/** Sets the options, types the input as a user would, and returns the output. */
async function run({ mode = 'encode', profile, context: ctx, hex, malformed, utf8, plus, lines = false, input }) {
  // The radio buttons are visually hidden inside their labels: click the label, as a user does.
  await page.click(`label:has(#mode-${mode})`);
  if (profile) await page.selectOption('#profile', profile);
  if (ctx) await page.selectOption('#context', ctx);
  if (hex !== undefined) await page.selectOption('#hex', hex);
  if (malformed !== undefined) await page.selectOption('#malformed', malformed);
  if (utf8 !== undefined) await page.selectOption('#utf8', utf8);
  if (plus !== undefined) await page.selectOption('#plus', plus);
  await page.setChecked('#lines', lines);
  await page.fill('#input', '');
  await page.locator('#input').pressSequentially(input, { delay: 0 });
  await page.waitForFunction((v) => document.getElementById('input').value === v, input);
  await nextFrame();
  return page.inputValue('#output');
}

const nextFrame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
const texts = (sel) => page.locator(sel).allInnerTexts();

test('the page loads from localhost with no other request', async () => {
  await open();
  // One row and one option per profile the library names (asked of the module under Node).
  const names = nodePct.profiles().map((p) => p.name);
  assert.ok(names.length >= 37 && names.includes('java-urlencoder') && names.includes('alpn'));
  assert.deepEqual(await page.locator('#profiles tbody tr').evaluateAll((r) => r.map((e) => e.dataset.name)), names);
  assert.deepEqual(await page.locator('#profile option').evaluateAll((o) => o.map((e) => e.value)), names);
  assert.deepEqual(server.requests.sort(), ['/', '/app.js', '/pctenc.js', '/pctenc.wasm', '/style.css'].sort());
});

test('the module runs the simd128 kernel, and the footer says so', async () => {
  // web/build.mjs builds with wasm SIMD; a build that lost the flag would run 'scalar'.
  assert.equal(nodePct.kernel(), 'simd128');
  assert.deepEqual(nodePct.call({ op: 'kernel' }, '').meta.available, ['scalar', 'simd128']);
  await open();
  assert.equal(await page.locator('#kernel').innerText(), 'simd128');
  assert.match(await page.locator('footer').innerText(), /kernel: simd128/);
});

test('encode: each profile as its source does', async () => {
  await open();
  // encodeURIComponent("a b&c=d/é") in any browser
  assert.equal(await run({ profile: 'js-component', input: 'a b&c=d/é' }), 'a%20b%26c%3Dd%2F%C3%A9');
  // new URLSearchParams({q: "a b&c~"}).toString() === "q=a+b%26c%7E"
  assert.equal(await run({ profile: 'form', input: 'a b&c~' }), 'a+b%26c%7E');
  // encodeURI keeps the reserved characters
  assert.equal(await run({ profile: 'js-uri', input: '/a b?q=€#f' }), '/a%20b?q=%E2%82%AC#f');
  // escape("é€")
  assert.equal(await run({ profile: 'js-escape', input: 'é€' }), '%E9%u20AC');
  // hex case knob
  assert.equal(await run({ profile: 'rfc3986', hex: 'lower', input: 'é' }), '%c3%a9');
  await page.selectOption('#hex', '');
  // the runtime profiles: PHP's urlencode writes + and escapes ~ (php -r 'echo urlencode("a b~");')
  assert.equal(await run({ profile: 'php-urlencode', input: 'a b~' }), 'a+b%7E');
  // Perl's uri_escape("\x{e9}") escapes the Latin-1 value, and the view says so
  assert.equal(await run({ profile: 'perl-uri-escape-decoded', input: 'é' }), '%E9');
  assert.match((await texts('#items li'))[0], /Latin-1 value/);
});

test('decode: + rule, strict and lenient, UTF-8 policy, records per line', async () => {
  await open();
  assert.equal(await run({ mode: 'decode', profile: 'form', input: '%E2%82%AC+x%2B' }), '€ x+');
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', input: 'a+b' }), 'a+b');
  // the + rule, both ways: a path's '+' is a plus; turned on, rfc3986 reads it as a space
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', plus: '1', input: 'a+b' }), 'a b');
  assert.equal(await run({ mode: 'decode', profile: 'form', plus: '0', input: 'a+b' }), 'a+b');
  assert.equal(await run({ mode: 'encode', profile: 'form', plus: '0', input: 'a b' }), 'a%20b');
  await page.selectOption('#plus', '');
  // strict (rfc3986's own policy): a stray % is an error naming its offset
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', malformed: '', input: '100%' }), '');
  assert.match(await page.innerText('#status'), /1 error/);
  assert.match((await texts('#errors li'))[0], /truncated escape at byte 3/);
  assert.equal(await page.innerText('#errors mark'), '%');
  // lenient: kept as written
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', malformed: 'lenient', input: '100%' }), '100%');
  await page.selectOption('#malformed', '');
  // decodeURIComponent('%E2%82') throws URIError; lossy gives U+FFFD
  await run({ mode: 'decode', profile: 'js-component', input: '%E2%82' });
  assert.match((await texts('#errors li'))[0], /invalid UTF-8 at byte 0/);
  assert.equal(await run({ mode: 'decode', profile: 'js-component', utf8: 'lossy', input: '%E2%82' }), '\uFFFD');
  await page.selectOption('#utf8', '');
  // decodeURI keeps %2F
  assert.equal(await run({ mode: 'decode', profile: 'js-uri', input: '%2F%20' }), '%2F ');
  // one record per line: each result followed by \n, a failing line stays empty
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', lines: true, input: 'a%20b\n100%\nc%2Fd' }), 'a b\n\nc/d\n');
  assert.match((await texts('#errors li'))[0], /^line 2: truncated escape at byte 3/);
  assert.equal(await run({ mode: 'encode', profile: 'rfc3986', lines: true, input: 'a b\nc/d' }), 'a%20b\nc%2Fd\n');
  await page.setChecked('#lines', false);
});

test('per-character view: bytes, character and the rule that escaped it', async () => {
  await open();
  await run({ profile: 'url-query', input: 'a#b €' });
  const items = await texts('#items li');
  assert.equal(items.length, 3);
  assert.match(items[0], /#[\s\S]*%23[\s\S]*23[\s\S]*U\+0023/);
  assert.match(items[0], /`#` is in the url-query set \(URL Standard §1\.3 query percent-encode set\)/);
  assert.match(items[2], /%E2%82%AC[\s\S]*E2 82 AC[\s\S]*U\+20AC[\s\S]*not ASCII/);
  assert.deepEqual(await texts('#highlight mark'), ['#', ' ', '€']);
  // Repeats make one card with a count.
  await run({ profile: 'url-query', input: 'a b c d' });
  assert.equal(await page.locator('#items li').count(), 1);
  assert.match((await texts('#items li'))[0], /×3/);
  // The same character, escaped by a wider set: the rule names the set it comes from.
  await run({ profile: 'url-component', input: '#' });
  assert.match((await texts('#items li'))[0], /in the url-query set .*which url-component includes/);
  // Decoding: an escape run is one character; + and a stray % are explained.
  await run({ mode: 'decode', profile: 'form', input: '%E2%82%AC+%zz' });
  const d = await texts('#items li');
  assert.match(d[0], /%E2%82%AC[\s\S]*€[\s\S]*E2 82 AC[\s\S]*U\+20AC/);
  assert.match(d[1], /`\+` is a space in form/);
  assert.match(d[2], /not followed by two hex digits: kept as a literal/);
  assert.deepEqual(await page.locator('#items li').evaluateAll((l) => l.map((e) => e.className)),
    ['item k-escape', 'item k-plus', 'item k-malformed']);
});

test('check: live findings with code, severity and message, their spans marked', async () => {
  await open();
  // An encoded dot segment in a path (the traversal of CVE-2021-41773): one finding, its span
  // the six bytes of %2e%2e, marked in the per-character view.
  await run({ mode: 'check', context: 'path', input: '/a/%2E%2E/b' });
  const f = await texts('#findings li');
  assert.equal(f.length, 1);
  assert.match(f[0], /critical[\s\S]*encoded-dot-segment[\s\S]*dot segment[\s\S]*at byte 3/i);
  assert.equal(await page.getAttribute('#findings li', 'data-code'), 'encoded-dot-segment');
  assert.deepEqual(await texts('#highlight mark'), ['%2E%2E']);
  assert.equal(await page.getAttribute('#highlight mark', 'data-codes'), 'encoded-dot-segment');
  assert.match(await page.innerText('#status'), /^1 finding, worst: critical · checked as path/);
  // The escapes' cards say they are flagged; the text report is the output, as the CLI prints it.
  assert.match((await texts('#items li'))[0], /flagged: encoded-dot-segment/);
  assert.match(await page.inputValue('#output'), /%2E%2E/);
  // Overlapping spans: lower-case hex is a note on each escape inside the dot segment's span;
  // the marks split where the spans do and carry both codes.
  await run({ mode: 'check', context: 'path', input: '/a/%2e%2e/b' });
  assert.equal(await page.locator('#findings li[data-code="lowercase-hex"]').count(), 2);
  assert.deepEqual(await texts('#highlight mark'), ['%2e', '%2e']);
  assert.deepEqual(await page.locator('#highlight mark').evaluateAll((m) => m.map((e) => e.dataset.codes)),
    ['encoded-dot-segment lowercase-hex', 'encoded-dot-segment lowercase-hex']);
  // Live as you type: one more character adds an encoded slash (high, as the library's doc says).
  await page.locator('#input').press('End');
  await page.locator('#input').pressSequentially('%2F', { delay: 0 });
  await nextFrame();
  const codes = await page.locator('#findings li').evaluateAll((l) => l.map((e) => e.dataset.code));
  assert.ok(codes.includes('encoded-slash'), codes.join());
  assert.match((await texts('#findings li.sev-high'))[0], /high[\s\S]*encoded-slash[\s\S]*%2F/i);
  // The context decides: '+' in a query is ambiguous (space or plus), nothing to say in a form.
  await run({ mode: 'check', context: 'query', input: 'a=1+1' });
  assert.equal(await page.getAttribute('#findings li', 'data-code'), 'plus-ambiguity');
  assert.deepEqual(await texts('#highlight mark'), ['+']);
  await run({ mode: 'check', context: 'form', input: 'a=1+1' });
  assert.equal(await page.locator('#findings li').count(), 0);
  assert.match(await page.innerText('#status'), /^no findings/);
  // Records per line: the finding names its line, offsets count in the whole input.
  await run({ mode: 'check', context: 'path', lines: true, input: '/ok\n/a%2Fb' });
  assert.match((await texts('#findings li'))[0], /line 2: /);
  assert.deepEqual(await texts('#highlight mark'), ['%2F']);
  await page.setChecked('#lines', false);
  // The state, context included, is in the link.
  assert.match(page.url(), /m=c&p=[^&]*&ctx=path/);
});

test('normalize: RFC 3986 §6.2.2 normal form, per context', async () => {
  await open();
  // unreserved characters decoded (%2d is '-', %7e '~'), other escapes' hex upper-cased
  assert.equal(await run({ mode: 'normalize', context: 'path', input: '/a%2d%7e/%2f' }), '/a-~/%2F');
  assert.match(await page.innerText('#status'), /rewritten to normal form · as path/);
  // in a form an escaped space is written +, as URLSearchParams serializes it
  assert.equal(await run({ mode: 'normalize', context: 'form', input: 'a%20b%2d' }), 'a+b-');
  // already normal: unchanged, and said so
  assert.equal(await run({ mode: 'normalize', context: 'query', input: 'q=%2F' }), 'q=%2F');
  assert.match(await page.innerText('#status'), /already in normal form/);
});

test('charset: any WHATWG label both ways, auto-detection names the encoding', async () => {
  await open();
  // こんにちは in Shift_JIS is 82B1 82F1 82C9 82BF 82CD (JIS X 0208 row 4), as a Japanese page's form sends it
  const sjis = '%82%B1%82%F1%82%C9%82%BF%82%CD';
  await page.fill('#charset', 'auto');
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', input: sjis }), 'こんにちは');
  assert.match(await page.innerText('#status'), /charset: Shift_JIS \(detected\)/);
  assert.match(await page.innerText('#charset-note'), /read as Shift_JIS/);
  // UTF-8 escapes are never second-guessed
  assert.equal(await run({ mode: 'decode', input: '%C3%A9' }), 'é');
  assert.match(await page.innerText('#status'), /charset: UTF-8 \(detected\)/);
  assert.equal(await page.isVisible('#charset-note'), false);
  // 'sjis' is a WHATWG label of Shift_JIS; encoding gives back the same escapes
  await page.fill('#charset', 'sjis');
  assert.equal(await run({ mode: 'encode', profile: 'rfc3986', input: 'こんにちは' }), sjis);
  assert.match(await page.innerText('#status'), /charset: Shift_JIS/);
  // 'latin1' is windows-1252 (Encoding Standard); a form writes é as %E9 and ☕ as &#9749;
  await page.fill('#charset', 'latin1');
  assert.equal(await run({ mode: 'encode', profile: 'form', input: 'café ☕' }), 'caf%E9+%26%239749%3B');
  // a byte sequence Shift_JIS cannot end with is an error at its escape's offset
  await page.fill('#charset', 'shift_jis');
  await run({ mode: 'decode', profile: 'rfc3986', input: 'ok%82%B1%82' });
  assert.match((await texts('#errors li'))[0], /byte 8/);
  // the charset is in the link; an unknown label or auto on encode is said, not guessed
  assert.match(page.url(), /cs=shift_jis/);
  await page.fill('#charset', 'auto');
  await run({ mode: 'encode', input: 'x' });
  assert.match(await page.innerText('#status'), /auto detects the charset of decoded bytes; name the charset/);
  await page.fill('#charset', 'klingon');
  await nextFrame();
  assert.match(await page.innerText('#status'), /unknown charset 'klingon'/);
  await page.fill('#charset', '');
});

test('decode one more layer shows the depth and stops when stable', async () => {
  await open();
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', input: 'a%252520b' }), 'a%2520b');
  assert.equal(await page.innerText('#depth'), 'layer 1');
  await page.click('#more');
  assert.equal(await page.inputValue('#output'), 'a%20b');
  assert.equal(await page.innerText('#depth'), 'layer 2');
  await page.click('#more');
  assert.equal(await page.inputValue('#output'), 'a b');
  assert.equal(await page.innerText('#depth'), 'layer 3');
  await page.click('#more');
  assert.equal(await page.inputValue('#input'), 'a b');
  assert.equal(await page.innerText('#depth'), 'layer 4');
  assert.equal(await page.isDisabled('#more'), true, 'nothing left to decode');
  assert.match(await page.innerText('#status'), /nothing left to decode/);
  // the depth is part of the link
  assert.match(page.url(), /depth=4/);
});

test('decode until stable: every layer at once, the same depth as clicking', async () => {
  await open();
  assert.equal(await run({ mode: 'decode', profile: 'rfc3986', input: 'a%252520b' }), 'a%2520b');
  await page.click('#until');
  await nextFrame();
  // three decodes reach 'a b' (the one-layer test above counts the same clicks)
  assert.equal(await page.inputValue('#input'), 'a b');
  assert.equal(await page.inputValue('#output'), 'a b');
  assert.equal(await page.innerText('#depth'), 'layer 4');
  assert.equal(await page.isDisabled('#until'), true);
  // strict decoding: %2525 -> %25 -> %, and a lone % does not decode: stop there, error shown
  await run({ mode: 'decode', profile: 'rfc3986', input: '%2525' });
  await page.click('#until');
  await nextFrame();
  assert.equal(await page.inputValue('#input'), '%');
  assert.equal(await page.innerText('#depth'), 'layer 3');
  assert.match((await texts('#errors li'))[0], /truncated escape at byte 0/);
});

test('the URL fragment reproduces the state, for any input', async () => {
  const tricky = '100% & #hash +plus= é\n\u{1F600}\t%zz';
  // Build the first link from the page itself, then load it in a fresh page.
  await open();
  await run({ mode: 'decode', profile: 'form', malformed: 'strict', lines: true, input: tricky });
  const link = page.url();
  const out = await page.inputValue('#output');
  const second = await context.newPage();
  await second.goto(link);
  await second.waitForSelector('body[data-ready="true"]');
  assert.equal(await second.inputValue('#input'), tricky);
  assert.equal(await second.inputValue('#profile'), 'form');
  assert.equal(await second.inputValue('#malformed'), 'strict');
  assert.equal(await second.isChecked('#mode-decode'), true);
  assert.equal(await second.isChecked('#lines'), true);
  assert.equal(await second.inputValue('#output'), out);
  // Change the input there, reload from the new URL, and the change is what loads.
  await second.fill('#input', 'x%41#');
  await second.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const link2 = second.url();
  assert.notEqual(link2, link);
  await second.goto('about:blank');
  await second.goto(link2);
  await second.waitForSelector('body[data-ready="true"]');
  assert.equal(await second.inputValue('#input'), 'x%41#');
  assert.equal(await second.inputValue('#output'), 'xA#\n');
  await second.close();
});

test('a hand-written or damaged fragment still loads', async () => {
  await open('m=d&p=js-component&in=%25E2%2582%25AC%zz&junk');
  assert.equal(await page.inputValue('#input'), '%E2%82%AC%zz');
  await open('m=e&p=no-such-profile&in=a%20b');
  assert.equal(await page.inputValue('#profile'), 'rfc3986');
  assert.equal(await page.inputValue('#output'), 'a%20b');
});

test('a megabyte of input: exact output, bounded explanation', async () => {
  await open();
  await page.selectOption('#profile', 'url-component');
  const big = 'a b/é%&'.repeat(150000); // 1.2 MB of UTF-8
  const t0 = Date.now();
  await page.fill('#input', big);
  await nextFrame();
  console.log(`# 1.2 MB input rendered in ${Date.now() - t0} ms (fill + encode + explain + link)`);
  // url-component encodes as encodeURIComponent does (URL Standard §1.3): Node is the witness.
  assert.equal(await page.inputValue('#output'), encodeURIComponent(big));
  assert.equal(await page.isVisible('#truncated'), true);
  assert.ok(await page.locator('#highlight mark').count() <= 2000);
});

test('copy buttons put the output and the link on the clipboard', async () => {
  await open();
  await run({ profile: 'js-component', input: 'a b' });
  await page.click('#copy-output');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'a%20b');
  await page.click('#copy-link');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
});

test('keyboard only: reach the controls and change them', async () => {
  await open();
  await page.fill('#input', 'a b');
  await page.focus('#mode-encode');
  await page.keyboard.press('ArrowRight'); // radio group: moves to Decode and selects it
  await nextFrame();
  assert.equal(await page.isChecked('#mode-decode'), true);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'profile');
  // The profiles table: its buttons choose a profile with Enter.
  await page.focus('#profiles tbody tr[data-name="form"] button');
  await page.keyboard.press('Enter');
  await nextFrame();
  assert.equal(await page.inputValue('#profile'), 'form');
  assert.equal(await page.getAttribute('#profiles tr[data-name="form"]', 'aria-current'), 'true');
  // Every control has an accessible name.
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button')]
    .filter((e) => !e.labels?.length && !e.textContent.trim() && !e.getAttribute('aria-label')).map((e) => e.id));
  assert.deepEqual(unnamed, []);
});

test('screenshots: desktop and phone, nothing wider than the phone', async () => {
  await open();
  await run({ profile: 'url-component', input: 'naïve café & "quotes" #1 100%' });
  await page.screenshot({ path: join(artifacts, 'desktop.png'), fullPage: true });
  // The check mode: findings listed and their spans marked.
  await run({ mode: 'check', context: 'url', input: '/static/%2e%2e/%252e%252e/etc%2Fpasswd?q=%C0%AE+1' });
  assert.ok(await page.locator('#findings li').count() >= 3);
  await page.screenshot({ path: join(artifacts, 'check.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await run({ mode: 'decode', profile: 'form', input: 'caf%C3%A9+%26+%zz%FF' });
  await page.screenshot({ path: join(artifacts, 'phone.png'), fullPage: true });
  await page.screenshot({ path: join(artifacts, 'phone-first-screen.png') });
  // The four-way mode switch fits inside the options panel.
  const poke = await page.evaluate(() => document.querySelector('label:has(#mode-normalize)').getBoundingClientRect().right -
    document.getElementById('controls').getBoundingClientRect().right);
  assert.ok(poke <= 0, `mode switch pokes ${poke}px out of the panel`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the single-file build works from file:// with the module embedded', async () => {
  const p = await context.newPage();
  await p.goto(pathToFileURL(join(dist, 'pctenc-playground.html')).href + '#m=e&p=form&in=a%20b%26');
  await p.waitForSelector('body[data-ready="true"]');
  assert.equal(await p.inputValue('#output'), 'a+b%26');
  assert.equal(await p.locator('#kernel').innerText(), 'simd128');
  await p.close();
});

test('no request left the machine', () => {
  assert.deepEqual(external, []);
});
