import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '../src/api/fields.ts';
import type { Config } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { openDatabase } from './db/open.ts';
import { bootstrapFirstAdmin } from './auth/bootstrap.ts';
import { installAuth } from './auth/install.ts';
import { installAnyContentTypeJson } from './http/any-content-type.ts';
import { installCors } from './http/cors.ts';
import { installDeviceIdentity } from './http/device-identity.ts';
import { installErrorHandling } from './http/errors.ts';
import { installHostCheck } from './http/host-check.ts';
import { installRateLimit } from './http/rate-limit.ts';
import { dashboardRoutes } from './http/dashboard.ts';
import { installRouteContracts } from './http/route.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { trustProxyOption } from './http/trusted-proxies.ts';
import { startDurablePanics } from './ingest/panic-durability.ts';
import { startEscalationJob } from './jobs/escalation.ts';
import { startRetentionJob } from './jobs/retention.ts';
import { alertsRoutes } from './routes/alerts.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { bandPanicRoutes } from './routes/band-panic.ts';
import { deviceSyncRoutes } from './routes/device-sync.ts';
import { didRoutes } from './routes/did.ts';
import { eventsRoutes } from './routes/events.ts';
import { exportRoutes } from './routes/export.ts';
import { geofencesRoutes } from './routes/geofences.ts';
import { gpsRoutes } from './routes/gps.ts';
import { incidentHistoryRoutes } from './routes/incident-history.ts';
import { incidentsRoutes } from './routes/incidents.ts';
import { metaRoutes } from './routes/meta.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { peopleRoutes } from './routes/people.ts';
import { scoresRoutes } from './routes/scores.ts';
import { streamRoutes } from './routes/stream.ts';
import { testAlertRoutes } from './routes/test-alert.ts';
import { streamChannel } from './stream/append.ts';
import { StreamHub } from './stream/hub.ts';

const SHUTDOWN_GRACE_MS = 5000;

export const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  /** Ends streams, stops taking requests, closes the store. */
  close(): Promise<void>;
}

export async function buildServer(config: Config): Promise<Server> {
  const db = await openDatabase(config);
  const channel = streamChannel(config.databaseUrl ? config.databaseSchema : 'pglite');
  const hub = new StreamHub(db, {
    channel,
    ringSize: 10_000,
    retainEvents: config.streamRetainEvents,
    maxReplayEvents: config.streamMaxReplayEvents,
    maxClientBufferBytes: config.streamClientBufferBytes,
    maxClients: config.streamMaxClients,
    maxClientsPerAddress: config.streamMaxClientsPerAddress,
    pingIntervalMs: config.streamPingMs,
    pollIntervalMs: config.streamPollMs,
    snapshotAlerts: 100,
  });
  const durablePanics = await startDurablePanics(config, db, channel).catch(async (error) => {
    await db.close().catch(() => {});
    throw error;
  });
  const ctx = createContext(config, db, hub, channel, durablePanics.journal);
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: MAX_BODY_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
  });
  try {
    await hub.start();
    app.removeContentTypeParser('text/plain');
    installAnyContentTypeJson(app);
    installRouteContracts(app);
    installErrorHandling(app);
    await installSecurityHeaders(app, config);
    installHostCheck(app, config);
    await installCors(app, config);
    await installAuth(app, ctx);
    await installDeviceIdentity(app, ctx);
    await installRateLimit(app, config);
    for (const routes of [
      metaRoutes, incidentsRoutes, incidentHistoryRoutes, alertsRoutes, geofencesRoutes, gpsRoutes, eventsRoutes,
      scoresRoutes, didRoutes, peopleRoutes, exportRoutes, streamRoutes,
      deviceSyncRoutes, bandPanicRoutes, auditRoutes, authRoutes, oidcRoutes, testAlertRoutes,
    ]) {
      await routes(app, ctx);
    }
    await openApiRoutes(app);
    if (config.serveDashboard) await dashboardRoutes(app, distDir);
    await app.ready();
    await bootstrapFirstAdmin(ctx, app.log);
  } catch (error) {
    await hub.close().catch(() => {});
    await durablePanics.close().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }

  if (durablePanics.replayed > 0) app.log.warn(`${durablePanics.replayed} journaled panic(s) the store had lost were put back`);
  const retention = startRetentionJob(db, config, app.log);
  const escalation = startEscalationJob(ctx, app.log);
  let closing: Promise<void> | undefined;
  return {
    app,
    ctx,
    close: () =>
      (closing ??= (async () => {
        await retention.stop();
        await escalation.stop();
        await hub.close();
        // In-flight requests finish; a connection that never sends a request must not hold shutdown for a minute.
        const forceClose = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        await app.close();
        clearTimeout(forceClose);
        await durablePanics.close();
        await db.close();
      })()),
  };
}
