// The final JSON's shape (bench/run.ts starts from it): every figure of bench/support/targets.ts, null until measured.

function stateLatencySkeleton() {
  return { p50Ms: null, p99Ms: null, floorP99Ms: null, ratio: null, lost: null, gpsPingsPerSec: null };
}

function streamListenersSkeleton() {
  return { p50Ms: null, p99Ms: null, commitP99Ms: null, commitsPerSec: null, heard: null };
}

function cutSkeleton() {
  return { worstMs: null, non201: null, readsWorstMs: null, readsNot503: null, readsWithoutRetryAfter: null };
}

/**
 * The complete shape of the final JSON, every figure of the issue null until a script measures it.
 * Groups whose floor and ratio the issue names carry them too.
 */
export const SKELETON = {
  replayFrame: {
    p50Ms: null,
    p95Ms: null,
    floorP50Ms: null,
    floorP95Ms: null,
    frames: null,
    floorFrames: null,
    ratio: null,
  },
  zones: {
    interactiveMs: null,
    interactiveAgainMs: null,
    floorInteractiveMs: null,
    dragMsPerMove: null,
    floorDragMsPerMove: null,
    dragRatio: null,
  },
  alertLatency: { p50Ms: null, p99Ms: null, floorP50Ms: null, floorP99Ms: null, ratio: null },
  alertLatencyState: {
    oneServer: stateLatencySkeleton(),
    threeServersNats: stateLatencySkeleton(),
    panicPost: { p99Ms: null, withoutPingsP99Ms: null, ratio: null },
  },
  streamListeners: {
    listeners1: streamListenersSkeleton(),
    listeners10: streamListenersSkeleton(),
    listeners50: streamListenersSkeleton(),
    lockedCommitsPerSec: null,
    unlockedCommitsPerSec: null,
  },
  positionsViewport: {
    kbPerSec: null,
    snapshotKB: null,
    devicesInView: null,
    positionsPerSec: null,
    pingsPerSec: null,
    stateKbPerSec: null,
  },
  fanout: {
    clients1000: { msgsPerSec: null, floorMsgsPerSec: null, ratio: null, idleClientKB: null },
    clients5000: { msgsPerSec: null, floorMsgsPerSec: null, ratio: null, idleClientKB: null },
    postgres: {
      clients1000: { msgsPerSec: null, floorMsgsPerSec: null, ratio: null, idleClientKB: null },
      clients5000: { msgsPerSec: null, floorMsgsPerSec: null, ratio: null, idleClientKB: null },
    },
  },
  ingest: {
    pglite: {
      singlePingsPerSec: null,
      batchPingsPerSec: null,
      floorPingsPerSec: null,
      singleRatio: null,
      batchRatio: null,
      watchRaised: null,
    },
    postgres: {
      singlePingsPerSec: null,
      batchPingsPerSec: null,
      floorPingsPerSec: null,
      singleRatio: null,
      batchRatio: null,
      watchRaised: null,
    },
    lost: null,
  },
  zoneIngest: { singlePingsPerSec: null, floorPingsPerSec: null, ratio: null },
  browser: {
    postToPaint: {
      p50Ms: null,
      p99Ms: null,
      floorP99Ms: null,
      ratio: null,
      firstMs: null,
      firstFloorMs: null,
      warmP50Ms: null,
      firstRatio: null,
      longestTaskMs: null,
      firstInPageMs: null,
      warmInPageP50Ms: null,
      firstInPageRatio: null,
    },
    start: { longTasks: null, longTaskMaxMs: null, mapIdleMs: null },
    burstAtConnect: { lastPostToBarMs: null, firstPostToBarMs: null },
    alarmMs: { p99Ms: null, floorP99Ms: null, ratio: null },
    table10k: { firstPaintMs: null, newAlert: { p50Ms: null, p99Ms: null, floorP99Ms: null } },
    state100k: { ms: null, floorMs: null, ratio: null, drawnAs: null, pingsPerSecond: null },
    heap100k: { mb: null, startMb: null, endMb: null, minutes: null, mbPerMinute: null },
  },
  load: { firstPaintGzipKB: null, firstTablePaintMs: null },
  restart: {
    afterKillMs: { median: null, p90: null, max: null, floorMs: null, ratio: null },
    panicAfterKillMs: { median: null, p90: null, max: null, floorMs: null, ratio: null },
  },
  restartPhones: {
    kills: null,
    killsMidReplay: null,
    panicsAcknowledged: null,
    lost: null,
    doubled: null,
    lostOrDoubled: null,
  },
  start: { firstMs: null, floorMs: null },
  panicUnderReads: { p50Ms: null, p99Ms: null, floorP50Ms: null, floorP99Ms: null, ratio: null },
  panicWebhooks: { slowReceiver: { p50Ms: null, p99Ms: null, floorP50Ms: null, floorP99Ms: null, addedP99Ms: null } },
  watchCheck: {
    passMs: null,
    floorMs: null,
    ratio: null,
    trackedDevices: null,
    dueRows: null,
    postgres: { passMs: null, floorMs: null, ratio: null },
  },
  touristProfile: { p50Ms: null, p95Ms: null, floorP50Ms: null, floorP95Ms: null, ratio: null },
  storeOutage: {
    panic: { p50Ms: null, p99Ms: null, firstMs: null, floorP50Ms: null, floorP99Ms: null, ratio: null },
    replay: { panics: null, storeBackMs: null, storedMs: null, announcedMs: null },
    healthy: { p50Ms: null, p99Ms: null, baselineP50Ms: null, baselineP99Ms: null, ratio: null },
    lostOrDoubled: null,
    cut20s: cutSkeleton(),
    cut120s: cutSkeleton(),
  },
};
