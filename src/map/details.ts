// What the details card says about a hovered or clicked feature (id, status, risk, who, when, zone, place).
import type { Geofence } from '../api/entities.ts';
import type { NearbyUnit } from '../api/responders.ts';
import { formatEstimate } from '../domain/responders.ts';
import { DEFAULT_REGION_ID } from '../domain/default-region.ts';
import { formatDistance, formatPosition, formatTime, orDash as show } from '../domain/display.ts';
import { zoneAt, type LatLng } from '../domain/geo.ts';
import { AREA_LAYER_IDS, type CellRow } from './area/area-layers.ts';
import { LAYER_IDS, type DrawableAlert } from './layers.ts';
import type { PingRow, TrailRow } from './live-frame.ts';
import { riskColourName } from './style.ts';
import type { ClockStyle } from '../i18n/clock.ts';
import { inEnglish } from '../i18n/english.ts';
import type { Translate } from '../i18n/translate.ts';

export interface Details {
  title: string;
  /** A word shown as a badge beside the title (an unverified alert). */
  badge?: string;
  rows: [label: string, value: string][];
  /** The tourist the feature is about: a pinned card offers their profile (issue 34). */
  touristId?: string;
}

function zoneRows(geofences: readonly Geofence[], point: LatLng, t: Translate): Details['rows'] {
  const zone = zoneAt(geofences, point);
  return [
    [t('map.row.zone'), show(zone?.name)],
    [t('map.row.place'), show(zone?.meta.placeId)],
  ];
}

const riskName = (risk: string | null | undefined, t: Translate) => t('map.risk', { risk: riskColourName(risk) });

function alertDetails(alert: DrawableAlert, geofences: readonly Geofence[], clock: ClockStyle, t: Translate): Details {
  return {
    title: t('map.alert'),
    ...(alert.verified === false && { badge: t('map.unverified') }),
    ...(alert.touristId && { touristId: alert.touristId }),
    rows: [
      [t('map.row.id'), alert.id],
      [t('map.row.status'), show(alert.status)],
      [t('map.row.risk'), riskName(alert.riskLevel, t)],
      [t('map.row.tourist'), show(alert.touristId)],
      [t('map.row.device'), show(alert.deviceId)],
      [t('map.row.time'), formatTime(alert.at, clock)],
      ...(alert.reportedAt ? ([[t('map.row.phoneTime'), formatTime(alert.reportedAt, clock)]] as Details['rows']) : []),
      [t('map.row.position'), alert.noLocation ? t('map.noLocation') : formatPosition(alert)],
      [t('map.row.region'), show(alert.regionId)],
      ...zoneRows(geofences, alert, t),
    ],
  };
}

function pingDetails(row: PingRow, geofences: readonly Geofence[], clock: ClockStyle, t: Translate): Details | null {
  const ping = row.ping;
  if (!ping) return null;
  return {
    title: t('map.gpsPing'),
    ...(ping.touristId && { touristId: ping.touristId }),
    rows: [
      [t('map.row.key'), row.key],
      [t('map.row.tourist'), show(ping.touristId)],
      [t('map.row.device'), show(ping.deviceId)],
      [t('map.row.time'), formatTime(ping.at, clock)],
      [t('map.row.position'), formatPosition(ping)],
      ...zoneRows(geofences, ping, t),
    ],
  };
}

function zoneDetails(zone: Geofence, t: Translate): Details {
  return {
    title: t('map.zone'),
    rows: [
      [t('map.row.id'), zone.id],
      [t('map.row.name'), show(zone.name)],
      [t('map.row.risk'), riskName(zone.riskLevel, t)],
      [t('map.row.region'), zone.regionId || DEFAULT_REGION_ID],
      [t('map.row.place'), show(zone.meta?.placeId)],
    ],
  };
}

function trailDetails(trail: TrailRow, t: Translate): Details {
  return {
    title: t('map.gpsTrail'),
    rows: [
      [t('map.row.key'), trail.key],
      [t('map.row.points'), String(trail.path.length)],
    ],
  };
}

function cellDetails(row: CellRow, t: Translate): Details {
  return { title: t('map.cell'), rows: [[t('map.row.devices'), String(row.count)]] };
}

function responderDetails(unit: NearbyUnit, t: Translate): Details {
  return {
    title: t('responders.kindName', { kind: unit.kind }),
    ...(!unit.available && { badge: t('map.unavailable') }),
    rows: [
      [t('map.row.name'), unit.name],
      [t('map.row.phone'), unit.phone],
      [t('map.row.distance'), `${formatDistance(unit.distanceM)} ${unit.compass} (${unit.bearingDeg}°)`],
      [t('map.row.estimate'), t('map.straightLine', { estimate: formatEstimate(unit.estimateS) })],
    ],
  };
}

/**
 * Details for a deck.gl pick, or null when nothing describable is under the pointer; in the console's
 * language (`t`, English when not given).
 */
export function detailsOfPick(
  layerId: string | undefined,
  object: unknown,
  geofences: readonly Geofence[],
  clock: ClockStyle,
  t: Translate = inEnglish,
): Details | null {
  if (!object) return null;
  switch (layerId) {
    case LAYER_IDS.alerts:
      return alertDetails(object as DrawableAlert, geofences, clock, t);
    case LAYER_IDS.pings:
      return pingDetails(object as PingRow, geofences, clock, t);
    case LAYER_IDS.zones:
      return zoneDetails(object as Geofence, t);
    case LAYER_IDS.trails:
      return trailDetails(object as TrailRow, t);
    case LAYER_IDS.responders:
      return responderDetails(object as NearbyUnit, t);
    case AREA_LAYER_IDS.cells:
      return cellDetails(object as CellRow, t);
    default:
      return null;
  }
}
