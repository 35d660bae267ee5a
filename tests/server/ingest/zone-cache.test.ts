// The zones a group of pings is checked against (server/ingest/zone-cache.ts): found through a grid of their
// bounding boxes, wide zones included, green zones left out, and read again only when the revision moves.
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../../server/db/seam.ts';
import { ZoneCache } from '../../../server/ingest/zone-cache.ts';

const row = (id: string, riskLevel: string, polygon: [number, number][]) => ({
  id,
  name: id,
  risk_level: riskLevel,
  region_id: 'shillong',
  polygon,
  meta: {},
  version: 1,
  updated_by: null,
  updated_at: new Date(0),
});
const square = (lat: number, lng: number, size: number): [number, number][] => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];

/** A store that answers the zones' query with `rows`, counting how often it is asked. */
function storeOf(rows: unknown[]) {
  const store = { reads: 0, rows, query: async () => (store.reads++, { rows: store.rows }) };
  return store as typeof store & Sql;
}

describe('the zone cache', () => {
  const rows = [
    row('small', 'red', square(25.57, 91.88, 0.01)),
    // A legacy zone over most of a state: past the grid's per-zone limit, checked for every ping.
    row('wide', 'yellow', square(20, 80, 5)),
    row('edge', 'red', square(-0.1, -0.1, 0.1)),
    row('green', 'green', square(25.57, 91.88, 0.01)),
  ];

  it('answers the red and yellow zones whose box holds a point, edges included, and never the green ones', async () => {
    const cache = new ZoneCache();
    const ids = async (points: { latitude: number; longitude: number }[]) =>
      (await cache.zonesForPoints(storeOf(rows), '1', points, [])).map((zone) => zone.id).sort();
    expect(await ids([{ latitude: 25.575, longitude: 91.885 }])).toEqual(['small']);
    expect(await ids([{ latitude: 25.58, longitude: 91.89 }])).toEqual(['small']);
    expect(await ids([{ latitude: 24.9, longitude: 84.9 }])).toEqual(['wide']);
    expect(
      await ids([
        { latitude: 0, longitude: 0 },
        { latitude: -0.1, longitude: -0.1 },
      ]),
    ).toEqual(['edge']);
    expect(
      await ids([
        { latitude: 25.575, longitude: 91.885 },
        { latitude: 22, longitude: 82 },
      ]),
    ).toEqual(['small', 'wide']);
    expect(await ids([{ latitude: 10, longitude: 10 }])).toEqual([]);
  });

  it('adds the zones a key is inside now, wherever the point is, green or not', async () => {
    const found = await new ZoneCache().zonesForPoints(
      storeOf(rows),
      '1',
      [{ latitude: 10, longitude: 10 }],
      ['green', 'gone'],
    );
    expect(found.map((zone) => zone.id)).toEqual(['green']);
  });

  it('reads the zones again only when the revision its transaction sees has moved', async () => {
    const cache = new ZoneCache();
    const store = storeOf(rows);
    const point = [{ latitude: 25.575, longitude: 91.885 }];
    await cache.zonesForPoints(store, '7', point, []);
    await cache.zonesForPoints(store, '7', point, []);
    expect(store.reads).toBe(1);
    store.rows = [row('moved', 'red', square(25.57, 91.88, 0.01))];
    expect((await cache.zonesForPoints(store, '8', point, [])).map((zone) => zone.id)).toEqual(['moved']);
    expect(store.reads).toBe(2);
  });
});
