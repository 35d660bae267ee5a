import type { Config } from '../config.ts';
import { StreamHub } from '../stream/hub.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tails stream_events and fans them out to the open streams. */
    hub: StreamHub;
  }
}

/** A stream quiet for this long may take this many seconds' positions at once: a few pings together go whole. */
const POSITION_BURST_SECONDS = 2;

/** Starts the stream hub over the store, and over the positions of app.positions. */
export const streamHubPlugin = rootPlugin<{ config: Config; channel: string }>(async (app, { config, channel }) => {
  const hub = new StreamHub(
    app.db,
    {
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
      positionBudget: {
        bytesPerSecond: config.streamGpsBytesPerSecond,
        burstBytes: POSITION_BURST_SECONDS * config.streamGpsBytesPerSecond,
      },
    },
    app.panicFallback.desk,
    app.positions,
  );
  // preClose, not onClose: an open stream is a request in flight, and closing waits for those to finish.
  // Added before the start, so a start that fails half-way is undone too.
  app.addHook('preClose', () => hub.close());
  app.decorate('hub', hub);
  const stopTelling = app.storeHealth.onChange((state) => hub.tellStoreState(state));
  app.addHook('preClose', async () => {
    stopTelling();
  });
  await hub.start();
});
