// The one write path of panics (phone apps and wristbands): placed by zone, stored with its alert and
// announced in one transaction ahead of other work, journaled before the phone is told it is stored.
import { createHash, randomUUID } from 'node:crypto';
import type { Alert, Incident } from '../../src/api/entities.ts';
import type { StreamMessage } from '../../src/api/stream.ts';
import { buildIncident, newIncidentId, VERIFIED, type NewIncident, type Verification } from '../domain/incidents.ts';
import type { AppContext, Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { HttpError } from '../http/errors.ts';
import { JournalUnwritable, type JournaledPanic } from '../db/panic-journal.ts';
import { insertAlert, insertAlerts } from '../stores/alerts.ts';
import { placementOf, type Placement } from '../stores/geofences.ts';
import { claimIdempotencyKey, findIdempotencyKey, requestHash } from '../stores/idempotency.ts';
import { insertIncident, insertIncidents } from '../stores/incidents.ts';
import { enqueueWebhookEvents, incidentEvent } from '../webhooks/outbox.ts';
import type { PanicRequest } from './panic-request.ts';
import { panicDeadline, storedOrJournaled } from './store-or-journal.ts';
import { serverClock } from '../domain/server-clock.ts';

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
export function idempotencyClaim(
  rawKey: string,
  request: PanicRequest,
  address: string,
  route: string,
): IdempotencyClaim {
  const scope =
    request.touristId !== null
      ? `tourist:${request.touristId}`
      : request.deviceId !== null
        ? `device:${request.deviceId}`
        : `address:${address}`;
  return { key: `${route}:${requestHash(scope)}:${rawKey}`, hash: claimHash(request) };
}

/** What a repeated key must repeat: the same panic, from the same caller. */
export function claimHash(request: PanicRequest): string {
  const { latitude, longitude, touristId, deviceId, reportedAt } = request;
  return requestHash({ latitude, longitude, touristId, deviceId, at: reportedAt });
}

export interface PanicIds {
  incidentId: string;
  alertId: string;
}

export const newPanicIds = (): PanicIds => ({ incidentId: newIncidentId(), alertId: `alert-${randomUUID()}` });

const uuidFrom = (text: string): string => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * A panic with an Idempotency-Key has ids derived from the key: a retry answered from the journal while the
 * store opens (which cannot see the keys the store holds) names the panic the store may already hold.
 */
export function panicIds(claim: IdempotencyClaim | undefined): PanicIds {
  if (!claim) return newPanicIds();
  return { incidentId: `inc-${uuidFrom(`incident:${claim.key}`)}`, alertId: `alert-${uuidFrom(`alert:${claim.key}`)}` };
}

/** The panic's incident and alert, placed: the one builder of a panic's answer, wherever it is raised. */
export function panicAnswer(
  request: PanicRequest,
  origin: PanicOrigin,
  receivedAt: string,
  placement: Placement,
  ids: PanicIds = newPanicIds(),
): PanicAnswer {
  const { regionId, zone } = placement;
  const { touristId, deviceId, latitude, longitude, reportedAt } = request;
  const verification = origin.verification ?? VERIFIED;
  const incident = buildIncident({
    id: ids.incidentId,
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
    id: ids.alertId,
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

async function buildPanic(
  ctx: AppContext,
  tx: Sql,
  request: PanicRequest,
  origin: PanicOrigin,
  receivedAt: string,
  ids: PanicIds,
): Promise<PanicAnswer> {
  const placement = await placementOf(tx, request.latitude, request.longitude, (point) =>
    ctx.regionBoundaries.regionOf(point),
  );
  return panicAnswer(request, origin, receivedAt, placement, ids);
}

/** A key reused once its claim expired would name an incident stored long ago: that panic gets fresh ids. */
async function unusedIds(tx: Sql, ids: PanicIds): Promise<PanicIds> {
  const { rows } = await tx.query('select 1 from incidents where id = $1', [ids.incidentId]);
  return rows.length === 0 ? ids : newPanicIds();
}

/**
 * Stores a panic built elsewhere (a new one, or one replayed from the journal) with its announcement and
 * its outgoing notifications' outbox rows, which are sent after commit.
 */
export async function storePanic(tx: Sql, emit: Emit, answer: PanicAnswer): Promise<void> {
  await insertIncident(tx, answer.incident);
  await insertAlert(tx, answer.alert);
  await enqueueWebhookEvents(tx, [incidentEvent('panic.created', answer.incident, answer.alert)]);
  emit({ type: 'alert', alert: answer.alert }, { type: 'incident_update', incident: answer.incident });
}

/** `storePanic` for many (a journal's panics put back together): a statement a table, announced in order. */
export async function storePanics(tx: Sql, emit: Emit, answers: readonly PanicAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  await insertIncidents(
    tx,
    answers.map((answer) => answer.incident),
  );
  await insertAlerts(
    tx,
    answers.map((answer) => answer.alert),
  );
  await enqueueWebhookEvents(
    tx,
    answers.map((answer) => incidentEvent('panic.created', answer.incident, answer.alert)),
  );
  emit(
    ...answers.flatMap((answer): StreamMessage[] => [
      { type: 'alert', alert: answer.alert },
      { type: 'incident_update', incident: answer.incident },
    ]),
  );
}

/**
 * Raises a panic, or answers the first answer again for a repeated idempotency key. It is on disk (the
 * store's commit, and on the embedded store the fsynced journal too) before this resolves; a panic the
 * store cannot take by `deadline` is answered from the journal instead (store-or-journal.ts).
 */
export async function raisePanic(
  ctx: AppContext,
  request: PanicRequest,
  origin: PanicOrigin,
  claim?: IdempotencyClaim,
  deadline = panicDeadline(ctx.fallback),
): Promise<PanicAnswer> {
  const held = ctx.fallback.desk.answerFor(claim);
  if (held) return held;
  const receivedAt = serverClock.iso();
  const ids = claim ? panicIds(claim) : newPanicIds();
  const stored = async (stillWanted: () => void = () => {}) => {
    const work = panicTransaction(ctx, request, origin, receivedAt, claim, ids);
    const { answer, created } = await ctx.write(
      (tx, emit) => {
        stillWanted();
        return work(tx, emit);
      },
      { priority: 'urgent' },
    );
    if (created) await journalAfterCommit(ctx, { answer, idempotency: claim && { ...claim } });
    return answer;
  };
  // An operator's test alert commits its audit record with it: refused (503) while the store is away.
  if (origin.alsoInTransaction) return stored();
  return storedOrJournaled(ctx.fallback, deadline, stored, () =>
    ctx.fallback.desk.accept({ request, origin }, claim, {
      placement: ctx.fallback.placeFromMemory(request),
      ids,
      receivedAt,
    }),
  );
}

/** On the embedded store a commit is not on disk yet: the journal's record is, before the 201. */
async function journalAfterCommit(ctx: AppContext, record: JournaledPanic): Promise<void> {
  await ctx.panicJournal.append(record).catch((error: unknown) => {
    throw new JournalUnwritable(error);
  });
}

/** What a panic does inside its transaction: placed, its key claimed, stored with its announcement. */
export function panicTransaction(
  ctx: AppContext,
  request: PanicRequest,
  origin: PanicOrigin,
  receivedAt: string,
  claim?: IdempotencyClaim,
  unkeyedIds: PanicIds = newPanicIds(),
) {
  return async (tx: Sql, emit: Emit): Promise<{ answer: PanicAnswer; created: boolean }> => {
    const ids = claim ? await unusedIds(tx, panicIds(claim)) : unkeyedIds;
    const fresh = await buildPanic(ctx, tx, request, origin, receivedAt, ids);
    // Claimed before anything is written: a concurrent duplicate waits here for the first to commit.
    if (claim && !(await claimIdempotencyKey(tx, claim.key, claim.hash, fresh, ctx.config.idempotencyTtlHours))) {
      const earlier = await findIdempotencyKey<PanicAnswer>(tx, claim.key);
      if (!earlier)
        throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; retry shortly.');
      if (earlier.requestHash !== claim.hash) {
        throw new HttpError(422, 'This Idempotency-Key was already used with a different request body.');
      }
      return { answer: earlier.response, created: false };
    }
    await storePanic(tx, emit, fresh);
    await origin.alsoInTransaction?.(tx, fresh);
    return { answer: fresh, created: true };
  };
}
