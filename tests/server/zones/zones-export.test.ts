// GET /geofences?format=geojson|kml (issue 31): files of one region or all, which import back to the same
// zones; without `format` the answer stays API.md's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleToPolygon } from '../../../src/domain/zone-geometry.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let source: TestServer;
let target: TestServer;

const ZONES = [
  {
    id: 'exp-bazar',
    name: 'Police Bazar <market> & "night"',
    riskLevel: 'red',
    regionId: 'shillong',
    polygon: [
      [25.5761, 91.8825],
      [25.5783, 91.8825],
      [25.5783, 91.8851],
      [25.5761, 91.8851],
    ],
    meta: { placeId: 'police-bazar' },
  },
  {
    id: 'exp-lake',
    name: "Ward's Lake",
    riskLevel: 'green',
    regionId: 'shillong',
    ...circleToPolygon([25.5806, 91.8888], 180, 32),
  },
  {
    id: 'exp-kamakhya',
    name: 'Kamakhya',
    riskLevel: 'yellow',
    regionId: 'guwahati',
    polygon: [
      [26.1664, 91.7055],
      [26.1664, 91.7101],
      [26.1701, 91.7101],
      [26.1701, 91.7055],
      [26.1664, 91.7055],
    ],
    meta: { placeId: 'kamakhya', note: 'steps' },
  },
];

async function fetchText(server: TestServer, path: string) {
  const response = await fetch(server.url + path);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The zones as zones: what a round trip must keep (a closing point repeated is the same outline). */
const asZones = (zones: any[]) =>
  zones
    .map(({ id, name, riskLevel, regionId, polygon, meta }) => ({
      id,
      name,
      riskLevel,
      regionId,
      meta,
      polygon: polygon.length > 3 && polygon[0].join() === polygon.at(-1).join() ? polygon.slice(0, -1) : polygon,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));

beforeAll(async () => {
  [source, target] = await Promise.all([startTestServer(), startTestServer()]);
  for (const zone of ZONES) expect((await call(source.url, 'POST', '/geofences', zone)).status).toBe(201);
});
afterAll(() => Promise.all([source?.stop(), target?.stop()]));

describe('export', () => {
  it("GeoJSON: a FeatureCollection of closed [longitude, latitude] rings with the zone's fields as properties, as a download", async () => {
    const { status, headers, text } = await fetchText(source, '/geofences?format=geojson&regionId=shillong');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="zones-shillong.geojson"');
    const file = JSON.parse(text);
    expect(file.type).toBe('FeatureCollection');
    expect(file.features.map((f: { id: string }) => f.id)).toEqual(['exp-bazar', 'exp-lake']);
    const [bazar, lake] = file.features;
    expect(bazar.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [91.8825, 25.5761],
          [91.8825, 25.5783],
          [91.8851, 25.5783],
          [91.8851, 25.5761],
          [91.8825, 25.5761],
        ],
      ],
    });
    expect(bazar.properties).toMatchObject({
      id: 'exp-bazar',
      name: ZONES[0].name,
      riskLevel: 'red',
      regionId: 'shillong',
      placeId: 'police-bazar',
      version: 1,
    });
    expect(lake.properties.meta).toEqual({ circle: { center: [25.5806, 91.8888], radiusM: 180 } });
  });

  it('KML: a Placemark per zone, its name escaped, as a download', async () => {
    const { status, headers, text } = await fetchText(source, '/geofences?format=kml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="zones-all.kml"');
    expect(text).toMatch(/^<kml xmlns="http:\/\/www.opengis.net\/kml\/2.2">/);
    expect(text.match(/<Placemark/g)).toHaveLength(3);
    expect(text).toContain('<name>Police Bazar &#x3C;market> &#x26; "night"</name>');
  });

  it("without format the answer stays API.md's JSON list", async () => {
    const res = await call(source.url, 'GET', '/geofences?regionId=guwahati');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      ok: true,
      geofences: [expect.objectContaining({ id: 'exp-kamakhya', polygon: ZONES[2].polygon })],
    });
  });

  it('an unknown format answers 400 naming format', async () => {
    const res = await call(source.url, 'GET', '/geofences?format=shp');
    expect([res.status, res.body.issues[0].path]).toEqual([400, 'format']);
  });
});

describe('export then import gives the same zones', () => {
  it.each(['geojson', 'kml'] as const)(
    'through %s, into another server and back into the same one (unchanged)',
    async (format) => {
      const { text } = await fetchText(source, `/geofences?format=${format}`);
      const imported = await call(target.url, 'POST', '/geofences/import', { format, content: text });
      expect(imported.status).toBe(200);
      const original = asZones((await call(source.url, 'GET', '/geofences')).body.geofences);
      expect(asZones((await call(target.url, 'GET', '/geofences')).body.geofences)).toEqual(original);
      const back = await call(source.url, 'POST', '/geofences/import', { format, content: text });
      expect(back.body.counts).toEqual({ new: 0, change: 0, unchanged: 3, refused: 0 });
    },
  );
});
