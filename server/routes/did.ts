import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { DidAnchorsQuery } from '../../src/api/queries.ts';
import { DidIssueBody, DidVerifyBody } from '../../src/api/requests.ts';
import { AnchorsResponse, DidChainResponse, DidIssueResponse, DidVerifyResponse } from '../../src/api/responses.ts';
import { roleAtLeast } from '../../src/api/roles.ts';
import { signInRequired } from '../config.ts';
import type { AppContext } from '../context.ts';
import { anchorContentHash } from '../did/chain.ts';
import { loadSigningKey } from '../did/signing-key.ts';
import { InvalidDidToken, signDidToken, verifyDidToken } from '../did/token.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { appendAnchor, checkChain, listAnchors } from '../stores/did-anchors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_VALID_DAYS = 14;

/**
 * A token naming a tourist lets its holder act as that tourist, so with sign-in on only a supervisor
 * issues one. A token without a tourist stays open to any phone: it verifies nobody.
 */
function refuseIssueForTourist(request: FastifyRequest): void {
  const operator = request.operator;
  const needed = LEAST_ROLE.issueDidForTourist;
  if (!operator)
    throw new HttpError(
      401,
      `Sign in as a ${needed} to issue a DID on behalf of a tourist (touristId): this server requires operators to sign in.`,
    );
  if (!roleAtLeast(operator.role, needed)) {
    throw new HttpError(
      403,
      `Your role, ${operator.role}, may not issue a DID on behalf of a tourist (touristId): it needs the ${needed} role or above.`,
    );
  }
}

export async function didRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const key = loadSigningKey(ctx.config);

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/did/issue',
      access: 'device',
      summary:
        'Issue a local DID for a KYC hash: a signed, expiring token and an anchor in the hash chain; with touristId ' +
        '(a supervisor when sign-in is on; audited) the token acts for that tourist as Authorization: Bearer',
      tags: ['did'],
      body: DidIssueBody,
      status: 201,
      response: DidIssueResponse,
    },
    async ({ body, request }) => {
      const touristId = body.touristId ?? undefined;
      if (touristId !== undefined && signInRequired(ctx.config)) refuseIssueForTourist(request);
      // JWT times are whole seconds; the anchor and expiresAt use the same instants as the token.
      const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      const validDays = body.validDays ?? DEFAULT_VALID_DAYS;
      const expiresAt = new Date(issuedAt.getTime() + validDays * DAY_MS);
      const didId = `did:local:${randomUUID()}`;
      const contentHash = anchorContentHash({
        didId,
        kycType: body.kycType,
        kycHash: body.kycHash,
        issuedAt: issuedAt.toISOString(),
      });
      const anchor = await ctx.write(async (tx) => {
        const anchored = await appendAnchor(tx, {
          id: randomUUID(),
          didId,
          createdAt: issuedAt.toISOString(),
          contentHash,
        });
        if (touristId !== undefined) {
          const detail = { didId, kycType: body.kycType, expiresAt: expiresAt.toISOString() };
          await appendAudit(tx, { ...whoActs(request), action: 'did.issue', target: touristId, detail });
        }
        return anchored;
      });
      const { itinerary, itineraryNote, emergencyContacts, emergencyPhones } = body;
      const trip = { itinerary, itineraryNote, emergencyContacts, emergencyPhones };
      const didToken = await signDidToken(key, {
        didId,
        kycType: body.kycType,
        digest: anchor.digest,
        issuedAt,
        expiresAt,
        touristId,
        ...trip,
      });
      return { didId, didToken, expiresAt: expiresAt.toISOString(), validDays, anchor };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/did/verify',
      access: 'device',
      summary:
        'Verify a DID token: its claims (touristId when it acts for a tourist), or 401 when altered, expired or signed by another key',
      tags: ['did'],
      body: DidVerifyBody,
      response: DidVerifyResponse,
    },
    async ({ body }) => {
      try {
        return { claims: await verifyDidToken(key, body.token) };
      } catch (error) {
        if (error instanceof InvalidDidToken) throw new HttpError(401, error.message);
        throw error;
      }
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/did/anchors',
      summary: 'DID anchors, newest first (the last 1000), optionally of one DID',
      tags: ['did'],
      query: DidAnchorsQuery,
      response: AnchorsResponse,
    },
    async ({ query }) => ({ anchors: await listAnchors(ctx.db, query.didId) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/did/chain',
      summary: 'Check the local anchor chain link by link: intact, or the id of the first anchor that breaks it',
      tags: ['did'],
      response: DidChainResponse,
    },
    async () => checkChain(ctx.db),
  );
}
