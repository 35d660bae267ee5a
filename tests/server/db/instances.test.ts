import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../helpers/server.ts';
import { spawnServerPair, type ServerPair } from '../../helpers/server-pair.ts';
import { spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';
import { openStream } from '../../helpers/sse.ts';

describe('embedded storage belongs to one process', () => {
  it('a second server on the same PGlite folder refuses to start with a clear error, and SIGTERM exits cleanly', async () => {
    const first = await spawnServer({ DATABASE_URL: '' });
    try {
      const second = spawnServer({ DATABASE_URL: '', DATA_DIR: first.dataDir });
      await expect(second).rejects.toThrow(/in use by another server \(pid \d+\)/);
      expect((await call(first.url, 'GET', '/db-mode')).body).toEqual({ ok: true, mode: 'pglite' });
    } finally {
      expect(await first.stop()).toBe(0);
    }
  }, 90_000);

  it('SIGTERM ends open streams, and a restart on the same folder resumes them by id with nothing lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pad-restart-'));
    let server = await spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir });
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    await stream.waitForMessages(1);
    const before = await call(server.url, 'POST', '/panic-alert', {
      latitude: 25.5,
      longitude: 91.8,
      touristId: 'before-restart',
    });
    const beforeAlert = await stream.waitFor((m) => m.data.type === 'alert');
    expect(beforeAlert.data.alert.id).toBe(before.body.alert.id);

    expect(await server.stop()).toBe(0);
    await stream.closed; // the server ended the stream as it drained

    server = await spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: new URL(server.url).port });
    try {
      const after = await call(server.url, 'POST', '/panic-alert', {
        latitude: 25.6,
        longitude: 91.9,
        touristId: 'after-restart',
      });
      const resumed = await openStream(`${server.url}/panic-alerts/stream`, stream.messages.at(-1)!.id);
      try {
        const alert = await resumed.waitFor((m) => m.data.type === 'alert');
        expect(alert.data.alert.id).toBe(after.body.alert.id);
        expect(resumed.messages[0].data.type).not.toBe('snapshot');
        expect(resumed.messages.filter((m) => m.data.type === 'alert')).toHaveLength(1);
      } finally {
        resumed.close();
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

// Several servers share one PostgreSQL (the second pass of .ci/run sets DATABASE_URL); PGlite is one process by design.
describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let pair: ServerPair;
  let a: SpawnedServer;
  let b: SpawnedServer;

  beforeAll(async () => {
    pair = await spawnServerPair();
    ({ a, b } = pair);
  }, 120_000);
  afterAll(() => pair?.stop());

  it('an alert posted to one reaches a stream opened on the other, through NOTIFY', async () => {
    const stream = await openStream(`${b.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const sentAt = performance.now();
        const posted = await call(a.url, 'POST', '/panic-alert', {
          latitude: 26.14,
          longitude: 91.73,
          touristId: `cross-${i}`,
        });
        expect(posted.status).toBe(201);
        await stream.waitFor((m) => m.data.type === 'alert' && m.data.alert.id === posted.body.alert.id, 2000);
        latencies.push(performance.now() - sentAt);
      }
      console.log(`cross-instance POST → SSE latency (ms): ${latencies.map((ms) => ms.toFixed(1)).join(', ')}`);
      const alertIds = stream.messages.filter((m) => m.data.type === 'alert').map((m) => m.id);
      expect(new Set(alertIds).size).toBe(5);
    } finally {
      stream.close();
    }
  });

  it('a client whose server dies resumes on the other server with nothing lost and nothing twice', async () => {
    const onA = await openStream(`${a.url}/panic-alerts/stream`);
    await onA.waitForMessages(1);
    const first = await call(a.url, 'POST', '/panic-alert', {
      latitude: 26.1,
      longitude: 91.7,
      touristId: 'failover-1',
    });
    await onA.waitFor((m) => m.data.type === 'alert' && m.data.alert.id === first.body.alert.id);
    await a.kill(); // no drain: the process is gone
    await onA.closed;

    const missed: string[] = [];
    for (let i = 0; i < 3; i++) {
      missed.push(
        (
          await call(b.url, 'POST', '/panic-alert', {
            latitude: 26.2,
            longitude: 91.6,
            touristId: `failover-missed-${i}`,
          })
        ).body.alert.id,
      );
    }
    const onB = await openStream(`${b.url}/panic-alerts/stream`, onA.messages.at(-1)!.id);
    try {
      await onB.waitFor((m) => m.data.type === 'alert' && m.data.alert.id === missed[2]);
      const alertIds = onB.messages.filter((m) => m.data.type === 'alert').map((m) => m.data.alert.id);
      expect(alertIds).toEqual(missed);
    } finally {
      onB.close();
    }
  });
});
