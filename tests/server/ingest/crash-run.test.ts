// Phones that retry with an Idempotency-Key against a server SIGKILLed mid-stream: every panic a phone
// was told is stored is there once, none is lost and none is doubled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, dropSchema, uniqueSchema } from '../../helpers/server.ts';
import { freePort, spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';

const PHONES = 4;
const PANICS_PER_PHONE = 15;
const KILLS = 3;

const dataDir = mkdtempSync(join(tmpdir(), 'pad-crash-'));
const schema = uniqueSchema();
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One phone: each panic is retried with its key until the server answers 201. */
async function phone(url: () => string, index: number, acknowledged: Map<string, string>): Promise<void> {
  for (let n = 0; n < PANICS_PER_PHONE; n++) {
    const key = `phone-${index}-panic-${n}`;
    for (;;) {
      try {
        const answer = await call(
          url(),
          'POST',
          '/panic-alert',
          { latitude: 25.5, longitude: 91.8, touristId: `phone-${index}` },
          { 'Idempotency-Key': key },
        );
        if (answer.status === 201) {
          acknowledged.set(key, answer.body.incident.id);
          break;
        }
      } catch {
        // the server is down: retry, as a phone does
      }
      await pause(50);
    }
  }
}

describe('crash run', () => {
  it(`${PHONES} phones × ${PANICS_PER_PHONE} panics, ${KILLS} SIGKILLs: none lost, none doubled`, async () => {
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_SCHEMA: schema };
    let server: SpawnedServer = await spawnServer(env);
    const acknowledged = new Map<string, string>();
    const phones = Promise.all(Array.from({ length: PHONES }, (_, i) => phone(() => server.url, i, acknowledged)));

    for (let kill = 1; kill <= KILLS; kill++) {
      const target = (kill * PHONES * PANICS_PER_PHONE) / (KILLS + 1);
      while (acknowledged.size < target) await pause(10);
      await server.kill();
      server = await spawnServer(env);
    }
    await phones;

    try {
      const listed = await call(server.url, 'GET', '/incidents?limit=500');
      const stored: string[] = listed.body.incidents.map((incident: { id: string }) => incident.id);
      expect(acknowledged.size).toBe(PHONES * PANICS_PER_PHONE);
      for (const id of acknowledged.values()) expect(stored.filter((storedId) => storedId === id)).toHaveLength(1);
      expect(stored).toHaveLength(PHONES * PANICS_PER_PHONE);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
