// Accounts managed from the browser (issue 31): an admin changes a role, disables or enables an account,
// resets its password or signs it out everywhere; the signed-in operator changes their own password. Every
// act is audited with who, which account and the before and after (never a password). Sessions an act ends
// end on every server: they are rows of the shared database, and the NOTIFY sent with their deletion makes
// every server check its open event streams at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountParams,
  AccountPatchBody,
  AccountResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  ResetPasswordResponse,
  SignOutAccountResponse,
} from '../../src/api/accounts.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { LoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, passwordMatches } from '../auth/passwords.ts';
import { sessionsEndedChannel } from '../auth/stream-sessions.ts';
import { temporaryPassword } from '../auth/temporary-password.ts';
import type { AppContext } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { whoActs } from '../http/acting-operator.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { accountSummary } from '../stores/account-summary.ts';
import {
  clearSessionsMustChange,
  endSessionsOf,
  lockAccounts,
  otherEnabledAdmins,
  setPasswordHash,
  setSessionsRole,
  updateAccount,
} from '../stores/account-writes.ts';
import { appendAudit } from '../stores/audit.ts';
import { findOperator, type OperatorAccount } from '../stores/operators.ts';

const accountName = (request: FastifyRequest): string => {
  const parsed = AccountParams.safeParse(request.params);
  if (!parsed.success) {
    const message = parsed.error.issues[0].message;
    throw new HttpError(400, `Invalid account name in the path: ${message}.`, [{ path: 'username', message }]);
  }
  return parsed.data.username;
};

async function existing(tx: Sql, username: string): Promise<OperatorAccount> {
  const account = await findOperator(tx, username);
  if (!account) throw notFound(`No account is named ${username}.`);
  return account;
}

const enabledAdmin = (state: { role: string; disabled: boolean }) => state.role === 'admin' && !state.disabled;

/** The audit action of a change: one name per act the Accounts view offers, `account.update` for both at once. */
function actionOf(before: OperatorAccount, after: { role: string; disabled: boolean }): string {
  const roleChanged = before.role !== after.role;
  const stateChanged = before.disabled !== after.disabled;
  if (roleChanged && stateChanged) return 'account.update';
  if (roleChanged) return 'account.role';
  return after.disabled ? 'account.disable' : 'account.enable';
}

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const channel = sessionsEndedChannel(ctx.config.databaseSchema);
  /** This server's streams follow at once (PGlite has no NOTIFY between processes; PostgreSQL's reaches the others). */
  const endStreamsHere = () => void app.streamSessions?.check();
  const manage = { role: LEAST_ROLE.manageAccounts, tags: ['auth'] };
  // A session left open must not become a way to guess its account's password: wrong tries slow down as at sign-in.
  const currentPasswordTries = new LoginThrottle();

  defineRoute(
    app,
    {
      ...manage,
      method: 'PATCH',
      url: '/auth/users/:username',
      body: AccountPatchBody,
      response: AccountResponse,
      summary:
        "Changes an account's role or disables/enables it (admin); disabling ends its sessions and streams at once; the last enabled admin stays (409)",
    },
    async ({ body, request }) => {
      const username = accountName(request);
      const { account, ended } = await ctx.write(async (tx) => {
        await lockAccounts(tx);
        const before = await existing(tx, username);
        const after = { role: body.role ?? before.role, disabled: body.disabled ?? before.disabled };
        if (after.role !== before.role && before.source === 'oidc') {
          throw conflict(
            `${username} signs in through single sign-on, whose role claim sets the role at each sign-in; change it at the provider.`,
          );
        }
        if (after.role === before.role && after.disabled === before.disabled) return { account: before, ended: 0 };
        if (enabledAdmin(before) && !enabledAdmin(after) && (await otherEnabledAdmins(tx, username)) === 0) {
          throw conflict(
            `${username} is the last enabled admin and may not be ${after.disabled ? 'disabled' : 'demoted'}: make another account an admin first.`,
          );
        }
        await updateAccount(tx, username, after);
        const endedSessions = after.disabled && !before.disabled ? await endSessionsOf(tx, username, channel) : 0;
        if (after.role !== before.role && !after.disabled) await setSessionsRole(tx, username, after.role);
        await appendAudit(tx, {
          ...whoActs(request),
          action: actionOf(before, after),
          target: username,
          detail: {
            before: { role: before.role, disabled: before.disabled },
            after,
            ...(endedSessions > 0 && { endedSessions }),
          },
        });
        return { account: await existing(tx, username), ended: endedSessions };
      });
      if (ended > 0) endStreamsHere();
      return { user: accountSummary(account) };
    },
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'POST',
      url: '/auth/users/:username/reset-password',
      response: ResetPasswordResponse,
      summary:
        "Sets a temporary password, answered once, to be changed at the next sign-in; ends the account's sessions (admin)",
    },
    async ({ request }) => {
      const username = accountName(request);
      const temporary = temporaryPassword();
      const passwordHash = await hashPassword(temporary);
      const account = await ctx.write(async (tx) => {
        const before = await existing(tx, username);
        if (before.source === 'oidc' || before.passwordHash === null) {
          throw conflict(`${username} signs in through single sign-on and has no password here to reset.`);
        }
        await setPasswordHash(tx, username, passwordHash, true);
        const endedSessions = await endSessionsOf(tx, username, channel);
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'account.password.reset',
          target: username,
          detail: { endedSessions },
        });
        return existing(tx, username);
      });
      endStreamsHere();
      return { user: accountSummary(account), temporaryPassword: temporary };
    },
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'POST',
      url: '/auth/users/:username/sign-out',
      response: SignOutAccountResponse,
      summary: 'Ends every session of the account, and its open event streams, on every server (admin)',
    },
    async ({ request }) => {
      const username = accountName(request);
      const endedSessions = await ctx.write(async (tx) => {
        await existing(tx, username);
        const ended = await endSessionsOf(tx, username, channel);
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'account.signout',
          target: username,
          detail: { endedSessions: ended },
        });
        return ended;
      });
      endStreamsHere();
      return { username, endedSessions };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/auth/password',
      tags: ['auth'],
      body: ChangePasswordBody,
      response: ChangePasswordResponse,
      summary: 'The signed-in operator replaces their password (a temporary one must be, before anything else)',
    },
    async ({ body, request }) => {
      const operator = request.operator;
      if (!operator) throw conflict('Sign-in is off: there is no account whose password could change.');
      const account = await findOperator(ctx.db, operator.username);
      if (!account) throw new HttpError(401, 'This account no longer exists; sign in again.');
      if (account.source === 'oidc' || account.passwordHash === null) {
        throw conflict(`${account.username} signs in through single sign-on; change the password at the provider.`);
      }
      const keys = [`password:${account.username}`];
      const waitMs = currentPasswordTries.waitMs(keys);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(
          429,
          `Too many wrong current passwords for this account; retry in ${seconds} seconds.`,
          undefined,
          { 'Retry-After': String(seconds) },
        );
      }
      if (!(await passwordMatches(body.currentPassword, account.passwordHash))) {
        currentPasswordTries.recordFailure(keys);
        throw new HttpError(400, "currentPassword is not this account's password.", [
          { path: 'currentPassword', message: 'currentPassword is wrong' },
        ]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      await ctx.write(async (tx) => {
        await setPasswordHash(tx, account.username, passwordHash, false);
        await clearSessionsMustChange(tx, account.username);
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'account.password.change',
          target: account.username,
          detail: { wasTemporary: account.mustChangePassword },
        });
      });
      request.session.set('mustChangePassword', undefined);
      return { user: operator };
    },
  );
}
