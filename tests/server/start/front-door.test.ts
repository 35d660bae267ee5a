// The front door during a handover (start window → app): other requests wait up to a bound and then get a
// clear 503 with Retry-After; panics always wait, and every waiting request reaches whoever answers next.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HANDOVER_MESSAGE, HELD_LIMIT, openFrontDoor, type FrontDoor } from '../../../server/start/front-door.ts';
import { isPanicRequest } from '../../../server/start/start-window.ts';

interface Answer {
  status: number;
  retryAfter?: string;
  body: string;
}

function send(door: FrontDoor, method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(`${door.url}${path}`, { method, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          retryAfter: response.headers['retry-after'] as string | undefined,
          body,
        }),
      );
    });
    call.on('error', reject);
    call.end(method === 'POST' ? '{"latitude":25.5,"longitude":91.8}' : undefined);
  });
}

let door: FrontDoor | undefined;
afterEach(async () => {
  door?.server.closeAllConnections();
  await door?.close();
});

describe('the front door while no one answers', () => {
  it(`holds up to ${HELD_LIMIT} other requests, answers the next 503 with Retry-After, and always holds panics`, async () => {
    door = await openFrontDoor({ port: 0, host: '127.0.0.1', alwaysHeld: isPanicRequest });
    const held = Array.from({ length: HELD_LIMIT }, (_, i) => send(door!, 'GET', `/incidents?i=${i}`));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refused = await send(door, 'GET', '/incidents');
    expect(refused).toMatchObject({ status: 503, retryAfter: '1' });
    expect(JSON.parse(refused.body)).toEqual({ ok: false, error: HANDOVER_MESSAGE });

    const panics = [send(door, 'POST', '/panic-alert'), send(door, 'POST', '/api/panic?x=1')];
    await new Promise((resolve) => setTimeout(resolve, 100));
    let panicsAnswered = 0;
    for (const panic of panics) void panic.then(() => (panicsAnswered += 1));
    expect(panicsAnswered).toBe(0);

    door.use((incoming, response) => response.writeHead(incoming.method === 'POST' ? 201 : 200).end(incoming.url));
    const answers = await Promise.all(held);
    expect(answers.map((answer) => answer.status)).toEqual(Array(HELD_LIMIT).fill(200));
    expect(await Promise.all(panics)).toEqual([
      expect.objectContaining({ status: 201, body: '/panic-alert' }),
      expect.objectContaining({ status: 201, body: '/api/panic?x=1' }),
    ]);
  });

  it('counts afresh after a handover: the bound is on what waits at once, not on a start', async () => {
    door = await openFrontDoor({ port: 0, host: '127.0.0.1', alwaysHeld: isPanicRequest });
    door.use(undefined);
    const first = Array.from({ length: HELD_LIMIT }, () => send(door!, 'GET', '/healthz'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    door.use((_incoming, response) => response.end('ok'));
    await Promise.all(first);
    door.use(undefined);
    const second = send(door, 'GET', '/healthz');
    await new Promise((resolve) => setTimeout(resolve, 100));
    door.use((_incoming, response) => response.end('ok'));
    expect(await second).toMatchObject({ status: 200, body: 'ok' });
  });
});
