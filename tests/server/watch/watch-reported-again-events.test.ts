// "Reported again" (issue 32) from a band's or phone's events, as from GPS pings and soft alerts: the open
// silent incident of the tourist gets the timeline entry with time and what was received, once (the first
// report after it was raised), and stays open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import {
  LAT,
  LNG,
  ping,
  reporting,
  secondsAfter,
  timelineActions,
  uniqueTourist,
  watchIncidentsOf,
} from '../support/watch.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ retentionIntervalMs: 0, watchCheckMs: 0 });
});
afterAll(async () => {
  await server?.stop();
});

/** A tourist with an open silent incident (raised by a check an hour after their last ping). */
async function silentTourist(offset: number): Promise<{ tourist: string; incidentId: string }> {
  const tourist = uniqueTourist('again');
  await reporting(server, tourist, LAT + offset, LNG);
  await runWatchCheck(server.ctx, secondsAfter(Date.now(), 3600));
  const [incident] = await watchIncidentsOf(server, tourist);
  expect(incident).toMatchObject({ type: 'silent', status: 'open' });
  return { tourist, incidentId: incident.id };
}

const cases = [
  {
    url: '/events',
    body: (touristId: string) => ({ touristId, events: [{ type: 'ble', payload: { rssi: -70 } }] }),
    what: 'Device event (ble)',
  },
  {
    url: '/sync/offline',
    body: (touristId: string) => ({
      batch: [{ type: 'offline', touristId, payload: { latitude: 25.61, longitude: 91.9 } }],
    }),
    what: 'Offline sync entry (offline)',
  },
  {
    url: '/events/ble',
    body: (touristId: string) => ({ touristId, events: [{ type: 'heart_rate', payload: 80 }] }),
    what: 'Band event (heart_rate)',
  },
];

describe.each(cases.map((entry, i) => ({ ...entry, offset: 0.3 + i * 0.1 })))(
  'an event on $url',
  ({ url, body, what, offset }) => {
    it('reports the open silent incident again once, for the first request after it was raised, and leaves it open', async () => {
      const { tourist, incidentId } = await silentTourist(offset);
      const before = Date.now();
      const res = await call(server.url, 'POST', url, body(tourist));
      expect(res.status).toBe(201);
      const [incident] = await watchIncidentsOf(server, tourist);
      // The same events again, then a GPS ping: the timeline keeps the first report only.
      expect((await call(server.url, 'POST', url, body(tourist))).status).toBe(201);
      await ping(server, tourist, LAT + offset, LNG);
      const again = (await timelineActions(server, incidentId)).filter((entry) => entry.action === 'reported_again');
      expect(again).toEqual([
        expect.objectContaining({
          action: 'reported_again',
          actor: tourist,
          note: expect.stringContaining(`${what} received`),
        }),
      ]);
      if (url === '/sync/offline') expect(again[0].note).toContain('at 25.61000, 91.90000');
      const [later] = await watchIncidentsOf(server, tourist);
      expect(later.status).toBe('open');
      expect(Date.parse(incident.meta.reportedAgainAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(later.meta.reportedAgainAt).toBe(incident.meta.reportedAgainAt);
    });
  },
);

it("a band's event reports again for the tourist it is paired with, though it names only itself", async () => {
  const { tourist, incidentId } = await silentTourist(0.8);
  const deviceId = `band-${tourist}`;
  expect(
    (await call(server.url, 'POST', '/tourists/register', { touristId: tourist, name: 'Paired' })).status,
  ).toBeLessThan(300);
  expect((await call(server.url, 'POST', '/devices/pair', { touristId: tourist, deviceId })).status).toBeLessThan(300);
  expect((await call(server.url, 'POST', '/events/ble', { deviceId, events: [{ type: 'ble' }] })).status).toBe(201);
  const actions = (await timelineActions(server, incidentId)).map((entry) => entry.action);
  expect(actions).toContain('reported_again');
});
