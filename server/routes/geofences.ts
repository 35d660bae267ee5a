import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Geofence } from '../../src/api/entities.ts';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import { GeofencesQuery } from '../../src/api/queries.ts';
import { GeofenceBody } from '../../src/api/requests.ts';
import { GeofencesResponse } from '../../src/api/responses.ts';
import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { defineRoute } from '../http/route.ts';
import { geofencesById, listGeofences, saveGeofence, type GeofenceInput } from '../stores/geofences.ts';
import { recordZoneWrite, requireEnclosingOutline, requireKnownRegion } from '../zones/zone-writes.ts';
import { exportZones } from '../zones/zone-export.ts';
import { zonesRoutes } from './zones.ts';

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

export async function geofencesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/geofences',
      access: 'open',
      summary:
        'Risk zones, of one region or all (any origin: phones show the zone they are in); `format=geojson` or `kml` answers them as a file to download',
      tags: ['geofences'],
      query: GeofencesQuery,
      response: GeofencesResponse,
    },
    async ({ query, reply }) =>
      query.format
        ? exportZones(ctx.db, query.format, query.regionId, reply)
        : { geofences: await listGeofences(ctx.db, query.regionId) },
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
      requireEnclosingOutline(body.polygon);
      const input = geofenceFromBody(body);
      const { geofence, created } = await ctx.write(async (tx, emit) => {
        await requireKnownRegion(tx, input.regionId);
        // An overwritten zone's previous value goes to the audit trail: zones decide where panics are routed.
        const [previous] = await geofencesById(tx, [input.id], true);
        const saved = await saveGeofence(tx, input, whoActs(request).actor);
        await recordZoneWrite(tx, emit, whoActs(request), 'geofence.save', {
          previous: previous ?? null,
          saved: saved.geofence,
        });
        return saved;
      });
      return reply.code(created ? 201 : 200).send({ ok: true, geofence });
    },
  );

  await zonesRoutes(app, ctx);
}
