// The pure rules of band and phone events (issue 32): which type raises what, the reading a vitals event
// carries, and a bound passed only strictly.
import { describe, expect, it } from 'vitest';
import { effectOf, positionIn, raisesPanic, readingOf, vitalsBreach } from '../../src/domain/band-events.ts';
import { DEFAULT_WATCH_SETTINGS } from '../../src/domain/watch-rules.ts';

const bounds = DEFAULT_WATCH_SETTINGS.vitals;

describe('band events', () => {
  it('maps each type, whatever its case, and raises nothing for an unknown one', () => {
    expect(['sos', 'FALL', 'heart_rate', 'SpO2', 'removed', 'Tamper', 'ble', 'weather'].map(effectOf)).toEqual([
      'sos',
      'fall',
      'vitals',
      'vitals',
      'band_removed',
      'band_removed',
      null,
      null,
    ]);
    expect(['sos', 'fall', 'heart_rate', 'panic'].map(raisesPanic)).toEqual([true, true, false, false]);
  });

  it('reads the reading from a number, value, or the field bands name it by; null when there is none', () => {
    expect(readingOf('heart_rate', 72)).toBe(72);
    expect(readingOf('heart_rate', { bpm: 71 })).toBe(71);
    expect(readingOf('heart_rate', { heartRate: 70 })).toBe(70);
    expect(readingOf('spo2', { percent: 95 })).toBe(95);
    expect(readingOf('spo2', { value: 94, spo2: 1 })).toBe(94);
    expect(readingOf('heart_rate', { bpm: '72' })).toBeNull();
    expect(readingOf('spo2', null)).toBeNull();
  });

  it('passes a bound only strictly: on the bound is inside', () => {
    expect(vitalsBreach('heart_rate', bounds.heartRateMax, bounds)).toBeNull();
    expect(vitalsBreach('heart_rate', bounds.heartRateMax + 0.5, bounds)).toEqual({
      vital: 'heart_rate',
      value: 150.5,
      bound: 150,
      boundKind: 'max',
    });
    expect(vitalsBreach('heart_rate', bounds.heartRateMin, bounds)).toBeNull();
    expect(vitalsBreach('heart_rate', bounds.heartRateMin - 1, bounds)).toMatchObject({ boundKind: 'min', bound: 40 });
    expect(vitalsBreach('spo2', bounds.spo2Min, bounds)).toBeNull();
    expect(vitalsBreach('spo2', bounds.spo2Min - 1, bounds)).toMatchObject({
      vital: 'spo2',
      boundKind: 'min',
      bound: 90,
    });
    expect(vitalsBreach('spo2', 100, bounds)).toBeNull();
  });

  it('takes a position from the payload only when both coordinates are in range', () => {
    expect(positionIn({ latitude: 25.5, longitude: 91.8 })).toEqual({ latitude: 25.5, longitude: 91.8 });
    expect(positionIn({ latitude: 95, longitude: 91.8 })).toBeNull();
    expect(positionIn({ latitude: 25.5 })).toBeNull();
  });
});
