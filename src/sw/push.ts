// Web Push in the service worker (issue 35 point 5): a message from the server (a new panic, an escalation)
// becomes a notification whether or not a console tab is open, since the browser wakes the worker for it.
// A click focuses an open console tab and asks it to show the incident, or opens the console at it.
import { incidentHref, SHOW_INCIDENT_MESSAGE } from '../domain/incident-route.ts';
import {
  ENGLISH_WORKER_SETTINGS,
  WORKER_SETTINGS_CACHE,
  WORKER_SETTINGS_PATH,
  workerSettingsFrom,
  type WorkerSettings,
} from '../domain/worker-settings.ts';
import { alarm as assamese } from '../i18n/catalogues/as/alarm.ts';
import { alarm as english } from '../i18n/catalogues/en/alarm.ts';
import { alarm as hindi } from '../i18n/catalogues/hi/alarm.ts';
import { DEFAULT_CLOCK, formatDateTime } from '../i18n/clock.ts';
import { localeTag } from '../i18n/languages.ts';
import { translator } from '../i18n/translate.ts';

/** The alarm's messages alone: all a notification says, and a small worker. */
const ALARM_MESSAGES = { en: english, hi: hindi, as: assamese };

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
  caches: CacheStorage;
  registration: {
    showNotification(
      title: string,
      options: NotificationOptions & { renotify?: boolean; requireInteraction?: boolean },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEvent & { data: { json(): unknown } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: Notification }) => void,
  ): void;
}

function messageOf(data: { json(): unknown } | null): PushMessage | undefined {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    return typeof message?.incidentId === 'string' && typeof message.title === 'string'
      ? (message as PushMessage)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The language and clock the console last spoke (src/browser/worker-settings.ts), else English. */
async function consoleSettings(scope: PushScope): Promise<WorkerSettings> {
  try {
    const stored = await scope.caches.match(WORKER_SETTINGS_PATH, { cacheName: WORKER_SETTINGS_CACHE });
    return workerSettingsFrom(stored ? await stored.text() : undefined);
  } catch {
    return ENGLISH_WORKER_SETTINGS;
  }
}

async function show(scope: PushScope, message: PushMessage | undefined): Promise<void> {
  const { language, hour12, nativeDigits } = await consoleSettings(scope);
  const locale = localeTag(language, nativeDigits);
  const t = translator(ALARM_MESSAGES[language], locale);
  // The browser shows a notification for every push whatever happens (userVisibleOnly): one that says little beats its generic one.
  if (!message) return scope.registration.showNotification(t('urgent.panic'), { body: t('notification.unreadable') });
  const panic = message.kind === 'panic.created';
  // The seeded regions' zone (the server names no other yet), in the operator's clock and language.
  const time = formatDateTime(message.at, { ...DEFAULT_CLOCK, locale, hour12 });
  const title = panic
    ? t('notification.panicTitle', { region: message.regionId })
    : t('notification.escalatedTitle', { region: message.regionId });
  return scope.registration.showNotification(title, {
    body: t('notification.panicBody', { time, position: message.body }),
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
