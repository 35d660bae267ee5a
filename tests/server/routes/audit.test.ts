// Every operator write lands on a tamper-evident audit trail, in the same transaction as the write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/api/audit.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);
const audit = async (query = ''): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> =>
  (await call(server.url, 'GET', `/audit${query}`)).body;
const square = [
  [30, 30],
  [30, 30.01],
  [30.01, 30.01],
  [30.01, 30],
];

describe('the audit trail records operator writes', () => {
  it('records acknowledge and resolve with actor, address, target and the change; a no-op or a refusal adds nothing', async () => {
    const panic = await post('/panic-alert', { latitude: 1, longitude: 1 });
    const id = panic.body.incident.id;
    await post('/incidents/acknowledge', { id });
    await post('/incidents/acknowledge', { id });
    await post('/incidents/resolve', { id });
    expect((await post('/incidents/acknowledge', { id })).status).toBe(409);
    const { entries } = await audit(`?limit=10`);
    const mine = entries.filter((entry) => entry.target === id);
    expect(mine.map((entry) => [entry.action, entry.detail])).toEqual([
      ['incident.resolve', { from: 'acknowledged', to: 'resolved' }],
      ['incident.acknowledge', { from: 'open', to: 'acknowledged' }],
    ]);
    expect(mine[0]).toMatchObject({ actor: 'anonymous', role: null, address: '127.0.0.1' });
  });

  it('records an overwritten zone with its previous value', async () => {
    await post('/geofences', { id: 'gf-audited', riskLevel: 'yellow', regionId: 'shillong', polygon: square });
    await post('/geofences', { id: 'gf-audited', riskLevel: 'red', regionId: 'shillong', polygon: square });
    const { entries } = await audit('?action=geofence.save&limit=2');
    expect(entries[0]).toMatchObject({
      target: 'gf-audited',
      detail: { previous: { riskLevel: 'yellow' }, saved: { riskLevel: 'red' } },
    });
    expect(entries[1].detail.previous).toBeNull();
  });

  it('records an export with its filter and row count', async () => {
    await fetch(`${server.url}/incidents/export?regionId=shillong&minutes=60`);
    const { entries } = await audit('?action=incidents.export&limit=1');
    expect(entries[0]).toMatchObject({ target: 'shillong', detail: { minutes: 60, rows: expect.any(Number) } });
  });

  it('pages newest first with before/nextBefore, and filters by actor', async () => {
    const first = await audit('?limit=2');
    expect(first.entries.map((entry) => entry.seq)).toEqual([first.entries[0].seq, first.entries[0].seq - 1]);
    const next = await audit(`?limit=2&before=${first.nextBefore}`);
    expect(next.entries[0].seq).toBe(first.nextBefore! - 1);
    expect((await audit('?actor=nobody')).entries).toEqual([]);
    expect((await call(server.url, 'GET', '/audit?limit=0')).status).toBe(400);
  });
});

describe('GET /audit/verify', () => {
  it('answers ok with the length while the chain holds, and names the first entry an edit or a deletion breaks', async () => {
    const intact = (await call(server.url, 'GET', '/audit/verify')).body;
    expect(intact).toEqual({ ok: true, length: expect.any(Number) });
    expect(intact.length).toBeGreaterThanOrEqual(5);

    await server.ctx.db.query(`update audit_log set detail = '{"from":"open","to":"open"}' where seq = 2`);
    const edited = (await call(server.url, 'GET', '/audit/verify')).body;
    expect(edited).toMatchObject({
      ok: false,
      brokenAt: { seq: 2 },
      error: expect.stringMatching(/^The audit trail is broken at entry 2: its hash/),
    });
  });

  it('finds a deleted entry at the one after it', async () => {
    const scratch = await startTestServer();
    try {
      for (let i = 0; i < 3; i++)
        await call(scratch.url, 'POST', '/geofences', { id: `gf-${i}`, riskLevel: 'red', polygon: square });
      await scratch.ctx.db.query('delete from audit_log where seq = 2');
      const deleted = (await call(scratch.url, 'GET', '/audit/verify')).body;
      expect(deleted).toMatchObject({ ok: false, brokenAt: { seq: 3 } });
    } finally {
      await scratch.stop();
    }
  });
});
