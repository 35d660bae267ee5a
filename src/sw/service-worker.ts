// The console's service worker (issue 35): the app shell (the built page and its code) is precached, so a
// reload on a lost network still opens the console, which then shows what it last knew, marked stale. The
// API and the live stream are never answered from a cache: only the page itself and its hashed files are.
// A new version waits until the operator chooses to reload (src/browser/app-update.ts): never on its own.
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { handlePush } from './push.ts';

declare global {
  // Written into the built worker by vite-plugin-pwa, which looks for this exact expression.
  interface Window {
    __WB_MANIFEST: (string | PrecacheEntry)[];
  }
}

interface WorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
}
const worker = self as unknown as WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The page's own address only: an export, the stream or any API path opened in a tab goes to the server. */
export const SHELL_PATHS = [/^\/$/, /^\/index\.html$/];

// The page from the network whenever it answers, so a reload online is always the deployed version.
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: 'console-shell' }), { allowlist: SHELL_PATHS }));

handlePush(self as unknown as Parameters<typeof handlePush>[0]);

worker.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void worker.skipWaiting();
});
