import type { FastifyInstance } from 'fastify';
import { StreamQuery } from '../../src/api/queries.ts';
import { sessionsEndedChannel, StreamSessionWatch } from '../auth/stream-sessions.ts';
import { signInRequired } from '../config.ts';
import type { AppContext } from '../context.ts';
import { openEventStream } from '../http/event-stream.ts';
import { defineRoute } from '../http/route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open streams' session watch; absent with sign-in off. */
    streamSessions: StreamSessionWatch | undefined;
  }
}

function parseEventId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export async function streamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sessions = signInRequired(ctx.config)
    ? new StreamSessionWatch(ctx.db, ctx.config.streamSessionCheckMs)
    : undefined;
  // Sessions ended by an admin here (accounts routes) or on another server (NOTIFY) end their streams at once.
  const unlisten =
    sessions && (await ctx.db.listen(sessionsEndedChannel(ctx.config.databaseSchema), () => void sessions.check()));
  app.decorate('streamSessions', sessions);
  app.addHook('onClose', async () => {
    sessions?.stop();
    await unlisten?.();
  });
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/panic-alerts/stream',
      summary:
        'Live server-sent events: snapshot, alert, incident_update, gps, geofence_alert; resumable by Last-Event-ID',
      tags: ['stream'],
      requestHeaders: ['Last-Event-ID'],
      query: StreamQuery,
      produces: 'text/event-stream',
    },
    async ({ query, request, reply }) => {
      const lastEventId = parseEventId(request.headers['last-event-id']) ?? parseEventId(query.lastEventId);
      // Refused (429/503) here, as a JSON error, while the reply is still fastify's to send.
      const releaseSlot = ctx.hub.admit(request.ip);
      reply.hijack();
      const res = reply.raw;
      res.once('close', releaseSlot);
      if (sessions && request.operator)
        res.once(
          'close',
          sessions.watch(request.session.sessionId, () => res.end()),
        );
      if (res.destroyed) releaseSlot(); // the client left before the handler ran: 'close' has already fired
      openEventStream(res);
      await ctx.hub.attach(res, lastEventId).catch((error) => request.log.warn({ err: error }, 'stream attach failed'));
      return undefined;
    },
  );
}
