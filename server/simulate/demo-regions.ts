// The demo's regions (issue 46): a fresh install has no boundaries, so the demo draws its cities' (and creates
// Assam, where its national parks' zones are) through the public API, as an admin would in the Regions view;
// the audit trail records each write as it records the demo's zones. A region that has a boundary keeps it:
// someone drew it, or an earlier demo did.
import type { Region } from '../../src/api/entities.ts';
import type { RegionCreateBody } from '../../src/api/regions.ts';
import type { ApiClient, PostResult } from './api-client.ts';
import { INDIA_NUMBERS, type DemoRegion } from './places.ts';

const succeeded = (result: PostResult | undefined): result is PostResult =>
  result !== undefined && result.status >= 200 && result.status < 300;

function created(region: DemoRegion): RegionCreateBody {
  const { id, name, homeView, boundary, tourism } = region;
  return {
    id,
    name,
    timeZone: 'Asia/Kolkata',
    homeView,
    boundary,
    contacts: [...INDIA_NUMBERS, { ...tourism, kind: 'tourism' }],
  };
}

/** Draws the boundaries still missing; answers the ids of the regions that have one now. */
export async function drawDemoRegions(client: ApiClient, pending: readonly DemoRegion[]): Promise<string[]> {
  const listed = await client.get('/regions');
  if (!succeeded(listed)) return [];
  const stored = new Map((listed.body as { regions: Region[] }).regions.map((region) => [region.id, region]));
  const ready: string[] = [];
  for (const region of pending) {
    const existing = stored.get(region.id);
    if (existing?.boundary) {
      ready.push(region.id);
      continue;
    }
    const result = existing
      ? await client.put(`/regions/${region.id}`, {
          name: existing.name,
          timeZone: existing.timeZone,
          homeView: existing.homeView,
          contacts: existing.contacts,
          boundary: region.boundary,
        })
      : await client.post('/regions', created(region));
    if (succeeded(result)) ready.push(region.id);
  }
  return ready;
}
