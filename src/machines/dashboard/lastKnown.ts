// Keeping the console's last known state (issue 35) while online: after what the table, the score or the
// stream changed, once per window, the rows as they are then are written to the browser
// (src/browser/last-known-store.ts). Never before the first load has answered: a reload must not replace
// what was kept with an empty table.
import { enqueueActions, not, stateIn } from 'xstate';
import { lastKnownOf } from '../../domain/last-known-state.ts';
import { incidentsSetup } from './incidents.ts';

/** Writes at most this often: a stream's pings each second cost one write per window. */
export const KEEP_WINDOW_MS = 1_000;

/** The events after which what the operator sees may differ from what was kept. */
const CHANGES = [
  'connection.message',
  'connection.pings',
  'xstate.done.actor.incidents',
  'xstate.done.actor.statuses',
  'xstate.done.actor.safetyScore',
  'xstate.done.actor.regions',
  'incidents.written',
  'incident.statusChanged',
  'region.select',
] as const;

/** The incidents region's setup with the keeping's implementations: the dashboard machine extends it. */
export const lastKnownSetup = incidentsSetup.extend({
  actions: {
    keepLastKnown: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('saveLastKnown');
      enqueue.spawnChild('saveLastKnown', { id: 'saveLastKnown', input: lastKnownOf(context) });
    }),
  },
  guards: { tableLoaded: not(stateIn({ incidents: 'opening' })) },
  delays: { keepWindow: KEEP_WINDOW_MS },
});

export const lastKnownRegion = lastKnownSetup.createStateConfig({
  initial: 'kept',
  states: {
    kept: { on: Object.fromEntries(CHANGES.map((type) => [type, 'changed'])) },
    changed: {
      after: { keepWindow: [{ guard: 'tableLoaded', target: 'kept', actions: 'keepLastKnown' }, { target: 'kept' }] },
    },
  },
});
