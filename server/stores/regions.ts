import type { Region } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';

/** The seeded region a zone without `regionId`, and a point in no zone, belong to (API.md). */
export const DEFAULT_REGION_ID = 'default';

interface RegionRow {
  id: string;
  name: string;
  center_lat: number;
  center_lng: number;
  time_zone: string;
  contacts: Region['contacts'];
}

function regionFromRow(row: RegionRow): Region {
  return { id: row.id, name: row.name, center: [row.center_lat, row.center_lng], timeZone: row.time_zone, contacts: row.contacts };
}

export async function listRegions(db: Sql): Promise<Region[]> {
  const { rows } = await db.query<RegionRow>('select * from regions order by id');
  return rows.map(regionFromRow);
}

/** Every known region id, in order: what a zone's `regionId` may name. */
export async function regionIds(db: Sql): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from regions order by id');
  return rows.map((row) => row.id);
}
