import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FLOOR_SERVER = fileURLToPath(new URL('./floor-server.ts', import.meta.url));

export interface FloorServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts floor-server.ts in its own process, as the real server runs in its own. `relayGps: false`: GPS
 * batches are answered but not written to the streams; `entries`: each ping is written as a zone entry's frames.
 */
export async function spawnFloorServer({ relayGps = true, entries = false } = {}): Promise<FloorServer> {
  const args = [...(relayGps ? [] : ['--answer-gps-only']), ...(entries ? ['--entries'] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', FLOOR_SERVER, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
