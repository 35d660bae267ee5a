// Tourists across a state (issue 48 point 7): 100,000 of them over Meghalaya and Assam, one in twenty within
// Shillong's city limits, each at a place of its own that it wanders around a little with every ping. Sent in
// order, each tourist pings once per `tourists` pings: at 3,333 pings a second, once every 30 s.

import { MAX_GPS_BATCH } from '../../src/api/fields.ts';
import { postJsonAnswer } from './http-post.ts';

export const STATE_TOURISTS = 100_000;
/** Where one tourist in twenty is: inside the demo's Shillong boundary (server/simulate/places.ts). */
export const SHILLONG_BOX = { south: 25.55, west: 91.86, north: 25.61, east: 91.93 };
const STATE_BOX = { south: 24.3, west: 89.9, north: 27.8, east: 95.9 };

/** A number in [0, 1) fixed for each (tourist, salt): a place without a table of 100,000 of them. */
function spread(tourist: number, salt: number): number {
  const x = Math.sin(tourist * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

export function touristPlace(tourist: number): { latitude: number; longitude: number } {
  const box = tourist % 20 === 0 ? SHILLONG_BOX : STATE_BOX;
  return {
    latitude: box.south + spread(tourist, 1) * (box.north - box.south),
    longitude: box.west + spread(tourist, 2) * (box.east - box.west),
  };
}

/** `count` pings from the `first`th on: tourist `i % tourists` each, a few metres from its place. */
export function statePings(first: number, count: number, tourists = STATE_TOURISTS): object[] {
  const at = new Date().toISOString();
  return Array.from({ length: count }, (_, n) => {
    const i = first + n;
    const tourist = i % tourists;
    const place = touristPlace(tourist);
    const wander = ((i % 7) - 3) * 2e-5;
    return {
      touristId: `state-tourist-${tourist}`,
      latitude: place.latitude + wander,
      longitude: place.longitude - wander,
      at,
    };
  });
}

/** Every tourist's first ping, in batches as large as /gps/batch takes; answers the seconds it took. */
export async function seedStateTourists(url: string): Promise<number> {
  const started = performance.now();
  for (let first = 0; first < STATE_TOURISTS; first += MAX_GPS_BATCH) {
    const answer = await postJsonAnswer(`${url}/gps/batch`, { pings: statePings(first, MAX_GPS_BATCH) });
    if (answer.status !== 201) throw new Error(`seeding: /gps/batch answered ${answer.status}: ${answer.text}`);
  }
  return (performance.now() - started) / 1000;
}
