// Where the console's last known state lives (issue 35): localStorage, read synchronously at a reload on a
// lost network, one small entry (src/domain/last-known-state.ts bounds it). A statechart starts each act.
import { fromPromise } from 'xstate';
import { LAST_KNOWN_KEY, parseLastKnown, type LastKnown } from '../domain/last-known-state.ts';
import { safely } from '../domain/preferences.ts';

/** A full quota or private browsing refuses the write: the console works on, only without a stale view. */
export const saveLastKnown = fromPromise<void, LastKnown>(async ({ input }) =>
  safely(() => globalThis.localStorage?.setItem(LAST_KNOWN_KEY, JSON.stringify(input)), undefined),
);

/** null: nothing kept (or nothing worth showing). */
export const readLastKnown = fromPromise<LastKnown | null>(async () => {
  const text = safely(() => globalThis.localStorage?.getItem(LAST_KNOWN_KEY), null);
  const known = parseLastKnown(text);
  // Too old or malformed: nobody should see it again.
  if (text && !known) safely(() => globalThis.localStorage?.removeItem(LAST_KNOWN_KEY), undefined);
  return known ?? null;
});

export const clearLastKnown = fromPromise<void>(async () =>
  safely(() => globalThis.localStorage?.removeItem(LAST_KNOWN_KEY), undefined),
);
