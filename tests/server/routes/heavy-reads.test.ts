import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE_ROWS } from '../../../server/routes/export.ts';
import { MAX_HISTORY_POINTS } from '../../../server/routes/gps.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

// Reads that could hold the store long are capped or paged. Each block seeds its own rows straight into
// the store (tens of thousands through the API would take minutes) under a prefix no other test uses.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = (path: string) => call(server.url, 'GET', path);
const keyOf = (ping: { touristId: string | null; deviceId: string | null }) =>
  ping.touristId ?? ping.deviceId ?? 'anon';

describe('GET /gps/last', () => {
  beforeAll(async () => {
    // 1200 keys seen two hours ago, one second apart (last-1 newest), and one seen two days ago.
    await server.ctx.db.query(
      `insert into gps_last (ping_key, tourist_id, device_id, latitude, longitude, at)
       select 'last-' || g, 'last-' || g, null, 25.5, 91.8, now() - interval '2 hours' - g * interval '1 second'
         from generate_series(1, 1200) as g
       union all select 'last-stale', 'last-stale', null, 25.5, 91.8, now() - interval '2 days'`,
    );
  });

  it('answers by default the newest 1000 keys seen in the last day, newest first: the dashboard keeps 50', async () => {
    const { status, body } = await get('/gps/last');
    expect(status).toBe(200);
    expect(body.pings).toHaveLength(1000);
    const keys: string[] = body.pings.map(keyOf);
    expect(keys.slice(0, 3)).toEqual(['last-1', 'last-2', 'last-3']);
    expect(keys).not.toContain('last-1001');
    expect(keys).not.toContain('last-stale');
  });

  it('takes limit and sinceMinutes (0 = ever)', async () => {
    expect((await get('/gps/last?limit=5')).body.pings.map(keyOf)).toEqual([
      'last-1',
      'last-2',
      'last-3',
      'last-4',
      'last-5',
    ]);
    const everything = await get('/gps/last?limit=10000&sinceMinutes=0');
    expect(everything.body.pings.map(keyOf)).toContain('last-stale');
    expect(everything.body.pings.map(keyOf)).toContain('last-1200');
  });

  it('refuses a limit over 10000 or under 1 with a 400 naming it', async () => {
    for (const path of ['/gps/last?limit=10001', '/gps/last?limit=0', '/gps/last?sinceMinutes=-1']) {
      const answer = await get(path);
      expect(answer.status).toBe(400);
      expect(answer.body.issues[0].path).toBe(path.includes('since') ? 'sinceMinutes' : 'limit');
    }
  });
});

describe('GET /gps/history', () => {
  beforeAll(async () => {
    // 250 keys, each with 3 points a minute apart, all in the last hour (the keys above are older); hist-1 was
    // seen most recently.
    await server.ctx.db.query(
      `insert into gps_pings (ping_key, tourist_id, device_id, latitude, longitude, at)
       select 'hist-' || g, 'hist-' || g, null, p, p, now() - g * interval '1 second' - (3 - p) * interval '1 minute'
         from generate_series(1, 250) as g, generate_series(1, 3) as p`,
    );
    await server.ctx.db.query(
      `insert into gps_last (ping_key, tourist_id, device_id, latitude, longitude, at)
       select ping_key, tourist_id, device_id, latitude, longitude, at from gps_pings where ping_key like 'hist-%' and latitude = 3`,
    );
  });

  const historyKeys = (history: Record<string, unknown>) =>
    Object.keys(history).filter((key) => key.startsWith('hist-'));

  it('answers by default the trails of the 200 keys seen most recently, each oldest point first', async () => {
    const { status, body } = await get('/gps/history?minutes=60');
    expect(status).toBe(200);
    const keys = historyKeys(body.history);
    expect(keys).toHaveLength(200);
    expect(keys).toContain('hist-1');
    expect(keys).toContain('hist-200');
    expect(keys).not.toContain('hist-201');
    expect(body.history['hist-7'].map((point: { latitude: number }) => point.latitude)).toEqual([1, 2, 3]);
  });

  it('takes keys, and covers fewer keys when the per-key limit would pass the point cap', async () => {
    expect(historyKeys((await get('/gps/history?minutes=60&keys=3')).body.history).sort()).toEqual([
      'hist-1',
      'hist-2',
      'hist-3',
    ]);
    const deep = await get('/gps/history?minutes=60&limit=1000');
    expect(historyKeys(deep.body.history)).toHaveLength(MAX_HISTORY_POINTS / 1000);
  });
});

describe('GET /incidents/export', () => {
  const ROWS = 2 * EXPORT_PAGE_ROWS + 500;

  beforeAll(async () => {
    // Many rows share one time to the microsecond, so pages must break ties by id and keep every digit.
    await server.ctx.db.query(
      `insert into incidents (id, type, severity, status, latitude, longitude, created_at, region_id, meta)
       select 'paged-' || lpad(g::text, 5, '0'), 'safe', 'low', 'open', 1, 1,
              timestamptz '2030-01-01 00:00:00.123456+00' - (g / 7) * interval '1 microsecond', 'paged', '{"source":"soft"}'
         from generate_series(1, ${ROWS}) as g`,
    );
  });

  it('reads page after page: every row once, newest first, ties in id order', async () => {
    const csv = await (await fetch(`${server.url}/incidents/export?regionId=paged`)).text();
    const ids = csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `select id from incidents where region_id = 'paged' order by created_at desc, id desc`,
    );
    expect(ids).toHaveLength(ROWS);
    expect(ids).toEqual(rows.map((row) => row.id));
  });
});
