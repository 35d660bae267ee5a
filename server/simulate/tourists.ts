// The demo's tourists: who each one is, where it starts, where it heads next, and what it sends about itself.
import type { Vertex } from '../../src/domain/geo.ts';
import { cities, offset, zones, type City } from './places.ts';
import { between, pick, type Random } from './random.ts';
import type { Walker } from './walker.ts';

export interface Tourist {
  touristId: string;
  deviceId: string;
  /** Half the tourists send touristId and deviceId, the others (bare devices) only deviceId. */
  sendsTouristId: boolean;
  city: City;
  walker: Walker;
  lastMovedAt: number;
  registered: boolean;
  paired: boolean;
}

const placesIn = (city: City) => zones.filter((zone) => zone.regionId === city.regionId);

function randomPointNear(random: Random, center: Vertex, radiusMetres: number): Vertex {
  const distance = radiusMetres * Math.sqrt(random());
  const angle = between(random, 0, 2 * Math.PI);
  return offset(center, distance * Math.cos(angle), distance * Math.sin(angle));
}

/** Where a tourist heads next: a named place in town half the time, else somewhere around the centre. */
export function nextGoal(random: Random, city: City): Vertex {
  return random() < 0.5
    ? randomPointNear(random, pick(random, placesIn(city)).center, 80)
    : randomPointNear(random, city.center, 1500);
}

export function createTourist(random: Random, index: number): Tourist {
  const number = String(index + 1).padStart(2, '0');
  const city = cities[index % cities.length];
  // Four in ten start close to a named zone, so zone entries show up in the first minutes.
  const start =
    random() < 0.4
      ? randomPointNear(random, pick(random, placesIn(city)).center, 350)
      : randomPointNear(random, city.center, 1200);
  return {
    touristId: `sim-tourist-${number}`,
    deviceId: `sim-device-${number}`,
    sendsTouristId: index % 2 === 0,
    city,
    walker: {
      position: start,
      heading: between(random, -Math.PI, Math.PI),
      speedMetresPerSecond: between(random, 1, 2.5),
      goal: nextGoal(random, city),
    },
    lastMovedAt: Date.now(),
    registered: false,
    paired: false,
  };
}

/** The ids a tourist's requests carry: its deviceId, and its touristId when it sends one. */
export const senderIds = (tourist: Tourist) => ({
  ...(tourist.sendsTouristId && { touristId: tourist.touristId }),
  deviceId: tourist.deviceId,
});

/** Where the tourist is, as a request's `latitude` and `longitude`. */
export const positionOf = (tourist: Tourist) => ({
  latitude: tourist.walker.position[0],
  longitude: tourist.walker.position[1],
});
