import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BandEventsBody, OfflineSyncBody, type QueuedEvent } from '../../src/api/device-sync-schemas.ts';
import type { DeviceEvent } from '../../src/api/entities.ts';
import { MAX_BATCH_BODY_BYTES } from '../../src/api/fields.ts';
import { CountResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { deviceWriter } from '../http/device-identity.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { raiseEventPanics, takenIfOnlyPanics } from '../ingest/event-panics.ts';
import { StoreUnavailableError } from '../db/store-errors.ts';
import type { PanicOrigin } from '../ingest/panic.ts';
import { insertEvents, storedOnes } from '../stores/events.ts';
import { applyEventsToWatch } from '../watch/band-incidents.ts';
import { serverClock } from '../domain/server-clock.ts';

/** Queued entries that record a panic: stored whatever the device token says, like every panic. */
const PANIC_TYPES = new Set(['panic', 'sos', 'fall', 'panic_alert', 'band_sos']);

/** Where the entries came from: the panic's source and how a "reported again" names them. */
interface Origin {
  source: PanicOrigin['source'];
  what: string;
}

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

const isPanic = (entry: QueuedEvent, defaults: Defaults) =>
  PANIC_TYPES.has((entry.type ?? defaults.type).toLowerCase());

/**
 * Stores a phone's queued entries, each with the tourist the device token proves (403 for an entry naming
 * another). An `sos` or `fall` raises its panic first, whatever follows (issue 32). A call refused for its
 * token (401, 403) still stores its panic entries, as sent; a stored call applies its entries to the watch.
 */
async function storeQueued(
  ctx: AppContext,
  request: FastifyRequest,
  list: string,
  sent: QueuedEvent[],
  defaults: Defaults,
  origin: Origin,
): Promise<number> {
  // Every entry's id is fixed first: the panic an SOS raises is the one of this event id, however often it comes.
  const entries = sent.map((entry) => ({ ...entry, id: entry.id ?? randomUUID() }));
  const reportedAt = (entry: QueuedEvent) => (entry.createdAt == null ? null : new Date(entry.createdAt).toISOString());
  await raiseEventPanics(
    ctx,
    request,
    entries.map((entry) => ({ ...toDeviceEvent(entry, defaults), reportedAt: reportedAt(entry) })),
    origin.source,
  );
  const panics = entries.filter((entry) => isPanic(entry, defaults));
  try {
    const device = deviceWriter(request, ctx.config, 'gps-or-events');
    const events = entries.map((entry, i) => {
      const named = entry.touristId ?? defaults.touristId;
      const touristId = isPanic(entry, defaults)
        ? (named ?? device.touristFor(null))
        : device.touristFor(named, entry.touristId == null ? 'touristId' : `${list}.${i}.touristId`);
      return toDeviceEvent({ ...entry, touristId }, defaults);
    });
    await ctx.write(async (tx, emit) => {
      const stored = storedOnes(events, await insertEvents(tx, events, { skipStoredIds: true }));
      await applyEventsToWatch(ctx, tx, emit, stored, device.verification, defaults.receivedAt, origin.what);
    });
    return events.length;
  } catch (error) {
    if (!(error instanceof HttpError) || panics.length === 0) throw error;
    // The panics are journaled and will be stored; only a call of nothing else is answered as taken.
    if (error instanceof StoreUnavailableError) {
      takenIfOnlyPanics(ctx, error, panics.length, entries.length);
      return entries.length;
    }
    await insertEvents(
      ctx.db,
      panics.map((entry) => toDeviceEvent(entry, defaults)),
      { skipStoredIds: true },
    );
    const stored = panics.length === 1 ? 'Its panic entry was' : `Its ${panics.length} panic entries were`;
    throw new HttpError(error.statusCode, `${error.message} ${stored} stored all the same.`);
  }
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
      summary:
        "The phone's offline queue, stored as events (type defaults to offline); a retry with the same ids stores nothing twice. " +
        "An sos or fall entry raises a panic first (never refused; once per entry id), heart_rate or spo2 outside the region's watch bounds a vitals incident, removed or tamper a band_removed incident",
      tags: ['events'],
      body: OfflineSyncBody,
      status: 201,
      response: CountResponse,
      bodyLimit: MAX_BATCH_BODY_BYTES,
    },
    async ({ body, request }) => {
      const defaults = {
        type: 'offline',
        deviceId: body.deviceId ?? null,
        touristId: null,
        receivedAt: serverClock.iso(),
      };
      return {
        count: await storeQueued(ctx, request, 'batch', body.batch, defaults, {
          source: 'panic',
          what: 'Offline sync entry',
        }),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/events/ble',
      access: 'device',
      summary:
        "Events from the tourist's band, stored as events (type defaults to ble); a retry with the same ids stores nothing twice. " +
        "An sos or fall event raises a panic first (never refused; once per event id), heart_rate or spo2 outside the region's watch bounds a vitals incident, removed or tamper a band_removed incident",
      tags: ['events'],
      body: BandEventsBody,
      status: 201,
      response: CountResponse,
      bodyLimit: MAX_BATCH_BODY_BYTES,
    },
    async ({ body, request }) => {
      const defaults = {
        type: 'ble',
        deviceId: body.deviceId ?? null,
        touristId: body.touristId ?? null,
        receivedAt: serverClock.iso(),
      };
      return {
        count: await storeQueued(ctx, request, 'events', body.events, defaults, { source: 'band', what: 'Band event' }),
      };
    },
  );
}
