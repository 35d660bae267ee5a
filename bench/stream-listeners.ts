// The durable stream on PostgreSQL as servers are added (issue 48 point 4: should it move to JetStream past
// some number of servers?). Each server holds one LISTEN connection and, on a notification, reads the events
// after the last it had (server/stream/hub.ts); every stream-writing commit takes the cluster-wide ordering lock
// and notifies in the same statement (server/stream/append.ts). Here: commits at a steady rate, far above a
// state's alerts, incidents, zone changes and operator acts, heard by 1, 10 and 50 listening "servers"; then
// the lock's ceiling, commits as fast as 10 writers go, beside the same commits without the lock.
// Needs DATABASE_URL; without it every figure stays null.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/stream-listeners.ts (BENCH_QUICK=1)
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { appendStreamEvents } from '../server/stream/append.ts';
import type { StreamMessage } from '../src/api/stream.ts';
import { dropSchema } from '../tools/drop-schema.ts';
import { QUICK } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { monotonicMs, percentile, round, sleep } from './support/stats.ts';

const COMMITS_PER_SECOND = 200;
const SECONDS = QUICK ? 4 : 10;
const LISTENER_COUNTS = [1, 10, 50];
const databaseUrl = process.env.DATABASE_URL;
const asListeners = process.argv[2] === '--listeners';
const schema = asListeners ? process.argv[4]! : `bench_listeners_${process.pid}_${Date.now().toString(36)}`;
const channel = `${schema}_events`;
/** A panic's message, about its size: nothing here reads its fields. */
const MESSAGES = [
  { type: 'alert', alert: { id: crypto.randomUUID(), latitude: 25.57, longitude: 91.88, regionId: 'shillong' } },
] as unknown as StreamMessage[];

const connect = async () => {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  return client;
};

/** One commit of the server's own append (server/stream/append.ts), under its ordering lock or (`lock: false`) without it. */
async function commitOne(client: pg.Client, lock: boolean): Promise<number> {
  await client.query('begin');
  const last = await appendStreamEvents(client, MESSAGES, channel, lock);
  await client.query('commit');
  return Number(last);
}

/** A server's listener: on each notification one read of what came after its last event, never two at once. */
async function listen(arrivals: number[][]) {
  const client = await connect();
  let last = Number((await client.query('select coalesce(max(seq), 0) as m from stream_events')).rows[0].m);
  let reading = false;
  let again = false;
  const read = async () => {
    if (reading) return void (again = true);
    reading = true;
    do {
      again = false;
      const { rows } = await client.query<{ seq: string }>(
        'select seq from stream_events where seq > $1 order by seq',
        [last],
      );
      const now = monotonicMs();
      for (const { seq } of rows) arrivals.push([(last = Number(seq)), now]);
    } while (again);
    reading = false;
  };
  client.on('notification', () => void read());
  await client.query(`listen "${channel}"`);
  return client;
}

/** The listeners in two processes of their own, as servers would be: answers each's [seq, when read] pairs. */
async function spawnListeners(count: number) {
  const children = [Math.ceil(count / 2), Math.floor(count / 2)]
    .filter((n) => n > 0)
    .map((n) =>
      fork(fileURLToPath(import.meta.url), ['--listeners', String(n), schema], { execArgv: ['--import', 'tsx'] }),
    );
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('message', resolve))));
  return async (): Promise<number[][]> => {
    const replies = children.map(
      (child) => new Promise<number[][]>((resolve) => child.once('message', (m) => resolve(m as number[][]))),
    );
    for (const child of children) child.send('stop');
    return (await Promise.all(replies)).flat();
  };
}

async function withListeners(count: number) {
  const stop = await spawnListeners(count);
  const writers = await Promise.all([connect(), connect(), connect()]);
  const committedAt = new Map<number, number>();
  const commitMs: number[] = [];
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    writers.map(async (writer, w) => {
      // On a clock, each writer a third of the commits: a slow commit does not slow the rate.
      for (let n = 0; performance.now() < end; n++) {
        await sleep(start + ((n * writers.length + w) * 1000) / COMMITS_PER_SECOND - performance.now());
        const sent = performance.now();
        const seq = await commitOne(writer, true);
        committedAt.set(seq, monotonicMs());
        commitMs.push(performance.now() - sent);
      }
    }),
  );
  await sleep(500);
  const arrivals = await stop();
  await Promise.all(writers.map((client) => client.end()));
  // From the commit's answer: a listener may read the event before its writer hears the commit (below 0).
  const delays = arrivals.flatMap(([seq, at]) => (committedAt.has(seq!) ? [at! - committedAt.get(seq!)!] : []));
  const figures = {
    p50Ms: round(percentile(delays, 0.5)),
    p99Ms: round(percentile(delays, 0.99)),
    commitP99Ms: round(percentile(commitMs, 0.99)),
    commitsPerSec: Math.round(commitMs.length / SECONDS),
    heard: round(delays.length / (committedAt.size * count), 3),
  };
  console.log(
    `  ${String(count).padStart(2)} listening: commit → read p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms; ` +
      `commit p99 ${figures.commitP99Ms} ms; ${figures.commitsPerSec} commits/s, ${((figures.heard ?? 0) * 100).toFixed(1)} % heard`,
  );
  return figures;
}

async function ceiling(lock: boolean): Promise<number> {
  const writers = await Promise.all(Array.from({ length: 10 }, connect));
  let commits = 0;
  const end = performance.now() + (QUICK ? 2000 : 5000);
  await Promise.all(
    writers.map(async (writer) => {
      while (performance.now() < end) {
        await commitOne(writer, lock);
        commits++;
      }
    }),
  );
  await Promise.all(writers.map((writer) => writer.end()));
  const perSecond = Math.round(commits / (QUICK ? 2 : 5));
  console.log(
    `  10 writers as fast as they go, ${lock ? 'under the ordering lock' : 'without it'}: ${perSecond} commits/s`,
  );
  return perSecond;
}

if (asListeners) {
  const arrivals: number[][] = [];
  const clients = await Promise.all(Array.from({ length: Number(process.argv[3]) }, () => listen(arrivals)));
  process.send!('ready');
  process.once('message', async () => {
    await sleep(100);
    await Promise.all(clients.map((client) => client.end()));
    process.send!(arrivals, () => process.exit(0));
  });
} else if (!databaseUrl) {
  console.log('The durable stream with many listeners: DATABASE_URL not set, not measured');
  printFigures({ streamListeners: null });
} else {
  console.log(`The durable stream on PostgreSQL: ${COMMITS_PER_SECOND} commits/s for ${SECONDS} s, heard by servers`);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  // stream_events as migration 001 makes it.
  await admin.query(
    `create table "${schema}".stream_events (seq bigserial primary key, type text not null, data jsonb not null, created_at timestamptz not null default now())`,
  );
  await admin.end();
  try {
    const [one, ten, fifty] = [
      await withListeners(LISTENER_COUNTS[0]!),
      await withListeners(LISTENER_COUNTS[1]!),
      await withListeners(LISTENER_COUNTS[2]!),
    ];
    printFigures({
      streamListeners: {
        listeners1: one,
        listeners10: ten,
        listeners50: fifty,
        lockedCommitsPerSec: await ceiling(true),
        unlockedCommitsPerSec: await ceiling(false),
      },
    });
  } finally {
    await dropSchema(databaseUrl, schema);
  }
}
