// GET /positions/stream (issue 48 point 2): the positions of the area a map shows, a stream of its own beside
// the alerts' (which carries a few positions a second at most). Each opening is audited: it is a read of the
// whereabouts of everyone in the area.
import type { FastifyInstance } from 'fastify';
import { PositionsStreamQuery } from '../../src/api/positions.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { openEventStream } from '../http/event-stream.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';

export async function positionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/positions/stream',
      summary:
        'Live server-sent events of the positions in an area (regionId, bbox west,south,east,north, zoom): a snapshot, then once a second ' +
        'what changed, the latest per device; counts per H3 cell below zoom 11 or past 20,000 devices; no ids (a reconnection gets a new snapshot)',
      tags: ['gps'],
      query: PositionsStreamQuery,
      produces: 'text/event-stream',
    },
    async ({ query, request, reply }) => {
      const releaseSlot = app.positionAreas.admit(request.ip);
      try {
        await ctx.write((tx) =>
          appendAudit(tx, {
            ...whoActs(request),
            action: 'positions.watch',
            target: query.regionId ?? 'all',
            detail: { ...(query.bbox && { bbox: query.bbox }), zoom: query.zoom },
          }),
        );
      } catch (error) {
        releaseSlot();
        throw error;
      }
      reply.hijack();
      const res = reply.raw;
      res.once('close', releaseSlot);
      if (res.destroyed) releaseSlot();
      openEventStream(res);
      await app.positionAreas.open(res, query).catch((error: unknown) => {
        request.log.warn({ err: error }, 'positions stream failed to open');
        res.destroy();
      });
      return undefined;
    },
  );
}
