import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DidBindBody,
  DidBindResponse,
  DidLookupBody,
  DidLookupResponse,
  DidUnbindBody,
  DidUnbindResponse,
  type DidRecord,
} from '../../src/api/did-binding.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import type { AppContext } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { loadSigningKey } from '../did/signing-key.ts';
import { InvalidDidToken, verifyDidToken } from '../did/token.ts';
import { whoActs } from '../http/acting-operator.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import {
  currentBinding,
  didsUsedWith,
  didWasIssued,
  endBinding,
  insertBinding,
  usesOfDid,
} from '../stores/did-bindings.ts';
import { touristExists } from '../stores/people.ts';
import { serverClock } from '../domain/server-clock.ts';

/** What was pasted or scanned, once read: the DIDs it names, and what a token said of its own. */
interface LookupTarget {
  didIds: string[];
  token?: { expiresAt: string; issuedFor: string | null };
}

const fieldError = (message: string) =>
  new HttpError(400, `Invalid request body: ${message}`, [{ path: 'did', message }]);

function jsonOf(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    throw fieldError('did looks like the ID card QR text but is not valid JSON.');
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Reads the supervisor's input: a DID token (the app's `did.token`), a bare `did:…` id, or the app's ID card
 * QR code, JSON naming the tourist (`{"touristId", "deviceId"}`) or carrying the DID or its token.
 */
async function lookupTarget(db: Sql, key: Uint8Array, input: string): Promise<LookupTarget> {
  const card = jsonOf(input);
  const nested = card && (text(card.didToken) ?? text(card.token) ?? text(card.didId) ?? text(card.did));
  if (nested !== undefined) return lookupTarget(db, key, nested);
  const cardTourist = card && text(card.touristId);
  if (card) {
    if (cardTourist === undefined) throw fieldError('did: the QR text names no touristId, didId or token.');
    const didIds = await didsUsedWith(db, cardTourist);
    const bound = await db.query<{ did_id: string }>(
      'select did_id from did_bindings where tourist_id = $1 and unbound_at is null',
      [cardTourist],
    );
    const all = [...new Set([...bound.rows.map((row) => row.did_id), ...didIds])];
    if (all.length === 0) {
      throw notFound(
        `No Digital ID has been used with tourist "${cardTourist}" yet: ask the tourist to issue one in the app's Digital ID page, then scan again.`,
      );
    }
    return { didIds: all };
  }
  if (input.startsWith('did:')) {
    if (!(await didWasIssued(db, input))) throw notFound(`This server never issued the Digital ID "${input}".`);
    return { didIds: [input] };
  }
  try {
    const claims = await verifyDidToken(key, input);
    return {
      didIds: [claims.sub],
      token: { expiresAt: new Date(claims.exp * 1000).toISOString(), issuedFor: claims.touristId ?? null },
    };
  } catch (error) {
    if (error instanceof InvalidDidToken)
      throw fieldError(`did is not a Digital ID this server can use: ${error.message}`);
    throw error;
  }
}

async function recordOf(db: Sql, didId: string, token: LookupTarget['token']): Promise<DidRecord> {
  return {
    didId,
    expiresAt: token?.expiresAt ?? null,
    issuedFor: token?.issuedFor ?? null,
    binding: await currentBinding(db, didId),
    usedWith: await usesOfDid(db, didId),
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

function boundAlready(
  didId: string,
  binding: { touristId: string; touristName: string | null; boundBy: string; boundAt: string },
): HttpError {
  const who = binding.touristName ? `${binding.touristName} (${binding.touristId})` : binding.touristId;
  return conflict(
    `Digital ID ${didId} is bound to tourist ${who} since ${binding.boundAt} by ${binding.boundBy}; unbind it before binding it to another tourist.`,
  );
}

/**
 * Binding a Digital ID to a registered tourist (issue 30): supervisors at an entry point, who saw the
 * person's document, vouch that the phone holding the DID is theirs. Both acts are audited.
 */
export async function didBindingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const key = loadSigningKey(ctx.config);
  // Every server's cache follows the change when this transaction commits.
  const announce = (tx: Sql, didId: string) => tx.query('select pg_notify($1, $2)', [app.didBindings.channel, didId]);
  const actor = (request: FastifyRequest) => whoActs(request);

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/did/lookup',
      role: LEAST_ROLE.bindDid,
      summary:
        'What a pasted or scanned Digital ID (token, did:… id, or the app ID card QR text) is bound to and which tourists it was used with (audited)',
      tags: ['did'],
      body: DidLookupBody,
      response: DidLookupResponse,
    },
    async ({ body, request }) => {
      const target = await lookupTarget(ctx.db, key, body.did);
      const dids = [];
      for (const didId of target.didIds) dids.push(await recordOf(ctx.db, didId, target.token));
      await ctx.write((tx) =>
        appendAudit(tx, { ...actor(request), action: 'did.lookup', target: target.didIds.join(', '), detail: {} }),
      );
      return { dids };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/did/bind',
      role: LEAST_ROLE.bindDid,
      summary:
        'Bind a Digital ID to a registered tourist: its token then proves that tourist (verified alerts, DEVICE_AUTH=required accepts it); 409 while it is bound to another',
      tags: ['did'],
      body: DidBindBody,
      status: 201,
      response: DidBindResponse,
    },
    async ({ body, request, reply }) => {
      const now = serverClock.iso();
      const who = actor(request);
      const outcome = await ctx
        .write(async (tx) => {
          if (!(await didWasIssued(tx, body.didId)))
            throw notFound(`This server never issued the Digital ID "${body.didId}".`);
          if (!(await touristExists(tx, body.touristId)))
            throw notFound(`Unknown touristId "${body.touristId}": register the tourist first.`);
          const existing = await currentBinding(tx, body.didId);
          if (existing?.touristId === body.touristId) return { binding: existing, created: false };
          if (existing) throw boundAlready(body.didId, existing);
          await insertBinding(tx, body.didId, body.touristId, who.actor, now);
          await appendAudit(tx, { ...who, action: 'did.bind', target: body.touristId, detail: { didId: body.didId } });
          await announce(tx, body.didId);
          return { binding: (await currentBinding(tx, body.didId))!, created: true };
        })
        .catch(async (error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          // Another supervisor bound it a moment before: say to whom.
          const winner = await currentBinding(ctx.db, body.didId);
          throw winner
            ? boundAlready(body.didId, winner)
            : conflict(`Digital ID ${body.didId} was being bound by someone else; look it up again.`);
        });
      await app.didBindings.catchUp();
      return reply.code(outcome.created ? 201 : 200).send({ ok: true, binding: outcome.binding });
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/did/unbind',
      role: LEAST_ROLE.bindDid,
      summary: 'Unbind a Digital ID from its tourist: its token proves nobody again until bound anew',
      tags: ['did'],
      body: DidUnbindBody,
      response: DidUnbindResponse,
    },
    async ({ body, request }) => {
      const who = actor(request);
      const unbound = await ctx.write(async (tx) => {
        const binding = await currentBinding(tx, body.didId);
        if (!binding) throw notFound(`Digital ID ${body.didId} is not bound to any tourist.`);
        await endBinding(tx, body.didId, who.actor, serverClock.iso());
        await appendAudit(tx, {
          ...who,
          action: 'did.unbind',
          target: binding.touristId,
          detail: { didId: body.didId, boundBy: binding.boundBy, boundAt: binding.boundAt },
        });
        await announce(tx, body.didId);
        return binding;
      });
      await app.didBindings.catchUp();
      return { unbound };
    },
  );
}
