// The nearest units' geometry (issue 34) and the dispatch steps' rule, as the server and the drawer use them.
import { describe, expect, it } from 'vitest';
import type { Unit } from '../../src/api/responders.ts';
import { nextSteps, stepRefusal } from '../../src/domain/dispatch-steps.ts';
import {
  bearingDegrees,
  compassWord,
  estimateSeconds,
  formatEstimate,
  nearestUnits,
} from '../../src/domain/responders.ts';

describe('bearing and estimate', () => {
  it('gives the initial bearing in degrees and as one of eight compass words', () => {
    expect(bearingDegrees([0, 0], [1, 0])).toBeCloseTo(0);
    expect(bearingDegrees([0, 0], [0, 1])).toBeCloseTo(90);
    expect(bearingDegrees([0, 0], [-1, 0])).toBeCloseTo(180);
    expect(bearingDegrees([0, 0], [0, -1])).toBeCloseTo(270);
    expect([0, 22, 23, 45, 90, 135, 180, 225, 270, 315, 337.4, 337.6].map(compassWord)).toEqual([
      'N',
      'N',
      'NE',
      'NE',
      'E',
      'SE',
      'S',
      'SW',
      'W',
      'NW',
      'NW',
      'N',
    ]);
  });

  it("estimates a straight line at the kind's assumed speed, and reads it out", () => {
    expect(estimateSeconds(10_000, 'ambulance')).toBe(900);
    expect(estimateSeconds(10_000, 'rescue_team')).toBe(1200);
    expect([formatEstimate(20), formatEstimate(900)]).toEqual(['~1 min', '~15 min']);
  });
});

describe('the nearest units', () => {
  const unit = (id: string, position: [number, number], available = true): Unit => ({
    id,
    regionId: 'r',
    name: id,
    kind: 'ambulance',
    phone: '108',
    position,
    available,
    demo: false,
    updatedAt: '',
  });
  it('answers the five nearest available, then the unavailable among the five nearest overall', () => {
    const units = [
      unit('far-closed', [0.5, 0], false),
      unit('a', [0.01, 0]),
      unit('b', [0.02, 0]),
      unit('next-door-closed', [0.001, 0], false),
      unit('c', [0.03, 0]),
      unit('d', [0.04, 0]),
      unit('e', [0.05, 0]),
      unit('f', [0.06, 0]),
    ];
    expect(nearestUnits({ latitude: 0, longitude: 0 }, units).map((each) => each.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'next-door-closed',
    ]);
  });
});

describe('dispatch steps', () => {
  it('allows on scene or stood down after dispatch, stood down or handed over on scene, nothing after', () => {
    expect(nextSteps('dispatched')).toEqual(['on_scene', 'stood_down']);
    expect(nextSteps('on_scene')).toEqual(['stood_down', 'handed_over']);
    expect(nextSteps('handed_over')).toEqual([]);
    expect(stepRefusal('Patrol 4', 'on_scene', 'handed_over')).toBeUndefined();
    expect(stepRefusal('Patrol 4', 'on_scene', 'on_scene')).toBe(
      'Patrol 4 is on scene: it can be marked stood down or handed over, not on scene.',
    );
    expect(stepRefusal('Patrol 4', 'stood_down', 'on_scene')).toBe(
      'Patrol 4 is already stood down: this dispatch is closed, so it cannot be marked on scene.',
    );
  });
});
