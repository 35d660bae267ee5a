import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { startOperatorSession } from '../auth/install.ts';
import {
  OIDC_STATE_COOKIE,
  OIDC_STATE_SECONDS,
  OidcRelyingParty,
  SsoRefusal,
  operatorFromClaims,
} from '../auth/oidc.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { recordSignIn } from '../stores/account-writes.ts';
import { findOperator, upsertSsoOperator } from '../stores/operators.ts';

const STATE_COOKIE_PATH = '/auth/oidc';
const UNEXPECTED = 'Single sign-on failed on this server; try again or sign in with a password.';

/**
 * Single sign-on through OpenID Connect, when OIDC_ISSUER is set: the dashboard's button opens
 * /auth/oidc/start, the provider sends the browser back to /auth/oidc/callback, which signs the
 * operator in with the role the provider names and returns to the dashboard; a refusal returns to the
 * dashboard with `signin_error`, never an error page.
 */
export async function oidcRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const settings = ctx.config.oidc;
  if (!settings) return;
  const party = new OidcRelyingParty(settings, ctx.db);

  const callbackUrl = (request: FastifyRequest): string =>
    `${ctx.config.publicUrl ?? `${request.protocol}://${request.host}`}/auth/oidc/callback`;

  /** Back to the dashboard with the sentence it shows; the provider's own words stay in the log. */
  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    audited: boolean,
  ): Promise<FastifyReply> => {
    const refusal = error instanceof SsoRefusal ? error : undefined;
    const reason = refusal?.message ?? UNEXPECTED;
    // An operator without a role is routine; an unreachable provider or an answer that fails its checks is not.
    if (refusal && !refusal.cause) request.log.info(`single sign-on refused: ${reason}`);
    else request.log.warn({ err: refusal?.cause ?? error }, `single sign-on refused: ${reason}`);
    if (audited) {
      const username = refusal?.username;
      await ctx
        .write((tx) =>
          appendAudit(tx, {
            actor: username ?? 'anonymous',
            role: null,
            address: request.ip,
            action: 'auth.login.failure',
            target: username ?? null,
            detail: { method: 'oidc', reason },
          }),
        )
        .catch((auditError: unknown) =>
          request.log.error({ err: auditError }, 'a refused single sign-on could not be audited'),
        );
    }
    return reply.redirect(`/?signin_error=${encodeURIComponent(reason)}`);
  };

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/auth/oidc/start',
      access: 'public',
      summary: 'Starts single sign-on: redirects to the OpenID provider (authorization code with PKCE)',
      tags: ['auth'],
    },
    async ({ request, reply }) => {
      try {
        const { authorizationUrl, stateCookie } = await party.begin(callbackUrl(request));
        reply.setCookie(OIDC_STATE_COOKIE, stateCookie, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          // Lax: the cookie must come back on the provider's top-level redirect from another site.
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: OIDC_STATE_SECONDS,
        });
        return reply.redirect(authorizationUrl.href);
      } catch (error) {
        // Nobody has tried to sign in as anyone yet: logged, not audited.
        return refuse(request, reply, error, false);
      }
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/auth/oidc/callback',
      access: 'public',
      summary:
        'Where the OpenID provider returns: signs the operator in with the role claim, then redirects to the dashboard',
      tags: ['auth'],
    },
    async ({ request, reply }) => {
      const stateCookie = request.cookies[OIDC_STATE_COOKIE];
      reply.clearCookie(OIDC_STATE_COOKIE, { path: STATE_COOKIE_PATH });
      try {
        const claims = await party.finish(stateCookie, new URL(request.url, 'http://callback').search);
        const user = operatorFromClaims(claims, settings.roleClaim);
        const account = await ctx.write(async (tx) => {
          await upsertSsoOperator(tx, user.username, user.role);
          return findOperator(tx, user.username);
        });
        if (account?.source !== 'oidc') {
          throw new SsoRefusal(
            `The account ${user.username} signs in with a password here; single sign-on may not use it.`,
            user.username,
          );
        }
        if (account.disabled)
          throw new SsoRefusal(
            `The account ${user.username} is disabled; ask an administrator to enable it.`,
            user.username,
          );
        await startOperatorSession(request, user);
        const { address } = whoActs(request);
        await ctx.write(async (tx) => {
          await recordSignIn(tx, user.username);
          await appendAudit(tx, {
            actor: user.username,
            role: user.role,
            address,
            action: 'auth.login',
            target: user.username,
            detail: { method: 'oidc' },
          });
        });
        return reply.redirect('/');
      } catch (error) {
        return refuse(request, reply, error, true);
      }
    },
  );
}
