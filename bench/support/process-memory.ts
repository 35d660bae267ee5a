import { readFileSync } from 'node:fs';

/**
 * Anonymous resident memory of a process (heap, buffers), in KiB, from /proc (Linux). Not VmRSS: that also
 * counts file-backed pages (the node binary, PGlite's files), which the kernel's proactive reclaim (DAMON
 * runs on these machines) takes back at its own pace; once the 5,000-client figure came out negative.
 */
export function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('RssAnon:'));
  if (!line) throw new Error(`no RssAnon for process ${pid}`);
  return Number(line.split(/\s+/)[1]);
}

/**
 * RSS once it has stopped moving: sampled every `everyMs` until two samples in a row are within
 * `toleranceKiB` of each other, or `timeoutMs` passed (answers the last sample then). A process started by
 * spawnBenchServer collects its garbage first (SIGUSR2, see gc-on-signal.mjs).
 */
export async function settledRssKiB(
  pid: number,
  { everyMs = 500, toleranceKiB = 512, timeoutMs = 15_000, collect = true } = {},
): Promise<number> {
  // Twice: what one collection frees (closed sockets' buffers, say) may only be collectable by the next.
  if (collect) process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, everyMs));
  if (collect) process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  let last = rssKiB(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    const now = rssKiB(pid);
    if (Math.abs(now - last) <= toleranceKiB || Date.now() > deadline) return now;
    last = now;
  }
}
