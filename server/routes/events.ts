import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DeviceEvent } from '../../src/api/entities.ts';
import { EventsQuery } from '../../src/api/queries.ts';
import { EventsBody } from '../../src/api/requests.ts';
import { CountResponse, EventsResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { deviceWriter, readerTourist } from '../http/device-identity.ts';
import { defineRoute } from '../http/route.ts';
import { insertEvents, listEvents } from '../stores/events.ts';

export async function eventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    { method: 'GET', url: '/events', summary: 'Device and geofence events, newest first', tags: ['events'], query: EventsQuery, response: EventsResponse },
    async ({ query, request }) => ({ events: await listEvents(ctx.db, query.limit, readerTourist(request)) }),
  );

  defineRoute(
    app,
    { method: 'POST', url: '/events', access: 'device', summary: 'Events a device reports (BLE, offline, ...), stored together', tags: ['events'], body: EventsBody, status: 201, response: CountResponse },
    async ({ body, request }) => {
      const touristId = deviceWriter(request, ctx.config, 'gps-or-events').touristFor(body.touristId);
      const receivedAt = new Date().toISOString();
      const events: DeviceEvent[] = body.events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        deviceId: body.deviceId ?? null,
        touristId,
        payload: event.payload ?? null,
        createdAt: event.createdAt === undefined ? receivedAt : new Date(event.createdAt).toISOString(),
      }));
      await insertEvents(ctx.db, events);
      return { count: events.length };
    },
  );
}
