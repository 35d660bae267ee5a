import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Alert,
  AlertsResponse,
  Incident,
  IncidentResponse,
  MAX_ID_LENGTH,
  PanicAlertBody,
  PanicAlertsQuery,
  SoftAlertBody,
} from '../../src/api/schemas.ts';
import type { AppContext } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { insertAlert, listAlerts } from '../stores/alerts.ts';
import { placementOf } from '../stores/geofences.ts';
import { claimIdempotencyKey, findIdempotencyKey, requestHash } from '../stores/idempotency.ts';
import { insertIncident } from '../stores/incidents.ts';

const PanicAlertResponse = z.object({ ok: z.literal(true), alert: Alert, incident: Incident });

type PanicAnswer = { alert: Alert; incident: Incident };

/** The Idempotency-Key header, checked; keys live in their own namespace per route. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (key.length === 0 || key.length > MAX_ID_LENGTH) {
    throw new HttpError(400, `The Idempotency-Key header must be 1 to ${MAX_ID_LENGTH} characters long.`, [
      { path: 'Idempotency-Key', message: `must be 1 to ${MAX_ID_LENGTH} characters long` },
    ]);
  }
  return `panic-alert:${key}`;
}

/** `touristId: null` and an absent touristId ask for the same alert, so they hash the same. */
function panicRequestIdentity(body: PanicAlertBody): unknown {
  return {
    latitude: body.latitude,
    longitude: body.longitude,
    touristId: body.touristId ?? null,
    deviceId: body.deviceId ?? null,
    at: body.at === undefined ? null : new Date(body.at).toISOString(),
  };
}

async function buildPanic(tx: Sql, body: PanicAlertBody): Promise<PanicAnswer> {
  const { regionId, zone } = await placementOf(tx, body.latitude, body.longitude);
  const at = body.at === undefined ? new Date().toISOString() : new Date(body.at).toISOString();
  const touristId = body.touristId ?? null;
  const deviceId = body.deviceId ?? null;
  const incident: Incident = {
    id: `inc-${randomUUID()}`,
    type: 'panic',
    severity: 'high',
    status: 'open',
    latitude: body.latitude,
    longitude: body.longitude,
    createdAt: at,
    acknowledgedAt: null,
    resolvedAt: null,
    regionId,
    touristId,
    deviceId,
    meta: { source: 'panic', ...zone },
  };
  const alert: Alert = {
    id: `alert-${randomUUID()}`,
    incidentId: incident.id,
    latitude: body.latitude,
    longitude: body.longitude,
    at,
    regionId,
    touristId,
    deviceId,
    ...zone,
  };
  return { alert, incident };
}

export async function alertsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/panic-alert',
      summary: 'Raise a panic alert (creates an incident); Idempotency-Key makes retries safe',
      tags: ['alerts'],
      body: PanicAlertBody,
      status: 201,
      response: PanicAlertResponse,
    },
    async ({ body, request }) => {
      const key = idempotencyKeyOf(request);
      const hash = requestHash(panicRequestIdentity(body));
      return ctx.write(async (tx, emit): Promise<PanicAnswer> => {
        const answer = await buildPanic(tx, body);
        // Claimed before anything is written: a concurrent duplicate waits here for the first to commit.
        if (key && !(await claimIdempotencyKey(tx, key, hash, answer))) {
          const earlier = await findIdempotencyKey<PanicAnswer>(tx, key);
          if (!earlier) throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; retry shortly.');
          if (earlier.requestHash !== hash) {
            throw new HttpError(422, 'This Idempotency-Key was already used with a different request body.');
          }
          return earlier.response;
        }
        await insertIncident(tx, answer.incident);
        await insertAlert(tx, answer.alert);
        emit({ type: 'alert', alert: answer.alert }, { type: 'incident_update', incident: answer.incident });
        return answer;
      });
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/panic-alerts', summary: 'Recent panic alerts, newest first', tags: ['alerts'], query: PanicAlertsQuery, response: AlertsResponse },
    async ({ query }) => {
      const alerts = await listAlerts(ctx.db, query.limit);
      return { alerts, count: alerts.length };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/soft-alert',
      summary: 'Raise a soft alert (safe, low_battery, status): a low-severity incident',
      tags: ['alerts'],
      body: SoftAlertBody,
      status: 201,
      response: IncidentResponse,
    },
    async ({ body }) => {
      return ctx.write(async (tx, emit) => {
        const { regionId, zone } = await placementOf(tx, body.latitude, body.longitude);
        const incident: Incident = {
          id: `inc-${randomUUID()}`,
          type: body.type,
          severity: 'low',
          status: 'open',
          latitude: body.latitude,
          longitude: body.longitude,
          createdAt: new Date().toISOString(),
          acknowledgedAt: null,
          resolvedAt: null,
          regionId,
          touristId: body.touristId ?? null,
          deviceId: body.deviceId ?? null,
          meta: { source: 'soft', ...zone },
        };
        await insertIncident(tx, incident);
        emit({ type: 'incident_update', incident });
        return { incident };
      });
    },
  );
}
