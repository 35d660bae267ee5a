import { describe, expect, it } from 'vitest';
import { localHour } from '../../src/domain/time-zone.ts';

describe('the hour on a region wall clock', () => {
  it('reads the wall clock of the zone, not UTC', () => {
    expect(localHour(new Date('2025-06-13T17:30:00Z'), 'Asia/Kolkata')).toBe(23);
    expect(localHour(new Date('2025-06-13T17:30:00Z'), 'UTC')).toBe(17);
    expect(localHour(new Date('2025-06-13T18:30:00Z'), 'Asia/Kolkata')).toBe(0);
    expect(localHour(new Date('2026-11-27T00:00:00Z'), 'America/New_York')).toBe(19);
  });
});
