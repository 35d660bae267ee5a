// Issue 47 with real server processes on PostgreSQL behind a proxy that is cut: two servers journaling the
// same Idempotency-Key during one cut store it once; twenty SIGKILLs interleaved with cuts, while phones
// keep sending panics and retry each until it is answered 201, lose none and double none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';
import { dropSchema, uniqueSchema } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';
import { addressOf, startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(url: string, body: unknown, key: string): Promise<{ status: number; body: any } | undefined> {
  try {
    const response = await fetch(`${url}/panic-alert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.json() };
  } catch {
    return undefined; // no answer: the server was killed, or is not listening yet
  }
}

/** Read from PostgreSQL itself: what is stored, however many. */
async function storedIncidents(schema: string, touristLike: string): Promise<{ id: string; touristId: string }[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; tourist_id: string }>(
      `select id, tourist_id from "${schema}".incidents where tourist_id like $1`,
      [touristLike],
    );
    return rows.map((row) => ({ id: row.id, touristId: row.tourist_id }));
  } finally {
    await client.end();
  }
}

async function incidentsOf(url: string): Promise<{ id: string; touristId: string }[]> {
  for (;;) {
    const response = await fetch(`${url}/incidents?limit=500`).catch(() => undefined);
    if (response?.ok) return ((await response.json()) as { incidents: { id: string; touristId: string }[] }).incidents;
    await pause(200);
  }
}

describe.runIf(DATABASE_URL)('server processes while PostgreSQL is cut', () => {
  let proxy: TcpProxy;
  let schema: string;
  const folders: string[] = [];
  const servers: SpawnedServer[] = [];
  const env = () => ({
    DATABASE_URL: proxy.through(DATABASE_URL!),
    DATABASE_SCHEMA: schema,
    DID_SIGNING_KEY: 'k'.repeat(32),
    RATE_LIMIT_PER_MINUTE: '0',
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pad-outage-'));
    folders.push(dir);
    return dir;
  };

  beforeAll(async () => {
    proxy = await startTcpProxy(addressOf(DATABASE_URL!));
    schema = uniqueSchema();
  });
  afterAll(async () => {
    await proxy.restore();
    await Promise.all(servers.map((server) => server.kill()));
    await proxy.close();
    await dropSchema(DATABASE_URL!, schema);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('a key journaled on two servers during one cut is stored once, and both answered with its incident', async () => {
    // Their safety poll a minute long: what B's stream hears of A after the cut came through B's LISTEN again.
    const a = await spawnServer({ ...env(), DATA_DIR: dataDir(), STREAM_POLL_MS: '60000' });
    const b = await spawnServer({ ...env(), DATA_DIR: dataDir(), STREAM_POLL_MS: '60000' });
    servers.push(a, b);
    const streamOfB = await openStream(`${b.url}/panic-alerts/stream`);
    await streamOfB.waitFor((message) => message.data?.type === 'snapshot');
    await proxy.cut();
    const panic = { latitude: 25.5788, longitude: 91.8933, touristId: 'two-servers' };
    const [fromA, fromB] = await Promise.all([post(a.url, panic, 'shared-key'), post(b.url, panic, 'shared-key')]);
    expect([fromA?.status, fromB?.status]).toEqual([201, 201]);
    expect(fromA!.body.incident.id).toBe(fromB!.body.incident.id);
    await proxy.restore();
    const ours = async () => (await incidentsOf(b.url)).filter((incident) => incident.touristId === 'two-servers');
    for (let wait = 0; wait < 100 && (await ours()).length === 0; wait++) await pause(200);
    await pause(2000); // both servers have put back their journals by now
    const stored = await ours();
    expect(stored.map((incident) => incident.id)).toEqual([fromA!.body.incident.id]);
    try {
      // B's stream, open through the cut, had that panic once in its history (with an id) and once when B journaled
      // it (without one), and hears a new one raised through A at once.
      await streamOfB.waitFor(
        (message) => !!message.id && message.data?.alert?.incidentId === fromA!.body.incident.id,
        10_000,
      );
      const later = await post(a.url, { ...panic, touristId: 'after-the-cut' }, 'after-the-cut');
      await streamOfB.waitFor(
        (message) => !!message.id && message.data?.alert?.incidentId === later!.body.incident.id,
        20_000,
      );
      const alertsOf = (id: string) => {
        const of = streamOfB.messages.filter((message) => message.data?.alert?.incidentId === id);
        return [of.filter((message) => !message.id).length, of.filter((message) => !!message.id).length];
      };
      expect([alertsOf(fromA!.body.incident.id), alertsOf(later!.body.incident.id)]).toEqual([
        [1, 1],
        [0, 1],
      ]);
    } finally {
      streamOfB.close();
    }
  }, 120_000);

  it('twenty SIGKILLs interleaved with cuts lose no answered panic and store none twice', async () => {
    const port = await freePort();
    const folder = dataDir();
    const start = () => spawnServer({ ...env(), DATA_DIR: folder, PORT: String(port) }, [], { until: 'listening' });
    let server = await start();
    servers.push(server);
    const url = server.url;
    let sending = true;
    const answered = new Map<string, string>();
    // Three phones, each sending one panic after another and retrying each with its key until it is answered 201.
    const phone = async (name: string) => {
      for (let n = 0; sending; n++, await pause(100)) {
        const touristId = `${name}-${n}`;
        for (;;) {
          const answer = await post(url, { latitude: 26.1, longitude: 91.7, touristId }, touristId);
          if (answer?.status === 201) {
            answered.set(touristId, answer.body.incident.id);
            break;
          }
          if (answer && answer.status !== 503)
            throw new Error(`a panic answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          await pause(100);
        }
      }
    };
    const phones = Promise.all(['p1', 'p2', 'p3'].map(phone));
    for (let kill = 0; kill < 20; kill++) {
      if (kill % 2 === 0) await proxy.cut();
      await pause(300 + (kill % 3) * 200);
      await server.kill();
      if (kill % 4 === 1) await proxy.restore();
      server = await start();
      servers.push(server);
      await pause(300);
      if (kill % 2 === 1) await proxy.restore();
    }
    await proxy.restore();
    sending = false;
    await phones;
    const expected = [...answered.keys()].sort();
    expect(expected.length).toBeGreaterThan(20);
    await incidentsOf(url); // the last server answers reads: the store is back
    const mine = () => storedIncidents(schema, 'p_-%');
    // Each server puts back its journal once the store answers: a few seconds at most.
    for (let wait = 0; wait < 100 && (await mine()).length < expected.length; wait++) await pause(300);
    const stored = await mine();
    expect(stored.map((incident) => incident.touristId).sort()).toEqual(expected);
    for (const incident of stored) expect(incident.id).toBe(answered.get(incident.touristId));
  }, 300_000);
});
