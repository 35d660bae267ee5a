import type { Sql } from '../db/seam.ts';

/** Registers a tourist; registering an id again keeps it (and updates the name when one is given). */
export async function registerTourist(tx: Sql, id: string, name: string | undefined): Promise<{ created: boolean }> {
  const { rows } = await tx.query<{ created: boolean }>(
    `insert into tourists (id, name) values ($1, $2)
     on conflict (id) do update set name = coalesce(excluded.name, tourists.name)
     returning (xmax = 0) as created`,
    [id, name ?? null],
  );
  return { created: rows[0].created };
}

export async function touristExists(db: Sql, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from tourists where id = $1', [id]);
  return rows.length === 1;
}

/** Pairs a device with a tourist; a device paired again moves to the new tourist (devices are handed on). */
export async function pairDevice(tx: Sql, deviceId: string, touristId: string, bleAddress: string | undefined): Promise<void> {
  await tx.query(
    `insert into devices (id, tourist_id, ble_address) values ($1, $2, $3)
     on conflict (id) do update set tourist_id = excluded.tourist_id, ble_address = coalesce(excluded.ble_address, devices.ble_address)`,
    [deviceId, touristId, bleAddress ?? null],
  );
}
