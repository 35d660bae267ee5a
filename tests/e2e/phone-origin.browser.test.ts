// A tourist's phone app as the reference system ships it: a web page on another origin than the API. In
// Chromium its panic (JSON with an Idempotency-Key, so preceded by a preflight) reaches the server and the
// page reads the answer; the same page cannot read the operators' routes.
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

  it("cannot read the operators' routes", async () => {
    const outcome = await phonePage.evaluate((api) => fetch(`${api}/incidents`).then(() => 'read', () => 'refused by CORS'), server.url);
    expect(outcome).toBe('refused by CORS');
  });
});
