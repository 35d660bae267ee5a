// The stream's geofence_update (issue 31): a zone written carries it, a zone deleted its id. The parser reads
// both shapes; the table ignores them (the zones, which the Zones view and the maps read, follow them), and a dashboard that predates
// the message drops it like any type it does not know.
import { describe, expect, it } from 'vitest';
import { parseStreamMessage } from '../../src/api/client.ts';
import type { StreamMessage } from '../../src/api/stream.ts';
import { applyStreamMessage } from '../../src/domain/stream-messages.ts';

const empty = {
  pings: [],
  history: {},
  alertIds: {},
  incidents: [],
  tableIds: new Set<string>(),
  heardSinceLoad: [],
  regionId: 'all',
  windowMinutes: 0,
  regions: [],
};
const geofence = {
  id: 'gf-1',
  name: 'Police Bazar',
  riskLevel: 'red',
  regionId: 'shillong',
  polygon: [
    [25.57, 91.88],
    [25.58, 91.88],
    [25.58, 91.89],
  ],
  meta: { placeId: 'police-bazar' },
  version: 2,
  updatedBy: 'alice',
  updatedAt: '2026-11-26T10:00:00.000Z',
} as const;

describe('a geofence_update on the wire', () => {
  it('is read with the zone written, or with the id of the zone deleted', () => {
    expect(parseStreamMessage(JSON.stringify({ type: 'geofence_update', geofence }))).toEqual({
      type: 'geofence_update',
      geofence,
    });
    expect(parseStreamMessage(JSON.stringify({ type: 'geofence_update', deletedId: 'gf-1' }))).toEqual({
      type: 'geofence_update',
      deletedId: 'gf-1',
    });
  });

  it('without either is not a message', () => {
    expect(parseStreamMessage(JSON.stringify({ type: 'geofence_update' }))).toBeUndefined();
    expect(parseStreamMessage(JSON.stringify({ type: 'geofence_update', geofence: 'gf-1' }))).toBeUndefined();
    expect(parseStreamMessage(JSON.stringify({ type: 'geofence_update', deletedId: 7 }))).toBeUndefined();
  });

  it('changes no row of the table and asks for no reload: only the zones follow it (the maps and the Zones view redraw)', () => {
    const message: StreamMessage = { type: 'geofence_update', deletedId: 'gf-1' };
    expect(applyStreamMessage({ ...empty, geofences: [geofence] } as never, message)).toEqual({
      changes: { geofences: [] },
      incidentsChanged: false,
    });
  });
});
