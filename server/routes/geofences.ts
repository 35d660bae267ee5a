import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Geofence } from '../../src/api/entities.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { GeofencesQuery } from '../../src/api/queries.ts';
import { GeofenceBody } from '../../src/api/requests.ts';
import { GeofencesResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { geofencesById, listGeofences, saveGeofence, type GeofenceInput } from '../stores/geofences.ts';
import { DEFAULT_REGION_ID, regionIds } from '../stores/regions.ts';

const GeofenceResponse = z.object({ ok: z.literal(true), geofence: Geofence });

export function geofenceFromBody(body: GeofenceBody): GeofenceInput {
  const id = body.id ?? `gf-${randomUUID()}`;
  return {
    id,
    name: body.name ?? id,
    riskLevel: body.riskLevel,
    regionId: body.regionId ?? DEFAULT_REGION_ID,
    polygon: body.polygon,
    ...(body.meta !== undefined && { meta: body.meta }),
  };
}

/**
 * A zone in an unknown region would re-route the panics inside it out of every operator's region filter,
 * so its region must be one `/regions` lists.
 */
async function requireKnownRegion(db: Sql, regionId: string): Promise<void> {
  const known = await regionIds(db);
  if (known.includes(regionId)) return;
  const message = `regionId must name a known region (GET /regions): one of ${known.join(', ')}`;
  throw new HttpError(400, `Invalid request body: ${message}.`, [{ path: 'regionId', message }]);
}

export async function geofencesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    { method: 'GET', url: '/geofences', access: 'open', summary: 'Risk zones, of one region or all (any origin: phones show the zone they are in)', tags: ['geofences'], query: GeofencesQuery, response: GeofencesResponse },
    async ({ query }) => ({ geofences: await listGeofences(ctx.db, query.regionId) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/geofences',
      role: LEAST_ROLE.seedGeofence,
      summary:
        'Create (201) or replace by id (200) a risk zone in a known region (absent: `default`); a replaced zone keeps its meta unless meta is sent',
      tags: ['geofences'],
      body: GeofenceBody,
      status: 201,
      response: GeofenceResponse,
    },
    async ({ body, reply, request }) => {
      const input = geofenceFromBody(body);
      const { geofence, created } = await ctx.write(async (tx) => {
        await requireKnownRegion(tx, input.regionId);
        // An overwritten zone's previous value goes to the audit trail: zones decide where panics are routed.
        const [previous] = await geofencesById(tx, [input.id], true);
        const saved = await saveGeofence(tx, input);
        await appendAudit(tx, { ...whoActs(request), action: 'geofence.save', target: saved.geofence.id, detail: { previous: previous ?? null, saved: saved.geofence } });
        return saved;
      });
      return reply.code(created ? 201 : 200).send({ ok: true, geofence });
    },
  );
}
