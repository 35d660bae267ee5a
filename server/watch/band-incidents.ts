// What a band's or phone's events change in the watch (issue 32), in the transaction that stores them: each
// sender with an open watch incident is reported again; then a heart rate or SpO2 outside the region's
// bounds raises a `vitals` incident and a removed or tampered band a `band_removed` one (medium; high inside
// a red zone or at night in the region's time zone), at most one open per tourist and rule.
import type { DeviceEvent, Incident } from '../../src/api/entities.ts';
import { pingKey } from '../../src/api/entities.ts';
import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import { effectOf, positionIn, readingOf, vitalsBreach } from '../../src/domain/band-events.ts';
import { isNightForWatch } from '../../src/domain/watch-rules.ts';
import { bandRemovedSentence, vitalsSentence } from '../../src/domain/watch-sentences.ts';
import type { AppContext, Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { buildIncident, type IncidentPlace, type NewIncident, type Verification } from '../domain/incidents.ts';
import { geofencesById, placementOf } from '../stores/geofences.ts';
import { iso } from '../stores/time.ts';
import { defaultRegionCentre } from '../ingest/band-panic.ts';
import { announceWatchIncidents, insertWatchIncidents } from './raise-watch-incident.ts';
import { markReportedAgain } from './reported-again.ts';
import { WatchConfig } from './watch-config.ts';

type ExtraMeta = NewIncident['extraMeta'];

interface LastPlace {
  ping_key: string;
  latitude: number;
  longitude: number;
  region_id: string;
  zone_id: string | null;
  zone_risk: 'red' | 'yellow' | null;
  seen_at: Date | string;
}

/** Who sent each event, as the watch keys them: its tourist, its device, and the tourist that device is paired with. */
async function senderKeys(tx: Sql, events: readonly DeviceEvent[]): Promise<Map<DeviceEvent, string[]>> {
  const deviceIds = [...new Set(events.flatMap((event) => event.deviceId ?? []))];
  const { rows } =
    deviceIds.length === 0
      ? { rows: [] }
      : await tx.query<{ id: string; tourist_id: string }>(
          'select id, tourist_id from devices where id = any($1::text[])',
          [deviceIds],
        );
  const pairedWith = new Map(rows.map((row) => [row.id, row.tourist_id]));
  return new Map(
    events.map((event) => {
      const keys = [
        pingKey(event),
        event.touristId,
        event.deviceId,
        event.deviceId === null ? null : pairedWith.get(event.deviceId),
      ];
      return [event, [...new Set(keys.filter((key): key is string => key != null))]];
    }),
  );
}

/** The open watch incidents of the senders not yet reported again get it, once, for the sender's last event of the request. */
async function reportAgain(
  tx: Sql,
  emit: Emit,
  keysOf: Map<DeviceEvent, string[]>,
  receivedAt: string,
  what: string,
): Promise<void> {
  const allKeys = [...new Set([...keysOf.values()].flat())];
  if (allKeys.length === 0) return;
  const { rows } = await tx.query<{ id: string; watch_key: string }>(
    `select id, watch_key from incidents where watch_key = any($1::text[]) and status <> 'resolved' and meta->>'reportedAgainAt' is null order by id`,
    [allKeys],
  );
  const events = [...keysOf.keys()];
  for (const row of rows) {
    const last = events.findLast((event) => keysOf.get(event)!.includes(row.watch_key))!;
    const position = positionIn(last.payload);
    const report = {
      at: receivedAt,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      what: `${what} (${last.type})`,
    };
    await markReportedAgain(tx, emit, [row.id], report, row.watch_key);
  }
}

/** Where the event happened: its own position, else where its sender was last seen, else the default region's centre. */
async function placeOf(
  ctx: AppContext,
  tx: Sql,
  event: DeviceEvent,
  lastPlaces: readonly LastPlace[],
  keys: readonly string[],
): Promise<{ place: IncidentPlace; extra: ExtraMeta }> {
  const own = positionIn(event.payload);
  if (own)
    return {
      place: {
        ...own,
        ...(await placementOf(tx, own.latitude, own.longitude, (point) => ctx.regionBoundaries.regionOf(point))),
      },
      extra: {},
    };
  const last = lastPlaces.find((row) => keys.includes(row.ping_key));
  if (last) {
    const zone =
      last.zone_id !== null && last.zone_risk !== null
        ? { geofenceId: last.zone_id, riskLevel: last.zone_risk }
        : undefined;
    // Outside the zones, the boundaries as they are now (issue 31): a row written before a boundary changed keeps the old region.
    const regionId = zone
      ? last.region_id
      : ctx.regionBoundaries.regionOf({ latitude: last.latitude, longitude: last.longitude });
    return {
      place: { latitude: last.latitude, longitude: last.longitude, regionId, ...(zone && { zone }) },
      extra: { lastSeenAt: iso(last.seen_at), positionAt: iso(last.seen_at) },
    };
  }
  return { place: { ...(await defaultRegionCentre(tx)), regionId: DEFAULT_REGION_ID }, extra: { noLocation: true } };
}

/**
 * Applies the stored events to the watch. `what`: how the timeline names what was received (e.g. "Band
 * event"). Answers the incidents raised.
 */
export async function applyEventsToWatch(
  ctx: AppContext,
  tx: Sql,
  emit: Emit,
  events: readonly DeviceEvent[],
  verification: Verification,
  receivedAt: string,
  what: string,
): Promise<Incident[]> {
  if (events.length === 0) return [];
  const keysOf = await senderKeys(tx, events);
  await reportAgain(tx, emit, keysOf, receivedAt, what);
  const watched = events.filter((event) => {
    const effect = effectOf(event.type);
    return effect === 'band_removed' || (effect === 'vitals' && readingOf(event.type, event.payload) !== null);
  });
  if (watched.length === 0) return [];
  const { rows: lastPlaces } = await tx.query<LastPlace>(
    `select ping_key, latitude, longitude, region_id, zone_id, zone_risk, seen_at from watch_last where ping_key = any($1::text[]) order by seen_at desc`,
    [[...new Set(watched.flatMap((event) => keysOf.get(event)!))]],
  );
  const config = await WatchConfig.read(tx);
  const zoneIds = [...new Set(lastPlaces.flatMap((row) => row.zone_id ?? []))];
  const zones = new Map((zoneIds.length > 0 ? await geofencesById(tx, zoneIds) : []).map((zone) => [zone.id, zone]));
  const night = (regionId: string) => isNightForWatch(new Date(receivedAt), config.timeZoneOf(regionId));
  const raised = new Map<string, { incident: Incident; watchKey: string }>();
  for (const event of watched) {
    const keys = keysOf.get(event)!;
    const { place, extra } = await placeOf(ctx, tx, event, lastPlaces, keys);
    const zone =
      place.zone && (zones.get(place.zone.geofenceId) ?? (await geofencesById(tx, [place.zone.geofenceId]))[0]);
    const settings = config.settingsFor(place.regionId, zone);
    const atNight = night(place.regionId);
    const effect = effectOf(event.type) === 'vitals' ? 'vitals' : 'band_removed';
    let meta: ExtraMeta;
    if (effect === 'vitals') {
      const breach = vitalsBreach(event.type, readingOf(event.type, event.payload)!, settings.vitals);
      if (!breach) continue;
      const { vital, value, bound, boundKind } = breach;
      meta = {
        rule: 'vitals',
        value,
        bound,
        boundKind,
        reason: vitalsSentence(vital, value, bound, boundKind),
        ...(settings.demoLimits === true && { demoLimits: true }),
      };
    } else meta = { rule: 'band_removed', reason: bandRemovedSentence(event.type) };
    const incident = buildIncident({
      type: effect,
      source: 'watch',
      place,
      touristId: event.touristId,
      deviceId: event.deviceId,
      createdAt: receivedAt,
      extraMeta: {
        ...extra,
        ...meta,
        event: event.type.toLowerCase(),
        eventId: event.id,
        atNight,
        ...(place.zone && { zoneId: place.zone.geofenceId }),
      },
      verification,
    });
    const watchKey = pingKey(event);
    // The first of a request stands, as the first of earlier requests does while open.
    if (raised.has(`${watchKey}\u0000${effect}`)) continue;
    raised.set(`${watchKey}\u0000${effect}`, {
      incident: { ...incident, severity: place.zone?.riskLevel === 'red' || atNight ? 'high' : 'medium' },
      watchKey,
    });
  }
  const stored = await insertWatchIncidents(tx, [...raised.values()]);
  await announceWatchIncidents(tx, emit, stored);
  return stored;
}
