// The dashboard's reader of incidents lists (src/api/incident-list.ts) against a real server: a first whole
// answer, then only changes; and the whole list again whenever an answer cannot complete what it holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { IncidentListReader } from '../../../src/api/incident-list.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Body = Record<string, unknown>;

/** A reader over the real server, recording what it asked for; `alter` may change an answer on its way. */
function readerOf(alter: (body: Body, url: string) => Body = (body) => body) {
  const asked: string[] = [];
  const reader = new IncidentListReader(
    async (url) => {
      asked.push(url);
      const { status, body } = await call(server.url, 'GET', url);
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      return alter(body as Body, url);
    },
    () => new Error('unexpected'),
  );
  return { reader, asked };
}

async function panic(latitude = 26.1): Promise<Incident> {
  const { status, body } = await call(server.url, 'POST', '/panic-alert', { latitude, longitude: 91.7 });
  expect(status).toBe(201);
  return body.incident;
}

const freshList = async (url: string): Promise<Incident[]> => (await call(server.url, 'GET', url)).body.incidents;

describe('IncidentListReader', () => {
  it('asks for the whole list once, then for changes, and keeps the list equal to a fresh read', async () => {
    await panic();
    const { reader, asked } = readerOf();
    expect(await reader.read('/incidents/filter?minutes=60')).toEqual(await freshList('/incidents/filter?minutes=60'));
    const first = await panic(26.3);
    await call(server.url, 'POST', '/incidents/resolve', { id: first.id });
    await panic(26.4);
    const list = await reader.read('/incidents/filter?minutes=60');
    expect(list).toEqual(await freshList('/incidents/filter?minutes=60'));
    expect(list.find((incident) => incident.id === first.id)?.status).toBe('resolved');
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatch(/^\/incidents\/filter\?minutes=60&changedSince=\d+$/);
  });

  it('keeps each address apart', async () => {
    const { reader, asked } = readerOf();
    await reader.read('/incidents/filter');
    await reader.read('/incidents/filter?regionId=default');
    await reader.read('/incidents/filter');
    expect(asked).toEqual([
      '/incidents/filter',
      '/incidents/filter?regionId=default',
      expect.stringMatching(/^\/incidents\/filter\?changedSince=\d+$/),
    ]);
  });

  it("asks for the whole list when told to (the operator's own load), and holds it for the next", async () => {
    const { reader, asked } = readerOf();
    await reader.read('/incidents/filter');
    await panic(26.5);
    expect(await reader.read('/incidents/filter', { whole: true })).toEqual(await freshList('/incidents/filter'));
    await reader.read('/incidents/filter');
    expect(asked.map((url) => url.includes('changedSince'))).toEqual([false, false, true]);
  });

  it('asks for the whole list when an answer lists an id it never held', async () => {
    await panic();
    // The first answer loses its newest incident on the way, and the changes since do not hold it either: on
    // PostgreSQL they may (the revision is the oldest transaction running in the whole cluster, and another
    // test file's can be older than the panic), so it is taken out of them too, to leave a list it cannot complete.
    let lost: string | undefined;
    const { reader, asked } = readerOf((body, url) => {
      const incidents = body.incidents as Incident[];
      if (lost === undefined) {
        lost = incidents[0]!.id;
        return { ...body, incidents: incidents.slice(1) };
      }
      return url.includes('changedSince')
        ? { ...body, incidents: incidents.filter((incident) => incident.id !== lost) }
        : body;
    });
    await reader.read('/incidents/filter');
    expect(await reader.read('/incidents/filter')).toEqual(await freshList('/incidents/filter'));
    expect(asked.map((url) => url.includes('changedSince'))).toEqual([false, true, false]);
  });

  it('asks for the whole list when the store went back in time, and never holds an answer without a revision', async () => {
    const { reader: rewound, asked } = readerOf((body, url) =>
      url.includes('changedSince') ? { ...body, revision: '1' } : body,
    );
    await rewound.read('/incidents/filter');
    await panic();
    expect(await rewound.read('/incidents/filter')).toEqual(await freshList('/incidents/filter'));
    expect(asked.map((url) => url.includes('changedSince'))).toEqual([false, true, false]);

    const { reader: older, asked: olderAsked } = readerOf(({ revision: _revision, ...body }) => body);
    await older.read('/incidents/filter');
    await older.read('/incidents/filter');
    expect(olderAsked).toEqual(['/incidents/filter', '/incidents/filter']);
  });
});
