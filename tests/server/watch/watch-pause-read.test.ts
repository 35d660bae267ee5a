// The read of a tourist's running watch pause (issue 32 point 4), for the incident drawer: the pause as set,
// null when none runs (never set, lifted, or past its end), operators and up only, in /openapi.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { uniqueTourist } from '../support/watch.ts';

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /tourists/:id/watch-pause with sign-in off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers null for a tourist never paused', async () => {
    const tourist = uniqueTourist();
    const res = await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, touristId: tourist, pause: null });
  });

  it('answers the pause as it was set, and null once it is lifted', async () => {
    const tourist = uniqueTourist();
    const until = inSeconds(7200);
    const set = await call(server.url, 'POST', `/tourists/${tourist}/watch-pause`, {
      until,
      reason: 'Checked in at a hotel',
    });
    const read = await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`);
    expect(read.body.pause).toEqual(set.body.pause);
    expect(read.body.pause).toMatchObject({
      touristId: tourist,
      until,
      reason: 'Checked in at a hotel',
      by: 'anonymous',
    });
    await call(server.url, 'DELETE', `/tourists/${tourist}/watch-pause`);
    expect((await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`)).body.pause).toBeNull();
  });

  it('answers null once the pause has ended by itself', async () => {
    const tourist = uniqueTourist();
    const until = inSeconds(1);
    expect(
      (await call(server.url, 'POST', `/tourists/${tourist}/watch-pause`, { until, reason: 'Phone left charging' }))
        .status,
    ).toBe(200);
    expect((await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`)).body.pause).toMatchObject({ until });
    await sleep(Math.max(0, Date.parse(until) - Date.now()) + 50);
    expect((await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`)).body).toEqual({
      ok: true,
      touristId: tourist,
      pause: null,
    });
  });

  it('answers 404 with a sentence for an id no tourist can have', async () => {
    const res = await call(server.url, 'GET', '/tourists/a%00b/watch-pause');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ok: false, error: 'No tourist a\u0000b.' });
  });

  it('is documented in /openapi.json beside the pause and its lifting', async () => {
    const { body: document } = await call(server.url, 'GET', '/openapi.json');
    expect(Object.keys(document.paths['/tourists/:id/watch-pause']).sort()).toEqual(['delete', 'get', 'post']);
  });
});

describe('GET /tourists/:id/watch-pause with sign-in required', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ auth: 'on', adminPassword: 'watch pause admin password', logLevel: 'error' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an operator reads the pause with who set it; a viewer is refused with a sentence; nobody signed in gets 401', async () => {
    const tourist = uniqueTourist();
    const operator = { cookie: await signedInAs(server, 'operator', 'op1') };
    const viewer = { cookie: await signedInAs(server, 'viewer', 'view1') };
    await call(
      server.url,
      'POST',
      `/tourists/${tourist}/watch-pause`,
      { until: inSeconds(3600), reason: 'Checked in at a hotel' },
      operator,
    );
    const read = await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`, undefined, operator);
    expect(read.status).toBe(200);
    expect(read.body.pause).toMatchObject({ reason: 'Checked in at a hotel', by: 'op1' });
    const refused = await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`, undefined, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('operator');
    expect((await call(server.url, 'GET', `/tourists/${tourist}/watch-pause`)).status).toBe(401);
  });
});
