// Node's encodeURIComponent / decodeURIComponent as a streaming command, for the
// whole-process benchmark (scripts/bench/whole.sh): stdin -> stdout in 256 KiB reads.
// The corpus is ASCII, so a read never cuts a character; on decode an escape cut by a read
// waits for the next one. usage: node peer.js encode|decode
'use strict';
const fs = require('fs');
const op = process.argv[2];
const buf = Buffer.alloc(256 << 10);
let carry = '';
for (;;) {
  let n;
  try {
    n = fs.readSync(0, buf, 0, buf.length, null);
  } catch (e) {
    if (e.code === 'EAGAIN') continue;
    if (e.code === 'EOF') n = 0; else throw e;
  }
  const text = carry + buf.toString('latin1', 0, n);
  let out;
  if (op === 'encode') {
    out = encodeURIComponent(text);
    carry = '';
  } else {
    // Leave a '%' in the last two characters for the next read, unless this is the end.
    let cut = text.length;
    if (n > 0) {
      const p = text.lastIndexOf('%', text.length - 1);
      if (p >= 0 && p >= text.length - 2) cut = p;
    }
    out = decodeURIComponent(text.slice(0, cut));
    carry = text.slice(cut);
  }
  if (out.length) fs.writeSync(1, out, null, 'latin1');
  if (n === 0) break;
}
