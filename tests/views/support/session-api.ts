// The sign-in side of the fake backend: who /auth/me says is signed in, the settings, the login's answer.
import type { SignedInUser } from '../../../src/api/auth.ts';
import type { Role } from '../../../src/api/roles.ts';
import type { FakeApi } from './fake-api.ts';

export const NOBODY_SIGNED_IN = 'Nobody is signed in: sign in to use this dashboard.';
export const WRONG_PASSWORD = 'Wrong username or password.';
export const SSO = { label: 'Sign in with Example ID', startUrl: '/auth/oidc/start' };

export const userWith = (role: Role, username = 'dana'): SignedInUser => ({ username, role });

/** Sign-in on and `user` signed in already (a session cookie from earlier). */
export function signedInAs(api: FakeApi, user: SignedInUser): FakeApi {
  api.data['/auth/me'] = { user, signInRequired: true };
  api.data['/auth/settings'] = { signInRequired: true, sso: null };
  return api;
}

/** Sign-in on and nobody signed in; `/auth/login` accepts `accepts` (any password) and refuses everyone else. */
export function signedOut(api: FakeApi, options: { accepts?: SignedInUser; sso?: typeof SSO } = {}): FakeApi {
  api.overrides.set('/auth/me', { status: 401, body: { ok: false, error: NOBODY_SIGNED_IN } });
  api.data['/auth/settings'] = { signInRequired: true, sso: options.sso ?? null };
  api.routes.set('/auth/login#post', (_query, body) => {
    const { username } = body as { username: string };
    return options.accepts && username === options.accepts.username
      ? { body: { ok: true, user: options.accepts } }
      : { status: 401, body: { ok: false, error: WRONG_PASSWORD } };
  });
  api.data['/auth/logout#post'] = {};
  return api;
}

/** The paths the dashboard's data asks for (anything but the sign-in calls). */
export const dashboardCalls = (api: FakeApi) => api.calls.filter((call) => !call.path.startsWith('/auth/'));
