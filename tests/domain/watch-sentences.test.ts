// Why the watch raised an incident, in one sentence (issue 32): from the figures in its meta.
import { describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import { durationText, reportedAgainText, watchReason } from '../../src/domain/watch-sentences.ts';

const time = (iso: string) => iso.slice(11, 16);
const reason = (type: Incident['type'], meta: Partial<Incident['meta']>, zoneName?: string) =>
  watchReason({ type, meta: { source: 'watch', ...meta } }, { zoneName, time });

describe('watch sentences', () => {
  it('a silence names how long, where and when last seen, and which limit applied', () => {
    const meta = {
      rule: 'silent',
      riskLevel: 'red' as const,
      lastSeenAt: '2025-01-02T18:02:00.000Z',
      silentForS: 2040,
      limitS: 600,
      atNight: false,
    };
    expect(reason('silent', meta, 'Gorge')).toBe(
      'No report for 34 min; last seen in Red zone Gorge at 18:02 — limit 10 min in a red zone.',
    );
    expect(
      reason('silent', {
        ...meta,
        riskLevel: undefined,
        atNight: true,
        limitS: 900,
        afterLowBattery: true,
        demoLimits: true,
      }),
    ).toBe(
      'No report for 34 min; last seen at 18:02 — limit 15 min at night. Its last alert was a low battery. (demo limits)',
    );
  });

  it('a stay, a fall, vitals and a removed band each have their sentence; a panic none', () => {
    expect(reason('stranded', { rule: 'stranded', riskLevel: 'yellow', strandedForS: 2800, limitS: 2700 })).toBe(
      'Stayed in one place for 47 min in a yellow zone — limit 45 min in a yellow zone.',
    );
    expect(reason('fall', { rule: 'fall' })).toBe('Band reported a fall.');
    expect(reason('vitals', { event: 'spo2', value: 85, bound: 90, boundKind: 'min' })).toBe(
      "SpO2 85 % below the region's 90 limit.",
    );
    expect(reason('band_removed', { event: 'tamper' })).toBe('Band reported tampering.');
    expect(reason('band_removed', { event: 'removed' })).toBe('Band reported it was taken off.');
    expect(reason('panic', {})).toBeNull();
  });

  it('durations under a minute in seconds; reported again only when it happened', () => {
    expect([durationText(45), durationText(60), durationText(89), durationText(2040)]).toEqual([
      '45 s',
      '1 min',
      '1 min',
      '34 min',
    ]);
    expect(reportedAgainText({ meta: { source: 'watch', reportedAgainAt: '2025-01-02T19:10:00.000Z' } }, time)).toBe(
      'Reported again 19:10',
    );
    expect(reportedAgainText({ meta: { source: 'watch' } }, time)).toBeNull();
  });
});
