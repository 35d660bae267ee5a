// Positions between servers on one PostgreSQL (issue 48 point 4): no NOTIFY, no stream event; each server
// reads the last positions the others changed, once a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServerPair, type ServerPair } from '../../helpers/server-pair.ts';
import { call } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

describe.runIf(process.env.DATABASE_URL)('positions between two servers on one PostgreSQL', () => {
  let pair: ServerPair;
  beforeAll(async () => {
    pair = await spawnServerPair();
  });
  afterAll(() => pair?.stop());

  it("a position stored by A reaches B's stream within seconds, once, without an id; A's own stream hears it once", async () => {
    const onA = await openStream(`${pair.a.url}/panic-alerts/stream`);
    const onB = await openStream(`${pair.b.url}/panic-alerts/stream`);
    try {
      const [snapshotA] = await onA.waitForMessages(1);
      await onB.waitForMessages(1);
      const touristId = `bus-${Date.now().toString(36)}`;
      const sent = Date.now();
      const answer = await call(pair.a.url, 'POST', '/gps/update', { latitude: 20.5, longitude: 78.5, touristId });
      expect(answer.status).toBe(201);
      const mine = (message: { data: { type: string; ping?: { touristId: string } } }) =>
        message.data.type === 'gps' && message.data.ping?.touristId === touristId;
      const heard = await onB.waitFor(mine, 5000);
      const tookMs = Date.now() - sent;
      expect(heard).toEqual({
        id: undefined,
        data: {
          type: 'gps',
          ping: { touristId, deviceId: null, latitude: 20.5, longitude: 78.5, at: answer.body.ping.at },
        },
      });
      await onA.waitFor(mine, 5000);
      await new Promise((resolve) => setTimeout(resolve, 2500)); // two more looks of each server's bus
      expect(onA.messages.filter(mine)).toHaveLength(1);
      expect(onB.messages.filter(mine)).toHaveLength(1);
      expect(onA.messages.filter((message) => message.id !== undefined)).toEqual([snapshotA]);
      console.log(`A's position was on B's stream ${tookMs} ms after its POST`);
    } finally {
      onA.close();
      onB.close();
    }
  }, 60_000);
});
