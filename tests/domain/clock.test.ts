// Times as an operator reads them (issue 36): the region's zone, 24-hour with the date, in the language.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLOCK, formatClockTime, formatDateTime, timeZoneName } from '../../src/i18n/clock.ts';
import { chooseLanguage, localeTag } from '../../src/i18n/languages.ts';

describe('the clock', () => {
  it('shows 23:30 UTC as 05:00 the next day in Asia/Kolkata', () => {
    expect(formatDateTime('2026-11-26T23:30:00Z', DEFAULT_CLOCK)).toBe('27 Nov 2026, 05:00:00');
    expect(formatClockTime('2026-11-26T23:30:00Z', DEFAULT_CLOCK)).toBe('05:00');
  });

  it('reads midnight as 00, never 24, and offers a 12-hour clock', () => {
    expect(formatClockTime('2026-11-26T18:35:00Z', DEFAULT_CLOCK)).toBe('00:05');
    expect(formatDateTime('2026-11-26T09:30:00Z', { ...DEFAULT_CLOCK, hour12: true })).toBe('26 Nov 2026, 03:00:00 pm');
  });

  it('follows the region: the same moment in another zone', () => {
    expect(formatDateTime('2026-11-26T23:30:00Z', { ...DEFAULT_CLOCK, timeZone: 'UTC' })).toBe('26 Nov 2026, 23:30:00');
  });

  it('writes Hindi and Assamese dates with Latin digits by default, native ones on request', () => {
    expect(formatClockTime('2026-11-26T23:30:00Z', { ...DEFAULT_CLOCK, locale: localeTag('as') })).toBe('05:00');
    expect(formatClockTime('2026-11-26T23:30:00Z', { ...DEFAULT_CLOCK, locale: localeTag('as', true) })).toBe('০৫:০০');
    expect(formatDateTime('2026-11-26T23:30:00Z', { ...DEFAULT_CLOCK, locale: localeTag('hi') })).toMatch(
      /^27 .+ 2026, 05:00:00$/,
    );
  });

  it("falls back to Indian English dates, not the browser's own, where a language has no date data", () => {
    // Chromium has none for Assamese; a tag no browser knows stands in for it here.
    expect(formatDateTime('2026-11-26T23:30:00Z', { ...DEFAULT_CLOCK, locale: 'zz-IN-u-nu-latn' })).toBe(
      '27 Nov 2026, 05:00:00',
    );
  });

  it('names the zone with its offset, once, so no time is read in another', () => {
    expect(timeZoneName(DEFAULT_CLOCK)).toBe('Asia/Kolkata (GMT+5:30)');
  });

  it('keeps what is not a time as it came, and a dash for nothing', () => {
    expect(formatDateTime('not a time', DEFAULT_CLOCK)).toBe('not a time');
    expect(formatDateTime(null, DEFAULT_CLOCK)).toBe('—');
  });
});

describe('the first language', () => {
  it("is the stored one, else the browser's first that the console speaks, else English", () => {
    expect(chooseLanguage('as', ['hi-IN'])).toBe('as');
    expect(chooseLanguage(null, ['fr-FR', 'hi-IN', 'en'])).toBe('hi');
    expect(chooseLanguage('xx', ['de'])).toBe('en');
  });
});
