// POST /geofences/import (issue 31): a preview per zone, then all or nothing, idempotent by id; the bad
// files and features of issue 31 point 5 each answer 400 naming the feature and the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

let server: TestServer;

/** A GeoJSON ring ([longitude, latitude], closed) of a small square. */
const ring = (lat: number, lng: number, size = 0.01) => [
  [lng, lat],
  [lng + size, lat],
  [lng + size, lat + size],
  [lng, lat + size],
  [lng, lat],
];
const feature = (
  properties: Record<string, unknown>,
  coordinates: unknown = [ring(25.57, 91.88)],
  type = 'Polygon',
  id?: string,
) => ({
  type: 'Feature',
  ...(id !== undefined && { id }),
  properties: { name: 'Police Bazar', riskLevel: 'red', regionId: 'shillong', placeId: 'police-bazar', ...properties },
  geometry: { type, coordinates },
});
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const importFile = (content: string, dryRun?: boolean, format = 'geojson') =>
  call(server.url, 'POST', '/geofences/import', { format, content, ...(dryRun !== undefined && { dryRun }) });

async function storedIds(): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ id: string }>('select id from geofences order by id');
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('a preview (dryRun)', () => {
  it('says per zone what is new, what changes, what is unchanged and what is refused and why, and stores nothing', async () => {
    await call(server.url, 'POST', '/geofences', {
      id: 'dry-same',
      name: 'Police Bazar',
      riskLevel: 'red',
      regionId: 'shillong',
      polygon: ring(25.57, 91.88)
        .slice(0, 4)
        .map(([lng, lat]) => [lat, lng]),
      meta: { placeId: 'police-bazar' },
    });
    await call(server.url, 'POST', '/geofences', {
      id: 'dry-changed',
      riskLevel: 'red',
      regionId: 'shillong',
      polygon: [
        [25.6, 91.9],
        [25.6, 91.91],
        [25.61, 91.91],
      ],
    });
    const before = await storedIds();
    const preview = await importFile(
      collection(
        feature({ id: 'dry-new' }, [ring(25.59, 91.87)]),
        feature({ id: 'dry-changed', name: "Ward's Lake" }),
        feature({ id: 'dry-same' }),
        feature({ id: 'dry-bad', riskLevel: 'purple' }),
      ),
      true,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.dryRun).toBe(true);
    expect(preview.body.counts).toEqual({ new: 1, change: 1, unchanged: 1, refused: 1 });
    expect(
      preview.body.features.map(({ index, id, name, action, errors }: any) => ({ index, id, name, action, errors })),
    ).toEqual([
      { index: 0, id: 'dry-new', name: 'Police Bazar', action: 'new', errors: [] },
      { index: 1, id: 'dry-changed', name: "Ward's Lake", action: 'change', errors: [] },
      { index: 2, id: 'dry-same', name: 'Police Bazar', action: 'unchanged', errors: [] },
      {
        index: 3,
        id: 'dry-bad',
        name: 'Police Bazar',
        action: 'refused',
        errors: [
          {
            field: 'properties.riskLevel',
            message: 'properties.riskLevel must be one of red, yellow, green; got "purple".',
          },
        ],
      },
    ]);
    // The preview draws each zone as it would be stored: [latitude, longitude], the ring left open.
    expect(preview.body.features[0].geofence.polygon).toEqual([
      [25.59, 91.87],
      [25.59, 91.87 + 0.01],
      [25.59 + 0.01, 91.87 + 0.01],
      [25.59 + 0.01, 91.87],
    ]);
    expect(await storedIds()).toEqual(before);
  });
});

describe('applying a file', () => {
  const file = collection(
    feature({ id: 'imp-ghat', name: 'Ghat', riskLevel: 'yellow' }, [ring(26.19, 91.74)]),
    feature({ name: 'Kamakhya hill', regionId: 'guwahati', placeId: 'kamakhya' }, [ring(26.16, 91.7)]),
    feature(
      { id: 'imp-islands', name: 'Islands', regionId: 'guwahati', placeId: 'umananda' },
      [[ring(26.2, 91.74)], [ring(26.21, 91.76)]],
      'MultiPolygon',
    ),
  );

  it('stores every zone in one go, announces each, and answers them with version 1', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      const applied = await importFile(file);
      expect(applied.status).toBe(200);
      expect(applied.body.counts).toEqual({ new: 4, change: 0, unchanged: 0, refused: 0 });
      const ids = applied.body.features.map((item: { id: string }) => item.id);
      // A feature without id gets one from what it is; a MultiPolygon of two parts is two zones.
      expect(ids).toEqual(['imp-ghat', expect.stringMatching(/^gf-[0-9a-f]{16}$/), 'imp-islands-1', 'imp-islands-2']);
      expect(applied.body.features.map((item: { name: string }) => item.name)).toEqual([
        'Ghat',
        'Kamakhya hill',
        'Islands (1/2)',
        'Islands (2/2)',
      ]);
      expect(
        applied.body.features.every((item: { geofence: { version: number } }) => item.geofence.version === 1),
      ).toBe(true);
      await stream.waitFor((m) => m.data.type === 'geofence_update' && m.data.geofence.id === 'imp-islands-2');
      const announced = stream.messages.filter((m) => m.data.type === 'geofence_update').map((m) => m.data.geofence.id);
      expect(announced).toEqual(ids);
    } finally {
      stream.close();
    }
    const { rows } = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'geofence.import'",
    );
    expect(rows[0].n).toBe(4);
  });

  it('is idempotent by id: the same file again changes nothing and bumps no version', async () => {
    const again = await importFile(file);
    expect(again.status).toBe(200);
    expect(again.body.counts).toEqual({ new: 0, change: 0, unchanged: 4, refused: 0 });
    const { rows } = await server.ctx.db.query<{ id: string; version: number }>(
      "select id, version from geofences where id like 'imp-%' order by id",
    );
    expect(rows).toEqual([
      { id: 'imp-ghat', version: 1 },
      { id: 'imp-islands-1', version: 1 },
      { id: 'imp-islands-2', version: 1 },
    ]);
    const audited = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'geofence.import'",
    );
    expect(audited.rows[0].n).toBe(4);
  });

  it('with one refused feature answers 400 naming the feature and the field, with the list, and stores nothing', async () => {
    const before = await storedIds();
    const res = await importFile(
      collection(
        feature({ id: 'all-or-nothing', name: 'Fine' }),
        feature({ id: 'imp-ghat', name: 'Ghat', riskLevel: 'red', regionId: 'atlantis' }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.error).toBe(
      '1 of 2 zones are refused, so nothing was stored. Feature 1 ("Ghat"): properties.regionId "atlantis" is not a known region (GET /regions): one of bengaluru, default, guwahati, shillong.',
    );
    expect(res.body.features.map((item: { action: string }) => item.action)).toEqual(['new', 'refused']);
    expect(await storedIds()).toEqual(before);
  });
});

describe('bad input, each a 400 naming the feature and the field', () => {
  it.each([
    [
      'fewer than 3 distinct points',
      feature({}, [
        [
          [91.8, 25.5],
          [91.81, 25.5],
          [91.8, 25.5],
        ],
      ]),
      'geometry',
      /^geometry must have at least 3 distinct points; it has 2\.$/,
    ],
    [
      'a self-intersecting ring',
      feature({}, [
        [
          [91.8, 25.5],
          [91.81, 25.51],
          [91.81, 25.5],
          [91.8, 25.51],
          [91.8, 25.5],
        ],
      ]),
      'geometry',
      /^geometry crosses itself/,
    ],
    [
      'a coordinate out of range',
      feature({}, [
        [
          [191.8, 25.5],
          [91.81, 25.5],
          [91.81, 25.51],
          [191.8, 25.5],
        ],
      ]),
      'geometry[0]',
      /longitude 191\.8; it must be between -180 and 180/,
    ],
    [
      'more than 2,000 vertices',
      feature({}, [
        Array.from({ length: 2002 }, (_, i) => [91.8 + 0.01 * Math.cos(i / 318.6), 25.5 + 0.01 * Math.sin(i / 318.6)]),
      ]),
      'geometry',
      /has 2,00[12] points; a zone may have at most 2,000/,
    ],
    [
      'an area over 5,000 km²',
      feature({}, [ring(25, 91, 1)]),
      'geometry',
      /covers [\d,.]+ km²; a zone may cover at most 5,000 km²/,
    ],
    ['an unknown region', feature({ regionId: 'atlantis' }), 'properties.regionId', /not a known region/],
    [
      'a point, not an area',
      feature({}, [91.8, 25.5], 'Point'),
      'geometry',
      /^geometry must be a Polygon or a MultiPolygon; this feature has a Point\.$/,
    ],
    ['a polygon with a hole', feature({}, [ring(25.5, 91.8, 0.1), ring(25.52, 91.82, 0.01)]), 'geometry', /has a hole/],
    ['no name', feature({ name: undefined }), 'properties.name', /properties\.name is required/],
  ])('%s', async (_what, bad, field, message) => {
    const before = await storedIds();
    for (const dryRun of [true, false]) {
      const res = await importFile(collection(feature({ id: 'good-neighbour' }), bad), dryRun);
      expect(res.status).toBe(dryRun ? 200 : 400);
      const refused = res.body.features.find((item: { action: string }) => item.action === 'refused');
      expect(refused.index).toBe(1);
      expect(refused.errors[0].field).toBe(field);
      expect(refused.errors[0].message).toMatch(message);
      if (!dryRun) expect(res.body.error).toMatch(/^1 of 2 zones are refused, so nothing was stored\. Feature 1/);
    }
    expect(await storedIds()).toEqual(before);
  });

  it('a duplicate id in one file refuses every zone that uses it', async () => {
    const res = await importFile(
      collection(feature({ id: 'twice' }), feature({ id: 'once' }), feature({ id: 'twice' }, [ring(25.6, 91.9)])),
    );
    expect(res.status).toBe(400);
    expect(res.body.features.map((item: any) => [item.index, item.action, item.errors[0]?.field])).toEqual([
      [0, 'refused', 'id'],
      [1, 'new', undefined],
      [2, 'refused', 'id'],
    ]);
    expect(res.body.features[0].errors[0].message).toBe(
      'id "twice" is used by more than one zone of this file (features 0, 2); ids must be unique within one import.',
    );
    expect(await storedIds()).not.toContain('once');
  });

  it('a file over 5 MB answers 400 naming content; a body past the route limit 413 with a sentence', async () => {
    const padding = ' '.repeat(5 * 1024 * 1024);
    const big = await importFile(collection(feature({ id: 'big' })) + padding);
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('Invalid request body: content is 5.0 MB; an import file may be at most 5.0 MB.');
    const huge = await importFile(' '.repeat(13 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/12 MiB for \/geofences\/import/);
  });

  it.each([
    [
      'KML sent as GeoJSON',
      'geojson',
      '<kml xmlns="http://www.opengis.net/kml/2.2"></kml>',
      'content is not a GeoJSON file: it is not valid JSON',
    ],
    [
      'JSON that is not a FeatureCollection',
      'geojson',
      '{"type":"Polygon","coordinates":[]}',
      'content is not a GeoJSON file: it must be a FeatureCollection with a features list',
    ],
    ['GeoJSON sent as KML', 'kml', collection(feature({})), 'content is not a KML file: the XML cannot be read'],
    [
      'XML that is not KML',
      'kml',
      '<gpx version="1.1"></gpx>',
      'content is not a KML file: its root element must be <kml>',
    ],
    ['a collection without features', 'geojson', collection(), 'content holds no features'],
  ])('%s answers 400 naming content', async (_what, format, content, message) => {
    const res = await importFile(content, false, format);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(res.body.issues[0].path).toBe('content');
  });

  it('an unknown format answers 400 naming format', async () => {
    const res = await importFile(collection(feature({})), false, 'shapefile');
    expect([res.status, res.body.issues[0].path]).toEqual([400, 'format']);
  });
});

describe('KML', () => {
  it('a KML file from another tool imports through togeojson, properties read from ExtendedData', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Assam</name>
  <Placemark id="kml-majuli"><name>Majuli ferry ghat</name>
    <ExtendedData><Data name="riskLevel"><value>yellow</value></Data><Data name="regionId"><value>guwahati</value></Data><Data name="placeId"><value>majuli</value></Data></ExtendedData>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>94.16,26.95,0 94.18,26.95,0 94.18,26.97,0 94.16,26.97,0 94.16,26.95,0</coordinates></LinearRing></outerBoundaryIs></Polygon>
  </Placemark></Folder></Document></kml>`;
    const res = await importFile(kml, false, 'kml');
    expect(res.status).toBe(200);
    expect(res.body.features).toMatchObject([
      {
        index: 0,
        id: 'kml-majuli',
        action: 'new',
        geofence: {
          id: 'kml-majuli',
          name: 'Majuli ferry ghat',
          riskLevel: 'yellow',
          regionId: 'guwahati',
          polygon: [
            [26.95, 94.16],
            [26.95, 94.18],
            [26.97, 94.18],
            [26.97, 94.16],
          ],
          meta: { placeId: 'majuli' },
        },
      },
    ]);
  });
});
