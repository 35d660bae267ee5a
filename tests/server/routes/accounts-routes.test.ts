// Accounts managed by an admin (issue 31): the list, a temporary password shown once and due at the first
// sign-in, role changes, disabling, a reset, signing out everywhere, the last enabled admin, the audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const ADMIN_PASSWORD = 'accounts admin password';
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ auth: 'on', adminPassword: ADMIN_PASSWORD, streamSessionCheckMs: 60_000 });
  admin = await signIn(server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});

const as = (cookie: string) => ({ cookie });
const accountOf = async (username: string) =>
  (await call(server.url, 'GET', '/auth/users', undefined, as(admin))).body.users.find(
    (user: { username: string }) => user.username === username,
  );
const auditOf = async (target: string) =>
  (await call(server.url, 'GET', '/audit?limit=500', undefined, as(admin))).body.entries.filter(
    (entry: { target: string }) => entry.target === target,
  );

/** Creates an account from the Accounts view's request and answers its temporary password. */
async function created(username: string, role = 'operator'): Promise<string> {
  const answer = await call(server.url, 'POST', '/auth/users', { username, role }, as(admin));
  expect(answer.status).toBe(201);
  return answer.body.temporaryPassword;
}

describe('creating an account with a temporary password', () => {
  it('answers the generated password once, lists the account as due a new password, and stores no password in the audit', async () => {
    const answer = await call(server.url, 'POST', '/auth/users', { username: 'tara', role: 'operator' }, as(admin));
    expect(answer.status).toBe(201);
    expect(answer.body.user).toEqual({ username: 'tara', role: 'operator' });
    expect(answer.body.temporaryPassword).toMatch(/^[\w-]{20}$/);
    expect(await accountOf('tara')).toMatchObject({
      role: 'operator',
      disabled: false,
      mustChangePassword: true,
      lastSignInAt: null,
      source: 'password',
    });
    const [entry] = await auditOf('tara');
    expect(entry).toMatchObject({
      actor: 'admin',
      action: 'account.create',
      detail: { role: 'operator', password: 'temporary' },
    });
    expect(JSON.stringify(await auditOf('tara'))).not.toContain(answer.body.temporaryPassword);
  });

  it('the first sign-in says a new password is due; until then every operator route answers 403 with a sentence', async () => {
    const temporary = await created('gita');
    const login = await call(server.url, 'POST', '/auth/login', { username: 'gita', password: temporary });
    expect(login.body).toEqual({ ok: true, user: { username: 'gita', role: 'operator' }, mustChangePassword: true });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect((await call(server.url, 'GET', '/auth/me', undefined, as(cookie))).body.mustChangePassword).toBe(true);
    const refused = await call(server.url, 'GET', '/incidents', undefined, as(cookie));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'Choose a new password first: gita signed in with a temporary password, and may use GET /incidents once it is changed (POST /auth/password).',
    );
    expect((await call(server.url, 'GET', '/panic-alerts/stream', undefined, as(cookie))).status).toBe(403);
    expect((await accountOf('gita')).lastSignInAt).toEqual(expect.any(String));
  });

  it('POST /auth/password checks the current password and the rules, then lets the operator through on every session', async () => {
    const temporary = await created('hana');
    const first = await signIn(server.url, 'hana', temporary);
    const second = await signIn(server.url, 'hana', temporary);
    const wrong = await call(
      server.url,
      'POST',
      '/auth/password',
      { currentPassword: 'not it at all', newPassword: 'hana chose this one' },
      as(first),
    );
    expect([wrong.status, wrong.body.error]).toEqual([400, "currentPassword is not this account's password."]);
    const short = await call(
      server.url,
      'POST',
      '/auth/password',
      { currentPassword: temporary, newPassword: 'short' },
      as(first),
    );
    expect([short.status, short.body.error]).toEqual([
      400,
      'Invalid request body: newPassword must be at least 12 characters.',
    ]);
    const same = await call(
      server.url,
      'POST',
      '/auth/password',
      { currentPassword: temporary, newPassword: temporary },
      as(first),
    );
    expect([same.status, same.body.error]).toEqual([
      400,
      'Invalid request body: newPassword must differ from the current password.',
    ]);

    const changed = await call(
      server.url,
      'POST',
      '/auth/password',
      { currentPassword: temporary, newPassword: 'hana chose this one' },
      as(first),
    );
    expect(changed.body).toEqual({ ok: true, user: { username: 'hana', role: 'operator' } });
    expect((await call(server.url, 'GET', '/incidents', undefined, as(first))).status).toBe(200);
    expect((await call(server.url, 'GET', '/incidents', undefined, as(second))).status).toBe(200);
    expect((await call(server.url, 'GET', '/auth/me', undefined, as(first))).body.mustChangePassword).toBeUndefined();
    expect((await call(server.url, 'POST', '/auth/login', { username: 'hana', password: temporary })).status).toBe(401);
    expect(
      (await call(server.url, 'POST', '/auth/login', { username: 'hana', password: 'hana chose this one' })).body
        .mustChangePassword,
    ).toBeUndefined();
    expect(await accountOf('hana')).toMatchObject({ mustChangePassword: false });
    expect((await auditOf('hana')).map((entry: { action: string }) => entry.action)).toContain(
      'account.password.change',
    );
  });

  it('wrong current passwords slow down like sign-ins: after five, even the right one waits (429 with Retry-After)', async () => {
    const temporary = await created('guessed');
    const cookie = await signIn(server.url, 'guessed', temporary);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await call(
            server.url,
            'POST',
            '/auth/password',
            { currentPassword: `guess number ${i}`, newPassword: 'a brand new password' },
            as(cookie),
          )
        ).status,
      ).toBe(400);
    }
    const locked = await call(
      server.url,
      'POST',
      '/auth/password',
      { currentPassword: temporary, newPassword: 'a brand new password' },
      as(cookie),
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await accountOf('guessed')).toMatchObject({ mustChangePassword: true });
  });

  it('an admin-chosen password keeps the old contract: no temporary password, nothing due', async () => {
    const answer = await call(
      server.url,
      'POST',
      '/auth/users',
      { username: 'ines', password: 'ines has a long password', role: 'viewer' },
      as(admin),
    );
    expect(answer.body).toEqual({ ok: true, user: { username: 'ines', role: 'viewer' } });
    const login = await call(server.url, 'POST', '/auth/login', {
      username: 'ines',
      password: 'ines has a long password',
    });
    expect(login.body).toEqual({ ok: true, user: { username: 'ines', role: 'viewer' } });
  });
});

describe('changing an account', () => {
  it("a new role takes effect on the account's open session at its next request, audited with before and after", async () => {
    const cookie = await signedInAs(server, 'viewer', 'vera');
    expect((await call(server.url, 'POST', '/incidents/acknowledge', { id: 'none' }, as(cookie))).status).toBe(403);
    const answer = await call(server.url, 'PATCH', '/auth/users/vera', { role: 'operator' }, as(admin));
    expect(answer.body.user).toMatchObject({ username: 'vera', role: 'operator', disabled: false });
    expect((await call(server.url, 'GET', '/auth/me', undefined, as(cookie))).body.user).toEqual({
      username: 'vera',
      role: 'operator',
    });
    expect((await call(server.url, 'POST', '/incidents/acknowledge', { id: 'none' }, as(cookie))).status).toBe(404);
    const [entry] = await auditOf('vera');
    expect(entry).toMatchObject({
      actor: 'admin',
      role: 'admin',
      action: 'account.role',
      detail: { before: { role: 'viewer', disabled: false }, after: { role: 'operator', disabled: false } },
    });
  });

  it("disabling ends the account's sessions at once and refuses its sign-in with a sentence; enabling lets it back", async () => {
    const cookie = await signedInAs(server, 'operator', 'dora');
    const answer = await call(server.url, 'PATCH', '/auth/users/dora', { disabled: true }, as(admin));
    expect(answer.body.user).toMatchObject({ username: 'dora', disabled: true });
    expect((await call(server.url, 'GET', '/incidents', undefined, as(cookie))).status).toBe(401);
    const refused = await call(server.url, 'POST', '/auth/login', { username: 'dora', password: 'dora long password' });
    expect([refused.status, refused.body.error]).toEqual([
      403,
      'The account dora is disabled; ask an administrator to enable it.',
    ]);
    // A stranger guessing learns nothing: a wrong password is answered as always.
    expect(
      (await call(server.url, 'POST', '/auth/login', { username: 'dora', password: 'a wrong guess' })).status,
    ).toBe(401);
    expect(
      (await call(server.url, 'PATCH', '/auth/users/dora', { disabled: false }, as(admin))).body.user.disabled,
    ).toBe(false);
    expect(
      (await call(server.url, 'POST', '/auth/login', { username: 'dora', password: 'dora long password' })).status,
    ).toBe(200);
    const actions = (await auditOf('dora')).map((entry: { action: string; detail: object }) => [
      entry.action,
      entry.detail,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        [
          'account.disable',
          {
            before: { role: 'operator', disabled: false },
            after: { role: 'operator', disabled: true },
            endedSessions: 1,
          },
        ],
        [
          'account.enable',
          { before: { role: 'operator', disabled: true }, after: { role: 'operator', disabled: false } },
        ],
      ]),
    );
  });

  it('the last enabled admin may be neither disabled nor demoted (409 with a sentence); with a second admin it may', async () => {
    const demote = await call(server.url, 'PATCH', '/auth/users/admin', { role: 'supervisor' }, as(admin));
    expect([demote.status, demote.body.error]).toEqual([
      409,
      'admin is the last enabled admin and may not be demoted: make another account an admin first.',
    ]);
    const disable = await call(server.url, 'PATCH', '/auth/users/admin', { disabled: true }, as(admin));
    expect([disable.status, disable.body.error]).toEqual([
      409,
      'admin is the last enabled admin and may not be disabled: make another account an admin first.',
    ]);
    expect(await accountOf('admin')).toMatchObject({ role: 'admin', disabled: false });

    const second = await signedInAs(server, 'admin', 'ada');
    // A disabled admin is no admin: with ada disabled, admin is the last again.
    expect((await call(server.url, 'PATCH', '/auth/users/ada', { disabled: true }, as(admin))).status).toBe(200);
    expect((await call(server.url, 'PATCH', '/auth/users/admin', { role: 'operator' }, as(admin))).status).toBe(409);
    expect((await call(server.url, 'PATCH', '/auth/users/ada', { disabled: false }, as(admin))).status).toBe(200);
    const adaCookie = await signIn(server.url, 'ada', 'ada long password');
    expect((await call(server.url, 'PATCH', '/auth/users/admin', { role: 'supervisor' }, as(adaCookie))).status).toBe(
      200,
    );
    expect((await call(server.url, 'PATCH', '/auth/users/admin', { role: 'admin' }, as(adaCookie))).status).toBe(200);
    expect(second).toBeTruthy();
  });

  it('refuses an unknown account (404), an empty change and a bad role (400 naming the field)', async () => {
    const unknown = await call(server.url, 'PATCH', '/auth/users/nobody-by-that-name', { role: 'viewer' }, as(admin));
    expect([unknown.status, unknown.body.error]).toEqual([404, 'No account is named nobody-by-that-name.']);
    const empty = await call(server.url, 'PATCH', '/auth/users/tara', {}, as(admin));
    expect([empty.status, empty.body.error]).toEqual([
      400,
      'Invalid request body: give role or disabled (or both) to change.',
    ]);
    const role = await call(server.url, 'PATCH', '/auth/users/tara', { role: 'root' }, as(admin));
    expect(role.status).toBe(400);
    expect(role.body.error).toMatch(/role must be one of viewer, operator, supervisor, admin/);
    const state = await call(server.url, 'PATCH', '/auth/users/tara', { disabled: 'yes' }, as(admin));
    expect([state.status, state.body.error]).toEqual([400, 'Invalid request body: disabled must be true or false.']);
  });

  it('refuses an account name in the path that no account could have (400 naming it)', async () => {
    const answer = await call(server.url, 'PATCH', '/auth/users/two%20words', { role: 'viewer' }, as(admin));
    expect([answer.status, answer.body.error]).toEqual([
      400,
      'Invalid account name in the path: username may hold letters, digits and . _ @ - only.',
    ]);
  });

  it('a supervisor may not change accounts (403 naming the role)', async () => {
    const cookie = await signedInAs(server, 'supervisor', 'sid');
    const answer = await call(server.url, 'PATCH', '/auth/users/sid', { role: 'admin' }, as(cookie));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(
      /^Your role, supervisor, may not use PATCH \/auth\/users\/:username: it needs the admin role/,
    );
  });
});

describe('resetting a password and signing an account out everywhere', () => {
  it("a reset answers a temporary password once, ends the account's sessions, and the next sign-in must change it", async () => {
    const cookie = await signedInAs(server, 'operator', 'rosa');
    const reset = await call(server.url, 'POST', '/auth/users/rosa/reset-password', {}, as(admin));
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ username: 'rosa', mustChangePassword: true });
    expect((await call(server.url, 'GET', '/incidents', undefined, as(cookie))).status).toBe(401);
    expect(
      (await call(server.url, 'POST', '/auth/login', { username: 'rosa', password: 'rosa long password' })).status,
    ).toBe(401);
    const login = await call(server.url, 'POST', '/auth/login', {
      username: 'rosa',
      password: reset.body.temporaryPassword,
    });
    expect(login.body.mustChangePassword).toBe(true);
    const [entry] = await auditOf('rosa');
    expect(entry).toMatchObject({ action: 'auth.login', detail: { temporaryPassword: true } });
    const resetEntry = (await auditOf('rosa')).find((e: { action: string }) => e.action === 'account.password.reset');
    expect(resetEntry).toMatchObject({ actor: 'admin', detail: { endedSessions: 1 } });
    expect(JSON.stringify(await auditOf('rosa'))).not.toContain(reset.body.temporaryPassword);
  });

  it('a single sign-on account has no password to reset, and its role comes from the provider (409 with a sentence)', async () => {
    await server.ctx.db.query(
      `insert into operators (username, role, password_hash, source) values ('sso-sara', 'operator', null, 'oidc')`,
    );
    const reset = await call(server.url, 'POST', '/auth/users/sso-sara/reset-password', {}, as(admin));
    expect([reset.status, reset.body.error]).toEqual([
      409,
      'sso-sara signs in through single sign-on and has no password here to reset.',
    ]);
    const role = await call(server.url, 'PATCH', '/auth/users/sso-sara', { role: 'admin' }, as(admin));
    expect(role.status).toBe(409);
    expect(role.body.error).toMatch(/^sso-sara signs in through single sign-on/);
    expect(
      (await call(server.url, 'PATCH', '/auth/users/sso-sara', { disabled: true }, as(admin))).body.user,
    ).toMatchObject({ disabled: true, source: 'oidc' });
  });

  it('sign-out everywhere ends every session of the account and no other, audited with the count', async () => {
    const first = await signedInAs(server, 'viewer', 'otto');
    const second = await signIn(server.url, 'otto', 'otto long password');
    const bystander = await signedInAs(server, 'viewer', 'bea');
    const answer = await call(server.url, 'POST', '/auth/users/otto/sign-out', {}, as(admin));
    expect(answer.body).toEqual({ ok: true, username: 'otto', endedSessions: 2 });
    for (const cookie of [first, second])
      expect((await call(server.url, 'GET', '/incidents', undefined, as(cookie))).status).toBe(401);
    expect((await call(server.url, 'GET', '/incidents', undefined, as(bystander))).status).toBe(200);
    expect((await auditOf('otto')).find((e: { action: string }) => e.action === 'account.signout')).toMatchObject({
      actor: 'admin',
      detail: { endedSessions: 2 },
    });
    expect((await call(server.url, 'POST', '/auth/users/nobody-here/sign-out', {}, as(admin))).status).toBe(404);
  });
});
