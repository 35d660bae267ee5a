// 'Seed Test Geofence': a square around the first incident, or around Bengaluru when there is none.
import type { NewGeofence } from '../api/client.ts';
import type { Incident } from '../api/entities.ts';
import { DEFAULT_REGION_ID } from './default-region.ts';

const SEED_HALF_SIZE_DEGREES = 0.01;
const BENGALURU = { latitude: 12.9716, longitude: 77.5946, regionId: 'bengaluru' } as const;

export function testGeofenceFor(incidents: readonly Incident[], now = Date.now()): NewGeofence {
  const first = incidents.find((i) => Number.isFinite(i.latitude) && Number.isFinite(i.longitude));
  const { latitude, longitude, regionId } = first
    ? { latitude: first.latitude, longitude: first.longitude, regionId: first.regionId || DEFAULT_REGION_ID }
    : BENGALURU;
  const h = SEED_HALF_SIZE_DEGREES;
  return {
    id: `test-geofence-${now}`,
    name: 'Test Geofence',
    riskLevel: 'red',
    regionId,
    polygon: [
      [latitude - h, longitude - h],
      [latitude - h, longitude + h],
      [latitude + h, longitude + h],
      [latitude + h, longitude - h],
    ],
  };
}
