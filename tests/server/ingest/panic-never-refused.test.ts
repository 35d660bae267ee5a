// A panic with valid coordinates is stored whatever else it carries; other routes refuse what the store
// cannot hold with a 400 naming the field, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const rawPost = (
  path: string,
  text: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => call(server.url, 'POST', path, text, headers);

async function incidentCount(): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from incidents');
  return rows[0].n;
}

/** `{"a":{"a":…}}` nested `depth` levels, as text: JSON.stringify would recurse. */
function nestedJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

describe('a panic with valid coordinates is never refused for its optional fields', () => {
  it('stores a lone surrogate in touristId as U+FFFD (201), and a retry with the same body finds it again', async () => {
    const body = '{"latitude":25.5,"longitude":91.8,"touristId":"\\ud800"}';
    const first = await rawPost('/panic-alert', body, {
      'content-type': 'application/json',
      'Idempotency-Key': 'surrogate-1',
    });
    expect(first.status).toBe(201);
    expect(first.body.incident.touristId).toBe('\uFFFD');
    expect(first.body.incident.meta.repaired).toEqual(['touristId']);
    const retry = await rawPost('/panic-alert', body, {
      'content-type': 'application/json',
      'Idempotency-Key': 'surrogate-1',
    });
    expect(retry.status).toBe(201);
    expect(retry.body.incident.id).toBe(first.body.incident.id);
    const listed = await call(server.url, 'GET', '/incidents?limit=500');
    expect(listed.body.incidents.map((i: { id: string }) => i.id)).toContain(first.body.incident.id);
  });

  it.each([
    ['a number as touristId', { touristId: 42 }, ['touristId'], { touristId: null }],
    ['a touristId over 128 characters', { touristId: 'x'.repeat(129) }, ['touristId'], { touristId: null }],
    ['a NUL in deviceId', { deviceId: 'dev\u0000ice' }, ['deviceId'], { deviceId: 'dev\uFFFDice' }],
    ['an at that is no date', { at: 'yesterday' }, ['at'], { reportedAt: null }],
    ['an at before 1970', { at: '0001-01-01T00:00:00Z' }, ['at'], { reportedAt: null }],
    ['an object as deviceId and a list as at', { deviceId: { x: 1 }, at: [1] }, ['deviceId', 'at'], { deviceId: null }],
  ])('stores a panic with %s, naming what it repaired or dropped', async (_name, odd, repaired, stored) => {
    const before = await incidentCount();
    const res = await call(server.url, 'POST', '/panic-alert', { latitude: 25.5, longitude: 91.8, ...odd });
    expect(res.status).toBe(201);
    expect(res.body.incident).toMatchObject({ latitude: 25.5, longitude: 91.8, status: 'open', ...stored });
    expect(res.body.incident.meta.repaired).toEqual(repaired);
    expect(await incidentCount()).toBe(before + 1);
  });

  it("reads a panic sent as text/plain (a page's sendBeacon) or with no Content-Type", async () => {
    const plain = await rawPost('/panic-alert', '{"latitude":12.9,"longitude":77.6}', {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(plain.status).toBe(201);
    const unlabelled = await fetch(`${server.url}/panic-alert`, {
      method: 'POST',
      body: new Blob(['{"latitude":12.9,"longitude":77.6}']),
    });
    expect(unlabelled.status).toBe(201);
  });

  it('still refuses invalid coordinates with a 400 naming the field, storing nothing', async () => {
    const before = await incidentCount();
    const res = await call(server.url, 'POST', '/panic-alert', { latitude: 91, longitude: 77, touristId: 42 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, issues: [{ path: 'latitude' }] });
    expect(await incidentCount()).toBe(before);
  });
});

describe('other routes refuse what the store cannot hold with a 400 naming the field, never a 500', () => {
  it.each([
    ['/gps/update', '{"latitude":25.5,"longitude":91.8,"touristId":"\\ud800"}', 'touristId'],
    ['/gps/batch', '{"pings":[{"latitude":25.5,"longitude":91.8,"deviceId":"a\\udc00b"}]}', 'pings.0.deviceId'],
    ['/events', '{"events":[{"type":"ble","payload":{"name":"\\ud83d"}}]}', 'events.0.payload.name'],
    ['/events', '{"events":[{"type":"ble","payload":{"\\ud83d":1}}]}', 'events.0.payload.\ud83d'],
  ])('POST %s with a lone surrogate names %s', async (path, body, field) => {
    const before = await incidentCount();
    const res = await rawPost(path, body);
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.issues[0].path).toBe(field);
    expect(res.body.error).toContain('well-formed Unicode');
    expect(await incidentCount()).toBe(before);
  });

  it.each([
    ['/geofences', (deep: string) => `{"riskLevel":"red","polygon":[[1,1],[1,2],[2,2]],"meta":${deep}}`, 'meta.a.a'],
    ['/events', (deep: string) => `{"events":[{"type":"ble","payload":${deep}}]}`, 'events.0.payload.a'],
  ])('POST %s with JSON nested 10,000 deep answers 400', async (path, wrap, fieldStart) => {
    const res = await rawPost(path, wrap(nestedJson(10_000)));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/more than 32 levels deep/);
    expect(res.body.issues[0].path.startsWith(fieldStart)).toBe(true);
    const ok = await rawPost(path, wrap(nestedJson(20)));
    expect(ok.status).toBeLessThan(300);
  });
});

describe('idempotency keys belong to one tourist or device, and expire', () => {
  const panic = (touristId: string | undefined, key: string, latitude = 25.5) =>
    call(
      server.url,
      'POST',
      '/panic-alert',
      { latitude, longitude: 91.8, ...(touristId && { touristId }) },
      { 'Idempotency-Key': key },
    );

  it('the same key from two tourists is two alerts; from the same tourist, one', async () => {
    const a = await panic('tourist-a', '1');
    const b = await panic('tourist-b', '1');
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.incident.id).not.toBe(a.body.incident.id);
    const aAgain = await panic('tourist-a', '1');
    expect(aAgain.body.incident.id).toBe(a.body.incident.id);
    const aOther = await panic('tourist-a', '1', 26);
    expect(aOther.status).toBe(422);
  });

  it('a key older than IDEMPOTENCY_TTL_HOURS is forgotten: its reuse is a new alert', async () => {
    const first = await panic('tourist-ttl', 'ttl-key');
    await server.ctx.db.query("update idempotency_keys set created_at = now() - interval '25 hours'");
    const later = await panic('tourist-ttl', 'ttl-key', 27);
    expect(later.status).toBe(201);
    expect(later.body.incident.id).not.toBe(first.body.incident.id);
    const retried = await panic('tourist-ttl', 'ttl-key', 27);
    expect(retried.body.incident.id).toBe(later.body.incident.id);
  });
});
