// What the details card says about a hovered or clicked feature (id, status, risk, who, when, zone, place).
import type { Geofence } from '../api/entities.ts';
import { UNIT_KIND_LABELS, type NearbyUnit } from '../api/responders.ts';
import { formatDistance, formatEstimate } from '../domain/responders.ts';
import { formatPosition, formatTime, orDash as show } from '../domain/display.ts';
import { zoneAt, type LatLng } from '../domain/geo.ts';
import { LAYER_IDS, type DrawableAlert } from './layers.ts';
import type { PingRow, TrailRow } from './live-frame.ts';
import { riskColourName } from './style.ts';
import type { ClockStyle } from '../i18n/clock.ts';

export interface Details {
  title: string;
  /** A word shown as a badge beside the title (an unverified alert). */
  badge?: string;
  rows: [label: string, value: string][];
  /** The tourist the feature is about: a pinned card offers their profile (issue 34). */
  touristId?: string;
}

function zoneRows(geofences: readonly Geofence[], point: LatLng): Details['rows'] {
  const zone = zoneAt(geofences, point);
  return [
    ['Zone', show(zone?.name)],
    ['Place', show(zone?.meta.placeId)],
  ];
}

function alertDetails(alert: DrawableAlert, geofences: readonly Geofence[], clock: ClockStyle): Details {
  return {
    title: 'Alert',
    ...(alert.verified === false && { badge: 'Unverified' }),
    ...(alert.touristId && { touristId: alert.touristId }),
    rows: [
      ['ID', alert.id],
      ['Status', show(alert.status)],
      ['Risk', riskColourName(alert.riskLevel)],
      ['Tourist', show(alert.touristId)],
      ['Device', show(alert.deviceId)],
      ['Time', formatTime(alert.at, clock)],
      ...(alert.reportedAt ? ([['Phone time', formatTime(alert.reportedAt, clock)]] as Details['rows']) : []),
      ['Position', alert.noLocation ? 'No location (region centre shown)' : formatPosition(alert)],
      ['Region', show(alert.regionId)],
      ...zoneRows(geofences, alert),
    ],
  };
}

function pingDetails(row: PingRow, geofences: readonly Geofence[], clock: ClockStyle): Details | null {
  const ping = row.ping;
  if (!ping) return null;
  return {
    title: 'GPS ping',
    ...(ping.touristId && { touristId: ping.touristId }),
    rows: [
      ['Key', row.key],
      ['Tourist', show(ping.touristId)],
      ['Device', show(ping.deviceId)],
      ['Time', formatTime(ping.at, clock)],
      ['Position', formatPosition(ping)],
      ...zoneRows(geofences, ping),
    ],
  };
}

function zoneDetails(zone: Geofence): Details {
  return {
    title: 'Zone',
    rows: [
      ['ID', zone.id],
      ['Name', show(zone.name)],
      ['Risk', riskColourName(zone.riskLevel)],
      ['Region', zone.regionId || 'default'],
      ['Place', show(zone.meta?.placeId)],
    ],
  };
}

function trailDetails(trail: TrailRow): Details {
  return { title: 'GPS trail', rows: [['Key', trail.key], ['Points', String(trail.path.length)]] };
}

function responderDetails(unit: NearbyUnit): Details {
  return {
    title: UNIT_KIND_LABELS[unit.kind],
    ...(!unit.available && { badge: 'Unavailable' }),
    rows: [
      ['Name', unit.name],
      ['Phone', unit.phone],
      ['Distance', `${formatDistance(unit.distanceM)} ${unit.compass} (${unit.bearingDeg}°)`],
      ['Estimate', `${formatEstimate(unit.estimateS)} (straight line)`],
    ],
  };
}

/** Details for a deck.gl pick, or null when nothing describable is under the pointer. */
export function detailsOfPick(layerId: string | undefined, object: unknown, geofences: readonly Geofence[], clock: ClockStyle): Details | null {
  if (!object) return null;
  switch (layerId) {
    case LAYER_IDS.alerts:
      return alertDetails(object as DrawableAlert, geofences, clock);
    case LAYER_IDS.pings:
      return pingDetails(object as PingRow, geofences, clock);
    case LAYER_IDS.zones:
      return zoneDetails(object as Geofence);
    case LAYER_IDS.trails:
      return trailDetails(object as TrailRow);
    case LAYER_IDS.responders:
      return responderDetails(object as NearbyUnit);
    default:
      return null;
  }
}
