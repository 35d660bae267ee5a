// A wristband's SOS carries no coordinates. It is never dropped: it becomes a panic at the last known
// position of the band or its tourist, or, with none known, at the default region's centre flagged
// "no location". Whatever else the body holds is kept, repaired where the store could not hold it.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import type { Sql } from '../db/seam.ts';
import type { Verification } from '../domain/incidents.ts';
import { MAX_NESTING_DEPTH } from '../http/storable-input.ts';
import { insertEvents } from '../stores/events.ts';
import { iso } from '../stores/time.ts';
import { repairText, type PanicRequest } from './panic-request.ts';
import type { PanicOrigin } from './panic.ts';
import { serverClock } from '../domain/server-clock.ts';

const StoredId = z.string().min(1).max(128);

/** A value the store can hold: text repaired, nesting cut off at the bound. */
export function storableValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return repairText(value);
  if (value === null || typeof value !== 'object') return value ?? null;
  if (depth >= MAX_NESTING_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((inner) => storableValue(inner, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [repairText(key), storableValue(inner, depth + 1)]),
  );
}

function idField(body: Record<string, unknown>, field: string, repaired: string[]): string | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  const parsed = StoredId.safeParse(typeof raw === 'string' ? repairText(raw) : raw);
  if (!parsed.success || parsed.data !== raw) repaired.push(field);
  return parsed.success ? parsed.data : null;
}

export interface KnownPosition {
  latitude: number;
  longitude: number;
  at: string;
}

/** Newest last position among the band itself, its tourist (as named or proved) and the tourist it is paired with. */
export async function lastKnownPosition(
  db: Sql,
  deviceId: string | null,
  touristId: string | null,
): Promise<KnownPosition | undefined> {
  const { rows } = await db.query<{ latitude: number; longitude: number; at: Date | string }>(
    `select latitude, longitude, at from gps_last
      where ping_key = any($1::text[])
         or ping_key in (select tourist_id from devices where id = $2)
      order by at desc limit 1`,
    [[deviceId, touristId].filter((key) => key !== null), deviceId],
  );
  return rows[0] && { latitude: rows[0].latitude, longitude: rows[0].longitude, at: iso(rows[0].at) };
}

/** Where a panic with no known position is filed when the default region names no centre. */
export const FALLBACK_CENTRE = { latitude: 20.5937, longitude: 78.9629 };

export async function defaultRegionCentre(db: Sql): Promise<{ latitude: number; longitude: number }> {
  const { rows } = await db.query<{ center_lat: number; center_lng: number }>(
    'select center_lat, center_lng from regions where id = $1',
    [DEFAULT_REGION_ID],
  );
  return {
    latitude: rows[0]?.center_lat ?? FALLBACK_CENTRE.latitude,
    longitude: rows[0]?.center_lng ?? FALLBACK_CENTRE.longitude,
  };
}

export interface BandPanic {
  request: PanicRequest;
  origin: PanicOrigin;
  /** What the band sent beside its ids, stored as a `band_sos` event once the panic is stored. */
  details: { events: unknown; bandMetadata: unknown };
}

/** The tourist to record for the tourist the band named (or none), and whether the caller proved it. */
export type IdentifyCaller = (named: string | null) => { touristId: string | null; verification: Verification };

/** The SOS as read from its body alone, before any position is looked up: flagged "no location". */
export function bandPanicUnplaced(raw: unknown, identify: IdentifyCaller): BandPanic {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const repaired: string[] = [];
  const deviceId = idField(body, 'deviceId', repaired);
  const { touristId, verification } = identify(idField(body, 'touristDid', repaired));
  return {
    request: { ...FALLBACK_CENTRE, touristId, deviceId, reportedAt: null, repaired },
    origin: { source: 'band', location: { noLocation: true }, verification },
    details: { events: storableValue(body.events ?? null), bandMetadata: storableValue(body.bandMetadata ?? null) },
  };
}

/** The SOS at the last known position of the band or its tourist, else at the default region's centre. */
export async function placeBandPanic<Panic extends Pick<BandPanic, 'request' | 'origin'>>(
  db: Sql,
  panic: Panic,
): Promise<Panic> {
  const { deviceId, touristId } = panic.request;
  const known = await lastKnownPosition(db, deviceId, touristId);
  const where = known ?? (await defaultRegionCentre(db));
  return {
    ...panic,
    request: { ...panic.request, latitude: where.latitude, longitude: where.longitude },
    origin: { ...panic.origin, location: known ? { positionAt: known.at } : { noLocation: true } },
  };
}

export async function recordBandDetails(
  db: Sql,
  incidentId: string,
  panic: Pick<BandPanic, 'request' | 'details'>,
): Promise<void> {
  await insertEvents(db, [
    {
      id: randomUUID(),
      type: 'band_sos',
      deviceId: panic.request.deviceId,
      touristId: panic.request.touristId,
      payload: { incidentId, ...panic.details },
      createdAt: serverClock.iso(),
    },
  ]);
}
