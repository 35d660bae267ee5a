// The store's health on the page (issue 47): the one owner of "the store is unavailable", told by the client's
// answers (fetch at its boundary, as the server answers while its store is away) and by the stream's word.
// Which answers prove the store is back, and how long it waits between retries.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { acknowledgeIncident, fetchEvents, fetchGeofences, fetchSession } from '../../src/api/client.ts';
import { retryDelay, storeHealthMachine } from '../../src/machines/storeHealthMachine.ts';
import { incident } from '../views/support/fake-api.ts';

const AWAY = {
  status: 503,
  body: { ok: false, error: 'The store is unavailable; new panics are still being taken.', store: 'unavailable' },
  headers: { 'retry-after': '3' },
};
type Answer = { status: number; body: unknown; headers?: Record<string, string> };
const ok = (body: object): Answer => ({ status: 200, body: { ok: true, ...body } });

/** fetch at its boundary: each request waits until the test answers it. */
function heldFetch() {
  const waiting = new Map<string, ((answer: Answer) => void)[]>();
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    return new Promise<Response>((resolve) => {
      const queue = waiting.get(path) ?? [];
      queue.push(({ status, body, headers }) =>
        resolve(
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
        ),
      );
      waiting.set(path, queue);
    });
  });
  return {
    answer(path: string, answer: Answer) {
      const next = waiting.get(path)?.shift();
      if (!next) throw new Error(`no request to ${path} is waiting`);
      next(answer);
    },
  };
}

const started: { stop(): void }[] = [];

function startHealth() {
  const clock = new SimulatedClock();
  const heard: string[] = [];
  const parent = setup({ actors: { storeHealth: storeHealthMachine } }).createMachine({
    invoke: { id: 'storeHealth', src: 'storeHealth' },
    on: { '*': { actions: ({ event }: { event: AnyEventObject }) => heard.push(event.type) } },
  });
  const actor = createActor(parent, { clock }).start();
  started.push(actor);
  const health = () => actor.getSnapshot().children.storeHealth!;
  return {
    clock,
    heard,
    notice: (notice: { available: boolean; since?: string }) => health().send({ type: 'store.notice', notice }),
    away: () => health().getSnapshot().hasTag('storeUnavailable'),
    since: () => health().getSnapshot().context.since,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => {
  // Each listens to the client's answers until it stops.
  for (const actor of started.splice(0)) actor.stop();
  vi.unstubAllGlobals();
});

describe('the wait between retries', () => {
  it("doubles from 2 s up to 15 s, and is never shorter than the server's Retry-After", () => {
    expect([0, 1, 2, 3, 8].map((retries) => retryDelay(retries, undefined))).toEqual([
      2_000, 4_000, 8_000, 15_000, 15_000,
    ]);
    expect(retryDelay(0, 5)).toBe(5_000);
    expect(retryDelay(3, 5)).toBe(15_000);
    expect(retryDelay(0, 60)).toBe(60_000);
  });

  it('waits out a wrong Retry-After of a day for two minutes only', () => {
    expect(retryDelay(0, 86_400)).toBe(120_000);
  });
});

describe('what ends an outage', () => {
  it('a read asked before the outage was heard, answered after it, proves nothing; one asked after does', async () => {
    const backend = heldFetch();
    const page = startHealth();
    const early = fetchGeofences().catch(() => undefined);
    const failing = fetchEvents().catch(() => undefined);
    backend.answer('/events', AWAY);
    await failing;
    expect(page.away()).toBe(true);
    backend.answer('/geofences', ok({ geofences: [] }));
    await early;
    expect(page.away()).toBe(true);

    const later = fetchGeofences();
    await settle();
    backend.answer('/geofences', ok({ geofences: [] }));
    await later;
    expect(page.away()).toBe(false);
    expect(page.heard).toContain('store.back');
  });

  it("a write answered (a panic from the journal), or the sign-in's own read, is not the store's return", async () => {
    const backend = heldFetch();
    const page = startHealth();
    const failing = fetchEvents().catch(() => undefined);
    backend.answer('/events', AWAY);
    await failing;

    const written = acknowledgeIncident('INC-1');
    await settle();
    backend.answer('/incidents/acknowledge', ok({ incident: incident({ id: 'INC-1', status: 'acknowledged' }) }));
    await written;
    const session = fetchSession();
    await settle();
    backend.answer('/auth/me', ok({ user: { username: 'anonymous', role: 'admin' }, signInRequired: false }));
    await session;
    expect(page.away()).toBe(true);
    expect(page.heard).not.toContain('store.back');
  });

  it("the stream's word starts and ends it, with the server's moment rather than the page's", () => {
    const page = startHealth();
    page.notice({ available: true });
    expect(page.away()).toBe(false);
    page.notice({ available: false, since: '2026-12-01T08:30:00.000Z' });
    expect([page.away(), page.since()]).toEqual([true, '2026-12-01T08:30:00.000Z']);
    page.notice({ available: true });
    expect([page.away(), page.since()]).toEqual([false, undefined]);
    expect(page.heard.filter((type) => type === 'store.back')).toHaveLength(1);
  });
});

describe('retrying while it lasts', () => {
  it('asks for a read after the Retry-After it was told, then backs off', async () => {
    const backend = heldFetch();
    const page = startHealth();
    const failing = fetchEvents().catch(() => undefined);
    backend.answer('/events', AWAY);
    await failing;
    const retries = () => page.heard.filter((type) => type === 'store.retry').length;
    // Retry-After: 3, above the first back-off (2 s).
    page.clock.increment(2_999);
    expect(retries()).toBe(0);
    page.clock.increment(1);
    expect(retries()).toBe(1);
    // The next wait: 4 s, above what the server said.
    page.clock.increment(3_999);
    expect(retries()).toBe(1);
    page.clock.increment(1);
    expect(retries()).toBe(2);
    page.notice({ available: true });
    page.clock.increment(60_000);
    expect(retries()).toBe(2);
  });
});
