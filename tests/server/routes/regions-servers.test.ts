// A region written through one server places the next panic on every other server at once (issue 31): the
// boundaries live in each server's memory and follow the write's notification, as the zones do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, uniqueSchema, type TestServer } from '../../helpers/server.ts';

describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const databaseSchema = uniqueSchema();
    a = await startTestServer({ databaseSchema });
    b = await startTestServer({ databaseSchema });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('a boundary drawn through one server files the next panic sent to the other under that region', async () => {
    const island = { latitude: -8.5, longitude: 115.2 };
    expect((await call(b.url, 'POST', '/panic-alert', island)).body.incident.regionId).toBe('default');
    const created = await call(a.url, 'POST', '/regions', {
      id: 'bali',
      name: 'Bali',
      timeZone: 'Asia/Makassar',
      homeView: { center: [-8.5, 115.2], zoom: 9 },
      boundary: [
        [-8.9, 114.4],
        [-8.0, 114.4],
        [-8.0, 115.8],
        [-8.9, 115.8],
      ],
      contacts: [{ label: 'Emergency', phone: '112', kind: 'emergency' }],
    });
    expect(created.status).toBe(201);
    // The notification arrives a moment after the commit; the five-second poll is the fallback, not the path.
    await expect
      .poll(async () => (await call(b.url, 'POST', '/panic-alert', island)).body.incident.regionId, {
        timeout: 2500,
        interval: 100,
      })
      .toBe('bali');
  });
});
