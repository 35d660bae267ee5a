// Issue 48 point 7: what a dashboard on one city's view receives with 100,000 tourists in the state. The state's
// tourists (bench/support/state-pings.ts) are stored first, then keep pinging at 3,333 a second from another
// process while a subscription made as the map makes it (src/map/area/area-of-view.ts: Shillong's home view,
// 1000 × 400 px at zoom 13, with its margin) is read for WINDOW_S. Beside it, what every ping of the state would
// weigh as the alert stream's `gps` frames: the stream each dashboard carried before positions by area.
// Prints `positionsViewport` for bench/run.ts. Run: npx tsx bench/positions-viewport.ts   (BENCH_QUICK=1: shorter)
import { performance } from 'node:perf_hooks';
import { demoRegions } from '../server/simulate/places.ts';
import { areaOfView, positionsStreamUrl } from '../src/map/area/area-of-view.ts';
import { QUICK, spawnBenchServer } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { startGpsLoad } from './support/gps-load.ts';
import { seedStateTourists, statePings, STATE_TOURISTS } from './support/state-pings.ts';
import { round, sleep } from './support/stats.ts';

const WINDOW_S = QUICK ? 10 : 30;
const VIEW = { width: 1000, height: 400, zoom: 13 };

/** The view's bounds around `centre` at VIEW.zoom (512 px tiles; the latitude's scale taken at the centre). */
function viewBounds([latitude, longitude]: readonly [number, number]) {
  const degreesPerPx = 360 / (512 * 2 ** VIEW.zoom);
  const halfWidth = (VIEW.width / 2) * degreesPerPx;
  const halfHeight = (VIEW.height / 2) * degreesPerPx * Math.cos((latitude * Math.PI) / 180);
  return {
    west: longitude - halfWidth,
    east: longitude + halfWidth,
    south: latitude - halfHeight,
    north: latitude + halfHeight,
  };
}

async function drawShillong(url: string) {
  const shillong = demoRegions.find((region) => region.id === 'shillong')!;
  const stored = ((await (await fetch(`${url}/regions`)).json()) as { regions: { id: string }[] }).regions.find(
    (region) => region.id === 'shillong',
  )!;
  const { id: _id, ...fields } = stored;
  const answer = await fetch(`${url}/regions/shillong`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, boundary: shillong.boundary }),
  });
  if (answer.status !== 200) throw new Error(`drawing Shillong's boundary: ${answer.status} ${await answer.text()}`);
  return shillong;
}

/** Reads the subscription: the snapshot's size and devices, then the bytes and positions of WINDOW_S after it. */
async function readSubscription(url: string) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let snapshot: { bytes: number; devices: number } | null = null;
  let windowStarted = 0;
  let received = 0;
  let receivedAtSnapshotEnd = 0;
  let positions = 0;
  let messages = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the positions stream ended');
    received += value.byteLength;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const frame = text.slice(0, end);
      text = text.slice(end + 2);
      if (!frame.startsWith('data: ')) continue;
      const message = JSON.parse(frame.slice(6)) as { type: string; positions?: unknown[] };
      if (!snapshot) {
        if (message.type !== 'positions_snapshot') throw new Error(`the view was answered with ${message.type}`);
        snapshot = { bytes: Buffer.byteLength(frame) + 2, devices: message.positions!.length };
        // What came in the same read after the snapshot belongs to the window.
        receivedAtSnapshotEnd = received - Buffer.byteLength(text);
        windowStarted = performance.now();
        continue;
      }
      messages++;
      positions += message.positions?.length ?? 0;
    }
    if (snapshot && performance.now() - windowStarted >= WINDOW_S * 1000) break;
  }
  abort.abort();
  const seconds = (performance.now() - windowStarted) / 1000;
  const bytes = received - receivedAtSnapshotEnd;
  return { snapshot: snapshot!, kbPerSec: bytes / 1024 / seconds, positionsPerSec: positions / seconds, messages };
}

const server = await spawnBenchServer({ LOG_LEVEL: 'warn' });
try {
  const shillong = await drawShillong(server.url);
  const seedSeconds = await seedStateTourists(server.url);
  const load = startGpsLoad(server.url, 667, 200, 'state');
  await sleep(3000);
  const area = areaOfView('shillong', viewBounds(shillong.homeView.center), VIEW.zoom);
  const read = await readSubscription(`${server.url}${positionsStreamUrl(area)}`);
  const achieved = await load.stop();
  const gpsFrame = (ping: object) => Buffer.byteLength(`data: ${JSON.stringify({ type: 'gps', ping })}\n\n`);
  const sample = statePings(0, 1000);
  const frameBytes = sample.reduce((sum: number, ping) => sum + gpsFrame(ping), 0) / sample.length;
  const stateKbPerSec = (achieved.pingsPerSecond * frameBytes) / 1024;
  console.log(
    `${STATE_TOURISTS.toLocaleString('en')} tourists stored in ${seedSeconds.toFixed(1)} s; then ${achieved.pingsPerSecond.toFixed(0)} pings/s ` +
      `(${achieved.failedBatches} failed, ${achieved.skippedBatches} skipped batches). Shillong's view: ${read.snapshot.devices} devices, ` +
      `snapshot ${(read.snapshot.bytes / 1024).toFixed(0)} KB, then ${read.kbPerSec.toFixed(1)} KB/s ` +
      `(${read.positionsPerSec.toFixed(0)} positions/s in ${read.messages} messages over ${WINDOW_S} s); ` +
      `every ping of the state as gps frames: ${stateKbPerSec.toFixed(0)} KB/s`,
  );
  printFigures({
    positionsViewport: {
      kbPerSec: round(read.kbPerSec),
      snapshotKB: round(read.snapshot.bytes / 1024),
      devicesInView: read.snapshot.devices,
      positionsPerSec: round(read.positionsPerSec),
      pingsPerSec: round(achieved.pingsPerSecond, 0),
      stateKbPerSec: round(stateKbPerSec),
    },
  });
} finally {
  await server.stop();
}
