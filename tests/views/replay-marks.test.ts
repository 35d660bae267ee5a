// The replay's marks worded by the console (issue 36): in English exactly as the server's label reads, in Hindi
// and Assamese in their words, and the server's label kept when a mark lacks what the console words it from.
import { describe, expect, it } from 'vitest';
import type { TrackMark } from '../../src/api/track.ts';
import { as } from '../../src/i18n/catalogues/as.ts';
import { hi } from '../../src/i18n/catalogues/hi.ts';
import { inEnglish } from '../../src/i18n/english.ts';
import { localeTag } from '../../src/i18n/languages.ts';
import { translator } from '../../src/i18n/translate.ts';
import { markLabel } from '../../src/views/replay/replay-marks.ts';

const AT = '2026-11-27T03:00:00.000Z';
const entered: TrackMark = {
  at: AT,
  kind: 'zone_enter',
  label: 'Entered Police Bazar (red)',
  zoneName: 'Police Bazar',
  geofenceId: 'gf-1',
  riskLevel: 'red',
};
const left: TrackMark = { at: AT, kind: 'zone_exit', label: 'Left gf-2', zoneName: 'gf-2', geofenceId: 'gf-2' };
const fall: TrackMark = {
  at: AT,
  kind: 'alert',
  label: 'Band removed (medium)',
  incidentId: 'inc-1',
  incidentType: 'band_removed',
  severity: 'medium',
};

describe("a replay mark in the console's language", () => {
  it('reads in English as the server wrote it', () => {
    for (const mark of [entered, left, fall]) expect(markLabel(mark, inEnglish)).toBe(mark.label);
  });

  it('reads in Hindi and Assamese, names and ids kept', () => {
    const hindi = translator(hi, localeTag('hi'));
    const assamese = translator(as, localeTag('as'));
    expect(markLabel(entered, hindi)).toBe('Police Bazar में प्रवेश (लाल)');
    expect(markLabel(fall, hindi)).toBe('बैंड उतारा गया (मध्यम)');
    expect(markLabel(left, assamese)).toBe('gf-2ৰ পৰা ওলাই গ’ল');
  });

  it("keeps the server's label for a mark without a zone name or severity (an older server)", () => {
    const older: TrackMark = {
      at: AT,
      kind: 'alert',
      label: 'Panic (high)',
      incidentId: 'inc-2',
      incidentType: 'panic',
    };
    expect(markLabel(older, translator(hi, localeTag('hi')))).toBe('Panic (high)');
  });
});
