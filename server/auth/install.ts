import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignedInUser } from '../../src/api/auth.ts';
import { ROLE_GRANTS, roleAtLeast } from '../../src/api/roles.ts';
import { signInRequired } from '../config.ts';
import type { AppContext } from '../context.ts';
import { readsAsDevice } from '../http/bearer.ts';
import { HttpError } from '../http/errors.ts';
import { sharedSecret } from '../stores/operator-sessions.ts';
import { databaseSessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'pad_session';

declare module 'fastify' {
  interface Session {
    operator?: SignedInUser;
    /** Signed in with a temporary password (issue 31): only choosing a new one is allowed until then. */
    mustChangePassword?: boolean;
  }
}

/** What an operator signed in with a temporary password may still do: choose their own. */
export const CHANGE_PASSWORD_ROUTE = 'POST /auth/password';

function refusal(request: FastifyRequest): HttpError | undefined {
  const { access, role: needed = 'viewer' } = request.routeOptions.config;
  // Device, open and public routes and the dashboard's files: nothing to check here; nor a phone's read
  // of its own data, which its route limits by the device token.
  if (access !== 'operator' || readsAsDevice(request)) return undefined;
  const route = `${request.method} ${request.routeOptions.url}`;
  const operator = request.operator;
  if (!operator) return new HttpError(401, `Sign in to use ${route}: this server requires operators to sign in.`);
  if (request.session.get('mustChangePassword') && route !== CHANGE_PASSWORD_ROUTE) {
    return new HttpError(
      403,
      `Choose a new password first: ${operator.username} signed in with a temporary password, and may use ${route} once it is changed (POST /auth/password).`,
    );
  }
  if (roleAtLeast(operator.role, needed)) return undefined;
  return new HttpError(
    403,
    `Your role, ${operator.role}, may not use ${route}: it needs the ${needed} role or above (${needed}s may ${ROLE_GRANTS[needed]}).`,
  );
}

/**
 * Operator sessions: a signed cookie (HttpOnly, SameSite=Strict, Secure when the request came over TLS,
 * as TRUST_PROXY lets the proxy say) naming a session stored in the database. With sign-in required,
 * every operator route answers 401 to nobody and 403 to a role below the route's.
 */
export async function installAuth(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const required = signInRequired(ctx.config);
  const sessionMs = ctx.config.sessionHours * 3_600_000;
  const secret = await sharedSecret(ctx.db, 'session-cookie', () => randomBytes(48).toString('base64url'));
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    rolling: false,
    store: databaseSessionStore(ctx.db, ctx.config.sessionHours),
    cookie: { httpOnly: true, sameSite: 'strict', secure: 'auto', maxAge: sessionMs, path: '/' },
  });
  app.addHook('onRequest', async (request) => {
    const operator = request.session.get('operator');
    if (operator) request.operator = operator;
    if (!required) return;
    const refused = refusal(request);
    if (refused) throw refused;
  });
}

/** Starts a fresh session for the operator (a new id, so a session fixed before sign-in is worthless). */
export async function startOperatorSession(
  request: FastifyRequest,
  user: SignedInUser,
  options: { mustChangePassword?: boolean } = {},
): Promise<void> {
  await request.session.regenerate();
  request.session.set('operator', user);
  if (options.mustChangePassword) request.session.set('mustChangePassword', true);
  // 'auto' turns SameSite to Lax on plain HTTP; the session cookie stays Strict either way.
  request.session.cookie.sameSite = 'strict';
  request.operator = user;
}

export async function endOperatorSession(request: FastifyRequest): Promise<void> {
  await request.session.destroy();
  request.operator = undefined;
}
