// For bench/restart.ts: a command started in its own process group (as a terminal starts `npm start`),
// timed until an address answers 200, and killed with its whole group (npm and the node under it).
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Started {
  child: ChildProcess;
  /** From spawn to the first 200 from `path`. */
  answeredMs: number;
  output: () => string;
}

const POLL_MS = 10;
const GIVE_UP_MS = 120_000;

function answers200(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const call = request(url, { agent: false, timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    call.on('error', () => resolve(false));
    call.on('timeout', () => call.destroy());
    call.end();
  });
}

/** Resolves once `url` answers 200; rejects when the child exits first or after two minutes. */
export async function waitFor200(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const giveUpAt = performance.now() + GIVE_UP_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before answering:\n${output()}`);
    if (await answers200(url)) return;
    if (performance.now() > giveUpAt)
      throw new Error(`${url} did not answer 200 within ${GIVE_UP_MS} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The server's process in a group of its own (killed whole), its output kept for an error message. */
export function spawnKeepingOutput(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  return { child, output: () => text };
}

export async function startAndTime(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  cwd: string,
): Promise<Started> {
  const startedAt = performance.now();
  const { child, output } = spawnKeepingOutput(command, args, env, cwd);
  await waitFor200(url, child, output);
  return { child, answeredMs: performance.now() - startedAt, output };
}

/** POSTs `body` to `url` (with one Idempotency-Key, as a phone retries) until it is answered 201. */
async function panicUntil201(
  url: string,
  body: unknown,
  key: string,
  child: ChildProcess,
): Promise<{ incidentId: string }> {
  const giveUpAt = performance.now() + GIVE_UP_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('exited before accepting a panic');
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
      if (response.status === 201)
        return { incidentId: ((await response.json()) as { incident: { id: string } }).incident.id };
      await response.body?.cancel();
    } catch {
      // not listening yet
    }
    if (performance.now() > giveUpAt) throw new Error(`${url} accepted no panic within ${GIVE_UP_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** As startAndTime, and also from spawn to the first 201 of a panic sent (and retried) from the start on. */
export async function startAndTimePanic(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  panic: { url: string; body: unknown; key: string },
  cwd: string,
): Promise<Started & { panicMs: number; panicIncidentId: string }> {
  const startedAt = performance.now();
  const { child, output } = spawnKeepingOutput(command, args, env, cwd);
  const accepted = panicUntil201(panic.url, panic.body, panic.key, child).then(({ incidentId }) => ({
    incidentId,
    panicMs: performance.now() - startedAt,
  }));
  await waitFor200(url, child, output);
  const answeredMs = performance.now() - startedAt;
  const { incidentId, panicMs } = await accepted;
  return { child, answeredMs, output, panicMs, panicIncidentId: incidentId };
}

/** SIGKILL to the whole group, as a crash or `kill -9 -<pgid>` would; resolves once the leader is gone. */
export async function killGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  await exited;
  await groupGone(child.pid!);
}

/** SIGTERM to the leader (npm passes it on), for the end of a run. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await exited;
  await groupGone(child.pid!);
}

/**
 * Until no process of the group is left: npm, the leader, may exit before the server it started has closed
 * its store, whose last writes would land in a folder being removed (ENOTEMPTY). At most 10 s.
 */
async function groupGone(pgid: number): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
