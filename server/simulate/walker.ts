// A tourist on foot (or in an auto-rickshaw): a random walk with momentum towards a changing goal.
import { metresBetween, type Vertex } from '../../src/domain/geo.ts';
import { offset } from './places.ts';
import { between, type Random } from './random.ts';

export interface Walker {
  position: Vertex;
  /** Radians clockwise from north. */
  heading: number;
  speedMetresPerSecond: number;
  goal: Vertex;
}

const ARRIVED_METRES = 25;
const MAX_TURN_PER_SECOND = 0.5;

function angleBetween(from: Vertex, to: Vertex): number {
  const north = to[0] - from[0];
  const east = (to[1] - from[1]) * Math.cos((from[0] * Math.PI) / 180);
  return Math.atan2(east, north);
}

function wrapAngle(angle: number): number {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}

/** Advances the walker by `seconds`; on arrival it asks `nextGoal` where to go next. */
export function stepWalker(walker: Walker, seconds: number, random: Random, nextGoal: () => Vertex): Walker {
  const goal = metresBetween(walker.position, walker.goal) < ARRIVED_METRES ? nextGoal() : walker.goal;
  const wanted = wrapAngle(angleBetween(walker.position, goal) - walker.heading);
  const maxTurn = MAX_TURN_PER_SECOND * seconds;
  const steer = Math.max(-maxTurn, Math.min(maxTurn, wanted));
  const wobble = between(random, -0.25, 0.25);
  const heading = wrapAngle(walker.heading + steer + wobble);
  const speedMetresPerSecond = Math.max(0.8, Math.min(4, walker.speedMetresPerSecond + between(random, -0.2, 0.2)));
  const metres = speedMetresPerSecond * seconds;
  return {
    position: offset(walker.position, metres * Math.cos(heading), metres * Math.sin(heading)),
    heading,
    speedMetresPerSecond,
    goal,
  };
}
