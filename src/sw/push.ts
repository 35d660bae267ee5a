// Web Push in the service worker (issue 35 point 5): a message from the server (a new panic, an escalation)
// becomes a notification whether or not a console tab is open, since the browser wakes the worker for it.
// A click focuses an open console tab and asks it to show the incident, or opens the console at it.
import { incidentHref, SHOW_INCIDENT_MESSAGE } from '../domain/incident-route.ts';
import { DEFAULT_CLOCK, formatDateTime } from '../i18n/clock.ts';

/** What the server sends (src/api/push.ts PushMessage), read without zod to keep the worker small. */
interface PushMessage {
  incidentId: string;
  kind: string;
  regionId: string;
  at: string;
  title: string;
  body: string;
}

interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  postMessage(message: unknown): void;
}

interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushScope {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions & { renotify?: boolean; requireInteraction?: boolean }): Promise<void> };
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<WindowClient | null> };
  addEventListener(type: 'push', listener: (event: ExtendableEvent & { data: { json(): unknown } | null }) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: ExtendableEvent & { notification: Notification }) => void): void;
}

function messageOf(data: { json(): unknown } | null): PushMessage | undefined {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    return typeof message?.incidentId === 'string' && typeof message.title === 'string' ? (message as PushMessage) : undefined;
  } catch {
    return undefined;
  }
}

function show(scope: PushScope, message: PushMessage | undefined): Promise<void> {
  // The browser shows a notification for every push whatever happens (userVisibleOnly): one that says little beats its generic one.
  if (!message) return scope.registration.showNotification('Panic Alerts Dashboard', { body: 'A new alert: open the console.' });
  const panic = message.kind === 'panic.created';
  // The seeded regions' zone and a 24-hour clock (issue 36): a worker knows no page's settings.
  const when = formatDateTime(message.at, DEFAULT_CLOCK);
  return scope.registration.showNotification(message.title, {
    body: `${when} · ${message.body}`,
    // The page's desktop notification has this tag too: one notification per incident, an escalation replacing it.
    tag: `panic-${message.incidentId}`,
    renotify: true,
    requireInteraction: panic,
    data: { incidentId: message.incidentId },
  });
}

async function open(scope: PushScope, incidentId: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const console = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (console) {
    await console.focus();
    console.postMessage({ type: SHOW_INCIDENT_MESSAGE, incidentId });
    return;
  }
  await scope.clients.openWindow(incidentHref(incidentId));
}

export function handlePush(scope: PushScope): void {
  scope.addEventListener('push', (event) => event.waitUntil(show(scope, messageOf(event.data))));
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const incidentId = (event.notification.data as { incidentId?: unknown } | null)?.incidentId;
    event.waitUntil(typeof incidentId === 'string' ? open(scope, incidentId) : scope.clients.openWindow('/'));
  });
}
