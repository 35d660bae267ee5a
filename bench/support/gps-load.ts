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

/** Starts posting `/gps/batch` to `url` from another process: `pingsPerBatch` pings every `everyMs`. */
export function startGpsLoad(url: string, pingsPerBatch: number, everyMs: number): GpsLoad {
  const child = fork(LOAD_PROCESS, [url, String(pingsPerBatch), String(everyMs)], { execArgv: ['--import', 'tsx'] });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once('message', (result) => resolve(result as GpsLoadResult));
        child.once('exit', (code) => reject(new Error(`GPS load process exited with ${code}`)));
        child.send('stop');
      }),
  };
}
