import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

export interface SpawnedServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  output: () => string;
  /** SIGTERM, as an operator or a supervisor stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface SpawnOptions {
  /** `ready` (default): until /healthz answers ok; `listening`: until anything answers (the start window). */
  until?: 'ready' | 'listening';
}

/** Starts the server the way `npm start` does (tools/start.mjs: the compiled server), in its own process, and waits until it answers. */
export async function spawnServer(
  env: Record<string, string> = {},
  args: string[] = [],
  options: SpawnOptions = {},
): Promise<SpawnedServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pad-spawn-'));
  // Without npm in between, so it is one process that SIGKILL reaches.
  const child = spawn(process.execPath, [join(root, 'tools/start.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, SERVE_DASHBOARD: '0', LOG_LEVEL: 'warn', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok || options.until === 'listening') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const cleanUp = () => {
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    process: child,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      cleanUp();
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      cleanUp();
    },
  };
}
