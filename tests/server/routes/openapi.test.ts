import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
let document: any;

beforeAll(async () => {
  server = await startTestServer();
  const answer = await call(server.url, 'GET', '/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toEqual(expect.any(String));
  });

  it('lists every route the app declared, and only those', () => {
    // The routes every engineer's plugin declares; a plugin that stopped declaring them would drop below this.
    expect(server.app.routeContracts.length).toBeGreaterThanOrEqual(25);
    for (const route of server.app.routeContracts) {
      expect(
        server.app.hasRoute({ method: route.method, url: route.url }),
        `${route.method} ${route.url} is served`,
      ).toBe(true);
      const operation = document.paths[route.url]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is documented`).toBeDefined();
      expect(operation.summary).toBe(route.summary);
      expect(Object.keys(operation.responses)).toContain(String(route.status ?? 200));
    }
    const documented = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.sort()).toEqual(server.app.routeContracts.map((route) => `${route.method} ${route.url}`).sort());
  });

  it("documents issue 34's route names with the bodies other clients are written against", () => {
    const body = (url: string) => document.paths[url].post.requestBody.content['application/json'].schema;
    for (const [method, url] of [
      ['get', '/incidents/:id/nearest-units'],
      ['get', '/regions/:id/units'],
      ['post', '/regions/:id/units'],
      ['post', '/incidents/dispatches'],
      ['post', '/incidents/dispatches/:dispatchId/status'],
      ['get', '/webhooks'],
      ['post', '/webhooks'],
      ['get', '/webhooks/deliveries'],
      ['get', '/incidents/:id/report'],
    ]) {
      expect(document.paths[url]?.[method], `${method.toUpperCase()} ${url}`).toBeDefined();
    }
    expect(Object.keys(body('/incidents/dispatches').properties)).toEqual(
      expect.arrayContaining(['id', 'unitId', 'unitName', 'note']),
    );
    expect(body('/incidents/dispatches/:dispatchId/status').properties.status.enum).toEqual([
      'on_scene',
      'stood_down',
      'handed_over',
    ]);
    expect(body('/incidents/dispatches/:dispatchId/status').required).toEqual(['status']);
    expect(Object.keys(body('/webhooks').properties)).toEqual(expect.arrayContaining(['url', 'events', 'secret']));
    expect([...body('/webhooks').required].sort()).toEqual(['events', 'url']);
  });

  it('gives every POST route but the sign-outs, the password reset, the webhook test and send-again and the backup (acts on the caller, the path or the whole store alone) a JSON request body schema', () => {
    const bodiless = [
      '/auth/logout',
      '/auth/users/:username/sign-out',
      '/auth/users/:username/reset-password',
      '/webhooks/:id/test',
      '/webhooks/deliveries/:id/send-again',
      '/backup',
    ];
    const posts = server.app.routeContracts.filter((route) => route.method === 'POST' && !bodiless.includes(route.url));
    expect(posts.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/panic-alert', '/soft-alert', '/gps/update', '/did/issue', '/did/verify']),
    );
    for (const route of posts) {
      const schema = document.paths[route.url].post.requestBody?.content?.['application/json']?.schema;
      expect(schema, `POST ${route.url} has a body schema`).toBeDefined();
      expect(schema.type).toBe('object');
      expect(Object.keys(schema.properties ?? {}).length, `POST ${route.url} body has fields`).toBeGreaterThan(0);
    }
  });

  it('requires latitude and longitude in a panic alert', () => {
    const schema = document.paths['/panic-alert'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['latitude', 'longitude']));
    expect(schema.required).not.toContain('touristId');
    expect(schema.properties.latitude).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
    expect(schema.properties.longitude).toMatchObject({ type: 'number', minimum: -180, maximum: 180 });
  });

  it("documents what issue 32 adds beyond API.md: an event's id on POST /events, demoLimits in the watch settings", () => {
    const events = document.paths['/events'].post.requestBody.content['application/json'].schema;
    expect(events.properties.events.items.properties.id.description).toMatch(/Not in API.md/);
    expect(events.properties.events.items.required).toEqual(['type']);
    const watch = document.paths['/regions/:id/watch'].put.requestBody.content['application/json'].schema;
    expect(watch.properties.demoLimits).toMatchObject({ type: 'boolean' });
    expect(document.paths['/events/ble'].post.summary).toMatch(/sos or fall event raises a panic/);
  });

  it('documents the query parameters of the score and DID reads', () => {
    const names = (url: string) =>
      document.paths[url].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names('/safety-credit')).toEqual(expect.arrayContaining(['regionId', 'placeId', 'days']));
    expect(names('/did/anchors')).toEqual(['didId']);
    expect(
      document.paths['/did/chain'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('brokenAt');
  });
});
