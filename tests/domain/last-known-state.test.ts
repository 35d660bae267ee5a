// What the console keeps in the browser for a reload on a lost network: the table's columns only, bounded,
// and never shown once older than a shift.
import { describe, expect, it } from 'vitest';
import { lastKnownOf, MAX_KEPT_AGE_MS, MAX_KEPT_ROWS, parseLastKnown } from '../../src/domain/last-known-state.ts';
import { incident } from '../views/support/fake-api.ts';

const now = Date.parse('2026-11-26T10:00:00.000Z');
const incidents = Array.from({ length: MAX_KEPT_ROWS + 20 }, (_, n) =>
  incident({ id: `I${n}`, touristId: `tourist-${n}` }),
);
const source = {
  incidents,
  tableIds: new Set(incidents.map((one) => one.id)),
  alertIds: { I0: 'A0' },
  regionId: 'shillong',
  regions: [],
  safetyScore: 72,
  lastMessageAt: now - 5_000,
};

describe('the last known state', () => {
  it('keeps the table rows up to the bound, with their alert ids, and no tourist or device', () => {
    const kept = lastKnownOf(source, now);
    expect(kept.rows).toHaveLength(MAX_KEPT_ROWS);
    expect(kept.rows[0]).toMatchObject({ id: 'I0', alertId: 'A0', status: incidents[0]!.status });
    expect(JSON.stringify(kept)).not.toContain('tourist-');
    expect(kept).toMatchObject({ regionId: 'shillong', safetyScore: 72, lastMessageAt: '2026-11-26T09:59:55.000Z' });
  });

  it('reads back what it wrote, and nothing older than a shift or malformed', () => {
    const text = JSON.stringify(lastKnownOf(source, now));
    expect(parseLastKnown(text, now + 60_000)?.rows).toHaveLength(MAX_KEPT_ROWS);
    expect(parseLastKnown(text, now + MAX_KEPT_AGE_MS + 1)).toBeUndefined();
    expect(parseLastKnown('{"rows": 3}', now)).toBeUndefined();
    expect(parseLastKnown('not json', now)).toBeUndefined();
  });
});
