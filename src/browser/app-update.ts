// The service worker's registration and its updates (issue 35), as the page sees them: `update.ready` when a
// new version has been installed and waits; `apply()` hands over to it and reloads, only when the operator
// asks. Registered after the console has started, so the first paint never waits on it.
import type { Workbox } from 'workbox-window';

export interface AppUpdate {
  onReady(listener: () => void): () => void;
  apply(): void;
}

export function registerServiceWorker(): AppUpdate | undefined {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return undefined;
  const listeners = new Set<() => void>();
  let waiting = false;
  let workbox: Workbox | undefined;
  void import('workbox-window')
    .then(({ Workbox: WorkboxClass }) => {
      workbox = new WorkboxClass('/service-worker.js', { scope: '/' });
      workbox.addEventListener('waiting', () => {
        waiting = true;
        listeners.forEach((listener) => listener());
      });
      return workbox.register();
    })
    .catch(() => undefined);
  return {
    onReady(listener) {
      listeners.add(listener);
      if (waiting) listener();
      return () => listeners.delete(listener);
    },
    apply() {
      if (!workbox) return;
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
  };
}
