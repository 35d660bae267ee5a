// The tourist profile panel (issue 34): closed, or open on one tourist whose profile is being read, shown, or
// failed to load (the server's sentence, and a retry). Opening another tourist replaces the one shown; each
// open is a fresh read (the server audits every read). An admin's erasure asks to confirm first.
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import type { TouristProfile } from '../api/tourist-profile.ts';
import { eraseTourist, fetchTouristProfile } from '../api/tourist-profile-client.ts';
import type { Said } from '../i18n/said.ts';

export interface TouristProfileContext {
  touristId: string | undefined;
  profile: TouristProfile | undefined;
  error: string | undefined;
  /** What the last erasure did, in a sentence (the panel then shows it instead of the profile). */
  notice: Said | undefined;
}

export type TouristProfileEvent =
  | { type: 'profile.open'; touristId: string }
  | { type: 'profile.close' }
  | { type: 'profile.retry' }
  | { type: 'profile.erase' }
  | { type: 'profile.confirm' }
  | { type: 'profile.cancel' };

const EMPTY: TouristProfileContext = { touristId: undefined, profile: undefined, error: undefined, notice: undefined };

const setupTouristProfile = setup({
  types: { context: {} as TouristProfileContext, events: {} as TouristProfileEvent },
  actors: {
    fetchProfile: fromPromise<TouristProfile, { touristId: string }>(({ input }) =>
      fetchTouristProfile(input.touristId),
    ),
    erase: fromPromise<{ anonymousId: string }, { touristId: string }>(({ input }) => eraseTourist(input.touristId)),
  },
  actions: {
    openTourist: assign((_, { touristId }: { touristId: string }) => ({ ...EMPTY, touristId })),
    forget: assign(EMPTY),
  },
});

const openTourist = {
  target: '.loading',
  reenter: true,
  actions: {
    type: 'openTourist',
    params: ({ event }: { event: { touristId: string } }) => ({ touristId: event.touristId }),
  },
} as const;

export const touristProfileMachine = setupTouristProfile.createMachine({
  id: 'touristProfile',
  context: EMPTY,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'profile.open': {
          target: 'open',
          actions: { type: 'openTourist', params: ({ event }) => ({ touristId: event.touristId }) },
        },
      },
    },
    open: {
      initial: 'loading',
      on: { 'profile.open': openTourist, 'profile.close': { target: 'closed', actions: 'forget' } },
      states: {
        loading: {
          tags: 'busy',
          entry: assign({ error: undefined }),
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            input: ({ context }) => ({ touristId: context.touristId! }),
            onDone: { target: 'shown', actions: assign({ profile: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => serverErrorOrMessage(event.error) }) },
          },
        },
        shown: { on: { 'profile.retry': 'loading', 'profile.erase': 'confirmingErase' } },
        failed: { on: { 'profile.retry': 'loading' } },
        confirmingErase: { on: { 'profile.confirm': 'erasing', 'profile.cancel': 'shown' } },
        erasing: {
          tags: 'busy',
          invoke: {
            id: 'erase',
            src: 'erase',
            input: ({ context }) => ({ touristId: context.touristId! }),
            onDone: {
              target: 'erased',
              actions: assign({
                profile: undefined,
                notice: ({ context, event }): Said => ({
                  id: 'profile.notice.erased',
                  values: { touristId: context.touristId, anonymousId: event.output.anonymousId },
                }),
              }),
            },
            onError: { target: 'shown', actions: assign({ error: ({ event }) => serverErrorOrMessage(event.error) }) },
          },
        },
        erased: {},
      },
    },
  },
});
