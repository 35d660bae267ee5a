// A tourist's phone app as the reference system ships it: a web page on another origin than the API. In
// Chromium its panic (JSON with an Idempotency-Key, so preceded by a preflight) reaches the server and the
// page reads the answer; it reads regions with their emergency contacts, zones and scores, with and without
// its device token (with one, every read is preflighted), and its own alert history (issue 30); the same
// page cannot read the operators' routes. Listed in CORS_ORIGINS, a page there is an operator's: it edits and
// deletes a zone with If-Match and deletes a webhook (preflighted PUT and DELETE).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.ts';
import { serveStatic, type StaticServer } from './map-static-server.ts';
import { launchChromium } from './support/chromium.ts';

let server: TestServer;
let phoneSite: StaticServer;
let siteDir: string;
let browser: Browser;
let phonePage: Page;

beforeAll(async () => {
  server = await startTestServer({ corsOrigins: [] });
  siteDir = mkdtempSync(join(tmpdir(), 'phone-site-'));
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>Tourist phone</title>');
  phoneSite = await serveStatic(siteDir);
  browser = await launchChromium();
  phonePage = await browser.newPage();
  await phonePage.goto(`${phoneSite.url}/`);
});

afterAll(async () => {
  await browser?.close();
  await phoneSite?.close();
  await server?.stop();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('a phone page on another origin', () => {
  it('raises a panic and reads the answer', async () => {
    expect(new URL(phoneSite.url).origin).not.toBe(new URL(server.url).origin);
    const answer = await phonePage.evaluate(async (api) => {
      const response = await fetch(`${api}/panic-alert`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'phone-page-1' },
        body: JSON.stringify({ latitude: 25.5788, longitude: 91.8933, touristId: 'phone-page', deviceId: null }),
      });
      return { status: response.status, body: await response.json() };
    }, server.url);
    expect(answer.status).toBe(201);
    expect(answer.body.incident.touristId).toBe('phone-page');
    const stored = await call(server.url, 'GET', '/incidents');
    expect(stored.body.incidents.map((incident: { id: string }) => incident.id)).toContain(answer.body.incident.id);
  });

  it('sends a GPS ping carrying its device token (a preflighted request) and reads the answer', async () => {
    const answer = await phonePage.evaluate(async (api) => {
      const issued = await fetch(`${api}/did/issue`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kycType: 'passport', kycHash: 'b'.repeat(64) }),
      }).then((response) => response.json());
      const response = await fetch(`${api}/gps/update`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${issued.didToken}` },
        body: JSON.stringify({ latitude: 25.5788, longitude: 91.8933, deviceId: 'phone-page-device' }),
      });
      return { status: response.status, body: await response.json() };
    }, server.url);
    expect(answer.status).toBe(201);
    const last = await call(server.url, 'GET', '/gps/last');
    expect(JSON.stringify(last.body)).toContain('phone-page-device');
  });

  it('reads regions with their contacts, zones and the scores, without and with its device token (preflighted)', async () => {
    const reads = await phonePage.evaluate(async (api) => {
      const issued = await fetch(`${api}/did/issue`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kycType: 'passport', kycHash: 'e'.repeat(64) }),
      }).then((response) => response.json());
      const paths = ['/regions', '/geofences', '/safety-score?regionId=default', '/safety-credit?regionId=default'];
      const read = async (path: string, headers: Record<string, string>) => {
        const response = await fetch(`${api}${path}`, { headers });
        return { path, status: response.status, body: await response.json() };
      };
      return {
        anonymous: await Promise.all(paths.map((path) => read(path, {}))),
        withToken: await Promise.all(paths.map((path) => read(path, { Authorization: `Bearer ${issued.didToken}` }))),
      };
    }, server.url);
    for (const answers of [reads.anonymous, reads.withToken]) {
      expect(answers.map((answer) => [answer.path, answer.status, answer.body.ok])).toEqual(
        answers.map((answer) => [answer.path, 200, true]),
      );
      const [regions, zones, score, credit] = answers.map((answer) => answer.body);
      // What the app's Contacts view shows: a label and a number to call, for the region it is in.
      const fallback = regions.regions.find((region: { id: string }) => region.id === 'default');
      expect(fallback.contacts.length).toBeGreaterThan(0);
      for (const contact of fallback.contacts)
        expect(contact).toEqual(expect.objectContaining({ label: expect.any(String), phone: expect.any(String) }));
      expect(Array.isArray(zones.geofences)).toBe(true);
      expect(typeof score.score).toBe('number');
      expect(typeof credit.score).toBe('number');
    }
  });

  it("reads its own alert history with its device token, in the fields the app's table renders", async () => {
    const history = await phonePage.evaluate(async (api) => {
      const json = { 'Content-Type': 'application/json' };
      const issued = await fetch(`${api}/did/issue`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ kycType: 'passport', kycHash: 'f'.repeat(64) }),
      }).then((r) => r.json());
      const auth = { Authorization: `Bearer ${issued.didToken}` };
      const unbound = await fetch(`${api}/panic-alerts`, { headers: auth }).then((r) => r.json());
      return { didId: issued.didId as string, didToken: issued.didToken as string, unbound };
    }, server.url);
    expect(history.unbound).toEqual({ ok: true, alerts: [], count: 0 });

    const touristId = (await call(server.url, 'POST', '/tourists/register', { name: 'Phone Reader' })).body.touristId;
    expect((await call(server.url, 'POST', '/did/bind', { didId: history.didId, touristId })).status).toBe(201);
    const own = await phonePage.evaluate(
      async ({ api, token, tourist }) => {
        const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
        await fetch(`${api}/panic-alert`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ latitude: 25.5788, longitude: 91.8933, touristId: tourist, deviceId: null }),
        });
        const listed = await fetch(`${api}/panic-alerts`, { headers }).then((r) => r.json());
        // As the app renders a row: the cells must not read "Invalid Date" or be empty.
        return listed.alerts.map(
          (alert: {
            type: string;
            status: string;
            location: string;
            timestamp: string;
            touristId: string;
            verified: boolean;
          }) => ({
            type: alert.type,
            status: alert.status,
            location: alert.location,
            date: String(new Date(alert.timestamp)),
            touristId: alert.touristId,
            verified: alert.verified,
          }),
        );
      },
      { api: server.url, token: history.didToken, tourist: touristId },
    );
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      type: 'panic',
      status: 'open',
      location: '25.5788, 91.8933',
      touristId,
      verified: true,
    });
    expect(own[0].date).not.toBe('Invalid Date');
  });

  it("cannot read the operators' routes", async () => {
    const outcome = await phonePage.evaluate(
      (api) =>
        fetch(`${api}/incidents`).then(
          () => 'read',
          () => 'refused by CORS',
        ),
      server.url,
    );
    expect(outcome).toBe('refused by CORS');
  });
});

describe("an operator's page on a CORS_ORIGINS origin", () => {
  let operatorServer: TestServer;
  beforeAll(async () => {
    operatorServer = await startTestServer({ corsOrigins: [new URL(phoneSite.url).origin] });
  });
  afterAll(() => operatorServer?.stop());

  it('replaces and deletes a zone with If-Match, and deletes a webhook, as the dashboard sends them (with credentials)', async () => {
    const outcome = await phonePage.evaluate(async (api) => {
      const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const response = await fetch(`${api}${path}`, {
          method,
          credentials: 'include',
          headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, etag: response.headers.get('etag'), body: await response.json() };
      };
      const polygon = [
        [25.57, 91.88],
        [25.58, 91.88],
        [25.58, 91.89],
        [25.57, 91.89],
      ];
      const zone = { id: 'gf-cors-page', name: 'Police Bazar', riskLevel: 'red', regionId: 'default', polygon };
      const created = await send('POST', '/geofences', zone);
      const replaced = await send(
        'PUT',
        '/geofences/gf-cors-page',
        { ...zone, riskLevel: 'yellow' },
        { 'If-Match': '"1"' },
      );
      const deleted = await send('DELETE', '/geofences/gf-cors-page', undefined, { 'If-Match': replaced.etag ?? '' });
      const webhook = await send('POST', '/webhooks', {
        name: 'SMS gateway',
        url: 'https://sms.example/hook',
        events: ['panic.created'],
      });
      const webhookDeleted = await send('DELETE', `/webhooks/${webhook.body.webhook.id}`);
      const webhooksLeft = await send('GET', '/webhooks');
      return {
        statuses: [created.status, replaced.status, deleted.status, webhook.status, webhookDeleted.status],
        riskAfterPut: replaced.body.geofence?.riskLevel,
        webhooksLeft: webhooksLeft.body.webhooks.length,
      };
    }, operatorServer.url);
    expect(outcome).toEqual({ statuses: [201, 200, 200, 201, 200], riskAfterPut: 'yellow', webhooksLeft: 0 });
    const zones = await call(operatorServer.url, 'GET', '/geofences');
    expect(zones.body.geofences.map((zone: { id: string }) => zone.id)).not.toContain('gf-cors-page');
  });
});
