// The units sent to incidents (issue 34 point 4): one row per dispatch, its state and the times of its steps.
import { randomUUID } from 'node:crypto';
import type { Dispatch, DispatchStep } from '../../src/api/responders.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface DispatchRow {
  id: string;
  incident_id: string;
  unit_id: string | null;
  unit_name: string;
  unit_kind: Dispatch['unitKind'];
  state: Dispatch['state'];
  dispatched_at: Date | string;
  dispatched_by: string;
  on_scene_at: Date | string | null;
  closed_at: Date | string | null;
  closed_by: string | null;
}

function dispatchFromRow(row: DispatchRow): Dispatch {
  return {
    id: row.id,
    incidentId: row.incident_id,
    unitId: row.unit_id,
    unitName: row.unit_name,
    unitKind: row.unit_kind,
    state: row.state,
    dispatchedAt: iso(row.dispatched_at),
    dispatchedBy: row.dispatched_by,
    onSceneAt: iso(row.on_scene_at),
    closedAt: iso(row.closed_at),
    closedBy: row.closed_by,
  };
}

export async function insertDispatch(
  tx: Sql,
  input: {
    incidentId: string;
    unitId: string | null;
    unitName: string;
    unitKind: Dispatch['unitKind'];
    at: string;
    by: string;
  },
): Promise<Dispatch> {
  const { rows } = await tx.query<DispatchRow>(
    `insert into incident_dispatches (id, incident_id, unit_id, unit_name, unit_kind, state, dispatched_at, dispatched_by)
     values ($1, $2, $3, $4, $5, 'dispatched', $6, $7) returning *`,
    [
      `dsp_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
      input.incidentId,
      input.unitId,
      input.unitName,
      input.unitKind,
      input.at,
      input.by,
    ],
  );
  return dispatchFromRow(rows[0]);
}

export async function findDispatch(db: Sql, id: string, forUpdate = false): Promise<Dispatch | undefined> {
  const { rows } = await db.query<DispatchRow>(
    `select * from incident_dispatches where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] && dispatchFromRow(rows[0]);
}

export async function recordDispatchStep(
  tx: Sql,
  id: string,
  step: DispatchStep,
  at: string,
  by: string,
): Promise<Dispatch> {
  const { rows } = await tx.query<DispatchRow>(
    step === 'on_scene'
      ? `update incident_dispatches set state = $2, on_scene_at = $3 where id = $1 returning *`
      : `update incident_dispatches set state = $2, closed_at = $3, closed_by = $4 where id = $1 returning *`,
    step === 'on_scene' ? [id, step, at] : [id, step, at, by],
  );
  return dispatchFromRow(rows[0]);
}

/** An incident's dispatches, oldest first. */
export async function listDispatches(db: Sql, incidentId: string): Promise<Dispatch[]> {
  const { rows } = await db.query<DispatchRow>(
    'select * from incident_dispatches where incident_id = $1 order by dispatched_at, id',
    [incidentId],
  );
  return rows.map(dispatchFromRow);
}

/** The first dispatch of each incident among `ids` (the export's unit and outcome columns). */
export async function firstDispatches(db: Sql, ids: readonly string[]): Promise<Map<string, Dispatch>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<DispatchRow>(
    `select distinct on (incident_id) * from incident_dispatches where incident_id = any($1::text[]) order by incident_id, dispatched_at, id`,
    [ids],
  );
  return new Map(rows.map((row) => [row.incident_id, dispatchFromRow(row)]));
}
