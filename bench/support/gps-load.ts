import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOAD_PROCESS = fileURLToPath(new URL('./gps-load-process.ts', import.meta.url));

export interface GpsLoadResult {
  /** Pings stored per second, as achieved. */
  pingsPerSecond: number;
  failedBatches: number;
  /** Batches not sent because earlier ones were still unanswered. */
  skippedBatches: number;
}

export interface GpsLoad {
  stop(): Promise<GpsLoadResult>;
}

/**
 * Starts posting `/gps/batch` to `url` from another process: `pingsPerBatch` pings every `everyMs`, of 500 tourists
 * in one place, or (`state`) of the 100,000 across a state of bench/support/state-pings.ts.
 */
export function startGpsLoad(url: string, pingsPerBatch: number, everyMs: number, tourists?: 'state'): GpsLoad {
  const args = [url, String(pingsPerBatch), String(everyMs), ...(tourists ? [tourists] : [])];
  const child = fork(LOAD_PROCESS, args, { execArgv: ['--import', 'tsx'] });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once('message', (result) => resolve(result as GpsLoadResult));
        child.once('exit', (code) => reject(new Error(`GPS load process exited with ${code}`)));
        child.send('stop');
      }),
  };
}
