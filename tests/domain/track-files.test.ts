// A replay's exports (issue 34 point 2): GPX that parses back to the same positions and times, with names
// escaped; GeoJSON LineStrings with their times.
import { DOMParser } from '@xmldom/xmldom';
import { gpx, kml } from '@tmcw/togeojson';
import { describe, expect, it } from 'vitest';
import { escapeXml, trackGeoJson, trackGpx, trackKml } from '../../src/domain/track-files.ts';

const points = [
  { latitude: 25.5788, longitude: 91.8933, at: '2026-11-26T09:00:00.000Z' },
  { latitude: 25.57912, longitude: 91.89377, at: '2026-11-26T09:00:30.000Z' },
  { latitude: -0.000123, longitude: -179.99999, at: '2026-11-26T09:01:00.000Z' },
];

describe('trackGpx', () => {
  it('parses back to the same points and times, one track per tourist', () => {
    const text = trackGpx([
      { touristId: 't-1', points },
      { touristId: 'Ann & "Bo" <x>', points: points.slice(0, 2) },
    ]);
    const parsed = gpx(new DOMParser().parseFromString(text, 'text/xml') as unknown as Document);
    expect(parsed.features).toHaveLength(2);
    const [first, second] = parsed.features;
    expect(first!.geometry).toEqual({ type: 'LineString', coordinates: points.map((p) => [p.longitude, p.latitude]) });
    expect(first!.properties).toMatchObject({ name: 't-1', coordinateProperties: { times: points.map((p) => p.at) } });
    expect(second!.properties).toMatchObject({ name: 'Ann & "Bo" <x>' });
  });
});

describe('trackKml', () => {
  it('gives every position its time, and parses back to the same points and times, one track per tourist', () => {
    const text = trackKml([
      { touristId: 't-1', points },
      { touristId: 'Ann & "Bo" <x>', points: points.slice(0, 2) },
    ]);
    expect(text).toContain('<when>2026-11-26T09:00:30.000Z</when>');
    const parsed = kml(new DOMParser().parseFromString(text, 'text/xml') as unknown as Document);
    expect(parsed.features).toHaveLength(2);
    const [first, second] = parsed.features;
    expect(first!.geometry).toEqual({
      type: 'LineString',
      coordinates: points.map((p) => [p.longitude, p.latitude, 0]),
    });
    expect(first!.properties).toMatchObject({ name: 't-1', coordinateProperties: { times: points.map((p) => p.at) } });
    expect(first!.properties).toMatchObject({ timespan: { begin: points[0]!.at, end: points[2]!.at } });
    expect(second!.properties).toMatchObject({ name: 'Ann & "Bo" <x>' });
  });
});

describe('escapeXml', () => {
  it('escapes markup and drops what XML cannot hold', () => {
    expect(escapeXml(`a<b>&"c'\u0001d\uD800`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
  });
});

describe('trackGeoJson', () => {
  it('is a LineString per tourist with coordTimes', () => {
    expect(trackGeoJson([{ touristId: 't-1', points }]).features[0]).toEqual({
      type: 'Feature',
      properties: { touristId: 't-1', name: 't-1', coordTimes: points.map((p) => p.at) },
      geometry: { type: 'LineString', coordinates: points.map((p) => [p.longitude, p.latitude]) },
    });
  });
});
