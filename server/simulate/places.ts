// Where the demo happens: two cities and a few named zones in each, near the real places.
import type { RiskLevel } from '../../src/api/fields.ts';
import type { Vertex } from '../../src/domain/geo.ts';

export interface City {
  regionId: string;
  name: string;
  center: Vertex;
}

export interface Zone {
  placeId: string;
  name: string;
  regionId: string;
  riskLevel: RiskLevel;
  center: Vertex;
  radiusMetres: number;
}

export const cities: readonly City[] = [
  { regionId: 'shillong', name: 'Shillong', center: [25.5788, 91.8933] },
  { regionId: 'guwahati', name: 'Guwahati', center: [26.1445, 91.7362] },
];

// No city-wide zones: an alert raised between the named places goes to the city's region through its
// boundary (issue 31). Each region of the demo has places, so a new user's place selector is never empty
// there: Assam's (Kaziranga, Majuli, Pobitora) have no walking tourists, only their zones.
export const zones: readonly Zone[] = [
  { placeId: 'police-bazar', name: 'Police Bazar', regionId: 'shillong', riskLevel: 'red', center: [25.5762, 91.8829], radiusMetres: 220 },
  { placeId: 'ward-lake', name: "Ward's Lake", regionId: 'shillong', riskLevel: 'yellow', center: [25.5805, 91.8878], radiusMetres: 200 },
  { placeId: 'laitumkhrah', name: 'Laitumkhrah', regionId: 'shillong', riskLevel: 'green', center: [25.5692, 91.9008], radiusMetres: 300 },
  { placeId: 'fancy-bazaar', name: 'Fancy Bazaar', regionId: 'guwahati', riskLevel: 'red', center: [26.1830, 91.7445], radiusMetres: 250 },
  { placeId: 'kamakhya-temple', name: 'Kamakhya Temple', regionId: 'guwahati', riskLevel: 'yellow', center: [26.1664, 91.7055], radiusMetres: 300 },
  { placeId: 'uzan-bazaar', name: 'Uzan Bazaar', regionId: 'guwahati', riskLevel: 'green', center: [26.1920, 91.7540], radiusMetres: 300 },
  { placeId: 'umananda', name: 'Umananda Island', regionId: 'guwahati', riskLevel: 'yellow', center: [26.1962, 91.7456], radiusMetres: 150 },
  { placeId: 'kaziranga', name: 'Kaziranga (Kohora range)', regionId: 'assam', riskLevel: 'yellow', center: [26.5950, 93.4100], radiusMetres: 4000 },
  { placeId: 'majuli', name: 'Majuli (Garamur)', regionId: 'assam', riskLevel: 'green', center: [26.9550, 94.1730], radiusMetres: 3000 },
  { placeId: 'pobitora', name: 'Pobitora Wildlife Sanctuary', regionId: 'assam', riskLevel: 'yellow', center: [26.2360, 92.0540], radiusMetres: 2500 },
];

const METRES_PER_DEGREE = 111_320;

/** Moves a point by metres north and east (flat earth: fine over a few kilometres). */
export function offset([lat, lng]: Vertex, northMetres: number, eastMetres: number): Vertex {
  return [lat + northMetres / METRES_PER_DEGREE, lng + eastMetres / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180))];
}

/** A regular polygon around the zone centre: round enough for a map, cheap for point-in-polygon. */
export function zonePolygon(zone: Zone, corners = 12): Vertex[] {
  return Array.from({ length: corners }, (_, i) => {
    const angle = (2 * Math.PI * i) / corners;
    return offset(zone.center, zone.radiusMetres * Math.cos(angle), zone.radiusMetres * Math.sin(angle));
  });
}
