// Region boundaries as an admin draws them in the Regions view (issue 46): a fresh install has none, so a test
// whose panics must be filed by a boundary draws the demo's outlines through PUT and POST /regions first.
import { expect } from 'vitest';
import type { Region } from '../../../src/api/entities.ts';
import { demoRegions } from '../../../server/simulate/places.ts';
import { call, type TestServer } from '../../helpers/server.ts';

const demoRegion = (id: string) => demoRegions.find((region) => region.id === id)!;

/** Gives a stored region a boundary (the demo's outline unless one is given), keeping its other fields. */
export async function drawBoundary(
  server: Pick<TestServer, 'url'>,
  id: string,
  boundary: readonly (readonly number[])[] = demoRegion(id).boundary,
  headers: Record<string, string> = {},
): Promise<void> {
  const region: Region = (await call(server.url, 'GET', '/regions')).body.regions.find(
    (each: Region) => each.id === id,
  );
  const { id: _id, center: _center, updatedAt: _updatedAt, ...fields } = region;
  expect((await call(server.url, 'PUT', `/regions/${id}`, { ...fields, boundary }, headers)).status).toBe(200);
}

/** Creates Assam, the state region around Guwahati, with the demo's outline and India's numbers. */
export async function createAssam(server: TestServer, headers: Record<string, string> = {}): Promise<void> {
  const { id, name, homeView, boundary, tourism } = demoRegion('assam');
  const contacts = [
    { label: 'Emergency', phone: '112', kind: 'emergency' },
    { ...tourism, kind: 'tourism' },
  ];
  expect(
    (
      await call(
        server.url,
        'POST',
        '/regions',
        { id, name, timeZone: 'Asia/Kolkata', homeView, boundary, contacts },
        headers,
      )
    ).status,
  ).toBe(201);
}
