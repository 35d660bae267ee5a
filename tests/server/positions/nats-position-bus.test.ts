// Positions through NATS JetStream (issue 48 point 4): subjects by region and cell, the last value per device,
// each server hearing the others' and its own once.
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GpsPing } from '../../../src/api/entities.ts';
import {
  NatsPositionBus,
  positionsStreamName,
  positionSubject,
  SUBJECT_CELL_RESOLUTION,
} from '../../../server/positions/nats-position-bus.ts';
import { startNatsServer, type NatsServer } from '../../../tools/nats-server.ts';

const regionOf = ({ latitude }: { latitude: number }) => (latitude > 26 ? 'guwahati' : 'shillong');
const ping = (touristId: string, latitude: number, at: string): GpsPing => ({
  touristId,
  deviceId: null,
  latitude,
  longitude: 91.88,
  at,
});

describe('the position bus on NATS JetStream', () => {
  let nats: NatsServer;
  const buses: NatsPositionBus[] = [];
  const errors: unknown[] = [];
  const newBus = async (schema = 'test') => {
    const bus = new NatsPositionBus(nats.url, schema, regionOf, (error) => errors.push(error));
    buses.push(bus);
    await bus.connected;
    return bus;
  };
  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await nats?.stop();
  });

  it("tells each server the others' positions, and its own once", async () => {
    const [a, b, c] = [await newBus(), await newBus(), await newBus()];
    const heard = { a: [] as GpsPing[], b: [] as GpsPing[], c: [] as GpsPing[] };
    a.subscribe((pings) => heard.a.push(...pings));
    b.subscribe((pings) => heard.b.push(...pings));
    c.subscribe((pings) => heard.c.push(...pings));
    const sent = [ping('t-1', 25.57, '2026-12-03T08:00:00.000Z'), ping('t-2', 26.14, '2026-12-03T08:00:01.000Z')];
    a.publish(sent);
    await expect.poll(() => heard.c.length, { timeout: 5000 }).toBe(2);
    await expect.poll(() => heard.b.length, { timeout: 5000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual({ a: sent, b: sent, c: sent });
    expect(errors).toEqual([]);
  });

  it('keeps the last position of each device under a subject by region and cell', async () => {
    const bus = await newBus('kept');
    const first = ping('walker.1', 25.57, '2026-12-03T08:00:00.000Z');
    const moved = ping('walker.1', 25.571, '2026-12-03T08:00:30.000Z');
    bus.publish([first, moved, ping('other', 26.14, '2026-12-03T08:00:00.000Z')]);
    const subject = positionSubject('kept', 'shillong', moved);
    expect(subject).toBe(
      `pad.kept.positions.${Buffer.from('shillong').toString('base64url')}.${latLngToCell(25.571, 91.88, SUBJECT_CELL_RESOLUTION)}.${Buffer.from('walker.1').toString('base64url')}`,
    );
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await jetstreamManager(nc);
      await expect
        .poll(async () => (await jsm.streams.info(positionsStreamName('kept'))).state.messages, { timeout: 5000 })
        .toBe(2);
      const last = await jsm.streams.getMessage(positionsStreamName('kept'), { last_by_subj: subject });
      expect(last?.json<{ ping: GpsPing }>().ping).toEqual(moved);
    } finally {
      await nc.close();
    }
  });

  it('starts while NATS is unreachable, hears its own positions meanwhile, and says so once', async () => {
    const said: unknown[] = [];
    const bus = new NatsPositionBus('nats://127.0.0.1:1', 'away', regionOf, (error) => said.push(error));
    try {
      const heard: GpsPing[] = [];
      bus.subscribe((pings) => heard.push(...pings));
      const mine = ping('t-away', 25.57, '2026-12-03T08:00:00.000Z');
      bus.publish([mine]);
      expect(heard).toEqual([mine]);
      await new Promise((resolve) => setTimeout(resolve, 4500)); // two more attempts
      expect(said).toHaveLength(1);
    } finally {
      await bus.close();
    }
  });
});
