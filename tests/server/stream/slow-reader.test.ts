// Alerts first on a slow link (issue 48 point 3): a console on a 10 KB/s link still gets every panic within
// seconds while 2,000 pings a second go in. Before positions had a budget of their own, each panic queued
// behind minutes of `gps` frames in the socket's buffers.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';
import { call, dropSchema, uniqueSchema } from '../../helpers/server.ts';

const READ_BYTES_PER_SECOND = 10 * 1024;
const PINGS_PER_SECOND = 2000;

interface ThrottledReader {
  socket: Socket;
  /** When each alert's frame was read, by alert id, in the order read. */
  alertsRead: Map<string, number>;
  gpsFramesRead: number;
}

/** A stream client that takes at most `bytesPerSecond` from its socket, a tenth of it every 100 ms. */
function openThrottledReader(port: number, bytesPerSecond: number): ThrottledReader {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write('GET /panic-alerts/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  socket.pause();
  const reader: ThrottledReader = { socket, alertsRead: new Map(), gpsFramesRead: 0 };
  let text = '';
  const timer = setInterval(() => {
    const chunk = socket.read(Math.min(bytesPerSecond / 10, socket.readableLength)) as Buffer | null;
    if (!chunk) return;
    text += chunk.toString('latin1');
    const blocks = text.split('\n\n');
    text = blocks.pop()!;
    for (const line of blocks.flatMap((block) => block.split('\n'))) {
      if (!line.startsWith('data: ')) continue;
      const message = JSON.parse(line.slice(6));
      if (message.type === 'alert') reader.alertsRead.set(message.alert.id, Date.now());
      if (message.type === 'gps') reader.gpsFramesRead++;
    }
  }, 100);
  socket.on('close', () => clearInterval(timer));
  return reader;
}

describe('a console on a 10 KB/s link while 2,000 pings a second go in', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-slow-reader-'));
  const schema = process.env.DATABASE_URL ? uniqueSchema() : undefined;
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer({
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '0',
      READ_RATE_LIMIT_PER_MINUTE: '0',
      ...(schema && { DATABASE_SCHEMA: schema }),
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (schema) await dropSchema(process.env.DATABASE_URL!, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gets every panic, in order, within 5 s of its POST', async () => {
    const reader = openThrottledReader(Number(new URL(server.url).port), READ_BYTES_PER_SECOND);
    let pinging = true;
    let pingsStored = 0;
    const pinger = (async () => {
      for (let round = 0; pinging; round++) {
        const started = Date.now();
        const pings = Array.from({ length: PINGS_PER_SECOND / 2 }, (_, n) => ({
          touristId: `slow-link-${(round % 5) * 1000 + n}`,
          latitude: 20 + n / 1e4,
          longitude: 78 + round / 1e4,
        }));
        expect((await call(server.url, 'POST', '/gps/batch', { pings })).status).toBe(201);
        pingsStored += pings.length;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 500 - (Date.now() - started))));
      }
    })();
    const posted: { id: string; at: number }[] = [];
    try {
      for (let n = 0; n < 5; n++) {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const at = Date.now();
        const answer = await call(server.url, 'POST', '/panic-alert', {
          latitude: 25.57,
          longitude: 91.88,
          touristId: `slow-link-panic-${n}`,
        });
        expect(answer.status).toBe(201);
        posted.push({ id: answer.body.alert.id, at });
      }
      await expect
        .poll(() => posted.every(({ id }) => reader.alertsRead.has(id)), { timeout: 10_000, interval: 100 })
        .toBe(true);
    } finally {
      pinging = false;
      await pinger;
      reader.socket.destroy();
    }
    const delays = posted.map(({ id, at }) => reader.alertsRead.get(id)! - at);
    console.log(
      `${pingsStored} pings stored; ${reader.gpsFramesRead} gps frames read; panics read after ${delays.join(', ')} ms`,
    );
    expect(pingsStored).toBeGreaterThan(8 * PINGS_PER_SECOND * 0.8);
    expect([...reader.alertsRead.keys()]).toEqual(posted.map(({ id }) => id));
    for (const delay of delays) expect(delay).toBeLessThan(5000);
    expect(reader.gpsFramesRead).toBeGreaterThan(0); // positions still come, within their budget
  }, 120_000);
});
