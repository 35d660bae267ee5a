import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const lockModule = fileURLToPath(new URL('../../server/db/directory-lock.ts', import.meta.url));

// Loads the lock module, says "ready", waits for a line on stdin, then claims the folder and reports.
// With a stall, each step of removing a dead lock first blocks the process for up to that long.
const script = `
const { acquireDirectoryLock } = await import(process.argv[1]);
const stallMs = Number(process.argv[3] ?? 0);
const stall = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.random() * stallMs);
const { createInterface } = await import('node:readline');
const lines = createInterface({ input: process.stdin });
console.log(JSON.stringify({ ready: true }));
lines.once('line', async () => {
  try {
    await acquireDirectoryLock(process.argv[2], stallMs ? { betweenRemovalSteps: stall } : {});
    console.log(JSON.stringify({ owned: true }));
  } catch (error) {
    console.log(JSON.stringify({ error: error.message }));
  }
});
`;

export type ClaimResult = { owned: true } | { error: string };

export interface LockHolder {
  process: ChildProcess;
  pid: number;
  /** Lets it claim the folder; resolves with what it reported. */
  claim(): Promise<ClaimResult>;
  /** SIGKILL: no clean-up of any kind runs. */
  kill(): Promise<void>;
}

/** A bare process (no server) that claims a data folder's lock when told to, then holds it until killed. */
export async function startLockHolder(dataDir: string, removalStallMs = 0): Promise<LockHolder> {
  const args = ['--import', 'tsx', '--input-type=module', '-e', script, lockModule, dataDir, String(removalStallMs)];
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const reports = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const line = await reports.next();
    if (line.done) throw new Error('the lock holder exited without reporting');
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  await next(); // ready
  return {
    process: child,
    pid: child.pid!,
    async claim() {
      child.stdin!.write('go\n');
      return (await next()) as ClaimResult;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
