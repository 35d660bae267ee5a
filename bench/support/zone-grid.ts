// The zones of the Zones view's bench (issue 31): 2,000 regular 50-gons of 300 m radius on a grid around
// Guwahati, the first (id z0000) at the grid's corner, where the Zones view's map starts (centred on the first
// zone by id, zoom 13). Shared by the page under test (imported through POST /geofences/import) and the floor.
export const ZONE_COUNT = 2_000;
export const ZONE_VERTICES = 50;
export const ZONE_RADIUS_M = 300;
export const GRID_ORIGIN = { latitude: 26.1, longitude: 91.6 };
const SPACING_DEG = 0.008;
const COLUMNS = 45;

export function zoneCentre(index: number): { latitude: number; longitude: number } {
  return {
    latitude: GRID_ORIGIN.latitude + Math.floor(index / COLUMNS) * SPACING_DEG,
    longitude: GRID_ORIGIN.longitude + (index % COLUMNS) * SPACING_DEG,
  };
}

/** The ring as [longitude, latitude], vertex 0 due north, then clockwise, closed. */
export function zoneRing(index: number): [number, number][] {
  const { latitude, longitude } = zoneCentre(index);
  const dLat = ZONE_RADIUS_M / 111_320;
  const dLng = dLat / Math.cos((latitude * Math.PI) / 180);
  const ring: [number, number][] = [];
  for (let i = 0; i < ZONE_VERTICES; i++) {
    const bearing = (2 * Math.PI * i) / ZONE_VERTICES;
    ring.push([
      Math.round((longitude + dLng * Math.sin(bearing)) * 1e7) / 1e7,
      Math.round((latitude + dLat * Math.cos(bearing)) * 1e7) / 1e7,
    ]);
  }
  return [...ring, ring[0]];
}

export function zoneCollection() {
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: ZONE_COUNT }, (_, index) => ({
      type: 'Feature',
      properties: {
        id: `z${String(index).padStart(4, '0')}`,
        name: `Zone ${String(index).padStart(4, '0')}`,
        riskLevel: ['red', 'yellow', 'green'][index % 3],
        regionId: 'default',
      },
      geometry: { type: 'Polygon', coordinates: [zoneRing(index)] },
    })),
  };
}
