// Migration 026 (issue 46): a fresh install has no region boundaries, and a store 014 made loses the seeded
// ones nobody edited, keeping those a supervisor drew. Tested on a store migrated as today's main leaves it
// (through 025), edited through the region store's own write, then migrated on.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate.ts';
import { openPglite } from '../../../../server/db/pglite.ts';
import { openPostgres } from '../../../../server/db/postgres.ts';
import type { Database } from '../../../../server/db/seam.ts';
import { findRegion, listRegions, saveRegion } from '../../../../server/stores/regions.ts';
import { call, dropSchema, startTestServer, uniqueSchema, type TestServer } from '../../../helpers/server.ts';

const SHILLONG = [25.5788, 91.8933] as const;
/** A supervisor's own outline of Shillong, wider than the seeded one. */
const DRAWN: [number, number][] = [
  [25.65, 91.8],
  [25.65, 92.0],
  [25.5, 92.0],
  [25.5, 91.8],
];

/** PostgreSQL in its own schema when DATABASE_URL is set, else PGlite made from nothing (not the migrated template). */
async function emptyStore(): Promise<{ db: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = uniqueSchema();
    const db = await openPostgres(url, schema);
    return {
      db,
      drop: async () => {
        await db.close();
        await dropSchema(url, schema);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'pad-migration-'));
  // An existing store folder is never overwritten by the template: this one starts empty.
  mkdirSync(join(dir, 'pglite'));
  const db = await openPglite(dir);
  return {
    db,
    drop: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("026 on a store made by today's main", () => {
  let store: Awaited<ReturnType<typeof emptyStore>>;
  beforeAll(async () => {
    store = await emptyStore();
    await migrate(store.db, '025_push_cursor.sql');
    const { db } = store;
    // A supervisor redrew Shillong's boundary and gave Guwahati a new tourism line, keeping its seeded outline.
    await db.transaction(async (tx) => {
      const shillong = (await findRegion(tx, 'shillong'))!;
      await saveRegion(tx, { ...shillong, boundary: DRAWN }, true);
      const guwahati = (await findRegion(tx, 'guwahati'))!;
      await saveRegion(
        tx,
        {
          ...guwahati,
          contacts: [...guwahati.contacts, { label: 'Tourist police', phone: '0361-2540000', kind: 'police' }],
        },
        true,
      );
    });
    // A panic at Kaziranga, filed under Assam by its seeded boundary; Bengaluru's and Default's rows untouched.
    await db.query(
      `insert into incidents (id, type, severity, latitude, longitude, created_at, region_id) values ('kaziranga-panic', 'panic', 'high', 26.595, 93.41, now(), 'assam')`,
    );
    await migrate(db);
  }, 60_000);
  afterAll(() => store?.drop());

  it('keeps the boundaries someone saved (redrawn, or kept while editing contacts) and removes the untouched one, keeping Assam for its incident', async () => {
    const regions = await listRegions(store.db);
    expect(regions.map((region) => [region.id, region.boundary])).toEqual([
      ['assam', null],
      ['bengaluru', null],
      ['default', null],
      [
        'guwahati',
        [
          [26.225, 91.6],
          [26.225, 91.85],
          [26.15, 91.9],
          [26.08, 91.85],
          [26.08, 91.62],
          [26.13, 91.58],
        ],
      ],
      ['shillong', DRAWN],
    ]);
    // Assam's incident is still under Assam, with the region's contacts and home view as they were.
    const assam = regions.find((region) => region.id === 'assam')!;
    expect(assam.contacts.map((contact) => contact.label)).toContain('Assam Tourism');
    expect(assam.homeView).toEqual({ center: [26.35, 92.9], zoom: 7 });
    expect((await store.db.query('select region_id from incidents')).rows).toEqual([{ region_id: 'assam' }]);
  });
});

describe('a fresh install (014 and 026 together)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("lists the spec's regions (and Bengaluru) with their contacts and no boundary, and files a panic at Shillong under default", async () => {
    const { regions } = (await call(server.url, 'GET', '/regions')).body;
    expect(regions.map((region: { id: string }) => region.id)).toEqual([
      'bengaluru',
      'default',
      'guwahati',
      'shillong',
    ]);
    expect(regions.filter((region: { boundary: unknown }) => region.boundary !== null)).toEqual([]);
    const shillong = regions.find((region: { id: string }) => region.id === 'shillong');
    expect(
      shillong.contacts.map((contact: { label: string; phone: string }) => `${contact.label}: ${contact.phone}`),
    ).toContain('Meghalaya Tourism: 1800-599-2026');
    // Assam's demo unit went with the region; the cities' stay.
    expect((await call(server.url, 'GET', '/regions/guwahati/units')).body.units.length).toBeGreaterThan(0);

    const panic = await call(server.url, 'POST', '/panic-alert', { latitude: SHILLONG[0], longitude: SHILLONG[1] });
    expect(panic.status).toBe(201);
    expect(panic.body.incident.regionId).toBe('default');
    const listed = (await call(server.url, 'GET', '/incidents/filter?regionId=default')).body.incidents;
    expect(listed.map((incident: { id: string }) => incident.id)).toContain(panic.body.incident.id);
  });
});
