import type { Region } from '../../src/api/entities.ts';
import type { RegionRecord } from '../../src/api/regions.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface RegionRow {
  id: string;
  name: string;
  center_lat: number;
  center_lng: number;
  time_zone: string;
  contacts: Region['contacts'];
  boundary: Region['boundary'];
  home_zoom: number;
  updated_at: Date | string;
}

function regionFromRow(row: RegionRow): Region {
  const center: [number, number] = [row.center_lat, row.center_lng];
  return {
    id: row.id,
    name: row.name,
    center,
    timeZone: row.time_zone,
    contacts: row.contacts,
    homeView: { center, zoom: row.home_zoom },
    boundary: row.boundary ?? null,
    updatedAt: iso(row.updated_at),
  };
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

/** One region; `forUpdate` locks it until the transaction ends (its audit record names what it replaced). */
export async function findRegion(db: Sql, id: string, forUpdate = false): Promise<Region | undefined> {
  const { rows } = await db.query<RegionRow>(`select * from regions where id = $1${forUpdate ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0] && regionFromRow(rows[0]);
}

/**
 * Creates the region, or replaces every field of an existing one (`replace`). Answers the stored region,
 * or undefined when the insert met an existing id, or the update no row.
 */
export async function saveRegion(tx: Sql, input: RegionRecord, replace: boolean): Promise<Region | undefined> {
  const params = [
    input.id,
    input.name,
    input.homeView.center[0],
    input.homeView.center[1],
    input.timeZone,
    input.homeView.zoom,
    JSON.stringify(input.contacts),
    input.boundary === null ? null : JSON.stringify(input.boundary),
  ];
  const { rows } = replace
    ? await tx.query<RegionRow>(
        `update regions set name = $2, center_lat = $3, center_lng = $4, time_zone = $5, home_zoom = $6, contacts = $7::jsonb,
           boundary = $8::jsonb, updated_at = now() where id = $1 returning *`,
        params,
      )
    : await tx.query<RegionRow>(
        `insert into regions (id, name, center_lat, center_lng, time_zone, home_zoom, contacts, boundary)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb) on conflict (id) do nothing returning *`,
        params,
      );
  return rows[0] && regionFromRow(rows[0]);
}

/** The regions that have a boundary: what places a point outside every zone. */
export async function regionBoundaries(db: Sql): Promise<{ id: string; boundary: [number, number][] }[]> {
  const { rows } = await db.query<{ id: string; boundary: [number, number][] }>(
    'select id, boundary from regions where boundary is not null order by id',
  );
  return rows;
}

/**
 * Changes whenever a region is added or replaced (count and the rows' writing transactions, as the zones'
 * fingerprint in ping-state.ts): a server that missed a notification sees it here.
 */
export async function regionsFingerprint(db: Sql): Promise<string> {
  const { rows } = await db.query<{ value: string }>(
    `select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as value from regions`,
  );
  return rows[0].value;
}
