// The deck.gl layers, built by pure functions from data. New instances every render with stable ids;
// deck.gl diffs props and rebuilds attributes only where data (by reference) or updateTriggers changed.
import { PathLayer, PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { Geofence } from '../api/entities.ts';
import type { NearbyUnit, UnitKind } from '../api/responders.ts';
import type { LatLng } from '../domain/geo.ts';
import { RISK_COLOURS, type Rgb } from '../domain/risk-colours.ts';
import { alertsWithCoordinates, polygonToLngLat } from './geo.ts';
import type { PingRow, TrailRow } from './live-frame.ts';
import {
  ALERT_RADIUS_PX,
  GLIDE_DURATION_MS,
  PING_RADIUS_PX,
  TRAIL_OPACITY,
  TRAIL_WIDTH_PX,
  ZONE_OUTLINE_WIDTH_PX,
  easeInOutCubic,
  riskColourName,
  withOpacity,
  zoneFillOpacity,
} from './style.ts';
import type { MapAlert } from './types.ts';

export const LAYER_IDS = {
  zones: 'zones',
  trails: 'gps-trails',
  alerts: 'alerts',
  pings: 'gps-pings',
  responders: 'responders',
} as const;

export type DrawableAlert = MapAlert & LatLng;

const OUTLINE_LIGHT: Rgb = [255, 255, 255];
const OUTLINE_DARK: Rgb = [17, 24, 39];

function zoneFillColour(zone: Pick<Geofence, 'riskLevel'>) {
  return withOpacity(RISK_COLOURS[riskColourName(zone.riskLevel)], zoneFillOpacity(zone.riskLevel));
}

export function buildZoneLayer(geofences: readonly Geofence[]) {
  return new PolygonLayer<Geofence>({
    id: LAYER_IDS.zones,
    data: geofences,
    getPolygon: (zone) => polygonToLngLat(zone.polygon),
    getFillColor: zoneFillColour,
    getLineColor: (zone) => RISK_COLOURS[riskColourName(zone.riskLevel)],
    getLineWidth: ZONE_OUTLINE_WIDTH_PX,
    lineWidthUnits: 'pixels',
    filled: true,
    stroked: true,
    pickable: true,
  });
}

// Same input array, same output array: deck.gl then keeps the alert attributes as they are.
const drawableAlertsCache = new WeakMap<readonly MapAlert[], DrawableAlert[]>();
export function drawableAlerts(alerts: readonly MapAlert[]): DrawableAlert[] {
  let drawable = drawableAlertsCache.get(alerts);
  if (!drawable) {
    drawable = alertsWithCoordinates(alerts);
    drawableAlertsCache.set(alerts, drawable);
  }
  return drawable;
}

export function buildAlertLayer(alerts: readonly MapAlert[], options: { dark: boolean }) {
  return new ScatterplotLayer<DrawableAlert>({
    id: LAYER_IDS.alerts,
    data: drawableAlerts(alerts),
    getPosition: (alert) => [alert.longitude, alert.latitude],
    getFillColor: (alert) => RISK_COLOURS[riskColourName(alert.riskLevel)],
    getLineColor: () => (options.dark ? OUTLINE_DARK : OUTLINE_LIGHT),
    getRadius: ALERT_RADIUS_PX,
    radiusUnits: 'pixels',
    getLineWidth: 2,
    lineWidthUnits: 'pixels',
    stroked: true,
    pickable: true,
    updateTriggers: { getLineColor: options.dark },
  });
}

export const glideTransition = { duration: GLIDE_DURATION_MS, easing: easeInOutCubic, type: 'interpolation' } as const;

export function buildPingLayer(rows: readonly PingRow[], options: { visible: boolean; glide: boolean; dark: boolean }) {
  return new ScatterplotLayer<PingRow>({
    id: LAYER_IDS.pings,
    data: rows,
    visible: options.visible,
    getPosition: (row) => row.position,
    getFillColor: (row) => row.colour,
    getLineColor: () => (options.dark ? OUTLINE_DARK : OUTLINE_LIGHT),
    // Departed keys keep their slot (stable order for the transitions) but draw nothing.
    getRadius: (row) => (row.ping ? PING_RADIUS_PX : 0),
    getLineWidth: (row) => (row.ping ? 1 : 0),
    radiusUnits: 'pixels',
    lineWidthUnits: 'pixels',
    stroked: true,
    pickable: true,
    updateTriggers: { getLineColor: options.dark },
    // No glide without a marker to move: each of its frames redraws every other layer too (10,000 alerts),
    // and deck.gl starts one, with nothing to glide, whenever the rows change or it creates the transition.
    transitions:
      options.glide && options.visible && rows.some((row) => row.ping) ? { getPosition: glideTransition } : {},
  });
}

export function buildTrailLayer(trails: readonly TrailRow[], options: { visible: boolean }) {
  return new PathLayer<TrailRow>({
    id: LAYER_IDS.trails,
    data: trails,
    visible: options.visible,
    getPath: (trail) => trail.path,
    // In the colour's alpha, not the layer's `opacity`: deck.gl gamma-corrects that one (0.7 draws as 0.85).
    getColor: (trail) => withOpacity(trail.colour, TRAIL_OPACITY),
    getWidth: TRAIL_WIDTH_PX,
    widthUnits: 'pixels',
    capRounded: true,
    jointRounded: true,
    pickable: true,
  });
}

/** Each kind its colour, as operators read them: police blue, medical green, fire orange, rescue purple. */
export const RESPONDER_COLOURS: Record<UnitKind, Rgb> = {
  police_station: [37, 99, 235],
  ambulance: [22, 163, 74],
  hospital: [21, 128, 61],
  fire: [234, 88, 12],
  rescue_team: [147, 51, 234],
};
export const UNAVAILABLE_COLOUR: Rgb = [156, 163, 175];
export const RESPONDER_RADIUS_PX = 7;

/** The selected incident's nearest units (issue 34): a ringed point each, greyed when unavailable. */
export function buildResponderLayer(units: readonly NearbyUnit[], options: { dark: boolean }) {
  return new ScatterplotLayer<NearbyUnit>({
    id: LAYER_IDS.responders,
    data: units,
    getPosition: (unit) => [unit.position[1], unit.position[0]],
    getFillColor: (unit) => (unit.available ? RESPONDER_COLOURS[unit.kind] : UNAVAILABLE_COLOUR),
    getLineColor: () => (options.dark ? OUTLINE_LIGHT : OUTLINE_DARK),
    getRadius: RESPONDER_RADIUS_PX,
    radiusUnits: 'pixels',
    getLineWidth: 2,
    lineWidthUnits: 'pixels',
    stroked: true,
    pickable: true,
    updateTriggers: { getLineColor: options.dark },
  });
}
