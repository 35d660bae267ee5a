import type { FastifyInstance } from 'fastify';
import { pingKey } from '../../src/api/entities.ts';
import { PanicAlertsQuery } from '../../src/api/queries.ts';
import { PanicAlertBody, SoftAlertBody } from '../../src/api/requests.ts';
import { AlertsResponse, IncidentResponse, PanicAlertResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { buildIncident } from '../domain/incidents.ts';
import { readsAsDevice } from '../http/bearer.ts';
import { deviceWriter, ownReader, panicCaller } from '../http/device-identity.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import { defineRoute } from '../http/route.ts';
import { parsePanicRequest } from '../ingest/panic-request.ts';
import { idempotencyClaim, raisePanic } from '../ingest/panic.ts';
import { listAlerts } from '../stores/alerts.ts';
import { placementOf } from '../stores/geofences.ts';
import { insertIncident } from '../stores/incidents.ts';
import { noteSoftAlert } from '../watch/reported-again.ts';
import { serverClock } from '../domain/server-clock.ts';

export async function alertsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/panic-alert',
      access: 'device',
      summary:
        'Raise a panic alert (creates an incident); refused only for invalid coordinates; Idempotency-Key (per tourist or device) makes retries safe',
      tags: ['alerts'],
      requestHeaders: ['Idempotency-Key'],
      body: PanicAlertBody,
      bodyParsedBy: 'handler',
      anyContentType: true,
      status: 201,
      response: PanicAlertResponse,
    },
    async ({ request }) => {
      const parsed = parsePanicRequest(request.body);
      const { touristId, verification } = panicCaller(request, parsed.touristId);
      const panic = { ...parsed, touristId };
      const key = idempotencyKeyOf(request);
      const claim = key === undefined ? undefined : idempotencyClaim(key, panic, request.ip, 'panic-alert');
      return raisePanic(ctx, panic, { source: 'panic', verification }, claim);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/panic-alerts',
      summary:
        "Recent panic alerts, newest first, with their incident's type and status; with a device token (any origin) only " +
        "that tourist's, none for a Digital ID no supervisor has bound yet nor for a phone's page on another site without a token",
      tags: ['alerts'],
      query: PanicAlertsQuery,
      response: AlertsResponse,
      deviceReads: true,
    },
    async ({ query, request }) => {
      if (!readsAsDevice(request)) {
        const alerts = await listAlerts(ctx.db, query.limit);
        return { alerts, count: alerts.length };
      }
      const touristId = ownReader(request);
      const alerts = touristId === null ? [] : await listAlerts(ctx.db, query.limit, touristId);
      return { alerts, count: alerts.length };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/soft-alert',
      access: 'device',
      summary: 'Raise a soft alert (safe, low_battery, status): a low-severity incident',
      tags: ['alerts'],
      body: SoftAlertBody,
      status: 201,
      response: IncidentResponse,
    },
    async ({ body, request }) => {
      const device = deviceWriter(request, ctx.config, 'other');
      const touristId = device.touristFor(body.touristId);
      return ctx.write(async (tx, emit) => {
        const { regionId, zone } = await placementOf(tx, body.latitude, body.longitude, (point) =>
          ctx.regionBoundaries.regionOf(point),
        );
        const incident = buildIncident({
          type: body.type,
          source: 'soft',
          place: { latitude: body.latitude, longitude: body.longitude, regionId, zone },
          touristId,
          deviceId: body.deviceId ?? null,
          createdAt: serverClock.iso(),
          verification: device.verification,
        });
        await insertIncident(tx, incident);
        emit({ type: 'incident_update', incident });
        await noteSoftAlert(tx, emit, pingKey(incident), body.type, {
          at: incident.createdAt,
          latitude: body.latitude,
          longitude: body.longitude,
        });
        return { incident };
      });
    },
  );
}
