// The one write path of panics (phone apps and wristbands): placed by zone, stored with its alert and
// announced in one transaction ahead of other work, journaled before the phone is told it is stored.
import { randomUUID } from 'node:crypto';
import type { Alert, Incident } from '../../src/api/entities.ts';
import { buildIncident, VERIFIED, type NewIncident, type Verification } from '../domain/incidents.ts';
import type { AppContext, Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { HttpError } from '../http/errors.ts';
import { insertAlert } from '../stores/alerts.ts';
import { placementOf } from '../stores/geofences.ts';
import { claimIdempotencyKey, findIdempotencyKey, requestHash } from '../stores/idempotency.ts';
import { insertIncident } from '../stores/incidents.ts';
import type { PanicRequest } from './panic-request.ts';

export interface PanicAnswer {
  alert: Alert;
  incident: Incident;
}

export interface PanicOrigin {
  /** `panic` from a phone, `band` from a wristband's SOS. */
  source: 'panic' | 'band';
  /** Extra facts for meta: no known position, or when the position used was taken. */
  location?: { noLocation: true } | { positionAt: string };
  /**
   * Whether the device's token proved the tourist. Absent for a panic no device sent (an operator's test
   * alert): there is no device to doubt, so it is stored verified.
   */
  verification?: Verification;
  /** An operator's test alert: marked as such in meta, with who sent it. */
  test?: { sentBy: string };
  /**
   * A band's or phone's event (issue 32): an `sos` is a panic naming its event in meta; a `fall` is raised
   * through this path as a panic of its own type, with the rule and why in meta.
   */
  as?: { type: 'panic' | 'fall'; meta: NewIncident['extraMeta'] };
  /** More writes that must commit with a newly raised panic (the audit record of a test alert). */
  alsoInTransaction?: (tx: Sql, answer: PanicAnswer) => Promise<void>;
}

export interface IdempotencyClaim {
  key: string;
  hash: string;
}

/** Same key from two phones is two alerts: keys live per tourist, else per device, else per client address. */
export function idempotencyClaim(rawKey: string, request: PanicRequest, address: string, route: string): IdempotencyClaim {
  const scope = request.touristId !== null ? `tourist:${request.touristId}` : request.deviceId !== null ? `device:${request.deviceId}` : `address:${address}`;
  const identity = {
    latitude: request.latitude,
    longitude: request.longitude,
    touristId: request.touristId,
    deviceId: request.deviceId,
    at: request.reportedAt,
  };
  return { key: `${route}:${requestHash(scope)}:${rawKey}`, hash: requestHash(identity) };
}

async function buildPanic(ctx: AppContext, tx: Sql, request: PanicRequest, origin: PanicOrigin, receivedAt: string): Promise<PanicAnswer> {
  const { regionId, zone } = await placementOf(tx, request.latitude, request.longitude, (point) => ctx.regionBoundaries.regionOf(point));
  const { touristId, deviceId, latitude, longitude, reportedAt } = request;
  const verification = origin.verification ?? VERIFIED;
  const incident = buildIncident({
    type: origin.as?.type ?? 'panic',
    source: origin.source,
    place: { latitude, longitude, regionId, zone },
    touristId,
    deviceId,
    createdAt: receivedAt,
    reportedAt,
    extraMeta: {
      ...(request.repaired.length > 0 && { repaired: request.repaired }),
      ...origin.location,
      ...(origin.test && { test: true, sentBy: origin.test.sentBy }),
      ...origin.as?.meta,
    },
    verification,
  });
  const alert: Alert = {
    id: `alert-${randomUUID()}`,
    incidentId: incident.id,
    latitude,
    longitude,
    at: receivedAt,
    reportedAt,
    regionId,
    touristId,
    deviceId,
    ...zone,
    verified: verification.verified,
  };
  return { alert, incident };
}

/** Stores a panic built elsewhere (a new one, or one replayed from the journal) with its announcement. */
export async function storePanic(tx: Sql, emit: Emit, answer: PanicAnswer): Promise<void> {
  await insertIncident(tx, answer.incident);
  await insertAlert(tx, answer.alert);
  emit({ type: 'alert', alert: answer.alert }, { type: 'incident_update', incident: answer.incident });
}

/**
 * Raises a panic, or answers the first answer again for a repeated idempotency key. It is on disk (the
 * store's commit, and on the embedded store the fsynced journal too) before this resolves.
 */
export async function raisePanic(ctx: AppContext, request: PanicRequest, origin: PanicOrigin, claim?: IdempotencyClaim): Promise<PanicAnswer> {
  const receivedAt = new Date().toISOString();
  const { answer, created } = await ctx.write(
    async (tx, emit) => {
      const fresh = await buildPanic(ctx, tx, request, origin, receivedAt);
      // Claimed before anything is written: a concurrent duplicate waits here for the first to commit.
      if (claim && !(await claimIdempotencyKey(tx, claim.key, claim.hash, fresh, ctx.config.idempotencyTtlHours))) {
        const earlier = await findIdempotencyKey<PanicAnswer>(tx, claim.key);
        if (!earlier) throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; retry shortly.');
        if (earlier.requestHash !== claim.hash) {
          throw new HttpError(422, 'This Idempotency-Key was already used with a different request body.');
        }
        return { answer: earlier.response, created: false };
      }
      await storePanic(tx, emit, fresh);
      await origin.alsoInTransaction?.(tx, fresh);
      return { answer: fresh, created: true };
    },
    { priority: 'urgent' },
  );
  if (created) await ctx.panicJournal.append({ answer, idempotency: claim && { ...claim } });
  return answer;
}
