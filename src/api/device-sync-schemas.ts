// The reference phone app's offline-sync and band routes, as zod schemas. Shapes follow the reference
// backend (its POST /sync/offline and POST /events/ble): entries are event-like, every field optional,
// and an entry's own deviceId/touristId win over the body's. Unknown fields are stripped, never stored.
import { z } from 'zod';
import { MAX_EVENTS_BATCH, idSchema, isoTime, optionalId } from './fields.ts';

/** One event as the phone queued it; the reference treats a missing or null field as "use the default". */
const QueuedEvent = z.object(
  {
    id: idSchema('id').nullish(),
    type: idSchema('type').nullish(),
    deviceId: optionalId('deviceId'),
    touristId: optionalId('touristId'),
    payload: z.unknown().optional(),
    createdAt: isoTime('createdAt').nullish(),
  },
  { error: 'each entry must be an object' },
);
export type QueuedEvent = z.infer<typeof QueuedEvent>;

// An empty list is a phone flushing an empty queue: the reference answered it with count 0, so do we.
const queuedEvents = (field: string) =>
  z
    .array(QueuedEvent, { error: `${field} must be a list of events` })
    .max(MAX_EVENTS_BATCH, `${field} must hold at most ${MAX_EVENTS_BATCH} events`);

export const OfflineSyncBody = z.object({
  deviceId: optionalId('deviceId'),
  batch: queuedEvents('batch'),
});
export type OfflineSyncBody = z.infer<typeof OfflineSyncBody>;

export const BandEventsBody = z.object({
  deviceId: optionalId('deviceId'),
  touristId: optionalId('touristId'),
  events: queuedEvents('events'),
});
export type BandEventsBody = z.infer<typeof BandEventsBody>;

/** A wristband's SOS (the reference phone app forwards it): no coordinates; every field is optional. */
export const BandPanicBody = z.object({
  deviceId: optionalId('deviceId'),
  touristDid: optionalId('touristDid'),
  events: z.array(z.unknown()).optional(),
  bandMetadata: z.unknown().optional(),
});
export type BandPanicBody = z.infer<typeof BandPanicBody>;
