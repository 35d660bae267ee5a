// The Audit view's data (issue 10): the trail newest first, a page at a time ("Older" asks for the page
// before the last entry shown), filtered by actor and action on the server, beside the chain's verdict.
import { assign, fromPromise, setup } from 'xstate';
import type { AuditEntry } from '../api/audit.ts';
import {
  fetchAuditPage,
  serverErrorOrMessage,
  verifyAuditTrail,
  type AuditFilter,
  type AuditPage,
  type AuditVerdict,
} from '../api/client.ts';

export interface AuditContext {
  filter: AuditFilter;
  entries: AuditEntry[];
  /** The `before` of the next older page; null once the last page is shown. */
  nextBefore: number | null;
  /** Why the last page could not be read. */
  loadError: string | undefined;
  verdict: AuditVerdict | undefined;
  verifyError: string | undefined;
}

export type AuditEvent =
  | ({ type: 'audit.filter' } & AuditFilter)
  | { type: 'audit.older' }
  /** Reads the newest page and the verdict again. */
  | { type: 'audit.refresh' };

type PageDone = { event: { output: AuditPage } };

/** A page's answer: stored (replacing or below what is shown), then "Older" is offered unless it was the last. */
const pageDone = (mode: 'replace' | 'append') => {
  const storePage = { type: 'storePage', params: ({ event }: PageDone) => ({ page: event.output, mode }) } as const;
  return [
    {
      guard: { type: 'lastPage', params: ({ event }: PageDone) => ({ page: event.output }) },
      target: '#audit.trail.complete',
      actions: storePage,
    },
    { target: '#audit.trail.more', actions: storePage },
  ] as const;
};

export const auditMachine = setup({
  types: {
    context: {} as AuditContext,
    events: {} as AuditEvent,
  },
  actors: {
    loadPage: fromPromise<AuditPage, { filter: AuditFilter; before?: number }>(({ input }) =>
      fetchAuditPage(input.filter, input.before),
    ),
    verify: fromPromise<AuditVerdict>(() => verifyAuditTrail()),
  },
  actions: {
    storeFilter: assign((_, filter: AuditFilter) => ({ filter })),
    storePage: assign(({ context }, { page, mode }: { page: AuditPage; mode: 'replace' | 'append' }) => ({
      entries: mode === 'replace' ? page.entries : [...context.entries, ...page.entries],
      nextBefore: page.nextBefore,
      loadError: undefined,
    })),
    storeLoadError: assign((_, { error }: { error: unknown }) => ({ loadError: serverErrorOrMessage(error) })),
    /** What was shown belongs to another filter or an older read: not to be mistaken for this one's. */
    forgetEntries: assign({ entries: [], nextBefore: null }),
    storeVerdict: assign((_, { verdict }: { verdict: AuditVerdict }) => ({ verdict, verifyError: undefined })),
    storeVerifyError: assign((_, { error }: { error: unknown }) => ({
      verdict: undefined,
      verifyError: serverErrorOrMessage(error),
    })),
  },
  guards: {
    lastPage: (_, { page }: { page: AuditPage }) => page.nextBefore === null,
    intact: (_, { verdict }: { verdict: AuditVerdict }) => verdict.intact,
  },
}).createMachine({
  id: 'audit',
  context: {
    filter: { actor: '', action: '' },
    entries: [],
    nextBefore: null,
    loadError: undefined,
    verdict: undefined,
    verifyError: undefined,
  },
  type: 'parallel',
  states: {
    trail: {
      initial: 'loading',
      on: {
        'audit.filter': {
          target: '.loading',
          actions: { type: 'storeFilter', params: ({ event }) => ({ actor: event.actor, action: event.action }) },
        },
        'audit.refresh': '.loading',
      },
      states: {
        // The newest page for the filter: it replaces what was shown.
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'page',
            src: 'loadPage',
            input: ({ context }) => ({ filter: context.filter }),
            onDone: pageDone('replace'),
            onError: {
              target: 'failed',
              actions: ['forgetEntries', { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        failed: {},
        more: { on: { 'audit.older': 'loadingOlder' } },
        complete: {},
        // The page before the last entry shown: appended below it. A failure keeps what is shown.
        loadingOlder: {
          tags: ['loading'],
          invoke: {
            id: 'page',
            src: 'loadPage',
            input: ({ context }) => ({ filter: context.filter, before: context.nextBefore ?? undefined }),
            onDone: pageDone('append'),
            onError: {
              target: 'more',
              actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    chain: {
      initial: 'checking',
      on: { 'audit.refresh': '.checking' },
      states: {
        checking: {
          invoke: {
            id: 'verify',
            src: 'verify',
            onDone: [
              {
                guard: { type: 'intact', params: ({ event }) => ({ verdict: event.output }) },
                target: 'intact',
                actions: { type: 'storeVerdict', params: ({ event }) => ({ verdict: event.output }) },
              },
              {
                target: 'broken',
                actions: { type: 'storeVerdict', params: ({ event }) => ({ verdict: event.output }) },
              },
            ],
            onError: {
              target: 'unknown',
              actions: { type: 'storeVerifyError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        intact: {},
        broken: {},
        /** The verdict could not be read (e.g. the role may not). */
        unknown: {},
      },
    },
  },
});
