// The watch with restarts and many servers (issue 32): a check that dies before it commits loses nothing
// and a second one raises once; a new server on the same store finds what came due while none ran; two
// servers on one PostgreSQL checking at once raise each incident once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/context.ts';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import { startTestServer, uniqueSchema } from '../../helpers/server.ts';
import { LAT, LNG, redZoneAround, reporting, secondsAfter, uniqueTourist, watchIncidentsOf } from '../support/watch.ts';

class CrashBeforeCommit extends Error {}

/** The context with a write that does all its work and then fails, as a process killed before COMMIT. */
/** These tests start their own servers (two for a restart): a loaded machine takes a while to start one. */
const STARTS_SERVERS = { timeout: 120_000 };

const crashingBeforeCommit = (ctx: AppContext): AppContext => ({
  ...ctx,
  write: (work, options) =>
    ctx.write(async (tx, emit) => {
      await work(tx, emit);
      throw new CrashBeforeCommit();
    }, options),
});

describe('a restart in the middle of a due check', () => {
  it('a check that dies before committing raises nothing, and the next one raises once', STARTS_SERVERS, async () => {
    const server = await startTestServer();
    try {
      const tourist = uniqueTourist();
      await reporting(server, tourist, LAT + 10, LNG);
      const due = secondsAfter(Date.now(), 31 * 60);
      await expect(runWatchCheck(crashingBeforeCommit(server.ctx), due)).rejects.toBeInstanceOf(CrashBeforeCommit);
      expect(await watchIncidentsOf(server, tourist)).toEqual([]);
      await runWatchCheck(server.ctx, due);
      await runWatchCheck(server.ctx, due);
      expect((await watchIncidentsOf(server, tourist)).map((incident) => incident.type)).toEqual(['silent']);
    } finally {
      await server.stop();
    }
  });

  it(
    'a server started on the same store after a stop finds the due tourists and raises each once',
    STARTS_SERVERS,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pad-watch-restart-'));
      const databaseSchema = process.env.DATABASE_URL ? uniqueSchema() : 'public';
      const first = await startTestServer({ dataDir, databaseSchema });
      const tourist = uniqueTourist();
      let second: Awaited<ReturnType<typeof startTestServer>> | undefined;
      try {
        await reporting(first, tourist, LAT + 11, LNG);
        await first.close();
        second = await startTestServer({ dataDir, databaseSchema });
        const due = secondsAfter(Date.now(), 31 * 60);
        await runWatchCheck(second.ctx, due);
        await runWatchCheck(second.ctx, due);
        expect((await watchIncidentsOf(second, tourist)).map((incident) => incident.type)).toEqual(['silent']);
      } finally {
        await second?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL', () => {
  it('checking at once, they raise each watch incident once', STARTS_SERVERS, async () => {
    const databaseSchema = uniqueSchema();
    const first = await startTestServer({ databaseSchema });
    const second = await startTestServer({ databaseSchema });
    try {
      await redZoneAround(first, LAT + 12, LNG);
      const tourists = Array.from({ length: 20 }, () => uniqueTourist('pg'));
      await Promise.all(tourists.map((tourist, i) => reporting(i % 2 ? first : second, tourist, LAT + 12, LNG)));
      const due = secondsAfter(Date.now(), 31 * 60);
      const passes = await Promise.all([
        runWatchCheck(first.ctx, due),
        runWatchCheck(second.ctx, due),
        runWatchCheck(first.ctx, due),
        runWatchCheck(second.ctx, due),
      ]);
      const raised = passes.flatMap((pass) => pass.raised);
      // Silent (10 min in red) and stranded (20 min in red) for each tourist, each raised by one server only.
      expect(raised).toHaveLength(tourists.length * 2);
      for (const tourist of tourists)
        expect((await watchIncidentsOf(first, tourist)).map((incident) => incident.type)).toEqual([
          'silent',
          'stranded',
        ]);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
