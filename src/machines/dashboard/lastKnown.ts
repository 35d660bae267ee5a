// Keeping the console's last known state (issue 35) while online: after what the table, the score or the
// stream changed, once per window, the rows as they are then are written to the browser
// (src/browser/last-known-store.ts). Never before the first load has answered: a reload must not replace
// what was kept with an empty table.
import { enqueueActions, not, stateIn } from 'xstate';
import { lastKnownOf, type LastKnownSource } from '../../domain/last-known-state.ts';
import { incidentsSetup } from './incidents.ts';

/** Writes at most this often: a stream's pings each second cost one write per window. */
export const KEEP_WINDOW_MS = 1_000;

/** The parts of the context the kept state is made of. */
const sourceOf = ({
  incidents,
  tableIds,
  alertIds,
  regionId,
  regions,
  safetyScore,
  lastMessageAt,
}: LastKnownSource): LastKnownSource => ({
  incidents,
  tableIds,
  alertIds,
  regionId,
  regions,
  safetyScore,
  lastMessageAt,
});

/** Every assign makes new objects of what it changes: a part that is not the same object has changed. */
const changedSince = (kept: LastKnownSource | undefined, now: LastKnownSource): boolean =>
  !kept || (Object.keys(now) as (keyof LastKnownSource)[]).some((key) => kept[key] !== now[key]);

/** The incidents region's setup with the keeping's implementations: the dashboard machine extends it. */
export const lastKnownSetup = incidentsSetup.extend({
  actions: {
    keepLastKnown: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('saveLastKnown');
      enqueue.spawnChild('saveLastKnown', { id: 'saveLastKnown', input: lastKnownOf(context) });
      enqueue.assign({ keptFrom: sourceOf(context) });
    }),
  },
  guards: {
    tableLoaded: not(stateIn({ incidents: 'opening' })),
    changedSinceKept: ({ context }) => changedSince(context.keptFrom, sourceOf(context)),
  },
  delays: { keepWindow: KEEP_WINDOW_MS },
});

/**
 * Watches the context rather than the events that change it: a transition on an event here would take it from
 * the machine's own handlers of that event (a descendant's transition wins over its ancestor's), and the
 * stream's messages would be dropped.
 */
export const lastKnownRegion = lastKnownSetup.createStateConfig({
  initial: 'kept',
  states: {
    kept: { always: { guard: 'changedSinceKept', target: 'changed' } },
    changed: {
      after: {
        keepWindow: [{ guard: 'tableLoaded', target: 'kept', actions: 'keepLastKnown' }, { target: 'waiting' }],
      },
    },
    // The first load has not answered: nothing is kept until it has.
    waiting: { always: { guard: 'tableLoaded', target: 'changed' } },
  },
});
