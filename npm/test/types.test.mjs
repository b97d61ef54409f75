// The package's TypeScript declarations compile under tsc --strict against a usage file
// (usage.ts: every export used as documented, and misuses marked @ts-expect-error that the
// declarations must reject), resolved as Node resolves the installed package (nodenext) and
// as bundlers do (bundler). tsc is the pinned one of web/tests/package.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const tsc = join(process.env.PCTENC_WEB_TESTS, 'node_modules', '.bin', 'tsc');

for (const [module, resolution] of [['nodenext', 'nodenext'], ['esnext', 'bundler']]) {
  test(`usage.ts compiles under tsc --strict (module ${module}, resolution ${resolution})`, () => {
    const r = spawnSync(tsc, ['--strict', '--noEmit', '--target', 'es2022', '--lib', 'es2022,dom',
      '--module', module, '--moduleResolution', resolution, 'usage.ts'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
  });
}

test('tsc rejects a file that misuses the API (the check can fail)', async () => {
  const { writeFileSync } = await import('node:fs');
  writeFileSync('misuse.ts', "import { decode } from 'pctenc';\nconst s: number = decode('x');\nvoid s;\n");
  const r = spawnSync(tsc, ['--strict', '--noEmit', '--target', 'es2022', '--lib', 'es2022,dom',
    '--module', 'nodenext', '--moduleResolution', 'nodenext', 'misuse.ts'], { encoding: 'utf8' });
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /TS2322/);
});
