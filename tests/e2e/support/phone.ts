// Data arriving the way the tourist phone app and devices send it: plain JSON POSTs with nulls for
// missing ids, an idempotency key on panic alerts, and fields the backend does not know.
import { randomUUID } from 'node:crypto';
import { call } from '../../helpers/server.ts';

export interface SentPanic {
  alert: { id: string; incidentId: string; latitude: number; longitude: number; regionId: string };
  incident: {
    id: string;
    status: string;
    createdAt: string;
    touristId: string | null;
    latitude: number;
    longitude: number;
    regionId: string;
    meta: { riskLevel?: string };
  };
}

export async function sendPanicFromPhone(
  baseUrl: string,
  latitude: number,
  longitude: number,
  touristId: string | null = `tourist-${randomUUID().slice(0, 8)}`,
): Promise<SentPanic> {
  const response = await call(
    baseUrl,
    'POST',
    '/panic-alert',
    { latitude, longitude, touristId, deviceId: null, batteryLevel: 0.41, appVersion: '2.3.1' },
    { 'Idempotency-Key': randomUUID() },
  );
  if (response.status !== 201)
    throw new Error(`POST /panic-alert answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as SentPanic;
}

export async function sendGpsPing(
  baseUrl: string,
  ping: { latitude: number; longitude: number; touristId?: string | null; deviceId?: string | null },
) {
  const response = await call(baseUrl, 'POST', '/gps/update', { touristId: null, deviceId: null, ...ping });
  if (response.status !== 201)
    throw new Error(`POST /gps/update answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.ping as {
    touristId: string | null;
    deviceId: string | null;
    latitude: number;
    longitude: number;
    at: string;
  };
}

/** What the server now says about an incident's status (the operator's changes must reach it); `headers` carry a session when sign-in is on. */
export async function serverStatusOf(
  baseUrl: string,
  incidentId: string,
  headers: Record<string, string> = {},
): Promise<string | undefined> {
  const response = await call(baseUrl, 'GET', '/incidents?limit=500', undefined, headers);
  return (response.body.incidents as { id: string; status: string }[]).find((i) => i.id === incidentId)?.status;
}
