// Where the demo happens: two cities and a few named zones in each, near the real places, and the regions'
// boundaries the demo draws (a fresh install has none: issue 46).
import type { RiskLevel } from '../../src/api/fields.ts';
import type { HomeView } from '../../src/api/regions.ts';
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

/** Where a region's panics outside every zone come from, and how the demo creates the region when it is missing. */
export interface DemoRegion {
  id: string;
  name: string;
  homeView: HomeView;
  boundary: [latitude: number, longitude: number][];
  tourism: { label: string; phone: string };
}

/** India's numbers, in every region the demo creates, before the state's tourism line. */
export const INDIA_NUMBERS = [
  { label: 'Emergency', phone: '112', kind: 'emergency' },
  { label: 'Police', phone: '100', kind: 'police' },
  { label: 'Fire', phone: '101', kind: 'fire' },
  { label: 'Ambulance', phone: '108', kind: 'ambulance' },
  { label: 'Disaster helpline', phone: '1070', kind: 'disaster' },
  { label: "Women's helpline", phone: '181', kind: 'womens_helpline' },
] as const;

// Approximate simple polygons drawn around the city limits (Shillong, Guwahati) and the Brahmaputra and Barak
// valleys (Assam, leaving Meghalaya outside), from OpenStreetMap's base map: good enough to route a panic to
// the right control room, not a survey. The smallest boundary holding a point wins, so Guwahati's inside Assam's.
export const demoRegions: readonly DemoRegion[] = [
  {
    id: 'shillong',
    name: 'Shillong',
    homeView: { center: [25.5788, 91.8933], zoom: 13 },
    boundary: [
      [25.625, 91.84],
      [25.625, 91.93],
      [25.6, 91.955],
      [25.545, 91.945],
      [25.53, 91.86],
      [25.56, 91.83],
    ],
    tourism: { label: 'Meghalaya Tourism', phone: '1800-599-2026' },
  },
  {
    id: 'guwahati',
    name: 'Guwahati',
    homeView: { center: [26.1445, 91.7362], zoom: 12 },
    boundary: [
      [26.225, 91.6],
      [26.225, 91.85],
      [26.15, 91.9],
      [26.08, 91.85],
      [26.08, 91.62],
      [26.13, 91.58],
    ],
    tourism: { label: 'Assam Tourism', phone: '+91-361-2547102' },
  },
  {
    id: 'assam',
    name: 'Assam',
    homeView: { center: [26.35, 92.9], zoom: 7 },
    boundary: [
      [26.45, 89.7],
      [26.85, 90.0],
      [26.8, 91.5],
      [26.95, 92.1],
      [27.05, 93.0],
      [27.5, 94.2],
      [27.95, 95.3],
      [27.9, 96.0],
      [27.3, 95.9],
      [26.95, 95.2],
      [26.5, 94.4],
      [25.9, 93.8],
      [25.2, 93.3],
      [24.8, 93.2],
      [24.2, 92.8],
      [24.6, 92.2],
      [25.1, 92.4],
      [25.9, 92.3],
      [26.05, 91.95],
      [26.05, 91.5],
      [25.95, 90.6],
      [25.85, 89.85],
    ],
    tourism: { label: 'Assam Tourism', phone: '+91-361-2547102' },
  },
];

export const cities: readonly City[] = [
  { regionId: 'shillong', name: 'Shillong', center: [25.5788, 91.8933] },
  { regionId: 'guwahati', name: 'Guwahati', center: [26.1445, 91.7362] },
];

// No city-wide zones: an alert raised between the named places goes to the city's region through the
// boundary the demo draws (issue 31). Each region of the demo has places, so a new user's place selector is never empty
// there: Assam's (Kaziranga, Majuli, Pobitora) have no walking tourists, only their zones.
export const zones: readonly Zone[] = [
  {
    placeId: 'police-bazar',
    name: 'Police Bazar',
    regionId: 'shillong',
    riskLevel: 'red',
    center: [25.5762, 91.8829],
    radiusMetres: 220,
  },
  {
    placeId: 'ward-lake',
    name: "Ward's Lake",
    regionId: 'shillong',
    riskLevel: 'yellow',
    center: [25.5805, 91.8878],
    radiusMetres: 200,
  },
  {
    placeId: 'laitumkhrah',
    name: 'Laitumkhrah',
    regionId: 'shillong',
    riskLevel: 'green',
    center: [25.5692, 91.9008],
    radiusMetres: 300,
  },
  {
    placeId: 'fancy-bazaar',
    name: 'Fancy Bazaar',
    regionId: 'guwahati',
    riskLevel: 'red',
    center: [26.183, 91.7445],
    radiusMetres: 250,
  },
  {
    placeId: 'kamakhya-temple',
    name: 'Kamakhya Temple',
    regionId: 'guwahati',
    riskLevel: 'yellow',
    center: [26.1664, 91.7055],
    radiusMetres: 300,
  },
  {
    placeId: 'uzan-bazaar',
    name: 'Uzan Bazaar',
    regionId: 'guwahati',
    riskLevel: 'green',
    center: [26.192, 91.754],
    radiusMetres: 300,
  },
  {
    placeId: 'umananda',
    name: 'Umananda Island',
    regionId: 'guwahati',
    riskLevel: 'yellow',
    center: [26.1962, 91.7456],
    radiusMetres: 150,
  },
  {
    placeId: 'kaziranga',
    name: 'Kaziranga (Kohora range)',
    regionId: 'assam',
    riskLevel: 'yellow',
    center: [26.595, 93.41],
    radiusMetres: 4000,
  },
  {
    placeId: 'majuli',
    name: 'Majuli (Garamur)',
    regionId: 'assam',
    riskLevel: 'green',
    center: [26.955, 94.173],
    radiusMetres: 3000,
  },
  {
    placeId: 'pobitora',
    name: 'Pobitora Wildlife Sanctuary',
    regionId: 'assam',
    riskLevel: 'yellow',
    center: [26.236, 92.054],
    radiusMetres: 2500,
  },
];

const METRES_PER_DEGREE = 111_320;

/** Moves a point by metres north and east (flat earth: fine over a few kilometres). */
export function offset([lat, lng]: Vertex, northMetres: number, eastMetres: number): Vertex {
  return [
    lat + northMetres / METRES_PER_DEGREE,
    lng + eastMetres / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)),
  ];
}

/** A regular polygon around the zone centre: round enough for a map, cheap for point-in-polygon. */
export function zonePolygon(zone: Zone, corners = 12): Vertex[] {
  return Array.from({ length: corners }, (_, i) => {
    const angle = (2 * Math.PI * i) / corners;
    return offset(zone.center, zone.radiusMetres * Math.cos(angle), zone.radiusMetres * Math.sin(angle));
  });
}
