// Model-based: every transition of the Accounts view's data (issue 31), replayed on the view: the list and
// each act answered by the test, and the acts done as an admin does them (New account, a role chosen in a row,
// Disable, Reset password, Sign out everywhere, each confirmed in the dialog that names the account; Done
// on the temporary password). In every state the view must show what the statechart says.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccountSummary } from '../../src/api/accounts.ts';
import { ApiError } from '../../src/api/client.ts';
import { accountsMachine, type AccountAct } from '../../src/machines/accountsMachine.ts';
import { AccountsView } from '../../src/views/accounts/AccountsView.tsx';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { InEnglish } from '../views/support/in-english.tsx';
import { settle } from '../views/support/render-dashboard.tsx';
import { replayWalk, type Performers } from './support/replay-walk.ts';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';
import { inEnglish } from '../../src/i18n/english.ts';

const account = (username: string, role: AccountSummary['role']): AccountSummary => ({
  username,
  role,
  createdAt: '2026-11-01T08:00:00.000Z',
  source: 'password',
  disabled: false,
  lastSignInAt: null,
  mustChangePassword: false,
});
const ACCOUNTS = [account('admin', 'admin'), account('vera', 'viewer')];
const LAST_ADMIN = 'admin is the last enabled admin and may not be demoted: make another account an admin first.';
const REFUSED =
  'Your role, supervisor, may not use GET /auth/users: it needs the admin role or above (admins may manage accounts).';

type ModelSnapshot = ReturnType<typeof accountsMachine.getInitialSnapshot>;
/** An act on vera needs her row; while the temporary password is shown (a modal dialog) nothing else can be clicked. */
const onVera = (act: AccountAct) => (snapshot: ModelSnapshot) =>
  snapshot.context.accounts.some((a) => a.username === 'vera') && !snapshot.context.secret ? [act] : [];

const idle = fromPromise(() => new Promise<never>(() => {}));
const model = accountsMachine.provide({ actors: { loadAccounts: idle, act: idle } as never });
const walks = transitionWalks(model, {
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  samples: {
    'xstate.done.actor.loadAccounts': [{ type: 'xstate.done.actor.loadAccounts', output: ACCOUNTS }],
    'xstate.error.actor.loadAccounts': [
      { type: 'xstate.error.actor.loadAccounts', error: new ApiError(REFUSED, REFUSED, 403) },
    ],
    'accounts.create': (snapshot: ModelSnapshot) =>
      snapshot.context.secret ? [] : [{ type: 'accounts.create', username: 'olga', role: 'operator' }],
    'accounts.setRole': onVera({ type: 'accounts.setRole', username: 'vera', role: 'supervisor' }),
    'accounts.setDisabled': onVera({ type: 'accounts.setDisabled', username: 'vera', disabled: true }),
    'accounts.resetPassword': onVera({ type: 'accounts.resetPassword', username: 'vera' }),
    'accounts.signOut': onVera({ type: 'accounts.signOut', username: 'vera' }),
    'accounts.refresh': (snapshot: ModelSnapshot) => (snapshot.context.secret ? [] : [{ type: 'accounts.refresh' }]),
    'accounts.dismissSecret': (snapshot: ModelSnapshot) =>
      snapshot.context.secret ? [{ type: 'accounts.dismissSecret' }] : [],
    'xstate.done.actor.act': [
      {
        type: 'xstate.done.actor.act',
        output: { notice: { id: 'accounts.notice.role', values: { username: 'vera', role: 'supervisor' } } },
      },
      {
        type: 'xstate.done.actor.act',
        output: {
          secret: { username: 'olga', password: 'Tmp-8c1Qz0kX2wYvB4nR' },
          notice: { id: 'accounts.notice.created', values: { username: 'olga', role: 'operator' } },
        },
      },
    ],
    'xstate.error.actor.act': [{ type: 'xstate.error.actor.act', error: new ApiError(LAST_ADMIN, LAST_ADMIN, 409) }],
  } as never,
});
console.log(`accounts model: ${walks.length} walks cover every state and transition`);

type Path = (typeof walks)[number];
type Snapshot = Path['state'];
type Step = Path['steps'][number];

const outputOf = (event: Step['event']) => (event as unknown as { output: unknown }).output;
const errorOf = (event: Step['event']) => (event as unknown as { error: Error }).error;
/** The open dialog whose title reads `title` (found by its text: its aria-labelledby name did not always resolve in happy-dom). */
const dialogTitled = (title: string | RegExp) =>
  [
    ...screen.queryAllByRole('alertdialog', { hidden: true }),
    ...screen.queryAllByRole('dialog', { hidden: true }),
  ].find((d) => within(d).queryByText(title, { selector: 'h2' }));
// Hidden included: after a dialog closes, happy-dom (no motion end) may leave the view aria-hidden a while.
const rowOf = (username: string) =>
  screen
    .getAllByRole('row', { hidden: true })
    .find((row) => within(row).queryAllByRole('cell', { hidden: true })[0]?.textContent === username)!;

function expectViewShows(snapshot: Snapshot) {
  const { accounts, error, notice, secret } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const table = screen.getByRole('table', { name: 'Accounts', hidden: true });
  const names = within(table)
    .queryAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => within(row).getAllByRole('cell', { hidden: true })[0].textContent);
  expect(names).toEqual(accounts.map((a) => a.username));
  expect(
    (screen.getByRole('button', { name: 'New account', hidden: true }) as HTMLButtonElement).disabled,
    'acts offered',
  ).toBe(busy);
  expect(screen.queryByRole('alert', { hidden: true })?.textContent).toBe(error);
  expect(screen.queryByText(/ was created as | is now /)?.textContent).toBe(
    notice && inEnglish(notice.id, notice.values),
  );
  const dialog = dialogTitled(/^Temporary password for/);
  expect(dialog !== undefined, 'temporary password shown').toBe(secret !== undefined);
  if (dialog && secret) {
    expect(within(dialog).getByText(/^Temporary password for/, { selector: 'h2' }).textContent).toBe(
      `Temporary password for ${secret.username}`,
    );
    expect((within(dialog).getByLabelText('Temporary password') as HTMLInputElement).value).toBe(secret.password);
  }
}

describe('the Accounts view', () => {
  afterEach(cleanup);

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const loads = new DeferredActor<void>();
      const acts = new DeferredActor<AccountAct>();
      const logic = accountsMachine.provide({ actors: { loadAccounts: loads.logic, act: acts.logic } as never });
      render(
        <FluentProvider theme={webLightTheme}>
          <InEnglish>
            <AccountsView logic={logic} />
          </InEnglish>
        </FluentProvider>,
      );
      await settle();
      const user = userEvent.setup();
      expectViewShows(model.resolveState({ value: 'loading', context: model.getInitialSnapshot({} as never).context }));

      /** A closed dialog leaves once its exit motion is over; until then it hides the view from the accessibility tree. */
      const dialogsGone = () =>
        waitFor(() =>
          expect(
            screen.queryAllByRole('dialog', { hidden: true }).length +
              screen.queryAllByRole('alertdialog', { hidden: true }).length,
          ).toBe(0),
        );
      /** Confirms in the dialog that names vera, with its button. */
      const confirm = async (title: string, button: string) => {
        const dialog = await waitFor(
          () => dialogTitled(title) ?? Promise.reject(new Error(`no dialog titled ${title}`)),
        );
        await user.click(within(dialog).getByRole('button', { name: button, hidden: true }));
        await dialogsGone();
      };
      const expectSent = (event: Step['event']) => expect(acts.calls.at(-1)).toEqual(event);
      const perform: Performers<Step> = {
        'xstate.done.actor.loadAccounts': ({ event }) => loads.succeed(outputOf(event)),
        'xstate.error.actor.loadAccounts': ({ event }) => loads.fail(errorOf(event)),
        'xstate.done.actor.act': ({ event }) => acts.succeed(outputOf(event)),
        'xstate.error.actor.act': ({ event }) => acts.fail(errorOf(event)),
        'accounts.refresh': () => user.click(screen.getByRole('button', { name: 'Refresh', hidden: true })),
        'accounts.create': async ({ event }) => {
          await user.click(screen.getByRole('button', { name: 'New account', hidden: true }));
          const form = await waitFor(() =>
            within(dialogTitled('New account') ?? document.createElement('div')).getByRole('form', { hidden: true }),
          );
          await user.type(within(form).getByLabelText(/^Username/), 'olga');
          await user.selectOptions(within(form).getByLabelText('Role'), 'operator');
          await user.click(within(form).getByRole('button', { name: 'Create', hidden: true }));
          await dialogsGone();
          expectSent(event);
        },
        'accounts.setRole': async ({ event }) => {
          await user.selectOptions(within(rowOf('vera')).getByLabelText('Role of vera'), 'supervisor');
          await confirm('Make vera supervisor?', 'Change role');
          expectSent(event);
        },
        'accounts.setDisabled': async ({ event }) => {
          await user.click(within(rowOf('vera')).getByRole('button', { name: 'Disable', hidden: true }));
          await confirm('Disable vera?', 'Disable');
          expectSent(event);
        },
        'accounts.resetPassword': async ({ event }) => {
          await user.click(within(rowOf('vera')).getByRole('button', { name: 'Reset password', hidden: true }));
          await confirm("Reset vera's password?", 'Reset password');
          expectSent(event);
        },
        'accounts.signOut': async ({ event }) => {
          await user.click(within(rowOf('vera')).getByRole('button', { name: 'Sign out everywhere', hidden: true }));
          await confirm('Sign vera out everywhere?', 'Sign out everywhere');
          expectSent(event);
        },
        'accounts.dismissSecret': async () => {
          await user.click(
            within(dialogTitled(/^Temporary password for/)!).getByRole('button', { name: 'Done', hidden: true }),
          );
          await dialogsGone();
        },
      };
      await replayWalk(path.steps, perform, expectViewShows);
    },
    WALK_TIMEOUT_MS,
  );
});
