// `npm test`'s two runs of the browser suite (tools/browser-runs.mjs): asked with the same arguments, vitest lists
// every file of the project `e2e` in exactly one of them, and every file named for the second run is one of those.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstRunArgs, SECOND_RUN_FILES, secondRunArgs } from '../../tools/browser-runs.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The files vitest would run with these `run` arguments, relative to the root, sorted. */
function listed(runArgs: string[]): string[] {
  const [, ...filters] = runArgs;
  // `--json` takes an optional path: it goes last, so that no filter is taken for one.
  const output = execFileSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'list', ...filters, '--filesOnly', '--json'],
    { cwd: root, encoding: 'utf8' },
  );
  return (JSON.parse(output) as { file: string }[]).map(({ file }) => file.slice(root.length)).sort();
}

describe("npm test's two runs of the browser suite", () => {
  it('hold every e2e file once between them', () => {
    const every = listed(['run', '--project', 'e2e']);
    const first = listed(firstRunArgs());
    const second = listed(secondRunArgs());
    expect(every.length).toBeGreaterThan(SECOND_RUN_FILES.length);
    expect(first.filter((file) => second.includes(file))).toEqual([]);
    expect([...first, ...second].sort()).toEqual(every);
  }, 60_000);

  it('name for the second run only files of the e2e project, each once', () => {
    const every = listed(['run', '--project', 'e2e']);
    expect(new Set(SECOND_RUN_FILES).size).toBe(SECOND_RUN_FILES.length);
    expect(SECOND_RUN_FILES.filter((file) => !every.includes(file))).toEqual([]);
    expect(listed(secondRunArgs())).toEqual([...SECOND_RUN_FILES].sort());
  }, 60_000);
});
