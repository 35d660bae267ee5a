import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '../src/api/fields.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { bootstrapFirstAdmin } from './auth/bootstrap.ts';
import { installAuth } from './auth/install.ts';
import { installAnyContentTypeJson } from './http/any-content-type.ts';
import { installCors } from './http/cors.ts';
import { didBindingChannel } from './did/binding-cache.ts';
import { installDeviceIdentity } from './http/device-identity.ts';
import { installDidUseRecording } from './http/did-uses.ts';
import { installErrorHandling } from './http/errors.ts';
import { installHostCheck } from './http/host-check.ts';
import { installRateLimit } from './http/rate-limit.ts';
import { dashboardRoutes } from './http/dashboard.ts';
import { installRouteContracts } from './http/route.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { trustProxyOption } from './http/trusted-proxies.ts';
import { contextPlugin } from './plugins/context.ts';
import { didBindingsPlugin } from './plugins/did-bindings.ts';
import { durablePanicsPlugin } from './plugins/durable-panics.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { shutdownGracePlugin } from './plugins/shutdown-grace.ts';
import { storePlugin } from './plugins/store.ts';
import { streamHubPlugin } from './plugins/stream-hub.ts';
import { accountRoutes } from './routes/accounts.ts';
import { alertsRoutes } from './routes/alerts.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { bandPanicRoutes } from './routes/band-panic.ts';
import { deviceSyncRoutes } from './routes/device-sync.ts';
import { didRoutes } from './routes/did.ts';
import { didBindingRoutes } from './routes/did-bindings.ts';
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

export const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  /** `app.close()`: stops the jobs, ends streams, stops taking requests, closes the journal and the store. */
  close(): Promise<void>;
}

/**
 * Each resource is a plugin that closes itself, so `app.close()` undoes whatever part of a start had
 * happened: preClose hooks in the order they were added (the jobs, the hub, the grace), then the server
 * closes, then onClose hooks in reverse (the journal, the store and its data folder lock).
 */
async function registerResources(app: FastifyInstance, config: Config): Promise<void> {
  const schema = config.databaseUrl ? config.databaseSchema : 'pglite';
  const channel = streamChannel(schema);
  await app.register(storePlugin, { config });
  await app.register(didBindingsPlugin, { channel: didBindingChannel(schema) });
  await app.register(durablePanicsPlugin, { config, channel });
  await app.register(jobsPlugin, { config });
  await app.register(streamHubPlugin, { config, channel });
  await app.register(shutdownGracePlugin);
  await app.register(contextPlugin, { config, channel });
}

export async function buildServer(config: Config): Promise<Server> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: MAX_BODY_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    // Opening the store (migrations) and replaying the panic journal take what they take on a loaded machine.
    pluginTimeout: 0,
  });
  try {
    await registerResources(app, config);
    const { ctx } = app;
    app.removeContentTypeParser('text/plain');
    installAnyContentTypeJson(app);
    installRouteContracts(app);
    installErrorHandling(app);
    await installSecurityHeaders(app, config);
    installHostCheck(app, config);
    await installCors(app, config);
    await installAuth(app, ctx);
    await installDeviceIdentity(app, ctx);
    installDidUseRecording(app, ctx);
    await installRateLimit(app, config);
    for (const routes of [
      metaRoutes, incidentsRoutes, incidentHistoryRoutes, alertsRoutes, geofencesRoutes, gpsRoutes, eventsRoutes,
      scoresRoutes, didRoutes, didBindingRoutes, peopleRoutes, exportRoutes, streamRoutes,
      deviceSyncRoutes, bandPanicRoutes, auditRoutes, authRoutes, accountRoutes, oidcRoutes, testAlertRoutes,
    ]) {
      await routes(app, ctx);
    }
    await openApiRoutes(app);
    if (config.serveDashboard) await dashboardRoutes(app, distDir);
    await app.ready();
    await bootstrapFirstAdmin(ctx, app.log);
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return { app, ctx: app.ctx, close: () => app.close() };
}

/** Builds the server and listens; a start that fails at either step leaves nothing open. */
export async function startServer(config: Config, address: { port: number; host: string }): Promise<Server & { url: string }> {
  const server = await buildServer(config);
  try {
    return { ...server, url: await server.app.listen(address) };
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
}
