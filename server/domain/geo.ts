import type { RiskLevel } from '../../src/api/schemas.ts';

export type LatLng = [latitude: number, longitude: number];

/** Ray casting on [lat, lng] vertices; a point on an edge may fall either way. */
export function pointInPolygon(latitude: number, longitude: number, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [latI, lngI] = polygon[i];
    const [latJ, lngJ] = polygon[j];
    const crosses = lngI > longitude !== lngJ > longitude;
    if (crosses && latitude < ((latJ - latI) * (longitude - lngI)) / (lngJ - lngI) + latI) inside = !inside;
  }
  return inside;
}

export function boundingBox(polygon: readonly LatLng[]): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const lats = polygon.map((p) => p[0]);
  const lngs = polygon.map((p) => p[1]);
  return { minLat: Math.min(...lats), maxLat: Math.max(...lats), minLng: Math.min(...lngs), maxLng: Math.max(...lngs) };
}

const riskRank: Record<RiskLevel, number> = { red: 3, yellow: 2, green: 1 };

/** Riskiest first: where zones overlap, the riskiest one decides region, place and severity. */
export function byRiskDescending<T extends { riskLevel: RiskLevel; id: string }>(a: T, b: T): number {
  return riskRank[b.riskLevel] - riskRank[a.riskLevel] || a.id.localeCompare(b.id);
}
