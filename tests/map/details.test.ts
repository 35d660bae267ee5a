import { describe, expect, it } from 'vitest';
import { formatTime } from '../../src/domain/display.ts';
import { detailsOfPick } from '../../src/map/details.ts';
import type { NearbyUnit } from '../../src/api/responders.ts';
import { LAYER_IDS } from '../../src/map/layers.ts';
import { emptyLiveFrame, nextLiveFrame } from '../../src/map/live-frame.ts';
import { ping, square } from './fixtures.ts';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';

const zones = [square('z1', 'red', 12, 77, 0.01, { name: 'Market', meta: { placeId: 'old-town' } })];
const rowsOf = (details: ReturnType<typeof detailsOfPick>) => Object.fromEntries(details?.rows ?? []);

describe('details on demand', () => {
  it('describes an alert: id, status, risk, tourist, device, time, zone and place', () => {
    const at = '2025-03-01T10:00:00.000Z';
    const alert = {
      id: 'al-1',
      latitude: 12,
      longitude: 77,
      at,
      status: 'open',
      riskLevel: 'red',
      touristId: 'tour-9',
      deviceId: null,
      regionId: 'default',
    };
    const details = detailsOfPick(LAYER_IDS.alerts, alert, zones, DEFAULT_CLOCK);
    expect(details?.title).toBe('Alert');
    expect(rowsOf(details)).toMatchObject({
      ID: 'al-1',
      Status: 'open',
      Risk: 'red',
      Tourist: 'tour-9',
      Device: '—',
      Time: formatTime(at, DEFAULT_CLOCK),
      Zone: 'Market',
      Place: 'old-town',
      Position: '12.00000, 77.00000',
    });
  });

  it("shows the phone's own time beside the receive time, and says when a band SOS had no location", () => {
    const alert = {
      id: 'al-2',
      latitude: 20,
      longitude: 78,
      at: '2026-11-23T10:00:00.000Z',
      reportedAt: '2001-01-01T00:00:00.000Z',
      noLocation: true,
    };
    const rows = rowsOf(detailsOfPick(LAYER_IDS.alerts, alert, zones, DEFAULT_CLOCK));
    expect(rows).toMatchObject({
      Time: formatTime(alert.at, DEFAULT_CLOCK),
      'Phone time': formatTime(alert.reportedAt, DEFAULT_CLOCK),
      Position: 'No location (region centre shown)',
    });
    expect(
      rowsOf(detailsOfPick(LAYER_IDS.alerts, { ...alert, reportedAt: null, noLocation: false }, zones, DEFAULT_CLOCK)),
    ).not.toHaveProperty('Phone time');
  });

  it('describes a GPS ping with its key and the zone it is in, or none', () => {
    const frame = nextLiveFrame(emptyLiveFrame, [ping(null, 12.001, 77.001, 'dev-3'), ping('t', 40, 40)], {});
    expect(rowsOf(detailsOfPick(LAYER_IDS.pings, frame.pings[0], zones, DEFAULT_CLOCK))).toMatchObject({
      Key: 'dev-3',
      Device: 'dev-3',
      Tourist: '—',
      Zone: 'Market',
    });
    expect(rowsOf(detailsOfPick(LAYER_IDS.pings, frame.pings[1], zones, DEFAULT_CLOCK))).toMatchObject({
      Key: 't',
      Zone: '—',
      Place: '—',
    });
  });

  it('describes a zone, with risk as drawn and region default when missing', () => {
    const zone = { ...square('z2', 'purple', 1, 1), regionId: '' };
    expect(rowsOf(detailsOfPick(LAYER_IDS.zones, zone, [], DEFAULT_CLOCK))).toMatchObject({
      ID: 'z2',
      Name: 'Zone z2',
      Risk: 'yellow',
      Region: 'default',
      Place: '—',
    });
  });

  it('says nothing about empty picks or hidden rows', () => {
    expect(detailsOfPick(LAYER_IDS.alerts, null, zones, DEFAULT_CLOCK)).toBeNull();
    expect(detailsOfPick('other', {}, zones, DEFAULT_CLOCK)).toBeNull();
    const first = nextLiveFrame(emptyLiveFrame, [ping('a', 1, 1)], {});
    const gone = nextLiveFrame(first, [], {});
    expect(detailsOfPick(LAYER_IDS.pings, gone.pings[0], zones, DEFAULT_CLOCK)).toBeNull();
  });
});

describe("a responder unit's card", () => {
  it('names the unit, its phone, distance, bearing and straight-line estimate, and marks an unavailable one', () => {
    const unit: NearbyUnit = {
      id: 'u',
      regionId: 'shillong',
      name: 'Sadar police station',
      kind: 'police_station',
      phone: '100',
      position: [25.576, 91.883],
      available: false,
      demo: false,
      updatedAt: '',
      distanceM: 1080,
      bearingDeg: 253,
      compass: 'W',
      estimateS: 97,
    };
    const details = detailsOfPick(LAYER_IDS.responders, unit, [], DEFAULT_CLOCK);
    expect(details).toMatchObject({ title: 'Police station', badge: 'Unavailable' });
    expect(rowsOf(details)).toEqual({
      Name: 'Sadar police station',
      Phone: '100',
      Distance: '1.1 km W (253°)',
      Estimate: '~2 min (straight line)',
    });
  });
});
