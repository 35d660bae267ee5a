import type { DeviceEvent } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';

/**
 * Stores the events whose id is not stored yet, in one statement (all or none), in the sent order.
 * A phone retries a sync it never got an answer for; its ids make the retry store nothing twice, even
 * when two retries race or one batch repeats an id.
 */
export async function insertEventsSkippingStoredIds(tx: Sql, events: readonly DeviceEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `insert into events (id, type, device_id, tourist_id, payload, created_at)
     select id, type, "deviceId", "touristId", payload, "createdAt"
       from rows from (jsonb_to_recordset($1::jsonb)
              as (id text, type text, "deviceId" text, "touristId" text, payload jsonb, "createdAt" timestamptz))
            with ordinality as x(id, type, "deviceId", "touristId", payload, "createdAt", sent_order)
      order by sent_order
     on conflict (id) do nothing`,
    [JSON.stringify(events)],
  );
}
