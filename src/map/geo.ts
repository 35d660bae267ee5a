import type { LatLng } from '../domain/geo.ts';
import type { MapAlert } from './types.ts';

/** deck.gl and MapLibre order: [longitude, latitude]. */
export type LngLat = [number, number];

function isNumericCoordinate(value: unknown): value is number {
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
