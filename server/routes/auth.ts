import type { FastifyInstance } from 'fastify';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { CreateUserBody, CreateUserResponse, UsersResponse } from '../../src/api/accounts.ts';
import { AuthSettingsResponse, LoginBody, LoginResponse, LogoutResponse, MeResponse } from '../../src/api/auth.ts';
import { endOperatorSession, startOperatorSession } from '../auth/install.ts';
import { LoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, passwordMatches } from '../auth/passwords.ts';
import { temporaryPassword } from '../auth/temporary-password.ts';
import { signInRequired } from '../config.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError, conflict } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { recordSignIn } from '../stores/account-writes.ts';
import { appendAudit } from '../stores/audit.ts';
import { accountSummary } from '../stores/account-summary.ts';
import { createOperator, findOperator, listOperators } from '../stores/operators.ts';

/** Who acts with sign-in off: nobody signed in, every power, as the spec's open dashboard. */
const OPEN_USER = { username: 'anonymous', role: 'admin' } as const;

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const required = signInRequired(ctx.config);
  const throttle = new LoginThrottle();

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/auth/settings',
      access: 'public',
      summary: 'Whether operators must sign in, and the single sign-on button when configured',
      tags: ['auth'],
      response: AuthSettingsResponse,
    },
    async () => ({
      signInRequired: required,
      sso: ctx.config.oidc ? { label: ctx.config.oidc.label, startUrl: '/auth/oidc/start' } : null,
    }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/auth/login',
      access: 'public',
      summary: 'Signs an operator in with username and password: sets the session cookie',
      tags: ['auth'],
      body: LoginBody,
      response: LoginResponse,
    },
    async ({ body, request }) => {
      const keys = [`user:${body.username.toLowerCase()}`, `address:${request.ip}`];
      const waitMs = throttle.waitMs(keys);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(
          429,
          `Too many failed sign-ins for this username or address; retry in ${seconds} seconds.`,
          undefined,
          { 'Retry-After': String(seconds) },
        );
      }
      const account = await findOperator(ctx.db, body.username);
      const matches = await passwordMatches(body.password, account?.passwordHash);
      const { address } = whoActs(request);
      if (!account || !matches) {
        throttle.recordFailure(keys);
        await ctx.write((tx) =>
          appendAudit(tx, {
            actor: body.username,
            role: null,
            address,
            action: 'auth.login.failure',
            target: body.username,
          }),
        );
        throw new HttpError(401, 'Wrong username or password.');
      }
      throttle.recordSuccess(keys.slice(0, 1));
      if (account.disabled) {
        // Said only to someone who knows the password: it tells a stranger nothing.
        await ctx.write((tx) =>
          appendAudit(tx, {
            actor: account.username,
            role: account.role,
            address,
            action: 'auth.login.failure',
            target: account.username,
            detail: { reason: 'disabled' },
          }),
        );
        throw new HttpError(403, `The account ${account.username} is disabled; ask an administrator to enable it.`);
      }
      const user = { username: account.username, role: account.role };
      const mustChangePassword = account.mustChangePassword;
      await startOperatorSession(request, user, { mustChangePassword });
      await ctx.write(async (tx) => {
        await recordSignIn(tx, user.username);
        await appendAudit(tx, {
          actor: user.username,
          role: user.role,
          address,
          action: 'auth.login',
          target: user.username,
          detail: { method: 'password', ...(mustChangePassword && { temporaryPassword: true }) },
        });
      });
      return { user, ...(mustChangePassword && { mustChangePassword: true as const }) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/auth/logout',
      access: 'public',
      summary: "Ends the operator's session on the server",
      tags: ['auth'],
      response: LogoutResponse,
    },
    async ({ request }) => {
      const operator = whoActs(request);
      if (!request.operator) return {};
      await endOperatorSession(request);
      await ctx.write((tx) => appendAudit(tx, { ...operator, action: 'auth.logout', target: operator.actor }));
      return {};
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/auth/me',
      access: 'public',
      summary: 'The signed-in operator and role; 401 when sign-in is required and nobody is signed in',
      tags: ['auth'],
      response: MeResponse,
    },
    async ({ request }) => {
      if (request.operator) {
        return {
          user: request.operator,
          signInRequired: required,
          ...(request.session.get('mustChangePassword') && { mustChangePassword: true as const }),
        };
      }
      if (required) throw new HttpError(401, 'Nobody is signed in: sign in to use this dashboard.');
      return { user: OPEN_USER, signInRequired: false };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/auth/users',
      role: LEAST_ROLE.manageAccounts,
      summary: 'Operator accounts with role, state, last sign-in and whether a new password is due (admin)',
      tags: ['auth'],
      response: UsersResponse,
    },
    async () => ({ users: (await listOperators(ctx.db)).map(accountSummary) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/auth/users',
      role: LEAST_ROLE.manageAccounts,
      tags: ['auth'],
      body: CreateUserBody,
      status: 201,
      response: CreateUserResponse,
      summary:
        'Creates an operator account with a role (admin); without a password, answers a temporary one once, to be changed at the first sign-in',
    },
    async ({ body, request }) => {
      const temporary = body.password === undefined ? temporaryPassword() : undefined;
      const passwordHash = await hashPassword(body.password ?? temporary!);
      const created = await ctx.write(async (tx) => {
        const inserted = await createOperator(tx, {
          username: body.username,
          role: body.role,
          passwordHash,
          source: 'password',
          mustChangePassword: temporary !== undefined,
        });
        if (inserted) {
          await appendAudit(tx, {
            ...whoActs(request),
            action: 'account.create',
            target: body.username,
            detail: { role: body.role, ...(temporary && { password: 'temporary' }) },
          });
        }
        return inserted;
      });
      if (!created) throw conflict(`An account named ${body.username} already exists.`);
      return { user: { username: body.username, role: body.role }, ...(temporary && { temporaryPassword: temporary }) };
    },
  );
}
