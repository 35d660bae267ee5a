import { describe, expect, it } from 'vitest';
import type { GpsPing } from '../../../src/api/entities.ts';
import type { StreamClient } from '../../../server/stream/client.ts';
import type { StreamClients } from '../../../server/stream/clients.ts';
import { gpsFrame, PositionLane } from '../../../server/stream/position-lane.ts';

const ping = (touristId: string, latitude: number): GpsPing => ({
  touristId,
  deviceId: null,
  latitude,
  longitude: 91.88,
  at: '2026-12-03T08:00:00.000Z',
});
const client = () => ({}) as StreamClient;
const bytesOf = (p: GpsPing) => Buffer.byteLength(gpsFrame(p));
const lane = (bytesPerSecond = 100_000) => new PositionLane({ bytesPerSecond, burstBytes: bytesPerSecond });

describe('positions on the alert stream', () => {
  it('sends a client the positions added after it joined, oldest first, as frames without ids', () => {
    const positions = lane();
    positions.add([ping('before', 25.1)]);
    const reader = client();
    positions.join(reader, 0);
    positions.add([ping('t-1', 25.2), ping('t-2', 25.3)]);
    expect(positions.framesFor(reader, 0)).toBe(gpsFrame(ping('t-1', 25.2)) + gpsFrame(ping('t-2', 25.3)));
    expect(positions.framesFor(reader, 0)).toBe('');
    expect(gpsFrame(ping('t-1', 25.2))).toMatch(/^data: \{"type":"gps","ping":\{[^\n]*\}\}\n\n$/);
  });

  it('sends only the newest position of a key that moved while the client waited', () => {
    const positions = lane();
    const reader = client();
    positions.join(reader, 0);
    positions.add([ping('t-1', 25.2), ping('t-2', 25.3), ping('t-1', 25.4)]);
    expect(positions.framesFor(reader, 0)).toBe(gpsFrame(ping('t-2', 25.3)) + gpsFrame(ping('t-1', 25.4)));
  });

  it('never sends more than the burst at once, then no more than the budget per second', () => {
    const one = bytesOf(ping('t-000', 25.5));
    const positions = new PositionLane({ bytesPerSecond: 10 * one, burstBytes: 20 * one });
    const reader = client();
    positions.join(reader, 0);
    positions.add(Array.from({ length: 1000 }, (_, n) => ping(`t-${String(n % 500).padStart(3, '0')}`, 25.5)));
    const sent = (now: number) => positions.framesFor(reader, now).split('\n\n').length - 1;
    expect(sent(0)).toBe(20);
    expect(sent(0)).toBe(0);
    expect(sent(500)).toBe(5);
    expect(sent(1500)).toBe(10);
    expect(sent(10_000)).toBe(20); // a quiet spell fills the burst again, no more
  });

  it('lets a client far behind skip to the newest positions kept', () => {
    const positions = lane(10_000_000);
    const reader = client();
    positions.join(reader, 0);
    for (let round = 0; round < 10; round++)
      positions.add(Array.from({ length: 1000 }, (_, n) => ping(`t-${round}-${n}`, 25 + n / 1e4)));
    const frames = positions.framesFor(reader, 60_000).split('\n\n').slice(0, -1);
    expect(frames.length).toBeLessThanOrEqual(4000);
    expect(frames.length).toBeGreaterThanOrEqual(2000);
    expect(frames.at(-1)).toContain('"touristId":"t-9-999"');
  });
});

describe("a tick's positions to many streams", () => {
  const streams = (count: number) => {
    const open = new Set(Array.from({ length: count }, () => ({ catchingUp: false, unsentBytes: 0 }) as StreamClient));
    const written: StreamClient[] = [];
    const clients = {
      [Symbol.iterator]: () => open[Symbol.iterator](),
      has: (c: StreamClient) => open.has(c),
      write: (c: StreamClient) => void written.push(c),
    } as unknown as StreamClients;
    return { open, written, clients };
  };
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('writes to 100 streams a turn of the event loop, skipping one that left and a tick that finds it still going', async () => {
    const positions = lane();
    const { open, written, clients } = streams(250);
    for (const c of open) positions.join(c, 0);
    positions.add([ping('t-1', 25.2)]);
    positions.send(clients, () => 0);
    expect(written).toHaveLength(100);
    const [gone] = [...open].slice(-1);
    open.delete(gone!);
    positions.send(clients, () => 0);
    expect(written).toHaveLength(100);
    await turn();
    expect(written).toHaveLength(200);
    await turn();
    expect(written).toHaveLength(249);
    expect(written).not.toContain(gone);
    expect(new Set(written).size).toBe(249);
    positions.add([ping('t-2', 25.3)]);
    positions.send(clients, () => 0);
    expect(written).toHaveLength(349);
  });
});
