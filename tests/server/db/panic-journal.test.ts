// On the embedded store every acknowledged panic is also in an fsynced journal: one the store lost (as a
// power cut can, PGlite writing without fsync) comes back at the next start, exactly once.
import { constants, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import type { JournaledPanic } from '../../../server/db/panic-journal.ts';
import { openPanicJournal } from '../../../server/db/panic-journal.ts';
import { call } from '../../helpers/server.ts';
import { spawnServer } from '../../../tools/spawn-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pad-journal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** What a power cut can do to PGlite's unsynced pages: the rows are simply gone. */
async function loseFromStore(incidentId: string): Promise<void> {
  const store = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  try {
    await store.query('delete from alerts where incident_id = $1', [incidentId]);
    await store.query('delete from incidents where id = $1', [incidentId]);
    await store.query('delete from idempotency_keys');
  } finally {
    await store.close();
  }
}

async function copiesOf(url: string, incidentId: string): Promise<number> {
  const listed = await call(url, 'GET', '/incidents?limit=500');
  return listed.body.incidents.filter((incident: { id: string }) => incident.id === incidentId).length;
}

/** The flags a process opened `path` with, read from /proc (Linux), or undefined when it holds no descriptor for it. */
function openFlagsOf(pid: number, path: string): number | undefined {
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    if (target !== path) continue;
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'));
    if (flags) return Number.parseInt(flags[1], 8);
  }
  return undefined;
}

describe.runIf(!process.env.DATABASE_URL)(
  'the panic journal (embedded store only; PostgreSQL commits durably itself)',
  () => {
    it('a journaled panic missing from the store comes back after restart, once, with its idempotency key', async () => {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      let server = await spawnServer(env);
      const raised = await call(
        server.url,
        'POST',
        '/panic-alert',
        { latitude: 25.5, longitude: 91.8, touristId: 'lost' },
        { 'Idempotency-Key': 'k-lost' },
      );
      expect(raised.status).toBe(201);
      const journal = readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8');
      expect(journal).toContain(raised.body.incident.id);
      await server.kill();

      await loseFromStore(raised.body.incident.id);
      server = await spawnServer(env);
      try {
        expect(await copiesOf(server.url, raised.body.incident.id)).toBe(1);
        const stored = (await call(server.url, 'GET', '/incidents?limit=500')).body.incidents.find(
          (i: { id: string }) => i.id === raised.body.incident.id,
        );
        expect(stored).toEqual({
          acknowledgedBy: null,
          resolvedBy: null,
          assignee: null,
          escalatedAt: null,
          dispatchedAt: null,
          onSceneAt: null,
          ...raised.body.incident,
        });
        const retry = await call(
          server.url,
          'POST',
          '/panic-alert',
          { latitude: 25.5, longitude: 91.8, touristId: 'lost' },
          { 'Idempotency-Key': 'k-lost' },
        );
        expect(retry.body.incident.id).toBe(raised.body.incident.id);
        const alerts = await call(server.url, 'GET', '/panic-alerts?limit=500');
        expect(alerts.body.alerts.filter((alert: { id: string }) => alert.id === raised.body.alert.id)).toHaveLength(1);
        // Replayed, then (after the server answered: the sync is off the way to the first answer) the
        // store's files were synced and the journal emptied.
        await expect
          .poll(() => readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8'), { timeout: 60_000 })
          .toBe('');
        await expect
          .poll(() => existsSync(join(dataDir, 'panic-journal.sealed.ndjson')), { timeout: 60_000 })
          .toBe(false);
      } finally {
        await server.stop();
      }

      server = await spawnServer(env);
      try {
        expect(await copiesOf(server.url, raised.body.incident.id)).toBe(1);
      } finally {
        await server.stop();
      }
    }, 120_000);

    it.runIf(process.platform === 'linux')(
      'writes the journal synchronously: a panic is on disk once its one write returns',
      async () => {
        // A write and then an fdatasync each wait for a turn of the event loop, and under heavy reads a turn is
        // long: the journal's second wait was 20 ms of a panic's answer at p50 (bench/read-priority.ts).
        const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
        try {
          expect((await call(server.url, 'POST', '/panic-alert', { latitude: 25.5, longitude: 91.8 })).status).toBe(
            201,
          );
          const flags = openFlagsOf(server.process.pid!, join(dataDir, 'panic-journal.ndjson'));
          expect(flags).toBeDefined();
          expect(flags! & constants.O_DSYNC).toBe(constants.O_DSYNC);
          expect(flags! & constants.O_APPEND).toBe(constants.O_APPEND);
        } finally {
          await server.stop();
        }
      },
      120_000,
    );

    it('a clean stop syncs the store and empties the journal', async () => {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const server = await spawnServer(env);
      const raised = await call(server.url, 'POST', '/panic-alert', { latitude: 25.5, longitude: 91.8 });
      expect(readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8')).toContain(raised.body.incident.id);
      expect(await server.stop()).toBe(0);
      expect(readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8')).toBe('');
    }, 120_000);
  },
);

describe('openPanicJournal', () => {
  it('writes an append made the moment the one before it is on disk', async () => {
    // Before the fix, the second append found the first flush finishing and waited for it forever.
    const dir = mkdtempSync(join(tmpdir(), 'pad-journal-appends-'));
    try {
      const journal = await openPanicJournal(dir, undefined);
      const records = ['one', 'two', 'three'].map((id) => ({ answer: { incident: { id } } }) as JournaledPanic);
      for (const record of records) await journal.append(record);
      expect(journal.pending().map((record) => record.answer.incident.id)).toEqual(['one', 'two', 'three']);
      await journal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
