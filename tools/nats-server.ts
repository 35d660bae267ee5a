// A NATS server with JetStream of a test's or a bench's own, on a free port with a fresh store folder (Debian's
// nats-server; .ci/run installs it where it is missing).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './spawn-server.ts';

export interface NatsServer {
  url: string;
  stop(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'pad-nats-'));
  const child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`nats-server did not start (${error.message}); install it: apt-get install -y nats-server`)),
    );
    child.once('exit', (code) => reject(new Error(`nats-server exited with ${code}:\n${output}`)));
  });
  const up = (async () => {
    while (!(await accepts(port))) await new Promise((resolve) => setTimeout(resolve, 50));
  })();
  await Promise.race([up, failed]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
