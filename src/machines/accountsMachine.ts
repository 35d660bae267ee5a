// The Accounts view's data (issue 31): the list of accounts, and one act at a time on them (create, change a
// role, disable or enable, reset a password, sign out everywhere). After each act the list is read again; a
// temporary password the server answered is kept until the admin closes the dialog that shows it, then forgotten.
import { assign, fromPromise, setup } from 'xstate';
import type { AccountSummary } from '../api/accounts.ts';
import {
  createAccount,
  fetchAccounts,
  resetAccountPassword,
  signOutAccount,
  updateAccount,
} from '../api/accounts-client.ts';
import { serverErrorOrMessage } from '../api/client.ts';
import type { Role } from '../api/roles.ts';
import type { Said } from '../i18n/said.ts';

/** What the admin asked for, as the view sends it. */
export type AccountAct =
  | { type: 'accounts.create'; username: string; role: Role }
  | { type: 'accounts.setRole'; username: string; role: Role }
  | { type: 'accounts.setDisabled'; username: string; disabled: boolean }
  | { type: 'accounts.resetPassword'; username: string }
  | { type: 'accounts.signOut'; username: string };

export type AccountsEvent = AccountAct | { type: 'accounts.refresh' } | { type: 'accounts.dismissSecret' };

/** A temporary password to show once, and whose it is. */
export interface TemporarySecret {
  username: string;
  password: string;
}

/** What an act answered: a secret to show once, or a sentence saying what was done. */
export interface ActOutcome {
  secret?: TemporarySecret;
  notice: Said;
}

export interface AccountsContext {
  accounts: AccountSummary[];
  secret: TemporarySecret | undefined;
  notice: Said | undefined;
  error: string | undefined;
}

/** Runs one act against the server: the only effect besides reading the list. */
export async function performAct(act: AccountAct): Promise<ActOutcome> {
  switch (act.type) {
    case 'accounts.create': {
      const password = await createAccount(act.username, act.role);
      return {
        secret: { username: act.username, password },
        notice: { id: 'accounts.notice.created', values: { username: act.username, role: act.role } },
      };
    }
    case 'accounts.setRole':
      await updateAccount(act.username, { role: act.role });
      return { notice: { id: 'accounts.notice.role', values: { username: act.username, role: act.role } } };
    case 'accounts.setDisabled':
      await updateAccount(act.username, { disabled: act.disabled });
      return {
        notice: {
          id: act.disabled ? 'accounts.notice.disabled' : 'accounts.notice.enabled',
          values: { username: act.username },
        },
      };
    case 'accounts.resetPassword': {
      const password = await resetAccountPassword(act.username);
      return {
        secret: { username: act.username, password },
        notice: { id: 'accounts.notice.passwordReset', values: { username: act.username } },
      };
    }
    case 'accounts.signOut':
      return {
        notice: {
          id: 'accounts.notice.signedOut',
          values: { username: act.username, count: await signOutAccount(act.username) },
        },
      };
  }
}

const ACTS = [
  'accounts.create',
  'accounts.setRole',
  'accounts.setDisabled',
  'accounts.resetPassword',
  'accounts.signOut',
] as const;

export const accountsMachine = setup({
  types: {
    context: {} as AccountsContext,
    events: {} as AccountsEvent,
  },
  actors: {
    loadAccounts: fromPromise<AccountSummary[]>(() => fetchAccounts()),
    act: fromPromise<ActOutcome, AccountAct>(({ input }) => performAct(input)),
  },
  actions: {
    storeAccounts: assign((_, { accounts }: { accounts: AccountSummary[] }) => ({ accounts })),
    storeOutcome: assign((_, { outcome }: { outcome: ActOutcome }) => ({
      secret: outcome.secret,
      notice: outcome.notice,
      error: undefined,
    })),
    showError: assign((_, { error }: { error: unknown }) => ({
      error: serverErrorOrMessage(error),
      notice: undefined,
    })),
    clearMessages: assign({ error: undefined, notice: undefined }),
    forgetSecret: assign({ secret: undefined }),
  },
}).createMachine({
  id: 'accounts',
  context: { accounts: [], secret: undefined, notice: undefined, error: undefined },
  initial: 'loading',
  on: { 'accounts.dismissSecret': { actions: 'forgetSecret' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        onDone: {
          target: 'ready',
          actions: { type: 'storeAccounts', params: ({ event }) => ({ accounts: event.output }) },
        },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        'accounts.refresh': { target: 'loading', actions: 'clearMessages' },
        'accounts.create': { target: 'acting', actions: 'clearMessages' },
        'accounts.setRole': { target: 'acting', actions: 'clearMessages' },
        'accounts.setDisabled': { target: 'acting', actions: 'clearMessages' },
        'accounts.resetPassword': { target: 'acting', actions: 'clearMessages' },
        'accounts.signOut': { target: 'acting', actions: 'clearMessages' },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ event }) => {
          if (!(ACTS as readonly string[]).includes(event.type)) throw new Error(`no account act for ${event.type}`);
          return event as AccountAct;
        },
        onDone: {
          target: 'loading',
          actions: { type: 'storeOutcome', params: ({ event }) => ({ outcome: event.output }) },
        },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
