import type { Geofence } from '../api/schemas.ts';
import type { MapAlert } from './types.ts';

/** deck.gl and MapLibre order: [longitude, latitude]. */
export type LngLat = [number, number];

export interface LatLng {
  latitude: number;
  longitude: number;
}

export function isNumericCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function hasNumericCoordinates<T extends { latitude: unknown; longitude: unknown }>(
  point: T,
): point is T & LatLng {
  return isNumericCoordinate(point.latitude) && isNumericCoordinate(point.longitude);
}

export function alertsWithCoordinates(alerts: readonly MapAlert[]): (MapAlert & LatLng)[] {
  return alerts.filter(hasNumericCoordinates);
}

/** Geofence polygons are stored [lat, lng]; deck.gl draws [lng, lat]. */
export function polygonToLngLat(polygon: readonly (readonly [number, number])[]): LngLat[] {
  return polygon.map(([lat, lng]) => [lng, lat]);
}

/** Ray casting on [lat, lng] pairs; good enough at city scale, where zones live. */
export function polygonContains(polygon: readonly (readonly [number, number])[], point: LatLng): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [latI, lngI] = polygon[i]!;
    const [latJ, lngJ] = polygon[j]!;
    const crosses =
      latI > point.latitude !== latJ > point.latitude &&
      point.longitude < ((lngJ - lngI) * (point.latitude - latI)) / (latJ - latI) + lngI;
    if (crosses) inside = !inside;
  }
  return inside;
}

const riskRank: Record<string, number> = { red: 3, yellow: 2, green: 1 };

/** The zone a point lies in; the riskiest when zones overlap (as the backend decides, API.md). */
export function zoneAt(geofences: readonly Geofence[], point: LatLng): Geofence | undefined {
  let best: Geofence | undefined;
  for (const zone of geofences) {
    if (!polygonContains(zone.polygon, point)) continue;
    if (!best || (riskRank[zone.riskLevel] ?? 2) > (riskRank[best.riskLevel] ?? 2)) best = zone;
  }
  return best;
}
