// Issue 30: a phone's Digital ID issued without a tourist proves nobody until a supervisor binds it; then
// its token proves that tourist, for its panics, its pings and its own alert list.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../src/api/audit.ts';
import type { DidRecord } from '../../../src/api/did-binding.ts';
import type { ListedAlert } from '../../../src/api/responses.ts';
import { call, startTestServer, uniqueSchema, type TestServer } from '../../helpers/server.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
let counter = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}`;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function issueDid(server: TestServer): Promise<{ didId: string; didToken: string }> {
  const issued = await call(server.url, 'POST', '/did/issue', { kycType: 'passport', kycHash: 'd'.repeat(64) });
  expect(issued.status).toBe(201);
  return issued.body;
}

/** What the reference app does: register with its token attached, so the server learns whom the DID was used with. */
async function registerWith(server: TestServer, token: string, name: string): Promise<string> {
  const registered = await call(server.url, 'POST', '/tourists/register', { name }, bearer(token));
  expect(registered.status).toBe(201);
  return registered.body.touristId;
}

async function lookUp(server: TestServer, did: string): Promise<DidRecord[]> {
  const answer = await call(server.url, 'POST', '/did/lookup', { did });
  expect(answer.status).toBe(200);
  return answer.body.dids;
}

async function auditActions(server: TestServer, action: string): Promise<AuditEntry[]> {
  const { entries } = (await call(server.url, 'GET', '/audit?limit=200')).body as { entries: AuditEntry[] };
  return entries.filter((entry) => entry.action === action);
}

const panic = (server: TestServer, token: string, touristId: string) =>
  call(server.url, 'POST', '/panic-alert', { ...SHILLONG, touristId, deviceId: null }, bearer(token));

describe('binding a Digital ID to a tourist', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('before binding: the panic is stored unverified, the phone reads no alerts, and the lookup shows whom the DID was used with', async () => {
    const { didId, didToken } = await issueDid(server);
    const touristId = await registerWith(server, didToken, 'Asha Das');
    const raised = await panic(server, didToken, touristId);
    expect(raised.status).toBe(201);
    expect(raised.body.incident.verified).toBe(false);

    const own = await call(server.url, 'GET', '/panic-alerts', undefined, bearer(didToken));
    expect(own.body).toEqual({ ok: true, alerts: [], count: 0 });

    await vi.waitFor(async () => {
      const [record] = await lookUp(server, didToken);
      expect(record).toMatchObject({
        didId,
        binding: null,
        issuedFor: null,
        usedWith: [{ touristId, touristName: 'Asha Das', registered: true }],
      });
      expect(Date.parse(record.expiresAt!)).toBeGreaterThan(Date.now());
    });
    // The bare DID and the app's ID card QR (which names the tourist) find the same record.
    expect((await lookUp(server, didId)).map((record) => record.didId)).toEqual([didId]);
    expect((await lookUp(server, JSON.stringify({ touristId, deviceId: null }))).map((record) => record.didId)).toEqual(
      [didId],
    );
  });

  it("after binding: the same token's panic is verified and it reads only its tourist's alerts, with the fields the app renders", async () => {
    const { didId, didToken } = await issueDid(server);
    const touristId = await registerWith(server, didToken, 'Bina Roy');
    const stranger = await registerWith(server, (await issueDid(server)).didToken, 'Someone Else');
    expect((await call(server.url, 'POST', '/panic-alert', { ...SHILLONG, touristId: stranger })).status).toBe(201);

    const bound = await call(server.url, 'POST', '/did/bind', { didId, touristId });
    expect(bound.status).toBe(201);
    expect(bound.body.binding).toMatchObject({ didId, touristId, touristName: 'Bina Roy', boundBy: 'anonymous' });

    const raised = await panic(server, didToken, touristId);
    expect(raised.body.incident.verified).toBe(true);
    const withoutNaming = await call(server.url, 'POST', '/panic-alert', { ...SHILLONG }, bearer(didToken));
    expect(withoutNaming.body.incident).toMatchObject({ touristId, verified: true });

    const own = await call(server.url, 'GET', '/panic-alerts', undefined, bearer(didToken));
    const alerts = own.body.alerts as ListedAlert[];
    expect(alerts.map((alert) => alert.touristId)).toEqual([touristId, touristId]);
    for (const alert of alerts) {
      expect(alert).toMatchObject({ type: 'panic', status: 'open', timestamp: alert.at, location: '25.5788, 91.8933' });
    }
    // An operator's read still lists everyone's, with the same added fields.
    const all = (await call(server.url, 'GET', '/panic-alerts')).body.alerts as ListedAlert[];
    expect(all.map((alert) => alert.touristId)).toContain(stranger);
  });

  it('a bound token may neither write nor read as anyone else; a panic naming another is kept, unverified', async () => {
    const { didId, didToken } = await issueDid(server);
    const touristId = await registerWith(server, didToken, 'Chitra');
    const other = await registerWith(server, (await issueDid(server)).didToken, 'Dev');
    expect((await call(server.url, 'POST', '/did/bind', { didId, touristId })).status).toBe(201);

    const ping = await call(server.url, 'POST', '/gps/update', { ...SHILLONG, touristId: other }, bearer(didToken));
    expect(ping.status).toBe(403);
    expect(ping.body.error).toMatch(new RegExp(`acts for tourist "${touristId}"`));
    const read = await call(server.url, 'GET', `/gps/last?touristId=${other}`, undefined, bearer(didToken));
    expect(read.status).toBe(403);
    const theirPanic = await panic(server, didToken, other);
    expect(theirPanic.status).toBe(201);
    expect(theirPanic.body.incident).toMatchObject({ touristId: other, verified: false });
  });

  it('rebinding needs an unbind first; both acts are audited, and after the unbind the token proves nobody again', async () => {
    const { didId, didToken } = await issueDid(server);
    const first = await registerWith(server, didToken, 'Esha');
    const second = await registerWith(server, didToken, 'Farid');
    expect((await call(server.url, 'POST', '/did/bind', { didId, touristId: first })).status).toBe(201);
    // Binding again to the same tourist (a double click) changes nothing.
    expect((await call(server.url, 'POST', '/did/bind', { didId, touristId: first })).status).toBe(200);

    const rebind = await call(server.url, 'POST', '/did/bind', { didId, touristId: second });
    expect(rebind.status).toBe(409);
    expect(rebind.body.error).toMatch(
      new RegExp(`bound to tourist Esha \\(${first}\\) since .* by anonymous; unbind it before`),
    );

    const unbound = await call(server.url, 'POST', '/did/unbind', { didId });
    expect(unbound.status).toBe(200);
    expect(unbound.body.unbound).toMatchObject({ didId, touristId: first });
    expect((await panic(server, didToken, first)).body.incident.verified).toBe(false);
    expect((await call(server.url, 'POST', '/did/unbind', { didId })).status).toBe(404);

    expect((await call(server.url, 'POST', '/did/bind', { didId, touristId: second })).status).toBe(201);
    expect((await panic(server, didToken, second)).body.incident.verified).toBe(true);

    const binds = await auditActions(server, 'did.bind');
    expect(binds.filter((entry) => entry.detail?.didId === didId).map((entry) => entry.target)).toEqual([
      second,
      first,
    ]);
    const unbinds = await auditActions(server, 'did.unbind');
    expect(unbinds.filter((entry) => entry.detail?.didId === didId).map((entry) => entry.target)).toEqual([first]);
  });

  it('refuses what it cannot bind with a sentence naming the field, and stores nothing', async () => {
    const { didId } = await issueDid(server);
    const unknownTourist = await call(server.url, 'POST', '/did/bind', { didId, touristId: unique('nobody') });
    expect(unknownTourist.status).toBe(404);
    expect(unknownTourist.body.error).toMatch(/Unknown touristId .* register the tourist first/);
    const touristId = await registerWith(server, (await issueDid(server)).didToken, 'Gita');
    const unknownDid = await call(server.url, 'POST', '/did/bind', { didId: 'did:local:never-issued', touristId });
    expect(unknownDid.status).toBe(404);
    expect(unknownDid.body.error).toMatch(/never issued the Digital ID "did:local:never-issued"/);
    const notADid = await call(server.url, 'POST', '/did/bind', { didId: 'tourist-1', touristId });
    expect(notADid.status).toBe(400);
    expect(notADid.body.error).toMatch(/didId must be a DID/);
    const garbage = await call(server.url, 'POST', '/did/lookup', { did: 'not a token' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toMatch(/did is not a Digital ID this server can use/);
    const { rows } = await server.ctx.db.query('select 1 from did_bindings where did_id = $1', [didId]);
    expect(rows).toEqual([]);
  });

  it("answers a token that is not valid with 401 on the phone read, never with the operators' list", async () => {
    const answer = await call(server.url, 'GET', '/panic-alerts', undefined, { Authorization: 'Bearer not.a.token' });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/call GET \/panic-alerts without one/);
  });
});

describe('binding with DEVICE_AUTH=required', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ deviceAuth: 'required' });
  });
  afterAll(() => server?.stop());

  it("refuses the unbound DID's ping with 401, and accepts its next ping once a supervisor bound it", async () => {
    const { didId, didToken } = await issueDid(server);
    const touristId = await registerWith(server, didToken, 'Hema');
    const before = await call(server.url, 'POST', '/gps/update', { ...SHILLONG, touristId }, bearer(didToken));
    expect(before.status).toBe(401);
    expect((await call(server.url, 'POST', '/did/bind', { didId, touristId })).status).toBe(201);
    const after = await call(server.url, 'POST', '/gps/update', { ...SHILLONG, touristId }, bearer(didToken));
    expect(after.status).toBe(201);
  });
});

describe.runIf(process.env.DATABASE_URL)('binding on one server of two sharing PostgreSQL', () => {
  const schema = uniqueSchema();
  const didSigningKey = 'k'.repeat(40);
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ databaseSchema: schema, didSigningKey });
    second = await startTestServer({ databaseSchema: schema, didSigningKey });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('the other server accepts the token as its tourist as soon as the binding commits', async () => {
    const { didId, didToken } = await issueDid(first);
    const touristId = await registerWith(first, didToken, 'Ira');
    expect((await panic(second, didToken, touristId)).body.incident.verified).toBe(false);
    expect((await call(first.url, 'POST', '/did/bind', { didId, touristId })).status).toBe(201);
    await vi.waitFor(async () => expect((await panic(second, didToken, touristId)).body.incident.verified).toBe(true));
  });
});
