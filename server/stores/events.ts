import type { DeviceEvent } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface EventRow {
  id: string;
  type: string;
  device_id: string | null;
  tourist_id: string | null;
  payload: unknown;
  created_at: Date | string;
}

function eventFromRow(row: EventRow): DeviceEvent {
  return {
    id: row.id,
    type: row.type,
    deviceId: row.device_id,
    touristId: row.tourist_id,
    payload: row.payload ?? null,
    createdAt: iso(row.created_at),
  };
}

/**
 * One statement for the whole list (all stored or none); `position` keeps the sent order among events of
 * the same time. With `skipStoredIds`, an event whose id is already stored (a phone retrying a sync it
 * never got an answer for, even two retries racing, or one batch repeating an id) is not stored twice.
 * Answers the ids this call stored.
 */
export async function insertEvents(
  tx: Sql,
  events: readonly DeviceEvent[],
  options: { skipStoredIds?: boolean } = {},
): Promise<string[]> {
  if (events.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `insert into events (id, type, device_id, tourist_id, payload, created_at)
     select id, type, "deviceId", "touristId", payload, "createdAt"
       from rows from (jsonb_to_recordset($1::jsonb)
              as (id text, type text, "deviceId" text, "touristId" text, payload jsonb, "createdAt" timestamptz))
            with ordinality as x(id, type, "deviceId", "touristId", payload, "createdAt", sent_order)
      order by sent_order
     ${options.skipStoredIds ? 'on conflict (id) do nothing' : ''}
     returning id`,
    [JSON.stringify(events)],
  );
  return rows.map((row) => row.id);
}

/** The events this insert stored, each once (a batch repeating an id stored its first). */
export function storedOnes(events: readonly DeviceEvent[], storedIds: readonly string[]): DeviceEvent[] {
  const pending = new Set(storedIds);
  return events.filter((event) => pending.delete(event.id));
}

/** Newest first; with `touristId`, only that tourist's (a device token reads its own events only). */
export async function listEvents(db: Sql, limit: number, touristId?: string): Promise<DeviceEvent[]> {
  // Two statements, not one with "$2 is null or": the unfiltered list keeps its plan on the index.
  const { rows } =
    touristId === undefined
      ? await db.query<EventRow>('select * from events order by created_at desc, position desc limit $1', [limit])
      : await db.query<EventRow>(
          'select * from events where tourist_id = $2 order by created_at desc, position desc limit $1',
          [limit, touristId],
        );
  return rows.map(eventFromRow);
}
