// An admin erased a tourist (DELETE /tourists/{id}): a dashboard already open drops the tourist's pings and
// trails and shows its incidents under the anonymous id, from the stream message alone.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Incident } from '../../../src/api/entities.ts';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboardMachine.ts';
import { EVERY_RESOURCE, loaderOf } from '../../../src/machines/dashboard/resources.ts';
import type { Preferences } from '../../../src/domain/preferences.ts';
import { incident } from '../../views/support/fake-api.ts';

const preferences: Preferences = { dark: false, regionId: 'shillong', windowMinutes: 0, placeByRegion: {} };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ping = (touristId: string | null, deviceId: string | null) => ({
  touristId,
  deviceId,
  latitude: 25.5,
  longitude: 91.8,
  at: '2026-11-26T09:00:00.000Z',
});

function startDashboard() {
  let loads = 0;
  const never = new Promise<never>(() => {});
  const logic = dashboardMachine.provide({
    actors: {
      ...Object.fromEntries(EVERY_RESOURCE.map((id) => [loaderOf(id), fromPromise(() => never)])),
      loadStatuses: fromPromise(() => never),
      connection: fromCallback(() => {}),
      // Only the first load answers: what follows the message is the message's doing, not a reload's.
      loadIncidents: fromPromise(async (): Promise<Incident[]> => {
        loads += 1;
        if (loads > 1) return never;
        return [
          incident({ id: 'I1', regionId: 'shillong', touristId: 'T1', deviceId: 'D1' }),
          incident({ id: 'I2', regionId: 'shillong', touristId: 'T2', deviceId: null }),
        ];
      }),
    } as never,
  });
  return createActor(logic, { input: { preferences } }).start();
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('a tourist erased while the dashboard is open', () => {
  it("drops the tourist's pings and trails and renames its incidents, leaving everyone else's", async () => {
    const actor = startDashboard();
    stop = () => actor.stop();
    await flush();
    actor.send({ type: 'connection.pings', pings: [ping('T1', 'D1'), ping(null, 'D1'), ping('T2', null)] });
    expect(Object.keys(actor.getSnapshot().context.history).sort()).toEqual(['D1', 'T1', 'T2']);

    actor.send({
      type: 'connection.message',
      message: { type: 'tourist_erased', touristId: 'T1', pingKeys: ['T1', 'D1'], anonymousId: 'erased-1' },
    });
    const { context } = actor.getSnapshot();
    expect(context.pings.map((one) => one.touristId ?? one.deviceId)).toEqual(['T2']);
    expect(Object.keys(context.history)).toEqual(['T2']);
    expect(context.incidents.map(({ id, touristId, deviceId }) => ({ id, touristId, deviceId }))).toEqual([
      { id: 'I1', touristId: 'erased-1', deviceId: null },
      { id: 'I2', touristId: 'T2', deviceId: null },
    ]);
  });
});
