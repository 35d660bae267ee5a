import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../helpers/auth.ts';
import { openStream } from '../../helpers/sse.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const READS_PER_MINUTE = 4;
const WRITES_PER_MINUTE = 2;

// Behind a trusted proxy each test is its own client (its own forwarded address), so budgets never mix.
describe('rate limits per client: GETs and POSTs apart, panics never', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      readRateLimitPerMinute: READS_PER_MINUTE,
      rateLimitPerMinute: WRITES_PER_MINUTE,
      trustProxy: true,
    });
  });
  afterAll(() => server.stop());

  const from = (client: string) => ({ 'X-Forwarded-For': client });
  const read = (client: string) => call(server.url, 'GET', '/regions', undefined, from(client));
  const softAlert = (client: string) =>
    call(server.url, 'POST', '/soft-alert', { latitude: 1, longitude: 1, type: 'safe' }, from(client));
  const panic = (client: string) =>
    call(server.url, 'POST', '/panic-alert', { latitude: 2, longitude: 2 }, from(client));
  const bandSos = (client: string) =>
    call(server.url, 'POST', '/api/panic', { deviceId: `band-${client}` }, from(client));

  async function statuses(times: number, request: () => Promise<{ status: number }>): Promise<number[]> {
    const answers: number[] = [];
    for (let i = 0; i < times; i++) answers.push((await request()).status);
    return answers;
  }

  it("answers a client's GET beyond its budget with 429, Retry-After and the API's error shape", async () => {
    // A window ends a minute after a client's first request, so within one test it can reset at most once.
    const answers = await statuses(2 * READS_PER_MINUTE + 1, () => read('10.1.0.1'));
    expect(answers.slice(0, READS_PER_MINUTE)).toEqual(Array(READS_PER_MINUTE).fill(200));
    expect(answers).toContain(429);
    const refused = await read('10.1.0.1');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ ok: false, error: `Too many requests; retry in ${retryAfter} seconds.` });
    expect((await read('10.1.0.2')).status).toBe(200);
  });

  it('keeps reads and writes in separate budgets', async () => {
    await statuses(2 * READS_PER_MINUTE + 1, () => read('10.2.0.1'));
    expect((await read('10.2.0.1')).status).toBe(429);
    expect(await statuses(WRITES_PER_MINUTE, () => softAlert('10.2.0.1'))).toEqual(Array(WRITES_PER_MINUTE).fill(201));

    await statuses(2 * WRITES_PER_MINUTE + 1, () => softAlert('10.2.0.2'));
    expect((await softAlert('10.2.0.2')).status).toBe(429);
    expect((await read('10.2.0.2')).status).toBe(200);
  });

  it('never refuses a panic alert or a wristband SOS, even from a client over both budgets', async () => {
    await statuses(2 * READS_PER_MINUTE + 1, () => read('10.3.0.1'));
    await statuses(2 * WRITES_PER_MINUTE + 1, () => softAlert('10.3.0.1'));
    expect([(await read('10.3.0.1')).status, (await softAlert('10.3.0.1')).status]).toEqual([429, 429]);
    expect(await statuses(2 * WRITES_PER_MINUTE + 1, () => panic('10.3.0.1'))).toEqual(
      Array(2 * WRITES_PER_MINUTE + 1).fill(201),
    );
    expect(await statuses(2 * WRITES_PER_MINUTE + 1, () => bandSos('10.3.0.1'))).toEqual(
      Array(2 * WRITES_PER_MINUTE + 1).fill(201),
    );
  });

  it('keys token-less device calls by address: rotating tokens, garbage or naming nobody, is no way around it', async () => {
    const mint = async (touristId?: string) =>
      (
        await call(
          server.url,
          'POST',
          '/did/issue',
          { kycType: 'passport', kycHash: 'd'.repeat(64), touristId },
          from('10.5.0.9'),
        )
      ).body.didToken;
    const [nobody, tourist] = [await mint(), await mint('tourist-rl')];
    const withToken = (token: string) =>
      call(
        server.url,
        'POST',
        '/soft-alert',
        { latitude: 1, longitude: 1, type: 'safe' },
        { ...from('10.5.0.1'), Authorization: `Bearer ${token}` },
      );
    await statuses(2 * WRITES_PER_MINUTE + 1, () => softAlert('10.5.0.1'));
    expect((await softAlert('10.5.0.1')).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await withToken(`rotated.garbage.${i}`)).status).toBe(429);
    expect((await withToken(nobody)).status).toBe(429);
    // A token naming a tourist is that phone's own budget; minting one more still costs the address.
    expect((await withToken(tourist)).status).toBe(201);
    const mintAgain = await call(
      server.url,
      'POST',
      '/did/issue',
      { kycType: 'passport', kycHash: 'd'.repeat(64) },
      { ...from('10.5.0.1'), Authorization: `Bearer ${tourist}` },
    );
    expect(mintAgain.status).toBe(429);
  });

  it('counts a stream connection as one GET, however long it stays open', async () => {
    // The stream helper sends no forwarded address: this test is the client at the socket's own address.
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      expect(stream.status).toBe(200);
      await panic('10.4.0.1');
      await stream.waitFor((message) => message.data.type === 'alert');
      // An operator's read: the phones' open reads (regions, zones, scores) have a budget of their own.
      const answers = await statuses(READS_PER_MINUTE, () => call(server.url, 'GET', '/incidents?limit=1'));
      expect(answers).toEqual([...Array(READS_PER_MINUTE - 1).fill(200), 429]);
    } finally {
      stream.close();
    }
  });
});

describe('READ_RATE_LIMIT_PER_MINUTE=0', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ readRateLimitPerMinute: 0, rateLimitPerMinute: 1 });
  });
  afterAll(() => server.stop());

  it('leaves reads unlimited while writes stay limited', async () => {
    for (let i = 0; i < 10; i++) expect((await call(server.url, 'GET', '/regions')).status).toBe(200);
    const writes = [];
    for (let i = 0; i < 3; i++)
      writes.push((await call(server.url, 'POST', '/soft-alert', { latitude: 1, longitude: 1, type: 'safe' })).status);
    expect(writes).toContain(429);
  });
});

describe('phones and operators never share a budget', () => {
  let server: TestServer;
  afterEach(() => server?.stop());

  it("600+ phone pings from one address never make an operator's acknowledge answer 429", async () => {
    server = await startTestServer({ rateLimitPerMinute: 600 });
    const incident = (await call(server.url, 'POST', '/panic-alert', { latitude: 5, longitude: 5 })).body.incident;
    const answers: number[] = [];
    for (let sent = 0; sent < 620; sent += 20) {
      const pings = Array.from({ length: 20 }, (_, i) =>
        call(server.url, 'POST', '/gps/update', { latitude: 5, longitude: 5, touristId: `nat-${sent + i}` }),
      );
      answers.push(...(await Promise.all(pings)).map((answer) => answer.status));
    }
    expect(answers.filter((status) => status === 201)).toHaveLength(600);
    expect(answers.filter((status) => status === 429)).toHaveLength(20);
    const acknowledged = await call(server.url, 'POST', '/incidents/acknowledge', { id: incident.id });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.incident.status).toBe('acknowledged');
  });

  it('counts a signed-in operator per account, not per address', async () => {
    server = await startTestServer({ auth: 'on', rateLimitPerMinute: 3 });
    const [first, second] = [
      await signedInAs(server, 'operator', 'op-one'),
      await signedInAs(server, 'operator', 'op-two'),
    ];
    const incident = (await call(server.url, 'POST', '/panic-alert', { latitude: 6, longitude: 6 })).body.incident;
    const acknowledge = (cookie: string) =>
      call(server.url, 'POST', '/incidents/acknowledge', { id: incident.id }, { cookie });
    const firstAnswers = [];
    for (let i = 0; i < 4; i++) firstAnswers.push((await acknowledge(first)).status);
    expect(firstAnswers).toEqual([200, 200, 200, 429]);
    expect((await acknowledge(second)).status).toBe(200);
  });
});
