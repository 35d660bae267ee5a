import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DeviceEvent } from '../../src/api/entities.ts';
import { EventsQuery } from '../../src/api/queries.ts';
import { EventsBody } from '../../src/api/requests.ts';
import { CountResponse, EventsResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { deviceWriter, readerTourist } from '../http/device-identity.ts';
import { defineRoute } from '../http/route.ts';
import { raiseEventPanics, takenIfOnlyPanics } from '../ingest/event-panics.ts';
import { StoreUnavailableError } from '../db/store-errors.ts';
import { insertEvents, listEvents, storedOnes } from '../stores/events.ts';
import { applyEventsToWatch } from '../watch/band-incidents.ts';
import { serverClock } from '../domain/server-clock.ts';

export async function eventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/events',
      summary: 'Device and geofence events, newest first',
      tags: ['events'],
      query: EventsQuery,
      response: EventsResponse,
    },
    async ({ query, request }) => ({ events: await listEvents(ctx.db, query.limit, readerTourist(request)) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/events',
      access: 'device',
      summary:
        'Events a device reports (BLE, offline, ...), stored together. An sos or fall event raises a panic first (never refused; once per event id), ' +
        "heart_rate or spo2 outside the region's watch bounds a vitals incident, removed or tamper a band_removed incident",
      tags: ['events'],
      body: EventsBody,
      status: 201,
      response: CountResponse,
    },
    async ({ body, request }) => {
      const receivedAt = serverClock.iso();
      const sent = body.events.map((event) => ({ ...event, id: event.id ?? randomUUID() }));
      // An SOS or a fall is a panic: raised before the token is even looked at (issue 32).
      const named = (event: (typeof sent)[number]) => ({
        id: event.id,
        type: event.type,
        deviceId: body.deviceId ?? null,
        touristId: body.touristId ?? null,
        payload: event.payload ?? null,
        reportedAt: event.createdAt === undefined ? null : new Date(event.createdAt).toISOString(),
      });
      const panics = await raiseEventPanics(ctx, request, sent.map(named), 'band');
      const device = deviceWriter(request, ctx.config, 'gps-or-events');
      const touristId = device.touristFor(body.touristId);
      const events: DeviceEvent[] = sent.map((event) => ({
        id: event.id,
        type: event.type,
        deviceId: body.deviceId ?? null,
        touristId,
        payload: event.payload ?? null,
        createdAt: event.createdAt === undefined ? receivedAt : new Date(event.createdAt).toISOString(),
      }));
      await ctx
        .write(async (tx, emit) => {
          const stored = storedOnes(events, await insertEvents(tx, events, { skipStoredIds: true }));
          await applyEventsToWatch(ctx, tx, emit, stored, device.verification, receivedAt, 'Device event');
        })
        .catch((error: unknown) => {
          // The panics are journaled and will be stored; only a call of nothing else is answered as taken.
          if (!(error instanceof StoreUnavailableError) || panics.length === 0) throw error;
          takenIfOnlyPanics(ctx, error, panics.length, events.length);
        });
      return { count: events.length };
    },
  );
}
