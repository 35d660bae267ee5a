// A band's or phone's `sos` or `fall` event (issue 32, on /events, /events/ble and /sync/offline) is a panic,
// raised through the one panic path: never refused (whatever the device token says), journaled before the
// 201, and once per event id however often the device sends it again. The position comes first, outside
// the panic's transaction: the event's own, else the last known one, else the default region's centre.
import type { FastifyRequest } from 'fastify';
import { positionIn, raisesPanic } from '../../src/domain/band-events.ts';
import { FALL_SENTENCE } from '../../src/domain/watch-sentences.ts';
import type { AppContext } from '../context.ts';
import { withPriority } from '../db/seam.ts';
import { StoreUnavailableError } from '../db/store-errors.ts';
import { panicCaller } from '../http/device-identity.ts';
import { requestHash } from '../stores/idempotency.ts';
import { defaultRegionCentre, FALLBACK_CENTRE, lastKnownPosition } from './band-panic.ts';
import { raisePanic, type PanicAnswer, type PanicOrigin } from './panic.ts';
import { journalNow, panicDeadline, readInTime } from './store-or-journal.ts';

/** Said when the store is away for a call's other events: its panics were taken (journaled) all the same. */
const PANICS_TAKEN_ALL_THE_SAME = 'Its sos and fall events were taken all the same; send the others again.';

/**
 * The store went away after a call's panics were journaled: a call of panics alone is answered as taken
 * (this returns); one with other events too gets 503, saying its panics were taken and the others are to be sent again.
 */
export function takenIfOnlyPanics(ctx: AppContext, away: StoreUnavailableError, panics: number, events: number): void {
  if (panics === events) return;
  throw new StoreUnavailableError(ctx.fallback.health.retryAfterSeconds, away, PANICS_TAKEN_ALL_THE_SAME);
}

/** One event as sent, its id fixed (the device's, else the one the server gave it) before it is stored. */
export interface PanicEvent {
  id: string;
  type: string;
  deviceId: string | null;
  /** The tourist the event (or its body) names; the token decides only whether that is proved. */
  touristId: string | null;
  payload: unknown;
  /** The device's own time for the event, when it sent one (an SOS queued offline hours ago says so). */
  reportedAt?: string | null;
}

/** The claim that makes a repeat of the event answer the first panic: per tourist (else device), by event id. */
function claimOf(event: PanicEvent, touristId: string | null) {
  const scope =
    touristId !== null ? `tourist:${touristId}` : event.deviceId !== null ? `device:${event.deviceId}` : 'anonymous';
  // The hash names the event only: a repeat sent after the tourist moved is the same event, never a 422.
  return { key: `device-event:${requestHash(scope)}:${event.id}`, hash: requestHash({ eventId: event.id }) };
}

async function raiseOne(
  ctx: AppContext,
  request: FastifyRequest,
  event: PanicEvent,
  source: PanicOrigin['source'],
): Promise<PanicAnswer> {
  const { touristId, verification } = panicCaller(request, event.touristId);
  const own = positionIn(event.payload);
  const claim = claimOf(event, touristId);
  const held = ctx.fallback.desk.answerFor(claim);
  if (held) return held;
  const deadline = panicDeadline(ctx.fallback);
  const fall = event.type.toLowerCase() === 'fall';
  const origin = (location?: PanicOrigin['location']): PanicOrigin => ({
    source,
    ...(location && { location }),
    verification,
    as: fall
      ? { type: 'fall', meta: { rule: 'fall', event: 'fall', eventId: event.id, reason: FALL_SENTENCE } }
      : { type: 'panic', meta: { event: 'sos', eventId: event.id } },
  });
  const panicAt = (where: { latitude: number; longitude: number }) => ({
    latitude: where.latitude,
    longitude: where.longitude,
    touristId,
    deviceId: event.deviceId,
    reportedAt: event.reportedAt ?? null,
    repaired: [],
  });
  if (own) return raisePanic(ctx, panicAt(own), origin(), claim, deadline);
  // The lookup is part of the panic: it overtakes queued reads too.
  const found = await readInTime(ctx.fallback, deadline, async () => {
    const urgent = withPriority(ctx.db, 'urgent');
    const known = await lastKnownPosition(urgent, event.deviceId, touristId);
    return { known, where: known ?? (await defaultRegionCentre(urgent)) };
  });
  if (!found) {
    const early = {
      request: panicAt(FALLBACK_CENTRE),
      origin: origin({ noLocation: true }),
      positionLookedUpLater: true as const,
    };
    return journalNow(ctx.fallback, early, claim);
  }
  const location = found.known ? { positionAt: found.known.at } : { noLocation: true as const };
  return raisePanic(ctx, panicAt(found.where), origin(location), claim, deadline);
}

/**
 * Raises the panic of every `sos` and `fall` among the events, one after another, before anything else of
 * the request is done or refused; answers them in order.
 */
export async function raiseEventPanics(
  ctx: AppContext,
  request: FastifyRequest,
  events: readonly PanicEvent[],
  source: PanicOrigin['source'],
): Promise<PanicAnswer[]> {
  const answers: PanicAnswer[] = [];
  for (const event of events) if (raisesPanic(event.type)) answers.push(await raiseOne(ctx, request, event, source));
  return answers;
}
