import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BandEventsBody, OfflineSyncBody, type QueuedEvent } from '../../src/api/device-sync-schemas.ts';
import type { DeviceEvent } from '../../src/api/entities.ts';
import { MAX_BATCH_BODY_BYTES } from '../../src/api/fields.ts';
import { CountResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { defineRoute } from '../http/route.ts';
import { insertEvents } from '../stores/events.ts';

interface Defaults {
  type: string;
  deviceId: string | null;
  touristId: string | null;
  receivedAt: string;
}

/** An entry's own fields win; what it leaves out comes from the body, then from the route. */
function toDeviceEvent(entry: QueuedEvent, defaults: Defaults): DeviceEvent {
  return {
    id: entry.id ?? randomUUID(),
    type: entry.type ?? defaults.type,
    deviceId: entry.deviceId ?? defaults.deviceId,
    touristId: entry.touristId ?? defaults.touristId,
    payload: entry.payload ?? null,
    createdAt: entry.createdAt == null ? defaults.receivedAt : new Date(entry.createdAt).toISOString(),
  };
}

/**
 * The reference phone app's routes: its offline queue and its band's BLE events, stored as events.
 * Bodies may be larger than 64 KiB: 1000 entries with ids and times do not fit, and the reference
 * accepted 100 KB.
 */
export async function deviceSyncRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/sync/offline',
      access: 'device',
      summary: "The phone's offline queue, stored as events (type defaults to offline); a retry with the same ids stores nothing twice",
      tags: ['events'],
      body: OfflineSyncBody,
      status: 201,
      response: CountResponse,
      bodyLimit: MAX_BATCH_BODY_BYTES,
    },
    async ({ body }) => {
      const defaults = { type: 'offline', deviceId: body.deviceId ?? null, touristId: null, receivedAt: new Date().toISOString() };
      const events = body.batch.map((entry) => toDeviceEvent(entry, defaults));
      await insertEvents(ctx.db, events, { skipStoredIds: true });
      return { count: events.length };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/events/ble',
      access: 'device',
      summary: "Events from the tourist's band, stored as events (type defaults to ble); a retry with the same ids stores nothing twice",
      tags: ['events'],
      body: BandEventsBody,
      status: 201,
      response: CountResponse,
      bodyLimit: MAX_BATCH_BODY_BYTES,
    },
    async ({ body }) => {
      const defaults = { type: 'ble', deviceId: body.deviceId ?? null, touristId: body.touristId ?? null, receivedAt: new Date().toISOString() };
      const events = body.events.map((entry) => toDeviceEvent(entry, defaults));
      await insertEvents(ctx.db, events, { skipStoredIds: true });
      return { count: events.length };
    },
  );
}
