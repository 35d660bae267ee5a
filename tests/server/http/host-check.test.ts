import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config.ts';
import { configFromEnv } from '../../../server/config.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

interface Answer {
  status: number;
  body: any;
}

/** A request with the Host header a browser would send for `host` (fetch will not let a test set Host). */
function sendWithHost(
  server: TestServer,
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const json = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const allHeaders = { ...headers, Host: host, ...(json !== undefined && { 'Content-Type': 'application/json' }) };
    const sent = request({ method, hostname, port, path, headers: allHeaders }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    sent.on('error', reject);
    sent.end(json);
  });
}

const getWithHost = (server: TestServer, path: string, host: string, headers: Record<string, string> = {}) =>
  sendWithHost(server, 'GET', path, host, headers);

const REFUSED = { ok: false, error: expect.stringContaining('ALLOWED_HOSTS') };

describe('the Host check on a loopback install', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ host: '127.0.0.1', allowedHosts: [], trustProxy: 1 });
  });
  afterAll(() => server.stop());

  it('refuses a page whose DNS was rebound to this machine (its Host names another domain)', async () => {
    const answer = await getWithHost(server, '/incidents', 'evil.example');
    expect(answer).toEqual({ status: 421, body: REFUSED });
  });

  it.each(['localhost', 'localhost:8080', 'LOCALHOST', '127.0.0.1', '127.0.0.1:9999', '[::1]', '[::1]:8080'])(
    'answers Host: %s',
    async (host) => {
      expect((await getWithHost(server, '/regions', host)).status).toBe(200);
    },
  );

  it.each(['localhost.evil.example', '127.0.0.1.evil.example', 'evil.example:127.0.0.1', '[::1'])(
    'refuses Host: "%s"',
    async (host) => {
      expect((await getWithHost(server, '/regions', host)).status).toBe(421);
    },
  );

  it('refuses an HTTP/1.0 request that names no host', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /regions HTTP/1.0\r\n\r\n');
    await ended;
    expect(text).toMatch(/^HTTP\/1\.[01] 421 /);
  });

  it('believes the Host header, not an X-Forwarded-Host that the page may set itself', async () => {
    const answer = await getWithHost(server, '/regions', 'evil.example', { 'X-Forwarded-Host': 'localhost' });
    expect(answer.status).toBe(421);
  });

  it('refuses before anything else answers: a preflight and a panic alike', async () => {
    const preflightHeaders = { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' };
    const preflight = await sendWithHost(server, 'OPTIONS', '/panic-alert', 'evil.example', preflightHeaders);
    expect(preflight).toEqual({ status: 421, body: REFUSED });
    const before = (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from incidents')).rows[0].n;
    const panic = await sendWithHost(
      server,
      'POST',
      '/panic-alert',
      'evil.example',
      {},
      { latitude: 25.57, longitude: 91.89 },
    );
    expect(panic).toEqual({ status: 421, body: REFUSED });
    const after = (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from incidents')).rows[0].n;
    expect(after).toBe(before);
    const fromLocalhost = await sendWithHost(
      server,
      'POST',
      '/panic-alert',
      'localhost:8080',
      {},
      { latitude: 25.57, longitude: 91.89 },
    );
    expect(fromLocalhost.status).toBe(201);
  });
});

describe('ALLOWED_HOSTS', () => {
  const started: TestServer[] = [];
  // The Host check is what is under test; sign-in (on by itself beyond loopback) is another matter.
  const serverWith = async (overrides: Partial<Config>) => {
    const server = await startTestServer({ auth: 'off', ...overrides });
    started.push(server);
    return server;
  };
  afterAll(() => Promise.all(started.map((server) => server.stop())));

  it('adds names a loopback install answers for (behind a proxy that keeps the public Host)', async () => {
    const server = await serverWith({
      host: '127.0.0.1',
      allowedHosts: ['dashboard.example.org', '::1', 'Ops.Example.org'],
    });
    for (const host of ['dashboard.example.org', 'Dashboard.Example.org.:8443', 'ops.example.org', 'localhost:1']) {
      expect([host, (await getWithHost(server, '/regions', host)).status]).toEqual([host, 200]);
    }
    expect((await getWithHost(server, '/regions', 'example.org')).status).toBe(421);
  });

  it('leaves a server on another interface open to any Host while unset', async () => {
    const server = await serverWith({ host: '0.0.0.0', allowedHosts: [] });
    expect((await getWithHost(server, '/regions', 'evil.example')).status).toBe(200);
  });

  it('checks a server on another interface once set, loopback names still answered', async () => {
    const server = await serverWith({ host: '0.0.0.0', allowedHosts: ['192.168.1.20', 'dashboard.example.org'] });
    expect((await getWithHost(server, '/regions', 'evil.example')).status).toBe(421);
    for (const host of ['192.168.1.20:8080', 'dashboard.example.org', 'localhost']) {
      expect([host, (await getWithHost(server, '/regions', host)).status]).toEqual([host, 200]);
    }
  });

  it('is read from a comma-separated list', () => {
    expect(configFromEnv({ ALLOWED_HOSTS: ' Dashboard.Example.org, 10.0.0.5 ,' }).allowedHosts).toEqual([
      'dashboard.example.org',
      '10.0.0.5',
    ]);
    expect(configFromEnv({}).allowedHosts).toEqual([]);
  });
});
