// The side-resource table drives the dashboard machine: each row is loaded into its context field,
// its failures are silent, and polling refreshes exactly the rows marked for it, with the status list,
// whose answer moves the incidents' own records (SPEC §7, §8).
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Incident } from '../../../src/api/entities.ts';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboardMachine.ts';
import {
  EVERY_RESOURCE,
  loaderOf,
  POLLED_RESOURCES,
  STATUS_LIST,
  type ResourceId,
} from '../../../src/machines/dashboard/resources.ts';
import { incident } from '../../views/support/fake-api.ts';
import type { Preferences } from '../../../src/domain/preferences.ts';

const ping = (i: number) => ({
  touristId: `T${i}`,
  deviceId: null,
  latitude: 25.5,
  longitude: 91.8,
  at: '2025-01-02T03:04:05.000Z',
});

const answers: Record<ResourceId, unknown> = {
  geofences: [
    { id: 'g1', name: 'Z', riskLevel: 'red', regionId: 'shillong', polygon: [], meta: { placeId: 'police-bazar' } },
  ],
  safetyScore: 812,
  safetyCredit: { ok: true, score: 745, components: {}, inputs: {} },
  anchors: [
    { id: 'a1', didId: 'did:x:1', digest: 'd', chain: 'local', status: 'anchored', createdAt: 'x', prevDigest: null },
  ],
  pings: Array.from({ length: 60 }, (_, i) => ping(i)),
  history: { T1: [{ latitude: 25.5, longitude: 91.8, at: 'x' }] },
  events: [{ id: 'e1', type: 'ble', deviceId: null, touristId: null, payload: {}, createdAt: 'x' }],
  regions: [{ id: 'default' }, { id: 'bengaluru' }],
  dbMode: 'pglite',
};

/** What the page shows after each answer: pings cut to 50. */
const shown: Record<ResourceId, unknown> = {
  ...answers,
  pings: (answers.pings as unknown[]).slice(0, 50),
};

const preferences: Preferences = {
  dark: false,
  regionId: 'shillong',
  windowMinutes: 0,
  placeByRegion: { shillong: 'police-bazar' },
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

type FetchedId = ResourceId | typeof STATUS_LIST;
const FETCHED: FetchedId[] = [STATUS_LIST, ...EVERY_RESOURCE];

function startDashboard() {
  const calls = Object.fromEntries(FETCHED.map((id) => [id, [] as unknown[]])) as Record<FetchedId, unknown[]>;
  const state = { failing: false };
  const loaders = Object.fromEntries(
    EVERY_RESOURCE.map((id) => [
      loaderOf(id),
      fromPromise(async ({ input }: { input: unknown }) => {
        calls[id].push(input);
        if (state.failing) throw new Error(`${id} is down`);
        return answers[id];
      }),
    ]),
  );
  const logic = dashboardMachine.provide({
    actors: {
      ...loaders,
      loadStatuses: fromPromise(async () => {
        calls.statuses.push(undefined);
        if (state.failing) throw new Error('statuses are down');
        return { I1: 'acknowledged' };
      }),
      connection: fromCallback(() => {}),
      loadIncidents: fromPromise(async (): Promise<Incident[]> => [incident({ id: 'I1', regionId: 'shillong' })]),
    } as never,
  });
  const actor = createActor(logic, { input: { preferences } }).start();
  return { actor, calls, state };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('side resources', () => {
  it('are each loaded once at start into their own context field, with the region and place in view', async () => {
    const { actor, calls } = startDashboard();
    stop = () => actor.stop();
    await flush();
    const { context } = actor.getSnapshot();
    for (const id of EVERY_RESOURCE) {
      expect(context[id], id).toEqual(shown[id]);
      expect(calls[id], id).toEqual([{ regionId: 'shillong', placeId: 'police-bazar' }]);
    }
    expect(calls.statuses).toHaveLength(1);
    expect(context.incidents.map(({ id, status }) => ({ id, status }))).toEqual([{ id: 'I1', status: 'acknowledged' }]);
    expect(context).not.toHaveProperty('statuses');
  });

  it('keep what was shown when a reload fails, silently', async () => {
    const { actor, calls, state } = startDashboard();
    stop = () => actor.stop();
    await flush();
    state.failing = true;
    actor.send({ type: 'dashboard.refreshAll' });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.context.loadError).toBeUndefined();
    for (const id of EVERY_RESOURCE) {
      expect(calls[id], id).toHaveLength(2);
      expect(snapshot.context[id], id).toEqual(shown[id]);
    }
    expect(calls.statuses).toHaveLength(2);
    expect(snapshot.context.incidents[0]?.status).toBe('acknowledged');
  });

  it('are refreshed by a poll exactly when the table marks them polled', async () => {
    const { actor, calls } = startDashboard();
    stop = () => actor.stop();
    await flush();
    actor.send({ type: 'connection.poll' });
    await flush();
    const polled = FETCHED.filter((id) => calls[id].length === 2);
    expect(polled).toEqual([STATUS_LIST, ...POLLED_RESOURCES]);
    // SPEC §7: geofences, score, statuses, GPS last and GPS history (the incidents reload beside them).
    expect([...polled].sort()).toEqual(['geofences', 'history', 'pings', 'safetyScore', 'statuses']);
  });
});
