// Wall mode's pure rules (issue 35): what asks for it, its address, the order of its list, and how an age reads.
import { describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import { ageLabel, nextRegionId, wallAddress, wallAlertsOf, wallRequested } from '../../src/domain/wall.ts';
import { en } from '../../src/i18n/catalogues/en.ts';
import { translator } from '../../src/i18n/translate.ts';

const english = translator(en, 'en-IN-u-nu-latn');

const incident = (fields: Partial<Incident>): Incident =>
  ({
    id: 'x',
    type: 'geofence',
    severity: 'low',
    status: 'open',
    regionId: 'shillong',
    createdAt: '2026-11-26T10:00:00.000Z',
    latitude: 25.5,
    longitude: 91.8,
    ...fields,
  }) as Incident;

describe('wall mode', () => {
  it('is asked for by ?wall, kept in the address, and dropped from it without touching the rest', () => {
    expect(wallRequested('?wall')).toBe(true);
    expect(wallRequested('?region=x&wall=1')).toBe(true);
    expect(wallRequested('?wall=0')).toBe(false);
    expect(wallRequested('')).toBe(false);
    expect(wallAddress('http://h/?a=1#x', true)).toBe('http://h/?a=1&wall#x');
    expect(wallAddress('http://h/?wall&a=1', false)).toBe('http://h/?a=1');
  });

  it('lists open incidents only, urgent first, then by severity, newest first within each', () => {
    const list = wallAlertsOf(
      [
        incident({ id: 'old-high-zone', severity: 'high', createdAt: '2026-11-26T09:00:00.000Z' }),
        incident({ id: 'resolved-panic', type: 'panic', severity: 'high', status: 'resolved' }),
        incident({ id: 'low', severity: 'low', createdAt: '2026-11-26T11:00:00.000Z' }),
        incident({
          id: 'panic',
          type: 'panic',
          severity: 'high',
          createdAt: '2026-11-26T08:00:00.000Z',
          status: 'acknowledged',
        }),
        incident({ id: 'fall', type: 'fall', severity: 'high', createdAt: '2026-11-26T09:30:00.000Z' }),
        incident({ id: 'new-high-zone', severity: 'high', createdAt: '2026-11-26T10:30:00.000Z' }),
      ],
      english,
    );
    expect(list.map((alert) => alert.id)).toEqual(['fall', 'panic', 'new-high-zone', 'old-high-zone', 'low']);
    expect(list.map((alert) => alert.title)).toEqual([
      'Fall reported',
      'Panic alert',
      'Entered a risk zone',
      'Entered a risk zone',
      'Entered a risk zone',
    ]);
  });

  it('reads an age as a room reads it', () => {
    const at = Date.parse('2026-11-26T10:00:00.000Z');
    expect(ageLabel('2026-11-26T09:59:30.000Z', at, english)).toBe('just now');
    expect(ageLabel('2026-11-26T09:56:00.000Z', at, english)).toBe('4 min');
    expect(ageLabel('2026-11-26T07:55:00.000Z', at, english)).toBe('2 h 05 min');
    expect(ageLabel('2026-11-23T10:00:00.000Z', at, english)).toBe('3 d');
  });

  it('walks the regions round the list', () => {
    expect(nextRegionId(['a', 'b', 'c'], 'b')).toBe('c');
    expect(nextRegionId(['a', 'b', 'c'], 'c')).toBe('a');
    expect(nextRegionId(['a', 'b'], 'gone')).toBe('a');
    expect(nextRegionId([], 'a')).toBe('a');
  });
});
