// What `npm test` checks before the browser suite (tools/browser-needs.mjs): a machine without Chromium or the
// Devanagari and Bengali fonts gets the one command to run at once, or the install when it is root, never a
// failure twelve minutes later. A missing CHROMIUM_PATH and a fontconfig that knows no font stand for such a
// machine; as root a stand-in apt-get records what would be installed.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const bin = mkdtempSync(join(tmpdir(), 'pad-browser-needs-'));
const aptLog = join(bin, 'apt-get.log');
writeFileSync(join(bin, 'fc-list'), '#!/bin/sh\nexit 0\n'); // a fontconfig that lists no font for any language
writeFileSync(join(bin, 'apt-get'), `#!/bin/sh\necho "$*" >> ${JSON.stringify(aptLog)}\n`);
for (const tool of ['fc-list', 'apt-get']) chmodSync(join(bin, tool), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const isRoot = process.getuid?.() === 0;

function run(script: string, env: Record<string, string>) {
  const begun = performance.now();
  const done = spawnSync(process.execPath, [script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: done.status, output: done.stdout + done.stderr, seconds: (performance.now() - begun) / 1000 };
}

describe("the browser tests' needs, checked before they start", () => {
  it('stops npm test at once when CHROMIUM_PATH names no file, saying what to do', () => {
    const stopped = run('tools/test.mjs', { CHROMIUM_PATH: '/nowhere/chromium' });
    expect(stopped.status).toBe(1);
    expect(stopped.seconds).toBeLessThan(5);
    expect(stopped.output.trim()).toBe(
      'npm test: The browser tests need Chromium at /nowhere/chromium. CHROMIUM_PATH names no file: point it at a Chromium binary, or unset it and run `apt-get update && apt-get install -y chromium` as root.',
    );
  });

  it('installs the Noto fonts as root, or names the command otherwise, when fontconfig knows no Devanagari or Bengali font', () => {
    const checked = run('tools/browser-needs.mjs', { PATH: `${bin}:${process.env.PATH}` });
    expect(checked.status).toBe(1);
    const sentence =
      'The browser tests need a Devanagari font (fc-list :lang=hi lists none), a Bengali font (fc-list :lang=bn lists none). Install with (as root): apt-get update && apt-get install -y fonts-noto-core';
    expect(checked.output).toContain(sentence);
    if (isRoot) {
      expect(readFileSync(aptLog, 'utf8').split('\n')).toEqual(['update -qq', 'install -y -qq fonts-noto-core', '']);
      // The stand-in installed nothing: the check after it says so rather than letting the suite start.
      expect(checked.output).toContain('(still missing after installing fonts-noto-core)');
    } else {
      expect(checked.output.trim()).toBe(sentence);
    }
  });
});
