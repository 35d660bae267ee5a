// The page's language and clock, kept where the service worker reads them (src/domain/worker-settings.ts).
import { fromPromise } from 'xstate';
import { WORKER_SETTINGS_CACHE, WORKER_SETTINGS_PATH, type WorkerSettings } from '../domain/worker-settings.ts';

/** Without Cache Storage (an insecure origin, some private windows) a push speaks English: not worth an error. */
export const tellWorkerSettings = fromPromise<void, WorkerSettings>(async ({ input }) => {
  try {
    const cache = await globalThis.caches?.open(WORKER_SETTINGS_CACHE);
    await cache?.put(
      WORKER_SETTINGS_PATH,
      new Response(JSON.stringify(input), { headers: { 'content-type': 'application/json' } }),
    );
  } catch {
    // The page stays in its language; only a push with no page open falls back to English.
  }
});
