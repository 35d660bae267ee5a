import { randomUUID } from 'node:crypto';
import type { DidBinding, DidUse } from '../../src/api/did-binding.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface BindingRow {
  did_id: string;
  tourist_id: string;
  tourist_name: string | null;
  bound_by: string;
  bound_at: Date | string;
}

const bindingFromRow = (row: BindingRow): DidBinding => ({
  didId: row.did_id,
  touristId: row.tourist_id,
  touristName: row.tourist_name,
  boundBy: row.bound_by,
  boundAt: iso(row.bound_at),
});

const CURRENT_BINDING = `
  select b.did_id, b.tourist_id, t.name as tourist_name, b.bound_by, b.bound_at
    from did_bindings b left join tourists t on t.id = b.tourist_id
   where b.unbound_at is null`;

export async function currentBinding(db: Sql, didId: string): Promise<DidBinding | null> {
  const { rows } = await db.query<BindingRow>(`${CURRENT_BINDING} and b.did_id = $1`, [didId]);
  return rows.length === 0 ? null : bindingFromRow(rows[0]);
}

export async function insertBinding(
  tx: Sql,
  didId: string,
  touristId: string,
  boundBy: string,
  at: string,
): Promise<void> {
  await tx.query('insert into did_bindings (id, did_id, tourist_id, bound_by, bound_at) values ($1, $2, $3, $4, $5)', [
    randomUUID(),
    didId,
    touristId,
    boundBy,
    at,
  ]);
}

export async function endBinding(tx: Sql, didId: string, unboundBy: string, at: string): Promise<void> {
  await tx.query(
    `update did_bindings set unbound_by = $2, unbound_at = $3, changed = nextval('did_binding_changes')
      where did_id = $1 and unbound_at is null`,
    [didId, unboundBy, at],
  );
}

/** Every DID whose binding changed after `since` (a `changed` number), with the tourist it now proves. */
export async function bindingChangesSince(
  db: Sql,
  since: number,
): Promise<{ changes: Map<string, string | null>; last: number }> {
  const { rows } = await db.query<{ did_id: string; tourist_id: string; unbound: boolean; changed: string | number }>(
    'select did_id, tourist_id, unbound_at is not null as unbound, changed from did_bindings where changed > $1 order by changed',
    [since],
  );
  const changes = new Map<string, string | null>();
  let last = since;
  for (const row of rows) {
    // A later row for the same DID (a rebinding after an unbind) comes after, and wins.
    if (!row.unbound) changes.set(row.did_id, row.tourist_id);
    else if (!changes.has(row.did_id) || changes.get(row.did_id) === null) changes.set(row.did_id, null);
    last = Math.max(last, Number(row.changed));
  }
  return { changes, last };
}

/** Notes that an unbound DID's token was sent naming `touristId`; repeated uses count up. */
export async function recordDidUse(tx: Sql, didId: string, touristId: string, at: string): Promise<void> {
  await tx.query(
    `insert into did_uses (did_id, tourist_id, first_at, last_at) values ($1, $2, $3, $3)
     on conflict (did_id, tourist_id) do update set last_at = greatest(did_uses.last_at, excluded.last_at), uses = did_uses.uses + 1`,
    [didId, touristId, at],
  );
}

interface UseRow {
  did_id: string;
  tourist_id: string;
  name: string | null;
  registered: boolean;
  first_at: Date | string;
  last_at: Date | string;
  uses: number;
}

const useFromRow = (row: UseRow): DidUse => ({
  didId: row.did_id,
  touristId: row.tourist_id,
  touristName: row.name,
  registered: row.registered,
  firstAt: iso(row.first_at),
  lastAt: iso(row.last_at),
  uses: Number(row.uses),
});

const USES = `
  select u.did_id, u.tourist_id, t.name, t.id is not null as registered, u.first_at, u.last_at, u.uses
    from did_uses u left join tourists t on t.id = u.tourist_id`;

/** The tourists a DID was used with, most recent first (a phone may have registered twice). */
export async function usesOfDid(db: Sql, didId: string): Promise<DidUse[]> {
  const { rows } = await db.query<UseRow>(`${USES} where u.did_id = $1 order by u.last_at desc limit 20`, [didId]);
  return rows.map(useFromRow);
}

/** The DIDs used with a tourist, most recent first: for the ID card's QR code, which names the tourist only. */
export async function didsUsedWith(db: Sql, touristId: string): Promise<string[]> {
  const { rows } = await db.query<{ did_id: string }>(
    'select did_id from did_uses where tourist_id = $1 order by last_at desc limit 20',
    [touristId],
  );
  return rows.map((row) => row.did_id);
}

export async function didWasIssued(db: Sql, didId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from did_anchors where did_id = $1 limit 1', [didId]);
  return rows.length === 1;
}
