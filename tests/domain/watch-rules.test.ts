import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WATCH_SETTINGS,
  effectiveSettings,
  evaluateWatch,
  isNightForWatch,
  nextDueAt,
  pingsInHourBefore,
  stayAfterPing,
  type LastSeen,
} from '../../src/domain/watch-rules.ts';
import { metresBetween } from '../../src/domain/geo.ts';

const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';
// 10:00 in Kolkata: daytime.
const DAY_SEEN = '2026-11-26T04:30:00.000Z';

function seen(overrides: Partial<LastSeen> = {}): LastSeen {
  const seenAt = overrides.seenAt ?? DAY_SEEN;
  return {
    seenAt,
    latitude: 25.5,
    longitude: 91.8,
    zoneId: null,
    zoneRisk: null,
    pingsInLastHour: 3,
    lastSoftAlert: null,
    stillSince: seenAt,
    silentRaisedFor: null,
    strandedRaisedFor: null,
    ...overrides,
  };
}

const after = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000);
const rules = (record: LastSeen, now: Date, timeZone = KOLKATA) =>
  evaluateWatch(record, DEFAULT_WATCH_SETTINGS, timeZone, now).due.map((f) => f.rule);

describe('silent', () => {
  it('is due just over 30 min after the last ping outside any zone by day, not at 30 min', () => {
    expect(rules(seen(), after(DAY_SEEN, 1800))).toEqual([]);
    const [finding] = evaluateWatch(seen(), DEFAULT_WATCH_SETTINGS, KOLKATA, after(DAY_SEEN, 1801)).due;
    expect(finding).toMatchObject({
      rule: 'silent',
      severity: 'medium',
      meta: { rule: 'silent', lastSeenAt: DAY_SEEN, silentForS: 1801, limitS: 1800, atNight: false },
    });
    expect(finding.meta.reason).toContain('Nothing received for 30 min');
  });

  it('is due after 10 min when last seen in a red zone, and high', () => {
    const red = seen({ zoneId: 'gorge', zoneRisk: 'red' });
    expect(rules(red, after(DAY_SEEN, 600))).toEqual([]);
    const [finding] = evaluateWatch(red, DEFAULT_WATCH_SETTINGS, KOLKATA, after(DAY_SEEN, 601)).due;
    expect(finding).toMatchObject({
      rule: 'silent',
      severity: 'high',
      meta: { zoneId: 'gorge', riskLevel: 'red', limitS: 600 },
    });
  });

  it('in a yellow zone keeps the 30 min limit and medium severity', () => {
    const yellow = seen({ zoneId: 'market', zoneRisk: 'yellow' });
    expect(rules(yellow, after(DAY_SEEN, 1800))).toEqual([]);
    expect(evaluateWatch(yellow, DEFAULT_WATCH_SETTINGS, KOLKATA, after(DAY_SEEN, 1801)).due[0].severity).toBe(
      'medium',
    );
  });

  it('is never due for a tourist that was not reporting (fewer than 3 pings in the hour)', () => {
    expect(rules(seen({ pingsInLastHour: 2 }), after(DAY_SEEN, 86_400))).toEqual([]);
    expect(nextDueAt(seen({ pingsInLastHour: 2 }), DEFAULT_WATCH_SETTINGS, KOLKATA)).toBeNull();
  });

  it('is raised one severity higher after a low battery alert', () => {
    const [finding] = evaluateWatch(
      seen({ lastSoftAlert: 'low_battery' }),
      DEFAULT_WATCH_SETTINGS,
      KOLKATA,
      after(DAY_SEEN, 1801),
    ).due;
    expect(finding).toMatchObject({ severity: 'high', meta: { afterLowBattery: true } });
    expect(finding.meta.reason).toContain('after a low battery alert');
  });

  it('is not raised twice for the same silence, and looks again only after a new ping', () => {
    const raised = seen({ silentRaisedFor: DAY_SEEN });
    expect(rules(raised, after(DAY_SEEN, 5000))).toEqual([]);
    expect(nextDueAt(raised, DEFAULT_WATCH_SETTINGS, KOLKATA)).toBeNull();
  });
});

describe('night, in the region time zone', () => {
  // 19:00 in Kolkata (UTC+5:30) is 13:30 UTC; 06:00 is 00:30 UTC.
  it.each([
    ['18:59:59 in Kolkata is day', '2026-11-26T13:29:59.000Z', KOLKATA, false],
    ['19:00:00 in Kolkata is night', '2026-11-26T13:30:00.000Z', KOLKATA, true],
    ['05:59:59 in Kolkata is night', '2026-11-26T00:29:59.000Z', KOLKATA, true],
    ['06:00:00 in Kolkata is day', '2026-11-26T00:30:00.000Z', KOLKATA, false],
    // New York in November is UTC-5: 19:00 is 00:00 UTC the next day, 06:00 is 11:00 UTC.
    ['18:59:59 in New York is day', '2026-11-26T23:59:59.000Z', NEW_YORK, false],
    ['19:00:00 in New York is night', '2026-11-27T00:00:00.000Z', NEW_YORK, true],
    ['05:59:59 in New York is night', '2026-11-26T10:59:59.000Z', NEW_YORK, true],
    ['06:00:00 in New York is day', '2026-11-26T11:00:00.000Z', NEW_YORK, false],
  ])('%s', (_name, at, timeZone, night) => {
    expect(isNightForWatch(new Date(at), timeZone)).toBe(night);
    const record = seen({ seenAt: at });
    const limit = night ? 900 : 1800;
    expect(rules(record, after(at, limit), timeZone)).toEqual([]);
    const [finding] = evaluateWatch(record, DEFAULT_WATCH_SETTINGS, timeZone, after(at, limit + 1)).due;
    expect(finding).toMatchObject({
      rule: 'silent',
      severity: night ? 'high' : 'medium',
      meta: { limitS: limit, atNight: night },
    });
  });

  it('the same instant is night in one region and day in another', () => {
    const at = '2026-11-26T14:00:00.000Z'; // 19:30 in Kolkata, 09:00 in New York
    expect(isNightForWatch(new Date(at), KOLKATA)).toBe(true);
    expect(isNightForWatch(new Date(at), NEW_YORK)).toBe(false);
  });

  it('red at night takes the shorter of the two limits', () => {
    const at = '2026-11-26T15:00:00.000Z';
    expect(rules(seen({ seenAt: at, zoneRisk: 'red', zoneId: 'z' }), after(at, 601))).toEqual(['silent']);
  });
});

describe('stranded', () => {
  const since = DAY_SEEN;
  it('is due just over 20 min within the radius in a red zone', () => {
    const red = seen({ zoneId: 'gorge', zoneRisk: 'red', stillSince: since, pingsInLastHour: 0 });
    expect(rules(red, after(since, 1200))).toEqual([]);
    const [finding] = evaluateWatch(red, DEFAULT_WATCH_SETTINGS, KOLKATA, after(since, 1201)).due;
    expect(finding).toMatchObject({
      rule: 'stranded',
      severity: 'high',
      meta: { rule: 'stranded', strandedForS: 1201, limitS: 1200, zoneId: 'gorge' },
    });
    expect(finding.meta.reason).toContain('Stayed within 50 m for 20 min');
  });

  it('waits 45 min in a yellow zone, and is medium by day', () => {
    const yellow = seen({ zoneId: 'market', zoneRisk: 'yellow', stillSince: since, pingsInLastHour: 0 });
    expect(rules(yellow, after(since, 2700))).toEqual([]);
    expect(evaluateWatch(yellow, DEFAULT_WATCH_SETTINGS, KOLKATA, after(since, 2701)).due[0]).toMatchObject({
      rule: 'stranded',
      severity: 'medium',
    });
  });

  it('in a yellow zone is high when it comes due at night in the region time zone (19:00 on), medium just before', () => {
    // Kolkata 18:14:59 + 45 min = 18:59:59 (day); 18:15:00 + 45 min = 19:00:00 (night).
    const yellowFrom = (stillSince: string) =>
      seen({ seenAt: stillSince, zoneId: 'market', zoneRisk: 'yellow', stillSince, pingsInLastHour: 0 });
    const dayStay = '2026-11-26T12:44:59.000Z';
    const nightStay = '2026-11-26T12:45:00.000Z';
    expect(evaluateWatch(yellowFrom(dayStay), DEFAULT_WATCH_SETTINGS, KOLKATA, after(dayStay, 2700)).due).toEqual([]);
    expect(
      evaluateWatch(yellowFrom(dayStay), DEFAULT_WATCH_SETTINGS, KOLKATA, after(dayStay, 2700.5)).due[0],
    ).toMatchObject({ rule: 'stranded', severity: 'medium', meta: { atNight: false } });
    expect(
      evaluateWatch(yellowFrom(nightStay), DEFAULT_WATCH_SETTINGS, KOLKATA, after(nightStay, 2700.5)).due[0],
    ).toMatchObject({ rule: 'stranded', severity: 'high', meta: { atNight: true } });
    // The same instant is 08:30 in New York: medium there.
    expect(
      evaluateWatch(yellowFrom(nightStay), DEFAULT_WATCH_SETTINGS, NEW_YORK, after(nightStay, 2700.5)).due[0],
    ).toMatchObject({ severity: 'medium', meta: { atNight: false } });
  });

  it('is never due outside red and yellow zones', () => {
    expect(rules(seen({ stillSince: since, pingsInLastHour: 0 }), after(since, 86_400))).toEqual([]);
  });

  it('is not raised twice for the same stay', () => {
    expect(
      rules(
        seen({ zoneRisk: 'red', zoneId: 'g', stillSince: since, strandedRaisedFor: since, pingsInLastHour: 0 }),
        after(since, 5000),
      ),
    ).toEqual([]);
  });

  it('a stay goes on within the radius and starts again beyond it', () => {
    const start = { stillSince: since, stillLatitude: 25.5, stillLongitude: 91.8 };
    const north = (metres: number) => ({ latitude: 25.5 + metres / 111_195, longitude: 91.8 });
    expect(metresBetween([25.5, 91.8], [north(49).latitude, 91.8])).toBeCloseTo(49, 0);
    expect(stayAfterPing(start, north(49), '2026-11-26T05:00:00.000Z', 50)).toBe(start);
    expect(stayAfterPing(start, north(51), '2026-11-26T05:00:00.000Z', 50)).toEqual({
      stillSince: '2026-11-26T05:00:00.000Z',
      stillLatitude: north(51).latitude,
      stillLongitude: 91.8,
    });
  });
});

describe('settings, pauses and the next check', () => {
  it("a zone's override replaces only the values it names", () => {
    const merged = effectiveSettings(DEFAULT_WATCH_SETTINGS, { silentInRedAfterS: 300, vitals: { spo2Min: 85 } });
    expect(merged).toEqual({
      ...DEFAULT_WATCH_SETTINGS,
      silentInRedAfterS: 300,
      vitals: { ...DEFAULT_WATCH_SETTINGS.vitals, spo2Min: 85 },
    });
    expect(rules(seen({ zoneRisk: 'red', zoneId: 'g' }), after(DAY_SEEN, 301))).toEqual([]);
    expect(
      evaluateWatch(seen({ zoneRisk: 'red', zoneId: 'g' }), merged, KOLKATA, after(DAY_SEEN, 301)).due.map(
        (f) => f.rule,
      ),
    ).toEqual(['silent']);
  });

  it('while paused nothing is due, and the record is looked at again when the pause ends', () => {
    const until = after(DAY_SEEN, 7200).toISOString();
    expect(evaluateWatch(seen(), DEFAULT_WATCH_SETTINGS, KOLKATA, after(DAY_SEEN, 3600), until)).toEqual({
      due: [],
      nextCheckAt: until,
    });
    expect(
      evaluateWatch(seen(), DEFAULT_WATCH_SETTINGS, KOLKATA, after(DAY_SEEN, 7201), until).due.map((f) => f.rule),
    ).toEqual(['silent']);
  });

  it('the next check is the earliest rule still to come', () => {
    const red = seen({ zoneRisk: 'red', zoneId: 'g' });
    expect(nextDueAt(red, DEFAULT_WATCH_SETTINGS, KOLKATA)).toBe(after(DAY_SEEN, 600).toISOString());
    const verdict = evaluateWatch(red, DEFAULT_WATCH_SETTINGS, KOLKATA, after(DAY_SEEN, 601));
    expect(verdict.nextCheckAt).toBe(after(DAY_SEEN, 1200).toISOString());
  });

  it('counts at most three pings received within the hour up to the last', () => {
    expect(
      pingsInHourBefore(
        [DAY_SEEN, after(DAY_SEEN, -1800).toISOString(), after(DAY_SEEN, -3600).toISOString()],
        DAY_SEEN,
      ),
    ).toBe(3);
    expect(
      pingsInHourBefore(
        [DAY_SEEN, after(DAY_SEEN, -1800).toISOString(), after(DAY_SEEN, -3601).toISOString()],
        DAY_SEEN,
      ),
    ).toBe(2);
  });
});
