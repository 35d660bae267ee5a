import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../src/api/entities.ts';
import { applyStreamMessage } from '../../src/domain/stream-messages.ts';
import { applyZoneChange, removeZone, upsertZone } from '../../src/domain/zone-records.ts';

const zone = (id: string, version: number, name = id): Geofence => ({
  id,
  name,
  riskLevel: 'red',
  regionId: 'shillong',
  polygon: [
    [25.57, 91.88],
    [25.57, 91.89],
    [25.58, 91.89],
  ],
  meta: {},
  version,
});

describe("the page's zones, one record per id", () => {
  it('a new zone is appended; a later version replaces the held one in place', () => {
    const held = [zone('a', 1), zone('b', 1)];
    expect(upsertZone(held, zone('c', 1)).map((z) => z.id)).toEqual(['a', 'b', 'c']);
    const next = upsertZone(held, zone('a', 2, 'renamed'));
    expect(next.map((z) => [z.id, z.name])).toEqual([
      ['a', 'renamed'],
      ['b', 'b'],
    ]);
  });

  it("an older version arriving after the page's own save keeps the saved one (the same list back)", () => {
    const held = [zone('a', 3, 'saved by me')];
    expect(upsertZone(held, zone('a', 2, 'their older'))).toBe(held);
  });

  it('a deleted zone leaves; deleting one not held changes nothing', () => {
    const held = [zone('a', 1), zone('b', 1)];
    expect(removeZone(held, 'a').map((z) => z.id)).toEqual(['b']);
    expect(removeZone(held, 'x')).toBe(held);
  });

  it("applies the stream's two shapes of geofence_update", () => {
    const held = [zone('a', 1)];
    expect(applyZoneChange(held, { geofence: zone('b', 1) }).map((z) => z.id)).toEqual(['a', 'b']);
    expect(applyZoneChange(held, { deletedId: 'a' })).toEqual([]);
    expect(applyZoneChange(held, {})).toBe(held);
  });
});

describe('geofence_update on the stream', () => {
  it("puts a zone written elsewhere into the page's zones, and takes a deleted one out", () => {
    const state = {
      pings: [],
      history: {},
      alertIds: {},
      incidents: [],
      tableIds: new Set<string>(),
      heardSinceLoad: [],
      regionId: 'default',
      windowMinutes: 0,
      geofences: [zone('a', 1)],
    } as never;
    const written = applyStreamMessage(state, { type: 'geofence_update', geofence: zone('a', 2, 'moved') });
    expect(written).toEqual({ changes: { geofences: [zone('a', 2, 'moved')] }, incidentsChanged: false });
    const deleted = applyStreamMessage(state, { type: 'geofence_update', deletedId: 'a' });
    expect(deleted.changes).toEqual({ geofences: [] });
  });
});
