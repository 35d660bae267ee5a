// The dashboard's early requests (src/api/early-response.ts), against a real HTTP server that counts what
// it is asked, refuses one address as a server with sign-in on does, and drops the first connection to another.
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { askEarly, EARLY_RESPONSE_FRESH_MS, takeEarly } from '../../../src/api/early-response.ts';

let server: Server;
let base: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url!);
    if (req.url === '/dropped-once' && asked.filter((url) => url === req.url).length === 1) return req.socket.destroy();
    const refused = req.url === '/auth/me';
    res.writeHead(refused ? 401 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(refused ? { ok: false, error: 'Sign in first.' } : { ok: true, n: asked.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  vi.useRealTimers();
  asked.length = 0;
});

describe('an early answer', () => {
  it('is taken once, by a load of the same address, and saves that load its own request', async () => {
    askEarly(`${base}/incidents`);
    expect(takeEarly(`${base}/incidents?regionId=x`)).toBeUndefined();
    const response = await takeEarly(`${base}/incidents`);
    expect(await response!.json()).toEqual({ ok: true, n: 1 });
    expect(takeEarly(`${base}/incidents`)).toBeUndefined();
    expect(asked).toEqual(['/incidents']);
  });

  it('that was refused is the answer: nobody is signed in, and nothing asks again', async () => {
    askEarly(`${base}/auth/me`);
    expect((await takeEarly(`${base}/auth/me`))!.status).toBe(401);
    expect(asked).toEqual(['/auth/me']);
  });

  it('whose request failed is asked for again', async () => {
    askEarly(`${base}/dropped-once`);
    const response = await takeEarly(`${base}/dropped-once`);
    expect(response!.status).toBe(200);
    expect(asked).toEqual(['/dropped-once', '/dropped-once']);
  });

  it('is not used once older than its freshness', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    askEarly(`${base}/incidents`);
    vi.advanceTimersByTime(EARLY_RESPONSE_FRESH_MS + 1);
    expect(takeEarly(`${base}/incidents`)).toBeUndefined();
  });
});
