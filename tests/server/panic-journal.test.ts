// On the embedded store every acknowledged panic is also in an fsynced journal: one the store lost (as a
// power cut can, PGlite writing without fsync) comes back at the next start, exactly once.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { spawnServer } from '../../tools/spawn-server.ts';

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

describe.runIf(!process.env.DATABASE_URL)('the panic journal (embedded store only; PostgreSQL commits durably itself)', () => {
  it('a journaled panic missing from the store comes back after restart, once, with its idempotency key', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    let server = await spawnServer(env);
    const raised = await call(server.url, 'POST', '/panic-alert', { latitude: 25.5, longitude: 91.8, touristId: 'lost' }, { 'Idempotency-Key': 'k-lost' });
    expect(raised.status).toBe(201);
    const journal = readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8');
    expect(journal).toContain(raised.body.incident.id);
    await server.kill();

    await loseFromStore(raised.body.incident.id);
    server = await spawnServer(env);
    try {
      expect(await copiesOf(server.url, raised.body.incident.id)).toBe(1);
      const stored = (await call(server.url, 'GET', '/incidents?limit=500')).body.incidents.find((i: { id: string }) => i.id === raised.body.incident.id);
      expect(stored).toEqual({ acknowledgedBy: null, resolvedBy: null, assignee: null, escalatedAt: null, ...raised.body.incident });
      const retry = await call(server.url, 'POST', '/panic-alert', { latitude: 25.5, longitude: 91.8, touristId: 'lost' }, { 'Idempotency-Key': 'k-lost' });
      expect(retry.body.incident.id).toBe(raised.body.incident.id);
      const alerts = await call(server.url, 'GET', '/panic-alerts?limit=500');
      expect(alerts.body.alerts.filter((alert: { id: string }) => alert.id === raised.body.alert.id)).toHaveLength(1);
      // Replayed, then (after the server answered: the sync is off the way to the first answer) the
      // store's files were synced and the journal emptied.
      await expect.poll(() => readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8'), { timeout: 60_000 }).toBe('');
      await expect.poll(() => existsSync(join(dataDir, 'panic-journal.sealed.ndjson')), { timeout: 60_000 }).toBe(false);
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

  it('a clean stop syncs the store and empties the journal', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const server = await spawnServer(env);
    const raised = await call(server.url, 'POST', '/panic-alert', { latitude: 25.5, longitude: 91.8 });
    expect(readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8')).toContain(raised.body.incident.id);
    expect(await server.stop()).toBe(0);
    expect(readFileSync(join(dataDir, 'panic-journal.ndjson'), 'utf8')).toBe('');
  }, 120_000);
});
