// Differential probe: Node.js global URI functions. "FUNC\tHEX" lines in, "OK HEX" / "ERR x" out.
const FUNCS = { encodeURI, encodeURIComponent, escape, decodeURI, decodeURIComponent, unescape };
let input = '';
process.stdin.setEncoding('latin1');
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => {
  const out = [];
  for (const line of input.split('\n')) {
    if (line === '') continue;
    const [func, hex] = line.split('\t');
    try {
      const s = Buffer.from(hex, 'hex').toString('utf8');
      out.push('OK ' + Buffer.from(FUNCS[func](s), 'utf8').toString('hex'));
    } catch (e) {
      out.push('ERR ' + e.name);
    }
  }
  process.stdout.write(out.map((l) => l + '\n').join(''));
});
