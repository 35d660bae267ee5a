// Model-based: every transition of the session (issue 10), replayed on the page: the answers of
// /auth/me, /auth/settings, the login and the logout given by the test, the form filled in and "Sign out"
// clicked as an operator would, and a session ending on the server as a dashboard request answered 401.
// In every state the page must show what the statechart says: the waiting page, the sign-in page (busy
// or not, with its sentence and single sign-on button), the page asking for a new password after a sign-in with
// a temporary one (issue 31), or the dashboard with or without the user.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import { inEnglish } from '../../src/i18n/english.ts';
import { wordsOf } from '../../src/i18n/said.ts';
import { SESSION_RETRY_MS, sessionMachine } from '../../src/machines/sessionMachine.ts';
import { SERVER_UNREACHABLE } from '../../src/views/session/SessionGate.tsx';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { renderDashboard } from '../views/support/render-dashboard.tsx';
import { NOBODY_SIGNED_IN, SSO, userWith, WRONG_PASSWORD } from '../views/support/session-api.ts';
import { replayWalk, type Performers } from './support/replay-walk.ts';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

const DANA = userWith('supervisor');
const OPEN = { username: 'anonymous', role: 'admin' as const };
const CREDENTIALS = { username: DANA.username, password: 'correct horse battery' };
const NEW_PASSWORD = { currentPassword: 'temporary-4f9Qx2', newPassword: 'dana chose this herself' };
const WRONG_CURRENT = "currentPassword is not this account's password.";
const SESSION_GONE = 'Sign in to use POST /auth/password: this server requires operators to sign in.';

// The traversal never runs the requests: the page's replay gives their answers.
const idle = fromPromise(() => new Promise<never>(() => {}));
const model = sessionMachine.provide({
  actors: {
    checkSession: idle,
    loadSettings: idle,
    login: idle,
    logout: idle,
    changePassword: idle,
    readLastKnown: idle,
  } as never,
});
const KEPT = {
  savedAt: '2026-11-26T09:00:00.000Z',
  regionId: 'shillong',
  safetyScore: 64,
  rows: [
    {
      id: 'I-kept',
      type: 'panic',
      severity: 'high',
      status: 'open',
      createdAt: '2026-11-26T08:59:00.000Z',
      latitude: 25.57,
      longitude: 91.89,
      regionId: 'shillong',
    },
  ],
};
const walks = transitionWalks(model, {
  // The session's context does not grow, and the page shows all of it: states differ by value and context.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  samples: {
    'xstate.done.actor.checkSession': [
      { type: 'xstate.done.actor.checkSession', output: { user: DANA, signInRequired: true } },
      { type: 'xstate.done.actor.checkSession', output: { user: OPEN, signInRequired: false } },
      {
        type: 'xstate.done.actor.checkSession',
        output: { user: DANA, signInRequired: true, mustChangePassword: true },
      },
    ],
    'xstate.error.actor.checkSession': [
      { type: 'xstate.error.actor.checkSession', error: new ApiError(NOBODY_SIGNED_IN, NOBODY_SIGNED_IN, 401) },
      { type: 'xstate.error.actor.checkSession', error: new TypeError('Failed to fetch') },
    ],
    // Nothing kept, or the console's last known state (shown marked stale until the server answers).
    'xstate.done.actor.readLastKnown': [
      { type: 'xstate.done.actor.readLastKnown', output: null },
      { type: 'xstate.done.actor.readLastKnown', output: KEPT },
    ],
    'xstate.done.actor.loadSettings': [
      { type: 'xstate.done.actor.loadSettings', output: { signInRequired: true, sso: SSO } },
    ],
    'session.signIn': [{ type: 'session.signIn', ...CREDENTIALS }],
    'xstate.done.actor.login': [
      { type: 'xstate.done.actor.login', output: { user: DANA } },
      { type: 'xstate.done.actor.login', output: { user: DANA, mustChangePassword: true } },
    ],
    'session.changePassword': [{ type: 'session.changePassword', ...NEW_PASSWORD }],
    'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: DANA }],
    'xstate.error.actor.changePassword': [
      { type: 'xstate.error.actor.changePassword', error: new ApiError(WRONG_CURRENT, WRONG_CURRENT, 400) },
      { type: 'xstate.error.actor.changePassword', error: new ApiError(SESSION_GONE, SESSION_GONE, 401) },
    ],
    'xstate.error.actor.leave': [{ type: 'xstate.error.actor.leave', error: new TypeError('Failed to fetch') }],
    'xstate.error.actor.login': [
      { type: 'xstate.error.actor.login', error: new ApiError(WRONG_PASSWORD, WRONG_PASSWORD, 401) },
    ],
    'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: new TypeError('Failed to fetch') }],
  } as never,
});
console.log(`session model: ${walks.length} walks cover every state and transition`);

type Snapshot = (typeof walks)[number]['state'];
type Step = (typeof walks)[number]['steps'][number];

// The sample an actor's answer was modelled with: the page's request gets the same answer.
const outputOf = (event: Step['event']) => (event as unknown as { output: unknown }).output;
const errorOf = (event: Step['event']) => (event as unknown as { error: Error }).error;

function expectPageShows(snapshot: Snapshot) {
  const { user, sso, error } = snapshot.context;
  const signInPage = snapshot.matches('signedOut');
  const passwordPage = snapshot.matches('changingPassword');
  const dashboard = snapshot.matches('signedIn');
  const stale =
    snapshot.context.lastKnown !== undefined && (snapshot.matches('checking') || snapshot.matches('unreachable'));
  expect(screen.queryByText('Checking sign-in…') !== null, 'waiting page').toBe(snapshot.matches('checking') && !stale);
  expect(screen.queryByText(SERVER_UNREACHABLE) !== null, 'unreachable').toBe(snapshot.matches('unreachable') || stale);
  expect(
    screen.queryByText(/^Offline: showing the last known state from .+ Nothing here is live\.$/) !== null,
    'stale banner',
  ).toBe(stale);
  expect(screen.queryByRole('row', { name: /I-kept/ }) !== null, 'the kept row').toBe(stale);
  if (stale)
    expect(
      (
        within(screen.getByRole('row', { name: /I-kept/ })).getByRole('button', {
          name: 'Acknowledge',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  expect(screen.queryByLabelText(/^Username/) !== null, 'sign-in page').toBe(signInPage);
  expect(screen.queryByRole('banner') !== null, 'dashboard').toBe(dashboard);
  expect(screen.queryByRole('form', { name: 'Choose a new password' }) !== null, 'new password page').toBe(
    passwordPage,
  );
  const account = screen.queryByRole('group', { name: 'Signed in' });
  expect(account !== null, 'user in the top bar').toBe(dashboard && !snapshot.matches({ signedIn: 'open' }));
  if (signInPage) {
    const signIn = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(signIn.disabled).toBe(snapshot.matches({ signedOut: { form: 'signingIn' } }));
    expect(screen.queryByRole('button', { name: SSO.label }) !== null).toBe(sso !== null);
  }
  if (account) {
    expect(within(account).getByText(`${user!.username} · ${user!.role}`)).toBeTruthy();
    const signOut = within(account).getByRole('button', { name: 'Sign out' }) as HTMLButtonElement;
    expect(signOut.disabled).toBe(snapshot.matches({ signedIn: 'signingOut' }));
  }
  if (passwordPage) {
    const save = screen.getByRole('button', { name: 'Save password' }) as HTMLButtonElement;
    const signOut = screen.getByRole('button', { name: 'Sign out' }) as HTMLButtonElement;
    expect(save.disabled).toBe(!snapshot.matches({ changingPassword: 'idle' }));
    expect(signOut.disabled).toBe(!snapshot.matches({ changingPassword: 'idle' }));
    expect(screen.getByText(new RegExp(`^${user!.username} signed in with a temporary password`))).toBeTruthy();
  }
  if (signInPage || account || passwordPage)
    expect(screen.queryByRole('alert')?.textContent).toBe(error && wordsOf(inEnglish, error));
}

describe('the session on the page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const me = new DeferredActor<void>();
      const settings = new DeferredActor<void>();
      const login = new DeferredActor<typeof CREDENTIALS>();
      const logout = new DeferredActor<void>();
      const lastKnown = new DeferredActor<void>();
      const passwordChange = new DeferredActor<typeof NEW_PASSWORD>();
      const sessionLogic = sessionMachine.provide({
        actors: {
          checkSession: me.logic,
          loadSettings: settings.logic,
          login: login.logic,
          logout: logout.logic,
          changePassword: passwordChange.logic,
          readLastKnown: lastKnown.logic,
        } as never,
      });
      const page = await renderDashboard({ sessionLogic, waitFor: 'nothing' });
      const user = userEvent.setup();
      expectPageShows(
        model.resolveState({
          value: 'checking',
          context: { user: undefined, sso: null, error: undefined, lastKnown: undefined },
        }),
      );

      const perform: Performers<Step> = {
        'xstate.done.actor.checkSession': ({ event }) => me.succeed(outputOf(event)),
        'xstate.error.actor.checkSession': ({ event }) => me.fail(errorOf(event)),
        [`xstate.after.retryDelay.session.unreachable`]: () => page.advance(SESSION_RETRY_MS),
        'xstate.done.actor.readLastKnown': ({ event }) => lastKnown.succeed(outputOf(event)),
        'xstate.done.actor.loadSettings': ({ event }) => settings.succeed(outputOf(event)),
        'xstate.error.actor.loadSettings': () => settings.fail(),
        'session.signIn': async () => {
          // After a refused try the form keeps what was typed; the operator types it anew.
          for (const [label, value] of [
            [/^Username/, CREDENTIALS.username],
            [/^Password/, CREDENTIALS.password],
          ] as const) {
            await user.clear(screen.getByLabelText(label));
            await user.type(screen.getByLabelText(label), value);
          }
          await user.click(screen.getByRole('button', { name: 'Sign in' }));
          expect(login.calls.at(-1)).toEqual(CREDENTIALS);
        },
        'xstate.done.actor.login': ({ event }) => login.succeed(outputOf(event)),
        'xstate.error.actor.login': ({ event }) => login.fail(errorOf(event)),
        'session.signOut': () => user.click(screen.getByRole('button', { name: 'Sign out' })),
        'xstate.done.actor.logout': () => logout.succeed(),
        'xstate.error.actor.logout': ({ event }) => logout.fail(errorOf(event)),
        'session.changePassword': async () => {
          // After a refused try the form keeps what was typed; the operator types it anew.
          const fields = [
            [/^Temporary password/, NEW_PASSWORD.currentPassword],
            [/^New password(?! again)/, NEW_PASSWORD.newPassword],
            [/^New password again/, NEW_PASSWORD.newPassword],
          ] as const;
          for (const [label, value] of fields) {
            await user.clear(screen.getByLabelText(label));
            await user.type(screen.getByLabelText(label), value);
          }
          await user.click(screen.getByRole('button', { name: 'Save password' }));
          expect(passwordChange.calls.at(-1)).toEqual(NEW_PASSWORD);
        },
        'xstate.done.actor.changePassword': ({ event }) => passwordChange.succeed(outputOf(event)),
        'xstate.error.actor.changePassword': ({ event }) => passwordChange.fail(errorOf(event)),
        // Leaving the new-password page is the same sign-out request.
        'xstate.done.actor.leave': () => logout.succeed(),
        'xstate.error.actor.leave': ({ event }) => logout.fail(errorOf(event)),
        // The session ended on the server: the operator's next request answers 401.
        'session.expired': async () => {
          page.api.overrides.set('/incidents/filter', {
            status: 401,
            body: { ok: false, error: 'Sign in to use GET /incidents/filter.' },
          });
          await user.click(screen.getByRole('button', { name: 'Refresh' }));
          page.api.overrides.delete('/incidents/filter');
        },
      };
      await replayWalk(path.steps, perform, expectPageShows, 'the page');
    },
    WALK_TIMEOUT_MS,
  );
});
