import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GpsPing } from '../../src/api/entities.ts';
import { MAX_BATCH_BODY_BYTES } from '../../src/api/fields.ts';
import { GpsHistoryQuery, GpsLastQuery } from '../../src/api/queries.ts';
import { GpsBatchBody, GpsUpdateBody } from '../../src/api/requests.ts';
import { CountResponse, GpsHistoryResponse, PingsResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { deviceWriter, readerTourist } from '../http/device-identity.ts';
import { defineRoute, JsonFieldAnswer } from '../http/route.ts';
import { keyedPing } from '../ingest/pings.ts';
import { gpsHistoryJson, lastPositionsJson } from '../stores/gps-json.ts';
import { serverClock } from '../domain/server-clock.ts';

/** Without `minutes`, trails cover the last day: older keys are gone from the map and only cost a scan. */
export const DEFAULT_HISTORY_MINUTES = 24 * 60;

/**
 * Points one history answer may hold: the store serves one query at a time on PGlite, so no read may hold
 * it long. A large per-key limit therefore covers fewer keys (the 200 × 50 default fits).
 */
export const MAX_HISTORY_POINTS = 20_000;

const PingResponse = z.object({ ok: z.literal(true), ping: GpsPing });

export async function gpsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/gps/update',
      access: 'device',
      summary: 'One GPS ping; raises geofence entries and exits',
      tags: ['gps'],
      body: GpsUpdateBody,
      status: 201,
      response: PingResponse,
    },
    async ({ body, request }) => {
      const device = deviceWriter(request, ctx.config, 'gps-or-events');
      const ping = keyedPing({ ...body, touristId: device.touristFor(body.touristId) }, serverClock.now());
      await ctx.pings.store({ pings: [ping], verification: device.verification });
      const { key: _key, ...stored } = ping;
      return { ping: stored };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/gps/batch',
      access: 'device',
      summary: 'Up to 1000 GPS pings at once (offline sync, high-rate devices), all stored or none',
      tags: ['gps'],
      body: GpsBatchBody,
      bodyLimit: MAX_BATCH_BODY_BYTES,
      status: 201,
      response: CountResponse,
    },
    async ({ body, request }) => {
      const device = deviceWriter(request, ctx.config, 'gps-or-events');
      const receivedAt = serverClock.now();
      const pings = body.pings.map((ping, i) =>
        keyedPing({ ...ping, touristId: device.touristFor(ping.touristId, `pings.${i}.touristId`) }, receivedAt),
      );
      await ctx.pings.store({ pings, verification: device.verification });
      return { count: pings.length };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/gps/last',
      summary:
        'Last position per tourist or device seen in the last sinceMinutes (0 = ever), newest first, at most limit',
      tags: ['gps'],
      query: GpsLastQuery,
      response: PingsResponse,
    },
    async ({ query, request }) => {
      const since = query.sinceMinutes > 0 ? new Date(serverClock.nowMs() - query.sinceMinutes * 60_000) : undefined;
      const pings = await lastPositionsJson(ctx.db, { since, limit: query.limit, key: readerTourist(request) });
      return new JsonFieldAnswer('pings', pings);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/gps/history',
      summary:
        `Recent trail per key, oldest point first (last 24 h unless minutes is given), for the keys seen most recently; ` +
        `at most ${MAX_HISTORY_POINTS} points, so a large limit covers fewer keys`,
      tags: ['gps'],
      query: GpsHistoryQuery,
      response: GpsHistoryResponse,
    },
    async ({ query, request }) => {
      const minutes = query.minutes && query.minutes > 0 ? query.minutes : DEFAULT_HISTORY_MINUTES;
      const keys = Math.min(query.keys, Math.floor(MAX_HISTORY_POINTS / query.limit));
      const since = new Date(serverClock.nowMs() - minutes * 60_000);
      const history = await gpsHistoryJson(ctx.db, { since, keys, perKey: query.limit, key: readerTourist(request) });
      return new JsonFieldAnswer('history', history);
    },
  );
}
