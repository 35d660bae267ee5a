// The nearest units of an incident (issue 34 point 3), once for the server's answer and the map's layer.
// Distances are great-circle (haversine) and the times straight-line estimates, not routes: in hill towns
// the road may be twice as long, so the operator reads them as a ranking and a floor.
import type { NearbyUnit, Unit, UnitKind } from '../api/responders.ts';
import { metresBetween, type Vertex } from './geo.ts';

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export const NEAREST_UNITS = 5;

/** Assumed straight-line speeds: road vehicles 40 km/h in town, a rescue team with kit 30 km/h. */
export const ASSUMED_SPEED_KMH: Record<UnitKind, number> = {
  police_station: 40,
  ambulance: 40,
  hospital: 40,
  fire: 40,
  rescue_team: 30,
};

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Initial bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees([lat1, lng1]: Vertex, [lat2, lng2]: Vertex): number {
  const dLng = radians(lng2 - lng1);
  const y = Math.sin(dLng) * Math.cos(radians(lat2));
  const x =
    Math.cos(radians(lat1)) * Math.sin(radians(lat2)) -
    Math.sin(radians(lat1)) * Math.cos(radians(lat2)) * Math.cos(dLng);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

export const compassWord = (bearing: number): string => COMPASS[Math.round(bearing / 45) % 8];

export function estimateSeconds(distanceM: number, kind: UnitKind): number {
  return Math.round(distanceM / ((ASSUMED_SPEED_KMH[kind] * 1000) / 3600));
}

/**
 * The units an operator would call first: the five nearest available ones by distance, then, greyed, those
 * of the five nearest overall that are unavailable (so a closed station next door is seen, not silently
 * skipped). Units of every region are candidates: an incident near a border may be closest to the next
 * region's station.
 */
export function nearestUnits(
  incident: { latitude: number; longitude: number },
  units: readonly Unit[],
  count = NEAREST_UNITS,
): NearbyUnit[] {
  const from: Vertex = [incident.latitude, incident.longitude];
  const byDistance = units
    .map((unit) => {
      const distanceM = metresBetween(from, unit.position);
      const bearingDeg = bearingDegrees(from, unit.position);
      return {
        ...unit,
        distanceM: Math.round(distanceM),
        bearingDeg: Math.round(bearingDeg) % 360,
        compass: compassWord(bearingDeg),
        estimateS: estimateSeconds(distanceM, unit.kind),
      };
    })
    .sort((a, b) => a.distanceM - b.distanceM || a.id.localeCompare(b.id));
  const available = byDistance.filter((unit) => unit.available).slice(0, count);
  const unavailableNearby = byDistance.slice(0, count).filter((unit) => !unit.available);
  return [...available, ...unavailableNearby];
}

/** "~4 min" (at least one). */
export const formatEstimate = (seconds: number) => `~${Math.max(1, Math.round(seconds / 60))} min`;
