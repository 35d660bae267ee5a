// `npm start` runs the server compiled once (tools/server-bundle.mjs): an edit to any file it was built
// from is compiled in at the next start, so a stale bundle is never run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBundle } from '../../../tools/server-bundle.mjs';

const project = mkdtempSync(join(tmpdir(), 'pad-bundle-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
const options = { root: project, entry: 'main.ts', cacheDir: join(project, '.tmp/server-bundle') };

function write(name: string, text: string): void {
  writeFileSync(join(project, name), text);
}

/** Runs the bundle in its own process, as `npm start` does; answers what it printed. */
function run(bundlePath: string): string {
  const result = spawnSync(process.execPath, [bundlePath], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout.trim();
}

describe('the compiled server', () => {
  write('tsconfig.json', '{}');
  write('package.json', '{"type":"module"}');
  write(
    'main.ts',
    "import { answer } from './answer.ts';\nconsole.log(answer, new URL('.', import.meta.url).pathname);\n",
  );

  it('is compiled once, reused while nothing changed, and recompiled after a source file changed', async () => {
    write('answer.ts', 'export const answer: number = 1;\n');
    const first = await ensureServerBundle(options);
    expect(first.compiledMs).toBeGreaterThan(0);
    expect(run(first.path)).toBe(`1 ${project}/`);

    const reused = await ensureServerBundle(options);
    expect(reused).toEqual({ path: first.path, compiledMs: 0 });

    write('answer.ts', 'export const answer: number = 2;\n');
    const rebuilt = await ensureServerBundle(options);
    expect(rebuilt.compiledMs).toBeGreaterThan(0);
    expect(run(rebuilt.path)).toBe(`2 ${project}/`);
  });

  it('is recompiled when a change keeps the file the same size (the fingerprint includes the modification time)', async () => {
    write('answer.ts', 'export const answer: number = 3;\n');
    const before = await ensureServerBundle(options);
    write('answer.ts', 'export const answer: number = 4;\n');
    const after = await ensureServerBundle(options);
    expect(after.compiledMs).toBeGreaterThan(0);
    expect(run(after.path)).toBe(`4 ${project}/`);
    expect(after.path).not.toBe(before.path);
  });

  it('leaves what is imported later out of the entry module, in a chunk beside it that still resolves its own paths', async () => {
    write('later.ts', "export const later = 'loaded later from ' + new URL('.', import.meta.url).pathname;\n");
    write('main.ts', "console.log('first');\nconst { later } = await import('./later.ts');\nconsole.log(later);\n");
    const { path } = await ensureServerBundle(options);
    expect(readFileSync(path, 'utf8')).not.toContain('loaded later');
    expect(
      readdirSync(dirname(path)).some(
        (name) => name.startsWith('chunk-') && readFileSync(join(dirname(path), name), 'utf8').includes('loaded later'),
      ),
    ).toBe(true);
    expect(run(path)).toBe(`first\nloaded later from ${project}/`);
  });
});
