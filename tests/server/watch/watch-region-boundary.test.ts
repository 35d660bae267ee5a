// A tourist outside every zone but inside a region's boundary (issue 31) is watched by that region (issue 32):
// the last-seen row is placed as a panic there would be, so the region's settings and time zone decide. A fresh
// install has no boundary (issue 46): Shillong's is drawn here as an admin would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { drawBoundary } from '../support/regions.ts';
import { reporting, secondsAfter, uniqueTourist, watchIncidentsOf } from '../support/watch.ts';

/** Between Police Bazar and Ward's Lake: inside Shillong's boundary, outside every zone. */
const SHILLONG_STREET = { latitude: 25.59, longitude: 91.9 };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ retentionIntervalMs: 0, watchCheckMs: 0 });
  await drawBoundary(server, 'shillong');
});
afterAll(async () => {
  await server?.stop();
});

async function regionOfRow(tourist: string): Promise<string> {
  const { rows } = await server.ctx.db.query<{ region_id: string }>(
    'select region_id from watch_last where ping_key = $1',
    [tourist],
  );
  return rows[0].region_id;
}

describe('a tourist inside a boundary, outside every zone', () => {
  it("is judged by Shillong's settings: a short silence limit set only on Shillong raises it", async () => {
    const saved = (await call(server.url, 'GET', '/regions/shillong/watch')).body.settings;
    const put = await call(server.url, 'PUT', '/regions/shillong/watch', {
      silentAfterS: 120,
      silentAtNightAfterS: 120,
    });
    expect(put.status).toBe(200);
    try {
      const tourist = uniqueTourist('boundary');
      const start = await reporting(server, tourist, SHILLONG_STREET.latitude, SHILLONG_STREET.longitude);
      const end = Date.now();
      expect(await regionOfRow(tourist)).toBe('shillong');
      // The default region's limits (30 min, 15 at night) would raise nothing 5 minutes on.
      await runWatchCheck(server.ctx, secondsAfter(start, 119));
      expect(await watchIncidentsOf(server, tourist)).toEqual([]);
      await runWatchCheck(server.ctx, secondsAfter(end, 5 * 60));
      const [silent] = await watchIncidentsOf(server, tourist);
      expect(silent).toMatchObject({ type: 'silent', regionId: 'shillong', meta: { rule: 'silent', limitS: 120 } });
    } finally {
      await call(server.url, 'PUT', '/regions/shillong/watch', saved);
    }
  });

  it('outside every boundary the row stays in default', async () => {
    const tourist = uniqueTourist('boundary');
    await reporting(server, tourist, -33.9, -70.6);
    expect(await regionOfRow(tourist)).toBe('default');
  });
});

/** An Etc/GMT zone whose local hour is `hour` now. */
function zoneWhereHourIs(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 12) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe('the night rule', () => {
  it("uses the time zone of the region whose boundary holds the tourist, not the default region's", async () => {
    const square = (lat: number) => [
      [lat, 20],
      [lat + 1, 20],
      [lat + 1, 21],
      [lat, 21],
    ];
    for (const [id, lat, hour] of [
      ['watch-day', 30, 12],
      ['watch-night', 32, 1],
    ] as const) {
      const res = await call(server.url, 'POST', '/regions', {
        id,
        name: id,
        timeZone: zoneWhereHourIs(hour),
        homeView: { center: [lat + 0.5, 20.5], zoom: 10 },
        boundary: square(lat),
        contacts: [],
      });
      expect(res.status).toBe(201);
    }
    const dayTourist = uniqueTourist('day');
    const nightTourist = uniqueTourist('night');
    await reporting(server, dayTourist, 30.5, 20.5);
    await reporting(server, nightTourist, 32.5, 20.5);
    const end = Date.now();
    // Past the night limit (15 min), short of the day limit (30 min).
    await runWatchCheck(server.ctx, secondsAfter(end, 16 * 60));
    expect(await watchIncidentsOf(server, dayTourist)).toEqual([]);
    const [night] = await watchIncidentsOf(server, nightTourist);
    expect(night).toMatchObject({
      type: 'silent',
      severity: 'high',
      regionId: 'watch-night',
      meta: { atNight: true, limitS: 15 * 60 },
    });
    await runWatchCheck(server.ctx, secondsAfter(end, 31 * 60));
    const [day] = await watchIncidentsOf(server, dayTourist);
    expect(day).toMatchObject({
      type: 'silent',
      severity: 'medium',
      regionId: 'watch-day',
      meta: { atNight: false, limitS: 30 * 60 },
    });
  });
});
