// The stream's incident_note (issue 11) and messages of types this dashboard does not know: read from
// the wire, then what they do to the table (nothing; the open drawer follows notes itself).
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
const entry = { at: '2025-01-02T03:06:00.000Z', actor: 'omar', action: 'note', note: 'On my way' } as const;

describe('an incident note on the wire', () => {
  it('is read with its incident and entry', () => {
    const data = JSON.stringify({ type: 'incident_note', incidentId: 'INC-1', entry });
    expect(parseStreamMessage(data)).toEqual({ type: 'incident_note', incidentId: 'INC-1', entry });
  });

  it('without its entry or its incident is not a message', () => {
    expect(parseStreamMessage(JSON.stringify({ type: 'incident_note', incidentId: 'INC-1' }))).toBeUndefined();
    expect(parseStreamMessage(JSON.stringify({ type: 'incident_note', entry }))).toBeUndefined();
    expect(parseStreamMessage(JSON.stringify({ type: 'incident_note', incidentId: 7, entry }))).toBeUndefined();
  });

  it('other messages are read as before', () => {
    const ping = { touristId: 'T1', deviceId: null, latitude: 25.5, longitude: 91.8, at: '2025-01-02T03:04:05.000Z' };
    expect(parseStreamMessage(JSON.stringify({ type: 'gps', ping }))).toEqual({ type: 'gps', ping });
  });
});

describe('what the table does with it', () => {
  it('a note changes no row and asks for no reload', () => {
    const message: StreamMessage = { type: 'incident_note', incidentId: 'INC-1', entry };
    expect(applyStreamMessage(empty, message)).toEqual({ changes: {}, incidentsChanged: false });
  });

  it('a message of a type this dashboard does not know is ignored, whatever it carries', () => {
    expect(parseStreamMessage(JSON.stringify({ type: 'incident_poke', incident: { id: 'INC-1' } }))).toBeUndefined();
    const unknown = { type: 'incident_poke', incident: { id: 'INC-1' } } as unknown as StreamMessage;
    expect(applyStreamMessage(empty, unknown)).toEqual({ changes: {}, incidentsChanged: false });
  });
});
