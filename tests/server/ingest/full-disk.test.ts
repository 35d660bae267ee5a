// Issue 47, point 5: the disk under DATA_DIR full, on a real small file system (a tmpfs) filled with a file.
// Panics are answered 201 while the journal can still append; when it cannot, 503 with Retry-After and a
// sentence, and the log says so once; once there is room they are answered 201 again, and what was answered
// is stored once, whole: the store opens again after a restart, and the journal holds no torn record.
// Embedded store: it lives on the small disk too, and stops taking work while less than its reserve is free.
// PostgreSQL: only its journal is on the small disk, and is needed only while PostgreSQL is away (cut here).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';
import { dropSchema, uniqueSchema } from '../../helpers/server.ts';
import { mountRefusal, mountSmallDisk, type SmallDisk } from '../../helpers/small-disk.ts';
import { addressOf, startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const refusal = mountRefusal();
if (refusal) console.warn(`full-disk tests skipped: ${refusal}`);
const skipped = refusal ? ` (skipped: ${refusal})` : '';

const JOURNAL_UNWRITABLE = 'The server cannot keep this panic now: its journal cannot be written. Send it again.';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  retryAfter: string | null;
  body: any;
}

async function get(url: string, path: string): Promise<Answer> {
  const response = await fetch(url + path);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

/** A phone's panic with its own key; `answered` collects the incidents of those answered 201. */
function phone(url: () => string, answered: Map<string, string>) {
  let sent = 0;
  return async (): Promise<Answer> => {
    const touristId = `disk-${sent++}`;
    const response = await fetch(`${url()}/panic-alert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': touristId },
      body: JSON.stringify({ latitude: 25.5788, longitude: 91.8933, touristId }),
    });
    const answer = {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    };
    if (answer.status === 201) answered.set(touristId, answer.body.incident.id);
    return answer;
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await check()); await pause(200))
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
}

/** Panics until one is refused: every answer before it 201, the refusal the journal's 503. */
async function panicsUntilRefused(send: () => Promise<Answer>): Promise<Answer> {
  for (let n = 0; n < 500; n++) {
    const answer = await send();
    if (answer.status !== 201) return answer;
  }
  throw new Error('500 panics answered 201 on a full disk');
}

function expectJournalRefusal(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(answer.body).toEqual({ ok: false, error: JOURNAL_UNWRITABLE });
}

/** Every line of a journal file a whole record, the last one ended. */
function expectWholeRecords(path: string): void {
  const text = readFileSync(path, 'utf8');
  expect(text === '' || text.endsWith('\n')).toBe(true);
  for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
}

const linesOf = (server: SpawnedServer, pattern: RegExp) =>
  server
    .output()
    .split('\n')
    .filter((line) => pattern.test(line));

/** The lines of the server's log that match, once there is one: its output arrives when the OS passes it on. */
async function loggedLines(server: SpawnedServer, pattern: RegExp): Promise<string[]> {
  await until(`a log line ${pattern}`, async () => linesOf(server, pattern).length > 0);
  return linesOf(server, pattern);
}

describe.skipIf(refusal !== undefined || DATABASE_URL)(`a full disk under the embedded store${skipped}`, () => {
  let disk: SmallDisk;
  let server: SpawnedServer;
  const answered = new Map<string, string>();
  const send = phone(() => server.url, answered);
  const start = (until?: 'listening') =>
    spawnServer({ DATA_DIR: disk.dir, DATABASE_URL: '', DID_SIGNING_KEY: 'k'.repeat(32) }, [], { until });

  beforeAll(() => {
    // The store's template (26 MiB) and its 64 MiB reserve, with room to spare.
    disk = mountSmallDisk(160);
  });
  afterAll(async () => {
    await server?.kill();
    disk?.unmount();
  });

  it('takes panics in the journal below the reserve, 503s them with one log line when full, and stores them once there is room', async () => {
    server = await start();
    for (let n = 0; n < 2; n++) expect((await send()).status).toBe(201);

    disk.fill(1024 * 1024);
    for (let n = 0; n < 3; n++) expect((await send()).status).toBe(201);
    const health = await get(server.url, '/healthz');
    expect(health.status).toBe(503);
    expect(health.body.error).toMatch(/MiB free, less than the 64 MiB the embedded store keeps in reserve/);
    const incidents = await get(server.url, '/incidents');
    expect([incidents.status, incidents.body.store]).toEqual([503, 'unavailable']);
    expect(incidents.retryAfter).toMatch(/^\d+$/);

    disk.fillAll();
    expectJournalRefusal(await panicsUntilRefused(send));
    for (let n = 0; n < 10; n++) expectJournalRefusal(await send());
    expectWholeRecords(join(disk.dir, 'panic-journal.ndjson'));
    expect(await loggedLines(server, /panic journal in .* cannot be written \(ENOSPC\)/)).toHaveLength(1);
    expect(server.process.exitCode).toBeNull();

    disk.empty();
    expect((await send()).status).toBe(201);
    expect(
      await loggedLines(server, /panic journal in .* can be written again; 11 panic\(s\) were answered 503/),
    ).toHaveLength(1);
    await until('the store back', async () => (await get(server.url, '/healthz')).status === 200);
    // The journaled panics go back into the store after it answers again: on a loaded machine, seconds after.
    const listedIds = async () =>
      (await get(server.url, '/incidents?limit=500')).body.incidents
        .map((incident: { id: string }) => incident.id)
        .sort();
    await expect.poll(listedIds, { timeout: 30_000, interval: 200 }).toEqual([...answered.values()].sort());
  });

  it('a server killed on a full disk starts, takes panics while it waits for room, then opens its store whole', async () => {
    disk.fill(1024 * 1024);
    await server.kill();
    server = await start('listening');
    await loggedLines(server, /the store is unavailable at start/);
    expect((await get(server.url, '/healthz')).body.status).toBe('starting');
    expect((await send()).status).toBe(201);

    disk.empty();
    await until(
      'the store open',
      async () => (await get(server.url, '/healthz').catch(() => undefined))?.status === 200,
    );
    await server.stop();
    const store = await PGlite.create({ dataDir: join(disk.dir, 'pglite') });
    try {
      const { rows } = await store.query<{ id: string; alerts: number }>(
        "select i.id, count(a.id)::int as alerts from incidents i left join alerts a on a.incident_id = i.id where i.tourist_id like 'disk-%' group by i.id",
      );
      expect(rows.map((row) => row.id).sort()).toEqual([...answered.values()].sort());
      expect(rows.every((row) => row.alerts === 1)).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(refusal !== undefined || !DATABASE_URL)(`a full disk under PostgreSQL's journal${skipped}`, () => {
  let disk: SmallDisk;
  let proxy: TcpProxy;
  let server: SpawnedServer;
  let port: number;
  const schema = uniqueSchema();
  const answered = new Map<string, string>();
  const send = phone(() => server.url, answered);
  const start = () =>
    spawnServer(
      {
        DATA_DIR: disk.dir,
        PORT: String(port),
        DATABASE_URL: proxy.through(DATABASE_URL!),
        DATABASE_SCHEMA: schema,
        DID_SIGNING_KEY: 'k'.repeat(32),
      },
      [],
      { until: 'listening' },
    );

  beforeAll(async () => {
    disk = mountSmallDisk(8);
    proxy = await startTcpProxy(addressOf(DATABASE_URL!));
    port = await freePort();
  });
  afterAll(async () => {
    await proxy?.restore();
    await server?.kill();
    await proxy?.close();
    disk?.unmount();
    await dropSchema(DATABASE_URL!, schema);
  });

  it('journals panics while PostgreSQL is away, 503s them with one log line when the disk is full, and replays the journal whole', async () => {
    server = await start();
    await until('the store open', async () => (await get(server.url, '/healthz')).status === 200);
    disk.fillAll();
    expect((await send()).status).toBe(201); // PostgreSQL takes it: its journal is not needed

    disk.empty();
    disk.fill(16 * 1024);
    await proxy.cut();
    expect((await send()).status).toBe(201);
    expectJournalRefusal(await panicsUntilRefused(send));
    for (let n = 0; n < 10; n++) expectJournalRefusal(await send());
    expect((await get(server.url, '/incidents')).status).toBe(503);
    expectWholeRecords(join(disk.dir, `panic-journal-postgres-${port}.ndjson`));
    expect(await loggedLines(server, /panic journal in .* cannot be written \(ENOSPC\)/)).toHaveLength(1);

    disk.empty();
    expect((await send()).status).toBe(201);
    // Killed before PostgreSQL returns: the next start puts back what its journal holds.
    await server.kill();
    server = await start();
    await proxy.restore();
    await until('the store open', async () => (await get(server.url, '/healthz')).status === 200);
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; alerts: number }>(
        `select i.id, count(a.id)::int as alerts from "${schema}".incidents i
           left join "${schema}".alerts a on a.incident_id = i.id where i.tourist_id like 'disk-%' group by i.id`,
      );
      expect(rows.map((row) => row.id).sort()).toEqual([...answered.values()].sort());
      expect(rows.every((row) => row.alerts === 1)).toBe(true);
    } finally {
      await client.end();
    }
  });
});
