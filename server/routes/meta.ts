import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DbModeResponse, ErrorResponse, RegionsResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { gateStatus } from '../db/priority-gate.ts';
import { defineRoute } from '../http/route.ts';
import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import { listRegions } from '../stores/regions.ts';
import { storeProblem } from '../db/store-check.ts';

/** A load balancer's probe gives up after a few seconds; answer before it does. */
const HEALTH_QUERY_LIMIT_MS = 2000;

const AppConfigResponse = z.object({
  ok: z.literal(true),
  map: z.object({ styleUrl: z.string().nullable(), tileUrl: z.string(), attribution: z.string() }),
  dashboard: z.object({ startRegionId: z.string() }),
});

/** The stream's and the database gate's figures, in the answer whether the store is up or not. */
const HealthFigures = z.object({
  streamClients: z.number(),
  streamPosition: z.number(),
  droppedSlowClients: z.number(),
  refusedStreamsOverTotalCap: z.number(),
  refusedStreamsOverAddressCap: z.number(),
  streamClientsFellBehind: z.number(),
  snapshotsInsteadOfReplay: z.number(),
  streamBacklogs: z.array(z.number()),
  /** Absent for a store without a gate (PGlite). */
  databaseGate: z
    .object({
      slots: z.number(),
      running: z.number(),
      waiting: z.object({ urgent: z.number(), normal: z.number(), background: z.number() }),
    })
    .optional(),
});
const HealthResponse = HealthFigures.extend({ ok: z.literal(true) });
const HealthFailure = ErrorResponse.extend(HealthFigures.shape);

const retryAfter = (ctx: AppContext) => ({ 'Retry-After': String(ctx.fallback.health.retryAfterSeconds) });

export async function metaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/regions',
      access: 'open',
      summary: 'Regions with centre, time zone and contacts (any origin: phones show the emergency numbers)',
      tags: ['meta'],
      response: RegionsResponse,
    },
    async () => ({ regions: await listRegions(ctx.db) }),
  );

  defineRoute(
    app,
    { method: 'GET', url: '/db-mode', summary: 'The storage in use', tags: ['meta'], response: DbModeResponse },
    async () => ({
      mode: ctx.db.mode,
    }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/app-config.json',
      tags: ['meta'],
      response: AppConfigResponse,
      summary:
        'Runtime settings for the dashboard: the basemap, and the region it opens on when the operator has chosen none',
    },
    async () => ({
      map: {
        styleUrl: ctx.config.mapStyleUrl ?? null,
        tileUrl: ctx.config.mapTileUrl,
        attribution: ctx.config.mapAttribution,
      },
      dashboard: { startRegionId: ctx.config.startRegionId ?? DEFAULT_REGION_ID },
    }),
  );

  app.get(
    '/healthz',
    { config: { access: 'public', response: HealthResponse, errorResponse: HealthFailure } },
    async (_request, reply) => {
      const { hub } = ctx;
      const stream = {
        streamClients: hub.clientCount,
        streamPosition: hub.position,
        droppedSlowClients: hub.droppedSlowClients,
        refusedStreamsOverTotalCap: hub.refusedOverTotalCap,
        refusedStreamsOverAddressCap: hub.refusedOverAddressCap,
        streamClientsFellBehind: hub.clientsFellBehind,
        snapshotsInsteadOfReplay: hub.snapshotsInsteadOfReplay,
        streamBacklogs: hub.backlogs,
        databaseGate: gateStatus(ctx.db),
      };
      const health = ctx.fallback.health.state;
      if (!health.available) {
        const error = `The store (${ctx.db.mode === 'postgres' ? 'PostgreSQL' : 'embedded'}) is unavailable since ${health.since}: ${health.reason}. New panics are journaled until it returns.`;
        return reply
          .code(503)
          .headers(retryAfter(ctx))
          .send({ ok: false, error, store: 'unavailable', ...stream });
      }
      const problem = await storeProblem(ctx.db, HEALTH_QUERY_LIMIT_MS);
      if (problem) return reply.code(503).send({ ok: false, error: problem, ...stream });
      return { ok: true, ...stream };
    },
  );
}
