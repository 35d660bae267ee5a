// The fixed scene the browser test draws and checks: zones, alerts, pings and trails spaced apart
// around Bengaluru, so each one's centre pixel shows that feature alone.
import type { Geofence, GpsHistory, GpsPing } from '../../../src/api/entities.ts';
import type { MapAlert } from '../../../src/map/types.ts';
import { square } from '../fixtures.ts';

const HALF = 0.012;
const zone = (id: string, riskLevel: string, latitude: number, longitude: number): Geofence =>
  square(id, riskLevel, latitude, longitude, HALF, { meta: { placeId: `place-${id}` } });

export const sceneZones: Geofence[] = [
  zone('zone-red', 'red', 12.97, 77.54),
  zone('zone-yellow', 'yellow', 12.97, 77.59),
  zone('zone-green', 'green', 12.97, 77.64),
  // Not one of red/yellow/green: must be drawn as yellow.
  zone('zone-other', 'amber', 12.97, 77.69),
];

export const sceneAlerts: MapAlert[] = [
  {
    id: 'alert-red',
    latitude: 12.925,
    longitude: 77.54,
    at: '2025-05-01T10:00:00.000Z',
    riskLevel: 'red',
    status: 'open',
  },
  { id: 'alert-no-coordinates', latitude: null, longitude: null, at: '2025-05-01T10:01:00.000Z', riskLevel: 'red' },
  {
    id: 'alert-green',
    latitude: 12.925,
    longitude: 77.64,
    at: '2025-05-01T10:02:00.000Z',
    riskLevel: 'green',
    status: 'acknowledged',
  },
  { id: 'alert-no-risk', latitude: 12.925, longitude: 77.59, at: '2025-05-01T10:03:00.000Z', status: 'open' },
];

export const scenePings: GpsPing[] = [
  { touristId: 'tourist-1', deviceId: null, latitude: 13.01, longitude: 77.56, at: '2025-05-01T10:05:00.000Z' },
  { touristId: null, deviceId: 'device-2', latitude: 13.01, longitude: 77.64, at: '2025-05-01T10:04:00.000Z' },
];

export const sceneHistory: GpsHistory = {
  'tourist-1': [
    { latitude: 13.045, longitude: 77.52, at: '2025-05-01T10:00:00.000Z' },
    { latitude: 13.045, longitude: 77.58, at: '2025-05-01T10:02:00.000Z' },
    { latitude: 13.01, longitude: 77.56, at: '2025-05-01T10:05:00.000Z' },
  ],
  'device-2': [
    { latitude: 13.045, longitude: 77.62, at: '2025-05-01T10:00:00.000Z' },
    { latitude: 13.045, longitude: 77.68, at: '2025-05-01T10:02:00.000Z' },
    { latitude: 13.01, longitude: 77.64, at: '2025-05-01T10:04:00.000Z' },
  ],
};

/** Where the screenshot is sampled: the middle of each trail's long first segment. */
export const trailSamples = {
  'tourist-1': { latitude: 13.045, longitude: 77.55 },
  'device-2': { latitude: 13.045, longitude: 77.65 },
} as const;

/** The offline basemap the harness is given through /app-config.json: one background layer. */
export const OFFLINE_BACKGROUND = '#f4f1ea';
export const offlineStyle = {
  version: 8,
  sources: {},
  layers: [{ id: 'offline-background', type: 'background', paint: { 'background-color': OFFLINE_BACKGROUND } }],
};
