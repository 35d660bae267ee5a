import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import { startSimulator, type Simulator } from '../../../server/simulate/simulator.ts';
import { DEMO_REGION, FALL_PREFIX, SILENT_PREFIX } from '../../../server/simulate/watch-scenes.ts';
import { demoRegions, zones } from '../../../server/simulate/places.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  // The watch is checked by the test, at the moments it names.
  server = await startTestServer({ watchCheckMs: 0 });
});

afterAll(async () => {
  await server?.stop();
});

/** A fetch that counts requests and can be told to fail like a server that is down or broken. */
function instrumentedFetch() {
  const state = { calls: 0, mode: 'up' as 'up' | 'down' | 'failing' };
  const wrapped: typeof fetch = async (input, init) => {
    state.calls += 1;
    if (state.mode === 'down') throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    if (state.mode === 'failing')
      return new Response(JSON.stringify({ ok: false, error: 'Service unavailable.' }), { status: 503 });
    return fetch(input, init);
  };
  return { fetch: wrapped, state };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const count = async (sql: string) => Number((await server.ctx.db.query<{ n: number }>(sql)).rows[0].n);
const pingKeys = () => count('select count(*) as n from gps_last');
const panics = () => count(`select count(*) as n from incidents where type = 'panic'`);
const pingRows = () => count('select count(*) as n from gps_pings');

describe('the demo simulator', () => {
  let simulator: Simulator | undefined;
  afterAll(async () => {
    await simulator?.stop();
  });

  it('survives a server that is down then failing, then draws boundaries, seeds zones, walks 25 tourists and raises a panic', async () => {
    // A boundary a supervisor drew is kept: the demo draws only where there is none.
    const guwahati = (await call(server.url, 'GET', '/regions')).body.regions.find(
      (region: { id: string }) => region.id === 'guwahati',
    );
    const drawn = [
      [26.3, 91.5],
      [26.3, 92.0],
      [26.0, 92.0],
      [26.0, 91.5],
    ];
    const { id: _id, center: _center, updatedAt: _at, ...fields } = guwahati;
    expect((await call(server.url, 'PUT', '/regions/guwahati', { ...fields, boundary: drawn })).status).toBe(200);
    const lines: string[] = [];
    const { fetch, state } = instrumentedFetch();
    state.mode = 'down';
    simulator = startSimulator({
      baseUrl: server.url,
      log: (line) => lines.push(line),
      tourists: 25,
      pingEveryMs: 150,
      firstPanicWithinMs: 2500,
      setupRetryMs: 200,
      softChancePerMinute: 6,
      seed: 42,
      watchScenes: false,
      fetch,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    state.mode = 'failing';
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.some((line) => /failed: .*ECONNREFUSED/.test(line))).toBe(true);
    expect(lines.some((line) => /answered 503/.test(line))).toBe(true);
    expect(await pingKeys()).toBe(0);
    state.mode = 'up';

    await waitFor(
      async () => (await pingKeys()) >= 20 && (await panics()) >= 1 && simulator!.counts().devices === 25,
      30_000,
    );

    const { rows: seeded } = await server.ctx.db.query<{ place_id: string; region_id: string }>(
      `select meta->>'placeId' as place_id, region_id from geofences where id like 'sim-%' order by 1`,
    );
    expect(seeded.map((row) => row.place_id)).toEqual(zones.map((zone) => zone.placeId).sort());
    expect(new Set(seeded.map((row) => row.region_id))).toEqual(new Set(['shillong', 'guwahati', 'assam']));
    expect(simulator.counts()).toMatchObject({
      regions: demoRegions.length,
      zones: zones.length,
      tourists: 25,
      devices: 25,
    });
    const boundaries = Object.fromEntries(
      (await call(server.url, 'GET', '/regions')).body.regions.map((region: { id: string; boundary: unknown }) => [
        region.id,
        region.boundary,
      ]),
    );
    const demoBoundary = (id: string) => demoRegions.find((region) => region.id === id)!.boundary;
    expect(boundaries).toMatchObject({
      shillong: demoBoundary('shillong'),
      guwahati: drawn,
      assam: demoBoundary('assam'),
      default: null,
    });

    // Half the tourists send their touristId, the others only a deviceId.
    const { rows: keys } = await server.ctx.db.query<{ ping_key: string }>('select ping_key from gps_last');
    expect(keys.some((row) => row.ping_key.startsWith('sim-tourist-'))).toBe(true);
    expect(keys.some((row) => row.ping_key.startsWith('sim-device-'))).toBe(true);
    // Pings stay in the two cities (within ~10 km of a centre).
    const { rows: far } = await server.ctx.db.query(
      `select * from gps_last where not ((abs(latitude - 25.5788) < 0.1 and abs(longitude - 91.8933) < 0.1)
                                       or (abs(latitude - 26.1445) < 0.1 and abs(longitude - 91.7362) < 0.1))`,
    );
    expect(far).toEqual([]);
    await simulator.stop();
  });

  it('shows the watch: a tourist silent in a red zone raised a minute later under demo limits, and a band fall', async () => {
    const scenes = startSimulator({
      baseUrl: server.url,
      log: () => {},
      tourists: 1,
      pingEveryMs: 100,
      firstPanicWithinMs: 60_000,
      seed: 3,
    });
    try {
      await waitFor(
        async () =>
          (await count(
            `select count(*) as n from incidents where type = 'fall' and tourist_id like '${FALL_PREFIX}%'`,
          )) === 1,
        15_000,
      );
      const { rows: fall } = await server.ctx.db.query<{ severity: string; meta: Record<string, unknown> }>(
        `select severity, meta from incidents where type = 'fall'`,
      );
      expect(fall).toEqual([
        { severity: 'high', meta: expect.objectContaining({ rule: 'fall', event: 'fall', riskLevel: 'yellow' }) },
      ]);
      const silent = async () =>
        (
          await server.ctx.db.query<{ ping_key: string; seen_at: Date; n: number }>(
            `select w.ping_key, w.seen_at, (select count(*)::int from gps_pings p where p.tourist_id = w.ping_key) as n from watch_last w where w.ping_key like '${SILENT_PREFIX}%'`,
          )
        ).rows[0];
      await waitFor(async () => (await silent())?.n === 5, 15_000);
      const { ping_key: SILENT_TOURIST, seen_at: lastSeen } = (await silent())!;
      const quietFrom = lastSeen.getTime();
      expect((await call(server.url, 'GET', `/regions/${DEMO_REGION}/watch`)).body.settings).toMatchObject({
        silentInRedAfterS: 60,
        demoLimits: true,
      });

      await runWatchCheck(server.ctx, new Date(quietFrom + 59_000));
      expect(
        await count(`select count(*) as n from incidents where tourist_id = '${SILENT_TOURIST}' and type = 'silent'`),
      ).toBe(0);
      await runWatchCheck(server.ctx, new Date(quietFrom + 61_000));
      const { rows } = await server.ctx.db.query<{ severity: string; meta: Record<string, unknown> }>(
        `select severity, meta from incidents where tourist_id = $1 and type = 'silent'`,
        [SILENT_TOURIST],
      );
      expect(rows).toEqual([
        {
          severity: 'high',
          meta: expect.objectContaining({
            riskLevel: 'red',
            limitS: 60,
            demoLimits: true,
            geofenceId: 'sim-police-bazar',
          }),
        },
      ]);
    } finally {
      await scenes.stop();
    }
  });

  it('sends nothing once stop() has resolved', async () => {
    const { fetch, state } = instrumentedFetch();
    const quick = startSimulator({
      baseUrl: server.url,
      log: () => {},
      tourists: 10,
      pingEveryMs: 100,
      seed: 7,
      watchScenes: false,
      fetch,
    });
    await waitFor(async () => state.calls > 40, 10_000);
    await quick.stop();
    const callsAtStop = state.calls;
    const rowsAtStop = await pingRows();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(state.calls).toBe(callsAtStop);
    expect(await pingRows()).toBe(rowsAtStop);
    expect(quick.counts().pings).toBeGreaterThan(0);
  });
});
