// The public reference dashboard (the older create-react-app build of Sona243MS/Smart-Tourist-Safety,
// dashboard/src/App.js) against the real server started like `npm start` on a fresh store, from a page on
// its own origin listed in CORS_ORIGINS: every call of SPEC §7's table as that build makes it (axios, the
// same query parameters, no credentials), each answer checked for `ok` and what it reads, and its live stream
// (an EventSource across origins). Data arrives as phones and devices send it, over HTTP.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import type { DashboardServer } from '../e2e/support/dashboard-server.ts';
import { startFreshInstall } from '../e2e/support/fresh-install.ts';
import { serveOtherOrigin, type OtherOriginSite } from '../e2e/support/other-origin-page.ts';
import { sendGpsPing, sendPanicFromPhone, type SentPanic } from '../e2e/support/phone.ts';
import {
  expectSucceeded,
  sendAsClient,
  told,
  type ClientAnswer,
  type ClientRequest,
} from '../e2e/support/reference-client.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
/** Where its Seed Test Geofence falls back to when it has no alert (App.js). */
const BENGALURU = { latitude: 12.972442, longitude: 77.580643 };
const FANCY_BAZAAR = {
  id: 'fancy-bazaar',
  name: 'Fancy Bazaar',
  riskLevel: 'yellow',
  regionId: 'guwahati',
  polygon: [
    [26.18, 91.74],
    [26.18, 91.75],
    [26.19, 91.75],
    [26.19, 91.74],
  ],
  meta: { placeId: 'fancy-bazaar' },
};
const CSV_COLUMNS =
  'id,touristId,deviceId,type,severity,status,latitude,longitude,createdAt,resolvedAt,regionId,riskLevel,geofenceId';

let server: DashboardServer;
let site: OtherOriginSite;
let browser: Browser;
let dashboard: Page;
let panic: SentPanic;
let testAlertId: string | undefined;
const sent = { touristId: 'tourist-ref-1', deviceId: 'band-ref-1', didId: '' };

const send = (request: ClientRequest): Promise<ClientAnswer> => sendAsClient(dashboard, server.url, request);
const get = (path: string, params?: Record<string, string | number>) => send({ method: 'GET', path, params });
/** What its fetches ask of an answer before they use it: `ok` and the array. */
function listOf(answer: ClientAnswer, field: string): Record<string, any>[] {
  expectSucceeded(answer);
  expect(answer.body.ok === true && Array.isArray(answer.body[field]), told(answer)).toBe(true);
  return answer.body[field];
}
const isTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const hasPosition = (row: Record<string, any>) => typeof row.latitude === 'number' && typeof row.longitude === 'number';

/** Its incident rows as it projects them for the table and the map (fetchFiltered). */
function expectIncidentRows(answer: ClientAnswer) {
  const rows = listOf(answer, 'incidents');
  const row = rows.find((incident) => incident.id === panic.incident.id);
  expect(row, `${told(answer)}: no row for the Shillong panic ${panic.incident.id}`).toBeDefined();
  expect(
    hasPosition(row!) && isTime(row!.createdAt) && row!.status === 'open' && typeof row!.meta === 'object',
    JSON.stringify(row),
  ).toBe(true);
  return rows;
}

/** Its fetches on load (refreshAll, the regions and the DB badge), and its Dev events panel. */
const CALLS: [string, ClientRequest, (answer: ClientAnswer) => void][] = [
  [
    'the table of region default (its first view)',
    { method: 'GET', path: '/incidents/filter', params: { regionId: 'default' } },
    expectIncidentRows,
  ],
  [
    'the table of region default, Last 1h',
    { method: 'GET', path: '/incidents/filter', params: { regionId: 'default', minutes: 60 } },
    expectIncidentRows,
  ],
  ['the table of every region (all: no regionId)', { method: 'GET', path: '/incidents/filter' }, expectIncidentRows],
  [
    'the status map',
    { method: 'GET', path: '/incidents', params: { limit: 50 } },
    (answer) => {
      expect(listOf(answer, 'incidents').find((incident) => incident.id === panic.incident.id)?.status).toBe('open');
    },
  ],
  [
    'the zones, with the places of the place selector',
    { method: 'GET', path: '/geofences' },
    (answer) => {
      const zone = listOf(answer, 'geofences').find((known) => known.id === FANCY_BAZAAR.id);
      expect(zone).toMatchObject({
        name: FANCY_BAZAAR.name,
        riskLevel: 'yellow',
        polygon: FANCY_BAZAAR.polygon,
        meta: { placeId: 'fancy-bazaar' },
      });
    },
  ],
  [
    'the safety score banner',
    { method: 'GET', path: '/safety-score', params: { regionId: 'default' } },
    (answer) => {
      expectSucceeded(answer);
      expect(answer.body.ok === true && typeof answer.body.score === 'number', told(answer)).toBe(true);
    },
  ],
  [
    'the safety credit of the region',
    { method: 'GET', path: '/safety-credit', params: { regionId: 'default' } },
    (answer) => {
      expectSucceeded(answer);
      expect(typeof answer.body.score === 'number' && typeof answer.body.components === 'object', told(answer)).toBe(
        true,
      );
    },
  ],
  [
    'the safety credit of a place',
    { method: 'GET', path: '/safety-credit', params: { regionId: 'guwahati', placeId: 'fancy-bazaar' } },
    (answer) => {
      expectSucceeded(answer);
      expect(
        typeof answer.body.score === 'number' && answer.body.inputs?.placeId === 'fancy-bazaar',
        told(answer),
      ).toBe(true);
    },
  ],
  [
    'the DID Anchors card',
    { method: 'GET', path: '/did/anchors' },
    (answer) => {
      const anchor = listOf(answer, 'anchors').find((known) => known.didId === sent.didId);
      expect(
        anchor &&
          isTime(anchor.createdAt) &&
          /^[0-9a-f]{64}$/.test(anchor.digest) &&
          anchor.chain === 'local' &&
          typeof anchor.status === 'string',
        JSON.stringify(anchor),
      ).toBe(true);
    },
  ],
  [
    'the GPS Pings card',
    { method: 'GET', path: '/gps/last' },
    (answer) => {
      const ping = listOf(answer, 'pings').find((known) => known.touristId === sent.touristId);
      expect(ping && hasPosition(ping) && isTime(ping.at) && 'deviceId' in ping, JSON.stringify(ping)).toBe(true);
    },
  ],
  [
    'the GPS trails',
    { method: 'GET', path: '/gps/history' },
    (answer) => {
      expectSucceeded(answer);
      expect(answer.body.ok && answer.body.history?.[sent.touristId]?.every(hasPosition), told(answer)).toBe(true);
    },
  ],
  [
    'the Region select',
    { method: 'GET', path: '/regions' },
    (answer) => {
      expect(listOf(answer, 'regions').map((region) => region.id)).toEqual(
        expect.arrayContaining(['default', 'shillong', 'guwahati']),
      );
    },
  ],
  [
    'the DB badge',
    { method: 'GET', path: '/db-mode' },
    (answer) => {
      expectSucceeded(answer);
      expect(answer.body.ok === true && typeof answer.body.mode === 'string', told(answer)).toBe(true);
    },
  ],
  [
    'the Dev: Recent Events card',
    { method: 'GET', path: '/events', params: { limit: 20 } },
    (answer) => {
      const event = listOf(answer, 'events').find((known) => known.deviceId === sent.deviceId);
      expect(
        event && isTime(event.createdAt) && event.type === 'ble' && 'touristId' in event,
        JSON.stringify(event),
      ).toBe(true);
    },
  ],
];

beforeAll(async () => {
  site = await serveOtherOrigin('Panic Alerts Dashboard (reference)');
  server = await startFreshInstall({ CORS_ORIGINS: site.origin });
  const setUp = [
    await call(server.url, 'POST', '/geofences', FANCY_BAZAAR),
    await call(server.url, 'POST', '/events', {
      deviceId: sent.deviceId,
      touristId: null,
      events: [{ type: 'ble', payload: { rssi: -61 } }],
    }),
    await call(server.url, 'POST', '/did/issue', { kycType: 'passport', kycHash: 'c'.repeat(64) }),
  ];
  for (const answer of setUp)
    if (answer.status >= 300) throw new Error(`setting up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  sent.didId = setUp[2]!.body.didId;
  await sendGpsPing(server.url, { ...SHILLONG, touristId: sent.touristId });
  panic = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude);
  browser = await launchChromium();
  dashboard = await site.open(browser);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.dispose();
});

describe('the reference dashboard, from its own origin in CORS_ORIGINS', () => {
  for (const [name, request, check] of CALLS) {
    const query = new URLSearchParams(
      Object.entries(request.params ?? {}).map(([key, value]) => [key, String(value)]),
    ).toString();
    it(`${name}: ${request.method} ${request.path}${query ? `?${query}` : ''}`, async () => check(await send(request)));
  }

  it('Seed Test Geofence posts its square around the first alert of its table, and reads it back', async () => {
    const rows = (await get('/incidents/filter', { regionId: 'default' })).body.incidents ?? [];
    const centre = rows[0] ?? BENGALURU;
    const d = 0.01;
    const { latitude: lat, longitude: lng } = centre;
    const body = {
      id: 'test-zone-1',
      name: 'Test Zone',
      riskLevel: 'red',
      regionId: 'default',
      polygon: [
        [lat + d, lng - d],
        [lat + d, lng + d],
        [lat - d, lng + d],
        [lat - d, lng - d],
      ],
    };
    const seeded = await send({ method: 'POST', path: '/geofences', body });
    expectSucceeded(seeded);
    expect(listOf(await get('/geofences'), 'geofences').find((zone) => zone.id === 'test-zone-1')).toMatchObject({
      riskLevel: 'red',
      polygon: body.polygon,
    });

    // Test alert mode: a click inside that zone posts just its position; the row comes back red, in region default.
    const clicked = await send({
      method: 'POST',
      path: '/panic-alert',
      body: { latitude: lat + d / 2, longitude: lng + d / 2 },
    });
    expectSucceeded(clicked);
    testAlertId = clicked.body.incident?.id;
    const row = listOf(await get('/incidents/filter', { regionId: 'default' }), 'incidents').find(
      (incident) => incident.id === testAlertId,
    );
    expect(row?.meta?.riskLevel, JSON.stringify(row)).toBe('red');
    expect(
      centre,
      'the zone is centred on its first alert, not on Bengaluru: its table had the Shillong panic',
    ).toMatchObject(SHILLONG);
  });

  it('Acknowledge then Resolve send {id} and the status map follows', async () => {
    if (!testAlertId) throw new Error('no test alert: the step that sends it failed');
    for (const [path, status] of [
      ['/incidents/acknowledge', 'acknowledged'],
      ['/incidents/resolve', 'resolved'],
    ] as const) {
      const answer = await send({ method: 'POST', path, body: { id: testAlertId } });
      expectSucceeded(answer);
      const statuses = listOf(await get('/incidents', { limit: 50 }), 'incidents');
      expect(statuses.find((incident) => incident.id === testAlertId)?.status).toBe(status);
    }
  });

  it("Export CSV with region and time window: the rows its table shows, API.md's columns", async () => {
    const params = { regionId: 'default', minutes: 60 };
    const csv = await get('/incidents/export', params);
    expectSucceeded(csv);
    expect(csv.contentType).toMatch(/^text\/csv/);
    const [header, ...lines] = String(csv.body).trim().split(/\r?\n/);
    expect(header!.startsWith(CSV_COLUMNS)).toBe(true);
    const shown = listOf(await get('/incidents/filter', params), 'incidents').map((incident) => incident.id);
    expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(shown.sort());
  });

  it('the live stream across origins: open, a snapshot, then alert, incident_update and gps as it reads them', async () => {
    await dashboard.evaluate((url) => {
      const seen = { opened: false, messages: [] as any[] };
      (window as any).stream = seen;
      const source = new EventSource(url);
      source.onopen = () => (seen.opened = true);
      source.onmessage = (event) => seen.messages.push(JSON.parse(event.data));
    }, `${server.url}/panic-alerts/stream`);
    const messages = () => dashboard.evaluate(() => (window as any).stream as { opened: boolean; messages: any[] });
    const until = async (what: string, found: (message: any) => boolean) => {
      await expect
        .poll(async () => (await messages()).messages.some(found), {
          timeout: 15_000,
          message: `${what}; stream: ${JSON.stringify(await messages()).slice(0, 300)}`,
        })
        .toBe(true);
    };
    await until('a snapshot on connecting', (message) => message.type === 'snapshot');
    expect((await messages()).opened).toBe(true);

    const next = await sendPanicFromPhone(server.url, SHILLONG.latitude + 0.002, SHILLONG.longitude);
    await until('the alert', (message) => message.type === 'alert' && message.alert?.incidentId === next.incident.id);
    expectSucceeded(await send({ method: 'POST', path: '/incidents/acknowledge', body: { id: next.incident.id } }));
    await until(
      'the incident_update',
      (m) =>
        m.type === 'incident_update' && m.incident?.id === next.incident.id && m.incident?.status === 'acknowledged',
    );
    await sendGpsPing(server.url, { ...SHILLONG, touristId: 'tourist-ref-2' });
    await until('the gps ping', (message) => message.type === 'gps' && message.ping?.touristId === 'tourist-ref-2');
  });
});
