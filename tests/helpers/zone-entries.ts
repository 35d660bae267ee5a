// Durable stream events in bulk over HTTP, for the tests of the stream's bounds. Positions are not stream
// events (issue 48); zone entries are: a ping entering ENTRY_ZONE under a key of its own is two of them,
// its incident's `incident_update` and its `geofence_alert`, committed together.
import { expect } from 'vitest';
import { ENTRY_ZONE } from '../../bench/support/http-post.ts';
import { call } from './server.ts';

/** Stores the bench's entry zone (bench/support/http-post.ts), a red zone in `default` far from the spec's cities. */
export async function addEntryZone(url: string): Promise<void> {
  expect((await call(url, 'POST', '/geofences', ENTRY_ZONE)).status).toBe(201);
}

/** `count` pings inside the zone, each of a key never seen: `count` entries, 2 × `count` stream events. */
export function enteringPings(tag: string, count: number, idLength = 20) {
  return Array.from({ length: count }, (_, n) => ({
    touristId: `${tag}-${'t'.repeat(idLength)}-${n}`,
    deviceId: `${tag}-${'d'.repeat(idLength)}-${n}`,
    latitude: 10.5 + n / 1e5,
    longitude: 10.5,
  }));
}

/** `batches` batches of `perBatch` entries under `tag` (a tag used once): 2 × `batches` × `perBatch` stream events. */
export async function postEntries(
  url: string,
  tag: string,
  batches: number,
  { perBatch = 1000, idLength = 20 }: { perBatch?: number; idLength?: number } = {},
): Promise<void> {
  for (let batch = 0; batch < batches; batch++) {
    const pings = enteringPings(`${tag}-${batch}`, perBatch, idLength);
    const answer = await call(url, 'POST', '/gps/batch', { pings });
    expect(answer.status).toBe(201);
  }
}
