// The operator's session (issue 10): who is signed in, or the sign-in page. With sign-in off the server
// answers /auth/me with an anonymous admin and the dashboard stays open as the spec has it; with sign-in
// on, the dashboard's data starts only once someone is signed in, and any operator request answered 401
// (the session ended on the server) brings the sign-in page back. An account signed in with a temporary
// password (issue 31) is asked for a new one before the dashboard starts: the server refuses it everything else.
import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { clearLastKnown, readLastKnown } from '../browser/last-known-store.ts';
import type { LastKnown } from '../domain/last-known-state.ts';
import { changePassword } from '../api/accounts-client.ts';
import type { SignedInUser } from '../api/auth.ts';
import {
  fetchAuthSettings,
  fetchSession,
  isUnauthorized,
  onUnauthorized,
  serverErrorOrMessage,
  signIn,
  signOut,
  type AuthSettings,
  type Session,
  type SignedIn,
} from '../api/client.ts';
import type { Said, Sentence } from '../i18n/said.ts';

const SESSION_ENDED: Said = { id: 'signIn.sessionEnded' };
const signOutFailed = (error: unknown): Said => ({
  id: 'session.signOutFailed',
  values: { reason: serverErrorOrMessage(error) },
});
/** While /auth/me cannot be read (server down, proxy error), it is asked again after this long. */
export const SESSION_RETRY_MS = 5_000;

export interface SessionContext {
  user: SignedInUser | undefined;
  /** The single sign-on button, when the server offers one. */
  sso: AuthSettings['sso'];
  /** The sentence shown on the sign-in page (or beside "Sign out" when signing out failed). */
  error: Sentence | undefined;
  /** While the server cannot be reached: what the console last showed, to be shown marked stale (issue 35). */
  lastKnown: LastKnown | undefined;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export type SessionEvent =
  | ({ type: 'session.signIn' } & Credentials)
  | { type: 'session.signOut' }
  | ({ type: 'session.changePassword' } & PasswordChange)
  /** An operator request answered 401. */
  | { type: 'session.expired' };

/** Tells the session when an operator request answers 401, for as long as someone is signed in. */
const watchSession = fromCallback<SessionEvent>(({ sendBack }) =>
  onUnauthorized(() => sendBack({ type: 'session.expired' })),
);

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    input: {} as { signInError?: string } | undefined,
    events: {} as SessionEvent,
  },
  actors: {
    checkSession: fromPromise<Session>(() => fetchSession()),
    loadSettings: fromPromise<AuthSettings>(() => fetchAuthSettings()),
    login: fromPromise<SignedIn, Credentials>(({ input }) => signIn(input.username, input.password)),
    changePassword: fromPromise<SignedInUser, PasswordChange>(({ input }) =>
      changePassword(input.currentPassword, input.newPassword),
    ),
    logout: fromPromise<unknown>(() => signOut()),
    watchSession,
    readLastKnown,
    clearLastKnown,
  },
  actions: {
    storeUser: assign((_, { user }: { user: SignedInUser }) => ({ user, error: undefined })),
    forgetUser: assign({ user: undefined }),
    storeLastKnown: assign((_, { lastKnown }: { lastKnown: LastKnown | undefined }) => ({ lastKnown })),
    // The live console replaces it; signing out takes it from the browser too (it names incidents).
    dropLastKnown: assign({ lastKnown: undefined }),
    eraseLastKnown: enqueueActions(({ enqueue }) => {
      enqueue.assign({ lastKnown: undefined });
      enqueue.spawnChild('clearLastKnown');
    }),
    storeSso: assign((_, { sso }: { sso: AuthSettings['sso'] }) => ({ sso })),
    showError: assign((_, { error }: { error: Sentence }) => ({ error })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    signInOff: (_, { session }: { session: Session }) => !session.signInRequired,
    passwordDue: (_, { signedIn }: { signedIn: Pick<Session, 'mustChangePassword'> }) =>
      signedIn.mustChangePassword === true,
    unauthorized: (_, { error }: { error: unknown }) => isUnauthorized(error),
  },
  delays: { retryDelay: SESSION_RETRY_MS },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: undefined,
    sso: null,
    error: input?.signInError || undefined,
    lastKnown: undefined,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'signInOff', params: ({ event }) => ({ session: event.output }) },
            target: 'signedIn.open',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
          },
          {
            guard: { type: 'passwordDue', params: ({ event }) => ({ signedIn: event.output }) },
            target: 'changingPassword',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
          },
          {
            target: 'signedIn.account',
            actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
          },
        ],
        onError: [
          { guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'unreachable' },
        ],
      },
    },
    unreachable: {
      after: { retryDelay: 'checking' },
      initial: 'reading',
      states: {
        // Never fails: an unreadable or malformed entry reads as none (null).
        reading: {
          invoke: {
            id: 'readLastKnown',
            src: 'readLastKnown',
            onDone: {
              target: 'read',
              actions: { type: 'storeLastKnown', params: ({ event }) => ({ lastKnown: event.output ?? undefined }) },
            },
          },
        },
        read: {},
      },
    },
    signedOut: {
      entry: ['forgetUser', 'eraseLastKnown'],
      type: 'parallel',
      states: {
        // No single sign-on button when the settings cannot be read; the password form still works.
        settings: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadSettings',
                src: 'loadSettings',
                onDone: {
                  target: 'loaded',
                  actions: { type: 'storeSso', params: ({ event }) => ({ sso: event.output.sso }) },
                },
                onError: 'loaded',
              },
            },
            loaded: {},
          },
        },
        form: {
          initial: 'idle',
          states: {
            idle: { on: { 'session.signIn': { target: 'signingIn', actions: 'clearError' } } },
            signingIn: {
              tags: ['busy'],
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ event }) => {
                  if (event.type !== 'session.signIn') throw new Error(`signing in cannot start on ${event.type}`);
                  return { username: event.username, password: event.password };
                },
                onDone: [
                  {
                    guard: { type: 'passwordDue', params: ({ event }) => ({ signedIn: event.output }) },
                    target: '#session.changingPassword',
                    actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
                  },
                  {
                    target: '#session.signedIn.account',
                    actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'showError', params: ({ event }) => ({ error: serverErrorOrMessage(event.error) }) },
                },
              },
            },
          },
        },
      },
    },
    /** Signed in with a temporary password: the new one comes first, or signing out. */
    changingPassword: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.changePassword': { target: 'saving', actions: 'clearError' },
            'session.signOut': { target: 'leaving', actions: 'clearError' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ event }) => {
              if (event.type !== 'session.changePassword')
                throw new Error(`changing the password cannot start on ${event.type}`);
              return { currentPassword: event.currentPassword, newPassword: event.newPassword };
            },
            onDone: {
              target: '#session.signedIn.account',
              actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: [
              // Disabled, reset or signed out by an admin meanwhile.
              {
                guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: { type: 'showError', params: { error: SESSION_ENDED } },
              },
              {
                target: 'idle',
                actions: { type: 'showError', params: ({ event }) => ({ error: serverErrorOrMessage(event.error) }) },
              },
            ],
          },
        },
        leaving: {
          tags: ['busy'],
          invoke: {
            id: 'leave',
            src: 'logout',
            onDone: '#session.signedOut',
            onError: {
              target: 'idle',
              actions: { type: 'showError', params: ({ event }) => ({ error: signOutFailed(event.error) }) },
            },
          },
        },
      },
    },
    signedIn: {
      entry: 'dropLastKnown',
      invoke: { id: 'watchSession', src: 'watchSession' },
      on: {
        'session.expired': { target: 'signedOut', actions: { type: 'showError', params: { error: SESSION_ENDED } } },
      },
      // Every way in names its child; the initial one is only XState's requirement.
      initial: 'account',
      states: {
        /** Sign-in is off: the spec's open dashboard, nobody to sign out. */
        open: {},
        account: { on: { 'session.signOut': { target: 'signingOut', actions: 'clearError' } } },
        signingOut: {
          tags: ['busy'],
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: '#session.signedOut',
            // Still signed in on the server: say so rather than pretend the session is over.
            onError: {
              target: 'account',
              actions: { type: 'showError', params: ({ event }) => ({ error: signOutFailed(event.error) }) },
            },
          },
        },
      },
    },
  },
});
