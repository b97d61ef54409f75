// The package's TypeScript declarations compile under tsc --strict against a usage file
// (usage.ts: every export used as documented, and misuses marked @ts-expect-error that the
// declarations must reject: tsc fails on an expect-error that is not an error, so the check
// fails if the declarations loosen), resolved as Node resolves the installed package
// (nodenext) and as bundlers do (bundler). tsc is the pinned one of web/tests/package.json.
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

test('every export of the package has a declaration, and nothing more is declared', async () => {
  const { readFileSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const declared = new Set();
  // index.d.ts re-exports manual.d.ts, which declares everything.
  for (const entry of ['pctenc', 'pctenc/manual']) {
    const dts = readFileSync(fileURLToPath(import.meta.resolve(entry)).replace(/\.js$/, '.d.ts'), 'utf8');
    for (const m of dts.matchAll(/^export (?:declare )?(?:function|class|const) (\w+)/gm)) declared.add(m[1]);
  }
  for (const entry of ['pctenc', 'pctenc/manual']) {
    const runtime = Object.keys(await import(entry)).sort();
    assert.deepEqual(runtime, [...declared].sort(), entry);
  }
});
