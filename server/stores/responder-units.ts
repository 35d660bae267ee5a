// Each region's directory of responder units (issue 34 point 3).
import { randomUUID } from 'node:crypto';
import type { Unit, UnitBody } from '../../src/api/responders.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface UnitRow {
  id: string;
  region_id: string;
  name: string;
  kind: Unit['kind'];
  phone: string;
  latitude: number;
  longitude: number;
  available: boolean;
  demo: boolean;
  updated_at: Date | string;
}

function unitFromRow(row: UnitRow): Unit {
  return {
    id: row.id,
    regionId: row.region_id,
    name: row.name,
    kind: row.kind,
    phone: row.phone,
    position: [row.latitude, row.longitude],
    available: row.available,
    demo: row.demo,
    updatedAt: iso(row.updated_at),
  };
}

/** Every unit, or a region's, by region then name. */
export async function listUnits(db: Sql, regionId?: string): Promise<Unit[]> {
  const { rows } = await db.query<UnitRow>(
    'select * from responder_units where ($1::text is null or region_id = $1) order by region_id, name, id',
    [regionId ?? null],
  );
  return rows.map(unitFromRow);
}

export async function findUnit(db: Sql, id: string, forUpdate = false): Promise<Unit | undefined> {
  const { rows } = await db.query<UnitRow>(
    `select * from responder_units where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] && unitFromRow(rows[0]);
}

export async function insertUnit(tx: Sql, input: UnitBody): Promise<Unit> {
  const { rows } = await tx.query<UnitRow>(
    `insert into responder_units (id, region_id, name, kind, phone, latitude, longitude, available)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      `unit_${randomUUID().slice(0, 8)}`,
      input.regionId,
      input.name,
      input.kind,
      input.phone,
      input.position[0],
      input.position[1],
      input.available,
    ],
  );
  return unitFromRow(rows[0]);
}

/** An admin's edit of its name, phone or position makes it a real entry (no longer demo); availability alone does not. */
export async function replaceUnit(tx: Sql, id: string, input: UnitBody): Promise<Unit | undefined> {
  const { rows } = await tx.query<UnitRow>(
    `update responder_units set region_id = $2, name = $3, kind = $4, phone = $5, latitude = $6, longitude = $7, available = $8,
       demo = demo and name = $3 and phone = $5 and latitude = $6 and longitude = $7, updated_at = now() where id = $1 returning *`,
    [id, input.regionId, input.name, input.kind, input.phone, input.position[0], input.position[1], input.available],
  );
  return rows[0] && unitFromRow(rows[0]);
}

export async function deleteUnit(tx: Sql, id: string): Promise<boolean> {
  const { rows } = await tx.query('delete from responder_units where id = $1 returning id', [id]);
  return rows.length > 0;
}
