// The store's outage as the console sees it (issue 47): the one owner of "the store is unavailable". Told by
// every answer the client hears (a 503 with `store: "unavailable"`, a read answered) and by the stream's
// `store` event. While it holds the console says so and keeps what it shows; the dashboard is asked to read
// its table again after the Retry-After it was told (doubling while it fails, bounded), and, once the store is
// back, to read every list once: the stream brings the events it missed, the lists what they changed.
import { assign, fromCallback, sendParent, setup } from 'xstate';
import { askedSoFar, onStoreReport, type StoreNotice, type StoreReport } from '../api/store-health.ts';

const FIRST_RETRY_MS = 2_000;
const MAX_BACKOFF_MS = 15_000;
/** A Retry-After beyond this is not waited out in full: a wrong header must not leave the console a day behind. */
const MAX_TOLD_MS = 120_000;

/** The wait before the next retry: the back-off, never shorter than the server's Retry-After. */
export function retryDelay(retries: number, retryAfterS: number | undefined): number {
  const backoff = Math.min(MAX_BACKOFF_MS, FIRST_RETRY_MS * 2 ** retries);
  return Math.max(backoff, Math.min(MAX_TOLD_MS, (retryAfterS ?? 0) * 1000));
}

export type StoreHealthEvent = StoreReport | { type: 'store.notice'; notice: StoreNotice };

/** What the parent (the dashboard) hears: read the table again; the store is back, read every list. */
export type StoreHealthOutput = { type: 'store.retry' } | { type: 'store.back' };

interface StoreHealthContext {
  /** When the outage began: the server's moment from the stream, else when the page first heard of it. */
  since: string | undefined;
  retryAfterS: number | undefined;
  retries: number;
  /** Requests asked up to the last word that the store is away: an answer to one of them proves nothing. */
  askedBeforeOutage: number;
}

const storeReports = fromCallback<StoreReport>(({ sendBack }) => {
  const unsubscribe = onStoreReport(sendBack);
  return () => void unsubscribe();
});

export const storeHealthMachine = setup({
  types: { context: {} as StoreHealthContext, events: {} as StoreHealthEvent },
  actors: { storeReports },
  actions: {
    noteOutage: assign(({ context }, { since, retryAfterS }: { since?: string; retryAfterS?: number }) => ({
      since: since ?? context.since ?? new Date().toISOString(),
      retryAfterS: retryAfterS ?? context.retryAfterS,
      askedBeforeOutage: askedSoFar(),
    })),
    forgetOutage: assign({ since: undefined, retryAfterS: undefined, retries: 0 }),
    countRetry: assign(({ context }) => ({ retries: Math.min(context.retries + 1, 8) })),
    requestRetry: sendParent({ type: 'store.retry' } satisfies StoreHealthOutput),
    announceBack: sendParent({ type: 'store.back' } satisfies StoreHealthOutput),
  },
  guards: {
    storeAway: ({ event }) => event.type === 'store.notice' && !event.notice.available,
    askedSinceOutage: ({ context, event }) =>
      event.type === 'store.answered' && event.asked > context.askedBeforeOutage,
  },
  delays: { retryDelay: ({ context }) => retryDelay(context.retries, context.retryAfterS) },
}).createMachine({
  id: 'storeHealth',
  context: { since: undefined, retryAfterS: undefined, retries: 0, askedBeforeOutage: 0 },
  invoke: { src: 'storeReports' },
  initial: 'available',
  states: {
    available: {
      on: {
        'store.unavailable': {
          target: 'unavailable',
          actions: { type: 'noteOutage', params: ({ event }) => ({ retryAfterS: event.retryAfterS }) },
        },
        'store.notice': {
          guard: 'storeAway',
          target: 'unavailable',
          actions: { type: 'noteOutage', params: ({ event }) => ({ since: event.notice.since }) },
        },
      },
    },
    unavailable: {
      tags: ['storeUnavailable'],
      on: {
        'store.unavailable': {
          actions: { type: 'noteOutage', params: ({ event }) => ({ retryAfterS: event.retryAfterS }) },
        },
        'store.notice': [
          {
            guard: 'storeAway',
            actions: { type: 'noteOutage', params: ({ event }) => ({ since: event.notice.since }) },
          },
          { target: 'available', actions: ['forgetOutage', 'announceBack'] },
        ],
        'store.answered': { guard: 'askedSinceOutage', target: 'available', actions: ['forgetOutage', 'announceBack'] },
      },
      initial: 'waiting',
      states: {
        waiting: {
          after: { retryDelay: { target: 'waiting', reenter: true, actions: ['countRetry', 'requestRetry'] } },
        },
      },
    },
  },
});
