// Panics while PostgreSQL is away (issue 47 point 8): the real server on PostgreSQL through a TCP proxy (in a
// process of its own) that is cut: every connection reset, new ones refused. Its own schema. In one run:
// - the panic p50/p99 with the store healthy; with BENCH_BASELINE_DIR (a checkout of the code before issue
//   47, e.g. 51b78b8 with node_modules linked) beside that code's on the same PostgreSQL, alternating rounds;
// - then one cut of 20 s, through which 5 phones send a panic every 2 s and a dashboard reads GET /incidents
//   every second (every answer's status and time); meanwhile panic POSTs on the cut server, p50/p99, in
//   rounds alternating with the floor: the same POSTs answered from the journal by a server held in its
//   start window (START_STORE_DELAY_MS); then 1,000 panics, and from the restore the time until PostgreSQL
//   holds them all and a stream kept open through the cut has announced each;
// - with BENCH_OUTAGE_LONG=1, a 120 s cut with the phones and the dashboard alone.
// Every panic answered 201 is counted back in PostgreSQL and on the stream: none lost, doubled or unannounced.
// Run: DATABASE_URL=postgres://… npx tsx bench/store-outage.ts   (BENCH_QUICK=1: fewer panics, a 10 s cut)
import { join } from 'node:path';
import { dropSchema } from '../tools/drop-schema.ts';
import type { SpawnedServer } from '../tools/spawn-server.ts';
import { QUICK, spawnBenchServer } from './support/bench-server.ts';
import { startProxyProcess } from './support/proxy.ts';
import { printFigures, type FigureTree } from './support/figures.ts';
import { pidsNamed, totalCpuMs } from './support/process-cpu.ts';
import { latencies, openAlertStream, panicBurst, postPanic, summary, type Answer } from './support/outage-client.ts';
import { AROUND_MS, cutFigures, phonesThroughCut, startPhones, type CutRun } from './support/outage-phones.ts';
import { answeredPanics, countBack, openStoreReader, whenTrue } from './support/outage-store.ts';
import { monotonicMs, ratioOf, round, sleep } from './support/stats.ts';

const PANICS = QUICK ? 100 : 500;
const ROUNDS = 10;
const PHONES = 5;
const WARM_UP = 40;
const JOURNALED = QUICK ? 300 : 1000;
const SHORT_CUT_MS = QUICK ? 10_000 : 20_000;
const LONG_CUT_MS = 120_000;
const PREFIX = 'bench-outage-';
const PUT_BACK_PANIC_EVERY_MS = 200;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('DATABASE_URL not set: the store outage is PostgreSQL only, not measured');
  printFigures({ storeOutage: null });
  process.exit(0);
}
const schema = `bench_outage_${process.pid}`;
const baselineDir = process.env.BENCH_BASELINE_DIR;
const longCut = process.env.BENCH_OUTAGE_LONG === '1';
console.log(
  `Store outage on PostgreSQL through a TCP proxy${QUICK ? ' (quick)' : ''}: ${PANICS} panics per figure from ` +
    `${PHONES} phones at once, ${JOURNALED} journaled during a cut, phones through a ${SHORT_CUT_MS / 1000} s cut` +
    `${longCut ? ' and a 120 s cut' : ' (the 120 s cut: BENCH_OUTAGE_LONG=1)'}`,
);

const proxy = await startProxyProcess(databaseUrl);
const store = await openStoreReader(databaseUrl, schema);
const servers: SpawnedServer[] = [];
const through = { DATABASE_URL: proxy.through(databaseUrl) };

/**
 * Rounds that take turns between `sides` (who goes first alternating too), PANICS / ROUNDS panics each:
 * every side's answers, and the CPU its server's process spent per panic in its rounds.
 */
async function alternate(sides: { server: SpawnedServer; tag: string }[]) {
  const answers: Answer[][] = sides.map(() => []);
  const cpuMs = sides.map(() => 0);
  for (let lap = 0; lap < ROUNDS; lap++) {
    for (const i of sides.keys()) {
      const turn = lap % 2 === 0 ? i : sides.length - 1 - i;
      const { server, tag } = sides[turn];
      const cpuBefore = totalCpuMs([server.process.pid!]);
      answers[turn].push(...(await panicBurst(server.url, PANICS / ROUNDS, PHONES, `${tag}-r${lap}`)));
      cpuMs[turn] += (totalCpuMs([server.process.pid!]) ?? NaN) - (cpuBefore ?? NaN);
    }
  }
  return sides.map((_, i) => ({ answers: answers[i], cpuMsPerPanic: round(cpuMs[i] / answers[i].length, 2) }));
}
const refused = (answers: Answer[]) => answers.filter((answer) => answer.status !== 201).length;

let figures: FigureTree | null = null;
try {
  const startedAt = monotonicMs();
  const [server, startWindow] = await Promise.all([
    spawnBenchServer({ ...through, DATABASE_SCHEMA: schema }),
    // Held in its start window for the whole run: every panic it takes is answered from its journal.
    spawnBenchServer(
      { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: `${schema}_start`, START_STORE_DELAY_MS: '3600000' },
      { until: 'listening' },
    ),
  ]);
  servers.push(server, startWindow);
  let baseline: SpawnedServer | undefined;
  if (baselineDir) {
    const { spawnServer } = (await import(join(baselineDir, 'tools/spawn-server.ts'))) as {
      spawnServer: (env: Record<string, string>) => Promise<SpawnedServer>;
    };
    baseline = await spawnServer({ ...through, DATABASE_SCHEMA: `${schema}_base`, RATE_LIMIT_PER_MINUTE: '0' });
    servers.push(baseline);
  }
  console.log(
    `servers up after ${Math.round(monotonicMs() - startedAt)} ms${baseline ? ` (baseline: ${baselineDir})` : ''}`,
  );
  const stream = await openAlertStream(server.url);
  const ours: Answer[] = [];
  for (const side of [server, startWindow, baseline]) if (side) await panicBurst(side.url, WARM_UP, PHONES, 'warm');

  // The store healthy: the same server, beside the code before issue 47 when there is one (with a stream open
  // on each, so both announce every panic to one client).
  const baselineStream = baseline && (await openAlertStream(baseline.url));
  const [healthy, before] = await alternate([
    { server, tag: `${PREFIX}healthy` },
    ...(baseline ? [{ server: baseline, tag: `${PREFIX}baseline` }] : []),
  ]);
  ours.push(...healthy.answers);
  baselineStream?.close();
  await baseline?.stop();
  const healthyTimes = { ...summary(latencies(healthy.answers)), cpuMsPerPanic: healthy.cpuMsPerPanic };
  const baselineTimes = before && { ...summary(latencies(before.answers)), cpuMsPerPanic: before.cpuMsPerPanic };
  const inWords = (times: typeof healthyTimes) =>
    `p50 ${times.p50Ms} / p99 ${times.p99Ms} ms, the server's CPU ${times.cpuMsPerPanic} ms per panic`;
  console.log(
    `store healthy: panic ${inWords(healthyTimes)}` +
      (baselineTimes ? `; before issue 47 ${inWords(baselineTimes)} (alternating rounds)` : ''),
  );

  // One cut of SHORT_CUT_MS: phones and a dashboard through it, and meanwhile panics on the cut server in turns
  // with the start window's journaled answers, then a crowd's panics to be put back.
  const phones = startPhones(server.url, stream, { phones: PHONES, tag: `${PREFIX}cut20s` });
  await sleep(AROUND_MS);
  await proxy.cut();
  phones.cut();
  const cutAt = monotonicMs();
  const [duringCut, fromStartWindow] = (
    await alternate([
      { server, tag: `${PREFIX}cut` },
      { server: startWindow, tag: `${PREFIX}start` },
    ])
  ).map((side) => side.answers);
  ours.push(...duringCut);
  const first = [...duringCut].sort((a, b) => a.sentAt - b.sentAt)[0];
  const cutTimes = summary(latencies(duringCut));
  const floorTimes = summary(latencies(fromStartWindow));
  console.log(
    `during the cut: panic p50 ${cutTimes.p50Ms} / p99 ${cutTimes.p99Ms} ms (the first ${round(first.ms)} ms); ` +
      `start window's journaled answer p50 ${floorTimes.p50Ms} / p99 ${floorTimes.p99Ms} ms; ` +
      `not 201: ${refused(duringCut)} / ${refused(fromStartWindow)}`,
  );

  const journaledAt = monotonicMs();
  const journaled = await panicBurst(server.url, JOURNALED, 10, `${PREFIX}journaled`);
  ours.push(...journaled);
  console.log(
    `${JOURNALED} panics journaled in ${Math.round(monotonicMs() - journaledAt)} ms (p99 ` +
      `${summary(latencies(journaled)).p99Ms} ms, ${refused(journaled)} not 201)`,
  );
  // A cut this long has the server probing at its slowest, every 5 s: the restore falls between two probes.
  await sleep(cutAt + SHORT_CUT_MS - monotonicMs());
  console.log(`the store restored after a cut of ${Math.round(monotonicMs() - cutAt)} ms`);
  await proxy.restore();
  phones.restored();
  const restoredAt = monotonicMs();
  const cpuAtRestore = [totalCpuMs([server.process.pid!]), totalCpuMs(pidsNamed('postgres'))];
  const ids = [...answeredPanics(journaled).values()];
  // A phone goes on sending while the journal is put back: does the put-back hold new panics up?
  let puttingBack = true;
  const putBack: Answer[] = [];
  const phone = (async () => {
    for (let n = 0; puttingBack; n++, await sleep(PUT_BACK_PANIC_EVERY_MS))
      putBack.push(await postPanic(server.url, `${PREFIX}putback-${n}`));
  })();
  const [storedAt, announcedAt] = await Promise.all([
    whenTrue(async () => (await store.countStored(`${PREFIX}journaled`)) >= ids.length, 60_000, 25),
    whenTrue(() => ids.every((id) => stream.alerts.has(id)), 60_000, 10),
  ]);
  const cpuOfPutBack = [totalCpuMs([server.process.pid!]), totalCpuMs(pidsNamed('postgres'))].map((ms, i) =>
    round((ms ?? NaN) - (cpuAtRestore[i] ?? NaN), 0),
  );
  puttingBack = false;
  await phone;
  ours.push(...putBack);
  const backAt = stream.storeEvents.find((event) => event.available && event.at >= restoredAt)?.at;
  const since = (at: number | null | undefined) => (at ? round(at - restoredAt) : null);
  // Sent once the server knew the store was back and before the journal was all in it.
  const meanwhile = putBack.filter(
    (answer) => answer.sentAt >= (backAt ?? Infinity) && answer.sentAt <= (storedAt ?? 0),
  );
  const replay = {
    panics: ids.length,
    storeBackMs: since(backAt),
    storedMs: since(storedAt),
    announcedMs: since(announcedAt),
    /** From the server's knowing the store is back until all are stored: the put-back alone. */
    putBackMs: backAt && storedAt ? round(storedAt - backAt) : null,
    /** CPU from the restore until all were stored: the server's process, and every process named postgres. */
    serverCpuMs: cpuOfPutBack[0],
    postgresCpuMs: cpuOfPutBack[1],
    duringPutBack: { panics: meanwhile.length, ...summary(latencies(meanwhile)), non201: refused(meanwhile) },
  };
  console.log(
    `after the restore: the stream heard the store back after ${replay.storeBackMs} ms; all ${ids.length} ` +
      `stored after ${replay.storedMs} ms (the put-back itself ${replay.putBackMs} ms; CPU meanwhile: the server ` +
      `${replay.serverCpuMs} ms, PostgreSQL ${replay.postgresCpuMs} ms), announced after ` +
      `${replay.announcedMs} ms (null: not within 60 s); ` +
      `a phone's panics sent meanwhile (one every ${PUT_BACK_PANIC_EVERY_MS} ms): ${JSON.stringify(replay.duringPutBack)}`,
  );

  const cuts: Record<string, ReturnType<typeof cutFigures> | null> = { cut20s: null, cut120s: null };
  const says = (run: CutRun) =>
    `${Math.round(run.cutMs / 1000)} s cut, ${PHONES} phones every 2 s, a dashboard every 1 s: ` +
    JSON.stringify(cutFigures(run));
  const shortCut = await phones.stop();
  cuts.cut20s = cutFigures(shortCut);
  ours.push(...shortCut.panics);
  console.log(says(shortCut));
  if (longCut) {
    const run = await phonesThroughCut(server.url, proxy, stream, {
      phones: PHONES,
      cutMs: LONG_CUT_MS,
      tag: `${PREFIX}cut120s`,
    });
    cuts.cut120s = cutFigures(run);
    ours.push(...run.panics);
    console.log(`${says(run)} (nothing else at work)`);
  }

  // Everything answered 201 is in PostgreSQL once and was announced once (after the journal was put back).
  const answered = answeredPanics(ours);
  await whenTrue(async () => (await store.countStored(PREFIX)) >= answered.size, 30_000, 100);
  await whenTrue(() => [...answered.values()].every((id) => stream.alerts.has(id)), 10_000, 50);
  const counted = await countBack(store, stream, PREFIX, answered);
  console.log(`counted back: ${JSON.stringify(counted)}; the stream ${stream.endedAt ? 'was ended' : 'stayed open'}`);
  stream.close();

  figures = {
    panic: {
      ...cutTimes,
      firstMs: round(first.ms),
      floorP50Ms: floorTimes.p50Ms,
      floorP99Ms: floorTimes.p99Ms,
      ratio: ratioOf(cutTimes.p99Ms, floorTimes.p99Ms),
    },
    replay,
    healthy: {
      ...healthyTimes,
      baselineP50Ms: baselineTimes?.p50Ms ?? null,
      baselineP99Ms: baselineTimes?.p99Ms ?? null,
      baselineCpuMsPerPanic: baselineTimes?.cpuMsPerPanic ?? null,
      ratio: ratioOf(healthyTimes.p99Ms, baselineTimes?.p99Ms ?? null),
    },
    ...cuts,
    ...counted,
    lostOrDoubled: counted.lost + counted.doubled + counted.unannounced + counted.announcedTwice,
    refused: refused(duringCut) + refused(journaled) + refused(putBack),
    streamEnded: stream.endedAt !== undefined,
  };
} catch (error) {
  console.error('the store outage bench failed:', error);
  process.exitCode = 1;
} finally {
  await proxy.restore();
  await Promise.all(servers.map((server) => server.kill()));
  await proxy.close();
  await store.close();
  for (const name of [schema, `${schema}_start`, `${schema}_base`]) await dropSchema(databaseUrl, name);
}
printFigures({ storeOutage: figures });
// Left to end by itself after a baseline checkout was imported, Node 20 spun in its exit's handle cleanup.
process.exit(process.exitCode ?? 0);
