import type { Geofence, GpsPing } from '../../src/api/entities.ts';

export function square(
  id: string,
  riskLevel: string,
  lat: number,
  lng: number,
  half = 0.01,
  extra: Partial<Geofence> = {},
): Geofence {
  return {
    id,
    name: `Zone ${id}`,
    riskLevel: riskLevel as Geofence['riskLevel'],
    regionId: 'default',
    polygon: [
      [lat - half, lng - half],
      [lat - half, lng + half],
      [lat + half, lng + half],
      [lat + half, lng - half],
    ],
    meta: {},
    ...extra,
  };
}

export function ping(
  touristId: string | null,
  latitude: number,
  longitude: number,
  deviceId: string | null = null,
  at = '2025-01-01T00:00:00.000Z',
): GpsPing {
  return { touristId, deviceId, latitude, longitude, at };
}
