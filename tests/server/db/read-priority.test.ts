import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { gateStatus, PriorityGate, type GateStatus } from '../../../server/db/priority-gate.ts';
import type { Priority } from '../../../server/db/seam.ts';
import { FILTER_LIMIT } from '../../../server/routes/incidents.ts';
import { lastPositionsJson } from '../../../server/stores/gps-json.ts';
import { filterIncidentsJson } from '../../../server/stores/incident-list.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

/** A promise and the function that settles it, to hold work open for exactly as long as a test wants. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('PriorityGate', () => {
  it('starts waiting work urgent first, then normal, then background, first come first served within each', async () => {
    const gate = new PriorityGate(1);
    const holder = latch();
    const holding = gate.run('normal', () => holder.promise);
    await vi.waitFor(() => expect(gate.status().running).toBe(1));
    const started: string[] = [];
    const queued = (['background', 'normal', 'urgent', 'background', 'urgent', 'normal'] as Priority[]).map(
      (priority, i) => gate.run(priority, async () => void started.push(`${priority}-${i}`)),
    );
    expect(gate.status().waiting).toEqual({ urgent: 2, normal: 2, background: 2 });
    holder.open();
    await Promise.all([holding, ...queued]);
    expect(started).toEqual(['urgent-2', 'urgent-4', 'normal-1', 'normal-5', 'background-0', 'background-3']);
  });

  it('orders work that arrives in the same turn by priority, even when a slot is free', async () => {
    const gate = new PriorityGate(1);
    const started: string[] = [];
    await Promise.all([
      gate.run('background', async () => void started.push('background')),
      gate.run('normal', async () => void started.push('normal')),
      gate.run('urgent', async () => void started.push('urgent')),
    ]);
    expect(started).toEqual(['urgent', 'normal', 'background']);
  });

  it('lets the event loop turn between two pieces of work, so I/O (a panic on its socket) is not starved', async () => {
    const gate = new PriorityGate(1);
    const events: string[] = [];
    await Promise.all([
      gate.run('normal', async () => {
        events.push('first');
        setImmediate(() => events.push('i/o'));
      }),
      gate.run('normal', async () => void events.push('second')),
    ]);
    expect(events).toEqual(['first', 'i/o', 'second']);
  });

  it('never runs more than its slots at once', async () => {
    const gate = new PriorityGate(3);
    let running = 0;
    let most = 0;
    const holder = latch();
    const work = Array.from({ length: 10 }, () =>
      gate.run('normal', async () => {
        most = Math.max(most, ++running);
        await holder.promise;
        running--;
      }),
    );
    await vi.waitFor(() => expect(gate.status()).toMatchObject({ slots: 3, running: 3, waiting: { normal: 7 } }));
    holder.open();
    await Promise.all(work);
    expect(most).toBe(3);
    expect(gate.status()).toMatchObject({ running: 0, waiting: { urgent: 0, normal: 0, background: 0 } });
  });

  it('frees the slot of work that fails, so the next one runs', async () => {
    const gate = new PriorityGate(1);
    const failing = gate.run('urgent', async () => {
      throw new Error('storage failed');
    });
    const next = gate.run('normal', async () => 'ran');
    await expect(failing).rejects.toThrow('storage failed');
    await expect(next).resolves.toBe('ran');
  });
});

describe('a panic POST overtakes heavy reads queued for the store', () => {
  const HEAVY_READS = [
    '/gps/last?limit=10000&sinceMinutes=0',
    '/gps/history',
    '/incidents/filter',
    '/incidents/export',
  ];
  let server: TestServer;
  const status = (): GateStatus => gateStatus(server.ctx.db)!;

  beforeAll(async () => {
    server = await startTestServer();
    await server.ctx.db.query(
      `insert into gps_last (ping_key, tourist_id, device_id, latitude, longitude, at)
       select 'heavy-' || g, 'heavy-' || g, null, 25.5, 91.8, now() - g * interval '1 second' from generate_series(1, 20000) as g`,
    );
    await server.ctx.db.query(
      `insert into incidents (id, type, severity, status, latitude, longitude, created_at, region_id, meta)
       select 'heavy-inc-' || g, 'safe', 'low', 'open', 1, 1, now() - g * interval '1 second', 'default', '{"source":"soft"}'
         from generate_series(1, 3000) as g`,
    );
  });
  afterAll(() => server.stop());

  /** Sends a panic while `read` is under way: which of the two finished first. */
  async function finishingOrder(read: Promise<unknown>): Promise<string[]> {
    const finished: string[] = [];
    const panic = call(server.url, 'POST', '/panic-alert', {
      latitude: 25.57,
      longitude: 91.88,
      touristId: 'between-chunks',
    });
    await Promise.all([
      read.then(() => finished.push('read')),
      panic.then((answer) => finished.push(`panic ${answer.status}`)),
    ]);
    return finished;
  }

  it('completes before most of 20 reads that were waiting for the store before it arrived', async () => {
    // Every connection to the store is held, so the reads and then the panic queue up behind it.
    const holders = Array.from({ length: status().slots }, () => latch());
    const holding = holders.map((holder) => server.ctx.db.transaction(() => holder.promise));
    // A failed expectation must not leave the store held for the tests after this one.
    onTestFinished(() => holders.forEach((holder) => holder.open()));
    await vi.waitFor(() => expect(status().running).toBe(holders.length));

    const finished: string[] = [];
    const reads = Array.from({ length: 20 }, (_, i) => {
      const path = HEAVY_READS[i % HEAVY_READS.length];
      return call(server.url, 'GET', path).then((answer) => {
        finished.push(`read ${path}`);
        return answer.status;
      });
    });
    await vi.waitFor(() => expect(status().waiting.normal).toBeGreaterThanOrEqual(20));
    const panic = call(server.url, 'POST', '/panic-alert', {
      latitude: 25.57,
      longitude: 91.88,
      touristId: 'overtaker',
    }).then((answer) => {
      finished.push('panic');
      return answer.status;
    });
    // At least the panic: the stream's tail read and the binding cache's poll are urgent too, and may be waiting.
    await vi.waitFor(() => expect(status().waiting.urgent).toBeGreaterThanOrEqual(1));

    // One connection comes free: it goes to the panic although 20 reads waited longer.
    holders[0].open();
    expect(await panic).toBe(201);
    const readsBeforePanic = finished.indexOf('panic');
    holders.forEach((holder) => holder.open());
    await Promise.all(holding);
    expect(await Promise.all(reads)).toEqual(Array(20).fill(200));
    // A first-come-first-served store would answer all 20 reads first.
    expect(readsBeforePanic).toBeLessThanOrEqual(5);
  });

  it('builds a long incidents list a chunk per statement, the same list whatever the chunk', async () => {
    const filter = { limit: 3000, withUnresolvedPanics: true };
    const whole = JSON.parse((await filterIncidentsJson(server.ctx.db, filter, 5000)).json) as {
      id: string;
      type: string;
      status: string;
    }[];
    expect(whole.length).toBeGreaterThanOrEqual(3000);
    expect(JSON.parse((await filterIncidentsJson(server.ctx.db, filter, 7)).json)).toEqual(whole);
    // A cap that falls inside a chunk: the newest 14, then every unresolved panic older than them.
    const ids = (list: { id: string }[]) => list.map((incident) => incident.id);
    const openPanicsAfter = (count: number) =>
      whole.slice(count).filter((i) => i.type === 'panic' && i.status !== 'resolved');
    expect(ids(JSON.parse((await filterIncidentsJson(server.ctx.db, { ...filter, limit: 14 }, 7)).json))).toEqual(
      ids([...whole.slice(0, 14), ...openPanicsAfter(14)]),
    );
    const http = await call(server.url, 'GET', '/incidents/filter');
    expect(ids(http.body.incidents)).toEqual(ids([...whole.slice(0, FILTER_LIMIT), ...openPanicsAfter(FILTER_LIMIT)]));
  });

  // On PGlite's one connection, a list built in one statement held the panic until it was done.
  it('stores a panic that arrives while a long list is being built between two of its statements', async () => {
    expect(await finishingOrder(filterIncidentsJson(server.ctx.db, { limit: 3000 }, 10))).toEqual([
      'panic 201',
      'read',
    ]);
  });

  it('builds a long list of last positions a chunk per statement, the same list whatever the chunk', async () => {
    // Five keys seen at one instant, newest of all: a chunk's cursor falls among them.
    await server.ctx.db.query(
      `insert into gps_last (ping_key, tourist_id, device_id, latitude, longitude, at)
       select 'tied-' || g, 'tied-' || g, null, 25.5, 91.8, now() + interval '1 hour' from generate_series(1, 5) as g`,
    );
    const filter = { limit: 2500 };
    const whole = JSON.parse(await lastPositionsJson(server.ctx.db, filter, 20_000)) as {
      touristId: string;
      at: string;
    }[];
    expect(whole.slice(0, 5).map((ping) => ping.touristId)).toEqual(['tied-1', 'tied-2', 'tied-3', 'tied-4', 'tied-5']);
    expect(whole).toHaveLength(2500);
    expect(JSON.parse(await lastPositionsJson(server.ctx.db, filter, 7))).toEqual(whole);
    expect(JSON.parse(await lastPositionsJson(server.ctx.db, { limit: 15 }, 2))).toEqual(whole.slice(0, 15));
    const http = await call(server.url, 'GET', '/gps/last?limit=2500&sinceMinutes=0');
    expect(http.body.pings).toEqual(whole);
  });

  it('stores a panic that arrives while a long list of last positions is being built between two of its statements', async () => {
    expect(await finishingOrder(lastPositionsJson(server.ctx.db, { limit: 10_000 }, 25))).toEqual([
      'panic 201',
      'read',
    ]);
  });
});
