// Two servers on one PostgreSQL with their positions through NATS (issue 48 points 4 and 6): a map on server
// B subscribed to Shillong gets the Shillong positions stored by server A, and none of Guwahati's.
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionsStreamName } from '../../../server/positions/nats-position-bus.ts';
import { startNatsServer, type NatsServer } from '../../../tools/nats-server.ts';
import { spawnServerPair, type ServerPair } from '../../helpers/server-pair.ts';
import { call } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';
import { squareOutline } from '../../helpers/outline.ts';

describe.runIf(process.env.DATABASE_URL)('positions between servers through NATS', () => {
  let nats: NatsServer;
  let pair: ServerPair;
  beforeAll(async () => {
    nats = await startNatsServer();
    pair = await spawnServerPair({ NATS_URL: nats.url });
    const { regions } = (await call(pair.a.url, 'GET', '/regions')).body;
    for (const [id, boundary] of [
      ['shillong', squareOutline(25.5, 91.8, 0.2)],
      ['guwahati', squareOutline(26.05, 91.6, 0.25)],
    ] as const) {
      const { id: _id, ...fields } = regions.find((region: { id: string }) => region.id === id);
      expect((await call(pair.a.url, 'PUT', `/regions/${id}`, { ...fields, boundary })).status).toBe(200);
    }
  });
  afterAll(async () => {
    await pair?.stop();
    await nats?.stop();
  });

  it("a Shillong map on B gets A's Shillong positions and none of Guwahati's", async () => {
    const onB = await openStream(`${pair.b.url}/positions/stream?regionId=shillong&zoom=13`);
    try {
      await onB.waitForMessages(1);
      const tag = Date.now().toString(36);
      await expect
        .poll(
          async () => {
            await call(pair.a.url, 'POST', '/gps/batch', {
              pings: [
                { touristId: `in-shillong-${tag}`, latitude: 25.5788, longitude: 91.8933 },
                { touristId: `in-guwahati-${tag}`, latitude: 26.1445, longitude: 91.7362 },
              ],
            });
            return onB.messages.some((m) =>
              m.data.positions?.some((p: { touristId: string }) => p.touristId === `in-shillong-${tag}`),
            );
          },
          { timeout: 20_000, interval: 1500 },
        )
        .toBe(true);
      const heard = onB.messages.flatMap((m) => m.data.positions ?? []).map((p: { touristId: string }) => p.touristId);
      expect(heard).not.toContain(`in-guwahati-${tag}`);
      const nc = await connect({ servers: nats.url });
      try {
        const jsm = await jetstreamManager(nc);
        const info = await jsm.streams.info(positionsStreamName(pair.schema));
        expect(info.state.messages).toBeGreaterThanOrEqual(2);
      } finally {
        await nc.close();
      }
    } finally {
      onB.close();
    }
  }, 60_000);
});
