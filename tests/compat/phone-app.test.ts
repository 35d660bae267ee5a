// The public reference phone app (Sona243MS/Smart-Tourist-Safety, mobile-app/, branch
// feature/ne-langs-assam-credit-did) against the real server started like `npm start` on a fresh store: every
// request of shared/reference-clients/phone-app.md, with the bodies it lists, sent from a page on another
// origin in Chromium as the app's axios sends them (no token, then `Authorization: Bearer` once the Digital
// ID is held, then none again after Clear ID), in the app's order, each answer checked for what the app reads
// of it. Also what the app's code sends that the table leaves out: Pair with the BLE address left blank, a
// Digital ID for Doc Type Aadhaar with the optional fields blank, the older build's register without Aadhaar,
// and the zone's regionId, by which the app places itself and asks for its region's score and contacts.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import type { DashboardServer } from '../e2e/support/dashboard-server.ts';
import { startFreshInstall } from '../e2e/support/fresh-install.ts';
import { serveOtherOrigin, type OtherOriginSite } from '../e2e/support/other-origin-page.ts';
import {
  expectSucceeded,
  holdToken,
  sendAsClient,
  told,
  type ClientAnswer,
  type ClientRequest,
} from '../e2e/support/reference-client.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
const AADHAAR = '234567890123';
const REGISTER = { name: 'Asha Devi', phone: '+91-9876543210', aadhaar: AADHAAR };
const PASSPORT_NUMBER = 'Z4417302';
/** A zone a supervisor drew around Police Bazar: the app places itself by it (regionId, riskLevel). */
const POLICE_BAZAR = {
  id: 'police-bazar',
  name: 'Police Bazar',
  riskLevel: 'yellow',
  regionId: 'shillong',
  polygon: [
    [25.57, 91.88],
    [25.57, 91.9],
    [25.59, 91.9],
    [25.59, 91.88],
  ],
  meta: { placeId: 'police-bazar' },
};

let server: DashboardServer;
let site: OtherOriginSite;
let browser: Browser;
let phone: Page;
const held: { touristId?: string; deviceId?: string; didId?: string; didToken?: string } = {};

const send = (request: ClientRequest): Promise<ClientAnswer> => sendAsClient(phone, server.url, request);
const need = <K extends keyof typeof held>(key: K): string => {
  const value = held[key];
  if (!value) throw new Error(`no ${key}: the step that gets it failed`);
  return value;
};
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** The app's own point-in-polygon (App.js), on the zones as answered: [lat, lng] points. */
function pointInPolygon([lat, lng]: [number, number], polygon: unknown): boolean {
  if (!Array.isArray(polygon) || polygon.length < 3) return false;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i];
    const [yj, xj] = polygon[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const ids = (list: { id: string }[]) => list.map((item) => item.id);

/** Every file of the store (PGlite keeps its tables and log there), for bytes that must never be written. */
function storeFiles(dir: string): Buffer[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)));
}

/** Where the app finds itself among the zones answered, as it does: its region asks for the score and contacts. */
const placed: { regionId: string } = { regionId: 'default' };

/** The reads the app makes when it opens (and on its timers): each is a step of its own. */
const READS: [string, () => Promise<void>][] = [
  [
    'the status check every 15 s answers (any 2xx is "online")',
    async () => {
      expectSucceeded(await send({ method: 'GET', path: '/panic-alerts', timeoutMs: 5_000 }));
    },
  ],
  [
    'the zones: the app places itself in one by its polygon, riskLevel and regionId',
    async () => {
      const zones = await send({ method: 'GET', path: '/geofences' });
      expectSucceeded(zones);
      expect(zones.body.ok, told(zones)).toBe(true);
      const here = (zones.body.geofences as { regionId?: string; riskLevel?: string; polygon: unknown }[]).find(
        (zone) => pointInPolygon([SHILLONG.latitude, SHILLONG.longitude], zone.polygon),
      );
      expect({ regionId: here?.regionId, riskLevel: here?.riskLevel }, 'the zone the app finds itself in').toEqual({
        regionId: 'shillong',
        riskLevel: 'yellow',
      });
      placed.regionId = here!.regionId!;
    },
  ],
  [
    'the Contacts view: a label, its Assamese label when given, and a number for each contact of its region',
    async () => {
      const regions = await send({ method: 'GET', path: '/regions' });
      expectSucceeded(regions);
      expect(regions.body.ok, told(regions)).toBe(true);
      for (const id of new Set(['default', placed.regionId])) {
        const region = (regions.body.regions as { id: string; contacts?: Record<string, unknown>[] }[]).find(
          (known) => known.id === id,
        );
        const contacts = (region?.contacts ?? []).map((c) => ({
          label: c.label ?? c.name,
          labelAs: c.labelAs ?? null,
          phone: c.phone,
        }));
        expect(contacts.length, `contacts of ${id}`).toBeGreaterThan(0);
        for (const contact of contacts)
          expect(contact).toEqual({
            label: expect.stringMatching(/\S/),
            labelAs: contact.labelAs === null ? null : expect.any(String),
            phone: expect.stringMatching(/\d/),
          });
      }
    },
  ],
  [
    'the Alerts view: a list it can draw, not its placeholders',
    async () => {
      const alerts = await send({ method: 'GET', path: '/panic-alerts' });
      expectSucceeded(alerts);
      expect(alerts.body.ok, told(alerts)).toBe(true);
      expect(Array.isArray(alerts.body.alerts), told(alerts)).toBe(true);
    },
  ],
  [
    'the safety score of the region it is in',
    async () => {
      const score = await send({ method: 'GET', path: '/safety-score', params: { regionId: placed.regionId } });
      expectSucceeded(score);
      expect(score.body.ok, told(score)).toBe(true);
      expect(score.body.score, told(score)).toEqual(expect.any(Number));
    },
  ],
];

/** Tracking, SOS, "I'm safe" and "Low battery" as the app sends them, with the ids it holds (null when none). */
const REPORTS: [string, () => ClientRequest][] = [
  ['GPS Tracking on', () => ({ method: 'POST', path: '/gps/update', body: { ...SHILLONG, ...heldIds() } })],
  ['SOS', () => ({ method: 'POST', path: '/panic-alert', body: { ...SHILLONG, ...heldIds() } })],
  ["I'm Safe", () => ({ method: 'POST', path: '/soft-alert', body: { ...SHILLONG, ...heldIds(), type: 'safe' } })],
  [
    'Low Battery',
    () => ({ method: 'POST', path: '/soft-alert', body: { ...SHILLONG, ...heldIds(), type: 'low_battery' } }),
  ],
];
const heldIds = () => ({ touristId: held.touristId ?? null, deviceId: held.deviceId ?? null });

/** What the control room holds of the tourist's reports: their GPS ping and incidents. */
async function controlRoomSees({ touristId, deviceId }: ReturnType<typeof heldIds>) {
  const pings = (await call(server.url, 'GET', '/gps/last')).body.pings as Record<string, unknown>[];
  const incidents = (await call(server.url, 'GET', '/incidents?limit=500')).body.incidents as {
    id: string;
    touristId: string | null;
  }[];
  return {
    ping: pings.find((ping) => ping.touristId === touristId && ping.deviceId === deviceId),
    incidents: incidents.filter((incident) => incident.touristId === touristId),
  };
}

beforeAll(async () => {
  site = await serveOtherOrigin('Smart Tourist Safety');
  // Phones are never in CORS_ORIGINS.
  server = await startFreshInstall({ CORS_ORIGINS: '', LOG_LEVEL: 'info' });
  const zone = await call(server.url, 'POST', '/geofences', POLICE_BAZAR);
  if (zone.status >= 300)
    throw new Error(`drawing the Police Bazar zone answered ${zone.status}: ${JSON.stringify(zone.body)}`);
  browser = await launchChromium();
  phone = await site.open(browser);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.dispose();
});

describe('the reference phone app, from its own origin, step by step', () => {
  it('is served from another origin than the API', () => {
    expect(site.origin).not.toBe(new URL(server.url).origin);
  });

  for (const [name, read] of READS) it(`opens without a Digital ID: ${name}`, read);

  it('Settings → Register Tourist, with the Aadhaar whole and the phone as typed; the whole number is never stored or logged', async () => {
    const answer = await send({ method: 'POST', path: '/tourists/register', body: REGISTER });
    expectSucceeded(answer);
    expect(answer.body, told(answer)).toMatchObject({ ok: true, touristId: expect.stringMatching(/\S/) });
    held.touristId = answer.body.touristId;
    expect(JSON.stringify(answer.body)).not.toContain(AADHAAR);
    expect(server.process.output()).not.toContain(AADHAAR);
    if (!process.env.DATABASE_URL) {
      const files = storeFiles(server.dataDir);
      // The scan sees what is stored (the name), so not finding the number means it was not.
      expect(
        files.some((bytes) => bytes.includes(REGISTER.name)),
        'the registered name in the store',
      ).toBe(true);
      expect(files.filter((bytes) => bytes.includes(AADHAAR)).length, 'files holding the whole Aadhaar').toBe(0);
    }
  });

  it('Settings → Register Tourist: phone numbers as people type them, and the older build without Aadhaar', async () => {
    const bodies = [
      { name: 'Ravi Kumar', phone: '+91-98765 43210', aadhaar: '345678901234' },
      { name: 'Meera Das', phone: '098765 43210', aadhaar: '456789012345' },
      { name: 'Bina Roy', phone: '9876543210', aadhaar: '567890123456' },
      { name: 'Older Build', phone: '+91-9876543210' },
    ];
    for (const body of bodies) {
      const answer = await send({ method: 'POST', path: '/tourists/register', body });
      expectSucceeded(answer);
      expect(answer.body, told(answer)).toMatchObject({ ok: true, touristId: expect.stringMatching(/\S/) });
    }
  });

  it('Settings → Pair Device, and again with the optional BLE address left blank', async () => {
    const touristId = need('touristId');
    const blank = await send({ method: 'POST', path: '/devices/pair', body: { touristId, bleAddress: '' } });
    expectSucceeded(blank);
    expect(blank.body, told(blank)).toMatchObject({ ok: true, deviceId: expect.stringMatching(/\S/) });
    const answer = await send({
      method: 'POST',
      path: '/devices/pair',
      body: { touristId, bleAddress: 'AA:BB:CC:DD:EE:FF' },
    });
    expectSucceeded(answer);
    expect(answer.body, told(answer)).toMatchObject({ ok: true, deviceId: expect.stringMatching(/\S/) });
    held.deviceId = answer.body.deviceId;
  });

  it('Security → Issue ID with a free-text itinerary and phone-string contacts; the app holds the token', async () => {
    const body = {
      kycType: 'passport',
      kycHash: sha256Hex(`passport:${PASSPORT_NUMBER}`),
      validDays: 14,
      itinerary: 'Guwahati → Shillong → Cherrapunji',
      emergencyContacts: ['+91-9876500001', '+91-9876500002'],
    };
    const answer = await send({ method: 'POST', path: '/did/issue', body });
    expectSucceeded(answer);
    expect(answer.body.didToken, told(answer)).toEqual(expect.stringMatching(/\S/));
    const expiresIn = Date.parse(answer.body.expiresAt) - Date.now();
    expect(expiresIn / 86_400_000, `expiresAt ${answer.body.expiresAt}`).toBeCloseTo(14, 0);
    held.didToken = answer.body.didToken;
    held.didId = answer.body.didId;
    await holdToken(phone, answer.body.didToken);
  });

  it('Security → Issue ID for Doc Type Aadhaar with the itinerary and contacts left blank (null)', async () => {
    await holdToken(phone, null); // as another phone, which holds no token yet
    const body = {
      kycType: 'aadhaar',
      kycHash: sha256Hex(`aadhaar:${AADHAAR}`),
      validDays: 7,
      itinerary: null,
      emergencyContacts: null,
    };
    const answer = await send({ method: 'POST', path: '/did/issue', body });
    await holdToken(phone, held.didToken ?? null);
    expectSucceeded(answer);
    expect(answer.body.didToken, told(answer)).toEqual(expect.stringMatching(/\S/));
    expect(Number.isNaN(Date.parse(answer.body.expiresAt)), told(answer)).toBe(false);
  });

  it('Security → Issue ID with Trip Days typed above 60 (the app sends Number(tripDays)): issued for 60', async () => {
    await holdToken(phone, null);
    const body = {
      kycType: 'passport',
      kycHash: sha256Hex(`passport:${PASSPORT_NUMBER}`),
      validDays: 90,
      itinerary: null,
      emergencyContacts: null,
    };
    const answer = await send({ method: 'POST', path: '/did/issue', body });
    await holdToken(phone, held.didToken ?? null);
    expectSucceeded(answer);
    expect(answer.body.didToken, told(answer)).toEqual(expect.stringMatching(/\S/));
    expect((Date.parse(answer.body.expiresAt) - Date.now()) / 86_400_000, told(answer)).toBeCloseTo(60, 0);
  });

  it('Security → Verify ID: valid, with the expiry it shows', async () => {
    const token = need('didToken');
    const answer = await send({ method: 'POST', path: '/did/verify', body: { token } });
    expect(answer.withToken).toBe(true);
    expectSucceeded(answer);
    expect(answer.body.ok, told(answer)).toBe(true);
    expect(new Date(answer.body.claims.exp * 1000).getTime() - Date.now(), told(answer)).toBeGreaterThan(
      13 * 86_400_000,
    );
  });

  for (const [name, request] of REPORTS) {
    it(`with the token: ${name} reaches the control room`, async () => {
      need('didToken');
      const answer = await send(request());
      expect(answer.withToken).toBe(true);
      expectSucceeded(answer);
      const seen = await controlRoomSees(heldIds());
      if (name === 'GPS Tracking on') expect(seen.ping).toEqual(expect.objectContaining({ ...heldIds(), ...SHILLONG }));
      else expect(ids(seen.incidents)).toContain(answer.body.incident?.id);
    });
  }

  for (const [name, read] of READS) {
    it(`with the token: ${name}`, async () => {
      need('didToken');
      await read();
    });
  }

  it('with the token: the Alerts view lists its SOS, once a supervisor binds the ID, in the fields it draws', async () => {
    const touristId = need('touristId');
    const bound = await call(server.url, 'POST', '/did/bind', { didId: need('didId'), touristId });
    expect(bound.status, JSON.stringify(bound.body)).toBe(201);
    const answer = await send({ method: 'GET', path: '/panic-alerts' });
    expect(answer.withToken).toBe(true);
    expectSucceeded(answer);
    const rows = (answer.body.alerts as Record<string, unknown>[]).filter((alert) => alert.touristId === touristId);
    expect(rows.length, told(answer)).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        id: expect.anything(),
        type: 'panic',
        status: expect.stringMatching(/\S/),
        location: expect.stringMatching(/\d/),
      });
      expect(String(new Date(row.timestamp as string)), `timestamp ${row.timestamp}`).not.toBe('Invalid Date');
    }
  });

  it('Security → Clear ID: tracking, SOS, "I\'m Safe" and "Low Battery" answer again without the token', async () => {
    await holdToken(phone, null);
    for (const [, request] of REPORTS) {
      const answer = await send(request());
      expect(answer.withToken).toBe(false);
      expectSucceeded(answer);
    }
  });

  it('Security → Clear ID: every read answers again without the token', async () => {
    for (const [, read] of READS) await read();
  });
});
