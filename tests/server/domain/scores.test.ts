import { describe, expect, it } from 'vitest';
import {
  isNightForScore,
  recencyWeight,
  roundComponents,
  safetyCredit,
  safetyScore,
  severityWeight,
  type ScoredIncident,
} from '../../../server/domain/scores.ts';
import { isNightForWatch } from '../../../src/domain/watch-rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

function incident(partial: Partial<ScoredIncident> & { createdAt: Date }): ScoredIncident {
  return { type: 'panic', severity: 'high', status: 'open', ...partial };
}

describe('safety score', () => {
  it('takes 3 points per incident from 900 and never goes below 0', () => {
    expect(safetyScore(0)).toBe(900);
    expect(safetyScore(1)).toBe(897);
    expect(safetyScore(299)).toBe(3);
    expect(safetyScore(300)).toBe(0);
    expect(safetyScore(301)).toBe(0);
    expect(safetyScore(10_000)).toBe(0);
  });
});

describe('recency weight', () => {
  it('changes band exactly at 1, 7 and 30 days of age', () => {
    expect(recencyWeight(now, now)).toBe(1.0);
    expect(recencyWeight(ago(DAY - 1), now)).toBe(1.0);
    expect(recencyWeight(ago(DAY), now)).toBe(0.7);
    expect(recencyWeight(ago(7 * DAY - 1), now)).toBe(0.7);
    expect(recencyWeight(ago(7 * DAY), now)).toBe(0.4);
    expect(recencyWeight(ago(30 * DAY - 1), now)).toBe(0.4);
    expect(recencyWeight(ago(30 * DAY), now)).toBe(0.2);
    expect(recencyWeight(ago(400 * DAY), now)).toBe(0.2);
  });

  it('counts an incident stamped in the future as brand new', () => {
    expect(recencyWeight(new Date(now.getTime() + DAY), now)).toBe(1.0);
  });
});

describe('severity weight', () => {
  it('is 3 for high, 2 for medium, 1 for low', () => {
    expect(severityWeight('high')).toBe(3);
    expect(severityWeight('medium')).toBe(2);
    expect(severityWeight('low')).toBe(1);
  });
});

describe('night in the region time zone', () => {
  it('is 22:00 up to but not including 06:00 local time', () => {
    const kolkata = (utc: string) => isNightForScore(new Date(`2025-06-13T${utc}Z`), 'Asia/Kolkata');
    expect(kolkata('17:30:00')).toBe(true); // 23:00 IST
    expect(kolkata('01:00:00')).toBe(false); // 06:30 IST
    expect(kolkata('16:29:59')).toBe(false); // 21:59:59 IST
    expect(kolkata('16:30:00')).toBe(true); // 22:00 IST
    expect(kolkata('00:29:59')).toBe(true); // 05:59:59 IST
    expect(kolkata('00:30:00')).toBe(false); // 06:00 IST
    expect(isNightForScore(new Date('2025-06-13T17:30:00Z'), 'UTC')).toBe(false);
    expect(isNightForScore(new Date('2025-06-13T03:00:00Z'), 'UTC')).toBe(true);
  });

  it("is shorter than the watch's night: 20:00 counts for the watch, not for the credit", () => {
    const eightPm = new Date('2025-06-13T14:30:00Z'); // 20:00 IST
    expect(isNightForWatch(eightPm, 'Asia/Kolkata')).toBe(true);
    expect(isNightForScore(eightPm, 'Asia/Kolkata')).toBe(false);
  });
});

describe('safety credit (Heuristic v1)', () => {
  it('is 900 with every penalty 0 when there are no incidents', () => {
    expect(safetyCredit([], now, 'Asia/Kolkata')).toEqual({
      score: 900,
      components: { densityPenalty: 0, unresolvedPenalty: 0, softPenalty: 0, nightPenalty: 0 },
      counts: { total: 0, unresolved: 0, softAlerts: 0, nightCount: 0 },
    });
  });

  it('matches a hand-computed mix of severities, ages, statuses and night hours', () => {
    const incidents = [
      // 2 × 3 × 1.0 = 6; 16:30 IST, day
      incident({ type: 'panic', severity: 'high', status: 'open', createdAt: new Date('2025-06-15T11:00:00Z') }),
      // 2 × 2 × 0.7 = 2.8; 23:00 IST, night
      incident({
        type: 'geofence',
        severity: 'medium',
        status: 'resolved',
        createdAt: new Date('2025-06-13T17:30:00Z'),
      }),
      // 2 × 1 × 0.4 = 0.8; 06:30 IST, day
      incident({ type: 'safe', severity: 'low', status: 'acknowledged', createdAt: new Date('2025-06-01T01:00:00Z') }),
      // 2 × 1 × 0.2 = 0.4; 01:30 IST, night
      incident({
        type: 'low_battery',
        severity: 'low',
        status: 'resolved',
        createdAt: new Date('2025-05-01T20:00:00Z'),
      }),
    ];
    const credit = safetyCredit(incidents, now, 'Asia/Kolkata');
    expect(credit.counts).toEqual({ total: 4, unresolved: 2, softAlerts: 2, nightCount: 2 });
    expect(credit.components.densityPenalty).toBeCloseTo(10, 9);
    expect(credit.components.unresolvedPenalty).toBe(125); // 250 × 2/4
    expect(credit.components.softPenalty).toBe(50); // 100 × 2/4
    expect(credit.components.nightPenalty).toBe(25); // 50 × 2/4
    expect(credit.score).toBe(690); // 900 − 10 − 125 − 50 − 25
  });

  it('counts night by the time zone it is given', () => {
    const incidents = [incident({ createdAt: new Date('2025-06-13T17:30:00Z') })];
    expect(safetyCredit(incidents, now, 'Asia/Kolkata').counts.nightCount).toBe(1);
    expect(safetyCredit(incidents, now, 'UTC').counts.nightCount).toBe(0);
  });

  it('caps density at 500', () => {
    // 100 resolved daytime panics today: 100 × 2 × 3 × 1.0 = 600 → 500
    const incidents = Array.from({ length: 100 }, () =>
      incident({ status: 'resolved', createdAt: new Date('2025-06-15T06:00:00Z') }),
    );
    const credit = safetyCredit(incidents, now, 'Asia/Kolkata');
    expect(credit.components).toEqual({ densityPenalty: 500, unresolvedPenalty: 0, softPenalty: 0, nightPenalty: 0 });
    expect(credit.score).toBe(400);
  });

  it('reaches 0 when every penalty is at its cap', () => {
    // 300 open soft alerts at 23:00 IST today: density 600 → 500, unresolved 250, soft 100, night 50
    const incidents = Array.from({ length: 300 }, () =>
      incident({ type: 'status', severity: 'low', createdAt: new Date('2025-06-14T17:30:00Z') }),
    );
    const credit = safetyCredit(incidents, now, 'Asia/Kolkata');
    expect(credit.components).toEqual({
      densityPenalty: 500,
      unresolvedPenalty: 250,
      softPenalty: 100,
      nightPenalty: 50,
    });
    expect(credit.score).toBe(0);
  });

  it('rounds the score from unrounded penalties and the components to 2 decimals', () => {
    const day = new Date('2025-06-15T06:00:00Z');
    const incidents = [
      incident({ severity: 'high', status: 'open', createdAt: day }), // 6
      incident({ type: 'geofence', severity: 'medium', status: 'resolved', createdAt: day }), // 4
      incident({ severity: 'high', status: 'resolved', createdAt: day }), // 6
    ];
    const credit = safetyCredit(incidents, now, 'Asia/Kolkata');
    expect(credit.components.unresolvedPenalty).toBeCloseTo(250 / 3, 9);
    expect(credit.score).toBe(801); // 900 − 16 − 83.333… = 800.67
    expect(roundComponents(credit.components)).toEqual({
      densityPenalty: 16,
      unresolvedPenalty: 83.33,
      softPenalty: 0,
      nightPenalty: 0,
    });
    const drift = safetyCredit([incident({ createdAt: ago(2 * DAY) })], now, 'UTC').components.densityPenalty;
    expect(
      roundComponents({ densityPenalty: drift, unresolvedPenalty: 0, softPenalty: 0, nightPenalty: 0 }).densityPenalty,
    ).toBe(4.2);
  });
});
