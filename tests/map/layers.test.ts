import { describe, expect, it } from 'vitest';
import {
  buildAlertLayer,
  buildPingLayer,
  buildResponderLayer,
  buildTrailLayer,
  buildZoneLayer,
  drawableAlerts,
  glideTransition,
  LAYER_IDS,
  RESPONDER_COLOURS,
  UNAVAILABLE_COLOUR,
} from '../../src/map/layers.ts';
import type { NearbyUnit } from '../../src/api/responders.ts';
import { emptyLiveFrame, nextLiveFrame } from '../../src/map/live-frame.ts';
import { RISK_COLOURS } from '../../src/domain/risk-colours.ts';
import { GPS_PALETTE } from '../../src/map/style.ts';
import type { MapAlert } from '../../src/map/types.ts';
import { ping, square } from './fixtures.ts';

// deck.gl accessors are (row, { index, data, target }) => value; the tests call them like deck.gl does.
type Accessor = (row: never, info: { index: number; data: unknown; target: unknown[] }) => unknown;
function call(accessor: unknown, row: unknown): unknown {
  return typeof accessor === 'function'
    ? (accessor as Accessor)(row as never, { index: 0, data: [], target: [] })
    : accessor;
}

describe('zone layer', () => {
  const zones = [
    square('r', 'red', 12, 77),
    square('g', 'green', 13, 78),
    square('y', 'yellow', 14, 79),
    square('o', 'other', 15, 80),
  ];
  const layer = buildZoneLayer(zones);

  it('is a PolygonLayer with a stable id over the geofences as given', () => {
    expect(layer.constructor.name).toBe('PolygonLayer');
    expect(layer.id).toBe(LAYER_IDS.zones);
    expect(layer.props.data).toBe(zones);
    expect(buildZoneLayer(zones).id).toBe(layer.id);
  });

  it('fills red at 0.2, green at 0.15 and anything else yellow at 0.15', () => {
    const fill = (i: number) => call(layer.props.getFillColor, zones[i]);
    expect(fill(0)).toEqual([...RISK_COLOURS.red, 51]);
    expect(fill(1)).toEqual([...RISK_COLOURS.green, 38]);
    expect(fill(2)).toEqual([...RISK_COLOURS.yellow, 38]);
    expect(fill(3)).toEqual([...RISK_COLOURS.yellow, 38]);
  });

  it('outlines each zone in its risk colour', () => {
    expect(call(layer.props.getLineColor, zones[0])).toEqual(RISK_COLOURS.red);
    expect(call(layer.props.getLineColor, zones[3])).toEqual(RISK_COLOURS.yellow);
  });

  it('turns [lat, lng] polygons into [lng, lat] for deck.gl', () => {
    expect(call(layer.props.getPolygon, zones[0])).toEqual([
      [76.99, 11.99],
      [77.01, 11.99],
      [77.01, 12.01],
      [76.99, 12.01],
    ]);
  });
});

describe('alert layer', () => {
  const alerts: MapAlert[] = [
    { id: 'a1', latitude: 12, longitude: 77, at: '', riskLevel: 'red' },
    { id: 'a2', latitude: null, longitude: 77, at: '', riskLevel: 'red' },
    { id: 'a3', latitude: 12, longitude: undefined, at: '' },
    { id: 'a4', latitude: Number.NaN, longitude: 1, at: '' },
    { id: 'a5', latitude: '12' as unknown as number, longitude: 77, at: '' },
    { id: 'a6', latitude: 13, longitude: 78, at: '', riskLevel: 'green' },
    { id: 'a7', latitude: 0, longitude: 0, at: '' },
  ];

  it('draws only alerts with numeric coordinates', () => {
    const layer = buildAlertLayer(alerts, { dark: false });
    expect((layer.props.data as MapAlert[]).map((a) => a.id)).toEqual(['a1', 'a6', 'a7']);
  });

  it('keeps the same data array for the same alerts, so deck.gl does not rebuild it', () => {
    expect(buildAlertLayer(alerts, { dark: false }).props.data).toBe(
      buildAlertLayer(alerts, { dark: true }).props.data,
    );
    expect(drawableAlerts([...alerts])).not.toBe(drawableAlerts(alerts));
  });

  it('colours alerts by risk, anything else yellow', () => {
    const layer = buildAlertLayer(alerts, { dark: false });
    const [red, green, none] = layer.props.data as MapAlert[];
    expect(call(layer.props.getFillColor, red)).toEqual(RISK_COLOURS.red);
    expect(call(layer.props.getFillColor, green)).toEqual(RISK_COLOURS.green);
    expect(call(layer.props.getFillColor, none)).toEqual(RISK_COLOURS.yellow);
    expect(call(layer.props.getPosition, red)).toEqual([77, 12]);
  });

  it('re-evaluates the outline colour when the theme changes', () => {
    const light = buildAlertLayer(alerts, { dark: false });
    const dark = buildAlertLayer(alerts, { dark: true });
    expect(light.props.updateTriggers).toEqual({ getLineColor: false });
    expect(dark.props.updateTriggers).toEqual({ getLineColor: true });
    expect(call(light.props.getLineColor, alerts[0])).not.toEqual(call(dark.props.getLineColor, alerts[0]));
  });
});

describe('GPS ping layer', () => {
  const frame = nextLiveFrame(emptyLiveFrame, [ping('a', 1, 2), ping('b', 3, 4)], {});
  const layer = buildPingLayer(frame.pings, { visible: true, glide: true, dark: false });

  it('is a ScatterplotLayer of radius 6 px over the frame rows in their stable order', () => {
    expect(layer.constructor.name).toBe('ScatterplotLayer');
    expect(layer.id).toBe(LAYER_IDS.pings);
    expect(layer.props.data).toBe(frame.pings);
    expect(layer.props.radiusUnits).toBe('pixels');
    expect(call(layer.props.getRadius, frame.pings[0])).toBe(6);
    expect(call(layer.props.getPosition, frame.pings[1])).toEqual([4, 3]);
  });

  it('colours markers from the palette by key index', () => {
    expect(call(layer.props.getFillColor, frame.pings[0])).toEqual(GPS_PALETTE[0]);
    expect(call(layer.props.getFillColor, frame.pings[1])).toEqual(GPS_PALETTE[1]);
  });

  it('glides positions over 1000 ms with ease-in-out', () => {
    expect(layer.props.transitions).toEqual({ getPosition: glideTransition });
    expect(glideTransition.duration).toBe(1000);
    expect(glideTransition.easing(0.5)).toBeCloseTo(0.5);
    expect(glideTransition.easing(0.1)).toBeLessThan(0.1);
    expect(glideTransition.easing(0.9)).toBeGreaterThan(0.9);
  });

  it('jumps instead of gliding when the frame says rows moved index', () => {
    expect(buildPingLayer(frame.pings, { visible: true, glide: false, dark: false }).props.transitions).toEqual({});
  });

  it('has no glide with no markers to move, or with live GPS hidden: each glide frame redraws the whole map', () => {
    expect(buildPingLayer(emptyLiveFrame.pings, { visible: true, glide: true, dark: false }).props.transitions).toEqual(
      {},
    );
    expect(buildPingLayer(frame.pings, { visible: false, glide: true, dark: false }).props.transitions).toEqual({});
    const departed = nextLiveFrame(frame, [], {});
    expect(departed.pings).toHaveLength(2);
    expect(buildPingLayer(departed.pings, { visible: true, glide: true, dark: false }).props.transitions).toEqual({});
  });

  it('draws nothing for a key that left the live list', () => {
    const after = nextLiveFrame(frame, [ping('b', 3, 4)], {});
    const hidden = after.pings[0]!;
    expect(hidden.ping).toBeNull();
    const next = buildPingLayer(after.pings, { visible: true, glide: true, dark: false });
    expect(call(next.props.getRadius, hidden)).toBe(0);
    expect(call(next.props.getLineWidth, hidden)).toBe(0);
  });

  it('is hidden when live GPS is off', () => {
    expect(buildPingLayer(frame.pings, { visible: false, glide: true, dark: false }).props.visible).toBe(false);
  });
});

describe('trail layer', () => {
  const frame = nextLiveFrame(emptyLiveFrame, [], {
    t: [
      { latitude: 1, longitude: 2, at: '' },
      { latitude: 3, longitude: 4, at: '' },
    ],
  });
  const layer = buildTrailLayer(frame.trails, { visible: true });

  it('is a PathLayer of width 3 px in the key’s colour at opacity 0.7', () => {
    expect(layer.constructor.name).toBe('PathLayer');
    expect(layer.id).toBe(LAYER_IDS.trails);
    expect(layer.props.data).toBe(frame.trails);
    expect(call(layer.props.getWidth, frame.trails[0])).toBe(3);
    expect(layer.props.widthUnits).toBe('pixels');
    // 0.7 as the colour's alpha (179/255); the layer opacity stays 1, as deck.gl would gamma-correct it.
    expect(call(layer.props.getColor, frame.trails[0])).toEqual([...GPS_PALETTE[0]!, 179]);
    expect(layer.props.opacity).toBe(1);
    expect(call(layer.props.getPath, frame.trails[0])).toEqual([
      [2, 1],
      [4, 3],
    ]);
  });

  it('is hidden when live GPS is off', () => {
    expect(buildTrailLayer(frame.trails, { visible: false }).props.visible).toBe(false);
  });
});

describe('responder layer', () => {
  const unit = (id: string, kind: NearbyUnit['kind'], available: boolean): NearbyUnit => ({
    id,
    regionId: 'shillong',
    name: id,
    kind,
    phone: '100',
    position: [25.57, 91.88],
    available,
    demo: true,
    updatedAt: '',
    distanceM: 500,
    bearingDeg: 90,
    compass: 'E',
    estimateS: 45,
  });
  const units = [unit('police', 'police_station', true), unit('closed', 'hospital', false)];

  it('draws the nearest units at [longitude, latitude], coloured by kind, an unavailable one grey', () => {
    const layer = buildResponderLayer(units, { dark: false });
    expect(layer.constructor.name).toBe('ScatterplotLayer');
    expect(layer.id).toBe(LAYER_IDS.responders);
    expect(layer.props.data).toBe(units);
    expect(call(layer.props.getPosition, units[0])).toEqual([91.88, 25.57]);
    expect(call(layer.props.getFillColor, units[0])).toEqual(RESPONDER_COLOURS.police_station);
    expect(call(layer.props.getFillColor, units[1])).toEqual(UNAVAILABLE_COLOUR);
    expect(buildResponderLayer([], { dark: true }).id).toBe(layer.id);
  });
});
