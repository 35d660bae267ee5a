// Issue 32: a silent or stranded tourist raised at high severity is urgent like a panic (the panic bar, the
// alarm, every operator's list whatever the filter); at medium it is an ordinary incident.
import { describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import { inLoadedScope } from '../../src/domain/incident-scope.ts';
import { openPanicsOf } from '../../src/domain/open-panics.ts';
import { isUrgent, urgentTitle } from '../../src/domain/urgent-incidents.ts';
import { panicBarTitle } from '../../src/views/alarm/PanicBar.tsx';
import { en } from '../../src/i18n/catalogues/en.ts';
import { translator } from '../../src/i18n/translate.ts';

function incident(id: string, type: Incident['type'], severity: Incident['severity']): Incident {
  return {
    id,
    type,
    severity,
    status: 'open',
    latitude: 25.57,
    longitude: 91.89,
    createdAt: '2026-11-20T10:00:00.000Z',
    acknowledgedAt: null,
    resolvedAt: null,
    regionId: 'shillong',
    touristId: 't1',
    deviceId: null,
    meta: { source: 'watch', rule: type },
    escalatedAt: null,
  };
}

describe('urgent incidents', () => {
  it('are panics and high-severity watch incidents', () => {
    expect(isUrgent(incident('p', 'panic', 'high'))).toBe(true);
    expect(isUrgent(incident('s', 'silent', 'high'))).toBe(true);
    expect(isUrgent(incident('st', 'stranded', 'high'))).toBe(true);
    expect(isUrgent(incident('m', 'silent', 'medium'))).toBe(false);
    expect(isUrgent(incident('g', 'geofence', 'high'))).toBe(false);
    // Band events (issue 32): a fall is always high; vitals and a removed band when in a red zone or at night.
    expect(isUrgent(incident('f', 'fall', 'high'))).toBe(true);
    expect(isUrgent(incident('v', 'vitals', 'high'))).toBe(true);
    expect(isUrgent(incident('b', 'band_removed', 'medium'))).toBe(false);
    const english = translator(en, 'en-IN');
    expect([
      urgentTitle('fall', english),
      urgentTitle('vitals', english),
      urgentTitle('band_removed', english),
    ]).toEqual(['Fall reported', 'Vitals out of bounds', 'Band removed']);
  });

  it('the panic bar names a high silent tourist, not a medium one', () => {
    const records = [incident('s', 'silent', 'high'), incident('m', 'stranded', 'medium')];
    const open = openPanicsOf(records);
    expect(open.map((p) => [p.id, p.type])).toEqual([['s', 'silent']]);
    expect(panicBarTitle(open, translator(en, 'en-IN'))).toBe('Silent tourist in shillong');
    expect(urgentTitle('stranded', translator(en, 'en-IN'))).toBe('Stranded tourist');
  });

  it('an unresolved high watch incident stays in the loaded list whatever the time window', () => {
    const now = Date.parse('2026-11-26T10:00:00.000Z');
    const filter = { regionId: 'shillong', windowMinutes: 60 };
    expect(inLoadedScope(incident('s', 'silent', 'high'), filter, now)).toBe(true);
    expect(inLoadedScope(incident('m', 'silent', 'medium'), filter, now)).toBe(false);
  });
});
