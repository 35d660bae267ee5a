// `npm start`'s log (server/log-output.ts): JSON lines where a program reads them, readable lines on a
// terminal, LOG_FORMAT to choose; in the compiled server, as `npm start` runs it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { freePort, spawnServer } from '../../tools/spawn-server.ts';

const STARTED = /Panic Alerts Dashboard on http:\/\/127\.0\.0\.1:\d+/;
/** What tools/start.mjs itself prints when it had to compile the server first. */
const COMPILED = /^Compiled the server in \d+ ms$/;
/** `[12:03:44.512] INFO: …` (colours taken off first). */
const READABLE = /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: /;

async function startAndStop(env: Record<string, string>): Promise<string[]> {
  const server = await spawnServer({ LOG_LEVEL: 'info', ...env });
  expect(await server.stop()).toBe(0);
  return server
    .output()
    .split('\n')
    .filter((line) => line !== '' && !COMPILED.test(line));
}

describe('the log of npm start', () => {
  it('is one JSON object per line when its output goes to a program, down to the last line before it stops', async () => {
    const lines = await startAndStop({});
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.find((entry) => STARTED.test(entry.msg))).toMatchObject({ level: 30 });
    expect(entries.at(-1)?.msg).toBe('SIGTERM: draining streams and closing the store');
  });

  it('is a readable line per entry with LOG_FORMAT=pretty, down to the last line before it stops', async () => {
    const lines = await startAndStop({ LOG_FORMAT: 'pretty' });
    expect(lines.find((line) => STARTED.test(line))).toMatch(READABLE);
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(lines.at(-1)).toMatch(/INFO: SIGTERM: draining streams and closing the store$/);
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)(
    'is readable, in colour, on a terminal (a pseudo-terminal from util-linux script)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pad-tty-'));
      const env = {
        ...process.env,
        SERVE_DASHBOARD: '0',
        LOG_LEVEL: 'info',
        LOG_FORMAT: '',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
      };
      const terminal = spawn('script', ['-qfec', `${JSON.stringify(process.execPath)} tools/start.mjs`, '/dev/null'], {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      terminal.stdout.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => terminal.once('exit', resolve));
      try {
        await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toMatch(STARTED);
        const line = output.split(/\r?\n/).find((candidate) => STARTED.test(candidate))!;
        expect(stripVTControlCharacters(line)).toMatch(READABLE);
        expect(line).toContain('\u001b[32mINFO'); // green, as pino-pretty colours INFO on a terminal
      } finally {
        terminal.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('takes LOG_FORMAT auto (the default), pretty or json, and refuses anything else', () => {
    expect(configFromEnv({}).logFormat).toBe('auto');
    expect(configFromEnv({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(() => configFromEnv({ LOG_FORMAT: 'text' })).toThrow(
      'LOG_FORMAT must be one of auto, pretty, json, got "text".',
    );
  });
});
