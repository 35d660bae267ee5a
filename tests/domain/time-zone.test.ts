import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, localHour, usableTimeZone } from '../../src/domain/time-zone.ts';

describe('the hour on a region wall clock', () => {
  it('reads the wall clock of the zone, not UTC', () => {
    expect(localHour(new Date('2025-06-13T17:30:00Z'), 'Asia/Kolkata')).toBe(23);
    expect(localHour(new Date('2025-06-13T17:30:00Z'), 'UTC')).toBe(17);
    expect(localHour(new Date('2025-06-13T18:30:00Z'), 'Asia/Kolkata')).toBe(0);
    expect(localHour(new Date('2026-11-27T00:00:00Z'), 'America/New_York')).toBe(19);
  });
});

describe('one default time zone', () => {
  it("is the seeded regions' zone, and stands in for a region zone that is missing or one Intl does not know", () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
    expect(usableTimeZone('America/New_York')).toBe('America/New_York');
    expect(usableTimeZone('Mars/Olympus')).toBe('Asia/Kolkata');
    expect(usableTimeZone('+05:30')).toBe('Asia/Kolkata');
    expect(usableTimeZone(undefined)).toBe('Asia/Kolkata');
    expect(usableTimeZone('')).toBe('Asia/Kolkata');
  });
});
