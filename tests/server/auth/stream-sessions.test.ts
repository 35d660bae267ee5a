import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ auth: 'on', adminPassword: 'stream admin password', streamSessionCheckMs: 200 });
});
afterAll(async () => {
  await server?.stop();
});

const streamUrl = () => `${server.url}/panic-alerts/stream`;

describe('an open stream lives only as long as its operator session', () => {
  it('nobody signed in gets 401 instead of a stream', async () => {
    const answer = await call(server.url, 'GET', '/panic-alerts/stream');
    expect(answer.status).toBe(401);
    expect(server.ctx.hub.clientCount).toBe(0);
  });

  it("signing out ends the stream opened with that session, and leaves another operator's stream open", async () => {
    const leaving = await signedInAs(server, 'viewer', 'stream-leaver');
    const staying = await signedInAs(server, 'viewer', 'stream-stayer');
    const ending = await openStream(streamUrl(), undefined, { cookie: leaving });
    const continuing = await openStream(streamUrl(), undefined, { cookie: staying });
    expect([ending.status, continuing.status]).toEqual([200, 200]);
    await ending.waitForMessages(1);
    await continuing.waitForMessages(1);

    await call(server.url, 'POST', '/auth/logout', undefined, { cookie: leaving });
    await ending.closed;
    const panic = await call(server.url, 'POST', '/panic-alert', { latitude: 25.57, longitude: 91.88 });
    const delivered = await continuing.waitFor((message) => message.data.type === 'alert');
    expect(delivered.data.alert.id).toBe(panic.body.alert.id);
    expect(
      ending.messages.some((message) => message.data.type === 'alert' && message.data.alert.id === panic.body.alert.id),
    ).toBe(false);
    continuing.close();
  });

  it('an expired session ends its stream too', async () => {
    const cookie = await signedInAs(server, 'operator', 'stream-expiring');
    const stream = await openStream(streamUrl(), undefined, { cookie });
    await stream.waitForMessages(1);
    await server.ctx.db.query(
      `update operator_sessions set expires_at = now() - interval '1 second' where username = 'stream-expiring'`,
    );
    await stream.closed;
    expect((await call(server.url, 'GET', '/panic-alerts/stream', undefined, { cookie })).status).toBe(401);
  });
});
