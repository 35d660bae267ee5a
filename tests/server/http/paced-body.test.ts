import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACED_PIECE_BYTES, pacedBody } from '../../../server/http/paced-body.ts';
import { lastPositionsJson } from '../../../server/stores/gps-json.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

describe('pacedBody: a large answer is written a piece at a time', () => {
  it('passes a small answer on whole', () => {
    expect(pacedBody('{"ok":true}')).toBe('{"ok":true}');
  });

  it('cuts a large one into pieces of at most the piece size whose bytes are the whole UTF-8 text, multi-byte characters included', async () => {
    const text = JSON.stringify({ ok: true, names: Array.from({ length: 50 }, (_, i) => `Zoë ${i} 🚨 Guwahati`) });
    const body = pacedBody(text, 16);
    expect(body).toBeInstanceOf(Readable);
    const pieces: Buffer[] = [];
    for await (const piece of body as Readable) pieces.push(piece as Buffer);
    expect(pieces.length).toBeGreaterThan(20);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(16);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(text);
  });

  it('lets other work (a panic) run before its last piece is handed over', async () => {
    const body = pacedBody('x'.repeat(160), 16) as Readable;
    const order: string[] = [];
    for await (const piece of body) {
      order.push(`piece of ${(piece as Buffer).length}`);
      if (order.length === 1) setImmediate(() => order.push('other work'));
    }
    expect(order.filter((entry) => entry === 'piece of 16')).toHaveLength(10);
    expect(order.indexOf('other work')).toBeGreaterThan(0);
    expect(order.indexOf('other work')).toBeLessThan(4);
  });
});

describe('an answer larger than one piece, over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const stamp = Date.now().toString(36);
    for (let batch = 0; batch < 3; batch++) {
      const pings = Array.from({ length: 1000 }, (_, i) => ({
        touristId: `paced-${stamp}-${batch}-${i}`,
        latitude: 26 + i / 10_000,
        longitude: 91 + batch / 100,
      }));
      expect((await call(server.url, 'POST', '/gps/batch', { pings })).status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('/gps/last with 3,000 positions arrives whole, as JSON, equal to what the store built', async () => {
    const response = await fetch(`${server.url}/gps/last?limit=10000&sinceMinutes=0`);
    const text = await response.text();
    expect(Buffer.byteLength(text)).toBeGreaterThan(PACED_PIECE_BYTES);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const stored = JSON.parse(await lastPositionsJson(server.ctx.db, { limit: 10_000 }));
    expect(JSON.parse(text)).toEqual({ ok: true, pings: stored });
    expect(stored.length).toBeGreaterThanOrEqual(3000);
  });

  it('a HEAD of it answers 200 with no body', async () => {
    const response = await fetch(`${server.url}/gps/last?limit=10000&sinceMinutes=0`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
