// Geometry and risk ranking, once, for the server (placing alerts, zone entries) and the map (details,
// test clicks): both must decide every point the same way, boundary points included.
import type { RiskLevel } from '../api/fields.ts';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A polygon vertex as the contract stores it: [latitude, longitude]. */
export type Vertex = readonly [latitude: number, longitude: number];

/** The mean radius of the Earth (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle (haversine) metres between two points: the one distance of the project, for the nearest
 * units, a replayed track, the watch's stay radius and the simulator's walkers.
 */
export function metresBetween([lat1, lng1]: Vertex, [lat2, lng2]: Vertex): number {
  const dLat = radians(lat2 - lat1);
  const dLng = radians(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether `point` lies on the segment a–b (exactly, up to rounding of the cross product). */
function onSegment(point: LatLng, a: Vertex, b: Vertex): boolean {
  const [latA, lngA] = a;
  const [latB, lngB] = b;
  const cross = (latB - latA) * (point.longitude - lngA) - (lngB - lngA) * (point.latitude - latA);
  const scale = Math.max(Math.abs(latB - latA), Math.abs(lngB - lngA), 1e-300);
  if (Math.abs(cross) > 1e-12 * scale) return false;
  return (
    point.latitude >= Math.min(latA, latB) &&
    point.latitude <= Math.max(latA, latB) &&
    point.longitude >= Math.min(lngA, lngB) &&
    point.longitude <= Math.max(lngA, lngB)
  );
}

/**
 * Inside or on the boundary: a point on an edge or a vertex counts as inside, so a tourist standing on
 * a zone's border is in the zone for the server and on the map alike. Ray casting along longitude.
 */
export function polygonContains(polygon: readonly Vertex[], point: LatLng): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [latI, lngI] = polygon[i];
    const [latJ, lngJ] = polygon[j];
    if (onSegment(point, polygon[j], polygon[i])) return true;
    const crosses = latI > point.latitude !== latJ > point.latitude;
    if (crosses && point.longitude < ((lngJ - lngI) * (point.latitude - latI)) / (latJ - latI) + lngI) inside = !inside;
  }
  return inside;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export function boundingBox(polygon: readonly Vertex[]): BoundingBox {
  const lats = polygon.map((vertex) => vertex[0]);
  const lngs = polygon.map((vertex) => vertex[1]);
  return { minLat: Math.min(...lats), maxLat: Math.max(...lats), minLng: Math.min(...lngs), maxLng: Math.max(...lngs) };
}

/**
 * Inside or on the edge of the box. Every point a polygon contains is in its box, so the box rules zones
 * out cheaply before `polygonContains` decides.
 */
export function boxHolds({ minLat, maxLat, minLng, maxLng }: BoundingBox, { latitude, longitude }: LatLng): boolean {
  return latitude >= minLat && latitude <= maxLat && longitude >= minLng && longitude <= maxLng;
}

/** An unknown level ranks as yellow, as the map draws it. */
export function riskRank(level: RiskLevel | string): number {
  return level === 'red' ? 3 : level === 'green' ? 1 : 2;
}

/** Riskiest first, then by id: where zones overlap, the riskiest one decides region, place and severity. */
export function byRiskDescending<T extends { riskLevel: RiskLevel | string; id: string }>(a: T, b: T): number {
  return riskRank(b.riskLevel) - riskRank(a.riskLevel) || a.id.localeCompare(b.id);
}

/** Entering a red or yellow zone raises an incident and a geofence alert; a green zone is only drawn. */
export function alertsOnEntry(zone: { riskLevel: RiskLevel | string }): boolean {
  return zone.riskLevel === 'red' || zone.riskLevel === 'yellow';
}

/** The zone a point lies in (boundary included); the riskiest when zones overlap. */
export function zoneAt<Z extends { polygon: readonly Vertex[]; riskLevel: RiskLevel | string; id: string }>(
  zones: readonly Z[],
  point: LatLng,
): Z | undefined {
  return zones.filter((zone) => polygonContains(zone.polygon, point)).sort(byRiskDescending)[0];
}
