// The living demo: tourists (tourists.ts) walking around Shillong and Guwahati, talking to the backend only through
// its public HTTP API, as the phone app and devices would; and the watch's two scenes (watch-scenes.ts).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { softIncidentTypes } from '../../src/api/fields.ts';
import { ApiClient } from './api-client.ts';
import { drawDemoRegions } from './demo-regions.ts';
import { cities, demoRegions, zonePolygon, zones } from './places.ts';
import { between, pick, seededRandom } from './random.ts';
import { createTourist, nextGoal, positionOf, senderIds, type Tourist } from './tourists.ts';
import { stepWalker } from './walker.ts';
import { startWatchScenes } from './watch-scenes.ts';

export interface SimulatorOptions {
  baseUrl: string;
  log: (line: string) => void;
  tourists?: number;
  /** Mean time between one tourist's pings; each wait varies by ±20 %. */
  pingEveryMs?: number;
  /** Chance that one tourist raises a panic alert in a minute. */
  panicChancePerMinute?: number;
  /** Chance that one tourist sends a soft alert (safe, low battery, status) in a minute. */
  softChancePerMinute?: number;
  /** A first panic comes sooner than this, so a new user sees a living dashboard at once. */
  firstPanicWithinMs?: number;
  /** How soon to retry seeding zones and registering tourists that failed. */
  setupRetryMs?: number;
  /** How often to log what was sent (0 = never). */
  reportEveryMs?: number;
  seed?: number;
  /** The watch's two scenes (a tourist silent in a red zone, a band's fall) under demo limits; on unless false. */
  watchScenes?: boolean;
  fetch?: typeof fetch;
}

export interface SimulatorCounts {
  pings: number;
  panics: number;
  softAlerts: number;
  /** Regions with their boundary drawn (or found drawn). */
  regions: number;
  zones: number;
  tourists: number;
  devices: number;
}

export interface Simulator {
  /** Stops every timer and request; once it resolves nothing more is sent. */
  stop(): Promise<void>;
  counts(): SimulatorCounts;
}

const STOP_GRACE_MS = 2000;

export function startSimulator(options: SimulatorOptions): Simulator {
  const settings = {
    tourists: 25,
    pingEveryMs: 3000,
    panicChancePerMinute: 0.02,
    softChancePerMinute: 0.04,
    firstPanicWithinMs: 8000,
    setupRetryMs: 5000,
    reportEveryMs: 60_000,
    seed: Date.now(),
    watchScenes: true,
    ...options,
  };
  const random = seededRandom(settings.seed);
  const runId = randomUUID().slice(0, 8);
  // Stopping first lets requests in flight finish: a request aborted before it is written can leave the
  // server a connection with no request on it, which holds up the server's own close for a minute.
  const stopping = new AbortController();
  const cancelRequests = new AbortController();
  const client = new ApiClient({
    baseUrl: settings.baseUrl,
    fetch: options.fetch ?? fetch,
    log: settings.log,
    signal: cancelRequests.signal,
  });
  const tourists = Array.from({ length: settings.tourists }, (_, index) => createTourist(random, index));
  const drawnRegions = new Set<string>();
  const seededZones = new Set<string>();
  const sent = { pings: 0, panics: 0, softAlerts: 0 };
  const counts = (): SimulatorCounts => ({
    ...sent,
    regions: drawnRegions.size,
    zones: seededZones.size,
    tourists: tourists.filter((tourist) => tourist.registered).length,
    devices: tourists.filter((tourist) => tourist.paired).length,
  });
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let panicSequence = 0;

  const stopped = () => stopping.signal.aborted;

  function later(delayMs: number, work: () => Promise<unknown>): void {
    if (stopped()) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      track(work());
    }, delayMs);
    timers.add(timer);
  }

  function track(work: Promise<unknown>): void {
    const running = work.catch((error: Error) => settings.log(`simulator: unexpected ${error.message}; carrying on`));
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  }

  const succeeded = (result: { status: number } | undefined) =>
    result !== undefined && result.status >= 200 && result.status < 300;

  async function setUp(): Promise<void> {
    const undrawn = demoRegions.filter((region) => !drawnRegions.has(region.id));
    if (undrawn.length > 0 && !stopped()) for (const id of await drawDemoRegions(client, undrawn)) drawnRegions.add(id);
    for (const zone of zones) {
      if (stopped() || seededZones.has(zone.placeId)) continue;
      const result = await client.post('/geofences', {
        id: `sim-${zone.placeId}`,
        name: zone.name,
        riskLevel: zone.riskLevel,
        regionId: zone.regionId,
        polygon: zonePolygon(zone),
        meta: { placeId: zone.placeId },
      });
      if (succeeded(result)) seededZones.add(zone.placeId);
    }
    for (const tourist of tourists) {
      if (stopped()) return;
      if (!tourist.registered) {
        tourist.registered = succeeded(
          await client.post('/tourists/register', {
            touristId: tourist.touristId,
            name: `Demo tourist ${tourist.touristId.slice(-2)}`,
          }),
        );
      }
      if (tourist.registered && !tourist.paired && !stopped()) {
        tourist.paired = succeeded(
          await client.post('/devices/pair', {
            touristId: tourist.touristId,
            deviceId: tourist.deviceId,
            bleAddress: `02:00:00:00:00:${tourist.deviceId.slice(-2)}`,
          }),
        );
      }
    }
    const done = counts();
    if (done.regions < demoRegions.length || done.zones < zones.length || done.devices < tourists.length)
      later(settings.setupRetryMs, setUp);
    else
      settings.log(
        `simulator: ${done.regions} regions' boundaries drawn, ${done.zones} zones seeded, ${done.devices} tourists registered with devices`,
      );
  }

  async function panic(tourist: Tourist): Promise<void> {
    const key = `sim-${runId}-panic-${++panicSequence}`;
    // Retries reuse the Idempotency-Key: however many arrive, the server records one alert.
    for (let attempt = 1; attempt <= 3 && !stopped(); attempt += 1) {
      const result = await client.post(
        '/panic-alert',
        { ...positionOf(tourist), ...senderIds(tourist) },
        { 'Idempotency-Key': key },
      );
      if (succeeded(result)) {
        sent.panics += 1;
        settings.log(`simulator: ${tourist.touristId} raised a panic alert in ${tourist.city.name}`);
        return;
      }
      const mightSucceedLater =
        result === undefined || result.status >= 500 || result.status === 409 || result.status === 429;
      if (!mightSucceedLater) return;
      await sleep(1000 * attempt, undefined, { signal: stopping.signal }).catch(() => {});
    }
  }

  async function softAlert(tourist: Tourist): Promise<void> {
    if (stopped()) return;
    const result = await client.post('/soft-alert', {
      ...positionOf(tourist),
      type: pick(random, softIncidentTypes),
      ...senderIds(tourist),
    });
    if (succeeded(result)) sent.softAlerts += 1;
  }

  async function move(tourist: Tourist): Promise<void> {
    const now = Date.now();
    const seconds = Math.min(30, (now - tourist.lastMovedAt) / 1000);
    tourist.lastMovedAt = now;
    tourist.walker = stepWalker(tourist.walker, seconds, random, () => nextGoal(random, tourist.city));
    if (!client.backingOff && !stopped()) {
      if (succeeded(await client.post('/gps/update', { ...positionOf(tourist), ...senderIds(tourist) })))
        sent.pings += 1;
      if (random() < (settings.panicChancePerMinute * seconds) / 60) await panic(tourist);
      if (random() < (settings.softChancePerMinute * seconds) / 60) await softAlert(tourist);
    }
    later(settings.pingEveryMs * between(random, 0.8, 1.2), () => move(tourist));
  }

  let reported = { ...sent };
  function report(): Promise<void> {
    const since = (key: keyof typeof sent) => sent[key] - reported[key];
    settings.log(
      `simulator: in the last ${settings.reportEveryMs / 1000} s: ${since('pings')} pings, ${since('panics')} panic alerts, ${since('softAlerts')} soft alerts`,
    );
    reported = { ...sent };
    later(settings.reportEveryMs, report);
    return Promise.resolve();
  }

  settings.log(
    `simulator: ${tourists.length} tourists walking in ${cities.map((city) => city.name).join(' and ')}, sending to ${settings.baseUrl}`,
  );
  track(
    setUp().then(() => {
      // Staggered starts spread the pings over the whole interval.
      for (const tourist of tourists) later(between(random, 0, settings.pingEveryMs), () => move(tourist));
      if (settings.watchScenes) {
        const zoneSeeded = (placeId: string) => seededZones.has(placeId);
        startWatchScenes({
          client,
          later,
          stopped,
          log: settings.log,
          zoneSeeded,
          runId,
          pingEveryMs: settings.pingEveryMs,
          retryMs: settings.setupRetryMs,
        });
      }
    }),
  );
  later(between(random, 0.4, 1) * settings.firstPanicWithinMs, () => panic(pick(random, tourists)));
  if (settings.reportEveryMs > 0) later(settings.reportEveryMs, report);

  return {
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const grace = sleep(STOP_GRACE_MS, undefined, { ref: false });
      await Promise.race([Promise.allSettled([...inFlight]), grace]);
      cancelRequests.abort();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    counts,
  };
}
