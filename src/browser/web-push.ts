// Web Push in the page (issue 35 point 5), as the push machine reaches it: this browser's subscription with
// the console's service worker (registered by app-update.ts), and the server's record of it.
import { fromPromise } from 'xstate';
import { jsonPost, parsed } from '../api/client.ts';
import {
  PushDeletedResponse,
  PushKeyResponse,
  PushSubscriptionResponse,
  PushSubscriptionsResponse,
} from '../api/push.ts';

/** The worker is registered a few seconds after the console starts; a choice made sooner waits this long for it. */
const WORKER_WAIT_MS = 30_000;

export type PushAvailability = 'available' | 'unsupported' | 'denied';

export function pushAvailability(): PushAvailability {
  const supported =
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification === 'function';
  if (!supported) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error("The console's service worker is not running yet; try again in a moment.")),
      WORKER_WAIT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** VAPID's public key as the Push API takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
}

/** Whether this browser pushes now, and for which regions (empty: all); the server's record decides. */
export const readPush = fromPromise<{ on: boolean; regionIds: string[] }>(async () => {
  if (pushAvailability() !== 'available') return { on: false, regionIds: [] };
  const current = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!current) return { on: false, regionIds: [] };
  const { subscriptions } = await parsed(PushSubscriptionsResponse, '/push/subscriptions');
  const mine = subscriptions.find((subscription) => subscription.endpoint === current.endpoint);
  return { on: mine !== undefined, regionIds: mine?.regionIds ?? [] };
});

/** Asks permission, subscribes with the server's key and sends the subscription for these regions. */
export const turnPushOn = fromPromise<string[], { regionIds: string[] }>(async ({ input: { regionIds } }) => {
  if ((await Notification.requestPermission()) !== 'granted')
    throw new Error("Notifications are blocked for this site: allow them in the browser's settings.");
  const { publicKey } = await parsed(PushKeyResponse, '/push/key');
  const { pushManager } = await registration();
  const subscription =
    (await pushManager.getSubscription()) ??
    (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  const stored = await parsed(
    PushSubscriptionResponse,
    '/push/subscriptions',
    jsonPost({ subscription: { endpoint, keys }, regionIds }),
  );
  return stored.subscription.regionIds;
});

export const turnPushOff = fromPromise<void>(async () => {
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return;
  await parsed(PushDeletedResponse, '/push/subscriptions', {
    ...jsonPost({ endpoint: subscription.endpoint }),
    method: 'DELETE',
  });
  await subscription.unsubscribe();
});
