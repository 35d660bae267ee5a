import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/api/fields.ts';
import { configFromEnv } from '../../../server/config.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

async function incidentCount(server: TestServer): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from incidents');
  return rows[0].n;
}

describe('HTTP failures answer {ok:false, error} with the right status', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('413 for a body over 64 KiB, storing nothing', async () => {
    const before = await incidentCount(server);
    const body = JSON.stringify({ latitude: 1, longitude: 1, padding: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await call(server.url, 'POST', '/panic-alert', body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ ok: false, error: expect.stringContaining('64 KiB') });
    expect(await incidentCount(server)).toBe(before);
  });

  it('accepts a body just under 64 KiB (unknown padding field ignored)', async () => {
    const base = JSON.stringify({ latitude: 1, longitude: 1, padding: '' });
    const body = JSON.stringify({ latitude: 1, longitude: 1, padding: 'x'.repeat(MAX_BODY_BYTES - base.length) });
    expect(body.length).toBe(MAX_BODY_BYTES);
    const res = await call(server.url, 'POST', '/panic-alert', body);
    expect(res.status).toBe(201);
  });

  it('415 for a body that is not JSON, storing nothing', async () => {
    const before = await incidentCount(server);
    const res = await call(server.url, 'POST', '/soft-alert', undefined, { 'content-type': 'text/plain' });
    const text = await fetch(`${server.url}/soft-alert`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'latitude=1',
    });
    expect([res.status, text.status]).toEqual([415, 415]);
    expect(await text.json()).toEqual({ ok: false, error: expect.stringContaining('JSON') });
    // A panic reads JSON whatever its label; text that is not JSON is a 400.
    const panicText = await fetch(`${server.url}/panic-alert`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'latitude=1',
    });
    expect(panicText.status).toBe(400);
    expect(await panicText.json()).toEqual({ ok: false, error: 'The request body is not valid JSON.' });
    expect(await incidentCount(server)).toBe(before);
  });

  it('400 for malformed JSON', async () => {
    const res = await call(server.url, 'POST', '/incidents/resolve', '{"id": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: expect.any(String) });
    expect(res.body.error).not.toMatch(/Unexpected|position|FST_/);
  });

  it('404 for an unknown route', async () => {
    const res = await call(server.url, 'GET', '/no-such-thing?x=1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ok: false, error: 'No route GET /no-such-thing.' });
  });

  it('500 without internals when storage fails, and nothing half-stored', async () => {
    const before = await incidentCount(server);
    await server.ctx.db.query('alter table alerts rename to alerts_unavailable');
    try {
      const res = await call(server.url, 'POST', '/panic-alert', { latitude: 1, longitude: 1 });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ ok: false, error: 'Internal server error; the request was not completed.' });
      // The incident was inserted before the alert failed: the transaction must have taken it back.
      expect(await incidentCount(server)).toBe(before);
    } finally {
      await server.ctx.db.query('alter table alerts_unavailable rename to alerts');
    }
  });
});

describe('rate limiting', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: 3 });
  });
  afterAll(() => server.stop());

  it('answers 429 with Retry-After once a client exceeds its POSTs per minute; reads stay open', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await call(server.url, 'POST', '/soft-alert', { latitude: 1, longitude: 1, type: 'safe' });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    // A minute boundary may fall inside the loop and reset the window once; then at most 3 more pass.
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses).toContain(429);
    expect(limited!.body).toEqual({ ok: false, error: expect.stringMatching(/Too many requests/) });
    const retryAfter = Number(limited!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await incidentCount(server)).toBe(statuses.filter((s) => s === 201).length);

    const read = await call(server.url, 'GET', '/incidents');
    expect(read.status).toBe(200);
  });

  it('never refuses a panic alert, even from a client over its limit', async () => {
    for (let i = 0; i < 4; i++)
      await call(server.url, 'POST', '/soft-alert', { latitude: 1, longitude: 1, type: 'safe' });
    expect((await call(server.url, 'POST', '/soft-alert', { latitude: 1, longitude: 1, type: 'safe' })).status).toBe(
      429,
    );
    for (let i = 0; i < 5; i++) {
      const panic = await call(server.url, 'POST', '/panic-alert', {
        latitude: 2,
        longitude: 2,
        touristId: `over-limit-${i}`,
      });
      expect(panic.status).toBe(201);
    }
  });
});

const softAlertVia = (server: TestServer, forwardedFor?: string) =>
  call(
    server.url,
    'POST',
    '/soft-alert',
    { latitude: 1, longitude: 1, type: 'safe' },
    forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor },
  );

/** Statuses of `times` soft alerts, each with the X-Forwarded-For that `forwardedFor(i)` gives. */
async function softAlertStatuses(
  server: TestServer,
  times: number,
  forwardedFor: (i: number) => string | undefined,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await softAlertVia(server, forwardedFor(i))).status);
  return statuses;
}

describe('rate limiting behind a reverse proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      rateLimitPerMinute: 2,
      trustProxy: configFromEnv({ TRUST_PROXY: '1' }).trustProxy,
    });
  });
  afterAll(() => server.stop());

  it('counts each phone by its forwarded address, not the proxy', async () => {
    const softAlert = (phone: string) => softAlertVia(server, phone);
    const statuses = [];
    for (const phone of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.1', '10.0.0.2', '10.0.0.3'])
      statuses.push((await softAlert(phone)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    // Five more from one phone: even if a minute boundary resets the window once, one is refused.
    const overLimit = [];
    for (let i = 0; i < 5; i++) overLimit.push((await softAlert('10.0.0.1')).status);
    expect(overLimit).toContain(429);
    expect((await softAlert('10.0.0.4')).status).toBe(201);
  });

  it('takes the address the proxy appended: rotating the leftmost X-Forwarded-For gains nothing', async () => {
    // Five from one phone: even if a minute boundary resets the window once, one is refused.
    const statuses = await softAlertStatuses(server, 5, (i) => `203.0.113.${i}, 10.0.0.5`);
    expect(statuses).toContain(429);
  });
});

describe('TRUST_PROXY names the proxies', () => {
  const started: TestServer[] = [];
  const serverTrusting = async (trustProxy: string) => {
    const server = await startTestServer({
      rateLimitPerMinute: 2,
      trustProxy: configFromEnv({ TRUST_PROXY: trustProxy }).trustProxy,
    });
    started.push(server);
    return server;
  };
  afterAll(() => Promise.all(started.map((server) => server.stop())));

  it('reads 0, a hop count, or addresses and CIDRs', () => {
    const read = (value: string | undefined) => configFromEnv({ TRUST_PROXY: value }).trustProxy;
    expect([read(undefined), read(''), read('0'), read('1'), read('2')]).toEqual([false, false, false, 1, 2]);
    expect(read(' 127.0.0.1, 10.0.0.0/8,::1, fd00::/8, loopback ')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['true', 'yes', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example']) {
      expect(() => read(wrong)).toThrow(/TRUST_PROXY must be/);
    }
  });

  it('a list: the client is the rightmost address that is not a listed proxy', async () => {
    // The test client connects from 127.0.0.1, standing in for the proxy; 10.0.0.6 is the phone it saw.
    const server = await serverTrusting('127.0.0.1');
    expect(await softAlertStatuses(server, 5, (i) => `203.0.113.${i}, 10.0.0.6`)).toContain(429);
    expect((await softAlertVia(server, '10.0.0.7')).status).toBe(201);
  });

  it('a list that does not name the peer: X-Forwarded-For is ignored', async () => {
    const server = await serverTrusting('10.9.0.0/16');
    expect(await softAlertStatuses(server, 5, (i) => `10.0.1.${i}`)).toContain(429);
  });

  it('two hops: the address the outer proxy appended, whatever the client wrote before it', async () => {
    const server = await serverTrusting('2');
    expect(await softAlertStatuses(server, 5, (i) => `203.0.113.${i}, 10.0.0.8, 172.16.0.1`)).toContain(429);
    expect((await softAlertVia(server, '203.0.113.1, 10.0.0.9, 172.16.0.1')).status).toBe(201);
  });

  it('unset: every request is the peer, whatever X-Forwarded-For says', async () => {
    const server = await serverTrusting('');
    expect(await softAlertStatuses(server, 5, (i) => `10.0.2.${i}`)).toContain(429);
  });
});

describe('input PostgreSQL cannot hold (NUL characters, times before 1970), on every route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const NUL = 'a\u0000b';
  const square = [
    [1, 1],
    [1, 2],
    [2, 2],
  ];
  const bodies: [string, unknown, string][] = [
    ['/soft-alert', { latitude: 1, longitude: 1, type: 'safe', touristId: NUL }, 'touristId'],
    ['/geofences', { name: NUL, riskLevel: 'red', polygon: square }, 'name'],
    ['/geofences', { riskLevel: 'red', polygon: square, meta: { placeId: NUL } }, 'meta.placeId'],
    ['/geofences', { riskLevel: 'red', polygon: square, meta: { note: { deep: [NUL] } } }, 'meta.note.deep.0'],
    ['/events', { events: [{ type: 'ble', payload: { a: NUL } }] }, 'events.0.payload.a'],
    ['/tourists/register', { touristId: NUL }, 'touristId'],
    ['/devices/pair', { touristId: NUL }, 'touristId'],
    ['/did/issue', { kycType: NUL, kycHash: 'x'.repeat(20) }, 'kycType'],
    ['/incidents/acknowledge', { id: NUL }, 'id'],
    ['/gps/batch', { pings: [{ latitude: 1, longitude: 1, deviceId: NUL }] }, 'pings.0.deviceId'],
  ];

  it.each(bodies)('POST %s answers 400 naming the field, never a 500', async (path, body, field) => {
    const answer = await call(server.url, 'POST', path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, issues: [{ path: field }] });
    expect(answer.body.error).toContain(field);
  });

  it.each(['/incidents/filter?regionId=a%00b', '/did/anchors?didId=a%00b', '/safety-credit?placeId=a%00b'])(
    'GET %s answers 400 naming the parameter',
    async (path) => {
      const answer = await call(server.url, 'GET', path);
      expect(answer.status).toBe(400);
      expect(answer.body.ok).toBe(false);
    },
  );

  it('refuses times before 1970 wherever a time is sent', async () => {
    for (const [path, body, field] of [
      ['/gps/update', { latitude: 1, longitude: 1, at: '1969-12-31T23:59:59Z' }, 'at'],
      ['/events', { events: [{ type: 'ble', createdAt: '0001-01-01T00:00:00Z' }] }, 'events.0.createdAt'],
    ] as const) {
      const answer = await call(server.url, 'POST', path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ issues: [{ path: field, message: `${field} must not be before 1970` }] });
      expect(answer.body.error).toBe(`Invalid request body: ${field} must not be before 1970.`);
    }
  });
});
