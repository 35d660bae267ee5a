// An account an admin disables, resets or signs out loses its open event streams at once (issue 31), on the
// server that acted and on every other server sharing the database. The periodic check is set to a minute,
// longer than a test may wait: a stream that ends here was ended by the act itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, uniqueSchema, type TestServer } from '../../helpers/server.ts';
import { openStream, type SseConnection } from '../../helpers/sse.ts';

const ADMIN_PASSWORD = 'stream accounts admin password';
const SLOW_CHECK = { streamSessionCheckMs: 60_000 };

async function streamOf(server: TestServer, cookie: string): Promise<SseConnection> {
  const stream = await openStream(`${server.url}/panic-alerts/stream`, undefined, { cookie });
  expect(stream.status).toBe(200);
  await stream.waitForMessages(1);
  return stream;
}

/** A panic raised now reaches `open` and not the streams that ended. */
async function onlyOpenGetsAPanic(server: TestServer, open: SseConnection, ended: SseConnection[]): Promise<void> {
  const panic = await call(server.url, 'POST', '/panic-alert', { latitude: 25.57, longitude: 91.88 });
  await open.waitFor((message) => message.data.type === 'alert' && message.data.alert.id === panic.body.alert.id);
  for (const stream of ended)
    expect(
      stream.messages.some((message) => message.data.type === 'alert' && message.data.alert.id === panic.body.alert.id),
    ).toBe(false);
}

describe('on one server', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ auth: 'on', adminPassword: ADMIN_PASSWORD, ...SLOW_CHECK });
    admin = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("disabling an account ends its open streams at once, and leaves another operator's open", async () => {
    const leaving = await streamOf(server, await signedInAs(server, 'operator', 'dis-abled'));
    const otherTab = await streamOf(server, await signIn(server.url, 'dis-abled', 'dis-abled long password'));
    const staying = await streamOf(server, await signedInAs(server, 'operator', 'dis-stayer'));
    expect(
      (await call(server.url, 'PATCH', '/auth/users/dis-abled', { disabled: true }, { cookie: admin })).status,
    ).toBe(200);
    await Promise.all([leaving.closed, otherTab.closed]);
    await onlyOpenGetsAPanic(server, staying, [leaving, otherTab]);
    staying.close();
  });

  it("a reset password and sign-out everywhere end the account's streams too", async () => {
    const reset = await streamOf(server, await signedInAs(server, 'viewer', 'res-et'));
    const signedOut = await streamOf(server, await signedInAs(server, 'viewer', 'sign-ed-out'));
    expect((await call(server.url, 'POST', '/auth/users/res-et/reset-password', {}, { cookie: admin })).status).toBe(
      200,
    );
    await reset.closed;
    expect((await call(server.url, 'POST', '/auth/users/sign-ed-out/sign-out', {}, { cookie: admin })).status).toBe(
      200,
    );
    await signedOut.closed;
  });
});

describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL', () => {
  const schema = uniqueSchema();
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ auth: 'on', adminPassword: ADMIN_PASSWORD, databaseSchema: schema, ...SLOW_CHECK });
    second = await startTestServer({
      auth: 'on',
      adminPassword: ADMIN_PASSWORD,
      databaseSchema: schema,
      ...SLOW_CHECK,
    });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('an account disabled through one server loses its session and its stream on the other at once', async () => {
    const admin = await signIn(first.url, 'admin', ADMIN_PASSWORD);
    const created = await call(
      first.url,
      'POST',
      '/auth/users',
      { username: 'far-away', password: 'far-away long password', role: 'operator' },
      { cookie: admin },
    );
    expect(created.status).toBe(201);
    const cookie = await signIn(second.url, 'far-away', 'far-away long password');
    const elsewhere = await streamOf(second, cookie);
    const staying = await streamOf(second, await signIn(second.url, 'admin', ADMIN_PASSWORD));

    expect((await call(first.url, 'PATCH', '/auth/users/far-away', { disabled: true }, { cookie: admin })).status).toBe(
      200,
    );
    await elsewhere.closed;
    expect((await call(second.url, 'GET', '/incidents', undefined, { cookie })).status).toBe(401);
    await onlyOpenGetsAPanic(second, staying, [elsewhere]);
    staying.close();
  });

  it('a sign-out everywhere through one server ends the streams held on the other', async () => {
    const admin = await signIn(second.url, 'admin', ADMIN_PASSWORD);
    const cookie = await signedInAs(first, 'viewer', 'roaming');
    const stream = await streamOf(first, cookie);
    expect(
      (await call(second.url, 'POST', '/auth/users/roaming/sign-out', {}, { cookie: admin })).body.endedSessions,
    ).toBe(1);
    await stream.closed;
  });
});
