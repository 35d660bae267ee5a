import type { ServerResponse } from 'node:http';
import type { GpsPing } from '../../src/api/entities.ts';
import type { PositionsArea } from '../../src/api/positions.ts';
import { withPriority } from '../db/seam.ts';
import type { Config } from '../config.ts';
import type { PositionAreas } from '../positions/position-areas.ts';
import { lastPositionsJson } from '../stores/gps-json.ts';
import { StreamAdmission } from '../stream/admission.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /positions/stream's subscriptions (server/positions/position-areas.ts). */
    positionAreas: {
      /** A slot for one subscription from `address`, or the 429/503 that refuses it (StreamAdmission). */
      admit(address: string): () => void;
      open(res: ServerResponse, area: PositionsArea): Promise<void>;
      readonly size: number;
    };
  }
}

const TICK_MS = 1000;
/** Positions older than this are nobody's whereabouts now: /gps/last leaves them out too. */
const LIVE_FOR_MS = 24 * 60 * 60 * 1000;
/** What a subscriber may leave unsent before it counts as not reading. */
const MAX_UNSENT_BYTES = 1024 * 1024;

/**
 * The positions index and the subscriptions' tick, from the first subscription on: a server nobody watches
 * positions on neither loads H3 nor indexes a ping. The bus is heard before the store is read, so no position
 * falls between the two (the index keeps the newer of each key).
 */
export const positionAreasPlugin = rootPlugin<{ config: Config }>(async (app, { config }) => {
  // Counted apart from the alert streams, with the same caps: a control room's positions never take the slot
  // its next operator's alert stream needs.
  const admission = new StreamAdmission({
    maxClients: config.streamMaxClients,
    maxClientsPerAddress: config.streamMaxClientsPerAddress,
  });
  let started: Promise<PositionAreas> | undefined;
  const stops: (() => void)[] = [];
  const start = async () => {
    const { PositionIndex, MAX_INDEXED_POSITIONS } = await import('../positions/position-index.ts');
    const { PositionAreas } = await import('../positions/position-areas.ts');
    const index = new PositionIndex((point) => app.regionBoundaries.regionOf(point));
    stops.push(app.positions.subscribe((pings) => index.apply(pings)));
    const since = new Date(Date.now() - LIVE_FOR_MS);
    const json = await lastPositionsJson(withPriority(app.db, 'background'), { limit: MAX_INDEXED_POSITIONS, since });
    index.seed(JSON.parse(json) as GpsPing[]);
    const areas = new PositionAreas(index, MAX_UNSENT_BYTES);
    const timer = setInterval(() => areas.tick(performance.now()), TICK_MS);
    timer.unref();
    stops.push(
      () => clearInterval(timer),
      () => areas.closeAll(),
    );
    return areas;
  };
  app.addHook('preClose', async () => {
    for (const stop of stops.splice(0)) stop();
  });
  let areas: PositionAreas | undefined;
  app.decorate('positionAreas', {
    admit: (address: string) => admission.admit(address),
    async open(res: ServerResponse, area: PositionsArea) {
      started ??= start().catch((error: unknown) => {
        for (const stop of stops.splice(0)) stop();
        started = undefined;
        throw error;
      });
      areas = await started;
      if (!res.destroyed) areas.open(res, area, performance.now());
    },
    get size() {
      return areas?.size ?? 0;
    },
  });
});
