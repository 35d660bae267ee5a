import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/** POSTs `body` as JSON over a kept-alive connection; answers the status and the response's text once it is read. */
export function postJsonAnswer(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** POSTs `body` as JSON over a kept-alive connection; answers the status once the response is read. */
export async function postJson(url: string, body: unknown): Promise<number> {
  return (await postJsonAnswer(url, body)).status;
}

/** Phones' pings as /gps/batch takes them, `count` from the `first`th, over `tourists` tourists, far from any zone (positions: no event of the durable stream). */
export function gpsPings(first: number, count: number, tourists: number): object[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, n) => {
    const i = first + n;
    const tourist = i % tourists;
    return {
      touristId: `bench-tourist-${tourist}`,
      deviceId: `bench-device-${tourist}`,
      latitude: 10 + (tourist % 100) / 1000 + (i % 997) / 1e6,
      longitude: 10 + Math.floor(tourist / 100) / 1000,
      at: now,
    };
  });
}

/** A red zone far from the spec's cities, for bursts of zone entries (`entryPings`). */
export const ENTRY_ZONE = {
  id: 'bench-entries',
  riskLevel: 'red',
  regionId: 'default',
  polygon: [
    [10, 10],
    [11, 10],
    [11, 11],
    [10, 11],
  ],
};

/**
 * Pings numbered from `first`, each of a key of its own inside ENTRY_ZONE: each is a zone entry, two events of
 * the durable stream (its incident's `incident_update` and its `geofence_alert`). Positions are not (issue 48).
 */
export function entryPings(first: number, count: number): object[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, n) => ({
    touristId: `bench-entry-${first + n}`,
    deviceId: `bench-band-${first + n}`,
    latitude: 10.5 + ((first + n) % 1000) / 1e4,
    longitude: 10.5,
    at: now,
  }));
}
