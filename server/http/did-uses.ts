// Which tourists an unbound Digital ID's token was sent with: what a supervisor sees before binding it
// (issue 30). Recorded after the answer, outside the request's own transaction: a panic never waits for it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { recordDidUse } from '../stores/did-bindings.ts';
import { monotonicMs, serverClock } from '../domain/server-clock.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tourist a request carrying an unbound DID's token named, when it named one. */
    touristNamedWithDid?: string;
  }
}

/** A pair already noted this recently is not written again: a phone pinging every 30 s costs one row a while. */
const NOTE_AGAIN_AFTER_MS = 5 * 60_000;
/** Bounds the memory of what was noted; past it the memory starts again (a few rows written twice). */
const MAX_REMEMBERED = 10_000;

/** Marks `touristId` as named by the request, when the request carries a valid DID token that proves nobody. */
export function noteTouristNamed(request: FastifyRequest, touristId: string | null | undefined): void {
  const credential = request.deviceCredential;
  if (credential?.kind === 'no-tourist' && touristId) request.touristNamedWithDid = touristId;
}

export function installDidUseRecording(app: FastifyInstance, ctx: AppContext): void {
  const notedAt = new Map<string, number>();
  app.addHook('onResponse', async (request, reply) => {
    const touristId = request.touristNamedWithDid;
    const credential = request.deviceCredential;
    if (touristId === undefined || credential?.kind !== 'no-tourist' || reply.statusCode >= 400) return;
    const pair = `${credential.didId}\n${touristId}`;
    const now = monotonicMs();
    if (now - (notedAt.get(pair) ?? -Infinity) < NOTE_AGAIN_AFTER_MS) return;
    if (notedAt.size >= MAX_REMEMBERED) notedAt.clear();
    notedAt.set(pair, now);
    const at = serverClock.iso();
    await ctx
      .write((tx) => recordDidUse(tx, credential.didId, touristId, at), { priority: 'background' })
      .catch((error: unknown) => {
        notedAt.delete(pair);
        request.log.warn({ err: error }, 'could not record which tourist a Digital ID was used with');
      });
  });
}
