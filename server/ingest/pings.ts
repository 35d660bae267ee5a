// The one write path of GPS pings (single and batch, grouped by server/ingest/ping-writer.ts): store them,
// move the last positions, detect zone entries and exits and announce those, in the caller's transaction. The
// positions themselves are not stream events (issue 48): the caller publishes them once the transaction commits.
import { randomUUID } from 'node:crypto';
import { pingKey, type DeviceEvent, type GeofenceAlert, type GpsPing, type Incident } from '../../src/api/entities.ts';
import type { GpsUpdateBody } from '../../src/api/requests.ts';
import type { StreamMessage } from '../../src/api/stream.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import type { Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { buildIncident, type Verification } from '../domain/incidents.ts';
import {
  computeZoneTransitions,
  inTimeOrder,
  type KeyedPing,
  type ZoneTransition,
} from '../domain/zone-transitions.ts';
import { insertEvents } from '../stores/events.ts';
import { lockPingKeys, storePings } from '../stores/gps.ts';
import { insertIncidents } from '../stores/incidents.ts';
import { pingStateOf } from '../stores/ping-state.ts';
import { applyPresenceChange } from '../stores/zone-presence.ts';
import { markReportedAgain } from '../watch/reported-again.ts';
import type { WatchConfigCache } from '../watch/watch-config.ts';
import { watchRowsAfterPings } from '../watch/watch-ingest.ts';
import type { ZoneCache } from './zone-cache.ts';
import { serverClock } from '../domain/server-clock.ts';

/**
 * A ping dated in the future (a phone with a wrong clock) is recorded at the time it was received:
 * otherwise it would stay the "last position" and hide every later ping of that tourist.
 */
export function keyedPing(body: GpsUpdateBody, receivedAt: Date): KeyedPing {
  const sentAt = body.at === undefined ? receivedAt : new Date(body.at);
  const at = sentAt.getTime() > receivedAt.getTime() ? receivedAt : sentAt;
  return {
    key: pingKey(body),
    touristId: body.touristId ?? null,
    deviceId: body.deviceId ?? null,
    latitude: body.latitude,
    longitude: body.longitude,
    at: at.toISOString(),
  };
}

/** What a zone transition writes and announces: an entry's incident, the geofence alert, the device event. */
interface TransitionRecords {
  incident?: Incident;
  alert: GeofenceAlert;
  event: DeviceEvent;
}

function recordsOfTransition({ action, zone, ping }: ZoneTransition, verification: Verification): TransitionRecords {
  const placeId = zone.meta.placeId;
  const incident: Incident | undefined =
    action === 'enter'
      ? buildIncident({
          type: 'geofence',
          source: 'geofence',
          place: {
            latitude: ping.latitude,
            longitude: ping.longitude,
            regionId: zone.regionId,
            zone: { geofenceId: zone.id, riskLevel: zone.riskLevel, ...(placeId !== undefined && { placeId }) },
          },
          touristId: ping.touristId,
          deviceId: ping.deviceId,
          createdAt: ping.at,
          verification,
        })
      : undefined;
  const alert: GeofenceAlert = {
    id: randomUUID(),
    action,
    geofenceId: zone.id,
    riskLevel: zone.riskLevel,
    regionId: zone.regionId,
    ...(placeId !== undefined && { placeId }),
    ...(incident && { incidentId: incident.id }),
    touristId: ping.touristId,
    deviceId: ping.deviceId,
    latitude: ping.latitude,
    longitude: ping.longitude,
    at: ping.at,
  };
  const event: DeviceEvent = {
    id: randomUUID(),
    type: action === 'enter' ? 'geofence_enter' : 'geofence_exit',
    deviceId: ping.deviceId,
    touristId: ping.touristId,
    payload: {
      geofenceId: zone.id,
      riskLevel: zone.riskLevel,
      ...(incident && { incidentId: incident.id }),
      latitude: ping.latitude,
      longitude: ping.longitude,
    },
    createdAt: ping.at,
  };
  return { incident, alert, event };
}

/** Stream order: the zone changes in the time order of the pings that caused them. */
function announcements(
  ordered: readonly KeyedPing[],
  recordsByPing: ReadonlyMap<KeyedPing, TransitionRecords[]>,
): StreamMessage[] {
  const messages: StreamMessage[] = [];
  for (const keyed of ordered) {
    for (const { incident, alert } of recordsByPing.get(keyed) ?? []) {
      if (incident) messages.push({ type: 'incident_update', incident });
      messages.push({ type: 'geofence_alert', alert });
    }
  }
  return messages;
}

/** The pings of one request. `verification`: whether it proved their tourist; a zone entry's incident inherits it. */
export interface PingSubmission {
  pings: readonly KeyedPing[];
  verification: Verification;
}

/**
 * Several requests' pings are one set: per key in time order (arrival order among equal times), so a
 * tourist's entries and exits come out in the order they happened whichever request carried each ping.
 * `concurrent`: other transactions may store pings of the same keys beside this one, so the keys are locked.
 * Answers the positions to publish, in time order.
 */
export async function ingestPings(
  tx: Sql,
  emit: Emit,
  submissions: readonly PingSubmission[],
  zoneCache: ZoneCache,
  watchConfigCache: WatchConfigCache,
  regionOf: (point: LatLng) => string,
  concurrent: boolean,
): Promise<GpsPing[]> {
  const receivedAt = serverClock.iso();
  const verificationOf = new Map<KeyedPing, Verification>();
  for (const { pings, verification } of submissions) for (const ping of pings) verificationOf.set(ping, verification);
  const pings = [...verificationOf.keys()];
  const keys = [...new Set(pings.map((ping) => ping.key))];
  if (concurrent) await lockPingKeys(tx, keys);
  const { lastSeenAt, presence, zonesFingerprint, watchLast, openWatchIncidents, watchFingerprint } = await pingStateOf(
    tx,
    keys,
  );
  const zones = await zoneCache.zonesForPoints(tx, zonesFingerprint, pings, [
    ...new Set([...presence.values()].flatMap((ids) => [...ids])),
  ]);
  const { transitions, presence: presenceChange } = computeZoneTransitions({ presence, lastSeenAt, zones, pings });

  const ordered = inTimeOrder(pings);
  const watchConfig = await watchConfigCache.current(tx, watchFingerprint);
  const watchRows = watchRowsAfterPings(ordered, lastSeenAt, watchLast, zones, watchConfig, receivedAt, regionOf);
  await storePings(tx, pings, watchRows);
  await applyPresenceChange(tx, presenceChange);

  const recordsByPing = new Map<KeyedPing, TransitionRecords[]>();
  for (const transition of transitions) {
    const records = recordsOfTransition(transition, verificationOf.get(transition.ping)!);
    recordsByPing.set(transition.ping, [...(recordsByPing.get(transition.ping) ?? []), records]);
  }
  const allRecords = [...recordsByPing.values()].flat();
  await insertIncidents(
    tx,
    allRecords.flatMap((records) => records.incident ?? []),
  );
  await insertEvents(
    tx,
    allRecords.map((records) => records.event),
  );
  emit(...announcements(ordered, recordsByPing));
  for (const row of watchRows) {
    const open = openWatchIncidents.get(row.ping_key);
    if (open)
      await markReportedAgain(
        tx,
        emit,
        open,
        { at: receivedAt, latitude: row.latitude, longitude: row.longitude, what: 'GPS position' },
        row.ping_key,
      );
  }
  return ordered.map(({ key: _key, ...ping }) => ping);
}
