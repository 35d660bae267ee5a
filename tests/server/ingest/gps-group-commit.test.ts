import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockPingKeys } from '../../../server/stores/gps.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
let keyCounter = 0;
const uniqueKey = (name: string) => `${name}-${Date.now().toString(36)}-${keyCounter++}`;
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const post = (on: TestServer, path: string, body: unknown) => call(on.url, 'POST', path, body);

const square = (lat: number, lng: number, size = 0.01) => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];
const IN_RED = { latitude: 31.505, longitude: 74.305 };
const OUTSIDE = { latitude: 31.6, longitude: 74.6 };

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Keeps the next group from committing: a transaction holding the ping locks of a few keys (on PGlite it
 * also holds the one connection). A ping of each is sent, one group each, until every group that may
 * commit at once is stuck, so whatever is sent next waits in the queue as one group. Resolves to
 * `release`, which lets it all through, and the plugs' answers.
 */
async function plugGroupCommit(on: TestServer) {
  const { maxInFlight } = on.ctx.pings.groups.status();
  const keys = Array.from({ length: maxInFlight }, () => uniqueKey('plug'));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const held = on.ctx.db.transaction(async (tx) => {
    await lockPingKeys(tx, keys);
    locked();
    await released;
  });
  await holding;
  const plugs = [];
  for (const [i, key] of keys.entries()) {
    plugs.push(post(on, '/gps/update', { ...OUTSIDE, touristId: key }));
    await until(() => on.ctx.pings.groups.status().inFlight === i + 1);
  }
  return {
    plug: Promise.all(plugs).then((answers) => ({
      status: answers.every((answer) => answer.status === 201) ? 201 : 0,
    })),
    release: async () => {
      release();
      await held;
    },
  };
}

const queuedItems = (on: TestServer) => on.ctx.pings.groups.status().queuedItems;

async function pingCounts(keys: string[]): Promise<Map<string, number>> {
  const { rows } = await server.ctx.db.query<{ ping_key: string; n: number }>(
    'select ping_key, count(*)::int as n from gps_pings where ping_key = any($1::text[]) group by ping_key',
    [keys],
  );
  return new Map(rows.map((row) => [row.ping_key, Number(row.n)]));
}

/** The keys of the positions the position bus was given, once stored (server/positions). */
const publishedKeys: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  server.app.positions.subscribe((pings) => publishedKeys.push(...pings.map((ping) => ping.touristId!)));
  const zone = { id: 'group-commit-red', riskLevel: 'red', regionId: 'default', polygon: square(31.5, 74.3) };
  expect((await post(server, '/geofences', zone)).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

describe('concurrent single pings share commits', () => {
  it('answers 50 concurrent pings 201 and stores and publishes each exactly once', async () => {
    const keys = Array.from({ length: 50 }, () => uniqueKey('phone'));
    const answers = await Promise.all(
      keys.map((touristId, i) => post(server, '/gps/update', { latitude: 1 + i / 100, longitude: 2, touristId })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(keys.map(() => 201));
    expect(answers.map((answer) => answer.body.ping.touristId)).toEqual(keys);
    expect([...(await pingCounts(keys)).entries()].sort()).toEqual(keys.map((key) => [key, 1]).sort());
    expect(publishedKeys.filter((key) => keys.includes(key)).sort()).toEqual([...keys].sort());
  });

  it("raises a zone entry once per entry, in time order, when one group carries a tourist's pings among others", async () => {
    const touristId = uniqueKey('walker');
    const others = Array.from({ length: 20 }, () => uniqueKey('other'));
    // Sent out of order: the group orders them by time, so the entry, exit and re-entry come out as walked.
    const walk = [
      { ...IN_RED, at: secondsAgo(30) },
      { ...OUTSIDE, at: secondsAgo(50) },
      { ...IN_RED, at: secondsAgo(40) },
      { ...OUTSIDE, at: secondsAgo(20) },
      { ...IN_RED, at: secondsAgo(10) },
    ];
    const { plug, release } = await plugGroupCommit(server);
    const sent = [
      ...walk.map((ping) => post(server, '/gps/update', { ...ping, touristId })),
      ...others.map((key) => post(server, '/gps/update', { ...IN_RED, touristId: key })),
    ];
    await until(() => queuedItems(server) === sent.length);
    await release();
    expect((await plug).status).toBe(201);
    expect((await Promise.all(sent)).map((answer) => answer.status)).toEqual(sent.map(() => 201));

    const { rows: alerts } = await server.ctx.db.query<{ action: string; at: string }>(
      `select data->'alert'->>'action' as action, data->'alert'->>'at' as at from stream_events
        where type = 'geofence_alert' and data->'alert'->>'touristId' = $1 order by seq`,
      [touristId],
    );
    expect(alerts).toEqual([
      { action: 'enter', at: walk[2].at },
      { action: 'exit', at: walk[3].at },
      { action: 'enter', at: walk[4].at },
    ]);
    const { rows: incidents } = await server.ctx.db.query<{ created_at: Date | string }>(
      'select created_at from incidents where tourist_id = $1 order by created_at',
      [touristId],
    );
    expect(incidents.map((row) => new Date(row.created_at).toISOString())).toEqual([walk[2].at, walk[4].at]);
    // Each of the others entered once.
    const { rows: entered } = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from incidents where tourist_id = any($1::text[])`,
      [others],
    );
    expect(Number(entered[0].n)).toBe(others.length);
  });
});

describe('zone checks', () => {
  it('see a zone replaced since the last ping: the zones kept between groups are read again', async () => {
    const touristId = uniqueKey('replaced');
    const zone = { id: uniqueKey('moving-zone'), riskLevel: 'red', regionId: 'default', polygon: square(32.5, 75.3) };
    expect((await post(server, '/geofences', zone)).status).toBe(201);
    expect(
      (await post(server, '/gps/update', { latitude: 33.005, longitude: 76.005, touristId, at: secondsAgo(20) }))
        .status,
    ).toBe(201);
    expect((await post(server, '/geofences', { ...zone, polygon: square(33, 76) })).status).toBe(200);
    expect(
      (await post(server, '/gps/update', { latitude: 33.006, longitude: 76.006, touristId, at: secondsAgo(10) }))
        .status,
    ).toBe(201);
    const { rows } = await server.ctx.db.query<{ geofence_id: string }>(
      'select geofence_id from zone_presence where ping_key = $1',
      [touristId],
    );
    expect(rows).toEqual([{ geofence_id: zone.id }]);
  });
});

describe('a group whose transaction fails', () => {
  it('answers none of its requests 201 and stores none of their pings', async () => {
    const good = Array.from({ length: 10 }, () => uniqueKey('good'));
    const poison = `fail-${uniqueKey('poison')}`;
    // The pings are inserted before the last positions, so this fails the group after it has written.
    await server.ctx.db.query(
      `alter table gps_last add constraint refuse_fail_keys check (ping_key not like 'fail-%')`,
    );
    try {
      const { plug, release } = await plugGroupCommit(server);
      const sent = [...good, poison].map((touristId) => post(server, '/gps/update', { ...IN_RED, touristId }));
      await until(() => queuedItems(server) === sent.length);
      await release();
      expect((await plug).status).toBe(201);
      for (const answer of await Promise.all(sent)) {
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ ok: false, error: 'Internal server error; the request was not completed.' });
      }
      expect((await pingCounts([...good, poison])).size).toBe(0);
      const { rows } = await server.ctx.db.query<{ n: number }>(
        `select (select count(*) from gps_last where ping_key = any($1::text[])) + (select count(*) from incidents where tourist_id = any($1::text[]))
              + (select count(*) from stream_events where data->'alert'->>'touristId' = any($1::text[])) as n`,
        [[...good, poison]],
      );
      expect(Number(rows[0].n)).toBe(0);
      expect(publishedKeys.filter((key) => [...good, poison].includes(key))).toEqual([]);
    } finally {
      await server.ctx.db.query('alter table gps_last drop constraint refuse_fail_keys');
    }
    // The next group stores again.
    expect((await post(server, '/gps/update', { ...OUTSIDE, touristId: good[0] })).status).toBe(201);
  });
});

describe('the queue bound', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ gpsQueueMaxPings: 5 });
  });
  afterAll(() => small?.stop());

  it('answers 503 with Retry-After beyond it, stores the pings it took, and takes pings again once it drains', async () => {
    const { plug, release } = await plugGroupCommit(small);
    const keys = Array.from({ length: 10 }, () => uniqueKey('queued'));
    const settled: (Awaited<ReturnType<typeof call>> | undefined)[] = keys.map(() => undefined);
    const sent = keys.map((touristId, i) =>
      post(small, '/gps/update', { ...OUTSIDE, touristId }).then((answer) => (settled[i] = answer)),
    );
    await until(() => settled.filter((answer) => answer !== undefined).length === 5 && queuedItems(small) === 5);
    await release();
    await Promise.all(sent);
    expect((await plug).status).toBe(201);

    const refused = settled.filter((answer) => answer!.status === 503);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer!.headers.get('retry-after')).toBe('1');
      expect(answer!.body).toEqual({
        ok: false,
        error: expect.stringMatching(/^Too many GPS pings are waiting to be stored; send again in 1 s\.$/),
      });
    }
    const accepted = keys.filter((_, i) => settled[i]!.status === 201);
    expect(accepted).toHaveLength(5);
    const { rows } = await small.ctx.db.query<{ ping_key: string }>(
      'select ping_key from gps_pings where ping_key = any($1::text[])',
      [keys],
    );
    expect(rows.map((row) => row.ping_key).sort()).toEqual([...accepted].sort());
    expect((await post(small, '/gps/update', { ...OUTSIDE, touristId: keys[0] })).status).toBe(201);
  });
});
