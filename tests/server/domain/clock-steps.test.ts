// A real server whose wall clock is stepped an hour back and an hour forward while it runs (issue 47.5;
// libfaketime, tests/server/support/faketime.ts): what an operator sees stays right. Panics are listed
// newest first by receive time and stay in "Last 15m" once resolved; escalation waits its ESCALATE_AFTER_S,
// not an hour more and not none; the watch calls silent tourists silent after their limit, not all at once;
// a device over its rate limit waits its minute, not an hour (or nothing). Lower bounds on the test's own
// monotonic clock ("not before") are physics, never speed: a slow machine only makes them later.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { SLEW_RATE } from '../../../server/domain/server-clock.ts';
import { spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';
import { call, dropSchema, uniqueSchema } from '../../helpers/server.ts';
import { FAKETIME_MISSING, FAKETIME_REQUIRED, LIBFAKETIME, steppableClock } from '../support/faketime.ts';

const ESCALATE_AFTER_S = 6;
/** Writes per minute per client: above the test's own (11 in its first minute), below the flooder's. */
const WRITES_PER_MINUTE = 15;
const SILENT_AFTER_S = 60;
const HOUR = 3_600_000;
/** The least true time the server's clock can take to advance `s` seconds (it runs at most SLEW_RATE fast). */
const notBeforeMs = (s: number) => (s * 1000) / (1 + SLEW_RATE);

const FLOODER = { 'X-Forwarded-For': '10.47.5.1' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, limitMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await pause(200);
  }
}

async function panic(server: SpawnedServer, touristId: string): Promise<{ incident: Incident; sentAt: number }> {
  const sentAt = performance.now();
  const res = await call(server.url, 'POST', '/panic-alert', { latitude: 25.5, longitude: 91.8, touristId });
  expect(res.status).toBe(201);
  return { incident: res.body.incident, sentAt };
}

const incidents = async (server: SpawnedServer, query = '/incidents?limit=100'): Promise<Incident[]> =>
  (await call(server.url, 'GET', query)).body.incidents;

/** Until the server's wall clock (its Date header, which Node renews every second) shows the step. */
async function stepSeen(server: SpawnedServer, offsetMs: number): Promise<void> {
  await until('the step in the Date header', 10_000, async () => {
    const response = await fetch(`${server.url}/healthz`);
    const offset = Date.parse(response.headers.get('date')!) - Date.now();
    return Math.abs(offset - offsetMs) < 5000 || undefined;
  });
}

const skipped = !LIBFAKETIME && !FAKETIME_REQUIRED;
if (skipped) console.warn(`tests/server/domain/clock-steps.test.ts is skipped: ${FAKETIME_MISSING}`);
const title = skipped ? `(skipped: ${FAKETIME_MISSING})` : 'a server whose wall clock is stepped';

describe.skipIf(skipped).concurrent(title, () => {
  it.each([
    ['back', '-1h', -HOUR],
    ['forward', '+1h', HOUR],
  ])(
    'an hour %s: panics in receive order and in "Last 15m"; escalation, the watch and a rate limit on time',
    async (_direction, offset, offsetMs) => {
      if (!LIBFAKETIME) throw new Error(`${FAKETIME_MISSING}; .ci/run installs it`);
      const clock = steppableClock();
      const schema = process.env.DATABASE_URL ? uniqueSchema() : undefined;
      const server = await spawnServer({
        ...clock.env,
        ESCALATE_AFTER_S: String(ESCALATE_AFTER_S),
        WATCH_CHECK_MS: '1000',
        RATE_LIMIT_PER_MINUTE: String(WRITES_PER_MINUTE),
        TRUST_PROXY: '1',
        ...(schema && { DATABASE_SCHEMA: schema }),
      });
      try {
        const limits = { silentAfterS: SILENT_AFTER_S, silentInRedAfterS: 60, silentAtNightAfterS: 60 };
        expect((await call(server.url, 'PUT', '/regions/default/watch', limits)).status).toBe(200);
        const tourists = [1, 2, 3].map((n) => `clock-${offset}-${process.pid}-${n}`);
        for (let n = 0; n < 2; n++)
          for (const touristId of tourists)
            await call(server.url, 'POST', '/gps/update', { touristId, latitude: 25.5, longitude: 91.8 });
        const lastPingSent = performance.now();
        for (const touristId of tourists)
          await call(server.url, 'POST', '/gps/update', { touristId, latitude: 25.5, longitude: 91.8 });
        const before = await panic(server, `before-${offset}`);
        // A device over its write budget (another client, by its forwarded address).
        const flooded = performance.now();
        const flood = () =>
          call(server.url, 'POST', '/events', { deviceId: `flood-${offset}`, events: [{ type: 'note' }] }, FLOODER);
        for (let n = 0; n < WRITES_PER_MINUTE; n++) expect((await flood()).status).toBe(201);
        expect((await flood()).status).toBe(429);

        clock.set(offset);
        await stepSeen(server, offsetMs);
        // Its minute is a minute: still refused (forward: not released at once), told to retry within it
        // (back: not in an hour).
        const refused = await flood();
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
        const after = await panic(server, `after-${offset}`);

        // Newest first by receive time, seconds apart as they were raised.
        const listed = (await incidents(server)).map((incident) => incident.id);
        expect(listed.indexOf(after.incident.id)).toBeLessThan(listed.indexOf(before.incident.id));
        const apart = Date.parse(after.incident.createdAt) - Date.parse(before.incident.createdAt);
        expect(apart).toBeGreaterThanOrEqual(0);
        expect(apart).toBeLessThan(60_000);

        // Escalated once ESCALATE_AFTER_S passed on the server's clock: not at the first check after the
        // step (forward), not an hour late (back).
        for (const raised of [before, after]) {
          const escalated = await until(`${raised.incident.id} escalated`, 60_000, async () =>
            (await incidents(server)).find((each) => each.id === raised.incident.id && each.escalatedAt),
          );
          expect(performance.now() - raised.sentAt).toBeGreaterThanOrEqual(notBeforeMs(ESCALATE_AFTER_S));
          const waited = Date.parse(escalated.escalatedAt!) - Date.parse(escalated.createdAt);
          expect(waited).toBeGreaterThanOrEqual(ESCALATE_AFTER_S * 1000);
          expect(waited).toBeLessThan(60_000);
        }

        // Each silent tourist raised after its limit, measured from its last ping on the server's clock.
        const silent = await until('three silent tourists', 150_000, async () => {
          const raised = (await incidents(server, '/incidents?limit=200')).filter(
            (each) => each.type === 'silent' && tourists.includes(each.touristId ?? ''),
          );
          return raised.length === tourists.length ? raised : undefined;
        });
        expect(performance.now() - lastPingSent).toBeGreaterThanOrEqual(notBeforeMs(SILENT_AFTER_S));
        for (const incident of silent) {
          expect(incident.meta).toMatchObject({ rule: 'silent', limitS: SILENT_AFTER_S });
          expect(incident.meta.silentForS).toBeGreaterThanOrEqual(SILENT_AFTER_S);
          expect(incident.meta.silentForS).toBeLessThan(SILENT_AFTER_S + 60);
        }

        // Resolved (so only the window keeps them in the filter): resolved minutes after they were received,
        // and both still in "Last 15m".
        const ids = [before.incident.id, after.incident.id];
        const resolved = await call(server.url, 'POST', '/incidents/resolve', { ids });
        expect(resolved.status).toBe(200);
        for (const incident of (await incidents(server)).filter((each) => ids.includes(each.id))) {
          const took = Date.parse(incident.resolvedAt!) - Date.parse(incident.createdAt);
          expect(took).toBeGreaterThan(0);
          expect(took).toBeLessThan(5 * 60_000);
        }
        const windowed = (await incidents(server, '/incidents/filter?regionId=all&minutes=15')).map((each) => each.id);
        expect(windowed).toEqual(expect.arrayContaining(ids));

        // Still in order after it all: the newest panic first.
        const later = await panic(server, `later-${offset}`);
        const panics = (await incidents(server))
          .filter((each) => [before, after, later].some((raised) => raised.incident.id === each.id))
          .map((each) => each.id);
        expect(panics).toEqual([later.incident.id, after.incident.id, before.incident.id]);

        // The device is served again once its minute has passed.
        await until('the flooder served again', 90_000, async () => (await flood()).status === 201 || undefined);
        expect(performance.now() - flooded).toBeGreaterThanOrEqual(60_000);
      } finally {
        await server.stop();
        clock.remove();
        if (schema) await dropSchema(process.env.DATABASE_URL!, schema);
      }
    },
    240_000,
  );
});
