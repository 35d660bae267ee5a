// Signing in and out as the operator does it (issue 10): the sign-in page while nobody is signed in, the
// dashboard's data only after sign-in, the server's sentences on failure, single sign-on, and the sign-in
// page again when the session ends on the server.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from './support/fake-api.ts';
import { PUSH_LABEL } from '../../src/views/shell/PushToDevice.tsx';
import { renderDashboard, settle } from './support/render-dashboard.tsx';
import { dashboardCalls, signedInAs, signedOut, SSO, userWith, WRONG_PASSWORD } from './support/session-api.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signInWith(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await settle();
}

const topBar = () => screen.getByRole('banner');

describe('the sign-in page', () => {
  it("is all there is while nobody is signed in: no request for the dashboard's data, no stream", async () => {
    const api = signedOut(new FakeApi());
    const page = await renderDashboard({ api, waitFor: 'nothing' });
    expect(await screen.findByLabelText(/^Username/)).toBeTruthy();
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Alerts' })).toBeNull();
    expect(screen.queryByRole('button', { name: SSO.label })).toBeNull();
    await page.advance(30_000);
    expect(dashboardCalls(api)).toEqual([]);
    expect(page.stream.opened).toBe(0);
  });

  it("shows the server's sentence for a wrong password and stays signed out", async () => {
    const api = signedOut(new FakeApi(), { accepts: userWith('operator') });
    await renderDashboard({ api, waitFor: 'nothing' });
    await signInWith('mallory', 'guess');
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_PASSWORD);
    expect(api.callsTo('/auth/login', 'POST').map((call) => call.body)).toEqual([
      { username: 'mallory', password: 'guess' },
    ]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(dashboardCalls(api)).toEqual([]);
  });

  it('signs in: the dashboard loads, and the top bar names the user and role with "Sign out"', async () => {
    const api = signedOut(new FakeApi(), { accepts: userWith('supervisor') });
    const page = await renderDashboard({ api, waitFor: 'nothing' });
    await signInWith('dana', 'correct horse battery');
    expect(await screen.findByRole('heading', { name: 'Panic Alerts Dashboard' })).toBeTruthy();
    expect(within(topBar()).getByText('dana · supervisor')).toBeTruthy();
    expect(within(topBar()).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(api.callsTo('/incidents/filter').length).toBeGreaterThan(0);
    expect(page.stream.live).toBe(1);
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
  });

  it('offers single sign-on when the server has it, going to its start address', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await renderDashboard({ api: signedOut(new FakeApi(), { sso: SSO }), waitFor: 'nothing' });
    await userEvent.click(await screen.findByRole('button', { name: SSO.label }));
    expect(assign).toHaveBeenCalledWith(SSO.startUrl);
  });

  it("shows the single sign-on callback's failure from the address", async () => {
    const failure = 'The single sign-on provider refused the sign-in: access_denied.';
    await renderDashboard({ api: signedOut(new FakeApi()), signInError: failure, waitFor: 'nothing' });
    await screen.findByLabelText(/^Username/);
    expect(screen.getByRole('alert').textContent).toBe(failure);
  });
});

describe('a signed-in session', () => {
  it('"Sign out" ends it on the server and returns to the sign-in page, the stream closed', async () => {
    const api = signedInAs(signedOut(new FakeApi()), userWith('operator', 'omar'));
    api.overrides.delete('/auth/me');
    const page = await renderDashboard({ api });
    expect(within(topBar()).getByText('omar · operator')).toBeTruthy();
    await userEvent.click(within(topBar()).getByRole('button', { name: 'Sign out' }));
    await settle();
    expect(api.callsTo('/auth/logout', 'POST')).toHaveLength(1);
    expect(await screen.findByLabelText(/^Username/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(page.stream.live).toBe(0);
  });

  it('ends when an operator request answers 401: the sign-in page says so', async () => {
    const api = signedInAs(new FakeApi(), userWith('viewer', 'vic'));
    const page = await renderDashboard({ api });
    api.overrides.set('/incidents/filter', {
      status: 401,
      body: { ok: false, error: 'Sign in to use GET /incidents/filter.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await settle();
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has ended; sign in again.');
    expect(screen.getByLabelText(/^Username/)).toBeTruthy();
    expect(page.stream.live).toBe(0);
    // Signed out, nothing keeps asking: no 401 storm.
    const callsAfter = dashboardCalls(api).length;
    await page.advance(30_000);
    expect(dashboardCalls(api).length).toBe(callsAfter);
  });
});

describe('sign-in off', () => {
  it('keeps the spec\'s top bar: menu, logo, title, dark mode and connection, no user and no "Sign out"', async () => {
    await renderDashboard();
    const bar = topBar();
    // Beside the spec's menu button, the language switch (issue 36).
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Menu', 'Language and time: English', PUSH_LABEL]);
    expect(within(bar).getByRole('switch', { name: 'Dark mode' })).toBeTruthy();
    expect(within(bar).queryByText(/anonymous/)).toBeNull();
    expect(within(bar).queryByRole('group', { name: 'Signed in' })).toBeNull();
    expect(bar.textContent).toBe('Panic Alerts DashboardTimes in Asia/Kolkata (GMT+5:30)EnglishDark modeconnecting');
  });
});
