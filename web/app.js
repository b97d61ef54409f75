/*
 * The playground page: reads the controls, calls the pctenc wasm module (through pctenc.js),
 * shows the results, and keeps the whole state in the URL fragment. No percent-encoding is
 * done here: every output, error, explanation and table row comes from the Rust library.
 */
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  let pct = null;          // the loaded module
  let profiles = [];       // the library's table
  let depth = 1;           // decode layers applied to the original input
  let lastOutput = '';
  let lastOk = false;
  const MODES = ['encode', 'decode', 'check', 'normalize'];
  let options = [];        // the library's options table: the menus' words and defaults
  /** The words of option `name`, from the library's table. */
  const wordsOf = (name) => (options.find((o) => o.name === name)?.words || []).map((w) => w.name);

  // ---- state <-> controls <-> URL fragment -------------------------------------------

  /** The state as the controls show it. */
  function readControls() {
    return {
      mode: MODES.find((m) => $('mode-' + m).checked) || 'encode',
      profile: $('profile').value,
      context: $('context').value,
      charset: $('charset').value.trim(),
      hex: $('hex').value,
      malformed: $('malformed').value,
      utf8: $('utf8').value,
      plus: $('plus').value,
      lines: $('lines').checked,
      depth: depth,
      input: $('input').value,
    };
  }

  function writeControls(s) {
    const mode = MODES.includes(s.mode) ? s.mode : 'encode';
    for (const m of MODES) $('mode-' + m).checked = m === mode;
    const context = options.find((o) => o.name === 'context');
    $('context').value = wordsOf('context').includes(s.context) ? s.context : context.defaults.check;
    $('charset').value = s.charset || '';
    $('profile').value = profiles.some((p) => p.name === s.profile) ? s.profile
      : options.find((o) => o.name === 'profile').defaults.encode;
    $('hex').value = wordsOf('hex').includes(s.hex) ? s.hex : '';
    $('malformed').value = wordsOf('malformed').includes(s.malformed) ? s.malformed : '';
    $('utf8').value = wordsOf('utf8').includes(s.utf8) ? s.utf8 : '';
    $('plus').value = ['0', '1'].includes(s.plus) ? s.plus : '';
    $('lines').checked = !!s.lines;
    depth = Math.max(1, parseInt(s.depth, 10) || 1);
    $('input').value = s.input || '';
  }

  /**
   * The fragment: key=value pairs joined by '&', each value encoded with pctenc's own `form`
   * profile (as URLSearchParams does), so any input, '%', '#' and '&' included, survives a
   * link. Reading uses the same profile's decoder, which never fails (malformed escapes are
   * kept), so a hand-edited link still loads.
   */
  function stateToFragment(s) {
    const enc = (v) => pct.text({ op: 'encode', profile: 'form' }, String(v)).text;
    const pairs = [['m', s.mode[0]], ['p', s.profile]];
    if (s.mode === 'check' || s.mode === 'normalize') pairs.push(['ctx', s.context]);
    if (s.charset && (s.mode === 'encode' || s.mode === 'decode')) pairs.push(['cs', s.charset]);
    if (s.hex) pairs.push(['hex', s.hex]);
    if (s.malformed) pairs.push(['mal', s.malformed]);
    if (s.utf8) pairs.push(['utf8', s.utf8]);
    if (s.plus) pairs.push(['plus', s.plus]);
    if (s.lines) pairs.push(['lines', '1']);
    if (s.mode === 'decode' && s.depth > 1) pairs.push(['depth', s.depth]);
    pairs.push(['in', s.input]);
    return pairs.map(([k, v]) => k + '=' + enc(v)).join('&');
  }

  function fragmentToState(frag) {
    const dec = (v) => pct.text({ op: 'decode', profile: 'form' }, v).text;
    const got = {};
    for (const part of frag.replace(/^#/, '').split('&')) {
      if (!part) continue;
      const eq = part.indexOf('=');
      const key = dec(eq < 0 ? part : part.slice(0, eq));
      got[key] = eq < 0 ? '' : dec(part.slice(eq + 1));
    }
    return {
      mode: MODES.find((m) => m[0] === got.m) || 'encode',
      profile: got.p, // absent: writeControls takes the library's default
      context: got.ctx, charset: got.cs,
      hex: got.hex, malformed: got.mal, utf8: got.utf8, plus: got.plus,
      lines: got.lines === '1', depth: got.depth, input: got.in || '',
    };
  }

  // ---- rendering ---------------------------------------------------------------------

  function request(s, op) {
    const r = { op: op, profile: s.profile, lines: s.lines };
    if (op === 'check' || op === 'normalize') return { op: op, context: s.context, lines: s.lines };
    if (s.charset && (op === 'encode' || op === 'decode')) r.charset = s.charset;
    if (s.mode === 'encode' && s.hex) r.hex = s.hex;
    if (s.mode === 'decode' && s.malformed) r.malformed = s.malformed;
    if (s.mode === 'decode' && s.utf8) r.utf8 = s.utf8;
    if (s.plus) r.plus = s.plus === '1';
    return r;
  }

  function render() {
    const s = readControls();
    document.body.dataset.mode = s.mode;
    for (const e of document.querySelectorAll('[data-mode]')) e.hidden = !e.dataset.mode.split(' ').includes(s.mode);
    const p = profiles.find((x) => x.name === s.profile) || profiles[0];
    $('profile-source').textContent = p.source;
    $('malformed-default').textContent = "profile's (" + p.malformed + ')';
    $('utf8-default').textContent = "profile's (" + p.output_utf8 + ')';
    $('plus-default').textContent = "profile's (" + (p.plus_as_space || p.space === '+' ? 'space is +' : '+ is +') + ')';
    for (const row of document.querySelectorAll('#profiles tbody tr')) {
      if (row.dataset.name === p.name) row.setAttribute('aria-current', 'true');
      else row.removeAttribute('aria-current');
    }

    const r = pct.text(request(s, s.mode), s.input);
    lastOutput = r.text;
    lastOk = r.meta.ok;
    $('output').value = r.text;
    renderStatus(s, r);
    renderErrors(s, r.meta.errors || []);
    // Check and normalize read escapes: their per-character view is the decoding one, with
    // the findings' spans marked on it.
    const explain = s.mode === 'encode' ? 'explain-encode' : 'explain-decode';
    const findings = s.mode === 'check' ? r.meta.findings || [] : [];
    renderFindings(s, r.meta, findings);
    const note = $('charset-note');
    note.hidden = !(s.mode === 'decode' && r.meta.charset && r.meta.charset !== 'UTF-8');
    note.textContent = note.hidden ? '' : 'The output is read as ' + r.meta.charset +
      '; this view reads the escaped bytes as UTF-8, so bytes of that encoding show as "not UTF-8".';
    renderItems(pct.call(request({ ...s, mode: s.mode === 'encode' ? 'encode' : 'decode' }, explain), s.input).meta,
      findings, new TextEncoder().encode(s.input));

    const depthEl = $('depth');
    depthEl.hidden = s.mode !== 'decode';
    depthEl.textContent = 'layer ' + depth;
    const more = $('more');
    const stable = r.text === s.input;
    more.disabled = !r.meta.ok || stable;
    more.title = !r.meta.ok ? 'the input does not decode' : stable ? 'decoding again changes nothing' : '';
    $('until').disabled = more.disabled;
    $('until').title = more.title;
    try {
      history.replaceState(null, '', '#' + stateToFragment(s));
    } catch (e) {
      // A link has a size limit (about 2 MB in Chromium): past it the page still works.
      $('status').textContent += ' · too long to keep in the link';
    }
  }

  function renderStatus(s, r) {
    const st = $('status');
    const inBytes = new TextEncoder().encode(s.input).length;
    if (r.meta.bad_request) {
      st.className = 'error';
      st.textContent = r.meta.bad_request;
      return;
    }
    const n = (r.meta.errors || []).length;
    let msg = inBytes + ' bytes in, ' + r.output.length + ' bytes out';
    if (s.mode === 'decode' && r.output.length && r.meta.utf8 === false) {
      msg += ' · the output is not UTF-8: invalid bytes are shown as \uFFFD';
    }
    if (s.mode === 'decode' && r.meta.ok && r.text === s.input && s.input) msg += ' · nothing left to decode';
    if (r.meta.charset) msg += ' · charset: ' + r.meta.charset + (r.meta.detected ? ' (detected)' : '');
    if (s.mode === 'check') {
      const c = r.meta.count;
      msg = (c ? c + (c === 1 ? ' finding' : ' findings') + ', worst: ' + r.meta.worst : 'no findings') +
        ' · checked as ' + r.meta.context + ' · ' + inBytes + ' bytes';
      if (r.meta.truncated) msg += ' · only the first ' + r.meta.findings.length + ' are listed';
    }
    if (s.mode === 'normalize') {
      msg = (r.text === s.input || (s.lines && r.meta.changed === 0) ? 'already in normal form'
        : (s.lines ? r.meta.changed + ' of the lines rewritten' : 'rewritten to normal form')) + ' · as ' + r.meta.context;
    }
    st.className = n ? 'error' : 'ok';
    st.textContent = (n ? n + (n === 1 ? ' error · ' : ' errors · ') : '') + msg;
  }

  /** Each error with the input around its byte offset, the byte itself marked. */
  function renderErrors(s, errors) {
    const ul = $('errors');
    ul.textContent = '';
    const bytes = new TextEncoder().encode(s.input);
    const dec = new TextDecoder();
    for (const e of errors) {
      const li = el('li', 'error-item');
      li.append(el('span', 'error-msg', (s.lines ? 'line ' + (e.record + 1) + ': ' : '') + e.message));
      const ctx = el('code', 'error-at');
      const from = Math.max(0, e.offset - 12);
      let to = e.offset + 1;
      while (to < bytes.length && (bytes[to] & 0xc0) === 0x80) to++;
      ctx.append(dec.decode(bytes.slice(from, e.offset)));
      ctx.append(el('mark', '', dec.decode(bytes.slice(e.offset, to)) || '\u2400'));
      ctx.append(dec.decode(bytes.slice(to, Math.min(bytes.length, to + 12))));
      li.append(ctx);
      ul.append(li);
    }
  }

  /** The check mode's findings: severity, code, message, and the span they point at. */
  function renderFindings(s, meta, findings) {
    const ol = $('findings');
    ol.textContent = '';
    const bytes = new TextEncoder().encode(s.input);
    const dec = new TextDecoder();
    for (const f of findings) {
      const li = el('li', 'finding sev-' + f.severity);
      li.dataset.code = f.code;
      li.append(el('span', 'sev', f.severity), el('code', 'code', f.code),
        el('span', 'msg', (f.line ? 'line ' + f.line + ': ' : '') + f.message));
      const span = el('code', 'span');
      span.append(' at byte ' + f.offset + ': ', el('mark', 'finding-span sev-' + f.severity,
        dec.decode(bytes.slice(f.offset, f.offset + f.len))));
      li.append(span);
      ol.append(li);
    }
  }

  /**
   * The input with each finding's byte span marked (overlapping spans split into runs that
   * carry every finding covering them), for the check mode's highlight.
   */
  function markFindings(hl, bytes, findings) {
    // Severities, lowest first: the library's fail_on words.
    const order = wordsOf('fail_on');
    const cuts = [...new Set([0, bytes.length, ...findings.flatMap((f) => [f.offset, f.offset + f.len])])]
      .filter((x) => x <= bytes.length).sort((x, y) => x - y);
    const dec = new TextDecoder();
    for (let k = 0; k + 1 < cuts.length; k++) {
      const [i, j] = [cuts[k], cuts[k + 1]];
      const here = findings.filter((f) => f.offset <= i && f.offset + f.len >= j);
      const text = dec.decode(bytes.slice(i, j));
      if (!here.length) {
        hl.append(text);
        continue;
      }
      const worst = here.reduce((a, f) => (order.indexOf(f.severity) > order.indexOf(a) ? f.severity : a), 'info');
      const m = el('mark', 'finding-span sev-' + worst, text);
      m.dataset.codes = here.map((f) => f.code).join(' ');
      m.title = here.map((f) => f.code + ': ' + f.message).join('\n');
      hl.append(m);
    }
  }

  /** The highlighted input, and one card per distinct item (repeats counted, not repeated). */
  function renderItems(meta, findings, bytes) {
    const hl = $('highlight');
    const ol = $('items');
    hl.textContent = '';
    ol.textContent = '';
    $('truncated').hidden = !meta.truncated;
    const seen = new Map();
    const checking = findings.length > 0;
    if (checking) markFindings(hl, bytes, findings);
    for (const it of meta.items || []) {
      if (it.kind === 'plain') {
        if (!checking) hl.append(it.src);
        continue;
      }
      if (!checking) {
        const mark = el('mark', 'k-' + it.kind, it.src);
        mark.title = it.reason;
        hl.append(mark);
      }
      const key = [it.kind, it.src, it.out, it.reason].join('\u0000');
      if (seen.has(key)) {
        const card = seen.get(key);
        card.count += 1;
        card.badge.textContent = '\u00d7' + card.count;
        continue;
      }
      const li = el('li', 'item k-' + it.kind);
      const head = el('div', 'item-head');
      head.append(el('code', 'src', visible(it.src)), el('span', 'arrow', '\u2192'), el('code', 'out', visible(it.out)));
      if (it.bytes) head.append(el('span', 'bytes', it.bytes.join(' ')));
      if (it.cp) head.append(el('span', 'cp', it.cp));
      const badge = el('span', 'count');
      head.append(badge);
      li.append(head, el('p', 'reason', it.reason));
      // In check mode, the findings whose span covers this item.
      const end = it.at + new TextEncoder().encode(it.src).length;
      const flags = findings.filter((f) => f.offset < end && f.offset + f.len > it.at).map((f) => f.code);
      if (flags.length) li.append(el('p', 'flag', 'flagged: ' + [...new Set(flags)].join(', ')));
      ol.append(li);
      seen.set(key, { count: 1, badge: badge });
    }
  }

  /** Makes spaces and controls visible in the small output chips. */
  function visible(s) {
    return s.replace(/ /g, '\u2423')
      .replace(/[\u0000-\u001f\u007f]/g, (c) => String.fromCharCode(0x2400 + (c === '\u007f' ? 0x21 : c.charCodeAt(0))));
  }

  function renderProfiles() {
    const sel = $('profile');
    const tbody = document.querySelector('#profiles tbody');
    for (const p of profiles) {
      const o = el('option', '', p.name);
      o.value = p.name;
      o.title = p.source;
      sel.append(o);
      const tr = el('tr');
      tr.dataset.name = p.name;
      const name = el('td');
      const b = el('button', 'use', p.name);
      b.type = 'button';
      b.addEventListener('click', () => { sel.value = p.name; changed(false); $('input').focus(); });
      name.append(b);
      if (p.aliases.length) name.append(el('small', 'aliases', p.aliases.join(', ')));
      const esc = el('td');
      esc.append(el('code', 'set', p.escapes || '(none)'));
      const decoding = [p.malformed, p.plus_as_space ? '+ is space' : null,
        p.keep_escaped ? 'keeps %-escapes of ' + p.keep_escaped : null,
        'UTF-8: ' + p.output_utf8, { utf16: '%XX is Latin-1, %uXXXX UTF-16', 'byte-or-u16': 'also reads %uXXXX',
          latin1: 'escapes Latin-1' }[p.unit] || null].filter(Boolean).join(' · ');
      tr.append(name, esc, el('td', '', p.space === ' ' ? 'kept' : p.space), el('td', '', decoding),
        el('td', 'source', p.source));
      tbody.append(tr);
    }
  }

  // ---- actions -----------------------------------------------------------------------

  let pending = false;
  /** Re-renders on the next frame (typing fast coalesces); `resetDepth` when the user edited. */
  function changed(resetDepth) {
    if (resetDepth) depth = 1;
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; render(); });
  }

  async function copy(text, button) {
    const label = button.textContent;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch (e) {
      const t = el('textarea');
      t.value = text;
      document.body.append(t);
      t.select();
      button.textContent = document.execCommand('copy') ? 'Copied' : 'Copy failed';
      t.remove();
    }
    setTimeout(() => { button.textContent = label; }, 1200);
  }

  function wire() {
    for (const id of ['mode-encode', 'mode-decode', 'mode-check', 'mode-normalize', 'context', 'profile', 'hex', 'malformed', 'utf8', 'plus', 'lines']) {
      $(id).addEventListener('change', () => changed(id.startsWith('mode')));
    }
    $('input').addEventListener('input', () => changed(true));
    $('charset').addEventListener('input', () => changed(false));
    $('copy-output').addEventListener('click', (e) => copy($('output').value, e.currentTarget));
    $('copy-link').addEventListener('click', (e) => copy(location.href, e.currentTarget));
    $('more').addEventListener('click', () => {
      if (!lastOk || lastOutput === $('input').value) return;
      $('input').value = lastOutput;
      depth += 1;
      render();
    });
    // All the layers at once, by the library's decode_repeat: the input becomes the text once
    // decoding stops changing it, and the depth counts every pass, as that many clicks would.
    $('until').addEventListener('click', () => {
      const s = readControls();
      const r = pct.text(request(s, 'decode-repeat'), s.input);
      if (!r.meta.ok || r.meta.depth === 0) return render();
      $('input').value = r.text;
      depth += r.meta.depth;
      render();
    });
    $('swap').addEventListener('click', () => {
      $('input').value = lastOutput;
      if ($('mode-decode').checked) depth += 1;
      render();
    });
    window.addEventListener('hashchange', () => {
      if (location.hash.slice(1) !== stateToFragment(readControls())) {
        writeControls(fragmentToState(location.hash));
        render();
      }
    });
  }

  async function main() {
    const source = typeof PCTENC_WASM_BASE64 === 'string' ? { base64: PCTENC_WASM_BASE64 } : 'pctenc.wasm';
    try {
      pct = await PctencLoader.load(source);
    } catch (e) {
      $('status').className = 'error';
      $('status').textContent = 'The WebAssembly module did not load (' + e.message + '). Opened from a file? Use ' +
        'pctenc-playground.html, the single-file build, or scripts/serve-playground.sh.';
      return;
    }
    profiles = pct.profiles();
    options = pct.call({ op: 'options' }, '').meta.options;
    // The menus of word options list the library's words, each with what it does.
    for (const select of document.querySelectorAll('select[data-option]')) {
      for (const w of options.find((o) => o.name === select.dataset.option).words) {
        select.append(new Option(`${w.name}: ${w.about}`, w.name));
      }
    }
    $('version').textContent = pct.call({ op: 'version' }, '').meta.version;
    $('kernel').textContent = pct.kernel();
    renderProfiles();
    writeControls(location.hash.length > 1 ? fragmentToState(location.hash)
      : { mode: 'encode', profile: 'url-component', input: 'a b&c=d/é #1 100%' });
    wire();
    render();
    document.body.dataset.ready = 'true';
  }

  main();
})();
