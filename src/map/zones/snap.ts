// Snapping a new or moved vertex to a neighbouring zone's vertex (issue 31), for terra-draw's `toCustom` snapping:
// the nearest vertex of any other zone within a few pixels of the pointer. Zones are ruled out by their boxes
// first, so 2,000 zones of 50 vertices cost a few boxes per pointer move, not 100,000 vertices.
import type { Geofence } from '../../api/entities.ts';
import { boundingBox, type BoundingBox } from '../../domain/geo.ts';

export interface SnapCandidates {
  zones: { id: string; box: BoundingBox; polygon: Geofence['polygon'] }[];
}

export function snapCandidates(zones: readonly Geofence[]): SnapCandidates {
  return {
    zones: zones
      .filter((zone) => zone.polygon.length > 0)
      .map((zone) => ({ id: zone.id, box: boundingBox(zone.polygon), polygon: zone.polygon })),
  };
}

/**
 * The vertex ([longitude, latitude]) nearest to the pointer, if one lies within `tolerance` degrees of it
 * (measured with longitude shrunk by the latitude's cosine, as the map shows it), outside the zone `exceptId`.
 */
export function nearestVertex(
  candidates: SnapCandidates,
  pointer: { lng: number; lat: number },
  tolerance: number,
  exceptId?: string,
): [number, number] | undefined {
  const shrink = Math.cos((pointer.lat * Math.PI) / 180);
  const lngTolerance = tolerance / Math.max(shrink, 1e-6);
  let best: [number, number] | undefined;
  let bestDistance = tolerance * tolerance;
  for (const zone of candidates.zones) {
    if (zone.id === exceptId) continue;
    const { minLat, maxLat, minLng, maxLng } = zone.box;
    if (
      pointer.lat < minLat - tolerance ||
      pointer.lat > maxLat + tolerance ||
      pointer.lng < minLng - lngTolerance ||
      pointer.lng > maxLng + lngTolerance
    )
      continue;
    for (const [lat, lng] of zone.polygon) {
      const dLat = lat - pointer.lat;
      const dLng = (lng - pointer.lng) * shrink;
      const distance = dLat * dLat + dLng * dLng;
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = [lng, lat];
      }
    }
  }
  return best;
}
