// GET /incidents/filter?changedSince=: the dashboard's silent reload asks only for what changed since its
// last answer. Whatever happened in between, the list it rebuilds must equal the whole list read afresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { applyIncidentChanges } from '../../../src/api/incident-list.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Held {
  revision: string;
  byId: Map<string, Incident>;
}

async function wholeList(query = ''): Promise<{ incidents: Incident[]; held: Held }> {
  const { status, body } = await call(server.url, 'GET', `/incidents/filter${query}`);
  expect(status).toBe(200);
  expect(body.revision).toMatch(/^\d+$/);
  const incidents = body.incidents as Incident[];
  return {
    incidents,
    held: { revision: body.revision, byId: new Map(incidents.map((incident) => [incident.id, incident])) },
  };
}

async function changesSince(held: Held, query = '') {
  const separator = query ? '&' : '?';
  const { status, body } = await call(
    server.url,
    'GET',
    `/incidents/filter${query}${separator}changedSince=${held.revision}`,
  );
  expect(status).toBe(200);
  expect(body.changedSince).toBe(held.revision);
  return body as { incidents: Incident[]; ids: string[]; revision: string };
}

async function panic(latitude = 26.1, longitude = 91.7): Promise<Incident> {
  const { status, body } = await call(server.url, 'POST', '/panic-alert', { latitude, longitude });
  expect(status).toBe(201);
  return body.incident;
}

const idsOf = (incidents: readonly Incident[]) => incidents.map((incident) => incident.id);

/**
 * On PostgreSQL a revision is the oldest transaction running in the whole cluster: another test file's
 * transaction, run side by side, may be older than this file's last writes, and the answer then also
 * carries those incidents again, unchanged (a reader merging them loses nothing). The embedded store has one
 * writer: there, only what changed comes back.
 */
const sharedCluster = () => server.ctx.db.mode === 'postgres';

describe('GET /incidents/filter?changedSince', () => {
  it('answers no incidents when nothing was written, with the whole list of ids in order', async () => {
    for (let i = 0; i < 3; i++) await panic(26 + i / 100);
    const { incidents, held } = await wholeList();
    const changes = await changesSince(held);
    if (sharedCluster()) for (const again of changes.incidents) expect(again).toEqual(held.byId.get(again.id));
    else expect(changes.incidents).toEqual([]);
    expect(changes.ids).toEqual(idsOf(incidents));
  });

  it('sends a new panic and an acknowledged one, and nothing else; the rebuilt list equals a fresh read', async () => {
    const older = await panic();
    const untouched = await panic();
    const { held } = await wholeList();
    const acknowledged = await call(server.url, 'POST', '/incidents/acknowledge', { id: older.id });
    expect(acknowledged.status).toBe(200);
    const raised = await panic(26.2);

    const changes = await changesSince(held);
    if (sharedCluster()) expect(idsOf(changes.incidents)).toEqual(expect.arrayContaining([older.id, raised.id]));
    else expect(idsOf(changes.incidents).sort()).toEqual([older.id, raised.id].sort());
    expect(changes.incidents.find((incident) => incident.id === older.id)?.status).toBe('acknowledged');
    expect(changes.ids).toContain(untouched.id);
    const rebuilt = applyIncidentChanges(held.byId, changes.incidents, changes.ids);
    expect(rebuilt).toEqual((await wholeList()).incidents);
  });

  it('drops from its ids an incident that left the list (an old panic, resolved, outside the window)', async () => {
    const old = await panic();
    await server.ctx.db.query("update incidents set created_at = now() - interval '3 hours' where id = $1", [old.id]);
    const { held, incidents } = await wholeList('?minutes=60');
    expect(idsOf(incidents)).toContain(old.id); // an open panic is shown whatever the window
    expect((await call(server.url, 'POST', '/incidents/resolve', { id: old.id })).status).toBe(200);

    const changes = await changesSince(held, '?minutes=60');
    expect(changes.ids).not.toContain(old.id);
    expect(applyIncidentChanges(held.byId, changes.incidents, changes.ids)).toEqual(
      (await wholeList('?minutes=60')).incidents,
    );
  });

  it("leaves out another region's changes", async () => {
    const { held } = await wholeList('?regionId=default');
    const moved = (await panic(27)).id;
    await server.ctx.db.query("update incidents set region_id = 'elsewhere' where id = $1", [moved]);
    const changes = await changesSince(held, '?regionId=default');
    expect(changes.incidents.every((incident) => incident.regionId === 'default')).toBe(true);
    // On a PostgreSQL shared with other test files, a transaction of theirs still running when the list was read
    // makes its revision older, so incidents of this region written before may come again, unchanged: the
    // moved one never does.
    expect(changes.incidents.map((incident) => incident.id)).not.toContain(moved);
  });

  it('catches a write that was still uncommitted when the earlier answer was read', async () => {
    const target = await panic();
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const writtenInside = new Promise<void>((resolve) => (written = resolve));
    const writing = server.ctx.db.transaction(async (tx) => {
      await tx.query("update incidents set status = 'acknowledged' where id = $1", [target.id]);
      written();
      await committed;
    });
    await writtenInside;
    // On PostgreSQL this read sees the row as it was; on PGlite's one connection it waits for the commit.
    const reading = wholeList();
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await writing;
    const { held } = await reading;
    const changes = await changesSince(held);
    const rebuilt = applyIncidentChanges(held.byId, changes.incidents, changes.ids);
    expect(rebuilt?.find((incident) => incident.id === target.id)?.status).toBe('acknowledged');
    expect(rebuilt).toEqual((await wholeList()).incidents);
  });

  it('refuses a revision that is not one, naming the field, and stores nothing', async () => {
    for (const bad of ['abc', '-1', '1'.repeat(20)]) {
      const { status, body } = await call(server.url, 'GET', `/incidents/filter?changedSince=${bad}`);
      expect(status).toBe(400);
      expect(body.ok).toBe(false);
      expect(body.error).toContain('changedSince');
    }
  });
});
