import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '../src/api/fields.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { ReleaseLock } from './db/directory-lock.ts';
import type { PanicJournal } from './db/panic-journal.ts';
import type { FrontDoor, RequestHandler } from './start/front-door.ts';
import { bootstrapFirstAdmin } from './auth/bootstrap.ts';
import { installAuth } from './auth/install.ts';
import { installRequestBasics } from './http/request-basics.ts';
import { didBindingChannel } from './did/binding-cache.ts';
import { installDeviceIdentity } from './http/device-identity.ts';
import { installDidUseRecording } from './http/did-uses.ts';
import { installRateLimit } from './http/rate-limit.ts';
import { distDir } from './build-dashboard.ts';
import { dashboardRoutes } from './http/dashboard.ts';
import { trustProxyOption } from './http/trusted-proxies.ts';
import { contextPlugin } from './plugins/context.ts';
import { didBindingsPlugin } from './plugins/did-bindings.ts';
import { durablePanicsPlugin } from './plugins/durable-panics.ts';
import { panicRehearsalPlugin } from './plugins/panic-rehearsal.ts';
import { regionBoundariesPlugin } from './plugins/region-boundaries.ts';
import { zonesInMemoryPlugin } from './plugins/zones-in-memory.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { webhooksPlugin } from './plugins/webhooks.ts';
import { pushPlugin } from './plugins/push.ts';
import { shutdownGracePlugin } from './plugins/shutdown-grace.ts';
import { storePlugin } from './plugins/store.ts';
import { positionAreasPlugin } from './plugins/position-areas.ts';
import { positionBusPlugin } from './plugins/position-bus.ts';
import { streamHubPlugin } from './plugins/stream-hub.ts';
import { ROUTE_MODULES } from './routes/route-modules.ts';
import { loggerOptions } from './log-output.ts';
import { streamChannel } from './stream/append.ts';

export interface Server {
  app: FastifyInstance;
  /** Answers a request: what the front door calls, once a start through startServer is done. */
  handler?: RequestHandler;
  ctx: AppContext;
  /** `app.close()`: stops the jobs, ends streams, stops taking requests, closes the journal and the store. */
  close(): Promise<void>;
}

/** What a start through startServer hands the app: the socket already listening, the journal already open. */
export interface StartHandover {
  door: FrontDoor;
  startJournal: PanicJournal;
  /** The data folder's lock (embedded store), taken before the journal was opened. */
  heldLock?: ReleaseLock;
}

/**
 * Each resource is a plugin that closes itself, so `app.close()` undoes whatever part of a start had
 * happened: preClose hooks in the order they were added (the jobs, the webhook and push senders, the hub, the grace), then the server
 * closes, then onClose hooks in reverse (the journal, the store and its data folder lock).
 */
async function registerResources(app: FastifyInstance, config: Config, handover?: StartHandover): Promise<void> {
  const schema = config.databaseUrl ? config.databaseSchema : 'pglite';
  const channel = streamChannel(schema);
  await app.register(storePlugin, { config, heldLock: handover?.heldLock, delayMs: config.startDelays?.storeMs });
  await app.register(didBindingsPlugin, { channel: didBindingChannel(schema) });
  await app.register(regionBoundariesPlugin, { config });
  await app.register(zonesInMemoryPlugin);
  await app.register(durablePanicsPlugin, { config, channel, startJournal: handover?.startJournal });
  await app.register(jobsPlugin, { config });
  await app.register(webhooksPlugin, { config });
  await app.register(pushPlugin, { config });
  await app.register(positionBusPlugin, { config });
  await app.register(streamHubPlugin, { config, channel });
  await app.register(positionAreasPlugin, { config });
  await app.register(shutdownGracePlugin);
  if (handover) app.addHook('preClose', () => handover.door.close()); // fastify closes only a server it listened on
  await app.register(contextPlugin, { config, channel });
  await app.register(panicRehearsalPlugin);
}

export async function buildServer(config: Config, handover?: StartHandover): Promise<Server> {
  let handler: RequestHandler | undefined;
  const app = Fastify({
    ...(handover && {
      serverFactory: (handle: RequestHandler) => {
        handler = handle;
        return handover.door.server;
      },
    }),
    logger: await loggerOptions(config),
    bodyLimit: MAX_BODY_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    // Opening the store (migrations) and replaying the panic journal take what they take on a loaded machine.
    pluginTimeout: 0,
  });
  try {
    await registerResources(app, config, handover);
    const { ctx } = app;
    await installRequestBasics(app, config);
    await installAuth(app, ctx);
    await installDeviceIdentity(app, ctx);
    installDidUseRecording(app, ctx);
    await installRateLimit(app, config);
    for (const routes of ROUTE_MODULES) await routes(app, ctx);
    if (config.serveDashboard) await dashboardRoutes(app, distDir);
    await app.ready();
    await bootstrapFirstAdmin(ctx, app.log);
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return { app, ctx: app.ctx, handler, close: () => app.close() };
}
