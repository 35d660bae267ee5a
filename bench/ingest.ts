// GPS ingest throughput of the real server (its own process, as `npm start` runs it) with 500 zones to check
// every ping against: 50 phones each sending single POST /gps/update in a loop, then senders of 1000-ping
// POST /gps/batch. Every acknowledged (201) ping is counted back from the store afterwards (`lost`). The
// floor is a plain multi-row INSERT of the same rows into the same table of the same store, in the same run.
// PGlite always; PostgreSQL too when DATABASE_URL is set (in a fresh schema, dropped afterwards). The watch is
// on (issue 32): every ping group keeps its keys' last-seen rows, and the server's check runs every second
// over 100,000 tracked devices of which one in 1,000 comes due every 15 s, raising them (bench/support/watch-load.ts).
// Run: npx tsx bench/ingest.ts (BENCH_QUICK=1: shorter phases; BENCH_INGEST_STORES=postgres: that store alone).
// The last stdout line is `BENCH_FIGURES <json>`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_GPS_BATCH } from '../src/api/fields.ts';
import type { GpsUpdateBody } from '../src/api/requests.ts';
import { openDatabase } from '../server/db/open.ts';
import type { Database } from '../server/db/seam.ts';
import { dropSchema } from '../tools/drop-schema.ts';
import { spawnServer } from '../tools/spawn-server.ts';
import { benchZones, closeClient, postJson, Walker, ZONES, type Answer } from './ingest-workload.ts';
import { seedTrackedDevices, TRACKED_DEVICES, watchIncidentsRaised } from './support/watch-load.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const PHONES = 50;
const SINGLE_SECONDS = QUICK ? 2 : 8;
/** Phones send this long before the single figure is measured: the first groups pay for JIT and cold caches. */
const WARM_UP_SECONDS = 1;
const BATCH_SENDERS = 4;
const BATCHES = QUICK ? 12 : 48;
const KEYS_PER_BATCH = 100;
const ZONE_WRITERS = 8;
const FLOOR_ROWS_PER_INSERT = 1000;
const HOUR_AGO = Date.now() - 3_600_000;
/**
 * The watch's check interval here: the due rows come at the rate the 15 s default sees, decided in passes of a
 * second, so each measured phase (the batched one lasts about two seconds on PostgreSQL) has checks in it.
 */
const WATCH_CHECK_MS = 1000;
const STORES = (process.env.BENCH_INGEST_STORES ?? 'pglite,postgres').split(',');

interface StoreFigures {
  singlePingsPerSec: number;
  batchPingsPerSec: number;
  floorPingsPerSec: number;
  singleRatio: number;
  batchRatio: number;
  /** Silent incidents the running watch check raised during the run (0 would mean the watch was not on). */
  watchRaised: number;
  lost: number;
}

/** Acknowledged pings per key, and every acknowledged ping as a row for the floor. */
class Acknowledged {
  readonly perKey = new Map<string, number>();
  readonly rows: GpsUpdateBody[] = [];
  refused = 0;

  add(pings: GpsUpdateBody[]): void {
    for (const ping of pings) this.perKey.set(ping.touristId!, (this.perKey.get(ping.touristId!) ?? 0) + 1);
    this.rows.push(...pings);
  }
}

function expect201(path: string, answer: Answer): void {
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
}

async function createZones(url: string): Promise<void> {
  const zones = benchZones();
  const writers = Array.from({ length: ZONE_WRITERS }, async (_, w) => {
    for (let i = w; i < zones.length; i += ZONE_WRITERS)
      expect201('/geofences', await postJson(`${url}/geofences`, zones[i]));
  });
  await Promise.all(writers);
}

/** A refusal (503 when the queue is full) is counted and waited out as its Retry-After asks; anything else fails the run. */
async function sendUntilAcknowledged(
  url: string,
  path: string,
  body: unknown,
  acknowledged: Acknowledged,
  pings: GpsUpdateBody[],
): Promise<void> {
  for (;;) {
    const answer = await postJson(`${url}${path}`, body);
    if (answer.status === 201) return acknowledged.add(pings);
    if (answer.status !== 503) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
    acknowledged.refused++;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.retryAfter ?? 1) * 1000));
  }
}

async function singlePhase(
  url: string,
  acknowledged: Acknowledged,
  phones: Walker[],
  seconds: number,
): Promise<number> {
  const before = acknowledged.rows.length;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    phones.map(async (phone) => {
      while (performance.now() < deadline) {
        const ping = phone.next();
        await sendUntilAcknowledged(url, '/gps/update', ping, acknowledged, [ping]);
      }
    }),
  );
  return ((acknowledged.rows.length - before) / (performance.now() - started)) * 1000;
}

/** Each sender's batches cover its own devices, ten pings each in time order, later batches later in time. */
async function batchPhase(url: string, acknowledged: Acknowledged): Promise<number> {
  const pingsPerKey = MAX_GPS_BATCH / KEYS_PER_BATCH;
  const before = acknowledged.rows.length;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BATCH_SENDERS }, async (_, s) => {
      const devices = Array.from(
        { length: KEYS_PER_BATCH },
        (_, k) => new Walker(`bench-batch-${s}-${k}`, HOUR_AGO, 10),
      );
      for (let b = s; b < BATCHES; b += BATCH_SENDERS) {
        const pings = devices.flatMap((device) => Array.from({ length: pingsPerKey }, () => device.next()));
        await sendUntilAcknowledged(url, '/gps/batch', { pings }, acknowledged, pings);
      }
    }),
  );
  return ((acknowledged.rows.length - before) / (performance.now() - started)) * 1000;
}

/** Pings acknowledged but not stored, by key; more stored than acknowledged is a duplicate and fails the run. */
async function countLost(db: Database, acknowledged: Acknowledged): Promise<number> {
  const { rows } = await db.query<{ ping_key: string; n: number }>(
    `select ping_key, count(*)::int as n from gps_pings where ping_key like 'bench-%' group by ping_key`,
  );
  const stored = new Map(rows.map((row) => [row.ping_key, Number(row.n)]));
  let lost = 0;
  for (const [key, count] of acknowledged.perKey) {
    const found = stored.get(key) ?? 0;
    if (found > count) throw new Error(`${key}: ${found} pings stored, ${count} acknowledged`);
    lost += count - found;
  }
  return lost;
}

/** The same rows as plain multi-row INSERTs (one statement, one commit per 1000 rows), under other keys. */
async function floor(db: Database, rows: GpsUpdateBody[]): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < rows.length; start += FLOOR_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + FLOOR_ROWS_PER_INSERT);
    const values = chunk.map(
      (_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`,
    );
    const params = chunk.flatMap((p) => [
      `floor-${p.touristId}`,
      p.touristId,
      p.deviceId,
      p.latitude,
      p.longitude,
      p.at,
    ]);
    await db.query(
      `insert into gps_pings (ping_key, tourist_id, device_id, latitude, longitude, at) values ${values.join(', ')}`,
      params,
    );
  }
  return (rows.length / (performance.now() - started)) * 1000;
}

async function measureStore(mode: 'pglite' | 'postgres'): Promise<StoreFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-ingest-'));
  const databaseUrl = mode === 'postgres' ? process.env.DATABASE_URL! : '';
  const schema = mode === 'postgres' ? `bench_ingest_${process.pid}_${Date.now().toString(36)}` : 'public';
  const seeding = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined, databaseSchema: schema });
  try {
    await seedTrackedDevices(seeding);
  } finally {
    await seeding.close();
  }
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    AUTH: 'off',
    RATE_LIMIT_PER_MINUTE: '0',
    READ_RATE_LIMIT_PER_MINUTE: '0',
    RETENTION_INTERVAL_MS: '0',
    ESCALATE_AFTER_S: '0',
    WATCH_CHECK_MS: String(WATCH_CHECK_MS),
  });
  try {
    const zonesStarted = performance.now();
    await createZones(server.url);
    console.log(`  ${ZONES} zones created in ${((performance.now() - zonesStarted) / 1000).toFixed(1)} s`);
    const acknowledged = new Acknowledged();
    const phones = Array.from({ length: PHONES }, (_, i) => new Walker(`bench-phone-${i}`, HOUR_AGO, 100));
    await singlePhase(server.url, acknowledged, phones, WARM_UP_SECONDS);
    const single = await singlePhase(server.url, acknowledged, phones, SINGLE_SECONDS);
    console.log(
      `  ${PHONES} phones, single POST /gps/update for ${SINGLE_SECONDS} s (after ${WARM_UP_SECONDS} s warm-up): ${single.toFixed(0)} pings/s`,
    );
    const batch = await batchPhase(server.url, acknowledged);
    console.log(
      `  ${BATCHES} x POST /gps/batch of ${MAX_GPS_BATCH}, ${BATCH_SENDERS} senders: ${batch.toFixed(0)} pings/s`,
    );
    if (acknowledged.refused > 0) console.log(`  ${acknowledged.refused} requests refused with 503 and sent again`);
    // PGlite's folder is the server's alone: it is read after a clean stop, which also proves the pings outlive it.
    if (mode === 'pglite') await server.stop();
    const db = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined, databaseSchema: schema });
    try {
      const lost = await countLost(db, acknowledged);
      console.log(`  ${acknowledged.rows.length} pings acknowledged, ${lost} of them not in the store`);
      const watchRaised = await watchIncidentsRaised(db);
      console.log(
        `  watch on: ${TRACKED_DEVICES} tracked devices, checked every ${WATCH_CHECK_MS} ms, ${watchRaised} silent incidents raised during the run`,
      );
      const floorRate = await floor(db, acknowledged.rows);
      console.log(
        `  floor, the same ${acknowledged.rows.length} rows as ${FLOOR_ROWS_PER_INSERT}-row INSERTs: ${floorRate.toFixed(0)} pings/s`,
      );
      return {
        singlePingsPerSec: Math.round(single),
        batchPingsPerSec: Math.round(batch),
        floorPingsPerSec: Math.round(floorRate),
        singleRatio: Number((single / floorRate).toFixed(3)),
        batchRatio: Number((batch / floorRate).toFixed(3)),
        watchRaised,
        lost,
      };
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
    if (mode === 'postgres') await dropSchema(databaseUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`GPS ingest, ${ZONES} zones (a third each red, yellow, green)${QUICK ? ', quick mode' : ''}`);
let pglite: StoreFigures | null = null;
if (STORES.includes('pglite')) {
  console.log('PGlite:');
  pglite = await measureStore('pglite');
}
let postgres: StoreFigures | null = null;
if (process.env.DATABASE_URL && STORES.includes('postgres')) {
  console.log('PostgreSQL:');
  postgres = await measureStore('postgres');
}
closeClient();
const withoutLost = ({ lost: _lost, ...figures }: StoreFigures) => figures;
console.log(
  `BENCH_FIGURES ${JSON.stringify({ ingest: { pglite: pglite && withoutLost(pglite), postgres: postgres && withoutLost(postgres), lost: (pglite?.lost ?? 0) + (postgres?.lost ?? 0) } })}`,
);
