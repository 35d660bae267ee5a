// "Verify tourist" (issue 30): a supervisor pastes or scans a phone's Digital ID, sees whom it was used with
// and whom it is bound to, and binds or unbinds it after confirming. Each act reads the DID again after.
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import { bindDid, lookUpDid, unbindDid } from '../api/did-binding-client.ts';
import type { DidRecord } from '../api/did-binding.ts';
import type { Said } from '../i18n/said.ts';

/** What the supervisor is about to do, named in the confirmation. */
export type BindingAct =
  | { kind: 'bind'; didId: string; touristId: string; touristLabel: string }
  | { kind: 'unbind'; didId: string; touristId: string; touristLabel: string };

export interface VerifyTouristContext {
  /** The text last looked up: read again after each act. */
  text: string;
  records: DidRecord[];
  lookupError: string | undefined;
  actError: string | undefined;
  pending: BindingAct | undefined;
  /** What the last act did, in a sentence. */
  notice: Said | undefined;
}

export type VerifyTouristEvent =
  | { type: 'did.lookup'; text: string }
  | ({ type: 'did.bind' } & Omit<Extract<BindingAct, { kind: 'bind' }>, 'kind'>)
  | ({ type: 'did.unbind' } & Omit<Extract<BindingAct, { kind: 'unbind' }>, 'kind'>)
  | { type: 'did.confirm' }
  | { type: 'did.cancel' };

const doneSentence = (act: BindingAct): Said => ({
  id: act.kind === 'bind' ? 'verify.notice.bound' : 'verify.notice.unbound',
  values: { tourist: act.touristLabel },
});

const setupVerifyTourist = setup({
  types: { context: {} as VerifyTouristContext, events: {} as VerifyTouristEvent },
  actors: {
    lookUp: fromPromise<DidRecord[], { text: string }>(({ input }) => lookUpDid(input.text)),
    act: fromPromise<unknown, BindingAct>(({ input }) =>
      input.kind === 'bind' ? bindDid(input.didId, input.touristId) : unbindDid(input.didId),
    ),
  },
  actions: {
    takeText: assign((_, { text }: { text: string }) => ({
      text: text.trim(),
      lookupError: undefined,
      actError: undefined,
      notice: undefined,
    })),
    holdAct: assign((_, act: BindingAct) => ({ pending: act, actError: undefined, notice: undefined })),
  },
  guards: {
    hasText: (_, { text }: { text: string }) => text.trim() !== '',
  },
});

type LookupEvent = { event: { text: string } };

/** A new lookup, from the states where the form can be used (not while busy, nor behind the confirmation). */
const lookUpText = {
  guard: { type: 'hasText', params: ({ event }: LookupEvent) => ({ text: event.text }) },
  target: 'looking',
  actions: { type: 'takeText', params: ({ event }: LookupEvent) => ({ text: event.text }) },
} as const;

export const verifyTouristMachine = setupVerifyTourist.createMachine({
  id: 'verifyTourist',
  context: {
    text: '',
    records: [],
    lookupError: undefined,
    actError: undefined,
    pending: undefined,
    notice: undefined,
  },
  initial: 'empty',
  states: {
    empty: { on: { 'did.lookup': lookUpText } },
    looking: {
      tags: 'busy',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'shown', actions: assign({ records: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ records: [], lookupError: ({ event }) => serverErrorOrMessage(event.error) }),
        },
      },
    },
    failed: { on: { 'did.lookup': lookUpText } },
    shown: {
      on: {
        'did.lookup': lookUpText,
        'did.bind': {
          target: 'confirming',
          actions: { type: 'holdAct', params: ({ event }) => ({ ...event, kind: 'bind' as const }) },
        },
        'did.unbind': {
          target: 'confirming',
          actions: { type: 'holdAct', params: ({ event }) => ({ ...event, kind: 'unbind' as const }) },
        },
      },
    },
    confirming: {
      on: {
        'did.confirm': 'acting',
        'did.cancel': { target: 'shown', actions: assign({ pending: undefined }) },
      },
    },
    acting: {
      tags: 'busy',
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'looking',
          actions: assign({ notice: ({ context }) => doneSentence(context.pending!), pending: undefined }),
        },
        onError: {
          target: 'shown',
          actions: assign({ actError: ({ event }) => serverErrorOrMessage(event.error), pending: undefined }),
        },
      },
    },
  },
});
