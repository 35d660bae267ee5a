// Many raw SSE clients spread over child processes (sse-client-process.ts), driven from the benchmark.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientCommand, ClientReply } from './sse-protocol.ts';

const CLIENT_PROCESS = fileURLToPath(new URL('./sse-client-process.ts', import.meta.url));

type ReplyOf<T extends ClientReply['type']> = Extract<ClientReply, { type: T }>;

function ask<T extends ClientReply['type']>(
  child: ChildProcess,
  command: ClientCommand | undefined,
  answer: T,
): Promise<ReplyOf<T>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ClientReply) => {
      if (message.type !== answer) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as ReplyOf<T>);
    };
    const onExit = (code: number | null) => reject(new Error(`SSE client process exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (command) child.send(command);
  });
}

export interface FramesReached {
  /** Clients that reached the frame count, of `clients`. */
  done: number;
  clients: number;
  /** When the last of them got there (monotonic ms, comparable with stats.monotonicMs). */
  lastDoneAt: number;
  fewestFrames: number;
  bytesPerClient: number;
  /** Streams the server closed (clients it dropped as slow); they are opened again at the next reset. */
  closed: number;
}

export class SseClientPool {
  private constructor(
    private readonly children: ChildProcess[],
    readonly counts: number[],
  ) {}

  /** Opens `total` streams to `url` over `processes` client processes; answers once all have an answer. */
  static async open(url: string, total: number, processes = 2, path = '/panic-alerts/stream'): Promise<SseClientPool> {
    const port = Number(new URL(url).port);
    const counts = Array.from(
      { length: processes },
      (_, i) => Math.floor(total / processes) + (i < total % processes ? 1 : 0),
    );
    const children = counts.map(() =>
      fork(CLIENT_PROCESS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    const pool = new SseClientPool(children, counts);
    try {
      await Promise.all(children.map((child) => ask(child, undefined, 'ready')));
      const opened = await Promise.all(
        children.map((child, i) => ask(child, { type: 'open', port, path, count: counts[i] }, 'opened')),
      );
      const total200 = opened.reduce((sum, reply) => sum + reply.opened, 0);
      if (total200 < total) throw new Error(`only ${total200} of ${total} streams were accepted`);
    } catch (error) {
      pool.close();
      throw error;
    }
    return pool;
  }

  /** The client processes, for their CPU time. */
  get pids(): number[] {
    return this.children.map((child) => child.pid!);
  }

  get size(): number {
    return this.counts.reduce((sum, count) => sum + count, 0);
  }

  /** Zeroes the counts; resolves with how many streams the server had closed and were opened again. */
  async reset(markers = 0): Promise<number> {
    const replies = await Promise.all(this.children.map((child) => ask(child, { type: 'reset', markers }, 'reset')));
    return replies.reduce((sum, r) => sum + r.reopened, 0);
  }

  /** Waits until every client has read `atLeast` frames since the last reset, or `timeoutMs` passed. */
  async awaitFrames(atLeast: number, timeoutMs: number): Promise<FramesReached> {
    const replies = await Promise.all(
      this.children.map((child) => ask(child, { type: 'await-frames', atLeast, timeoutMs }, 'frames')),
    );
    return {
      done: replies.reduce((sum, r) => sum + r.done, 0),
      clients: this.size,
      lastDoneAt: Math.max(...replies.map((r) => r.lastDoneAt)),
      fewestFrames: Math.min(...replies.map((r) => r.fewestFrames)),
      bytesPerClient: replies.reduce((sum, r, i) => sum + r.bytesPerClient * this.counts[i], 0) / this.size,
      closed: replies.reduce((sum, r) => sum + r.closed, 0),
    };
  }

  /** For each client, when each marked alert first reached it (monotonic ms; 0 = never): [client][alert]. */
  async arrivals(): Promise<Float64Array[]> {
    const replies = await Promise.all(this.children.map((child) => ask(child, { type: 'arrivals' }, 'arrivals')));
    return replies.flatMap((reply, i) =>
      Array.from({ length: this.counts[i] }, (_, c) =>
        Float64Array.from(reply.arrivals.slice(c * reply.markers, (c + 1) * reply.markers)),
      ),
    );
  }

  close(): void {
    for (const child of this.children) {
      if (child.connected) child.send({ type: 'close' } satisfies ClientCommand);
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    }
  }
}
