import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await server.ctx.db.query<T>(sql, params)).rows;
}

describe('POST /tourists/register', () => {
  it('registers a tourist under a generated id', async () => {
    const res = await call(server.url, 'POST', '/tourists/register', {});
    expect(res.status).toBe(201);
    expect(res.body.touristId).toMatch(/^tourist-/);
    expect(await rows('select id from tourists where id = $1', [res.body.touristId])).toHaveLength(1);
  });

  it('registers a tourist under the id given, with a name', async () => {
    const res = await call(server.url, 'POST', '/tourists/register', { touristId: 't-asha', name: 'Asha' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, touristId: 't-asha' });
    expect(await rows('select id, name from tourists where id = $1', ['t-asha'])).toEqual([
      { id: 't-asha', name: 'Asha' },
    ]);
  });

  it('answers 200 to registering a known id again, keeping the name', async () => {
    await call(server.url, 'POST', '/tourists/register', { touristId: 't-again', name: 'First' });
    const res = await call(server.url, 'POST', '/tourists/register', { touristId: 't-again' });
    expect(res.status).toBe(200);
    expect(await rows('select name from tourists where id = $1', ['t-again'])).toEqual([{ name: 'First' }]);
  });

  it('accepts touristId null as absent', async () => {
    const res = await call(server.url, 'POST', '/tourists/register', { touristId: null });
    expect(res.status).toBe(201);
    expect(res.body.touristId).toMatch(/^tourist-/);
  });

  it('rejects a numeric touristId with 400', async () => {
    const res = await call(server.url, 'POST', '/tourists/register', { touristId: 5 });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('touristId');
  });
});

describe('POST /devices/pair', () => {
  it('pairs a device with a registered tourist under a generated id', async () => {
    await call(server.url, 'POST', '/tourists/register', { touristId: 't-pair' });
    const res = await call(server.url, 'POST', '/devices/pair', {
      touristId: 't-pair',
      bleAddress: 'AA:BB:CC:DD:EE:FF',
    });
    expect(res.status).toBe(201);
    expect(res.body.deviceId).toMatch(/^dev-/);
    expect(await rows('select tourist_id, ble_address from devices where id = $1', [res.body.deviceId])).toEqual([
      { tourist_id: 't-pair', ble_address: 'AA:BB:CC:DD:EE:FF' },
    ]);
  });

  it('moves a device paired again to the new tourist', async () => {
    await call(server.url, 'POST', '/tourists/register', { touristId: 't-first' });
    await call(server.url, 'POST', '/tourists/register', { touristId: 't-second' });
    await call(server.url, 'POST', '/devices/pair', { touristId: 't-first', deviceId: 'band-7' });
    const res = await call(server.url, 'POST', '/devices/pair', { touristId: 't-second', deviceId: 'band-7' });
    expect(res.status).toBe(201);
    expect(res.body.deviceId).toBe('band-7');
    expect(await rows('select tourist_id from devices where id = $1', ['band-7'])).toEqual([
      { tourist_id: 't-second' },
    ]);
  });

  it('refuses an unknown tourist with 404 and pairs nothing', async () => {
    const res = await call(server.url, 'POST', '/devices/pair', { touristId: 't-nobody', deviceId: 'band-orphan' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/Unknown touristId/);
    expect(await rows('select id from devices where id = $1', ['band-orphan'])).toEqual([]);
  });

  it('requires touristId (400)', async () => {
    const res = await call(server.url, 'POST', '/devices/pair', { bleAddress: 'AA' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toEqual({ path: 'touristId', message: 'touristId is required' });
  });
});
