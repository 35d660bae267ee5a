import type { FastifyInstance } from 'fastify';
import { SafetyCreditQuery, SafetyScoreQuery } from '../../src/api/queries.ts';
import { SafetyCreditResponse, SafetyScoreResponse } from '../../src/api/responses.ts';
import type { AppContext } from '../context.ts';
import { regionScope } from '../domain/region-scope.ts';
import { usableTimeZone } from '../../src/domain/time-zone.ts';
import { roundComponents, safetyCredit, safetyScore } from '../domain/scores.ts';
import { defineRoute } from '../http/route.ts';
import { countRegionIncidentsSince, listIncidentsForCredit, regionTimeZone } from '../stores/scores.ts';
import { serverClock } from '../domain/server-clock.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function scoresRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/safety-score',
      access: 'open',
      summary: 'Safety score of a region: 900 minus 3 per incident over the last `days`',
      tags: ['scores'],
      query: SafetyScoreQuery,
      response: SafetyScoreResponse,
    },
    async ({ query }) => {
      const now = serverClock.now();
      const incidents = await countRegionIncidentsSince(
        ctx.db,
        regionScope(query.regionId),
        new Date(now.getTime() - query.days * DAY_MS),
      );
      return {
        regionId: query.regionId,
        days: query.days,
        score: safetyScore(incidents),
        inputs: { incidents },
        computedAt: now.toISOString(),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/safety-credit',
      access: 'open',
      summary: 'Safety credit (Heuristic v1) of a region or of one place in it',
      tags: ['scores'],
      query: SafetyCreditQuery,
      response: SafetyCreditResponse,
    },
    async ({ query }) => {
      const now = serverClock.now();
      const since = new Date(now.getTime() - query.days * DAY_MS);
      const [incidents, timeZone] = await Promise.all([
        listIncidentsForCredit(ctx.db, regionScope(query.regionId), query.placeId, since),
        regionTimeZone(ctx.db, query.regionId),
      ]);
      const credit = safetyCredit(incidents, now, usableTimeZone(timeZone));
      return {
        score: credit.score,
        components: roundComponents(credit.components),
        inputs: { regionId: query.regionId, placeId: query.placeId ?? null, days: query.days, ...credit.counts },
      };
    },
  );
}
