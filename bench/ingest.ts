// GPS ingest throughput: 1000 pings as 1000 POST /gps/update calls vs. the same pings through /gps/batch,
// each against a fresh in-process server on PGlite with a few red and yellow zones to detect.
// 1000 pings with ids and times are ~150 KiB of JSON: when the server's body limit for /gps/batch refuses
// that (413), the batch side sends as few batches as fit under 64 KiB instead, and says so.
// Run: npx tsx bench/ingest.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_BODY_BYTES, MAX_GPS_BATCH } from '../src/api/fields.ts';
import type { GpsUpdateBody } from '../src/api/requests.ts';
import { buildServer } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';

const PINGS = 1000;
const TOURISTS = 50;
const WARM_UP_CALLS = 20;
const SHILLONG: [number, number] = [25.5788, 91.8933];

const zones = [
  { id: 'bench-red', riskLevel: 'red', regionId: 'shillong', polygon: square(SHILLONG[0], SHILLONG[1], 0.004) },
  { id: 'bench-yellow', riskLevel: 'yellow', regionId: 'shillong', polygon: square(SHILLONG[0] - 0.006, SHILLONG[1] - 0.006, 0.004) },
];

function square(lat: number, lng: number, size: number): [number, number][] {
  return [[lat, lng], [lat + size, lng], [lat + size, lng + size], [lat, lng + size]];
}

/** Tourists circling through and around the zones, one ping per tourist per 10 s, oldest first. */
function makePings(): GpsUpdateBody[] {
  const start = Date.now() - PINGS * 1000;
  return Array.from({ length: PINGS }, (_, i) => {
    const tourist = i % TOURISTS;
    const step = Math.floor(i / TOURISTS);
    const angle = (tourist / TOURISTS) * 2 * Math.PI + step / 3;
    const radius = 0.001 + 0.009 * (tourist / TOURISTS);
    return {
      touristId: `bench-tourist-${tourist}`,
      deviceId: `bench-device-${tourist}`,
      latitude: SHILLONG[0] + radius * Math.sin(angle),
      longitude: SHILLONG[1] + radius * Math.cos(angle),
      at: new Date(start + i * 1000).toISOString(),
    };
  });
}

/** Consecutive batches, each as large as the body limit and the batch limit allow. */
function batchesUnder(bodyLimit: number, pings: GpsUpdateBody[]): GpsUpdateBody[][] {
  const batches: GpsUpdateBody[][] = [];
  let current: GpsUpdateBody[] = [];
  let bytes = '{"pings":[]}'.length;
  for (const ping of pings) {
    const size = Buffer.byteLength(JSON.stringify(ping)) + 1;
    if (current.length === MAX_GPS_BATCH || (current.length > 0 && bytes + size > bodyLimit)) {
      batches.push(current);
      current = [];
      bytes = '{"pings":[]}'.length;
    }
    current.push(ping);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/** Whether /gps/batch takes a body of `bytes`: padded and empty, so it is refused (400 or 413) and stores nothing. */
async function batchBodyFits(baseUrl: string, bytes: number): Promise<boolean> {
  const body = JSON.stringify({ pad: 'x'.repeat(bytes), pings: [] });
  const response = await fetch(`${baseUrl}/gps/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await response.arrayBuffer();
  return response.status !== 413;
}

async function withServer<T>(run: (baseUrl: string, count: (sql: string) => Promise<number>) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-'));
  const config = {
    ...configFromEnv({ ...process.env, DATA_DIR: dataDir }),
    databaseUrl: undefined,
    port: 0,
    logLevel: 'warn',
    serveDashboard: false,
    rateLimitPerMinute: 0,
  };
  const server = await buildServer(config);
  try {
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    for (const zone of zones) await post(`${baseUrl}/geofences`, zone);
    for (let i = 0; i < WARM_UP_CALLS; i++) await post(`${baseUrl}/gps/update`, { touristId: 'warm-up', latitude: 0, longitude: 0 });
    await post(`${baseUrl}/gps/batch`, { pings: [{ touristId: 'warm-up', latitude: 0, longitude: 0 }] });
    const count = async (sql: string) => Number((await server.ctx.db.query<{ n: number }>(sql)).rows[0].n);
    return await run(baseUrl, count);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Measurement {
  ms: number;
  stored: number;
  incidents: number;
}

/** `send` answers how long the sending took, so probes and set-up stay out of the figure. */
async function measure(send: (baseUrl: string, pings: GpsUpdateBody[]) => Promise<number>): Promise<Measurement> {
  return withServer(async (baseUrl, count) => ({
    ms: await send(baseUrl, makePings()),
    stored: await count(`select count(*) as n from gps_pings where ping_key like 'bench-%'`),
    incidents: await count(`select count(*) as n from incidents`),
  }));
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const jsonBytes = Buffer.byteLength(JSON.stringify({ pings: makePings() }));
let batches: GpsUpdateBody[][] = [];

const single = await measure((baseUrl, pings) =>
  timed(async () => {
    for (const ping of pings) await post(`${baseUrl}/gps/update`, ping);
  }),
);
const batch = await measure(async (baseUrl, pings) => {
  batches = (await batchBodyFits(baseUrl, jsonBytes)) ? [pings] : batchesUnder(MAX_BODY_BYTES, pings);
  return timed(async () => {
    for (const chunk of batches) await post(`${baseUrl}/gps/batch`, { pings: chunk });
  });
});

const rate = (m: Measurement) => (m.stored / m.ms) * 1000;
const report = (label: string, m: Measurement) =>
  console.log(
    `  ${label.padEnd(42)} ${m.ms.toFixed(0).padStart(7)} ms  ${rate(m).toFixed(0).padStart(7)} pings/s  ` +
      `(stored ${m.stored}, geofence incidents ${m.incidents})`,
  );
console.log(`GPS ingest on PGlite, ${PINGS} pings from ${TOURISTS} tourists, ${zones.length} alerting zones`);
console.log(`  all ${PINGS} pings in one batch are ${(jsonBytes / 1024).toFixed(0)} KiB of JSON${batches.length > 1 ? ': over the body limit, split' : ''}`);
report(`${PINGS} x POST /gps/update (sequential)`, single);
report(`${batches.length} x POST /gps/batch of ${batches.map((b) => b.length).join(' + ')}`, batch);
console.log(`  batch / single-call throughput: ${(rate(batch) / rate(single)).toFixed(1)}x`);
