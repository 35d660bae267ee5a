import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { insertIncident } from '../../../server/stores/incidents.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let server: TestServer;

/** Midnight UTC `days` days ago, plus a UTC wall-clock time: an incident time whose hour we control. */
function utcDaysAgoAt(days: number, hhmm: string): string {
  const midnight = new Date(Date.now() - days * DAY);
  midnight.setUTCHours(0, 0, 0, 0);
  const [hours, minutes] = hhmm.split(':').map(Number);
  return new Date(midnight.getTime() + hours * HOUR + minutes * 60_000).toISOString();
}

/** Less than a day old and daytime in India (UTC+05:30, night 22:00–06:00): of three instants 8 h apart one must be. */
function recentIndianDaytime(): string {
  for (const hoursAgo of [1, 9, 17]) {
    const at = new Date(Date.now() - hoursAgo * HOUR);
    const istMinutes = (at.getUTCHours() * 60 + at.getUTCMinutes() + 330) % 1440;
    if (istMinutes >= 6 * 60 + 5 && istMinutes < 22 * 60 - 5) return at.toISOString();
  }
  throw new Error('unreachable: one of three instants 8 h apart is daytime');
}

async function seed(partial: Partial<Incident> & Pick<Incident, 'regionId' | 'createdAt'>): Promise<void> {
  const incident: Incident = {
    id: randomUUID(),
    type: 'panic',
    severity: 'high',
    status: 'open',
    latitude: 25.5788,
    longitude: 91.8933,
    acknowledgedAt: null,
    resolvedAt: null,
    touristId: null,
    deviceId: null,
    meta: { source: 'test' },
    ...partial,
  };
  await insertIncident(server.ctx.db, incident);
}

beforeAll(async () => {
  server = await startTestServer();
  const place = (placeId: string) => ({ source: 'test', placeId });
  // Shillong (Asia/Kolkata). The 0.7 band: two to three days old.
  await seed({ regionId: 'shillong', createdAt: utcDaysAgoAt(2, '17:30'), meta: place('police-bazar') }); // high, open, 23:00 IST: night
  await seed({
    regionId: 'shillong',
    createdAt: utcDaysAgoAt(2, '01:00'),
    type: 'geofence',
    severity: 'medium',
    status: 'resolved',
    meta: place('police-bazar'),
  }); // 06:30 IST: day
  await seed({
    regionId: 'shillong',
    createdAt: recentIndianDaytime(),
    type: 'safe',
    severity: 'low',
    meta: place('ward-lake'),
  }); // 1.0 band
  await seed({
    regionId: 'shillong',
    createdAt: utcDaysAgoAt(10, '10:00'),
    status: 'acknowledged',
    meta: place('ward-lake'),
  }); // 0.4 band, 15:30 IST
  await seed({
    regionId: 'shillong',
    createdAt: utcDaysAgoAt(45, '20:00'),
    type: 'low_battery',
    severity: 'low',
    status: 'resolved',
    meta: place('police-bazar'),
  }); // 0.2 band, 01:30 IST: night
  // Same place id in another region must not count for Shillong.
  await seed({ regionId: 'guwahati', createdAt: recentIndianDaytime(), meta: place('police-bazar') });

  // A region kept in UTC: 03:00 UTC is night there (08:30 in India).
  await server.ctx.db.query(
    `insert into regions (id, name, center_lat, center_lng, time_zone) values ('utc-town', 'UTC Town', 0, 0, 'UTC')`,
  );
  await seed({ regionId: 'utc-town', createdAt: utcDaysAgoAt(2, '03:00'), status: 'resolved' });
  // A region not in the table takes the `default` region's time zone (Asia/Kolkata).
  await seed({ regionId: 'nowhere', createdAt: utcDaysAgoAt(2, '17:30'), status: 'resolved' });

  await server.ctx.db.transaction(async (tx) => {
    for (let i = 0; i < 301; i += 1) {
      await insertIncident(tx, {
        id: `crowded-${i}`,
        type: 'panic',
        severity: 'high',
        status: 'open',
        latitude: 0,
        longitude: 0,
        createdAt: new Date(Date.now() - HOUR).toISOString(),
        acknowledgedAt: null,
        resolvedAt: null,
        regionId: 'crowded',
        touristId: null,
        deviceId: null,
        meta: { source: 'test' },
      });
    }
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /safety-score', () => {
  it('counts the region incidents over the last `days`', async () => {
    const month = await call(server.url, 'GET', '/safety-score?regionId=shillong');
    expect(month.status).toBe(200);
    expect(month.body).toMatchObject({
      ok: true,
      regionId: 'shillong',
      days: 30,
      score: 888,
      inputs: { incidents: 4 },
    });
    expect(Date.parse(month.body.computedAt)).toBeGreaterThan(Date.now() - 60_000);

    const twoMonths = await call(server.url, 'GET', '/safety-score?regionId=shillong&days=60');
    expect(twoMonths.body).toMatchObject({ days: 60, score: 885, inputs: { incidents: 5 } });
  });

  it('floors at 0 past 300 incidents', async () => {
    const crowded = await call(server.url, 'GET', '/safety-score?regionId=crowded&days=1');
    expect(crowded.body).toMatchObject({ score: 0, inputs: { incidents: 301 } });
  });

  it("scores every region together for the dashboard's region 'all'", async () => {
    const regions = ['shillong', 'guwahati', 'utc-town', 'nowhere', 'crowded', 'default'];
    const perRegion = await Promise.all(
      regions.map((id) => call(server.url, 'GET', `/safety-score?regionId=${id}&days=60`)),
    );
    const total = perRegion.reduce((sum, answer) => sum + answer.body.inputs.incidents, 0);
    const all = await call(server.url, 'GET', '/safety-score?regionId=all&days=60');
    expect(total).toBeGreaterThan(301);
    expect(all.body).toMatchObject({ regionId: 'all', inputs: { incidents: total }, score: 0 });
    const credit = await call(server.url, 'GET', '/safety-credit?regionId=all&days=60');
    expect(credit.body.inputs.total).toBe(total);
  });

  it('answers 900 for the default region when it has no incidents', async () => {
    const fallback = await call(server.url, 'GET', '/safety-score');
    expect(fallback.body).toMatchObject({
      ok: true,
      regionId: 'default',
      days: 30,
      score: 900,
      inputs: { incidents: 0 },
    });
  });

  it('rejects days outside 1..3650 naming days', async () => {
    for (const days of ['0', 'abc', '3651']) {
      const bad = await call(server.url, 'GET', `/safety-score?days=${days}`);
      expect(bad.status).toBe(400);
      expect(bad.body.issues[0].path).toBe('days');
    }
  });
});

describe('GET /safety-credit', () => {
  it('scores the region over 30 days by Heuristic v1', async () => {
    const credit = await call(server.url, 'GET', '/safety-credit?regionId=shillong');
    expect(credit.status).toBe(200);
    // density 2×3×0.7 + 2×2×0.7 + 2×1×1.0 + 2×3×0.4 = 4.2 + 2.8 + 2 + 2.4 = 11.4
    // unresolved 3/4 → 187.5, soft 1/4 → 25, night 1/4 → 12.5; 900 − 236.4 = 663.6
    expect(credit.body).toEqual({
      ok: true,
      score: 664,
      components: { densityPenalty: 11.4, unresolvedPenalty: 187.5, softPenalty: 25, nightPenalty: 12.5 },
      inputs: { regionId: 'shillong', placeId: null, days: 30, total: 4, unresolved: 3, softAlerts: 1, nightCount: 1 },
    });
  });

  it('takes in the 0.2 band when `days` reaches past 30', async () => {
    const credit = await call(server.url, 'GET', '/safety-credit?regionId=shillong&days=60');
    // density 11.4 + 2×1×0.2 = 11.8; unresolved 3/5 → 150, soft 2/5 → 40, night 2/5 → 20; 900 − 221.8 = 678.2
    expect(credit.body.components).toEqual({
      densityPenalty: 11.8,
      unresolvedPenalty: 150,
      softPenalty: 40,
      nightPenalty: 20,
    });
    expect(credit.body.score).toBe(678);
    expect(credit.body.inputs).toMatchObject({ total: 5, unresolved: 3, softAlerts: 2, nightCount: 2 });
  });

  it('narrows to one place of the region with placeId', async () => {
    const credit = await call(server.url, 'GET', '/safety-credit?regionId=shillong&placeId=police-bazar');
    // 4.2 + 2.8 = 7; unresolved 1/2 → 125; soft 0; night 1/2 → 25; 900 − 157 = 743
    expect(credit.body).toEqual({
      ok: true,
      score: 743,
      components: { densityPenalty: 7, unresolvedPenalty: 125, softPenalty: 0, nightPenalty: 25 },
      inputs: {
        regionId: 'shillong',
        placeId: 'police-bazar',
        days: 30,
        total: 2,
        unresolved: 1,
        softAlerts: 0,
        nightCount: 1,
      },
    });
  });

  it('counts night in the time zone of the region', async () => {
    const utcTown = await call(server.url, 'GET', '/safety-credit?regionId=utc-town');
    expect(utcTown.body.inputs.nightCount).toBe(1); // 03:00 UTC
    expect(utcTown.body.score).toBe(846); // round(900 − 4.2 − 50 = 845.8)
  });

  it('answers for an unknown region with the default region time zone', async () => {
    const nowhere = await call(server.url, 'GET', '/safety-credit?regionId=nowhere');
    expect(nowhere.body.inputs).toMatchObject({ regionId: 'nowhere', total: 1, nightCount: 1 }); // 23:00 IST
    const empty = await call(server.url, 'GET', '/safety-credit?regionId=never-seen&placeId=x');
    expect(empty.body).toEqual({
      ok: true,
      score: 900,
      components: { densityPenalty: 0, unresolvedPenalty: 0, softPenalty: 0, nightPenalty: 0 },
      inputs: { regionId: 'never-seen', placeId: 'x', days: 30, total: 0, unresolved: 0, softAlerts: 0, nightCount: 0 },
    });
  });

  it('caps density at 500 over HTTP', async () => {
    const crowded = await call(server.url, 'GET', '/safety-credit?regionId=crowded');
    expect(crowded.body.components.densityPenalty).toBe(500); // 301 × 6 = 1806
    expect(crowded.body.components.unresolvedPenalty).toBe(250);
  });

  it('rejects an empty placeId naming placeId', async () => {
    const bad = await call(server.url, 'GET', '/safety-credit?regionId=shillong&placeId=');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('placeId');
  });
});
