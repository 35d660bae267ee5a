// Issue 31's ingest figure: single GPS pings while 2,000 zones of 50 vertices are drawn (the season's worth
// of a control room's zones), on PGlite. 50 phones each send single POST /gps/update in a loop, walking
// through the zones (an entry or exit every few pings). The floor is the same phones on the same server
// before any zone exists, in the same run: what ingest costs without zones to check.
// Run: npx tsx bench/ingest-zones.ts (BENCH_QUICK=1: shorter phases). The last stdout line is `BENCH_FIGURES <json>`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnServer } from '../tools/spawn-server.ts';
import { closeClient, postJson, Walker } from './ingest-workload.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const ZONES = 2000;
const VERTICES = 50;
const PHONES = 50;
const SECONDS = QUICK ? 3 : 8;
const WARM_UP_SECONDS = 1;
const HOUR_AGO = Date.now() - 3_600_000;
// The same square the phones of bench/ingest-workload.ts walk in.
const CENTRE: [number, number] = [25.5788, 91.8933];
const AREA_DEGREES = 0.2;

/** 50-gons on a 45 × 45 grid over the phones' square, a third each red, yellow and green. */
function zones() {
  const grid = Math.ceil(Math.sqrt(ZONES));
  const cell = AREA_DEGREES / grid;
  return Array.from({ length: ZONES }, (_, i) => {
    const lat = CENTRE[0] - AREA_DEGREES / 2 + (Math.floor(i / grid) + 0.5) * cell;
    const lng = CENTRE[1] - AREA_DEGREES / 2 + ((i % grid) + 0.5) * cell;
    const polygon = Array.from({ length: VERTICES }, (_, k): [number, number] => [
      lat + cell * 0.35 * Math.sin((2 * Math.PI * k) / VERTICES),
      lng + cell * 0.35 * Math.cos((2 * Math.PI * k) / VERTICES),
    ]);
    return {
      id: `bench-zone-${i}`,
      name: `Bench zone ${i}`,
      riskLevel: ['red', 'yellow', 'green'][i % 3],
      regionId: 'shillong',
      polygon,
    };
  });
}

/** All of them in one POST /geofences/import (one transaction), as a supervisor would load a season's file. */
async function createZones(url: string): Promise<void> {
  const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
  const features = zones().map(({ id, polygon, ...properties }) => {
    const ring = polygon.map(([lat, lng]) => [round(lng), round(lat)]);
    return { type: 'Feature', id, properties, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } };
  });
  const content = JSON.stringify({ type: 'FeatureCollection', features });
  const answer = await postJson(`${url}/geofences/import`, { format: 'geojson', content });
  if (answer.status !== 200)
    throw new Error(`POST /geofences/import answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  console.log(`  the zones' file: ${(content.length / 1024 / 1024).toFixed(1)} MB`);
}

/** Acknowledged single pings per second; a 503 (queue full) is waited out and sent again, not counted. */
async function singlePings(url: string, phones: Walker[], seconds: number): Promise<number> {
  let acknowledged = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    phones.map(async (phone) => {
      while (performance.now() < deadline) {
        const ping = phone.next();
        for (;;) {
          const answer = await postJson(`${url}/gps/update`, ping);
          if (answer.status === 201) break;
          if (answer.status !== 503) throw new Error(`/gps/update answered ${answer.status}: ${answer.body}`);
          await new Promise((resolve) => setTimeout(resolve, Number(answer.retryAfter ?? 1) * 1000));
        }
        acknowledged++;
      }
    }),
  );
  return (acknowledged / (performance.now() - started)) * 1000;
}

async function zoneIncidents(url: string): Promise<number> {
  const response = await fetch(`${url}/incidents?limit=500`);
  const body = (await response.json()) as { incidents: { type: string }[] };
  return body.incidents.filter((incident) => incident.type === 'geofence').length;
}

const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-zones-'));
const server = await spawnServer({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  AUTH: 'off',
  RATE_LIMIT_PER_MINUTE: '0',
  READ_RATE_LIMIT_PER_MINUTE: '0',
  RETENTION_INTERVAL_MS: '0',
  ESCALATE_AFTER_S: '0',
});
try {
  console.log(
    `GPS ingest with ${ZONES.toLocaleString('en')} zones of ${VERTICES} vertices, PGlite${QUICK ? ', quick mode' : ''}`,
  );
  const floorPhones = Array.from({ length: PHONES }, (_, i) => new Walker(`bench-floor-${i}`, HOUR_AGO, 100));
  await singlePings(server.url, floorPhones, WARM_UP_SECONDS);
  const floor = await singlePings(server.url, floorPhones, SECONDS);
  console.log(
    `  floor, no zones: ${PHONES} phones, single POST /gps/update for ${SECONDS} s: ${floor.toFixed(0)} pings/s`,
  );
  const zonesStarted = performance.now();
  await createZones(server.url);
  console.log(`  ${ZONES} zones created in ${((performance.now() - zonesStarted) / 1000).toFixed(1)} s`);
  const phones = Array.from({ length: PHONES }, (_, i) => new Walker(`bench-zoned-${i}`, HOUR_AGO, 100));
  await singlePings(server.url, phones, WARM_UP_SECONDS);
  const single = await singlePings(server.url, phones, SECONDS);
  console.log(
    `  with the zones: ${single.toFixed(0)} pings/s (${(single / floor).toFixed(2)}× the floor); zone incidents in the last 500: ${await zoneIncidents(server.url)}`,
  );
  const figures = {
    zoneIngest: {
      singlePingsPerSec: Math.round(single),
      floorPingsPerSec: Math.round(floor),
      ratio: Number((single / floor).toFixed(3)),
    },
  };
  console.log(`BENCH_FIGURES ${JSON.stringify(figures)}`);
} finally {
  closeClient();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
