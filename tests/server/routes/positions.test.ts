// GET /positions/stream (issue 48 point 2): a map's area, its snapshot, then what changed in it once a second.
import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream, type SseConnection } from '../../helpers/sse.ts';
import { squareOutline } from '../../helpers/outline.ts';
import { drawBoundary } from '../support/regions.ts';

let server: TestServer;
let keyCounter = 0;
const uniqueKey = (name: string) => `${name}-${Date.now().toString(36)}-${keyCounter++}`;
const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);
const IN_SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
const IN_GUWAHATI = { latitude: 26.1445, longitude: 91.7362 };

const positionsStream = (query: string) => openStream(`${server.url}/positions/stream?${query}`);
/** Every position the stream sent after its snapshot, by touristId. */
const sentAfterSnapshot = (stream: SseConnection) =>
  stream.messages.filter((m) => m.data.type === 'positions').flatMap((m) => m.data.positions);

beforeAll(async () => {
  server = await startTestServer();
  await drawBoundary(server, 'shillong', squareOutline(25.5, 91.8, 0.2));
  await drawBoundary(server, 'guwahati', squareOutline(26.05, 91.6, 0.25));
});
afterAll(() => server?.stop());

describe('GET /positions/stream', () => {
  it("gives a Shillong map Shillong's positions, a snapshot first, and none of Guwahati's", async () => {
    const before = uniqueKey('shillong-before');
    expect((await post('/gps/update', { ...IN_SHILLONG, touristId: before })).status).toBe(201);
    const stream = await positionsStream('regionId=shillong&zoom=13');
    try {
      expect(stream.status).toBe(200);
      const [snapshot] = await stream.waitForMessages(1);
      expect(snapshot.id).toBeUndefined();
      expect(snapshot.data.type).toBe('positions_snapshot');
      expect(snapshot.data.positions.map((p: { touristId: string }) => p.touristId)).toContain(before);

      const inShillong = uniqueKey('shillong');
      const inGuwahati = uniqueKey('guwahati');
      await post('/gps/update', { ...IN_GUWAHATI, touristId: inGuwahati });
      await post('/gps/update', { ...IN_SHILLONG, touristId: inShillong });
      await stream.waitFor(
        (m) => m.data.positions?.some((p: { touristId: string }) => p.touristId === inShillong),
        5000,
      );
      await new Promise((resolve) => setTimeout(resolve, 2200)); // two more ticks
      const sent = sentAfterSnapshot(stream).map((p: { touristId: string }) => p.touristId);
      expect(sent).toContain(inShillong);
      expect(sent).not.toContain(inGuwahati);
      expect(snapshot.data.positions.map((p: { touristId: string }) => p.touristId)).not.toContain(inGuwahati);
    } finally {
      stream.close();
    }
  });

  it('sends each device at most once a second, its latest position', async () => {
    const stream = await positionsStream('regionId=shillong&zoom=14');
    try {
      await stream.waitForMessages(1);
      const touristId = uniqueKey('walker');
      const started = Date.now();
      for (let step = 1; step <= 10; step++) {
        const at = new Date(Date.now() - (10 - step) * 100).toISOString();
        await post('/gps/update', { latitude: 25.57 + step / 1e4, longitude: 91.89, touristId, at });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await stream.waitFor((m) => m.data.positions?.some((p: { latitude: number }) => p.latitude === 25.571), 5000);
      const seconds = (Date.now() - started) / 1000;
      const mine = stream.messages.filter((m) =>
        m.data.positions?.some((p: { touristId: string }) => p.touristId === touristId),
      );
      expect(mine.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      expect(mine.length).toBeLessThan(10);
      for (const message of mine)
        expect(message.data.positions.filter((p: { touristId: string }) => p.touristId === touristId)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('tells a bounding box which devices left it', async () => {
    const stream = await positionsStream('bbox=91.85,25.55,91.95,25.6&zoom=15');
    try {
      await stream.waitForMessages(1);
      const touristId = uniqueKey('leaver');
      await post('/gps/update', { ...IN_SHILLONG, touristId });
      await stream.waitFor(
        (m) => m.data.positions?.some((p: { touristId: string }) => p.touristId === touristId),
        5000,
      );
      await post('/gps/update', { latitude: 25.65, longitude: 91.89, touristId });
      const left = await stream.waitFor((m) => m.data.left?.includes(touristId), 5000);
      expect(left.data.positions.map((p: { touristId: string }) => p.touristId)).not.toContain(touristId);
    } finally {
      stream.close();
    }
  });

  it('answers counts per H3 cell when zoomed out, then the counts that changed', async () => {
    const stream = await positionsStream('zoom=6');
    try {
      const [snapshot] = await stream.waitForMessages(1);
      expect(snapshot.data).toMatchObject({ type: 'cells_snapshot', resolution: 4 });
      const spot = { latitude: 12.9716, longitude: 77.5946 };
      const cell = latLngToCell(spot.latitude, spot.longitude, 4);
      const before = snapshot.data.cells.find((c: { cell: string }) => c.cell === cell)?.count ?? 0;
      for (let n = 0; n < 3; n++) await post('/gps/update', { ...spot, touristId: uniqueKey('crowd') });
      const counted = await stream.waitFor(
        (m) =>
          m.data.type === 'cells' &&
          m.data.cells.some((c: { cell: string; count: number }) => c.cell === cell && c.count === before + 3),
        5000,
      );
      expect(counted.data.resolution).toBe(4);
    } finally {
      stream.close();
    }
  });

  it('gives a dashboard that reconnects every alert it missed, in order, and a fresh snapshot of the positions', async () => {
    const mover = uniqueKey('mover');
    await post('/gps/update', { ...IN_SHILLONG, touristId: mover });
    const alerts = await openStream(`${server.url}/panic-alerts/stream`);
    const positions = await positionsStream('regionId=shillong&zoom=13');
    await alerts.waitForMessages(1);
    await positions.waitForMessages(1);
    const seen = await post('/panic-alert', { ...IN_SHILLONG, touristId: uniqueKey('seen') });
    const lastSeen = await alerts.waitFor((m) => m.data.type === 'alert' && m.data.alert.id === seen.body.alert.id);
    alerts.close();
    positions.close();
    await Promise.all([alerts.closed, positions.closed]);

    const missed: string[] = [];
    for (let n = 0; n < 3; n++)
      missed.push((await post('/panic-alert', { ...IN_SHILLONG, touristId: uniqueKey('missed') })).body.alert.id);
    const moved = { latitude: 25.581, longitude: 91.9 };
    const arrived = uniqueKey('arrived');
    await post('/gps/update', { ...moved, touristId: mover });
    await post('/gps/update', { ...IN_SHILLONG, touristId: arrived });

    const resumed = await openStream(`${server.url}/panic-alerts/stream`, lastSeen.id);
    const again = await positionsStream('regionId=shillong&zoom=13');
    try {
      await resumed.waitFor((m) => m.data.type === 'alert' && m.data.alert.id === missed.at(-1));
      const alertIds = resumed.messages.filter((m) => m.data.type === 'alert').map((m) => m.data.alert.id);
      expect(alertIds).toEqual(missed);
      expect(resumed.messages.some((m) => m.data.type === 'snapshot')).toBe(false);
      const [snapshot] = await again.waitForMessages(1);
      expect(snapshot.data.type).toBe('positions_snapshot');
      const byTourist = new Map(snapshot.data.positions.map((p: { touristId: string }) => [p.touristId, p]));
      expect(byTourist.get(mover)).toMatchObject(moved);
      expect(byTourist.has(arrived)).toBe(true);
    } finally {
      resumed.close();
      again.close();
    }
  });

  it('refuses an area it cannot read with a sentence naming the field, and audits each opening', async () => {
    const refused = await call(server.url, 'GET', '/positions/stream?bbox=91.9,25.5,91.8,25.6');
    expect(refused.status).toBe(400);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error).toContain('bbox');
    const stream = await positionsStream('regionId=guwahati&zoom=12');
    await stream.waitForMessages(1);
    stream.close();
    const { rows } = await server.ctx.db.query<{ action: string; target: string }>(
      `select action, target from audit_log where action = 'positions.watch' order by seq desc limit 1`,
    );
    expect(rows).toEqual([{ action: 'positions.watch', target: 'guwahati' }]);
  });
});
